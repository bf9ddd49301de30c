import { useEffect, useRef } from 'react';
import { echarts } from './echarts.ts';
import { useStagePixelRatio } from './Stage.tsx';

type Option = Parameters<echarts.ECharts['setOption']>[0];

/**
 * One ECharts instance per container for the life of the panel: created once (again only when the
 * stage's pixel ratio changes), fed by setOption merges on every data change — no new instance, no
 * growing state over days of refreshes — and disposed on unmount. `replaceMerge` names components
 * whose arrays are replaced instead of merged (e.g. 'series' when the number of series can change).
 */
export function useChart(option: Option, opts: { replaceMerge?: string[]; onDrawn?: () => void } = {}) {
  const ref = useRef<HTMLDivElement | null>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const ratio = useStagePixelRatio();
  const onDrawn = useRef(opts.onDrawn);
  onDrawn.current = opts.onDrawn;
  const replaceMerge = opts.replaceMerge?.join(',');
  const reported = useRef(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const instance = echarts.init(el, null, { renderer: 'canvas', devicePixelRatio: ratio });
    // 'rendered' (not 'finished', which never comes while a ripple effect animates), once per setOption
    instance.on('rendered', () => {
      if (reported.current) return;
      reported.current = true;
      onDrawn.current?.();
    });
    chart.current = instance;
    return () => {
      chart.current = null;
      instance.dispose();
    };
  }, [ratio]);

  useEffect(() => {
    if (!chart.current) return;
    reported.current = false;
    chart.current.setOption(option, { lazyUpdate: true, replaceMerge: replaceMerge ? replaceMerge.split(',') : undefined });
  }, [option, ratio, replaceMerge]);

  return ref;
}
