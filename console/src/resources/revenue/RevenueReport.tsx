import { useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, CircularProgress, MenuItem, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { PROVINCES, formatMoney, regionName, type RevenueReport as Report } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { downloadFile } from '../customer/excel/download.ts';
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
  const notify = useNotify();
  const dataProvider = useDataProvider<PvDataProvider>();
  const [lte, setLte] = useState(lastMonth());
  const [gte, setGte] = useState(monthsBack(lastMonth(), 11));
  const [province, setProvince] = useState('');
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const query = { period_gte: gte, period_lte: lte, ...(province ? { province_code: province } : {}) };
  useEffect(() => {
    let live = true;
    setBusy(true);
    dataProvider
      .read<Report>(REVENUE_API, 'report', query)
      .then((r) => live && (setReport(r.data), setError(null)))
      .catch((e: Error) => live && setError(e.message))
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
  }, [gte, lte, province]); // eslint-disable-line react-hooks/exhaustive-deps
  const exportReport = async () => {
    try {
      await downloadFile(REVENUE_API, 'report_export', query, 'revenue_report.xlsx');
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
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
          <TextField size="small" type="month" fullWidth={false} sx={{ width: 180 }} label={translate('pv.revenue.report.from')} value={gte} onChange={(e) => e.target.value && setGte(e.target.value)} InputLabelProps={{ shrink: true }} inputProps={{ 'data-testid': 'report-from' }} />
          <TextField size="small" type="month" fullWidth={false} sx={{ width: 180 }} label={translate('pv.revenue.report.to')} value={lte} onChange={(e) => e.target.value && setLte(e.target.value)} InputLabelProps={{ shrink: true }} inputProps={{ 'data-testid': 'report-to' }} />
          <TextField size="small" select fullWidth={false} label={translate('pv.revenue.report.province')} value={province} onChange={(e) => setProvince(e.target.value)} sx={{ width: 200 }}>
            <MenuItem value="">{translate('pv.revenue.report.all_provinces')}</MenuItem>
            {PROVINCES.map((p) => (
              <MenuItem key={p.code} value={p.code}>
                {regionName(p.code, lang)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void exportReport()} data-testid="report-export">
            {translate('pv.revenue.report.export')}
          </Button>
          {busy && <CircularProgress size={20} />}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('pv.revenue.report.hint')}
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        {report && (
          <TableContainer sx={{ maxHeight: 'calc(100vh - 320px)' }}>
            <Table size="small" stickyHeader>
              <TableHead>
                <TableRow>
                  {head.map((h, i) => (
                    <TableCell key={h} align={i >= 2 ? 'right' : 'left'}>
                      {translate(h === 'region' ? `pv.revenue.report.${report.level}` : `pv.revenue.report.col.${h}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {report.rows.map((r) => (
                  <TableRow key={`${r.period}-${r.region_code}`} hover>
                    <TableCell>{r.period}</TableCell>
                    <TableCell>{r.region_code ? regionName(r.region_code, lang) : '-'}</TableCell>
                    {cells(r).map((c, i) => (
                      <TableCell key={i} align="right" sx={i === 2 && r.under_performing ? { color: 'error.main' } : undefined}>
                        {c}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
                {!report.rows.length && (
                  <TableRow>
                    <TableCell colSpan={head.length} align="center">
                      {translate('pv.revenue.report.empty')}
                    </TableCell>
                  </TableRow>
                )}
                <TableRow sx={{ '& td': { fontWeight: 600 } }} data-testid="report-total">
                  <TableCell>{translate('pv.revenue.report.total')}</TableCell>
                  <TableCell />
                  {cells(report.totals).map((c, i) => (
                    <TableCell key={i} align="right">
                      {c}
                    </TableCell>
                  ))}
                </TableRow>
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
};
export default RevenueReport;
