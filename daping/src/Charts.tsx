import { useMemo } from 'react';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import type { UserAreaRow } from '@pv/contract';
import { regionName } from '@pv/contract';
import { echarts } from './echarts.ts';
import { t } from './i18n.ts';
import { capacityScale, formatInScale, formatNumber, shortProvinceName, type Lang } from './logic.ts';

/** The dark tooltip both charts share. */
const AXIS_TOOLTIP = {
  trigger: 'axis' as const,
  axisPointer: { type: 'shadow' as const },
  backgroundColor: 'rgba(6, 30, 60, 0.92)',
  borderColor: '#1f7fd1',
  textStyle: { color: '#e6f4ff', fontSize: 16 },
};

const AXIS = '#7fb6e6';
const SPLIT = 'rgba(64, 158, 255, 0.12)';
const FONT = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", sans-serif';

const gradient = (from: string, to: string, horizontal = false) =>
  new echarts.graphic.LinearGradient(0, horizontal ? 0 : 1, horizontal ? 1 : 0, 0, [
    { offset: 0, color: from },
    { offset: 1, color: to },
  ]);

function label(row: UserAreaRow, lang: Lang): string {
  if (lang === 'en') return regionName(row.code, 'en');
  return shortProvinceName(row.name || regionName(row.code, 'zh'));
}

interface ChartProps {
  rows: UserAreaRow[];
  lang: Lang;
  /** called every time ECharts has finished drawing */
  onDrawn?: () => void;
}

/** Customers and stations of the top provinces: the screen's main chart. */
export function UserAreaChart({ rows, lang, onDrawn }: ChartProps) {
  const option = useMemo(
    () => ({
      textStyle: { fontFamily: FONT },
      animationDuration: 800,
      grid: { left: 70, right: 30, top: 60, bottom: 60 },
      legend: {
        top: 6,
        right: 20,
        itemWidth: 18,
        itemHeight: 10,
        textStyle: { color: '#cfe8ff', fontSize: 18 },
        data: [t(lang, 'seriesCustomers'), t(lang, 'seriesStations')],
      },
      tooltip: AXIS_TOOLTIP,
      xAxis: {
        type: 'category',
        data: rows.map((r) => label(r, lang)),
        axisLine: { lineStyle: { color: 'rgba(127, 182, 230, 0.5)' } },
        axisTick: { show: false },
        axisLabel: {
          color: AXIS,
          fontSize: lang === 'en' ? 16 : 18,
          interval: 0,
          margin: 14,
          // long English names (Inner Mongolia) wrap instead of running into the neighbours
          width: 96,
          overflow: 'break',
          lineHeight: 18,
        },
      },
      yAxis: {
        type: 'value',
        axisLabel: { color: AXIS, fontSize: 16 },
        splitLine: { lineStyle: { color: SPLIT, type: 'dashed' } },
      },
      series: [
        {
          name: t(lang, 'seriesCustomers'),
          type: 'bar',
          barWidth: 26,
          barGap: '20%',
          data: rows.map((r) => r.customers),
          itemStyle: { color: gradient('rgba(0, 132, 255, 0.35)', '#00e5ff'), borderRadius: [4, 4, 0, 0] },
          label: { show: true, position: 'top', color: '#7ff6ff', fontSize: 15, formatter: (p: { value: number }) => formatNumber(p.value) },
        },
        {
          name: t(lang, 'seriesStations'),
          type: 'bar',
          barWidth: 26,
          data: rows.map((r) => r.stations),
          itemStyle: { color: gradient('rgba(255, 145, 0, 0.3)', '#ffd15c'), borderRadius: [4, 4, 0, 0] },
          label: { show: true, position: 'top', color: '#ffe08a', fontSize: 15, formatter: (p: { value: number }) => formatNumber(p.value) },
        },
      ],
    }),
    [rows, lang],
  );
  const onEvents = useMemo(() => ({ finished: () => onDrawn?.() }), [onDrawn]);
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      onEvents={onEvents}
      style={{ width: '100%', height: '100%' }}
      opts={{ renderer: 'canvas' }}
    />
  );
}

/** Installed capacity ranking (horizontal bars, largest on top). */
export function CapacityChart({ rows, lang, onDrawn }: ChartProps) {
  const option = useMemo(() => {
    const ordered = rows.slice().reverse();
    const scale = capacityScale(Math.max(0, ...rows.map((r) => r.capacity_kwp)));
    return {
      textStyle: { fontFamily: FONT },
      animationDuration: 800,
      grid: { left: 110, right: 130, top: 20, bottom: 20 },
      tooltip: {
        ...AXIS_TOOLTIP,
        valueFormatter: (v: number) => formatInScale(v, scale),
      },
      xAxis: { type: 'value', show: false },
      yAxis: {
        type: 'category',
        data: ordered.map((r) => label(r, lang)),
        axisLine: { show: false },
        axisTick: { show: false },
        axisLabel: { color: '#cfe8ff', fontSize: 18 },
      },
      series: [
        {
          name: t(lang, 'seriesCapacity'),
          type: 'bar',
          barWidth: 16,
          data: ordered.map((r) => r.capacity_kwp),
          showBackground: true,
          backgroundStyle: { color: 'rgba(64, 158, 255, 0.08)', borderRadius: 8 },
          itemStyle: { color: gradient('#1565ff', '#36f3c4', true), borderRadius: 8 },
          label: {
            show: true,
            position: 'right',
            color: '#8ff5da',
            fontSize: 16,
            formatter: (p: { value: number }) => formatInScale(p.value, scale),
          },
        },
      ],
    };
  }, [rows, lang]);
  const onEvents = useMemo(() => ({ finished: () => onDrawn?.() }), [onDrawn]);
  return (
    <ReactEChartsCore echarts={echarts} option={option} notMerge onEvents={onEvents} style={{ width: '100%', height: '100%' }} />
  );
}
