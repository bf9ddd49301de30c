import type { ReactNode } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { SerialStatus, StockMovementKind, StockRefType, type ListResult, type StockBalance, type StockMovement, type StockSerial, formatYuan } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { EmptyNote, Panel } from '../common/layout.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { stockField } from './common.tsx';
import { signed } from './logic.ts';

/** A stock list of the shown material or warehouse (balances, ledger, serials), refetched with the page's refresh. */
function useStockList<T>(api: string, filter: Record<string, unknown>, limit = 50) {
  const dataProvider = useDataProvider<PvDataProvider>();
  return useQuery({
    queryKey: [api, 'related', filter],
    queryFn: () => dataProvider.read<ListResult<T>>(api, 'index', { ...filter, limit }).then((r) => r.data),
    retry: false,
  });
}

const Related = ({ title, testId, error, empty, isEmpty, actions, children }: { title: string; testId: string; error: unknown; empty: string; isEmpty: boolean; actions?: ReactNode; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Panel title={title} testId={testId} actions={actions}>
      {error ? (
        <Alert severity="info">{translate('pv.stock.unavailable', { msg: (error as Error).message })}</Alert>
      ) : isEmpty ? (
        <EmptyNote text={empty} />
      ) : (
        <Box sx={{ overflowX: 'auto', '& th, & td': { whiteSpace: 'nowrap' } }}>{children}</Box>
      )}
    </Panel>
  );
};

/** Balances per warehouse (of a material) or per material (of a warehouse), with the low-stock flag. */
export const BalancesPanel = ({ filter, by }: { filter: Record<string, unknown>; by: 'warehouse' | 'material' }) => {
  const translate = useTranslate();
  const { data, error, isPending } = useStockList<StockBalance>('stock_balance', { ...filter, sort: 'updated_at', order: 'DESC' });
  return (
    <Related title="pv.stock.panel.balances" testId="stock-balances" error={error} empty="pv.stock.panel.no_balances" isEmpty={!isPending && !data?.list.length}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate(stockField(by === 'warehouse' ? 'warehouse_id' : 'material_id'))}</TableCell>
            <TableCell align="right">{translate(stockField('qty'))}</TableCell>
            <TableCell align="right">{translate(stockField('low_threshold'))}</TableCell>
            <TableCell align="right">{translate(stockField('value'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data?.list.map((b) => (
            <TableRow key={b.id}>
              <TableCell>{by === 'warehouse' ? `${b.warehouse_code} · ${b.warehouse_name}` : `${b.material_code} · ${b.material_name}`}</TableCell>
              <TableCell align="right">
                {b.qty} {b.material_unit} {b.low && <Chip size="small" color="warning" label={translate('pv.stock.low')} sx={{ ml: 1 }} />}
              </TableCell>
              <TableCell align="right">{b.low_threshold ?? '-'}</TableCell>
              <TableCell align="right">{formatYuan(b.value)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Related>
  );
};

/** The latest ledger rows: the record's stock timeline (every movement, who, when, why). */
export const LedgerPanel = ({ filter, link }: { filter: Record<string, unknown>; link: string }) => {
  const translate = useTranslate();
  const lang = useLang();
  const { data, error, isPending } = useStockList<StockMovement>('stock_movement', { ...filter, sort: 'created_at', order: 'DESC' }, 20);
  return (
    <Related
      title="pv.stock.panel.ledger"
      testId="stock-ledger-panel"
      error={error}
      empty="pv.stock.panel.no_movements"
      isEmpty={!isPending && !data?.list.length}
      actions={
        <Button size="small" component={RouterLink} to={link}>
          {translate('pv.stock.panel.open_ledger')}
        </Button>
      }
    >
      <Table size="small">
        <TableHead>
          <TableRow>
            {['created_at', 'kind', 'warehouse_id', 'material_id', 'qty', 'balance_after', 'ref_no', 'created_by_name'].map((f) => (
              <TableCell key={f}>{translate(stockField(f))}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data?.list.map((m) => (
            <TableRow key={m.id} title={[m.reason, m.remark, m.serials?.join(', ')].filter(Boolean).join(' · ')}>
              <TableCell>{formatDateTime(m.created_at, lang)}</TableCell>
              <TableCell>{StockMovementKind.label(m.kind, lang)}</TableCell>
              <TableCell>{m.warehouse_name}</TableCell>
              <TableCell>{m.material_name}</TableCell>
              <TableCell align="right">{signed(m.qty)}</TableCell>
              <TableCell align="right">{m.balance_after}</TableCell>
              <TableCell>{m.ref_no ? `${m.ref_type ? StockRefType.label(m.ref_type, lang) + ' ' : ''}${m.ref_no}` : m.reason ?? '-'}</TableCell>
              <TableCell>{m.created_by_name ?? '-'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Related>
  );
};

/** Serial numbers of a serial-tracked material: where each unit is (warehouse, station) and its status. */
export const SerialsPanel = ({ filter }: { filter: Record<string, unknown> }) => {
  const translate = useTranslate();
  const lang = useLang();
  const { data, error, isPending } = useStockList<StockSerial>('stock_serial', filter, 200);
  return (
    <Related title="pv.stock.panel.serials" testId="stock-serials" error={error} empty="pv.stock.panel.no_serials" isEmpty={!isPending && !data?.list.length}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {['serial_no', 'status', 'location'].map((f) => (
              <TableCell key={f}>{translate(stockField(f))}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data?.list.map((s) => (
            <TableRow key={s.id}>
              <TableCell>{s.serial_no}</TableCell>
              <TableCell>{SerialStatus.label(s.status, lang)}</TableCell>
              <TableCell>{s.warehouse_name ?? (s.station_code ? translate('pv.stock.at_station', { code: s.station_code }) : '-')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Related>
  );
};
