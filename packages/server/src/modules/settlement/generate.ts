import { SETTLEMENT_PREFIX, type SettlementPartyValue, nextMonth, previousMonth } from '@pv/contract';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { settlementRuns } from '../../db/schema/index.ts';
import { type CursorRunSpec, runToEnd } from '../../lifecycle/cursor-run.ts';
import { chinaDate } from '../inspection/generate.ts';

/**
 * Settlement generation (docs/DECISIONS.md "Settlements"). A month's run walks the parties of one
 * kind (agents, or team users) by id in batches (lifecycle/cursor-run.ts: the run row is locked per
 * batch, so two runners never interleave a batch and a stopped run resumes at its cursor). Per batch,
 * set-based: the events of the month (China time) priced by the rule in force on the event's day →
 * a draft settlement per party that has an uncounted event (unique party + month) → the lines
 * (INSERT … SELECT … ON CONFLICT DO NOTHING on the unique (kind, source_type, source_id) of event
 * lines, so an event is counted once ever, in whichever month first took it) → the totals (the exact
 * sum of the lines). Events go only into a draft settlement: one already submitted keeps its lines.
 */

export const SETTLEMENT_BATCH = 500;

/** The month's bounds as China-time instants. */
const bounds = (month: string) => ({ from: `${month}-01T00:00:00+08:00`, to: `${nextMonth(month)}-01T00:00:00+08:00` });
const inMonth = (col: SQL, month: string) => {
  const b = bounds(month);
  return sql`${col} >= ${b.from}::timestamptz and ${col} < ${b.to}::timestamptz`;
};
/** The rule of `kind` (and level) in force on the event's China day. */
const ruleOn = (kind: string, level: SQL, at: SQL) =>
  sql`join lateral (select r.id, r.version, r.rate from settlement_rules r
        where r.kind = ${kind} and r.agent_level = ${level} and (${at} at time zone 'Asia/Shanghai')::date >= r.effective_from
          and (r.effective_until is null or (${at} at time zone 'Asia/Shanghai')::date <= r.effective_until) limit 1) r on true`;

/**
 * The priced events of `month` for the parties `ids` of one kind, as rows
 * (party_id, agent_id, kind, source_type, source_id, event_at, quantity, rule_id, rule_version, rate, amount).
 */
export function events(kind: SettlementPartyValue, month: string, ids: SQL): SQL {
  if (kind === 'agent') {
    return sql`
      select p.id as party_id, p.id as agent_id, 'commission'::text as kind, 'customer'::text as source_type, c.id as source_id, c.signed_at as event_at,
             q.kwp as quantity, r.id as rule_id, r.version as rule_version, r.rate, round(r.rate * q.kwp, 2) as amount
      from (select a.id, case when a.parent_id is null then 1 else 2 end::smallint as level from agents a where a.id = any(${ids})) p
      join customers c on c.agent_id = p.id and c.stage = 'formal' and ${inMonth(sql`c.signed_at`, month)}
      cross join lateral (select coalesce(nullif((select sum(s.capacity_kwp) from stations s where s.customer_id = c.id), 0), c.estimated_kwp, 0)::numeric(12,2) as kwp) q
      ${ruleOn('commission', sql`p.level`, sql`c.signed_at`)}
      where q.kwp > 0
      union all
      select s.agent_id, s.agent_id, 'grid_bonus', 'station', s.id, s.grid_at, 1::numeric(12,2), r.id, r.version, r.rate, round(r.rate, 2)
      from stations s ${ruleOn('grid_bonus', sql`0`, sql`s.grid_at`)}
      where s.agent_id = any(${ids}) and ${inMonth(sql`s.grid_at`, month)}`;
  }
  return sql`
    select w.team_id as party_id, null::int as agent_id, 'install_fee'::text as kind, 'station'::text as source_type, s.id as source_id, s.built_at as event_at,
           s.capacity_kwp::numeric(12,2) as quantity, r.id as rule_id, r.version as rule_version, r.rate, round(r.rate * s.capacity_kwp, 2) as amount
    from stations s
    join lateral (select w.team_id from work_orders w where w.station_id = s.id and w.kind = 'build' and w.status = 'completed' and w.team_id is not null
                  order by w.finished_at desc nulls last, w.id desc limit 1) w on true
    ${ruleOn('install_fee', sql`0`, sql`s.built_at`)}
    where w.team_id = any(${ids}) and ${inMonth(sql`s.built_at`, month)} and s.capacity_kwp > 0
    union all
    select w.team_id, null::int, 'audit_deduction', 'self_audit', a.id, a.reviewed_at, 1::numeric(12,2), r.id, r.version, r.rate, -round(r.rate, 2)
    from self_audits a join work_orders w on w.id = a.work_order_id ${ruleOn('audit_deduction', sql`0`, sql`a.reviewed_at`)}
    where a.result = 'rejected' and w.team_id = any(${ids}) and ${inMonth(sql`a.reviewed_at`, month)}
    union all
    select w.team_id, null::int, 'overdue_deduction', 'work_order', w.id, w.deadline, 1::numeric(12,2), r.id, r.version, r.rate, -round(r.rate, 2)
    from work_orders w ${ruleOn('overdue_deduction', sql`0`, sql`w.deadline`)}
    where w.overdue and w.team_id = any(${ids}) and ${inMonth(sql`w.deadline`, month)}`;
}

/** Events not counted yet (an event line is unique on kind + source for ever). */
const fresh = (evs: SQL) => sql`select e.* from (${evs}) e where not exists (select 1 from settlement_lines l where l.kind = e.kind and l.source_type = e.source_type and l.source_id = e.source_id and l.adjustment_of is null)`;

/** Re-sums the settlements `where` picks (line count, exact total); bumps version only when they change. */
export async function refreshTotals(tx: Queryable, where: SQL): Promise<void> {
  await query(
    tx,
    sql`update settlements s set line_count = x.n, total_amount = x.total, version = s.version + 1, updated_at = now()
        from (select s2.id, count(l.id)::int as n, coalesce(sum(l.amount), 0)::numeric(14,2) as total
              from settlements s2 left join settlement_lines l on l.settlement_id = s2.id where ${where} group by s2.id) x
        where s.id = x.id and (s.line_count, s.total_amount) is distinct from (x.n, x.total)`,
  );
}

/** A settlement number: JS + China day + sequence. */
export const settlementNo = () => sql`${SETTLEMENT_PREFIX + chinaDate(new Date()).replaceAll('-', '')} || lpad(nextval('doc_no_seq')::text, 6, '0')`;

/** One batch for the parties `ids`: settlements, lines, totals. Returns the lines made. */
export async function settleParties(tx: Queryable, kind: SettlementPartyValue, month: string, ids: number[], createdBy: number | null): Promise<number> {
  if (!ids.length) return 0;
  const arr = sql`${`{${ids.join(',')}}`}::int[]`;
  const evs = events(kind, month, arr);
  await query(
    tx,
    sql`insert into settlements (settlement_no, party_kind, party_id, agent_id, month, created_by)
        select ${settlementNo()}, ${kind}, x.party_id, x.agent_id, ${month}, ${createdBy}::int
        from (select distinct party_id, agent_id from (${fresh(evs)}) f order by party_id) x
        on conflict (party_kind, party_id, month) do nothing`,
  );
  const [made] = await query<{ n: number }>(
    tx,
    // the batch's events computed once (MATERIALIZED), then each joined to its settlement by the unique
    // (party_kind, party_id, month) key. Inlined, the planner — estimating one draft settlement for the
    // rows the statement before just inserted — ran the whole event query once per settlement: 250
    // settlements × the batch's events, 1.4 s a batch at 12,000 stations (docs/PERFORMANCE.md).
    sql`with f as materialized (${fresh(evs)}),
        ins as (
          insert into settlement_lines (settlement_id, kind, source_type, source_id, event_at, quantity, rate, amount, rule_id, rule_version, created_by)
          select s.id, f.kind, f.source_type, f.source_id, f.event_at, f.quantity, f.rate, f.amount, f.rule_id, f.rule_version, ${createdBy}::int
          from f join settlements s on s.party_kind = ${kind} and s.party_id = f.party_id and s.month = ${month} and s.status = 'draft'
          order by f.party_id, f.kind, f.source_id
          on conflict (kind, source_type, source_id) where adjustment_of is null do nothing
          returning settlement_id)
        select count(*)::int as n from ins`,
  );
  await refreshTotals(tx, sql`s2.party_kind = ${kind} and s2.month = ${month} and s2.status = 'draft' and s2.party_id = any(${arr})`);
  return Number(made?.n ?? 0);
}

type Run = typeof settlementRuns.$inferSelect;

/** The parties a run walks, by id. */
const partyTable = (kind: SettlementPartyValue) => (kind === 'agent' ? sql`agents` : sql`users`);

export function settlementRun(month: string, kind: SettlementPartyValue): CursorRunSpec<Run> {
  const key = and(eq(settlementRuns.month, month), eq(settlementRuns.party_kind, kind));
  return {
    name: `settlement ${month} ${kind}`,
    lock: async (tx) => (await tx.select().from(settlementRuns).where(key).for('update'))[0],
    async batch(tx, run, limit) {
      const rows = await query<{ id: number }>(tx, sql`select id from ${partyTable(kind)} where id > ${run.cursor}::int order by id limit ${limit}::int`);
      const ids = rows.map((r) => Number(r.id));
      const created = await settleParties(tx, kind, month, ids, null);
      return { lastId: ids.at(-1) ?? null, seen: ids.length, created };
    },
    async save(tx, run, p) {
      await tx
        .update(settlementRuns)
        .set({ cursor: p.cursor, parties_seen: run.parties_seen + p.seen, created: run.created + p.created, batches: run.batches + 1, ...(p.done ? { finished_at: new Date() } : {}) })
        .where(key);
    },
  };
}

/**
 * Generates one month for agents and teams. `again` starts a finished run over (the action: events
 * that arrived late into a still-draft settlement); the unique keys keep it idempotent, and two
 * runners at once each wait on the run row per batch.
 */
export async function generateSettlementMonth(db: Db, month: string, opts: { batch?: number; again?: boolean } = {}) {
  const out = { month, parties: 0, lines: 0, batches: 0 };
  for (const kind of ['agent', 'team'] as const) {
    await db.insert(settlementRuns).values({ month, party_kind: kind }).onConflictDoNothing();
    if (opts.again) {
      await db
        .update(settlementRuns)
        .set({ cursor: 0, finished_at: null, started_at: new Date() })
        .where(and(eq(settlementRuns.month, month), eq(settlementRuns.party_kind, kind), sql`${settlementRuns.finished_at} is not null`));
    }
    const r = await runToEnd(db, settlementRun(month, kind), opts.batch ?? SETTLEMENT_BATCH);
    out.parties += r.seen;
    out.lines += r.created;
    out.batches += r.batches;
  }
  return out;
}

/** The scheduler job: last month (China calendar), once; later runs of the day find it finished. */
export async function generateDueSettlements(db: Db, now: Date) {
  const month = previousMonth(chinaDate(now).slice(0, 7));
  return generateSettlementMonth(db, month);
}
