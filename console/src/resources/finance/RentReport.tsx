import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { BooleanInput, Form, Title, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import { formatMoney, regionName, type RentMargin, type RentMarginQuery, type RentReport as Report, type RentReportFigures } from '@pv/contract';
import { CityInput, ProvinceInput } from '../../forms/RegionInput.tsx';
import { MonthField, MonthInput } from '../../forms/DateInputs.tsx';
import { AgentInput } from '../customer/common.tsx';
import { MonthRegionTable, ProvinceSelect, ReportExportButton, useReport, type ReportQuery } from '../common/report.tsx';
import { useLang } from '../common/format.tsx';
import { ratioText } from '../revenue/logic.ts';
import { BILL_API, leaseDetailPath } from './logic.ts';
import { billListLink, defaultMarginRange, defaultReportRange, isLoss } from './reportLogic.ts';
import { DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

/** 按月份与地区: the report by due month × province (or city), each sum linking to its bills. */
const ReportTab = () => {
  const translate = useTranslate();
  const lang = useLang();
  const [range, setRange] = useState(defaultReportRange);
  const [province, setProvince] = useState('');
  const query = { ...range, province_code: province || undefined };
  const { data: report, error, busy } = useReport<Report>(BILL_API, 'report', query);
  const head = ['bills', 'payable', 'paid', 'failed', 'paused', 'overdue', 'paid_rate'] as const;
  const link = (kind: 'payable' | 'paid' | 'overdue', text: string, month: { month_gte: string; month_lte: string }, region: string | null) => {
    const p = report?.level === 'province' ? (region ?? undefined) : province || undefined;
    return (
      <Link component={RouterLink} to={billListLink(kind, month, { province_code: p })} underline="hover">
        {text}
      </Link>
    );
  };
  const cells = (r: RentReportFigures, month: { month_gte: string; month_lte: string }, region: string | null) => [
    r.bills,
    link('payable', formatMoney(r.payable), month, region),
    link('paid', formatMoney(r.paid), month, region),
    r.failed_count ? `${formatMoney(r.failed)} (${r.failed_count})` : formatMoney(r.failed),
    r.paused_count ? `${formatMoney(r.paused)} (${r.paused_count})` : formatMoney(r.paused),
    r.overdue_count ? link('overdue', `${formatMoney(r.overdue)} (${r.overdue_count})`, month, region) : formatMoney(r.overdue),
    ratioText(r.paid_rate),
  ];
  return (
    <Box data-testid="rent-report">
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <MonthField label="pv.rentReport.from" value={range.month_gte} onChange={(v) => setRange((r) => ({ ...r, month_gte: v }))} testId="rent-report-from" />
        <MonthField label="pv.rentReport.to" value={range.month_lte} onChange={(v) => setRange((r) => ({ ...r, month_lte: v }))} testId="rent-report-to" />
        <ProvinceSelect label="pv.rentReport.province" allLabel="pv.rentReport.all_provinces" value={province} onChange={setProvince} testId="rent-report-province" />
        <ReportExportButton api={BILL_API} op="report_export" query={query} fallback="rent_report.xlsx" label="pv.rentReport.export" testId="report_export-button" />
        {busy && <CircularProgress size={20} />}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('pv.rentReport.hint', { today: report?.as_of ?? '' })}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {report && (
        <MonthRegionTable
          head={[translate('pv.rentReport.month'), translate(`pv.rentReport.${report.level}`), ...head.map((h) => translate(`pv.rentReport.col.${h}`))]}
          rows={report.rows.map((r) => ({
            key: `${r.month}-${r.region_code}`,
            cells: [r.month, r.region_code ? regionName(r.region_code, lang) : '-', ...cells(r, { month_gte: r.month, month_lte: r.month }, r.region_code)],
            alert: r.overdue_count ? 7 : undefined,
          }))}
          total={[translate('pv.rentReport.total'), '', ...cells(report.totals, { month_gte: report.month_gte, month_lte: report.month_lte }, null)]}
          empty={translate('pv.rentReport.empty')}
          totalTestId="rent-report-total"
          maxHeight="calc(100vh - 360px)"
        />
      )}
    </Box>
  );
};

interface MarginFilter {
  month_gte: string;
  month_lte: string;
  province_code?: string;
  city_code?: string;
  agent_id?: number;
  rent_above_revenue?: boolean;
}

/** Passes the form's filters up whenever they change. */
const Sync = ({ onChange }: { onChange: (f: Omit<MarginFilter, never>) => void }) => {
  const [gte, lte, province, city, agent, flag] = useWatch({ name: ['month_gte', 'month_lte', 'province_code', 'city_code', 'agent_id', 'rent_above_revenue'] }) as [string, string, string | null, string | null, number | null, boolean];
  useEffect(() => {
    onChange({ month_gte: gte, month_lte: lte, province_code: province || undefined, city_code: city || undefined, agent_id: agent || undefined, rent_above_revenue: !!flag });
  }, [gte, lte, province, city, agent, flag]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
};

/** 电站收益与租金: one row per billing contract, paged, filtered; the filters can come from the address. */
const StationsTab = ({ initial }: { initial: Partial<MarginFilter> }) => {
  const translate = useTranslate();
  const lang = useLang();
  const [record] = useState<MarginFilter>(() => ({ ...defaultMarginRange(), ...initial }));
  const [filter, setFilter] = useState<MarginFilter>(record);
  // pages by number; with the flag, by the cursor each reply names (cursors[i] starts page i + 1)
  const [page, setPage] = useState(1);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const flagged = !!filter.rent_above_revenue;
  const query: RentMarginQuery & ReportQuery = flagged ? { ...filter, limit: 20, cursor: cursors[page - 1] } : { ...filter, page, limit: 20 };
  const { data, error, busy } = useReport<RentMargin>(BILL_API, 'margin', query);
  const change = (f: MarginFilter) => {
    setFilter(f);
    setPage(1);
    setCursors([undefined]);
  };
  const next = () => {
    if (flagged && data?.next_cursor) setCursors((c) => [...c.slice(0, page), data.next_cursor!]);
    setPage((p) => p + 1);
  };
  const col = (k: string) => translate(`pv.rentReport.stations.col.${k}`);
  return (
    <Box data-testid="rent-margin">
      <Form record={record} onSubmit={() => undefined} noValidate>
        <Sync onChange={change} />
        <Stack direction="row" alignItems="center" useFlexGap flexWrap="wrap" spacing={1.5} sx={{ mb: 1, '& .MuiFormControl-root': { my: 0 }, '& .MuiFormHelperText-root': { display: 'none' } }}>
          <MonthInput source="month_gte" label="pv.rentReport.from" helperText={false} variant="outlined" sx={{ width: 180 }} inputProps={{ 'data-testid': 'margin-from' }} />
          <MonthInput source="month_lte" label="pv.rentReport.to" helperText={false} variant="outlined" sx={{ width: 180 }} inputProps={{ 'data-testid': 'margin-to' }} />
          <Box sx={{ width: 180 }}>
            <ProvinceInput source="province_code" label="pv.rentReport.province" helperText={false} size="small" variant="outlined" fullWidth />
          </Box>
          <Box sx={{ width: 180 }}>
            <CityInput source="city_code" label="pv.rentReport.city" helperText={false} size="small" variant="outlined" fullWidth />
          </Box>
          <Box sx={{ width: 240, '& .MuiAutocomplete-root': { minWidth: 0 } }}>
            <AgentInput source="agent_id" label="pv.rentReport.agent" />
          </Box>
          <BooleanInput source="rent_above_revenue" label="pv.rentReport.stations.rent_above" helperText={false} sx={{ '& .MuiFormControlLabel-root': { m: 0 } }} data-testid="margin-flag" />
          <ReportExportButton api={BILL_API} op="margin_export" query={filter as unknown as ReportQuery} fallback="rent_margin.xlsx" label="pv.rentReport.export" testId="margin_export-button" />
          {busy && <CircularProgress size={20} />}
        </Stack>
      </Form>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('pv.rentReport.stations.hint')}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {data && (
        <>
          {data.list.length ? (
            <DataTable
              testId="margin-table"
              maxHeight="calc(100vh - 400px)"
              rows={data.list}
              rowKey={(r) => r.contract_id}
              columns={[
                {
                  key: 'contract_no',
                  label: col('contract_no'),
                  nowrap: true,
                  ...MUST_SHOW,
                  render: (r) => (
                    <Link component={RouterLink} to={leaseDetailPath(r.contract_id)} underline="hover">
                      {r.contract_no}
                    </Link>
                  ),
                },
                // wraps (code, then name): five must-show columns fit 1280 px with English headings
                { key: 'station', label: col('station'), render: (r) => [r.station_code, r.station_name].filter(Boolean).join(' '), ...MUST_SHOW },
                { key: 'owner', label: col('owner'), nowrap: true, render: (r) => r.customer_name ?? '-' },
                { key: 'region', label: col('region'), nowrap: true, render: (r) => [regionName(r.province_code, lang), r.city_code ? regionName(r.city_code, lang) : ''].filter(Boolean).join(' '), ...HIDE_FIRST },
                { key: 'agent', label: col('agent'), nowrap: true, render: (r) => r.agent_name ?? '-', ...HIDE_FIRST },
                { key: 'months', label: col('months'), align: 'right', nowrap: true, render: (r) => `${r.months} (${r.settled_months})` },
                { key: 'estimated', label: col('estimated'), align: 'right', nowrap: true, render: (r) => formatMoney(r.estimated_amount) },
                { key: 'actual', label: col('actual'), align: 'right', nowrap: true, render: (r) => (r.settled_months ? formatMoney(r.actual_amount) : '-') },
                { key: 'revenue', label: col('revenue'), align: 'right', nowrap: true, render: (r) => formatMoney(r.revenue), ...MUST_SHOW },
                { key: 'rent_payable', label: col('rent_payable'), align: 'right', nowrap: true, render: (r) => formatMoney(r.rent_payable), ...MUST_SHOW },
                { key: 'rent_paid', label: col('rent_paid'), align: 'right', nowrap: true, render: (r) => formatMoney(r.rent_paid) },
                {
                  key: 'margin',
                  label: col('margin'),
                  align: 'right',
                  nowrap: true,
                  testId: 'margin-cell',
                  ...MUST_SHOW,
                  render: (r) => (
                    <Box component="span" sx={{ fontWeight: 600, color: isLoss(r.margin) ? 'error.main' : undefined }}>
                      {formatMoney(r.margin)}
                    </Box>
                  ),
                },
              ]}
            />
          ) : (
            <Typography variant="body2" align="center" sx={{ py: 2 }}>
              {translate(data.has_more ? 'pv.rentReport.stations.none_yet' : 'pv.rentReport.stations.empty', { n: data.walked })}
            </Typography>
          )}
          <Stack direction="row" alignItems="center" spacing={2} sx={{ mt: 1 }}>
            <Typography variant="body2" color="text.secondary" data-testid="margin-total">
              {data.total === null ? translate('pv.rentReport.stations.unknown_total') : translate('pv.rentReport.stations.total', { n: data.total })}
            </Typography>
            <Box sx={{ flex: 1 }} />
            <Typography variant="body2">{translate('pv.rentReport.stations.page', { page })}</Typography>
            <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {translate('pv.rentReport.stations.prev')}
            </Button>
            <Button size="small" disabled={!data.has_more} onClick={next} data-testid="margin-next">
              {translate('pv.rentReport.stations.next')}
            </Button>
          </Stack>
        </>
      )}
    </Box>
  );
};

/**
 * 租金报表: #/finance/rentReport — rent bills by the month they fall due and region (payable, paid,
 * failed, paused, overdue, paid rate; each sum opens its bills), and revenue against rent per
 * station (`?tab=stations`, with the station list's filters in the address), both exportable.
 */
const RentReport = () => {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'stations' ? 'stations' : 'report';
  const initial: Partial<MarginFilter> = {};
  for (const k of ['month_gte', 'month_lte', 'province_code', 'city_code'] as const) if (params.get(k)) initial[k] = params.get(k)!;
  if (params.get('agent_id')) initial.agent_id = Number(params.get('agent_id'));
  if (params.get('rent_above_revenue') === 'true' || params.get('rent_above_revenue') === '1') initial.rent_above_revenue = true;
  return (
    <Card sx={{ mt: 1 }}>
      <Title title="pv.route.rentReport" />
      <Tabs value={tab} onChange={(_, v: string) => setParams(v === 'stations' ? { tab: 'stations' } : {}, { replace: true })} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="report" label={translate('pv.rentReport.tab_report')} data-testid="tab-report" />
        <Tab value="stations" label={translate('pv.rentReport.tab_stations')} data-testid="tab-stations" />
      </Tabs>
      <CardContent>{tab === 'report' ? <ReportTab /> : <StationsTab key={params.toString()} initial={initial} />}</CardContent>
    </Card>
  );
};
export default RentReport;
