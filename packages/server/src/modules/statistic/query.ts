import {
  type BenefitEstimate,
  type BenefitFactors,
  type CapacityByStage,
  CITIES,
  cityInProvince,
  DEFAULT_BENEFIT_FACTORS,
  OPEN_WORK_ORDER_STATES,
  PROVINCES,
  type ResolvedPeriod,
  type StatQuery,
  statQuerySchema,
  type TodoCounts,
} from '@pv/contract';
import { type SQL, sql } from 'drizzle-orm';
import { query, type Queryable } from '../../db/client.ts';
import { matters } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import type { AuthContext } from '../auth/context.ts';
import { agentTree, ownershipScope } from '../scope.ts';
import { rollupRelation } from './rollup.ts';
import { customerResource } from '../customer/resource.ts';
import { selfAuditResource } from '../self_audit/resource.ts';
import { stationResource } from '../station/resource.ts';
import { workOrderResource } from '../work_order/resource.ts';
import { inspectionResource } from '../inspection/resource.ts';
import { maintenanceResource } from '../maintenance/resource.ts';

export const provinceName = new Map(PROVINCES.map((p) => [p.code, p.zh]));
export const cityName = new Map(CITIES.map((c) => [c.code, c.zh]));

/** A statistics request: the resolved period, the region filter, and how to read the rollups in the caller's scope. */
export interface StatContext {
  range: ResolvedPeriod;
  today: string;
  province: string | null;
  city: string | null;
  auth: AuthContext;
}

/** Today's date in China. */
export function chinaToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

const addDays = (d: string, n: number) => new Date(Date.parse(d) + n * 86_400_000).toISOString().slice(0, 10);

export function resolvePeriod(q: { period: ResolvedPeriod['period']; start?: string; end?: string }, today: string): ResolvedPeriod {
  let start = today;
  let end = today;
  switch (q.period) {
    case 'day':
      break;
    case 'week': {
      const dow = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
      start = addDays(today, -dow);
      break;
    }
    case 'month':
      start = `${today.slice(0, 7)}-01`;
      break;
    case 'year':
      start = `${today.slice(0, 4)}-01-01`;
      break;
    case 'custom':
      start = q.start!.slice(0, 10);
      end = q.end!.slice(0, 10);
      break;
  }
  const span = (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
  return { period: q.period, start, end, grain: span <= 92 ? 'day' : 'month' };
}

/** Parses the request body (statQuerySchema), refuses a city outside the province, resolves the period. */
export function statContext(body: unknown, auth: AuthContext): StatContext {
  const q = parse(statQuerySchema, body ?? {}) as Required<Pick<StatQuery, 'period'>> & StatQuery;
  if (q.province_code && q.city_code && !cityInProvince(q.city_code, q.province_code)) throw new ApiError(400, 'validation.region_city');
  const today = chinaToday();
  return {
    range: resolvePeriod(q as { period: ResolvedPeriod['period']; start?: string; end?: string }, today),
    today,
    province: q.province_code ?? (q.city_code ? `${q.city_code.slice(0, 2)}0000` : null),
    city: q.city_code ?? null,
    auth,
  };
}

type Source = 'customers' | 'stations' | 'work_orders' | 'self_audits' | 'inspections' | 'maintenance_orders';

/**
 * Base-table rows a department/self caller may see (null for all/agent: the rollup tables answer):
 * the same scope as the source's list, so a team member's numbers match the lists it opens (its
 * dispatched orders, its submitted audits, the stations it builds).
 */
function baseFilter(auth: AuthContext, source: Source): SQL | null {
  if (auth.scope === 'all' || auth.scope === 'agent') return null;
  const scope = { customers: customerResource, stations: stationResource, work_orders: workOrderResource, self_audits: selfAuditResource, inspections: inspectionResource, maintenance_orders: maintenanceResource }[source].scope(auth);
  return scope ?? sql`true`;
}

const SOURCE: Record<string, Source> = {
  stat_daily_customers: 'customers',
  stat_daily_stations: 'stations',
  stat_customer_now: 'customers',
  stat_station_now: 'stations',
  stat_order_now: 'work_orders',
  stat_team_daily: 'work_orders',
  stat_audit_daily: 'self_audits',
  stat_reject_daily: 'self_audits',
  stat_cohort_daily: 'customers',
  stat_inspection_daily: 'inspections',
  stat_maintenance_daily: 'maintenance_orders',
  maintenance_counts: 'maintenance_orders',
};

/** In the `all` scope, rollups without the agent (far fewer rows) answer instead. */
const ALL_SCOPE_TABLE: Record<string, string> = {
  stat_daily_customers: 'stat_daily_region_customers',
  stat_daily_stations: 'stat_daily_region_stations',
  stat_customer_now: 'stat_customer_now_region',
  stat_station_now: 'stat_station_now_region',
  stat_order_now: 'stat_order_now_region',
  stat_cohort_daily: 'stat_cohort_region_daily',
  stat_inspection_daily: 'stat_inspection_region_daily',
  stat_maintenance_daily: 'stat_maintenance_region_daily',
  maintenance_counts: 'maintenance_counts_region',
};
/** ... and for the whole months of a range, the monthly ones. */
const MONTHLY_TABLE: Record<string, string> = {
  stat_daily_customers: 'stat_monthly_region_customers',
  stat_daily_stations: 'stat_monthly_region_stations',
  stat_team_daily: 'stat_team_monthly',
  stat_audit_daily: 'stat_audit_monthly',
  stat_reject_daily: 'stat_reject_monthly',
  stat_cohort_daily: 'stat_cohort_region_monthly',
};
/**
 * Without a region filter the `all` scope reads the country-wide team, audit and reject rollups:
 * teams rows instead of teams × cities (daily, and monthly for whole months).
 */
const COUNTRY_TABLE: Record<string, { daily: string; monthly: string }> = {
  stat_team_daily: { daily: 'stat_team_total_daily', monthly: 'stat_team_total_monthly' },
  stat_audit_daily: { daily: 'stat_audit_total_daily', monthly: 'stat_audit_total_monthly' },
  stat_reject_daily: { daily: 'stat_reject_total_daily', monthly: 'stat_reject_total_monthly' },
};

/** ... and with a province filter (no city), the per-province monthly ones. */
const PROVINCE_MONTHLY_TABLE: Record<string, string> = {
  stat_team_daily: 'stat_team_province_monthly',
  stat_audit_daily: 'stat_audit_province_monthly',
  stat_reject_daily: 'stat_reject_province_monthly',
};

const noRegion = (ctx: StatContext) => !ctx.province && !ctx.city;

/** The daily table the caller reads: per agent outside the `all` scope, else the least detailed that answers. */
function dailyTable(ctx: StatContext, table: string): string {
  if (ctx.auth.scope !== 'all') return table;
  return (noRegion(ctx) ? COUNTRY_TABLE[table]?.daily : undefined) ?? ALL_SCOPE_TABLE[table] ?? table;
}

/** The monthly table for the whole months of a range (the `all` scope only), the least detailed that answers. */
function monthlyTable(ctx: StatContext, table: string): string | undefined {
  if (ctx.auth.scope !== 'all') return undefined;
  if (noRegion(ctx)) return COUNTRY_TABLE[table]?.monthly ?? MONTHLY_TABLE[table];
  if (!ctx.city) return PROVINCE_MONTHLY_TABLE[table] ?? MONTHLY_TABLE[table];
  return MONTHLY_TABLE[table];
}

/**
 * FROM-clause relation `t` of a rollup and the WHERE condition for the caller: the agent scope
 * filters the per-agent rollup by agent; department/self recompute it from the scoped base rows;
 * the region filter applies to all. The `all` scope reads the tables without the agent (or
 * country-wide ones when there is no region filter).
 */
export function from(ctx: StatContext, table: string): { rel: SQL; where: SQL } {
  const { auth } = ctx;
  const rel = rollupRelation(dailyTable(ctx, table), baseFilter(auth, SOURCE[table]!));
  const conds: SQL[] = [];
  if (auth.scope === 'agent') conds.push(auth.agentId === null ? sql`false` : sql`t.agent_id in ${agentTree(auth.agentId)}`);
  if (ctx.province) conds.push(sql`t.province_code = ${ctx.province}`);
  if (ctx.city) conds.push(sql`t.city_code = ${ctx.city}`);
  return { rel: sql`${rel} t`, where: conds.length ? sql.join(conds, sql` and `) : sql`true` };
}

export const num = (v: unknown) => Number(v ?? 0);
export const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;
export const ratio = (a: number, b: number) => (b > 0 ? round(a / b, 4) : null);

/**
 * When the numbers were computed. The rollups are kept inside the writing transactions (triggers),
 * so they are exact as of the moment they are read: that moment is the as_of.
 */
export async function asOf(_db: Queryable): Promise<string> {
  return new Date().toISOString();
}

export async function capacity(db: Queryable, ctx: StatContext): Promise<CapacityByStage> {
  const { rel, where } = from(ctx, 'stat_station_now');
  const [r] = await query<Record<string, string | number>>(
    db,
    sql`select
          coalesce(sum(n) filter (where status <> 'terminated'), 0) as signed_n, coalesce(sum(kwp) filter (where status <> 'terminated'), 0) as signed_kwp,
          coalesce(sum(n) filter (where status in ('grid_pending','grid_review','grid_rejected','grid_connected','operating')), 0) as built_n,
          coalesce(sum(kwp) filter (where status in ('grid_pending','grid_review','grid_rejected','grid_connected','operating')), 0) as built_kwp,
          coalesce(sum(n) filter (where status in ('grid_connected','operating')), 0) as grid_n, coalesce(sum(kwp) filter (where status in ('grid_connected','operating')), 0) as grid_kwp,
          coalesce(sum(n) filter (where status = 'operating'), 0) as op_n, coalesce(sum(kwp) filter (where status = 'operating'), 0) as op_kwp
        from ${rel} where ${where}`,
  );
  return {
    signed: { stations: num(r?.signed_n), kwp: round(num(r?.signed_kwp)) },
    built: { stations: num(r?.built_n), kwp: round(num(r?.built_kwp)) },
    grid: { stations: num(r?.grid_n), kwp: round(num(r?.grid_kwp)) },
    operating: { stations: num(r?.op_n), kwp: round(num(r?.op_kwp)) },
  };
}

const FLOW_COLS = ['customers', 'customers_signed', 'sign_days', 'stations', 'stations_kwp', 'built', 'built_kwp', 'build_days', 'grid', 'grid_kwp', 'grid_days'] as const;
type Flow = Record<(typeof FLOW_COLS)[number], number>;

const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
const nextMonth = (d: string) => {
  const [y, m] = d.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * Rows `(day, cols…)` of a daily rollup within the caller's scope, the region and [start, end]. In
 * the `all` scope the whole months inside the range come from the monthly table (day = the 1st)
 * and only the partial months at its edges from the daily one, so a year reads about 12 × cities
 * rows instead of 365 × cities.
 *
 * A range that reaches today also takes its last, unfinished month from the monthly table: that row
 * holds exactly the month so far, as long as no row is dated after the range (a future-dated
 * record). The query checks this itself and falls back to the daily rows if one exists, so the
 * usual "this month" and "this year" read one row per group and month.
 */
export function rangeRows(ctx: StatContext, table: string, columns: readonly string[], start: string, end: string, opts: { wholeMonths?: boolean } = {}): SQL {
  const daily = from(ctx, table);
  const cols = sql.raw(columns.map((c) => `t.${c}`).join(', '));
  const plain = sql`(select t.day, ${cols} from ${daily.rel} where ${daily.where} and t.day between ${start} and ${end})`;
  const monthlyName = opts.wholeMonths !== false ? monthlyTable(ctx, table) : undefined;
  if (!monthlyName) return plain;
  const firstFull = start === monthStart(start) ? start : nextMonth(start);
  const afterLast = nextMonth(end) === addDays(end, 1) ? addDays(end, 1) : monthStart(end); // first day not covered by whole months
  // the unfinished month up to today: [tail, end] is the whole month so far
  const tail = afterLast === monthStart(end) && end >= ctx.today && monthStart(end) >= start ? monthStart(end) : null;
  if (firstFull >= afterLast && !tail) return plain;
  const monthlyRel = sql`${sql.raw(monthlyName)} t`;
  const dailyName = sql.raw(dailyTable(ctx, table));
  // max() reads the end of the day index: constant time however many rows are dated after the range
  const future = sql`coalesce((select max(f.day) from ${dailyName} f) > ${end}, false)`;
  const edges = sql`select t.day, ${cols} from ${daily.rel} where ${daily.where} and t.day between ${start} and ${end} and (t.day < ${firstFull} or t.day >= ${afterLast})`;
  const months = sql`select t.day, ${cols} from ${monthlyRel} where ${daily.where} and t.day >= ${firstFull} and t.day < ${afterLast}`;
  if (!tail) return sql`(${edges} union all ${months})`;
  // `future` alone in a branch's WHERE is evaluated once, before the scan (a one-time filter): the
  // unused branch reads nothing
  return sql`(${edges} and t.day < ${tail}
              union all ${months}
              union all select t.day, ${cols} from ${daily.rel} where ${daily.where} and t.day between ${tail} and ${end} and ${future}
              union all select t.day, ${cols} from ${monthlyRel} where ${daily.where} and t.day = ${tail} and not ${future})`;
}

const flowRows = (ctx: StatContext, side: 'customers' | 'stations', start: string, end: string, opts: { wholeMonths?: boolean } = {}) =>
  rangeRows(ctx, `stat_daily_${side}`, FLOW_COLS, start, end, opts);

/** Flow sums over [start, end]: customers created / signed, stations signed / built / grid-connected with kWp and day sums. */
export async function flows(db: Queryable, ctx: StatContext, start: string, end: string): Promise<Flow> {
  const c = flowRows(ctx, 'customers', start, end);
  const s = flowRows(ctx, 'stations', start, end);
  const sums = (names: readonly string[]) => sql.raw(names.map((n) => `coalesce(sum(${n}), 0) as ${n}`).join(', '));
  const [r] = await query<Record<string, string | number>>(
    db,
    sql`select * from (select ${sums(FLOW_COLS.slice(0, 3))} from ${c} c) a, (select ${sums(FLOW_COLS.slice(3))} from ${s} s) b`,
  );
  return Object.fromEntries(FLOW_COLS.map((k) => [k, num(r?.[k])])) as Flow;
}

/** Flow sums per bucket (day or month) of the range. */
export async function flowSeries(db: Queryable, ctx: StatContext) {
  const { start, end } = ctx.range;
  const bucket = sql.raw(ctx.range.grain === 'day' ? `to_char(day, 'YYYY-MM-DD')` : `to_char(day, 'YYYY-MM')`);
  // day grain: whole months would merge their days, so read the daily rows only
  const daily = ctx.range.grain === 'day';
  const c = flowRows(ctx, 'customers', start, end, { wholeMonths: !daily });
  const s = flowRows(ctx, 'stations', start, end, { wholeMonths: !daily });
  const rows = await query<Record<string, string | number>>(
    db,
    sql`select bucket, sum(customers) as customers, sum(customers_signed) as customers_signed, sum(stations_kwp) as stations_kwp, sum(grid_kwp) as grid_kwp from (
          select ${bucket} as bucket, customers, customers_signed, 0 as stations_kwp, 0 as grid_kwp from ${c} c
          union all
          select ${bucket}, 0, 0, stations_kwp, grid_kwp from ${s} s) x
        group by bucket`,
  );
  const by = new Map(rows.map((r) => [String(r.bucket), r]));
  const buckets: string[] = [];
  if (ctx.range.grain === 'day') for (let d = start; d <= end; d = addDays(d, 1)) buckets.push(d);
  else {
    let [y, m] = start.split('-').map(Number) as [number, number];
    const last = end.slice(0, 7);
    for (;;) {
      const key = `${y}-${String(m).padStart(2, '0')}`;
      if (key > last) break;
      buckets.push(key);
      m += 1;
      if (m > 12) {
        m = 1;
        y += 1;
      }
    }
  }
  return buckets.map((b) => {
    const r = by.get(b);
    return { bucket: b, customers: num(r?.customers), customers_signed: num(r?.customers_signed), stations_kwp: num(r?.stations_kwp), grid_kwp: num(r?.grid_kwp) };
  });
}

const COHORT_COLS = ['customers', 'signed', 'sign_days', 'built', 'build_days', 'grid', 'grid_days'] as const;
export type Cohort = Record<(typeof COHORT_COLS)[number], number>;

/**
 * The cohort of the customers created in [start, end] (China days) in the caller's scope and
 * region, and how far they have got as of now: signed, a station built, a station grid-connected,
 * with the day sums (rollup.ts `cohortRollup`).
 */
export async function cohort(db: Queryable, ctx: StatContext, start: string, end: string): Promise<Cohort> {
  const rows = rangeRows(ctx, 'stat_cohort_daily', COHORT_COLS, start, end);
  const sums = sql.raw(COHORT_COLS.map((n) => `coalesce(sum(${n}), 0) as ${n}`).join(', '));
  const [r] = await query<Record<string, string | number>>(db, sql`select ${sums} from ${rows} c`);
  return Object.fromEntries(COHORT_COLS.map((k) => [k, num(r?.[k])])) as Cohort;
}

export async function customerTotals(db: Queryable, ctx: StatContext) {
  const { rel, where } = from(ctx, 'stat_customer_now');
  const [r] = await query<Record<string, string | number>>(
    db,
    sql`select coalesce(sum(n), 0) as total, coalesce(sum(n) filter (where stage = 'intentional'), 0) as intentional,
               coalesce(sum(n) filter (where stage = 'formal'), 0) as formal, coalesce(sum(n) filter (where status = 'lost'), 0) as lost
        from ${rel} where ${where}`,
  );
  return { total: num(r?.total), intentional: num(r?.intentional), formal: num(r?.formal), lost: num(r?.lost) };
}

const OPEN = sql.join(OPEN_WORK_ORDER_STATES.map((s) => sql`${s}`), sql`, `);

/** Matters not closed, in the caller's scope and region (base table: matters are few). */
function mattersScope(ctx: StatContext): SQL {
  const conds: SQL[] = [sql`${matters.status} in ('pending', 'processing')`];
  const s = ownershipScope(ctx.auth, { agent: matters.agent_id, createdBy: matters.created_by });
  if (s) conds.push(s);
  if (ctx.province) conds.push(sql`${matters.province_code} = ${ctx.province}`);
  if (ctx.city) conds.push(sql`false`); // matters carry no city
  return sql.join(conds, sql` and `);
}

export async function todo(db: Queryable, ctx: StatContext): Promise<TodoCounts> {
  const { rel, where } = from(ctx, 'stat_order_now');
  const [[o], [m]] = await Promise.all([
    query<Record<string, string | number>>(
      db,
      sql`select coalesce(sum(n) filter (where status = 'pending_dispatch'), 0) as to_dispatch,
                 coalesce(sum(n) filter (where status = 'audit_pending'), 0) as to_review,
                 coalesce(sum(n) filter (where overdue and status in (${OPEN})), 0) as overdue
          from ${rel} where ${where}`,
    ),
    query<{ n: number }>(db, sql`select count(*)::int as n from ${matters} where ${mattersScope(ctx)}`),
  ]);
  return { to_dispatch: num(o?.to_dispatch), to_review: num(o?.to_review), overdue: num(o?.overdue), matters_open: num(m?.n) };
}

export async function factors(db: Queryable): Promise<BenefitFactors> {
  const [r] = await query<Record<string, string | number>>(db, sql`select utilisation_hours, co2_kg_per_kwh, coal_kg_per_kwh from stat_target_config where id = 1`);
  if (!r) return { ...DEFAULT_BENEFIT_FACTORS };
  return { utilisation_hours: num(r.utilisation_hours), co2_kg_per_kwh: num(r.co2_kg_per_kwh), coal_kg_per_kwh: num(r.coal_kg_per_kwh) };
}

/** Estimated annual generation of the grid-connected kWp and its benefit, from the configured factors. */
export function benefit(gridKwp: number, f: BenefitFactors): BenefitEstimate {
  const kwh = gridKwp * f.utilisation_hours;
  return { estimate: true, annual_kwh: round(kwh), co2_t: round((kwh * f.co2_kg_per_kwh) / 1000, 3), coal_t: round((kwh * f.coal_kg_per_kwh) / 1000, 3), factors: f };
}

/** Masks a name for the wall: 张** */
export const mask = (name: string) => (name ? `${[...name][0]}**` : '');
