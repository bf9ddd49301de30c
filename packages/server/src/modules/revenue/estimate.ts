import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { revenueRuns } from '../../db/schema/index.ts';
import { type CursorRunSpec, runToEnd } from '../../lifecycle/cursor-run.ts';

/**
 * Revenue estimates (docs/DECISIONS.md "Tariffs and revenue"). For one station and one month:
 *
 *   exact kWh  = capacity_kwp × hours × days connected in the month ÷ days in the year
 *   estimated_kwh    = round(exact kWh, 2)
 *   estimated_amount = round(capacity_kwp × hours × days × price ÷ days in the year, 2)
 *
 * hours = the province's equivalent utilisation hours of the tariff in force on the month's first
 * day, else the national figure of the target config (1286 h); price = that tariff (tariffs run by
 * whole months, so one tariff covers a month). The amount is rounded once, from the exact product
 * (PostgreSQL numeric: the only inexact step is the final division, done at ≥ 16 significant digits
 * and rounded half away from zero, the contract's toFen rule). A year of a station connected all year
 * adds up to capacity × hours; February gets 28/365 of it, not 1/12.
 */

/** Connected stations count: 已并网 and 运维中 (a terminated station earns nothing; a frozen one still generates). */
export const EARNING = sql`s.status in ('grid_connected', 'operating')`;
export const ESTIMATE_BATCH = 2000;
const CHINA_MS = 8 * 3600_000;

/** The China month a moment falls in, as 'YYYY-MM'. */
export const chinaMonth = (d: Date) => new Date(d.getTime() + CHINA_MS).toISOString().slice(0, 7);
/** The month before a 'YYYY-MM'. */
export function previousMonth(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
/** The instant the month after `period` starts (China midnight). */
export function monthEndInstant(period: string): Date {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return new Date(`${next}-01T00:00:00+08:00`);
}

/**
 * INSERT of the estimates of (station, period) pairs — `pairs` is a relation with columns sid and
 * period — skipping pairs that exist (unique station + period) and stations not connected in that
 * month. Returns the ids made via `returning id` (wrap it in a CTE).
 */
export function estimateInsert(pairs: SQL): SQL {
  return sql`insert into revenues (station_id, period, agent_id, province_code, city_code, district_code, capacity_kwp, active_days, utilisation_hours, tariff_id, tariff_price, estimated_kwh, estimated_amount)
    select s.id, p.period, s.agent_id, s.province_code, s.city_code, s.district_code, s.capacity_kwp, b.days, h.hours, t.id, t.price,
           round(s.capacity_kwp * h.hours * b.days / b.diy, 2),
           round(s.capacity_kwp * h.hours * b.days * t.price / b.diy, 2)
    from (${pairs}) p
    join stations s on s.id = p.sid
    cross join lateral (select to_date(p.period || '-01', 'YYYY-MM-DD') as ms) m
    cross join lateral (select ((m.ms + interval '1 month')::date - greatest(m.ms, (s.grid_at at time zone 'Asia/Shanghai')::date))::int as days,
                               ((date_trunc('year', m.ms) + interval '1 year')::date - date_trunc('year', m.ms)::date) as diy) b
    left join tariffs t on t.province_code = s.province_code and t.effective_from <= m.ms and (t.effective_to is null or t.effective_to >= m.ms)
    cross join lateral (select round(coalesce(t.utilisation_hours, (select c.utilisation_hours from stat_target_config c where c.id = 1), 1286)::numeric, 1) as hours) h
    where s.grid_at is not null and b.days > 0
    on conflict (station_id, period) do nothing
    returning id`;
}

type Run = typeof revenueRuns.$inferSelect;

/** The estimate run of one month over every connected station (lifecycle/cursor-run.ts, as the inspections and rent bills). */
function monthRun(period: string): CursorRunSpec<Run> {
  const end = monthEndInstant(period).toISOString();
  return {
    name: `revenue estimates ${period}`,
    lock: async (tx) => (await tx.select().from(revenueRuns).where(eq(revenueRuns.period, period)).for('update'))[0],
    async batch(tx, run, limit) {
      const [r] = await query<{ last_id: number | null; seen: number; created: number }>(
        tx,
        sql`with p as (
              select s.id as sid, ${period}::text as period from stations s
              where s.id > ${run.cursor}::int and ${EARNING} and s.grid_at < ${end}::timestamptz
              order by s.id limit ${limit}::int),
            ins as (${estimateInsert(sql`select sid, period from p`)})
            select (select max(sid) from p) as last_id, (select count(*) from p)::int as seen, (select count(*) from ins)::int as created`,
      );
      return { lastId: r?.last_id == null ? null : Number(r.last_id), seen: Number(r?.seen ?? 0), created: Number(r?.created ?? 0) };
    },
    async save(tx, run, o) {
      await tx
        .update(revenueRuns)
        .set({ cursor: o.cursor, stations_seen: run.stations_seen + o.seen, created: run.created + o.created, batches: run.batches + 1, ...(o.done ? { finished_at: new Date() } : {}) })
        .where(eq(revenueRuns.period, period));
    },
  };
}

/**
 * Estimates one month for every connected station, batch by batch; idempotent (unique station +
 * month). `fresh` walks the stations again even when the month's run finished before (revenue/estimate:
 * fills in stations added since), otherwise a finished month is left alone and an unfinished one
 * continues at its cursor.
 */
export async function estimateMonth(db: Db, period: string, opts: { fresh?: boolean; batch?: number } = {}) {
  await db.transaction(async (tx: Queryable) => {
    await tx.insert(revenueRuns).values({ period }).onConflictDoNothing();
    if (opts.fresh) await tx.update(revenueRuns).set({ cursor: 0, finished_at: null, started_at: new Date() }).where(eq(revenueRuns.period, period));
  });
  const r = await runToEnd(db, monthRun(period), opts.batch ?? ESTIMATE_BATCH);
  return { period, stations: r.seen, created: r.created, batches: r.batches };
}

/** The scheduler job: the month that just ended (the settlement sheets are about it), once. */
export async function estimateDue(db: Db, now: Date) {
  return estimateMonth(db, previousMonth(chinaMonth(now)));
}
