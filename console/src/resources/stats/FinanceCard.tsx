import { Link as RouterLink } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Chip, Link, Skeleton, Stack, Typography } from '@mui/material';
import { formatMoney, type RentReport, type RevenueReport } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { Permission } from '../../shell/Permission.tsx';
import { useHasPermission } from '../common/actions.tsx';
import { useLang } from '../common/format.tsx';
import { billListLink, monthRangeOf, RENT_REPORT_PATH, revenueListLink } from '../finance/reportLogic.ts';
import { lastMonth, ratioText } from '../revenue/logic.ts';
import { ChartCard, ErrorNote } from './Chart.tsx';

/** One reply of a finance report (rent_bill/report, revenue/report) through the console's client. */
function useReport<T>(api: string, query: Record<string, string>, enabled: boolean) {
  const dataProvider = useDataProvider<PvDataProvider>();
  return useQuery({
    queryKey: ['finance-card', api, query],
    queryFn: () => dataProvider.read<T>(api, 'report', query).then((r) => r.data),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** A figure that opens its filtered list. */
const Linked = ({ label, value, sub, to, testId, danger }: { label: string; value?: string; sub?: string; to: string; testId: string; danger?: boolean }) => {
  const t = useTranslate();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" noWrap component="p">
        {t(label)}
      </Typography>
      {value === undefined ? (
        <Skeleton width="70%" height={28} />
      ) : (
        <Link component={RouterLink} to={to} underline="hover" color={danger ? 'error' : 'inherit'} sx={{ display: 'block' }} data-testid={testId}>
          <Typography variant="h6" component="span" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            ¥{value}
          </Typography>
          {sub && (
            <Typography variant="caption" color="text.secondary" component="span" sx={{ ml: 0.5 }}>
              {sub}
            </Typography>
          )}
        </Link>
      )}
    </Box>
  );
};

/** Rent of a month range: payable, paid, overdue (each opening its bills), the paid rate. */
const RentBlock = ({ what, province }: { what: 'month' | 'year'; province?: string }) => {
  const t = useTranslate();
  const range = monthRangeOf(what);
  const q = useReport<RentReport>('rent_bill', { ...range, ...(province ? { province_code: province } : {}) }, true);
  const d = q.data?.totals;
  const opts = { province_code: province };
  if (q.error) return <ErrorNote error={q.error} height={80} />;
  return (
    <Box data-testid={`finance-${what}`}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {what === 'month' ? t('pv.dash.finance.this_month', { month: range.month_gte }) : t('pv.dash.finance.this_year', { year: range.month_gte.slice(0, 4) })}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
        <Linked label="pv.dash.finance.payable" value={d && formatMoney(d.payable)} sub={d && t('pv.dash.finance.bills', { n: d.bills })} to={billListLink('payable', range, opts)} testId={`finance-${what}-payable`} />
        <Linked label="pv.dash.finance.paid" value={d && formatMoney(d.paid)} sub={d && t('pv.dash.finance.bills', { n: d.paid_count })} to={billListLink('paid', range, opts)} testId={`finance-${what}-paid`} />
        <Linked label="pv.dash.finance.overdue" value={d && formatMoney(d.overdue)} sub={d && t('pv.dash.finance.bills', { n: d.overdue_count })} to={billListLink('overdue', range, opts)} testId={`finance-${what}-overdue`} danger={!!d?.overdue_count} />
        <Box>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('pv.dash.finance.paid_rate')}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, lineHeight: 1.3 }} data-testid={`finance-${what}-rate`}>
            {d ? ratioText(d.paid_rate) : <Skeleton width="50%" />}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
};

/** The latest month with estimates (last month): estimate against actual, and the under-performing stations. */
const RevenueBlock = ({ province }: { province?: string }) => {
  const t = useTranslate();
  const month = lastMonth();
  const q = useReport<RevenueReport>('revenue', { period_gte: month, period_lte: month, ...(province ? { province_code: province } : {}) }, true);
  const d = q.data?.totals;
  if (q.error) return <ErrorNote error={q.error} height={80} />;
  return (
    <Box data-testid="finance-revenue">
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 0.5 }}>
        <Typography variant="subtitle2">{t('pv.dash.finance.revenue_title', { month })}</Typography>
        <Chip size="small" label={t('pv.dash.estimate')} color="warning" variant="outlined" sx={{ height: 20, fontSize: 11 }} />
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
        <Linked label="pv.dash.finance.estimated" value={d && formatMoney(d.estimated_amount)} to={revenueListLink(month)} testId="finance-revenue-estimated" />
        <Linked label="pv.dash.finance.actual" value={d && formatMoney(d.actual_amount)} sub={d && (d.settled ? ratioText(d.ratio) : t('pv.dash.finance.unsettled'))} to={revenueListLink(month)} testId="finance-revenue-actual" />
        <Box>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {t('pv.dash.finance.under')}
          </Typography>
          {d ? (
            <Link component={RouterLink} to={revenueListLink(month, true)} underline="hover" color={d.under_performing ? 'error' : 'inherit'} data-testid="finance-under">
              <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
                {d.under_performing}
              </Typography>
            </Link>
          ) : (
            <Skeleton width="40%" height={28} />
          )}
        </Box>
      </Box>
    </Box>
  );
};

/**
 * 财务 on the dashboard (issue 14): rent payable, paid and overdue this month and this year with the
 * paid rate (rent_bill/report), last month's revenue estimate against its actuals and the
 * under-performing stations (revenue/report) — the same endpoints as the report screens, each figure
 * opening its filtered list; within the dashboard's province. Each half needs its report permission;
 * without either the card is not there.
 */
export const FinanceCard = ({ province }: { province?: string }) => {
  const t = useTranslate();
  useLang();
  const rent = useHasPermission('rent_bill:report');
  const revenue = useHasPermission('revenue:report');
  if (!rent && !revenue) return null;
  const actions = (
    <Permission rule="rent_bill:report">
      <Button size="small" component={RouterLink} to={RENT_REPORT_PATH} sx={{ textTransform: 'none' }} data-testid="finance-open-report">
        {t('pv.dash.finance.report')}
      </Button>
    </Permission>
  );
  return (
    <ChartCard title="pv.dash.finance.title" actions={actions} testId="card-finance">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
        {rent && <RentBlock what="month" province={province} />}
        {rent && <RentBlock what="year" province={province} />}
        {revenue && <RevenueBlock province={province} />}
      </Box>
    </ChartCard>
  );
};
