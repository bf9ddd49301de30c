import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { fitStage } from './logic.ts';

export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;

/** The stage's CSS scale times the device pixel ratio: charts draw their canvases at this ratio, so they stay sharp on a 4K wall. */
const PixelRatio = createContext(1);
export const useStagePixelRatio = () => useContext(PixelRatio);

/** A 1920×1080 stage scaled to fit the window, centred with letterbox bars. */
export function Stage({ children }: { children: ReactNode }) {
  const [fit, setFit] = useState(() => fitStage(window.innerWidth, window.innerHeight));
  useLayoutEffect(() => {
    const update = () => setFit(fitStage(window.innerWidth, window.innerHeight));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  // rounded to a quarter, so a window dragged a few pixels does not redraw every chart
  const ratio = Math.max(1, Math.round(fit.scale * (window.devicePixelRatio || 1) * 4) / 4);
  return (
    <div className="viewport">
      <div
        className="stage"
        data-testid="stage"
        data-scale={fit.scale.toFixed(3)}
        style={{
          width: STAGE_WIDTH,
          height: STAGE_HEIGHT,
          transform: `translate(${fit.left}px, ${fit.top}px) scale(${fit.scale})`,
        }}
      >
        <PixelRatio.Provider value={ratio}>{children}</PixelRatio.Provider>
      </div>
    </div>
  );
}
