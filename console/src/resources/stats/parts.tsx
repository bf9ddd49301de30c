import { useMemo, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Card, CardContent, LinearProgress, Stack, Typography, useTheme } from '@mui/material';
import InsertChartOutlinedIcon from '@mui/icons-material/InsertChartOutlined';
import { chartColors, type ChartColors } from './options.ts';

/** The dashboard's building blocks without ECharts (the home page and workbench use them too). */

/** The chart colours of the current MUI theme (its mode, text, divider, paper and primary colours). */
export function useChartColors(): ChartColors {
  const theme = useTheme();
  const { mode, text, divider, background, primary } = theme.palette;
  return useMemo(
    () => chartColors({ mode, text: text.primary, textMuted: text.secondary, divider, paper: background.paper, primary: primary.main }),
    [mode, text.primary, text.secondary, divider, background.paper, primary.main],
  );
}

/** Nothing to draw: an icon and 暂无数据 where the chart would be. */
export const EmptyState = ({ height, text }: { height: number; text?: string }) => {
  const translate = useTranslate();
  return (
    <Stack alignItems="center" justifyContent="center" spacing={1} sx={{ height, color: 'text.disabled' }} data-testid="chart-empty">
      <InsertChartOutlinedIcon fontSize="large" />
      <Typography variant="body2" color="text.secondary">
        {translate(text ?? 'pv.dash.empty')}
      </Typography>
    </Stack>
  );
};

export const ErrorNote = ({ error, height }: { error: unknown; height?: number }) => {
  const translate = useTranslate();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Box sx={{ minHeight: height, display: 'flex', alignItems: 'center' }}>
      <Alert severity="error" sx={{ width: '100%' }} data-testid="chart-error">
        {translate('pv.dash.load_failed')}: {message}
      </Alert>
    </Box>
  );
};

/** A titled dashboard card; `fetching` shows a thin bar while a new period loads over the old figures. */
export const ChartCard = ({
  title,
  subtitle,
  actions,
  fetching,
  children,
  testId,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  fetching?: boolean;
  children: ReactNode;
  testId?: string;
}) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ minWidth: 0, position: 'relative', height: '100%' }} data-testid={testId}>
      {fetching && <LinearProgress aria-label={translate('pv.shell.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }} />}
      <CardContent sx={{ pb: '12px !important' }}>
        <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1, minHeight: 32 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
            {translate(title)}
          </Typography>
          {subtitle && (
            <Typography variant="caption" color="text.secondary" noWrap>
              {subtitle}
            </Typography>
          )}
          {actions}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
};
