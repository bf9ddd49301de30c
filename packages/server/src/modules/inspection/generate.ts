import { nextCronTime, type PlanScope } from '@pv/contract';
import { and, eq, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { inspectionRuns, operationPlans } from '../../db/schema/index.ts';
import { sendMessage } from '../message/centre.ts';
import { type BatchResult, type CursorRunSpec, runBatch, runToEnd } from '../../lifecycle/cursor-run.ts';
import { agentTree } from '../scope.ts';

type Plan = typeof operationPlans.$inferSelect;

/**
 * Inspection generation (docs/DECISIONS.md "Operation plans and inspections"):
 * - a plan's periods start at start_date + k × every_months, or at its cron's occurrences (China time);
 * - `next_period_at` is the start of the next period to generate; when it has come, the job generates
 *   the LATEST period that has started (periods missed while the server was down are not made up:
 *   nobody inspects last quarter now) and moves it on;
 * - one run per plan + period (inspection_runs) walks the matching stations by id in batches, each
 *   batch its own short transaction that locks the run row, inserts with ON CONFLICT DO NOTHING on
 *   (plan, station, period) and advances the cursor. Re-running, resuming after a crash, or two
 *   servers running at once create nothing twice.
 * - no timeline row per inspection: the timeline derives the 'generate' entry from the row itself
 *   (routes.ts), which keeps a period of two million stations to one insert per inspection.
 */

const DAY_MS = 86_400_000;
const CHINA_MS = 8 * 3600_000;
/** Stations an O&M plan can cover: connected, not terminated, not frozen. */
const ELIGIBLE = sql`s.status in ('grid_connected', 'operating') and not s.frozen`;
export const GENERATE_BATCH = 5000;
/**
 * Lanes of a period's run, run at once: each walks its own share of the stations — split by city, so
 * the lanes' rollup triggers (keyed by region) never wait on each other's rows — with its own cursor.
 * On PostgreSQL two backends insert side by side; on PGlite (one connection) their batches take turns.
 */
export const GENERATE_LANES = 2;

/** A China calendar date (YYYY-MM-DD) at China midnight, as an instant. */
export const chinaMidnight = (date: string) => new Date(`${date}T00:00:00+08:00`);
const chinaParts = (d: Date) => new Date(d.getTime() + CHINA_MS).toISOString();
export const chinaDate = (d: Date) => chinaParts(d).slice(0, 10);

function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  // the 31st in a short month is its last day
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

type Recurrence = Pick<Plan, 'every_months' | 'cron' | 'start_date' | 'end_date'>;

/** The first period start strictly after `after` (or at/after start_date), within end_date; null when none. */
export function nextPeriodStart(plan: Recurrence, after: Date | null): Date | null {
  const start = chinaMidnight(plan.start_date);
  const end = plan.end_date ? new Date(chinaMidnight(plan.end_date).getTime() + DAY_MS) : null;
  let next: Date | null;
  if (plan.every_months) {
    if (!after || after < start) next = start;
    else {
      // months between start and after, then step until strictly after
      const a = chinaDate(after);
      let k = Math.max(0, Math.floor(((Number(a.slice(0, 4)) - Number(plan.start_date.slice(0, 4))) * 12 + Number(a.slice(5, 7)) - Number(plan.start_date.slice(5, 7))) / plan.every_months) - 1);
      next = chinaMidnight(addMonths(plan.start_date, k * plan.every_months));
      while (next <= after) next = chinaMidnight(addMonths(plan.start_date, ++k * plan.every_months));
    }
  } else {
    const from = !after || after < start ? new Date(start.getTime() - 1) : after;
    next = nextCronTime(plan.cron!, from);
  }
  return next && (!end || next < end) ? next : null;
}

/** The latest period start ≤ now, walking forward from `from` (a period start); null when `from` is still ahead. */
export function latestPeriodStart(plan: Recurrence, from: Date, now: Date): Date | null {
  if (from > now) return null;
  let current = from;
  // bounded: a minute cron left off for years stops after 100 000 steps and generates that period
  for (let i = 0; i < 100_000; i++) {
    const next = nextPeriodStart(plan, current);
    if (!next || next > now) break;
    current = next;
  }
  return current;
}

/** The period's key: YYYY-MM for monthly plans, YYYY-MM-DD HH:mm (China) for cron plans. */
export const periodKey = (plan: Recurrence, start: Date) => (plan.every_months ? chinaDate(start).slice(0, 7) : chinaParts(start).slice(0, 16).replace('T', ' '));

/** The stations of a plan's set (alias s), eligible ones only. Values are parameters, never text. */
export function planStations(scope: PlanScope, planAgentId: number | null): SQL {
  const parts: SQL[] = [ELIGIBLE];
  const ints = (xs: number[]) => sql.join(xs.map((x) => sql`${x}::int`), sql`, `);
  const texts = (xs: string[]) => sql.join(xs.map((x) => sql`${x}`), sql`, `);
  if (scope.station_ids?.length) parts.push(sql`s.id in (${ints(scope.station_ids)})`);
  if (scope.region_codes?.length) {
    const codes = texts(scope.region_codes);
    parts.push(sql`(s.province_code in (${codes}) or s.city_code in (${codes}) or s.district_code in (${codes}))`);
  }
  if (scope.agent_ids?.length) parts.push(sql`s.agent_id in (${ints(scope.agent_ids)})`);
  if (scope.capacity_min != null) parts.push(sql`s.capacity_kwp >= ${scope.capacity_min}::numeric`);
  if (scope.capacity_max != null) parts.push(sql`s.capacity_kwp <= ${scope.capacity_max}::numeric`);
  if (scope.grid_after) parts.push(sql`s.grid_at >= ${chinaMidnight(scope.grid_after).toISOString()}::timestamptz`);
  if (scope.grid_before) parts.push(sql`s.grid_at < ${new Date(chinaMidnight(scope.grid_before).getTime() + DAY_MS).toISOString()}::timestamptz`);
  // an agent's own plan covers its own stations only, whatever the filter says
  if (planAgentId !== null) parts.push(sql`s.agent_id in ${agentTree(planAgentId)}`);
  return sql.join(parts, sql` and `);
}

/** How many stations a set hits now, and the first few (the preview before enabling). */
export async function previewPlan(db: Queryable, scope: PlanScope, planAgentId: number | null) {
  const where = planStations(scope, planAgentId);
  const [count] = await query<{ n: number }>(db, sql`select count(*)::int as n from stations s where ${where}`);
  const sample = await query<{ id: number; code: string; name: string }>(db, sql`select s.id, s.code, s.name from stations s where ${where} order by s.id limit 10`);
  return { stations: count?.n ?? 0, sample };
}

/**
 * The plan's team rules as a relation (region_code → team_id; the first rule of a code wins), so a
 * batch looks a station's district, city and province up with three hash joins instead of
 * expanding the rule list once per station (a team per city is ~340 rules).
 */
const teamRules = (plan: Plan) =>
  sql`select distinct on (r.region_code) r.region_code, r.team_id
      from rows from (jsonb_to_recordset(${JSON.stringify(plan.assignment ?? [])}::jsonb) as (region_code text, team_id int)) with ordinality as r(region_code, team_id, n)
      order by r.region_code, r.n`;

type Run = typeof inspectionRuns.$inferSelect;

/**
 * A plan period's run as a cursor run (lifecycle/cursor-run.ts): each batch locks the run row (a
 * second runner waits and then continues after this batch), reads the cursor and inserts the next
 * stations' inspections.
 */
function inspectionRun(plan: Plan, period: string, lane = 0, lanes = 1): CursorRunSpec<Run> {
  const periodKey = and(eq(inspectionRuns.plan_id, plan.id), eq(inspectionRuns.period, period));
  const key = and(periodKey, eq(inspectionRuns.lane, lane));
  const inLane = lanes > 1 ? sql` and abs(hashtext(coalesce(s.city_code, s.province_code))) % ${lanes}::int = ${lane}::int` : sql``;
  return {
    name: `plan ${plan.id} period ${period} lane ${lane}`,
    lock: async (tx) => (await tx.select().from(inspectionRuns).where(key).for('update'))[0],
    async batch(tx, run, batch) {
      const base = new Date(Math.max(run.period_start.getTime(), run.started_at.getTime()));
      const planned = chinaDate(base);
      const deadline = new Date(chinaMidnight(planned).getTime() + (plan.deadline_days + 1) * DAY_MS - 1000);
      const prefix = `XJ${planned.replaceAll('-', '')}`;
      const [r] = await query<{ last_id: number | null; seen: number; created: number }>(
        tx,
        sql`with s as (
              select s.id, s.agent_id, s.province_code, s.city_code, s.district_code, nextval('doc_no_seq') as n from stations s
              where s.id > ${run.cursor}::int and ${planStations(plan.scope as PlanScope, plan.agent_id)}${inLane}
              order by s.id limit ${batch}::int),
            rules as materialized (${teamRules(plan)}),
            -- the most specific matching region wins (district, city, province), else the default
            t as (
              select s.id, coalesce(rd.team_id, rc.team_id, rp.team_id, ${plan.default_team_id}::int) as team_id from s
              left join rules rd on rd.region_code = s.district_code
              left join rules rc on rc.region_code = s.city_code
              left join rules rp on rp.region_code = s.province_code),
            ins as (
              insert into inspections (inspection_no, plan_id, kind, period, station_id, agent_id, province_code, city_code, district_code, team_id, planned_date, deadline, checklist)
              -- the number as nextNumber writes it: at least 6 digits, never cut (lpad alone cuts a 7th)
              select ${prefix} || lpad(n::text, greatest(6, length(n::text)), '0'), ${plan.id}::int, ${plan.kind}, ${period}, s.id, s.agent_id, s.province_code, s.city_code, s.district_code,
                     t.team_id, ${planned}::date, ${deadline.toISOString()}::timestamptz, ${JSON.stringify(plan.checklist)}::jsonb
              from s join t on t.id = s.id
              on conflict (plan_id, station_id, period) do nothing
              returning id)
            select (select max(id) from s) as last_id, (select count(*) from s)::int as seen, (select count(*) from ins)::int as created`,
      );
      return { lastId: r?.last_id ?? null, seen: Number(r?.seen ?? 0), created: Number(r?.created ?? 0) };
    },
    async save(tx, run, p) {
      await tx
        .update(inspectionRuns)
        .set({ cursor: p.cursor, stations_seen: run.stations_seen + p.seen, created: run.created + p.created, batches: run.batches + 1, ...(p.done ? { finished_at: new Date() } : {}) })
        .where(key);
      if (p.created > 0) {
        await tx
          .update(operationPlans)
          .set({ generated_count: sql`${operationPlans.generated_count} + ${p.created}`, last_generated_at: new Date() })
          .where(eq(operationPlans.id, plan.id));
      }
    },
    // the lanes' last batches queue on the plan row; the one that finds every other lane done moves the plan on.
    // NO KEY UPDATE: the other lanes' inserts hold KEY SHARE on it (their plan_id foreign key) — FOR UPDATE
    // would wait for them while they wait for this batch's rollup rows: a deadlock
    async finish(tx, run) {
      await tx.select({ id: operationPlans.id }).from(operationPlans).where(eq(operationPlans.id, plan.id)).for('no key update');
      const [open] = await tx.select({ lane: inspectionRuns.lane }).from(inspectionRuns).where(and(periodKey, ne(inspectionRuns.lane, lane), isNull(inspectionRuns.finished_at))).limit(1);
      if (!open) await finishRun(tx, plan, period, run.period_start);
    },
  };
}

/** One batch of a plan period's run (of one lane), in its own transaction. */
export const generateBatch = (db: Db, plan: Plan, period: string, batch = GENERATE_BATCH, lane = 0, lanes = 1): Promise<BatchResult> =>
  runBatch(db, inspectionRun(plan, period, lane, lanes), batch);

/** The run's last batch: the plan moves on to its next period; each team gets one message with its count. */
async function finishRun(tx: Queryable, plan: Plan, period: string, periodStart: Date) {
  await tx
    .update(operationPlans)
    .set({ next_period_at: nextPeriodStart(plan, periodStart), last_period: period })
    .where(eq(operationPlans.id, plan.id));
  const teams = await query<{ team_id: number; n: number }>(
    tx,
    sql`select i.team_id, count(*)::int as n from inspections i
        where i.plan_id = ${plan.id} and i.period = ${period} and i.team_id is not null and i.status = 'pending'
        group by i.team_id order by i.team_id`,
  );
  for (const team of teams) {
    await sendMessage(tx, { key: 'msg.inspections_generated', params: { plan: plan.name, plan_no: plan.plan_no, period, count: Number(team.n) }, link: '/operation/inspectionList', to: Number(team.team_id), push: true });
  }
}

/** Opens (or finds) the run of a plan's due period; null when nothing is due. */
export async function dueRun(db: Db, planId: number, now: Date, lanes = GENERATE_LANES): Promise<{ plan: Plan; period: string } | null> {
  return db.transaction(async (tx) => {
    const [plan] = await tx.select().from(operationPlans).where(eq(operationPlans.id, planId)).for('update');
    if (!plan || plan.status !== 'enabled') return null;
    // an unfinished run first (a crash, a restart, another server mid-way)
    const [open] = await tx.select().from(inspectionRuns).where(and(eq(inspectionRuns.plan_id, plan.id), isNull(inspectionRuns.finished_at)));
    if (open) return { plan, period: open.period };
    if (!plan.next_period_at || plan.next_period_at > now) return null;
    const start = latestPeriodStart(plan, plan.next_period_at, now)!;
    const period = periodKey(plan, start);
    await tx
      .insert(inspectionRuns)
      .values(Array.from({ length: lanes }, (_, lane) => ({ plan_id: plan.id, period, period_start: start, lane, lanes })))
      .onConflictDoNothing();
    const runs = await tx.select().from(inspectionRuns).where(and(eq(inspectionRuns.plan_id, plan.id), eq(inspectionRuns.period, period)));
    if (runs.every((r) => r.finished_at)) {
      // generated already (a period key the plan's recurrence gives twice): move on
      await tx.update(operationPlans).set({ next_period_at: nextPeriodStart(plan, start) }).where(eq(operationPlans.id, plan.id));
      return null;
    }
    return { plan, period };
  });
}

/** Runs a plan's due period to the end, batch by batch, its lanes at once. */
export async function generatePlan(db: Db, planId: number, now: Date, batch = GENERATE_BATCH, lanes = GENERATE_LANES) {
  const due = await dueRun(db, planId, now, lanes);
  if (!due) return { created: 0, stations: 0, batches: 0, period: null as string | null };
  // the lanes the run was opened with (a run resumed after a restart keeps its own split)
  const runs = await db.select({ lane: inspectionRuns.lane, lanes: inspectionRuns.lanes }).from(inspectionRuns).where(and(eq(inspectionRuns.plan_id, due.plan.id), eq(inspectionRuns.period, due.period)));
  const done = await Promise.all(runs.map((r) => runToEnd(db, inspectionRun(due.plan, due.period, r.lane, r.lanes), batch)));
  const sum = (k: 'seen' | 'created' | 'batches') => done.reduce((n, r) => n + r[k], 0);
  return { created: sum('created'), stations: sum('seen'), batches: sum('batches'), period: due.period };
}

/** The scheduler job: every enabled plan with a due period or an unfinished run. */
export async function generateDue(db: Db, now: Date) {
  const plans = await db
    .select({ id: operationPlans.id })
    .from(operationPlans)
    .where(
      and(
        eq(operationPlans.status, 'enabled'),
        sql`(${lte(operationPlans.next_period_at, now)} or exists (select 1 from inspection_runs r where r.plan_id = ${operationPlans.id} and r.finished_at is null))`,
      ),
    )
    .orderBy(operationPlans.id);
  let created = 0;
  let periods = 0;
  for (const p of plans) {
    const r = await generatePlan(db, p.id, now);
    created += r.created;
    if (r.period) periods++;
  }
  return { plans: plans.length, periods, inspections: created };
}

/** Overdue marking: open inspections past their deadline. */
export async function markOverdue(db: Db, now: Date) {
  const rows = await query<{ n: number }>(
    db,
    sql`with u as (update inspections set overdue = true, version = version + 1, updated_at = now()
      where status in ('pending', 'in_progress', 'rejected') and not overdue and deadline < ${now.toISOString()}::timestamptz returning 1)
      select count(*)::int as n from u`,
  );
  return { marked: Number(rows[0]?.n ?? 0) };
}
