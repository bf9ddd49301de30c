import ReactEChartsCore from 'echarts-for-react/lib/core';
import { Box, Skeleton } from '@mui/material';
import { echarts } from './echarts.ts';
import type { ChartOption } from './options.ts';
import { EmptyState, ErrorNote } from './parts.tsx';

export { ChartCard, EmptyState, ErrorNote, useChartColors } from './parts.tsx';

/**
 * One chart: a skeleton while its first reply loads, the empty state when the reply has nothing to
 * draw, the error of the call, else the canvas. echarts-for-react watches the element's size, so the
 * chart follows the layout (window resize, side menu folded or opened).
 */
export const StatChart = ({
  option,
  pending,
  empty,
  error,
  height = 280,
  testId,
}: {
  option: () => ChartOption;
  pending: boolean;
  empty: boolean;
  error?: unknown;
  height?: number;
  testId: string;
}) => {
  if (error) return <ErrorNote error={error} height={height} />;
  if (pending)
    return (
      <Box data-testid="chart-loading" sx={{ height, display: 'flex', alignItems: 'flex-end', gap: 1, px: 1 }}>
        {[45, 70, 55, 85, 60, 75, 40].map((h, i) => (
          <Skeleton key={i} variant="rectangular" sx={{ flex: 1, height: `${h}%`, borderRadius: 1 }} />
        ))}
      </Box>
    );
  if (empty) return <EmptyState height={height} />;
  return (
    <Box data-testid={testId} data-chart="ready" sx={{ minWidth: 0 }}>
      <ReactEChartsCore echarts={echarts} option={option()} notMerge lazyUpdate style={{ height, width: '100%' }} />
    </Box>
  );
};

