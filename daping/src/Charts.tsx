import { useCallback, useMemo, useRef, useState } from 'react';
import { escapeHtml, regionName, TargetKind, type CapacityByStage, type TargetIndexStat, type UserAreaRow, type UserLineStat } from '@pv/contract';
import { echarts } from './echarts.ts';
import { centreByCode, MAP_NAME, mapNameByCode } from './geo.ts';
import { t } from './i18n.ts';
import { capacityScale, completionPercent, formatInScale, formatNumber, labelWidth, mapShading, nationalTargets, placeLabels, shortProvinceName, topN, type Lang } from './logic.ts';
import { useChart } from './useChart.ts';

const AXIS = '#7fb6e6';
const SPLIT = 'rgba(64, 158, 255, 0.12)';
const FONT = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", sans-serif';
const TOOLTIP = {
  backgroundColor: 'rgba(6, 30, 60, 0.92)',
  borderColor: '#1f7fd1',
  textStyle: { color: '#e6f4ff', fontSize: 16 },
};
/** refreshes animate briefly; the first draw a little longer */
const ANIMATION = { animationDuration: 600, animationDurationUpdate: 400 };

const gradient = (from: string, to: string, horizontal = false) =>
  new echarts.graphic.LinearGradient(0, horizontal ? 0 : 1, horizontal ? 1 : 0, 0, [
    { offset: 0, color: from },
    { offset: 1, color: to },
  ]);

interface DrawnProps {
  onDrawn?: () => void;
}

// ---------------------------------------------------------------- map

/** capacity bands, lowest first (mapShading) */
const SHADES = ['#0e3570', '#1565c0', '#0a8fe0', '#00c8ff', '#36f3c4'];

/** a band's bound in the scale's unit with no more decimals than it needs */
const bound = (kwp: number, divisor: number) => {
  const v = kwp / divisor;
  return formatNumber(v, Number.isInteger(v) ? 0 : Number.isInteger(Math.round(v * 1e6) / 1e5) ? 1 : 2);
};

/**
 * Provinces shaded by installed capacity; the top five pulse with their station counts. The provinces
 * are an ECharts map (rebuilt by ECharts on every setOption, the screen's most expensive draw) that
 * gets a new option only when a province changes capacity band (`mapShading`). The pulses and their
 * labels — new numbers on nearly every refresh — are HTML over it (`Ripples`), placed at the map's own
 * pixel position of each province: their CSS animations run in the compositor, so a wall screen does
 * not repaint a 4K canvas sixty times a second to keep them moving.
 */
export function ChinaMap({ rows, lang, onDrawn }: { rows: UserAreaRow[]; lang: Lang } & DrawnProps) {
  // the tooltip reads the latest numbers, so a refresh that keeps every band does not need a redraw
  const latest = useRef(rows);
  latest.current = rows;
  const shading = useMemo(() => mapShading(rows, SHADES.length), [rows]);
  const shadingNow = useRef(shading);
  shadingNow.current = shading;

  const provinces = useMemo(() => {
    const { top, step, classOf } = shadingNow.current;
    const scale = capacityScale(top);
    // the series' data names are the map's own (Chinese) region names in both languages: with a
    // geo nameMap, ECharts filled the regions without data in under their unmapped names, and in
    // English two of them (重庆, 广西) were drawn in the series' default colour. English shows in
    // the labels and the tooltip only.
    const englishName = new Map<string, string>();
    if (lang === 'en') for (const [code, name] of mapNameByCode) englishName.set(name, regionName(code, 'en'));
    const shown = (name: string) => englishName.get(name) ?? name;
    return {
      textStyle: { fontFamily: FONT },
      animation: false,
      tooltip: {
        ...TOOLTIP,
        trigger: 'item',
        formatter: (p: { name: string; data?: { code?: string } }) => {
          const code = p.data?.code;
          const row = code ? latest.current.find((r) => r.code === code) : undefined;
          if (!row) return escapeHtml(shown(p.name));
          const s = capacityScale(row.capacity_kwp);
          // every piece is text: escaped before it joins the markup
          return [shown(p.name), `${t(lang, 'mapCustomers')}：${formatNumber(row.customers)}`, `${t(lang, 'mapStations')}：${formatNumber(row.stations)}`, `${t(lang, 'mapCapacity')}：${formatInScale(row.capacity_kwp, s)}`].map(escapeHtml).join('<br/>');
        },
      },
      visualMap: {
        type: 'piecewise',
        left: 20,
        bottom: 20,
        itemWidth: 20,
        itemHeight: 12,
        itemGap: 6,
        selectedMode: false,
        textStyle: { color: '#cfe8ff', fontSize: 14 },
        // highest band on top, each labelled with its range
        pieces: SHADES.map((color, i) => ({ value: i, color, label: `${bound(i * step, scale.divisor)}–${bound((i + 1) * step, scale.divisor)} ${scale.unit}` })).reverse(),
        seriesIndex: 0,
      },
      geo: {
        map: MAP_NAME,
        roam: false,
        zoom: 1.15,
        top: 40,
        bottom: 10,
        label: { show: false },
        itemStyle: { areaColor: '#0b2a55', borderColor: 'rgba(0, 229, 255, 0.55)', borderWidth: 1 },
        emphasis: { label: { show: true, color: '#fff', formatter: (p: { name: string }) => shown(p.name) }, itemStyle: { areaColor: '#1f7fd1' } },
      },
      series: [
        {
          type: 'map',
          geoIndex: 0,
          data: rows.map((r) => ({ name: mapNameByCode.get(r.code) ?? r.name, value: classOf.get(r.code) ?? 0, code: r.code })),
        },
      ],
    };
    // rebuilt only when the bands (shading.key) or the language change; `rows` here are the rows of that change
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shading.key, lang]);

  // where each province's pulse goes, in the map's pixels: known once the map has been drawn
  const [points, setPoints] = useState<MapPoints>({ at: new Map(), width: 0, height: 0 });
  const onMapDrawn = useCallback(
    (chart: echarts.ECharts) => {
      const at = new Map<string, [number, number]>();
      for (const [code, lngLat] of centreByCode) {
        const p = chart.convertToPixel({ geoIndex: 0 }, lngLat) as number[] | undefined;
        if (p && Number.isFinite(p[0]) && Number.isFinite(p[1])) at.set(code, [p[0]!, p[1]!]);
      }
      setPoints({ at, width: chart.getWidth(), height: chart.getHeight() });
      onDrawn?.();
    },
    [onDrawn],
  );
  const base = useChart(provinces, { onDrawn: onMapDrawn });
  return (
    <div className="map-stack">
      <div className="chart" ref={base} />
      <Ripples rows={rows} points={points} lang={lang} />
    </div>
  );
}

const LABEL_FONT_SIZE = 15;

/** Each province's label point in the map's pixels, and the map's size (the labels stay inside it). */
interface MapPoints {
  at: ReadonlyMap<string, [number, number]>;
  width: number;
  height: number;
}

/**
 * The five provinces with the most stations: a pulsing dot (bigger with more stations) and a label with
 * the count, placed where it covers no other label or dot (`placeLabels`; a leader line when it had to
 * stand off).
 */
function Ripples({ rows, points, lang }: { rows: UserAreaRow[]; points: MapPoints; lang: Lang }) {
  const pulses = useMemo(() => {
    const top = topN(rows, 'stations', 5).flatMap((r) => {
      const at = points.at.get(r.code);
      if (!at) return [];
      const size = Math.round(10 + Math.min(16, Math.sqrt(r.stations)));
      const label = `${lang === 'en' ? regionName(r.code, 'en') : shortProvinceName(r.name)} ${formatNumber(r.stations)}`;
      // a disc of `size` centred on the point
      const disc = { width: size, height: size, margin: -size / 2 };
      return [{ code: r.code, x: at[0], y: at[1], disc, size, label }];
    });
    const placed = placeLabels(
      top.map((p) => ({ x: p.x, y: p.y, radius: p.size / 2, width: labelWidth(p.label, LABEL_FONT_SIZE) + 4 })),
      LABEL_FONT_SIZE + 4,
      points,
    );
    return top.map((p, i) => ({ ...p, labelX: placed[i]!.x, labelY: placed[i]!.y, leader: placed[i]!.leader }));
  }, [rows, points, lang]);
  return (
    <div className="map-ripples" aria-hidden="true">
      <svg className="ripple-leaders" width={points.width} height={points.height}>
        {pulses
          .filter((p) => p.leader)
          .map((p) => (
            <line key={p.code} x1={p.x} y1={p.y} x2={p.labelX < p.x ? p.labelX + labelWidth(p.label, LABEL_FONT_SIZE) : p.labelX} y2={p.labelY} />
          ))}
      </svg>
      {pulses.map((p) => (
        <div key={p.code} className="ripple" style={{ transform: `translate(${p.x}px, ${p.y}px)` }}>
          {[0, 1, 2].map((ring) => (
            <i key={ring} className="ripple-ring" style={{ ...p.disc, animationDelay: `${(ring * -4) / 3}s` }} />
          ))}
          <i className="ripple-dot" style={p.disc} />
        </div>
      ))}
      {/* after every pulse, so a neighbour's pulse never covers a label */}
      {pulses.map((p) => (
        <span key={p.code} className="ripple-label" data-code={p.code} style={{ transform: `translate(${p.labelX}px, ${p.labelY}px) translateY(-50%)`, fontSize: LABEL_FONT_SIZE }}>
          {p.label}
        </span>
      ))}
    </div>
  );
}

// ---------------------------------------------------------------- customer growth

export function GrowthChart({ stat, lang }: { stat: UserLineStat; lang: Lang }) {
  const option = useMemo(
    () => ({
      textStyle: { fontFamily: FONT },
      ...ANIMATION,
      grid: { left: 56, right: 56, top: 44, bottom: 32 },
      legend: { top: 0, right: 10, itemWidth: 14, itemHeight: 8, textStyle: { color: '#cfe8ff', fontSize: 14 } },
      tooltip: { ...TOOLTIP, trigger: 'axis' },
      xAxis: {
        type: 'category',
        data: stat.points.map((p) => (p.bucket.length === 7 ? p.bucket.slice(2) : p.bucket.slice(5))),
        axisLine: { lineStyle: { color: 'rgba(127, 182, 230, 0.5)' } },
        axisTick: { show: false },
        axisLabel: { color: AXIS, fontSize: 13 },
      },
      yAxis: [
        { type: 'value', axisLabel: { color: AXIS, fontSize: 13 }, splitLine: { lineStyle: { color: SPLIT, type: 'dashed' } } },
        { type: 'value', axisLabel: { color: AXIS, fontSize: 13 }, splitLine: { show: false } },
      ],
      series: [
        { name: t(lang, 'created'), type: 'bar', barWidth: 10, data: stat.points.map((p) => p.created), itemStyle: { color: gradient('rgba(0,132,255,0.3)', '#00e5ff'), borderRadius: [3, 3, 0, 0] } },
        { name: t(lang, 'signed'), type: 'bar', barWidth: 10, data: stat.points.map((p) => p.signed), itemStyle: { color: gradient('rgba(255,145,0,0.3)', '#ffd15c'), borderRadius: [3, 3, 0, 0] } },
        {
          name: t(lang, 'cumulative'),
          type: 'line',
          yAxisIndex: 1,
          smooth: true,
          symbol: 'circle',
          symbolSize: 6,
          data: stat.points.map((p) => p.cumulative),
          lineStyle: { color: '#36f3c4', width: 3 },
          itemStyle: { color: '#36f3c4' },
          areaStyle: { color: gradient('rgba(54,243,196,0)', 'rgba(54,243,196,0.25)') },
        },
      ],
    }),
    [stat, lang],
  );
  const ref = useChart(option);
  return <div className="chart" ref={ref} data-testid="chart-growth-canvas" />;
}

// ---------------------------------------------------------------- capacity by stage

export function PipelineChart({ capacity, lang }: { capacity: CapacityByStage; lang: Lang }) {
  const option = useMemo(() => {
    const stages = [
      [t(lang, 'stageSigned'), capacity.signed],
      [t(lang, 'stageBuilt'), capacity.built],
      [t(lang, 'stageGrid'), capacity.grid],
      [t(lang, 'stageOperating'), capacity.operating],
    ] as const;
    const scale = capacityScale(Math.max(0, ...stages.map(([, s]) => s.kwp)));
    return {
      textStyle: { fontFamily: FONT },
      ...ANIMATION,
      grid: { left: 110, right: 150, top: 6, bottom: 6 },
      tooltip: { ...TOOLTIP, trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => formatInScale(v, scale) },
      xAxis: { type: 'value', show: false },
      yAxis: { type: 'category', inverse: true, data: stages.map(([name]) => name), axisLine: { show: false }, axisTick: { show: false }, axisLabel: { color: '#cfe8ff', fontSize: 15 } },
      series: [
        {
          type: 'bar',
          barWidth: 14,
          showBackground: true,
          backgroundStyle: { color: 'rgba(64, 158, 255, 0.08)', borderRadius: 7 },
          itemStyle: { color: gradient('#1565ff', '#36f3c4', true), borderRadius: 7 },
          data: stages.map(([, s]) => ({ value: s.kwp, stations: s.stations })),
          label: {
            show: true,
            position: 'right',
            color: '#8ff5da',
            fontSize: 14,
            formatter: (p: { value: number; data: { stations: number } }) => `${formatInScale(p.value, scale)} · ${formatNumber(p.data.stations)}`,
          },
        },
      ],
    };
  }, [capacity, lang]);
  const ref = useChart(option);
  return <div className="chart" ref={ref} />;
}

// ---------------------------------------------------------------- targets

const GAUGE_COLOURS = ['#00e5ff', '#36f3c4', '#ffd15c'];

/** One gauge per target kind (country-wide targets of the year); a kind without a target says so. */
export function TargetGauges({ stat, lang }: { stat: TargetIndexStat; lang: Lang }) {
  const items = useMemo(() => nationalTargets(stat.items, TargetKind.values), [stat]);
  const option = useMemo(
    () => ({
      textStyle: { fontFamily: FONT },
      ...ANIMATION,
      series: items.map((item, i) => {
        const pct = completionPercent(item?.completion);
        return {
          type: 'gauge',
          center: [`${16.6 + i * 33.3}%`, '52%'],
          radius: '78%',
          startAngle: 220,
          endAngle: -40,
          min: 0,
          max: 100,
          progress: { show: true, width: 12, itemStyle: { color: GAUGE_COLOURS[i] } },
          axisLine: { lineStyle: { width: 12, color: [[1, 'rgba(64, 158, 255, 0.15)']] } },
          axisTick: { show: false },
          splitLine: { show: false },
          axisLabel: { show: false },
          pointer: { show: false },
          anchor: { show: false },
          title: { show: true, offsetCenter: [0, '78%'], color: '#cfe8ff', fontSize: 15 },
          detail: { offsetCenter: [0, '0%'], fontSize: item ? 26 : 15, fontWeight: 700, color: GAUGE_COLOURS[i], formatter: () => (item ? pct.text : t(lang, 'noTarget')) },
          data: [{ value: pct.gauge, name: TargetKind.label(TargetKind.values[i], lang) }],
        };
      }),
    }),
    [items, lang],
  );
  const ref = useChart(option);
  return <div className="chart" ref={ref} />;
}
