import { PaymentBatchStatus, PaymentLineStatus, PaymentPayableType, maskMiddle } from '@pv/contract';
import { type SQL, sql } from 'drizzle-orm';
import { paymentBatches, paymentLines } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { defineResource, filterValue, range, type ResourceTable, sortBy } from '../../resources/define.ts';
import type { AuthContext } from '../auth/context.ts';
import { plainRow } from '../present.ts';

type Row = Record<string, unknown>;

/** Number prefix of payment batches: 付款 FK. */
export const BATCH_PREFIX = 'FK';

/**
 * Payment batches gather every agent's bills, so they are the finance office's: a user whose data
 * scope is narrower than `all` sees none (403 by id, empty lists) and cannot make one.
 */
export const batchScope = (auth: AuthContext): SQL | undefined => (auth.scope === 'all' ? undefined : sql`false`);
export const assertBatchScope = (auth: AuthContext) => {
  if (auth.scope !== 'all') throw new ApiError(403, 'error.batch_scope');
};

const mask = (v: unknown) => (typeof v === 'string' && v ? maskMiddle(v) : (v ?? null));
/** A line with its card number masked (every reply; only the bank file carries it in full). */
export const maskLine = (row: Row): Row => ('payee_card' in row ? { ...row, payee_card: mask(row.payee_card) } : row);

const P = '"payment_batches"';
const userName = (column: string) => sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = ${sql.raw(P)}.${sql.raw(`"${column}"`)})`;
const batchExtra = {
  created_by_name: userName('created_by'),
  submitted_by_name: userName('submitted_by'),
  approved_by_name: userName('approved_by'),
};

/** /api/system/payment_batch/index and get_info; everything else is a named action (actions.ts). */
export const paymentBatchResource = defineResource({
  name: 'payment_batch',
  permission: 'payment_batch',
  table: paymentBatches,
  ops: ['index', 'get_info'],
  sorts: {
    id: paymentBatches.id,
    batch_no: paymentBatches.batch_no,
    status: paymentBatches.status,
    total: paymentBatches.total,
    line_count: paymentBatches.line_count,
    created_at: paymentBatches.created_at,
    updated_at: paymentBatches.updated_at,
    approved_at: paymentBatches.approved_at,
    exported_at: paymentBatches.exported_at,
    completed_at: paymentBatches.completed_at,
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: paymentBatches.id, op: 'eq', schema: filterValue.id, multi: true },
    status: { column: paymentBatches.status, op: 'eq', schema: filterValue.enumOf(PaymentBatchStatus.values), multi: true },
    payable_type: { column: paymentBatches.payable_type, op: 'eq', schema: filterValue.enumOf(PaymentPayableType.values) },
    created_by: { column: paymentBatches.created_by, op: 'eq', schema: filterValue.id, multi: true },
    approved_by: { column: paymentBatches.approved_by, op: 'eq', schema: filterValue.id, multi: true },
    ...range('created_at', paymentBatches.created_at, filterValue.date),
    ...range('completed_at', paymentBatches.completed_at, filterValue.date),
  },
  // batches are few (a handful a month): the keyword scans them
  search: [paymentBatches.batch_no, paymentBatches.name],
  quickFields: {},
  scope: batchScope,
  extraColumns: batchExtra,
  present: (row) => plainRow(row),
});

const L = '"payment_lines"';
const lineExtra = {
  bill_no: sql<string | null>`(select b.bill_no from rent_bills b where b.id = ${sql.raw(L)}."bill_id")`,
  period: sql<string | null>`(select b.period from rent_bills b where b.id = ${sql.raw(L)}."bill_id")`,
  station_id: sql<number | null>`(select b.station_id from rent_bills b where b.id = ${sql.raw(L)}."bill_id")`,
  station_code: sql<string | null>`(select s.code from rent_bills b join stations s on s.id = b.station_id where b.id = ${sql.raw(L)}."bill_id")`,
  customer_name: sql<string | null>`(select c.name from rent_bills b join customers c on c.id = b.customer_id where b.id = ${sql.raw(L)}."bill_id")`,
  batch_no: sql<string | null>`(select p.batch_no from payment_batches p where p.id = ${sql.raw(L)}."batch_id")`,
  settlement_no: sql<string | null>`(select st.settlement_no from settlements st where st.id = ${sql.raw(L)}."settlement_id")`,
  settlement_month: sql<string | null>`(select st.month from settlements st where st.id = ${sql.raw(L)}."settlement_id")`,
  party_name: sql<string | null>`(select case when st.party_kind = 'agent' then (select a.name from agents a where a.id = st.party_id)
    else (select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = st.party_id) end from settlements st where st.id = ${sql.raw(L)}."settlement_id")`,
};

/**
 * A batch's lines as a list (GET payment_batch/lines?id=, never routed on its own: the batch id is
 * forced): the list machinery's whitelisted filters, sorts, paging and keyword. Lines carry no
 * version (they change only with their batch, under its lock), hence the cast.
 */
export const paymentLineResource = defineResource({
  name: 'payment_line',
  permission: 'payment_batch',
  table: paymentLines as unknown as ResourceTable,
  ops: [],
  sorts: {
    seq: paymentLines.seq,
    id: paymentLines.id,
    amount: paymentLines.amount,
    status: paymentLines.status,
    reference: paymentLines.reference,
    paid_at: paymentLines.paid_at,
    bill_no: sortBy(lineExtra.bill_no),
    settlement_no: sortBy(lineExtra.settlement_no),
  },
  defaultSort: { field: 'seq', order: 'ASC' },
  filters: {
    batch_id: { column: paymentLines.batch_id, op: 'eq', schema: filterValue.id },
    status: { column: paymentLines.status, op: 'eq', schema: filterValue.enumOf(PaymentLineStatus.values), multi: true },
    bill_id: { column: paymentLines.bill_id, op: 'eq', schema: filterValue.id, multi: true },
    settlement_id: { column: paymentLines.settlement_id, op: 'eq', schema: filterValue.id, multi: true },
  },
  // within one batch (the batch_id index narrows first): reference, payee, bill or settlement number
  search: [paymentLines.reference, paymentLines.payee_name, lineExtra.bill_no, lineExtra.settlement_no],
  quickFields: {},
  scope: batchScope,
  extraColumns: lineExtra,
  present: (row) => plainRow(maskLine(row)),
});
