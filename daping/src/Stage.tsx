import { useLayoutEffect, useState, type ReactNode } from 'react';
import { fitStage } from './logic.ts';

export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;

/** A 1920×1080 stage scaled to fit the window, centred with letterbox bars. */
export function Stage({ children }: { children: ReactNode }) {
  const [fit, setFit] = useState(() => fitStage(window.innerWidth, window.innerHeight));
  useLayoutEffect(() => {
    const update = () => setFit(fitStage(window.innerWidth, window.innerHeight));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return (
    <div className="viewport">
      <div
        className="stage"
        style={{
          width: STAGE_WIDTH,
          height: STAGE_HEIGHT,
          transform: `translate(${fit.left}px, ${fit.top}px) scale(${fit.scale})`,
        }}
      >
        {children}
      </div>
    </div>
  );
}
