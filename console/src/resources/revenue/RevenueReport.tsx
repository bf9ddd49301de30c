import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Alert, Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { formatMoney, regionName, type RevenueReport as Report } from '@pv/contract';
import { MonthRegionTable, ProvinceSelect, ReportExportButton, useReport } from '../common/report.tsx';
import { MonthField } from '../../forms/DateInputs.tsx';
import { useLang } from '../common/format.tsx';
import { REVENUE_API, kwhText, lastMonth, monthsBack, ratioText } from './logic.ts';

/**
 * 收益报表: #/finance/revenueReport — revenue by month and province (or city within a province) from
 * the server's rollups: stations, settled, 偏低, estimated and actual kWh and yuan (exact decimal
 * strings shown with formatMoney), actual ÷ estimate over the settled months; export to Excel.
 */
const RevenueReport = () => {
  const translate = useTranslate();
  const lang = useLang();
  const [lte, setLte] = useState(lastMonth());
  const [gte, setGte] = useState(monthsBack(lastMonth(), 11));
  const [province, setProvince] = useState('');
  const query = { period_gte: gte, period_lte: lte, province_code: province || undefined };
  const { data: report, error, busy } = useReport<Report>(REVENUE_API, 'report', query);
  const head = ['period', 'region', 'stations', 'settled', 'under', 'estimated_kwh', 'estimated_amount', 'actual_kwh', 'actual_amount', 'ratio'];
  const cells = (r: Omit<Report['rows'][number], 'period' | 'region_code'>) => [
    r.stations,
    r.settled,
    r.under_performing,
    kwhText(r.estimated_kwh),
    formatMoney(r.estimated_amount),
    // nothing settled yet: no actual figures, not zero
    r.settled ? kwhText(r.actual_kwh) : '-',
    r.settled ? formatMoney(r.actual_amount) : '-',
    ratioText(r.ratio),
  ];
  return (
    <Card sx={{ mt: 1 }} data-testid="revenue-report">
      <Title title="pv.route.revenueReport" />
      <CardContent>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <MonthField label="pv.revenue.report.from" value={gte} onChange={setGte} testId="report-from" />
          <MonthField label="pv.revenue.report.to" value={lte} onChange={setLte} testId="report-to" />
          <ProvinceSelect label="pv.revenue.report.province" allLabel="pv.revenue.report.all_provinces" value={province} onChange={setProvince} />
          <ReportExportButton api={REVENUE_API} op="report_export" query={query} fallback="revenue_report.xlsx" label="pv.revenue.report.export" testId="report-export" />
          {busy && <CircularProgress size={20} />}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('pv.revenue.report.hint')}
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        {report && (
          <MonthRegionTable
            head={head.map((h) => translate(h === 'region' ? `pv.revenue.report.${report.level}` : `pv.revenue.report.col.${h}`))}
            rows={report.rows.map((r) => ({
              key: `${r.period}-${r.region_code}`,
              cells: [r.period, r.region_code ? regionName(r.region_code, lang) : '-', ...cells(r)],
              alert: r.under_performing ? 4 : undefined,
            }))}
            total={[translate('pv.revenue.report.total'), '', ...cells(report.totals)]}
            empty={translate('pv.revenue.report.empty')}
            totalTestId="report-total"
            maxHeight="calc(100vh - 320px)"
          />
        )}
      </CardContent>
    </Card>
  );
};
export default RevenueReport;
