import {
  type LeaseTerms,
  Money,
  RENT_BILL_MACHINE,
  type RentBillAction,
  RentBillActionLabel,
  RentBillStatus,
  billFor,
  nextPeriod,
  periodByKey,
  periodOf,
  rentBillDeductSchema,
  rentBillMoveSchema,
  rentBillPaySchema,
  rentBillReasonSchema,
  toFen,
} from '@pv/contract';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { leaseContracts, paymentBatches, rentBills, rentDeductions, stations, users } from '../../db/schema/index.ts';
import { ApiError, conflict, notFound } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { parse } from '../../http/validate.ts';
import { assertTransition, recordTransition, stationFrozen } from '../../lifecycle/engine.ts';
import { loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { detachHeldBills, heldAtBank } from '../payment/hold.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { raiseWorkflowEvent, requestApproval } from '../workflow/public.ts';
import { billInsert } from './generate.ts';
import { illegalBillAction, maskCards, rentBillResource } from './resource.ts';

type Row = Record<string, unknown>;
type Bill = typeof rentBills.$inferSelect;

const UNPAID = ['pending', 'failed', 'paused'] as const;

/** The contract's terms as the rent rule reads them. */
export const termsOf = (c: Row): LeaseTerms => ({
  rent_rule: c.rent_rule as LeaseTerms['rent_rule'],
  rent_rate: c.rent_rate as string,
  panel_count: (c.panel_count as number | null) ?? null,
  capacity_kwp: (c.capacity_kwp as string | null) ?? null,
  escalation_pct: (c.escalation_pct as string | null) ?? null,
  escalation_years: (c.escalation_years as number | null) ?? null,
  pay_cycle: c.pay_cycle as LeaseTerms['pay_cycle'],
  start_date: c.start_date as string,
  end_date: c.end_date as string,
});

/** Moves a locked bill along RENT_BILL_MACHINE: update, sys_log (cards masked), timeline — in the caller's transaction. */
async function applyBill(tx: Queryable, bill: Row, actor: Actor, action: RentBillAction, set: Row, opts: { reason?: string | null; data?: Record<string, unknown> } = {}): Promise<Bill> {
  const to = assertTransition(RENT_BILL_MACHINE, bill.status as string, action, RentBillStatus, RentBillActionLabel);
  const [after] = await tx
    .update(rentBills)
    .set({ ...set, status: to, version: sql`${rentBills.version} + 1`, updated_at: new Date() } as never)
    .where(eq(rentBills.id, bill.id as number))
    .returning();
  await writeLog(tx, actor, { action, resource: 'rent_bill', recordId: bill.id as number, before: maskCards(bill), after: maskCards(after as Row) });
  await recordTransition(tx, actor, { entity: 'rent_bill', entityId: bill.id as number, action, from: bill.status as string, to, reason: opts.reason ?? null, data: opts.data });
  return after!;
}

/** A bill row locked FOR UPDATE (no scope check: the caller's). */
async function lockBill(tx: Queryable, id: number, expectVersion?: number | null): Promise<Bill> {
  const [bill] = await tx.select().from(rentBills).where(eq(rentBills.id, id)).for('update');
  if (!bill) throw notFound(id);
  if (expectVersion != null && bill.version !== expectVersion) throw conflict(bill.version, expectVersion);
  return bill;
}

export interface PaidInput {
  bank_serial: string;
  paid_at?: Date;
  channel?: string | null;
  /** the payment batch that paid it */
  batch_id?: number | null;
  /** the account paid; default: the contract's payee account now */
  payee?: { payee_name: string | null; payee_bank: string | null; payee_card: string | null };
  expectVersion?: number | null;
}

/**
 * 已支付, inside the caller's transaction (a payment batch calls this per bill it settles): a
 * pending or failed bill becomes paid with the bank's serial, the time, the channel, the batch and
 * the account paid (a snapshot: a later card change does not rewrite who was paid). A paused,
 * void or paid bill is refused with its state named. The caller checks permission and scope.
 */
export async function markPaidIn(tx: Queryable, billId: number, input: PaidInput, actor: Actor): Promise<Bill> {
  const bill = await lockBill(tx, billId, input.expectVersion);
  assertTransition(RENT_BILL_MACHINE, bill.status, 'pay', RentBillStatus, RentBillActionLabel);
  let payee = input.payee;
  if (!payee) {
    const [c] = await tx.select().from(leaseContracts).where(eq(leaseContracts.id, bill.contract_id));
    payee = { payee_name: c?.payee_name ?? null, payee_bank: c?.bank_name ?? null, payee_card: c?.bank_card ?? null };
  }
  return applyBill(
    tx,
    bill,
    actor,
    'pay',
    { paid_at: input.paid_at ?? new Date(), bank_serial: input.bank_serial, channel: input.channel ?? null, batch_id: input.batch_id ?? bill.batch_id, fail_reason: null, ...payee },
    { data: { bank_serial: input.bank_serial, amount: bill.amount_payable, ...(input.batch_id ? { batch_id: input.batch_id } : {}) } },
  );
}

/**
 * 支付失败, inside the caller's transaction: a pending (or already failed) bill records the bank's
 * reason. A failed bill is held by no batch (`batch_id` cleared; the batch that failed it is in the
 * timeline), so a later batch may take it again and deduct / pause work on it meanwhile.
 */
export async function markFailedIn(tx: Queryable, billId: number, input: { reason: string; batch_id?: number | null; expectVersion?: number | null }, actor: Actor): Promise<Bill> {
  const bill = await lockBill(tx, billId, input.expectVersion);
  const batch = input.batch_id ?? bill.batch_id;
  return applyBill(tx, bill, actor, 'fail', { fail_reason: input.reason, failed_at: new Date(), batch_id: null }, { reason: input.reason, data: batch ? { batch_id: batch } : undefined });
}

/**
 * A frozen or terminated station pauses its unpaid bills (pending and failed ones), in the station
 * action's transaction; each gets its sys_log and timeline row. A bill a payment batch in
 * preparation holds leaves that batch first; one a batch at the bank holds is left to the bank's
 * result (payment/hold.ts).
 */
export async function pauseStationBills(tx: Queryable, stationId: number, actor: Actor, reason: string | null): Promise<number> {
  await detachHeldBills(tx, sql`b.station_id = ${stationId}::int`, 'frozen', actor);
  const bills = await tx
    .select()
    .from(rentBills)
    .where(and(eq(rentBills.station_id, stationId), inArray(rentBills.status, ['pending', 'failed']), isNull(rentBills.batch_id)))
    .orderBy(asc(rentBills.id))
    .for('update');
  for (const b of bills) await applyBill(tx, b, actor, 'pause', { paused_by: 'station', pause_reason: reason ?? '电站冻结或已终止' }, { reason, data: { by: 'station' } });
  return bills.length;
}

/** Unfreezing releases the bills its station paused (not those paused by hand). */
export async function releaseStationBills(tx: Queryable, stationId: number, actor: Actor): Promise<number> {
  const bills = await tx.select().from(rentBills).where(and(eq(rentBills.station_id, stationId), eq(rentBills.status, 'paused'), eq(rentBills.paused_by, 'station'))).orderBy(asc(rentBills.id)).for('update');
  for (const b of bills) await applyBill(tx, b, actor, 'release', { paused_by: null, pause_reason: null }, { data: { by: 'station' } });
  return bills.length;
}

/**
 * Every bill of one contract from its start through the period holding `through` (activation
 * catches up; termination completes), by the generator's own statement, so the amounts are the
 * same as the scheduler's; ON CONFLICT keeps existing bills as they are.
 */
export async function ensureBills(tx: Queryable, contract: Row, through: string, createdBy: number | null): Promise<number> {
  const end = (contract.terminate_date as string | null) ?? (contract.end_date as string);
  const last = through < end ? through : end;
  let made = 0;
  for (let p = periodOf(contract.pay_cycle as never, contract.start_date as string); p.start <= last; p = nextPeriod(p)) {
    const [r] = await query<{ n: number }>(tx, sql`with ${billInsert(p, sql`select lc.* from lease_contracts lc where lc.id = ${contract.id as number}::int`, createdBy)} select count(*)::int as n from ins`);
    made += Number(r?.n ?? 0);
  }
  return made;
}

/**
 * Termination settles the bills (in the terminate action's transaction): unpaid bills wholly after
 * the termination day are void; the unpaid bill holding that day is re-computed to end there (its
 * deductions kept, capped at the new amount); bills up to it that were never made are made. A bill
 * already paid beyond the day is left as paid (the timeline of the contract says so).
 */
export async function settleTermination(tx: Queryable, contract: Row, day: string, reason: string, actor: Actor, userId: number) {
  // the bills this changes (unpaid ones ending after the day) must not be at the bank; batches in
  // preparation let go of them (payment/hold.ts)
  const touched = sql`b.contract_id = ${contract.id as number}::int and b.cover_end > ${day}::date and b.status in ('pending', 'failed', 'paused')`;
  const [inBank] = await heldAtBank(tx, touched);
  if (inBank) throw new ApiError(400, 'error.lease_terminate_in_bank', inBank);
  await detachHeldBills(tx, touched, 'terminated', actor);
  const after = await tx
    .select()
    .from(rentBills)
    .where(and(eq(rentBills.contract_id, contract.id as number), gt(rentBills.cover_start, day), inArray(rentBills.status, [...UNPAID])))
    .orderBy(asc(rentBills.id))
    .for('update');
  for (const b of after) await applyBill(tx, b, actor, 'cancel', {}, { reason, data: { terminate_date: day } });
  const [holding] = await tx
    .select()
    .from(rentBills)
    .where(and(eq(rentBills.contract_id, contract.id as number), sql`${rentBills.cover_start} <= ${day}::date and ${rentBills.cover_end} > ${day}::date`))
    .for('update');
  let resettled: Row | null = null;
  if (holding && (UNPAID as readonly string[]).includes(holding.status)) {
    const amount = billFor(termsOf(contract), periodByKey(holding.period)!, day)!;
    const deduction = Money.min(new Money(holding.deduction), new Money(amount.amount)).toFixed(2);
    const [row] = await tx
      .update(rentBills)
      .set({ cover_end: amount.cover_end, days: amount.days, amount_due: amount.amount, deduction, amount_payable: toFen(new Money(amount.amount).minus(deduction)), version: sql`${rentBills.version} + 1`, updated_at: new Date() })
      .where(eq(rentBills.id, holding.id))
      .returning();
    // the deductions beyond the new amount are given back by one correcting entry: the entries add up to the bill
    const givenBack = new Money(holding.deduction).minus(deduction);
    if (givenBack.gt(0)) {
      await tx.insert(rentDeductions).values({
        bill_id: holding.id,
        amount: givenBack.negated().toFixed(2),
        reason: `终止结算（${day}）：账单减至 ${amount.amount}，扣款以此为限 / Termination on ${day}: the bill is now ${amount.amount}, deductions capped at it`,
        created_by: userId,
        created_by_name: actor.username,
      });
    }
    await writeLog(tx, actor, { action: 'settle', resource: 'rent_bill', recordId: holding.id, before: maskCards(holding), after: maskCards(row as Row) });
    await recordTransition(tx, actor, { entity: 'rent_bill', entityId: holding.id, action: 'settle', from: holding.status, to: holding.status, reason, data: { terminate_date: day, amount_due: amount.amount, was: holding.amount_due } });
    resettled = row as Row;
  }
  const made = await ensureBills(tx, { ...contract, terminate_date: day }, day, userId);
  const paidBeyond = holding && holding.status === 'paid' ? holding.bill_no : null;
  return { voided: after.length, resettled: resettled ? (resettled.bill_no as string) : null, made, paid_beyond: paidBeyond };
}

/** The rent bill's own buttons: deduct, pause, release, pay, fail — each its own permission. */
export class RentBillActions {
  constructor(private readonly db: Db) {}

  /** Locks the bill's station, then the bill (scope and version checked). */
  private async locked(tx: Queryable, id: number, version: number, auth: AuthContext) {
    const [ref] = await tx.select({ station_id: rentBills.station_id }).from(rentBills).where(eq(rentBills.id, id));
    if (!ref) throw notFound(id);
    const [station] = await tx.select().from(stations).where(eq(stations.id, ref.station_id)).for('update');
    const bill = await loadOne(tx, rentBillResource, id, auth, { lock: true });
    if (bill.version !== version) throw conflict(bill.version as number, version);
    return { bill, station: station! };
  }

  /**
   * An unpaid bill a payment batch holds (its pending line; `batch_id` set) keeps its amount and
   * state until the batch settles it: no deduction, pause, or payment and failure by hand (the bank
   * may be paying it). A failed bill is held by nothing until a later batch takes it again.
   */
  private async notInBatch(tx: Queryable, bill: Row, action: string) {
    if (bill.batch_id == null || !['pending', 'failed'].includes(bill.status as string)) return;
    const [batch] = await tx.select({ batch_no: paymentBatches.batch_no }).from(paymentBatches).where(eq(paymentBatches.id, bill.batch_id as number));
    const params = { bill_no: bill.bill_no, batch_no: batch?.batch_no ?? `#${bill.batch_id as number}` };
    throw new ApiError(400, 'error.rent_bill_in_batch', { ...params, action }, (lang) => t('error.rent_bill_in_batch', lang, { ...params, action: RentBillActionLabel.label(action, lang) }));
  }

  /** 扣款 with a reason: due stays, deduction grows, payable shrinks — never below zero (one conditional update). */
  async deduct(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(rentBillDeductSchema, body);
    return this.db.transaction(async (tx) => {
      const { bill } = await this.locked(tx, input.id, input.version, auth);
      if (!(UNPAID as readonly string[]).includes(bill.status as string)) throw illegalBillAction(bill.status as string, 'deduct');
      await this.notInBatch(tx, bill, 'deduct');
      // above the amount a published process names, the deduction waits for its approval
      const pending = await requestApproval(tx, { type: 'rent_bill', action: 'deduct', record: bill, params: { amount: input.amount, reason: input.reason }, actor });
      if (pending) return { ...bill, workflow_request: pending };
      const [after] = await tx
        .update(rentBills)
        .set({ deduction: sql`${rentBills.deduction} + ${input.amount}::numeric`, amount_payable: sql`${rentBills.amount_payable} - ${input.amount}::numeric`, version: sql`${rentBills.version} + 1`, updated_at: new Date() })
        .where(and(eq(rentBills.id, input.id), sql`${rentBills.amount_payable} >= ${input.amount}::numeric`))
        .returning();
      if (!after) throw new ApiError(400, 'error.rent_deduction_exceeds', { amount: input.amount, payable: bill.amount_payable });
      const [who] = await tx.select({ name: sql<string>`coalesce(nullif(${users.full_name}, ''), ${users.username})` }).from(users).where(eq(users.id, auth.userId));
      await tx.insert(rentDeductions).values({ bill_id: input.id, amount: input.amount, reason: input.reason, created_by: auth.userId, created_by_name: who?.name ?? actor.username });
      await writeLog(tx, actor, { action: 'deduct', resource: 'rent_bill', recordId: input.id, before: maskCards(bill), after: maskCards(after as Row) });
      await recordTransition(tx, actor, { entity: 'rent_bill', entityId: input.id, action: 'deduct', from: bill.status as string, to: bill.status as string, reason: input.reason, data: { amount: input.amount, payable: after.amount_payable } });
      await raiseWorkflowEvent(tx, 'rent_bill.deducted', input.id, actor);
      return after;
    });
  }

  /** 暂停 by hand with a reason (unfreezing the station does not release it). */
  async pause(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(rentBillReasonSchema, body);
    return this.db.transaction(async (tx) => {
      const { bill } = await this.locked(tx, input.id, input.version, auth);
      await this.notInBatch(tx, bill, 'pause');
      const after = await applyBill(tx, bill, actor, 'pause', { paused_by: 'manual', pause_reason: input.reason }, { reason: input.reason, data: { by: 'manual' } });
      await raiseWorkflowEvent(tx, 'rent_bill.paused', input.id, actor);
      return after;
    });
  }

  /** 恢复: paused → pending; refused while the station is frozen or terminated. */
  async release(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(rentBillMoveSchema, body);
    return this.db.transaction(async (tx) => {
      const { bill, station } = await this.locked(tx, input.id, input.version, auth);
      if (station.frozen || station.status === 'terminated') throw stationFrozen(station.code, 'release', RentBillActionLabel);
      return applyBill(tx, bill, actor, 'release', { paused_by: null, pause_reason: null }, { data: { by: 'manual' } });
    });
  }

  /** 确认已支付 by hand (a bank transfer made outside a batch): the bank's serial is required. */
  async pay(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(rentBillPaySchema, body);
    return this.db.transaction(async (tx) => {
      const { bill, station } = await this.locked(tx, input.id, input.version, auth);
      if (station.frozen) throw stationFrozen(station.code, 'pay', RentBillActionLabel);
      await this.notInBatch(tx, bill, 'pay');
      return markPaidIn(tx, bill.id as number, { bank_serial: input.bank_serial, paid_at: input.paid_at ? new Date(input.paid_at) : undefined, channel: input.channel ?? 'bank' }, actor);
    });
  }

  /** 标记支付失败 with the bank's reason. */
  async fail(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(rentBillReasonSchema, body);
    return this.db.transaction(async (tx) => {
      const { bill } = await this.locked(tx, input.id, input.version, auth);
      await this.notInBatch(tx, bill, 'fail');
      return markFailedIn(tx, bill.id as number, { reason: input.reason }, actor);
    });
  }

  /** The deductions of a bill, oldest first. */
  async deductions(id: number, auth: AuthContext) {
    await loadOne(this.db, rentBillResource, id, auth);
    const rows = await this.db.select().from(rentDeductions).where(eq(rentDeductions.bill_id, id)).orderBy(asc(rentDeductions.id));
    return { list: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })), total: rows.length };
  }
}
