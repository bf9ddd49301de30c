import {
  BATCH_MAX_BILLS,
  DEFAULT_PAYMENT_PURPOSE,
  DEFAULT_SETTLEMENT_PURPOSE,
  type Lang,
  PAYMENT_BATCH_MACHINE,
  type PaymentBatchAction,
  PaymentBatchActionLabel,
  PaymentBatchStatus,
  type PaymentBatchPreview,
  type PaymentBatchSelection,
  type PaymentReconciliation,
  PaymentLineStatus,
  RentBillStatus,
  Money,
  paymentBatchAddSchema,
  paymentBatchMoveSchema,
  paymentBatchPreviewSchema,
  paymentBatchReasonSchema,
  paymentBatchRemoveLineSchema,
  selectionPayable,
  selectionQuery,
  sumMoney,
} from '@pv/contract';
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, type Queryable, query } from '../../db/client.ts';
import { paymentBatches, paymentLines, rentBills } from '../../db/schema/index.ts';
import { ApiError, conflict } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { parse } from '../../http/validate.ts';
import { assertTransition, recordTransition } from '../../lifecycle/engine.ts';
import { nextNumber } from '../../lifecycle/numbers.ts';
import { planList } from '../../resources/query.ts';
import { loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { rentBillResource } from '../lease/resource.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { detachHeldBills, refreshBatchSums, sumsOf } from './hold.ts';
import { BATCH_PREFIX, assertBatchScope, paymentBatchResource } from './resource.ts';
import { raiseWorkflowEvent } from '../workflow/public.ts';
import { assertSod } from '../../lifecycle/sod.ts';
import { SETTLEMENT_EXCLUSIONS, insertSettlementLines, previewSettlements, refusedSettlements, releaseSettlements } from './settlements.ts';

type Row = Record<string, unknown>;
type Batch = typeof paymentBatches.$inferSelect;

/**
 * 付款批次 actions (docs/DECISIONS.md "Payment batches"). Each is a function over a caller's
 * transaction (`…In`), so the workflow engine can drive approval later in its own transaction; the
 * HTTP routes wrap them one transaction each. Every one locks the batch row, checks the version
 * read (409) and the state (the message names it), writes the system log and a timeline row. A
 * batch's money never changes by a free edit: its lines are the bills as they were when it was
 * made, and only removing a draft's line or the bank's result changes what they add up to.
 */

/** Why a bill the selection matched cannot be paid, first reason first (the preview's counts, the ticked bills' refusals). */
const EXCLUSIONS = ['state', 'zero', 'held', 'frozen', 'no_card'] as const;
type Exclusion = (typeof EXCLUSIONS)[number];

/** A rent bill (`rent_bills`, as the list's filters name it), `c` its contract, `s` its station: the reason it cannot be paid, or null. */
const exclusionSql = sql`case
  when rent_bills.status not in ('pending', 'failed') then 'state'
  when rent_bills.amount_payable <= 0 then 'zero'
  when rent_bills.batch_id is not null or exists (select 1 from payment_lines h where h.bill_id = rent_bills.id and h.status = 'pending') then 'held'
  when s.frozen or s.status = 'terminated' then 'frozen'
  when c.bank_card is null or length(c.bank_card) < 16 or coalesce(c.payee_name, '') = '' then 'no_card'
end`;

/** The bills a selection names, within the caller's data scope on bills (the bill list's own filters and scope). */
function selectionWhere(selection: PaymentBatchSelection, auth: AuthContext): SQL {
  if (selection.bill_ids) return and(inArray(rentBills.id, selection.bill_ids), rentBillResource.scope(auth)) ?? sql`true`;
  const plan = planList(rentBillResource, selectionQuery(selection.filter ?? {}), auth);
  return plan.where ?? sql`true`;
}

const fromBills = (where: SQL) => sql`from rent_bills join lease_contracts c on c.id = rent_bills.contract_id join stations s on s.id = rent_bills.station_id where ${where}`;

export async function previewSelection(db: Queryable, selection: PaymentBatchSelection, auth: AuthContext): Promise<PaymentBatchPreview> {
  assertBatchScope(auth);
  if (selectionPayable(selection) === 'settlement') {
    const r = await previewSettlements(db, selection, auth);
    const n = (k: string) => Number(r[k] ?? 0);
    return {
      count: n('n'),
      total: sumMoney([(r.total as string) ?? '0']),
      excluded: { ...(Object.fromEntries(SETTLEMENT_EXCLUSIONS.map((e) => [e, n(e)])) as Record<(typeof SETTLEMENT_EXCLUSIONS)[number], number>), frozen: 0 },
    };
  }
  const [r] = await query<Row>(
    db,
    sql`with m as (select rent_bills.amount_payable, ${exclusionSql} as why ${fromBills(selectionWhere(selection, auth))})
        select count(*) filter (where why is null)::int as n, coalesce(sum(amount_payable) filter (where why is null), 0)::numeric(18,2)::text as total,
               ${sql.join(EXCLUSIONS.map((e) => sql`count(*) filter (where why = ${e})::int as ${sql.identifier(e)}`), sql`, `)}
        from m`,
  );
  return {
    count: Number(r?.n ?? 0),
    total: sumMoney([(r?.total as string) ?? '0']),
    excluded: Object.fromEntries(EXCLUSIONS.map((e) => [e, Number(r?.[e] ?? 0)])) as PaymentBatchPreview['excluded'],
  };
}

/** Ticked bills that cannot be paid, each with its reason in the caller's language (at most 10 named). */
async function refusedTicked(tx: Queryable, ids: number[], auth: AuthContext) {
  const rows = await query<{ id: number; bill_no: string; why: Exclusion; status: string; batch_no: string | null }>(
    tx,
    sql`select rent_bills.id, rent_bills.bill_no, rent_bills.status, ${exclusionSql} as why,
               (select p.batch_no from payment_lines h join payment_batches p on p.id = h.batch_id where h.bill_id = rent_bills.id and h.status = 'pending' limit 1) as batch_no
        ${fromBills(selectionWhere({ bill_ids: ids }, auth))}`,
  );
  const found = new Set(rows.map((r) => Number(r.id)));
  const refused: Array<(lang: Lang) => string> = [];
  for (const id of ids) if (!found.has(id)) refused.push((lang) => t('error.batch_bill_missing', lang, { id }));
  for (const r of rows) {
    if (!r.why) continue;
    refused.push((lang) => t(`error.batch_bill_${r.why}`, lang, { bill_no: r.bill_no, state: RentBillStatus.label(r.status, lang), batch_no: r.batch_no ?? '' }));
  }
  return refused;
}

/** The batch row locked FOR UPDATE (scope checked: 403 / 404), its version compared with the one read. */
export async function lockBatch(tx: Queryable, id: number, auth: AuthContext, expectVersion?: number | null): Promise<Batch> {
  const batch = (await loadOne(tx, paymentBatchResource, id, auth, { lock: true })) as Batch;
  if (expectVersion != null && batch.version !== expectVersion) throw conflict(batch.version, expectVersion);
  return batch;
}

/** Moves a locked batch along PAYMENT_BATCH_MACHINE: status (+ `set`), version, sys_log, timeline. */
async function move(tx: Queryable, batch: Batch, action: PaymentBatchAction, actor: Actor, set: Row = {}, opts: { reason?: string | null; data?: Record<string, unknown> } = {}): Promise<Batch> {
  const to = assertTransition(PAYMENT_BATCH_MACHINE, batch.status, action, PaymentBatchStatus, PaymentBatchActionLabel);
  const [after] = await tx
    .update(paymentBatches)
    .set({ ...set, status: to, version: sql`${paymentBatches.version} + 1`, updated_at: new Date() } as never)
    .where(eq(paymentBatches.id, batch.id))
    .returning();
  await writeLog(tx, actor, { action, resource: 'payment_batch', recordId: batch.id, before: batch, after });
  await recordTransition(tx, actor, { entity: 'payment_batch', entityId: batch.id, action, from: batch.status, to, reason: opts.reason ?? null, data: opts.data });
  return after!;
}

/**
 * 新建付款批次 in the caller's transaction: a draft with one line per qualifying bill (the amount
 * payable and the contract's payee account now), set-based. The partial unique index on pending
 * lines makes two batches made at once over the same bills take each bill once (the second skips
 * what the first took: ON CONFLICT DO NOTHING waits for the first to commit). Ticked bills must all
 * qualify; a filter takes those that do. Nothing to pay, or more than BATCH_MAX_BILLS: no batch.
 */
export async function addBatchIn(tx: Queryable, input: { name?: string | null; purpose?: string | null; remark?: string | null; selection: PaymentBatchSelection }, auth: AuthContext, actor: Actor): Promise<Batch> {
  assertBatchScope(auth);
  const { selection } = input;
  const payable = selectionPayable(selection);
  if (selection.bill_ids) {
    const refused = await refusedTicked(tx, selection.bill_ids, auth);
    if (refused.length) throw unavailable(refused);
  }
  if (selection.settlement_ids) {
    const refused = await refusedSettlements(tx, selection.settlement_ids, auth);
    if (refused.length) throw unavailable(refused, 'error.batch_settlements_unavailable');
  }
  const [batch] = await tx
    .insert(paymentBatches)
    .values({
      batch_no: await nextNumber(tx, BATCH_PREFIX),
      name: input.name ?? null,
      payable_type: payable,
      purpose: input.purpose ?? (payable === 'settlement' ? DEFAULT_SETTLEMENT_PURPOSE : DEFAULT_PAYMENT_PURPOSE),
      remark: input.remark ?? null,
      selection: selection.bill_ids
        ? { bill_ids: selection.bill_ids.length }
        : selection.settlement_ids
          ? { settlement_ids: selection.settlement_ids.length }
          : selection.settlement_filter
            ? { settlement_filter: selectionQuery(selection.settlement_filter) }
            : { filter: selectionQuery(selection.filter ?? {}) },
      created_by: auth.userId,
    })
    .returning();
  const id = batch!.id;
  if (payable === 'settlement') return settlementBatchIn(tx, id, selection, auth, actor);
  // lines in bill order; the reference is P + the batch id + the line's number (unique: the batch id is)
  const [made] = await query<{ lines: number }>(
    tx,
    sql`with q as (
          select rent_bills.id, rent_bills.amount_payable, c.payee_name, c.bank_name, c.bank_branch, c.bank_card
          ${fromBills(and(selectionWhere(selection, auth), sql`(${exclusionSql}) is null`)!)}
          order by rent_bills.id limit ${BATCH_MAX_BILLS + 1}),
        ins as (
          insert into payment_lines (batch_id, bill_id, seq, reference, amount, payee_name, payee_bank, payee_branch, payee_card)
          select ${id}::int, q.id, row_number() over (order by q.id), 'P' || lpad(${id}::text, greatest(6, length(${id}::text)), '0') || lpad((row_number() over (order by q.id))::text, 6, '0'),
                 q.amount_payable, q.payee_name, q.bank_name, q.bank_branch, q.bank_card
          from q
          on conflict (bill_id) where status = 'pending' do nothing
          returning 1)
        select count(*)::int as lines from ins`,
  );
  // the bills the new lines hold — a second statement joining the real tables (index probes), not a CTE
  // (a CTE joined to a table is rescanned per row: quadratic at 100,000 lines)
  const [held] = await query<{ held: number }>(
    tx,
    sql`with h as (
          update rent_bills b set batch_id = ${id}::int, version = b.version + 1, updated_at = now()
          from payment_lines l
          where l.batch_id = ${id}::int and l.status = 'pending' and b.id = l.bill_id
            and b.batch_id is null and b.status in ('pending', 'failed') and b.amount_payable = l.amount
          returning 1)
        select count(*)::int as held from h`,
  );
  const lines = Number(made?.lines ?? 0);
  if (lines > BATCH_MAX_BILLS) {
    const [n] = await query<{ n: number }>(tx, sql`select count(*)::int as n from (select 1 ${fromBills(and(selectionWhere(selection, auth), sql`(${exclusionSql}) is null`)!)}) x`);
    throw new ApiError(400, 'error.batch_too_large', { max: BATCH_MAX_BILLS, n: Number(n?.n ?? lines) });
  }
  // a bill another transaction changed meanwhile (deducted, paused, taken by another batch)
  if (Number(held?.held ?? 0) !== lines) throw new ApiError(409, 'error.batch_import_changed');
  if (selection.bill_ids && lines !== selection.bill_ids.length) {
    // taken by a batch made at the same moment (the ON CONFLICT above skipped it)
    throw unavailable(await refusedTicked(tx, selection.bill_ids, auth));
  }
  if (!lines) throw new ApiError(400, 'error.batch_empty');
  const after = await refreshBatchSums(tx, id);
  await writeLog(tx, actor, { action: 'add', resource: 'payment_batch', recordId: id, after });
  await recordTransition(tx, actor, { entity: 'payment_batch', entityId: id, action: 'add', from: null, to: 'draft', data: { line_count: after.line_count, total: after.total } });
  return after as Batch;
}

/** The settlement side of addBatchIn: lines from confirmed settlements, the same checks and log. */
async function settlementBatchIn(tx: Queryable, id: number, selection: PaymentBatchSelection, auth: AuthContext, actor: Actor): Promise<Batch> {
  const [lines, held] = await insertSettlementLines(tx, id, selection, auth, BATCH_MAX_BILLS);
  if (lines > BATCH_MAX_BILLS) throw new ApiError(400, 'error.batch_too_large', { max: BATCH_MAX_BILLS, n: lines });
  if (held !== lines) throw new ApiError(409, 'error.batch_import_changed');
  if (selection.settlement_ids && lines !== selection.settlement_ids.length) throw unavailable(await refusedSettlements(tx, selection.settlement_ids, auth), 'error.batch_settlements_unavailable');
  if (!lines) throw new ApiError(400, 'error.batch_settlement_empty');
  const after = await refreshBatchSums(tx, id);
  await writeLog(tx, actor, { action: 'add', resource: 'payment_batch', recordId: id, after });
  await recordTransition(tx, actor, { entity: 'payment_batch', entityId: id, action: 'add', from: null, to: 'draft', data: { line_count: after.line_count, total: after.total, payable_type: 'settlement' } });
  return after as Batch;
}

function unavailable(refused: Array<(lang: Lang) => string>, key = 'error.batch_bills_unavailable') {
  return new ApiError(400, key, { n: refused.length }, (lang) =>
    t(key, lang, { n: refused.length, list: refused.slice(0, 10).map((f) => f(lang)).join(lang === 'zh' ? '；' : '; ') + (refused.length > 10 ? '…' : '') }),
  );
}

/** 提交审批: a draft with lines → awaiting approval. */
export async function submitBatchIn(tx: Queryable, id: number, version: number, auth: AuthContext, actor: Actor): Promise<Batch> {
  const batch = await lockBatch(tx, id, auth, version);
  assertTransition(PAYMENT_BATCH_MACHINE, batch.status, 'submit', PaymentBatchStatus, PaymentBatchActionLabel);
  if (batch.pending_count === 0) throw noLines(batch, 'submit');
  const after = await move(tx, batch, 'submit', actor, { submitted_by: auth.userId, submitted_at: new Date(), reason: null }, { data: { line_count: batch.line_count, total: batch.total } });
  await raiseWorkflowEvent(tx, 'payment_batch.submitted', id, actor);
  return after;
}

const noLines = (batch: Batch, action: string) =>
  new ApiError(400, 'error.batch_no_lines', { batch_no: batch.batch_no, action }, (lang) => t('error.batch_no_lines', lang, { batch_no: batch.batch_no, action: PaymentBatchActionLabel.label(action, lang) }));

/**
 * 审批通过 in the caller's transaction (the workflow engine will call this): awaiting approval →
 * approved, by someone who neither made nor submitted the batch (four eyes, the record type's
 * segregation-of-duties rule: payment/process.ts; admins too). The
 * approval covers the batch's lines and total as they are now (the version the approver read).
 */
export async function approveBatchIn(tx: Queryable, id: number, version: number | null, auth: AuthContext, actor: Actor): Promise<Batch> {
  const batch = await lockBatch(tx, id, auth, version);
  assertTransition(PAYMENT_BATCH_MACHINE, batch.status, 'approve', PaymentBatchStatus, PaymentBatchActionLabel);
  await assertSod(tx, 'payment_batch', batch, auth.userId, 'approve');
  return move(tx, batch, 'approve', actor, { approved_by: auth.userId, approved_at: new Date() }, { data: { line_count: batch.line_count, total: batch.total } });
}

/** 退回 with a reason: awaiting approval → draft (its lines stay; the maker may remove some and submit again). */
export async function rejectBatchIn(tx: Queryable, id: number, version: number | null, reason: string, auth: AuthContext, actor: Actor): Promise<Batch> {
  const batch = await lockBatch(tx, id, auth, version);
  return move(tx, batch, 'reject', actor, { reason, submitted_by: null, submitted_at: null }, { reason });
}

/** 取消 with a reason (before the bank has it): its pending lines are removed, their bills free again. */
export async function cancelBatchIn(tx: Queryable, id: number, version: number, reason: string, auth: AuthContext, actor: Actor): Promise<Batch> {
  const batch = await lockBatch(tx, id, auth, version);
  assertTransition(PAYMENT_BATCH_MACHINE, batch.status, 'cancel', PaymentBatchStatus, PaymentBatchActionLabel);
  // (before the bank nothing is paid: the bills this batch holds are exactly its pending lines' bills)
  await releaseSettlements(tx, id);
  await tx.execute(sql`update payment_lines set status = 'removed', removed_reason = ${reason.slice(0, 200)}, updated_at = now() where batch_id = ${id}::int and status = 'pending'`);
  await tx.execute(sql`update rent_bills set batch_id = null, version = version + 1, updated_at = now() where batch_id = ${id}::int and status in ('pending', 'failed')`);
  await refreshBatchSums(tx, id);
  const [fresh] = await tx.select().from(paymentBatches).where(eq(paymentBatches.id, id));
  return move(tx, fresh!, 'cancel', actor, { cancelled_at: new Date(), reason }, { reason, data: { removed: batch.pending_count } });
}

/** 移出批次: one line of a draft (its bill is free again); the batch's sums follow. */
export async function removeLineIn(tx: Queryable, id: number, version: number, lineId: number, auth: AuthContext, actor: Actor): Promise<Batch> {
  const batch = await lockBatch(tx, id, auth, version);
  assertTransition(PAYMENT_BATCH_MACHINE, batch.status, 'remove_line', PaymentBatchStatus, PaymentBatchActionLabel);
  const [line] = await tx.select().from(paymentLines).where(and(eq(paymentLines.id, lineId), eq(paymentLines.batch_id, id)));
  if (!line) throw new ApiError(400, 'error.batch_line_missing', { line_id: lineId, batch_no: batch.batch_no });
  if (line.status !== 'pending') {
    throw new ApiError(400, 'error.batch_line_state', { reference: line.reference, state: line.status }, (lang) => t('error.batch_line_state', lang, { reference: line.reference, state: PaymentLineStatus.label(line.status, lang) }));
  }
  let bill: { bill_no: string } | undefined;
  if (line.settlement_id != null) {
    const [s] = await query<{ settlement_no: string }>(tx, sql`select settlement_no from settlements where id = ${line.settlement_id}::int`);
    bill = s ? { bill_no: s.settlement_no } : undefined;
    await releaseSettlements(tx, id, lineId);
  } else {
    [bill] = await tx.select({ bill_no: rentBills.bill_no }).from(rentBills).where(eq(rentBills.id, line.bill_id!));
    await tx
      .update(rentBills)
      .set({ batch_id: null, version: sql`${rentBills.version} + 1`, updated_at: new Date() })
      .where(and(eq(rentBills.id, line.bill_id!), eq(rentBills.batch_id, id)));
  }
  await tx.update(paymentLines).set({ status: 'removed', removed_reason: t('payment.removed_manual', 'zh'), updated_at: new Date() }).where(eq(paymentLines.id, lineId));
  const after = (await refreshBatchSums(tx, id, { bump: true })) as Batch;
  await writeLog(tx, actor, { action: 'remove_line', resource: 'payment_batch', recordId: id, before: sumsOf(batch as never), after: { ...sumsOf(after as never), line_id: lineId, reference: line.reference, bill_no: bill?.bill_no, amount: line.amount } });
  await recordTransition(tx, actor, { entity: 'payment_batch', entityId: id, action: 'remove_line', from: batch.status, to: batch.status, data: { bill_no: bill?.bill_no, reference: line.reference, amount: line.amount, by: 'manual' } });
  return after;
}

/**
 * 导出银行文件, the state part (before the file streams): approved → exported the first time, then
 * the same lines again while it is at the bank. Lines whose station was frozen or terminated after
 * the batch was made leave it now (not after the file has gone out). Logged every time.
 */
export async function exportBatchIn(tx: Queryable, id: number, version: number, format: 'xlsx' | 'csv', auth: AuthContext, actor: Actor): Promise<Batch> {
  let batch = await lockBatch(tx, id, auth, version);
  assertTransition(PAYMENT_BATCH_MACHINE, batch.status, 'export', PaymentBatchStatus, PaymentBatchActionLabel);
  if (batch.status === 'approved') {
    const removed = await detachHeldBills(tx, sql`b.batch_id = ${id}::int and exists (select 1 from stations s where s.id = b.station_id and (s.frozen or s.status = 'terminated'))`, 'frozen', actor);
    if (removed) [batch] = (await tx.select().from(paymentBatches).where(eq(paymentBatches.id, id))) as [Batch];
  }
  if (batch.pending_count === 0) throw noLines(batch, 'export');
  return move(tx, batch, 'export', actor, { exported_by: auth.userId, exported_at: new Date(), export_count: sql`${paymentBatches.export_count} + 1` }, { data: { format, lines: batch.pending_count, amount: batch.pending_amount, n: batch.export_count + 1 } });
}

/**
 * The reconciliation of a batch from SQL sums over its lines (exact decimal strings): total =
 * paid + failed + pending, removed lines apart, and the stored total (the one approved) equal to
 * the lines' sum.
 */
export async function reconcile(db: Queryable, id: number, auth: AuthContext): Promise<PaymentReconciliation> {
  const batch = (await loadOne(db, paymentBatchResource, id, auth)) as Batch;
  const rows = await query<{ status: string; n: number; amount: string }>(
    db,
    sql`select status, count(*)::int as n, sum(amount)::numeric(18,2)::text as amount from payment_lines where batch_id = ${id}::int group by status`,
  );
  const of = (s: string) => {
    const r = rows.find((x) => x.status === s);
    return { n: Number(r?.n ?? 0), amount: sumMoney([r?.amount ?? '0']) };
  };
  const [total] = await query<{ n: number; amount: string }>(db, sql`select count(*)::int as n, coalesce(sum(amount), 0)::numeric(18,2)::text as amount from payment_lines where batch_id = ${id}::int and status <> 'removed'`);
  const paid = of('paid');
  const failed = of('failed');
  const pending = of('pending');
  const sum = { n: Number(total?.n ?? 0), amount: sumMoney([total?.amount ?? '0']) };
  const parts = new Money(paid.amount).plus(failed.amount).plus(pending.amount);
  return {
    total: sum,
    paid,
    failed,
    pending,
    removed: of('removed'),
    balanced: parts.eq(sum.amount) && paid.n + failed.n + pending.n === sum.n && new Money(batch.total).eq(sum.amount) && batch.line_count === sum.n,
  };
}

/** The HTTP side: one transaction per action, input parsed with the contract's schemas. */
export class PaymentBatchActions {
  constructor(private readonly db: Db) {}

  preview(body: unknown, auth: AuthContext) {
    const { selection } = parse(paymentBatchPreviewSchema, body);
    return previewSelection(this.db, selection, auth);
  }
  add(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(paymentBatchAddSchema, body);
    return this.db.transaction((tx) => addBatchIn(tx, input, auth, actor));
  }
  submit(body: unknown, auth: AuthContext, actor: Actor) {
    const { id, version } = parse(paymentBatchMoveSchema, body);
    return this.db.transaction((tx) => submitBatchIn(tx, id, version, auth, actor));
  }
  approve(body: unknown, auth: AuthContext, actor: Actor) {
    const { id, version } = parse(paymentBatchMoveSchema, body);
    return this.db.transaction((tx) => approveBatchIn(tx, id, version, auth, actor));
  }
  reject(body: unknown, auth: AuthContext, actor: Actor) {
    const { id, version, reason } = parse(paymentBatchReasonSchema, body);
    return this.db.transaction((tx) => rejectBatchIn(tx, id, version, reason, auth, actor));
  }
  cancel(body: unknown, auth: AuthContext, actor: Actor) {
    const { id, version, reason } = parse(paymentBatchReasonSchema, body);
    return this.db.transaction((tx) => cancelBatchIn(tx, id, version, reason, auth, actor));
  }
  removeLine(body: unknown, auth: AuthContext, actor: Actor) {
    const { id, version, line_id } = parse(paymentBatchRemoveLineSchema, body);
    return this.db.transaction((tx) => removeLineIn(tx, id, version, line_id, auth, actor));
  }
}

