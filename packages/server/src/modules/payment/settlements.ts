import { type Lang, type PaymentBatchSelection, SettlementStatus, formatMoney } from '@pv/contract';
import { type SQL, and, inArray, sql } from 'drizzle-orm';
import { type Queryable, query } from '../../db/client.ts';
import { settlements } from '../../db/schema/index.ts';
import { t } from '../../http/messages.ts';
import { planList } from '../../resources/query.ts';
import type { AuthContext } from '../auth/context.ts';
import { settlementResource } from '../settlement/resource.ts';
import type { Actor } from '../system/syslog.ts';

/**
 * Confirmed settlements (结算单) in payment batches (docs/DECISIONS.md "Settlements" and "Payment
 * batches"): the settlement side of what the batch does with rent bills. A payment line then names
 * a settlement (`payable_type = 'settlement'`, `settlement_id`), the payee is the party's account as
 * it is when the batch is made — an agent's own bank and account (agents.bank_name/bank_account,
 * the agent's name as holder), else its partner record's; a team user's partner record's — and the
 * partial unique index `payment_lines_open_settlement_key` holds a settlement on one open line at
 * most. A settlement's `batch_id` names the open batch holding it, or the batch that paid it; a
 * failed line clears it (the reason stays on the settlement) and a later batch may take it.
 */

/** Why a settlement a selection matched cannot be paid, first reason first. */
export const SETTLEMENT_EXCLUSIONS = ['state', 'negative', 'zero', 'held', 'no_card'] as const;
export type SettlementExclusion = (typeof SETTLEMENT_EXCLUSIONS)[number];

/** The payee of the settlement `settlements` (a lateral subquery `pay`: name, bank, branch, card). */
const payeeJoin = sql`left join agents ag on settlements.party_kind = 'agent' and ag.id = settlements.party_id
  left join users tu on settlements.party_kind = 'team' and tu.id = settlements.party_id
  left join partners pa on pa.id = coalesce(ag.partner_id, tu.partner_id)
  cross join lateral (select
    case when ag.bank_account is not null and ag.bank_account <> '' then ag.name else pa.account_holder end as payee_name,
    case when ag.bank_account is not null and ag.bank_account <> '' then ag.bank_name else pa.bank_name end as payee_bank,
    case when ag.bank_account is not null and ag.bank_account <> '' then null else pa.bank_branch end as payee_branch,
    case when ag.bank_account is not null and ag.bank_account <> '' then ag.bank_account else pa.account_no end as payee_card) pay`;

/** The reason a settlement (`settlements`, with `pay`) cannot be paid, or null. */
export const settlementExclusionSql = sql`case
  when settlements.status <> 'confirmed' then 'state'
  when settlements.total_amount < 0 then 'negative'
  when settlements.total_amount = 0 then 'zero'
  when settlements.batch_id is not null or exists (select 1 from payment_lines h where h.settlement_id = settlements.id and h.status = 'pending') then 'held'
  when pay.payee_card is null or length(pay.payee_card) < 8 or coalesce(pay.payee_name, '') = '' then 'no_card'
end`;

/** The settlements a selection names, within the caller's data scope (the settlement list's own filters and scope). */
export function settlementSelectionWhere(selection: PaymentBatchSelection, auth: AuthContext): SQL {
  if (selection.settlement_ids) return and(inArray(settlements.id, selection.settlement_ids), settlementResource.scope(auth)) ?? sql`true`;
  const plan = planList(settlementResource, selectionFilter(selection.settlement_filter ?? {}), auth);
  return plan.where ?? sql`true`;
}

const selectionFilter = (filter: Record<string, unknown>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(filter)) {
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length)) continue;
    out[k] = Array.isArray(v) ? v.map(String).join(',') : String(v);
  }
  return out;
};

export const fromSettlements = (where: SQL) => sql`from settlements ${payeeJoin} where ${where}`;

/** The preview of a settlement selection: count and exact total of those that qualify, the others counted per reason. */
export async function previewSettlements(db: Queryable, selection: PaymentBatchSelection, auth: AuthContext) {
  const [r] = await query<Record<string, unknown>>(
    db,
    sql`with m as (select settlements.total_amount, ${settlementExclusionSql} as why ${fromSettlements(settlementSelectionWhere(selection, auth))})
        select count(*) filter (where why is null)::int as n, coalesce(sum(total_amount) filter (where why is null), 0)::numeric(18,2)::text as total,
               ${sql.join(SETTLEMENT_EXCLUSIONS.map((e) => sql`count(*) filter (where why = ${e})::int as ${sql.identifier(e)}`), sql`, `)}
        from m`,
  );
  return r ?? {};
}

/** Ticked settlements that cannot be paid, each with its reason in the caller's language. */
export async function refusedSettlements(tx: Queryable, ids: number[], auth: AuthContext): Promise<Array<(lang: Lang) => string>> {
  const rows = await query<{ id: number; settlement_no: string; status: string; party_kind: string; total_amount: string; why: SettlementExclusion | null; batch_no: string | null }>(
    tx,
    sql`select settlements.id, settlements.settlement_no, settlements.status, settlements.party_kind, settlements.total_amount::text as total_amount, ${settlementExclusionSql} as why,
               (select p.batch_no from payment_lines h join payment_batches p on p.id = h.batch_id where h.settlement_id = settlements.id and h.status = 'pending' limit 1) as batch_no
        ${fromSettlements(settlementSelectionWhere({ settlement_ids: ids }, auth))}`,
  );
  const found = new Set(rows.map((r) => Number(r.id)));
  const refused: Array<(lang: Lang) => string> = [];
  for (const id of ids) if (!found.has(id)) refused.push((lang) => t('error.batch_settlement_missing', lang, { id }));
  for (const r of rows) {
    if (!r.why) continue;
    refused.push((lang) =>
      t(`error.batch_settlement_${r.why}`, lang, {
        settlement_no: r.settlement_no,
        state: SettlementStatus.label(r.status, lang),
        batch_no: r.batch_no ?? '',
        amount: formatMoney(r.total_amount),
        party: t(`payment.settlement_party_${r.party_kind}`, lang),
      }),
    );
  }
  return refused;
}

/**
 * The lines of a new batch from the qualifying settlements (one statement, ON CONFLICT on the open
 * line index), then the settlements' `batch_id` (a second statement over the real tables). Returns
 * [lines made, settlements held]; the caller compares them.
 */
export async function insertSettlementLines(tx: Queryable, batchId: number, selection: PaymentBatchSelection, auth: AuthContext, max: number): Promise<[number, number]> {
  const where = and(settlementSelectionWhere(selection, auth), sql`(${settlementExclusionSql}) is null`)!;
  const [made] = await query<{ lines: number }>(
    tx,
    sql`with q as (
          select settlements.id, settlements.total_amount, pay.payee_name, pay.payee_bank, pay.payee_branch, pay.payee_card
          ${fromSettlements(where)}
          order by settlements.id limit ${max + 1}),
        ins as (
          insert into payment_lines (batch_id, payable_type, settlement_id, seq, reference, amount, payee_name, payee_bank, payee_branch, payee_card)
          select ${batchId}::int, 'settlement', q.id, row_number() over (order by q.id),
                 'P' || lpad(${batchId}::text, greatest(6, length(${batchId}::text)), '0') || lpad((row_number() over (order by q.id))::text, 6, '0'),
                 q.total_amount, left(q.payee_name, 100), left(q.payee_bank, 100), left(q.payee_branch, 100), q.payee_card
          from q
          on conflict (settlement_id) where status = 'pending' do nothing
          returning 1)
        select count(*)::int as lines from ins`,
  );
  const [held] = await query<{ held: number }>(
    tx,
    sql`with h as (
          update settlements s set batch_id = ${batchId}::int, version = s.version + 1, updated_at = now()
          from payment_lines l
          where l.batch_id = ${batchId}::int and l.status = 'pending' and s.id = l.settlement_id
            and s.batch_id is null and s.status = 'confirmed' and s.total_amount = l.amount
          returning 1)
        select count(*)::int as held from h`,
  );
  return [Number(made?.lines ?? 0), Number(held?.held ?? 0)];
}

/** The settlements of a batch's pending lines are free again (cancel, or one line removed: `lineId`). */
export async function releaseSettlements(tx: Queryable, batchId: number, lineId?: number) {
  await tx.execute(
    sql`update settlements s set batch_id = null, version = s.version + 1, updated_at = now()
        from payment_lines l
        where l.batch_id = ${batchId}::int and l.settlement_id = s.id and s.batch_id = ${batchId}::int and s.status = 'confirmed'
          ${lineId != null ? sql`and l.id = ${lineId}::int` : sql``}`,
  );
}

/**
 * The bank's answers for the settlement lines this import just wrote (`result_at = now()`), in the
 * import's transaction: paid → 已付款 with the bank's serial and time, `batch_id` the batch that paid;
 * failed → still 已确认, the reason and time recorded and `batch_id` cleared (a later batch may take
 * it). System log and timeline rows as the `pay` action writes them. Returns the settlements written.
 */
export async function writeSettlementResults(tx: Queryable, batchId: number, actor: Actor): Promise<number> {
  const B = sql`${batchId}::int`;
  const [r] = await query<{ n: number }>(
    tx,
    sql`with su as (
          update settlements s set
                 status = case when l.status = 'paid' then 'paid' else s.status end,
                 paid_at = case when l.status = 'paid' then l.paid_at else s.paid_at end,
                 paid_by = case when l.status = 'paid' then ${actor.userId}::int else s.paid_by end,
                 bank_serial = case when l.status = 'paid' then l.bank_serial else s.bank_serial end,
                 batch_id = case when l.status = 'paid' then ${B} end,
                 fail_reason = case when l.status = 'paid' then null else l.fail_reason end,
                 failed_at = case when l.status = 'failed' then now() else s.failed_at end,
                 version = s.version + 1, updated_at = now()
          from payment_lines l join settlements o on o.id = l.settlement_id
          where l.batch_id = ${B} and l.result_at = now() and l.status in ('paid', 'failed') and l.payable_type = 'settlement'
            and s.id = l.settlement_id and s.status = 'confirmed' and s.batch_id = ${B}
          returning s.id, s.status, l.status as result, s.bank_serial, s.fail_reason, s.total_amount::text as amount, o.status as from_status,
                    (to_jsonb(o) || jsonb_build_object('total_amount', o.total_amount::text)) as before_row,
                    (to_jsonb(s) || jsonb_build_object('total_amount', s.total_amount::text)) as after_row),
        lg as (
          insert into sys_log (user_id, username, ip, action, resource, record_id, before, after)
          select ${actor.userId}::int, ${actor.username}, ${actor.ip}, case when su.result = 'paid' then 'pay' else 'pay_failed' end, 'settlement', su.id, su.before_row, su.after_row
          from su
          returning 1),
        tl as (
          insert into transitions (entity, entity_id, action, from_status, to_status, reason, data, user_id, user_name)
          select 'settlement', su.id, case when su.result = 'paid' then 'pay' else 'pay_failed' end, su.from_status, su.status,
                 case when su.result = 'failed' then su.fail_reason end,
                 case when su.result = 'paid' then jsonb_build_object('bank_serial', su.bank_serial, 'total_amount', su.amount, 'batch_id', ${B})
                      else jsonb_build_object('batch_id', ${B}) end,
                 ${actor.userId}::int, ${actor.username}
          from su
          returning 1)
        select (select count(*) from su)::int as n`,
  );
  return Number(r?.n ?? 0);
}
