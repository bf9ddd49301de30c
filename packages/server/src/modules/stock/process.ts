import { sql } from 'drizzle-orm';
import { type Queryable, query } from '../../db/client.ts';
import { REASON, asDb, defineRecordType } from '../../lifecycle/records.ts';
import { balanceResource } from './resources.ts';
import { StockService } from './service.ts';

type Row = Record<string, unknown>;
const service = (c: { tx: Queryable }) => new StockService(asDb(c.tx));

/**
 * 库存 (one warehouse × material) as a record type of processes: a 盘点调整 (which may need approval
 * above a value: 库存调整审批 — the difference and its value are facts its condition can test) or an
 * 调拨 out of it. The adjustment approved is posted against the book quantity it was counted against.
 */
export const stockBalanceRecordType = defineRecordType({
  code: 'stock_balance',
  label: { zh: '库存（仓库 × 物料）', en: 'Stock (warehouse × material)' },
  resource: balanceResource,
  state: null,
  name: async (tx, row) => {
    const [r] = await query<{ name: string }>(tx, sql`select w.name || ' / ' || m.name || coalesce(' ' || m.spec, '') as name from warehouses w, materials m where w.id = ${row.warehouse_id as number}::int and m.id = ${row.material_id as number}::int`);
    return r?.name ?? `#${String(row.id)}`;
  },
  link: '/operation/stockLedger?balance={id}',
  labels: { qty: ['账面数量', 'Book quantity'], low_threshold: ['预警阈值', 'Low-stock threshold'], low_alerted: ['已预警', 'Alerted'] },
  actions: {
    adjust: {
      label: { zh: '盘点调整', en: 'stock-take adjustment' },
      params: {
        counted: { label: { zh: '实盘数量', en: 'Counted' }, kind: 'number', required: true },
        expected: { label: { zh: '账面数量', en: 'Book quantity' }, kind: 'number' },
        ...REASON,
      },
      facts: {
        fields: {
          diff_qty: { label: { zh: '差异数量', en: 'Difference' }, kind: 'number' },
          diff_amount: { label: { zh: '差异金额（绝对值）', en: 'Value of the difference' }, kind: 'money' },
        },
        of: async (tx, record, params) => {
          const [r] = await query<Row>(
            tx,
            sql`select (${String(params.counted)}::numeric - b.qty)::text as diff_qty, abs((${String(params.counted)}::numeric - b.qty) * m.unit_price)::numeric(14,2)::text as diff_amount
                from stock_balances b join materials m on m.id = b.material_id where b.id = ${record.id as number}::int`,
          );
          return r ?? {};
        },
      },
      run: (c) =>
        service(c).adjust(
          { warehouse_id: c.record.warehouse_id, material_id: c.record.material_id, counted: c.params.counted, ...(c.params.expected != null ? { expected: c.params.expected } : {}), ...(c.params.serials ? { serials: c.params.serials } : {}), reason: c.params.reason ?? c.reason },
          c.auth,
          c.actor,
        ),
    },
    transfer: {
      label: { zh: '调拨', en: 'transfer' },
      params: {
        to_warehouse_id: { label: { zh: '调入仓库', en: 'To warehouse' }, kind: 'number', required: true },
        qty: { label: { zh: '数量', en: 'Quantity' }, kind: 'number', required: true },
      },
      run: (c) =>
        service(c).transfer({ from_warehouse_id: c.record.warehouse_id, to_warehouse_id: c.params.to_warehouse_id, material_id: c.record.material_id, qty: c.params.qty, ...(c.params.serials ? { serials: c.params.serials } : {}), remark: c.reason }, c.auth, c.actor),
    },
  },
  events: {
    'stock_balance.adjusted': { label: { zh: '库存已盘点调整', en: 'Stock adjusted' } },
  },
});
