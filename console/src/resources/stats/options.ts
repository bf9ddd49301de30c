import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, FunnelSeriesOption, GaugeSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, MarkLineComponentOption, TooltipComponentOption } from 'echarts/components';
import {
  escapeHtml,
  BUILD_AUDIT_ITEMS,
  GRID_AUDIT_ITEMS,
  TargetKind,
  WorkOrderStatus,
  regionName,
  type IndustryConstructionStat,
  type IndustryCustomerStat,
  type IndustryDataStat,
  type IndustryTeamStat,
  type Lang,
  type TargetIndexStat,
  type UserAreaStat,
  type UserLineStat,
} from '@pv/contract';
import { bucketLabel, formatCapacity, formatNumber, formatRate } from './logic.ts';

/**
 * ECharts options of the dashboard's charts, built from the statistics replies (pure, no React):
 * every colour comes from ChartColors (the MUI theme: light or dark), every text through translate.
 * Each builder has an `is…Empty` twin: an empty chart shows the empty state instead of bare axes.
 */

export type ChartOption = ComposeOption<
  BarSeriesOption | FunnelSeriesOption | GaugeSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | MarkLineComponentOption | TooltipComponentOption
>;

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The colours a chart is drawn with, taken from the MUI theme (see useChartColors). */
export interface ChartColors {
  mode: 'light' | 'dark';
  text: string;
  textMuted: string;
  /** axis lines and grid split lines */
  line: string;
  /** tooltip surface */
  paper: string;
  primary: string;
  /** signed, built, grid, operating / more series */
  series: readonly string[];
}

const BASE_SERIES = ['#13a860', '#f5a623', '#0fb5ae', '#7b4fe0', '#e5484d', '#8c8c8c'];

/** Colours of a theme: primary first, then fixed hues that read on white and on dark paper. */
export function chartColors(theme: { mode: 'light' | 'dark'; text: string; textMuted: string; divider: string; paper: string; primary: string }): ChartColors {
  return { mode: theme.mode, text: theme.text, textMuted: theme.textMuted, line: theme.divider, paper: theme.paper, primary: theme.primary, series: [theme.primary, ...BASE_SERIES] };
}

const tooltip = (c: ChartColors, trigger: 'axis' | 'item' = 'axis'): TooltipComponentOption => ({
  trigger,
  confine: true,
  backgroundColor: c.paper,
  borderColor: c.line,
  textStyle: { color: c.text },
  ...(trigger === 'axis' ? { axisPointer: { type: 'shadow' } } : {}),
});

/**
 * An axis tooltip describing the hovered row of `rows` (the chart's categories in the same order):
 * its lines, as text — every line is escaped (a team member's or a region's name is data, never
 * markup); with `title` the first line is bold.
 */
const rowTooltip = <R>(c: ChartColors, rows: readonly R[], lines: (row: R) => string[], { title = true } = {}): TooltipComponentOption => ({
  ...tooltip(c),
  formatter: (p: unknown) => {
    const [first] = p as { dataIndex: number }[];
    return lines(rows[first?.dataIndex ?? 0]!)
      .map((line, i) => (i === 0 && title ? `<b>${escapeHtml(line)}</b>` : escapeHtml(line)))
      .join('<br/>');
  },
});

const legend = (c: ChartColors): LegendComponentOption => ({ top: 0, textStyle: { color: c.textMuted }, itemWidth: 14, itemHeight: 8 });

const axis = (c: ChartColors) => ({
  axisLine: { lineStyle: { color: c.line } },
  axisTick: { lineStyle: { color: c.line } },
  axisLabel: { color: c.textMuted },
  splitLine: { lineStyle: { color: c.line, type: 'dashed' as const } },
  nameTextStyle: { color: c.textMuted },
});

const common = (c: ChartColors): ChartOption => ({ backgroundColor: 'transparent', color: [...c.series], textStyle: { color: c.text }, animationDuration: 400 });

// ---------------------------------------------------------------- customer growth (user_line)

export const isGrowthEmpty = (s: UserLineStat | undefined) => !s || s.points.length === 0 || s.points.every((p) => !p.created && !p.signed && !p.cumulative);

/** New and signed customers per bucket (bars), all customers so far (line, right axis). */
export function growthOption(s: UserLineStat, t: Translate, c: ChartColors): ChartOption {
  return {
    ...common(c),
    color: [c.primary, c.series[1]!, c.series[2]!],
    tooltip: tooltip(c),
    legend: legend(c),
    grid: { left: 8, right: 8, top: 36, bottom: 4, containLabel: true },
    xAxis: { type: 'category', data: s.points.map((p) => bucketLabel(p.bucket)), ...axis(c), splitLine: { show: false } },
    yAxis: [
      { type: 'value', minInterval: 1, ...axis(c) },
      { type: 'value', minInterval: 1, ...axis(c), splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: t('pv.dash.growth.created'), data: s.points.map((p) => p.created), barMaxWidth: 18 },
      { type: 'bar', name: t('pv.dash.growth.signed'), data: s.points.map((p) => p.signed), barMaxWidth: 18 },
      { type: 'line', name: t('pv.dash.growth.cumulative'), yAxisIndex: 1, data: s.points.map((p) => p.cumulative), smooth: true, symbol: 'none', lineStyle: { width: 2 } },
    ],
  };
}

// ---------------------------------------------------------------- funnel (industry_customer_data)

export const FUNNEL_STEPS = ['intentional', 'signed', 'built', 'grid'] as const;

export const isFunnelEmpty = (s: IndustryCustomerStat | undefined) => !s || s.funnel.every((f) => !f.n);

/** intentional → signed → built → grid, each step with its count and its share of the first. */
export function funnelOption(s: IndustryCustomerStat, t: Translate, c: ChartColors, lang: Lang): ChartOption {
  const byStep = new Map(s.funnel.map((f) => [f.step, f.n]));
  const first = byStep.get('intentional') ?? 0;
  const data = FUNNEL_STEPS.map((step) => ({ name: t(`pv.dash.funnel.${step}`), value: byStep.get(step) ?? 0 }));
  return {
    ...common(c),
    color: [c.primary, c.series[4]!, c.series[2]!, c.series[1]!],
    tooltip: {
      ...tooltip(c, 'item'),
      formatter: (p: unknown) => {
        const { name, value } = p as { name: string; value: number };
        return escapeHtml(`${name}: ${formatNumber(value, lang)}${first ? ` (${formatRate(value / first, lang)})` : ''}`);
      },
    },
    series: [
      {
        type: 'funnel',
        sort: 'none',
        left: '8%',
        right: '8%',
        top: 8,
        bottom: 8,
        minSize: '30%',
        gap: 2,
        label: { show: true, position: 'inside', color: '#fff', formatter: (p: { name: string; value: unknown }) => `${p.name}  ${formatNumber(Number(p.value), lang)}` },
        itemStyle: { borderWidth: 0 },
        data,
      },
    ],
  };
}

// ---------------------------------------------------------------- capacity by stage (industry_data)

export const CAPACITY_STAGES = ['signed', 'built', 'grid', 'operating'] as const;

export const isCapacityEmpty = (s: IndustryDataStat | undefined) => !s || CAPACITY_STAGES.every((k) => !s.capacity[k].stations && !s.capacity[k].kwp);

/** kWp per stage (bars, station counts in the tooltip). */
export function capacityOption(s: IndustryDataStat, t: Translate, c: ChartColors, lang: Lang): ChartOption {
  const rows = CAPACITY_STAGES.map((k) => ({ key: k, name: t(`pv.dash.stage.${k}`), ...s.capacity[k] }));
  return {
    ...common(c),
    tooltip: rowTooltip(c, rows, (row) => [row.name, `${formatCapacity(row.kwp, lang)} · ${t('pv.dash.stations', { n: formatNumber(row.stations, lang) })}`], { title: false }),
    grid: { left: 8, right: 16, top: 30, bottom: 4, containLabel: true },
    xAxis: { type: 'category', data: rows.map((r) => r.name), ...axis(c), splitLine: { show: false } },
    yAxis: { type: 'value', name: 'kWp', ...axis(c) },
    series: [
      {
        type: 'bar',
        barMaxWidth: 42,
        data: rows.map((r, i) => ({ value: r.kwp, itemStyle: { color: c.series[i === 0 ? 0 : i === 1 ? 2 : i === 2 ? 1 : 3], borderRadius: [4, 4, 0, 0] } })),
        label: { show: true, position: 'top', color: c.textMuted, formatter: (p: { value: unknown }) => formatCapacity(Number(p.value), lang) },
      },
    ],
  };
}

export const isCapacityTrendEmpty = (s: IndustryDataStat | undefined) => !s || s.points.every((p) => !p.signed_kwp && !p.grid_kwp);

/** kWp signed and connected per bucket of the period. */
export function capacityTrendOption(s: IndustryDataStat, t: Translate, c: ChartColors): ChartOption {
  return {
    ...common(c),
    color: [c.primary, c.series[1]!],
    tooltip: tooltip(c),
    legend: legend(c),
    grid: { left: 8, right: 8, top: 36, bottom: 4, containLabel: true },
    xAxis: { type: 'category', data: s.points.map((p) => bucketLabel(p.bucket)), ...axis(c), splitLine: { show: false } },
    yAxis: { type: 'value', name: 'kWp', ...axis(c) },
    series: [
      { type: 'line', name: t('pv.dash.stage.signed'), data: s.points.map((p) => p.signed_kwp), smooth: true, symbol: 'none', areaStyle: { opacity: 0.12 } },
      { type: 'line', name: t('pv.dash.stage.grid'), data: s.points.map((p) => p.grid_kwp), smooth: true, symbol: 'none', areaStyle: { opacity: 0.12 } },
    ],
  };
}

// ---------------------------------------------------------------- region ranking (user_area)

export type RegionMetric = 'capacity_kwp' | 'customers' | 'stations';

export const isRegionEmpty = (s: UserAreaStat | undefined) => !s || s.provinces.every((r) => !r.customers && !r.stations && !r.capacity_kwp);

/** The regions ranked by one metric (top `limit`, largest at the top). */
export function regionRows(s: UserAreaStat, metric: RegionMetric, lang: Lang, limit = 10) {
  return [...s.provinces]
    .filter((r) => r[metric] > 0)
    .sort((a, b) => b[metric] - a[metric] || a.code.localeCompare(b.code))
    .slice(0, limit)
    .map((r) => ({ ...r, label: lang === 'en' ? regionName(r.code, 'en') || r.name : r.name || regionName(r.code, 'zh') }));
}

export function regionOption(s: UserAreaStat, metric: RegionMetric, t: Translate, c: ChartColors, lang: Lang): ChartOption {
  const rows = regionRows(s, metric, lang).reverse();
  const fmt = (v: number) => (metric === 'capacity_kwp' ? formatCapacity(v, lang) : formatNumber(v, lang));
  return {
    ...common(c),
    tooltip: rowTooltip(c, rows, (r) => [
      r.label,
      `${t('pv.dash.region.customers')}: ${formatNumber(r.customers, lang)}`,
      `${t('pv.dash.region.stations')}: ${formatNumber(r.stations, lang)}`,
      `${t('pv.dash.region.capacity_kwp')}: ${formatCapacity(r.capacity_kwp, lang)}`,
    ]),
    grid: { left: 8, right: 72, top: 4, bottom: 4, containLabel: true },
    xAxis: { type: 'value', ...axis(c), axisLabel: { show: false }, splitLine: { show: false } },
    yAxis: { type: 'category', data: rows.map((r) => r.label), ...axis(c), axisTick: { show: false } },
    series: [
      {
        type: 'bar',
        barMaxWidth: 16,
        data: rows.map((r) => r[metric]),
        itemStyle: { color: c.primary, borderRadius: [0, 4, 4, 0] },
        label: { show: true, position: 'right', color: c.textMuted, formatter: (p: { value: unknown }) => fmt(Number(p.value)) },
      },
    ],
  };
}

// ---------------------------------------------------------------- construction (industry_construction_data)

export const isBacklogEmpty = (s: IndustryConstructionStat | undefined) => !s || s.backlog.every((b) => !b.n);

/** Open orders by status, 施工 and 并网 side by side. */
export function backlogOption(s: IndustryConstructionStat, t: Translate, c: ChartColors, lang: Lang): ChartOption {
  const statuses = WorkOrderStatus.values.filter((st) => s.backlog.some((b) => b.status === st && b.n > 0));
  const count = (kind: 'build' | 'grid', st: string) => s.backlog.filter((b) => b.kind === kind && b.status === st).reduce((n, b) => n + b.n, 0);
  return {
    ...common(c),
    color: [c.primary, c.series[1]!],
    tooltip: tooltip(c),
    legend: legend(c),
    grid: { left: 8, right: 8, top: 36, bottom: 4, containLabel: true },
    xAxis: { type: 'category', data: statuses.map((st) => WorkOrderStatus.label(st, lang)), ...axis(c), splitLine: { show: false }, axisLabel: { color: c.textMuted, interval: 0, hideOverlap: true } },
    yAxis: { type: 'value', minInterval: 1, ...axis(c) },
    series: (['build', 'grid'] as const).map((kind) => ({
      type: 'bar' as const,
      name: t(`pv.dash.kind.${kind}`),
      barMaxWidth: 22,
      data: statuses.map((st) => count(kind, st)),
    })),
  };
}

const ITEM_LABELS = new Map([...BUILD_AUDIT_ITEMS, ...GRID_AUDIT_ITEMS].map((d) => [d.key, d.label]));

/** A check item key of a rejected audit in the UI language (the key itself when unknown). */
export const auditItemLabel = (item: string, lang: Lang) => ITEM_LABELS.get(item)?.[lang] ?? item;

/** The first-pass rate as a gauge (0..100 %). */
/** A first-pass rate gauge; `label` names it (self-audits by default, inspections on the O&M card). */
export function firstPassOption(rate: number | null, t: Translate, c: ChartColors, lang: Lang, label = 'pv.dash.construction.first_pass'): ChartOption {
  const value = rate === null ? 0 : Math.round(rate * 1000) / 10;
  return {
    ...common(c),
    series: [
      {
        type: 'gauge',
        startAngle: 210,
        endAngle: -30,
        min: 0,
        max: 100,
        radius: '92%',
        center: ['50%', '58%'],
        progress: { show: true, width: 10, itemStyle: { color: c.series[1] } },
        axisLine: { lineStyle: { width: 10, color: [[1, c.line]] } },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        pointer: { show: false },
        anchor: { show: false },
        title: { offsetCenter: [0, '38%'], color: c.textMuted, fontSize: 12 },
        detail: { offsetCenter: [0, '-4%'], color: c.text, fontSize: 20, fontWeight: 700, formatter: () => formatRate(rate, lang) },
        data: [{ value, name: t(label) }],
      },
    ],
  };
}

// ---------------------------------------------------------------- team ranking (industry_team_data)

export const isTeamEmpty = (s: IndustryTeamStat | undefined) => !s || s.teams.every((x) => !x.orders && !x.completed && !x.kwp_built);

/** Teams by kWp built, then completed orders (top `limit`). */
export function teamRows(s: IndustryTeamStat, limit = 8) {
  return [...s.teams].sort((a, b) => b.kwp_built - a.kwp_built || b.completed - a.completed || a.name.localeCompare(b.name)).slice(0, limit);
}

export function teamOption(s: IndustryTeamStat, t: Translate, c: ChartColors, lang: Lang): ChartOption {
  const rows = teamRows(s).reverse();
  return {
    ...common(c),
    color: [c.series[1]!, c.primary],
    tooltip: rowTooltip(c, rows, (r) => [
      r.name,
      `${t('pv.dash.team.kwp_built')}: ${formatCapacity(r.kwp_built, lang)}`,
      `${t('pv.dash.team.orders')}: ${formatNumber(r.orders, lang)} / ${t('pv.dash.team.completed')}: ${formatNumber(r.completed, lang)}`,
      `${t('pv.dash.team.lead_days')}: ${r.lead_days === null ? '-' : formatNumber(r.lead_days, lang, 1)}`,
      `${t('pv.dash.team.reject_rate')}: ${formatRate(r.reject_rate, lang)}`,
    ]),
    legend: legend(c),
    grid: { left: 8, right: 24, top: 36, bottom: 4, containLabel: true },
    xAxis: [
      { type: 'value', ...axis(c), splitLine: { show: false }, axisLabel: { show: false } },
      { type: 'value', ...axis(c), splitLine: { show: false }, axisLabel: { show: false }, minInterval: 1 },
    ],
    yAxis: { type: 'category', data: rows.map((r) => r.name), ...axis(c), axisTick: { show: false }, axisLabel: { color: c.textMuted, width: 110, overflow: 'truncate' } },
    series: [
      { type: 'bar', name: t('pv.dash.team.kwp_built'), data: rows.map((r) => r.kwp_built), barMaxWidth: 12, itemStyle: { borderRadius: [0, 3, 3, 0] } },
      { type: 'bar', name: t('pv.dash.team.completed'), xAxisIndex: 1, data: rows.map((r) => r.completed), barMaxWidth: 12, itemStyle: { borderRadius: [0, 3, 3, 0] } },
    ],
  };
}

// ---------------------------------------------------------------- targets (target/index_data)

export const isTargetEmpty = (s: TargetIndexStat | undefined) => !s || s.items.length === 0;

/** "签约容量(kWp) · 全国" / "Grid capacity (kWp) · Shandong". */
export const targetItemLabel = (item: { kind: string; province_code: string | null }, t: Translate, lang: Lang) =>
  `${TargetKind.label(item.kind, lang)} · ${item.province_code ? regionName(item.province_code, lang) || item.province_code : t('pv.dash.target.nationwide')}`;

/** Target vs actual per target row (the target a pale track, the actual over it), completion % after it. */
export function targetOption(s: TargetIndexStat, t: Translate, c: ChartColors, lang: Lang): ChartOption {
  const items = [...s.items].reverse();
  const track = c.mode === 'dark' ? 'rgba(255,255,255,0.16)' : 'rgba(0,0,0,0.08)';
  const done = c.series[1]!;
  return {
    ...common(c),
    tooltip: rowTooltip(c, items, (it) => [
      targetItemLabel(it, t, lang),
      `${t('pv.dash.target.target')}: ${formatNumber(it.target, lang, 1)}`,
      `${t('pv.dash.target.actual')}: ${formatNumber(it.actual, lang, 1)}`,
      `${t('pv.dash.target.completion')}: ${formatRate(it.completion, lang)}`,
    ]),
    legend: { ...legend(c), data: [{ name: t('pv.dash.target.target'), itemStyle: { color: track } }, { name: t('pv.dash.target.actual'), itemStyle: { color: c.primary } }] },
    grid: { left: 8, right: 56, top: 36, bottom: 4, containLabel: true },
    xAxis: { type: 'value', ...axis(c), axisLabel: { show: false }, splitLine: { show: false } },
    yAxis: { type: 'category', data: items.map((it) => targetItemLabel(it, t, lang)), ...axis(c), axisTick: { show: false }, axisLabel: { color: c.text } },
    series: [
      { type: 'bar', name: t('pv.dash.target.target'), data: items.map((it) => it.target), barMaxWidth: 16, barGap: '-100%', itemStyle: { color: track, borderRadius: [0, 4, 4, 0] } },
      {
        type: 'bar',
        name: t('pv.dash.target.actual'),
        // reached targets in green, the others in the theme colour
        data: items.map((it) => ({ value: it.actual, itemStyle: { color: (it.completion ?? 0) >= 1 ? done : c.primary, borderRadius: [0, 4, 4, 0] } })),
        barMaxWidth: 16,
        label: { show: true, position: 'right', color: c.text, fontWeight: 600, formatter: (p: { dataIndex: number }) => formatRate(items[p.dataIndex]?.completion, lang) },
      },
    ],
  };
}
