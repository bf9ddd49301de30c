import { useEffect, useRef } from 'react';
import { echarts } from './echarts.ts';
import { useStagePixelRatio } from './Stage.tsx';

type Option = Parameters<echarts.ECharts['setOption']>[0];

const queue: Array<() => void> = [];
let frame = 0;

function drain() {
  frame = 0;
  queue.shift()?.();
  if (queue.length > 0) frame = requestAnimationFrame(drain);
}

/** Runs `draw` in a later animation frame, one queued draw per frame; returns a cancel function. */
export function scheduleDraw(draw: () => void): () => void {
  queue.push(draw);
  if (!frame) frame = requestAnimationFrame(drain);
  return () => {
    const i = queue.indexOf(draw);
    if (i >= 0) queue.splice(i, 1);
  };
}

/**
 * One ECharts instance per container for the life of the panel: created once (again only when the
 * stage's pixel ratio changes), fed by setOption merges on every data change — no new instance, no
 * growing state over days of refreshes — and disposed on unmount. `replaceMerge` names components
 * whose arrays are replaced instead of merged (e.g. 'series' when the number of series can change).
 */
export function useChart(option: Option, opts: { replaceMerge?: string[]; onDrawn?: (chart: echarts.ECharts) => void } = {}) {
  const ref = useRef<HTMLDivElement | null>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const ratio = useStagePixelRatio();
  const onDrawn = useRef(opts.onDrawn);
  onDrawn.current = opts.onDrawn;
  const replaceMerge = opts.replaceMerge?.join(',');
  // true until a setOption is drawn: zrender also emits 'rendered' for a new instance's empty first
  // frame, before it has a model, and convertToPixel in onDrawn then threw (`… reading 'queryComponents'`)
  const reported = useRef(true);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // no useDirtyRect: tried, it left half-erased gauges and map labels after a few hundred refreshes
    const instance = echarts.init(el, null, { renderer: 'canvas', devicePixelRatio: ratio });
    reported.current = true;
    // 'rendered' (not 'finished', which waits for animations), once per setOption
    instance.on('rendered', () => {
      if (reported.current) return;
      reported.current = true;
      onDrawn.current?.(instance);
    });
    chart.current = instance;
    return () => {
      chart.current = null;
      instance.dispose();
    };
  }, [ratio]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    // one chart per animation frame: a refresh that changes every panel spreads its drawing over
    // several frames instead of one long one
    return scheduleDraw(() => {
      if (instance.isDisposed()) return;
      reported.current = false;
      instance.setOption(option, { lazyUpdate: true, replaceMerge: replaceMerge ? replaceMerge.split(',') : undefined });
    });
  }, [option, ratio, replaceMerge]);

  return ref;
}
