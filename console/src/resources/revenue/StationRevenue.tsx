import { useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, CircularProgress, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatMoney, sumMoney, type Revenue } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { useHasPermission } from '../common/actions.tsx';
import { EstimateTag, RatioChip, revenueField } from './common.tsx';
import { REVENUE_API, kwhText, revenueOf } from './logic.ts';

/**
 * A station's revenue by month, self-contained (it loads its own rows): the last `months` months
 * with the estimate (labelled), the settled actuals and actual ÷ estimate, the sums of the months
 * shown (exact, by decimal strings) and a link to the full list filtered to the station. Renders
 * nothing for a user without revenue:index. Meant for the station detail page's money tab:
 * `<StationRevenue stationId={station.id} />`.
 */
export const StationRevenue = ({ stationId, months = 12 }: { stationId: number; months?: number }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PvDataProvider>();
  const allowed = useHasPermission('revenue:index');
  const [rows, setRows] = useState<Revenue[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    dataProvider
      .read<{ list: Revenue[]; total: number }>(REVENUE_API, 'index', { station_id: stationId, sort: 'period', order: 'DESC', limit: months })
      .then((r) => live && (setRows(r.data.list), setTotal(r.data.total)))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [allowed, dataProvider, stationId, months]);
  if (!allowed) return null;
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!rows) return <CircularProgress size={20} />;
  if (!rows.length) return <Typography color="text.secondary">{translate('pv.revenue.station.empty')}</Typography>;
  const settled = rows.filter((r) => r.settled);
  return (
    <Box data-testid="station-revenue">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate(revenueField('period'))}</TableCell>
            <TableCell align="right">{translate(revenueField('estimated_kwh'))}</TableCell>
            <TableCell align="right">{translate(revenueField('estimated_amount'))}</TableCell>
            <TableCell align="right">{translate(revenueField('actual_kwh'))}</TableCell>
            <TableCell align="right">{translate(revenueField('actual_amount'))}</TableCell>
            <TableCell>{translate(revenueField('ratio'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell>{r.period}</TableCell>
              <TableCell align="right">{kwhText(r.estimated_kwh)}</TableCell>
              <TableCell align="right">
                {formatMoney(r.estimated_amount)}
                <EstimateTag />
              </TableCell>
              <TableCell align="right">{kwhText(r.actual_kwh)}</TableCell>
              <TableCell align="right">{formatMoney(r.actual_amount)}</TableCell>
              <TableCell>
                <RatioChip ratio={r.ratio} under={r.under_performing} />
              </TableCell>
            </TableRow>
          ))}
          <TableRow sx={{ '& td': { fontWeight: 600 } }}>
            <TableCell>{translate('pv.revenue.station.sum', { n: rows.length, smart_count: rows.length })}</TableCell>
            <TableCell align="right">{kwhText(sumMoney(rows.map((r) => r.estimated_kwh)))}</TableCell>
            <TableCell align="right">{formatMoney(sumMoney(rows.map((r) => r.estimated_amount ?? '0')))}</TableCell>
            <TableCell align="right">{settled.length ? kwhText(sumMoney(settled.map((r) => r.actual_kwh!))) : '-'}</TableCell>
            <TableCell align="right">{settled.length ? formatMoney(sumMoney(settled.map((r) => r.actual_amount!))) : '-'}</TableCell>
            <TableCell />
          </TableRow>
        </TableBody>
      </Table>
      {total > 0 ? (
        <Link component={RouterLink} to={revenueOf({ station_id: stationId })} sx={{ display: 'inline-block', mt: 1 }} data-testid="station-revenue-all">
          {translate('pv.revenue.station.all', { n: total, smart_count: total })}
        </Link>
      ) : null}
    </Box>
  );
};
export default StationRevenue;
