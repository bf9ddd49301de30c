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
import { DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

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
        // names may wrap (a long warehouse or material name must not push the amounts out of view);
        // dates, kinds and numbers keep to one line (their columns' nowrap)
        <Box sx={{ overflowX: 'auto', '& th': { whiteSpace: 'nowrap' } }}>{children}</Box>
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
      <DataTable
        rows={data?.list ?? []}
        rowKey={(b) => b.id}
        columns={[
          { key: 'where', label: translate(stockField(by === 'warehouse' ? 'warehouse_id' : 'material_id')), render: (b) => (by === 'warehouse' ? `${b.warehouse_code} · ${b.warehouse_name}` : `${b.material_code} · ${b.material_name}`), ...MUST_SHOW },
          {
            key: 'qty',
            label: translate(stockField('qty')),
            align: 'right',
            nowrap: true,
            ...MUST_SHOW,
            render: (b) => (
              <>
                {b.qty} {b.material_unit} {b.low && <Chip size="small" color="warning" label={translate('pv.stock.low')} sx={{ ml: 1 }} />}
              </>
            ),
          },
          { key: 'low_threshold', label: translate(stockField('low_threshold')), align: 'right', nowrap: true, render: (b) => b.low_threshold ?? '-' },
          { key: 'value', label: translate(stockField('value')), align: 'right', nowrap: true, render: (b) => formatYuan(b.value), ...MUST_SHOW },
        ]}
      />
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
      <DataTable
        rows={data?.list ?? []}
        rowKey={(m) => m.id}
        columns={[
          { key: 'created_at', label: translate(stockField('created_at')), nowrap: true, render: (m) => formatDateTime(m.created_at, lang), ...MUST_SHOW },
          { key: 'kind', label: translate(stockField('kind')), nowrap: true, render: (m) => <span title={[m.reason, m.remark, m.serials?.join(', ')].filter(Boolean).join(' · ')}>{StockMovementKind.label(m.kind, lang)}</span>, ...MUST_SHOW },
          { key: 'warehouse_id', label: translate(stockField('warehouse_id')), render: (m) => m.warehouse_name },
          { key: 'material_id', label: translate(stockField('material_id')), render: (m) => m.material_name, ...MUST_SHOW },
          { key: 'qty', label: translate(stockField('qty')), align: 'right', nowrap: true, render: (m) => signed(m.qty), ...MUST_SHOW },
          { key: 'balance_after', label: translate(stockField('balance_after')), align: 'right', nowrap: true, render: (m) => m.balance_after },
          { key: 'ref_no', label: translate(stockField('ref_no')), nowrap: true, render: (m) => (m.ref_no ? `${m.ref_type ? StockRefType.label(m.ref_type, lang) + ' ' : ''}${m.ref_no}` : (m.reason ?? '-')) },
          { key: 'created_by_name', label: translate(stockField('created_by_name')), nowrap: true, render: (m) => m.created_by_name ?? '-', ...HIDE_FIRST },
        ]}
      />
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
