import {
  Money,
  SETTLEMENT_MACHINE,
  type SettlementAction,
  SettlementActionLabel,
  SettlementLineStatus,
  SettlementStatus,
  nextMonth,
  settlementAdjustSchema,
  settlementDisputeSchema,
  settlementMoveSchema,
  settlementPaySchema,
  settlementResolveSchema,
  toFen,
} from '@pv/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { settlementLines, settlements } from '../../db/schema/index.ts';
import { ApiError, conflict } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { parse } from '../../http/validate.ts';
import { assertTransition, recordTransition } from '../../lifecycle/engine.ts';
import { loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { raiseWorkflowEvent, requestApproval } from '../workflow/public.ts';
import { assertSod } from '../../lifecycle/sod.ts';
import { refreshTotals, settlementNo } from './generate.ts';
import { illegalSettlementAction, settlementResource } from './resource.ts';

type Row = Record<string, unknown>;
type Line = typeof settlementLines.$inferSelect;

const lineMissing = (lineId: number, s: Row) => new ApiError(400, 'error.settlement_line_missing', { line_id: lineId, settlement_no: s.settlement_no });
const lineState = (line: Line, action: string) =>
  new ApiError(400, 'error.settlement_line_state', { line_id: line.id, state: line.status, action }, (lang) =>
    t('error.settlement_line_state', lang, { line_id: line.id, state: SettlementLineStatus.label(line.status, lang), action: SettlementActionLabel.label(action, lang) }),
  );

/**
 * The settlement's named actions (docs/DECISIONS.md "Settlements"): submit, confirm, dispute (a
 * line), resolve (a disputed line: accept → an adjustment line, reject → a reply), pay, adjust (a
 * confirmed line, corrected in the party's next month). Each locks the settlement in the caller's
 * data scope, checks its version and state, and writes the system log and the timeline.
 */
export class SettlementActions {
  constructor(private readonly db: Db) {}

  private async locked(tx: Queryable, id: number, version: number, auth: AuthContext) {
    const s = await loadOne(tx, settlementResource, id, auth, { lock: true });
    if (s.version !== version) throw conflict(s.version as number, version);
    return s;
  }

  private async lineOf(tx: Queryable, s: Row, lineId: number): Promise<Line> {
    const [line] = await tx.select().from(settlementLines).where(eq(settlementLines.id, lineId)).for('update');
    if (!line || line.settlement_id !== s.id) throw lineMissing(lineId, s);
    return line;
  }

  /** status + set, version, sys_log, timeline. */
  private async apply(tx: Queryable, s: Row, actor: Actor, action: SettlementAction, set: Row, opts: { to?: string; reason?: string | null; data?: Record<string, unknown> } = {}) {
    const to = opts.to ?? assertTransition(SETTLEMENT_MACHINE, s.status as string, action, SettlementStatus, SettlementActionLabel);
    const [after] = await tx
      .update(settlements)
      .set({ ...set, status: to, version: sql`${settlements.version} + 1`, updated_at: new Date() } as never)
      .where(eq(settlements.id, s.id as number))
      .returning();
    await writeLog(tx, actor, { action, resource: 'settlement', recordId: s.id as number, before: s, after: after as Row });
    await recordTransition(tx, actor, { entity: 'settlement', entityId: s.id as number, action, from: s.status as string, to, reason: opts.reason ?? null, data: opts.data });
    return after!;
  }

  private async setLine(tx: Queryable, line: Line, actor: Actor, action: string, set: Partial<Line>) {
    const [after] = await tx
      .update(settlementLines)
      .set({ ...set, version: sql`${settlementLines.version} + 1`, updated_at: new Date() })
      .where(eq(settlementLines.id, line.id))
      .returning();
    await writeLog(tx, actor, { action, resource: 'settlement_line', recordId: line.id, before: line as unknown as Row, after: after as unknown as Row });
    return after!;
  }

  /** 提交确认: draft → pending (finance); the agent side sees it to confirm or dispute. */
  async submit(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(settlementMoveSchema, body);
    return this.db.transaction(async (tx) => {
      const s = await this.locked(tx, input.id, input.version, auth);
      const after = await this.apply(tx, s, actor, 'submit', { submitted_by: auth.userId, submitted_at: new Date() }, { data: { total_amount: s.total_amount, line_count: s.line_count } });
      await raiseWorkflowEvent(tx, 'settlement.submitted', s.id as number, actor);
      return after;
    });
  }

  /** 确认: pending → confirmed (the agent itself, or finance on its behalf); its lines are frozen from now on. */
  async confirm(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(settlementMoveSchema, body);
    return this.db.transaction(async (tx) => {
      const s = await this.locked(tx, input.id, input.version, auth);
      return this.apply(tx, s, actor, 'confirm', { confirmed_by: auth.userId, confirmed_at: new Date() }, { data: { total_amount: s.total_amount } });
    });
  }

  /** 提出异议 on one normal line with a reason: the settlement becomes 有异议 until finance resolves every disputed line. */
  async dispute(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(settlementDisputeSchema, body);
    return this.db.transaction(async (tx) => {
      const s = await this.locked(tx, input.id, input.version, auth);
      if (!(SETTLEMENT_MACHINE.dispute.from as readonly string[]).includes(s.status as string)) throw illegalSettlementAction(s.status as string, 'dispute');
      const line = await this.lineOf(tx, s, input.line_id);
      if (line.status !== 'normal') throw lineState(line, 'dispute');
      await this.setLine(tx, line, actor, 'dispute', { status: 'disputed', dispute_reason: input.reason, disputed_by: auth.userId, disputed_at: new Date() });
      const row = await this.apply(tx, s, actor, 'dispute', { disputed_by: auth.userId, disputed_at: new Date() }, { reason: input.reason, data: { line_id: line.id, kind: line.kind, amount: line.amount } });
      // the settlement became 有异议 (a second disputed line changes nothing): processes bound to it start with this change
      if (s.status !== 'disputed') await raiseWorkflowEvent(tx, 'settlement.disputed', s.id as number, actor);
      return row;
    });
  }

  /**
   * 处理异议 (finance) on one disputed line: accept with the amount the line should have had → an
   * adjustment line for the difference (the original line stays as it was, marked accepted), or
   * reject with a reply. When no line is disputed any more the settlement is 待确认 again.
   */
  async resolve(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(settlementResolveSchema, body);
    return this.db.transaction(async (tx) => {
      const s = await this.locked(tx, input.id, input.version, auth);
      if (s.status !== 'disputed') throw illegalSettlementAction(s.status as string, 'resolve');
      const line = await this.lineOf(tx, s, input.line_id);
      if (line.status !== 'disputed') throw lineState(line, 'resolve');
      let adjustment: string | null = null;
      if (input.decision === 'accept') {
        const diff = toFen(new Money(input.amount!).minus(line.amount));
        if (!new Money(diff).isZero()) {
          await tx.insert(settlementLines).values({
            settlement_id: s.id as number, kind: 'adjustment', source_type: 'settlement_line', source_id: line.id, event_at: new Date(),
            quantity: '1.00', rate: new Money(diff).toFixed(4), amount: diff, adjustment_of: line.id, note: input.reply, created_by: auth.userId,
          });
          adjustment = diff;
        }
      }
      await this.setLine(tx, line, actor, 'resolve', { status: input.decision === 'accept' ? 'accepted' : 'rejected', reply: input.reply, resolved_by: auth.userId, resolved_at: new Date() });
      await refreshTotals(tx, sql`s2.id = ${s.id as number}`);
      const [open] = await query<{ n: number }>(tx, sql`select count(*)::int as n from settlement_lines where settlement_id = ${s.id as number} and status = 'disputed'`);
      const [fresh] = await tx.select().from(settlements).where(eq(settlements.id, s.id as number));
      return this.apply(tx, { ...fresh! }, actor, 'resolve', {}, {
        to: Number(open?.n ?? 0) === 0 ? 'pending' : 'disputed',
        reason: input.reply,
        data: { line_id: line.id, decision: input.decision, ...(adjustment ? { adjustment } : {}) },
      });
    });
  }

  /**
   * 确认付款: confirmed → paid with the bank's serial, for a transfer made outside the system (a
   * settlement paid through a payment batch is marked paid by the bank's result instead; one held
   * by an open batch is refused here: the batch's result decides).
   */
  async pay(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(settlementPaySchema, body);
    return this.db.transaction(async (tx) => {
      const s = await this.locked(tx, input.id, input.version, auth);
      await assertSod(tx, 'settlement', s, auth.userId, 'pay');
      if (s.batch_id != null && s.status === 'confirmed') {
        const [b] = await query<{ batch_no: string }>(tx, sql`select batch_no from payment_batches where id = ${s.batch_id as number}`);
        throw new ApiError(400, 'error.settlement_in_batch', { settlement_no: s.settlement_no, batch_no: b?.batch_no ?? '' });
      }
      assertTransition(SETTLEMENT_MACHINE, s.status as string, 'pay', SettlementStatus, SettlementActionLabel);
      // a published process may have to approve marking it paid first
      const pending = await requestApproval(tx, { type: 'settlement', action: 'pay', record: s, params: { bank_serial: input.bank_serial, paid_at: input.paid_at ?? null }, actor });
      if (pending) return { ...s, workflow_request: pending };
      const paidAt = input.paid_at ? new Date(`${input.paid_at}T12:00:00+08:00`) : new Date();
      return this.apply(tx, s, actor, 'pay', { paid_by: auth.userId, paid_at: paidAt, bank_serial: input.bank_serial, fail_reason: null }, { data: { bank_serial: input.bank_serial, total_amount: s.total_amount } });
    });
  }

  /**
   * 调整 a line of a confirmed or paid settlement (which never changes): an adjustment line for the
   * difference goes into the party's settlement of the next month (made as a draft when it does not
   * exist; refused when that one has left draft).
   */
  async adjust(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(settlementAdjustSchema, body);
    return this.db.transaction(async (tx) => {
      const s = await this.locked(tx, input.id, input.version, auth);
      if (s.status !== 'confirmed' && s.status !== 'paid') throw illegalSettlementAction(s.status as string, 'adjust');
      const line = await this.lineOf(tx, s, input.line_id);
      const diff = toFen(new Money(input.amount).minus(line.amount));
      if (new Money(diff).isZero()) throw new ApiError(400, 'error.invalid_params', { detail: 'amount' });
      const month = nextMonth(s.month as string);
      await query(
        tx,
        sql`insert into settlements (settlement_no, party_kind, party_id, agent_id, month, created_by)
            values (${settlementNo()}, ${s.party_kind as string}, ${s.party_id as number}, ${(s.agent_id as number | null) ?? null}::int, ${month}, ${auth.userId})
            on conflict (party_kind, party_id, month) do nothing`,
      );
      const [next] = await tx
        .select()
        .from(settlements)
        .where(and(eq(settlements.party_kind, s.party_kind as string), eq(settlements.party_id, s.party_id as number), eq(settlements.month, month)))
        .for('update');
      if (next!.status !== 'draft') throw new ApiError(400, 'error.settlement_next_not_draft', { month, settlement_no: next!.settlement_no });
      const [adj] = await tx
        .insert(settlementLines)
        .values({
          settlement_id: next!.id, kind: 'adjustment', source_type: 'settlement_line', source_id: line.id, event_at: new Date(),
          quantity: '1.00', rate: new Money(diff).toFixed(4), amount: diff, adjustment_of: line.id, note: input.reason, created_by: auth.userId,
        })
        .returning();
      await refreshTotals(tx, sql`s2.id = ${next!.id}`);
      await writeLog(tx, actor, { action: 'adjust', resource: 'settlement', recordId: next!.id, after: { line: adj, of: line.id, settlement_no: s.settlement_no } });
      await recordTransition(tx, actor, { entity: 'settlement', entityId: next!.id, action: 'adjust', from: next!.status, to: next!.status, reason: input.reason, data: { line_id: line.id, from_settlement: s.settlement_no, amount: diff } });
      await recordTransition(tx, actor, { entity: 'settlement', entityId: s.id as number, action: 'adjust', from: s.status as string, to: s.status as string, reason: input.reason, data: { line_id: line.id, to_settlement: next!.settlement_no, amount: diff } });
      return s;
    });
  }

  /** The lines of a settlement with what each points at (label and id for a link), by kind. */
  async lines(id: number, auth: AuthContext) {
    await loadOne(this.db, settlementResource, id, auth);
    const rows = await query<Row>(
      this.db,
      sql`select l.*, case l.source_type
            when 'customer' then (select c.name from customers c where c.id = l.source_id)
            when 'station' then (select s.code || ' ' || s.name from stations s where s.id = l.source_id)
            when 'work_order' then (select w.order_no from work_orders w where w.id = l.source_id)
            when 'self_audit' then (select w.order_no || ' #' || a.attempt from self_audits a join work_orders w on w.id = a.work_order_id where a.id = l.source_id)
            when 'settlement_line' then (select s.settlement_no || ' / ' || o.id from settlement_lines o join settlements s on s.id = o.settlement_id where o.id = l.source_id)
          end as source_label,
          case l.source_type
            when 'work_order' then (select w.kind from work_orders w where w.id = l.source_id)
            when 'self_audit' then (select a.kind from self_audits a where a.id = l.source_id)
          end as source_kind
          from settlement_lines l where l.settlement_id = ${id} order by l.kind, l.id`,
    );
    const list = rows.map((r) => ({
      ...r,
      event_at: r.event_at ? new Date(r.event_at as string).toISOString() : null,
      disputed_at: r.disputed_at ? new Date(r.disputed_at as string).toISOString() : null,
      resolved_at: r.resolved_at ? new Date(r.resolved_at as string).toISOString() : null,
      created_at: new Date(r.created_at as string).toISOString(),
      updated_at: new Date(r.updated_at as string).toISOString(),
    }));
    return { list, total: list.length };
  }
}


