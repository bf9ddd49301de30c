import { PERIODS_PER_YEAR, type PayCycleValue, type Period, PayCycle, RENT_DUE_DAYS, nextPeriod, periodByKey, periodOf } from '@pv/contract';
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { rentBillRuns } from '../../db/schema/index.ts';
import { type CursorRunSpec, runToEnd } from '../../lifecycle/cursor-run.ts';
import { chinaDate } from '../inspection/generate.ts';
import { BILL_PREFIX } from './resource.ts';

/**
 * Rent bill generation (docs/DECISIONS.md "Lease contracts and rent bills"). One SQL statement
 * makes the bills of one period for a set of contracts: coverage = the period clipped to the
 * contract's days (start_date … end_date, or the termination day), the rate after its escalation
 * steps (pv_rent_rate), amount = rate × quantity × covered days ÷ (periods a year × the period's
 * days) rounded once, half away from zero, to the fen — the formula of billFor in the contract,
 * which the API tests compare it with. Inserted with ON CONFLICT (contract_id, period) DO NOTHING,
 * so every path (the scheduler's runs, activation, termination) can make a bill at most once.
 * A bill of a frozen or terminated station is born paused.
 */

export const RENT_BATCH = 5000;

/** Whole years from a to b by month and day (fullYears of the contract) in SQL. */
const fullYears = (a: string, b: string) =>
  `(extract(year from ${b})::int - extract(year from ${a})::int - (extract(month from ${b}) * 100 + extract(day from ${b}) < extract(month from ${a}) * 100 + extract(day from ${a}))::int)`;

/**
 * The insert of `period`'s bills for the contracts `contracts` selects (alias c: lease_contracts
 * columns), returning the ids it made. `chosen` = a CTE-ready select with `c.id` order.
 */
export function billInsert(period: Period, contracts: SQL, createdBy: number | null): SQL {
  const perYear = PERIODS_PER_YEAR[period.cycle];
  const periodDays = Math.round((Date.parse(period.end) - Date.parse(period.start)) / 86_400_000) + 1;
  const day = chinaDate(new Date()).replaceAll('-', '');
  return sql`
    c as (${contracts}),
    b as (
      select c.*, greatest(${period.start}::date, c.start_date) as cs, least(${period.end}::date, coalesce(c.terminate_date, c.end_date)) as ce,
             s.frozen or s.status = 'terminated' as held
      from c join stations s on s.id = c.station_id),
    r as (
      select b.*, pv_rent_rate(b.rent_rate, b.escalation_pct,
               case when b.escalation_years is null or b.escalation_pct <= 0 then 0 else ${sql.raw(fullYears('b.start_date', 'b.cs'))} / b.escalation_years end) as rate,
             case b.rent_rule when 'per_panel' then coalesce(b.panel_count, 0)::numeric when 'per_kwp' then coalesce(b.capacity_kwp, 0) else 1 end as qty,
             nextval('doc_no_seq') as n
      from b where b.cs <= b.ce),
    ins as (
      insert into rent_bills (bill_no, contract_id, station_id, customer_id, agent_id, province_code, city_code, district_code, period, period_start, period_end,
                              cover_start, cover_end, days, period_days, rate, amount_due, deduction, amount_payable, due_date, status, paused_by, pause_reason, created_by)
      select ${BILL_PREFIX + day} || lpad(r.n::text, greatest(6, length(r.n::text)), '0'), r.id, r.station_id, r.customer_id, r.agent_id, r.province_code, r.city_code, r.district_code,
             ${period.key}, ${period.start}::date, ${period.end}::date, r.cs, r.ce, (r.ce - r.cs + 1), ${periodDays}::int, r.rate,
             round(r.rate * r.qty * (r.ce - r.cs + 1) / ${perYear * periodDays}::int, 2), 0, round(r.rate * r.qty * (r.ce - r.cs + 1) / ${perYear * periodDays}::int, 2),
             r.cs + ${RENT_DUE_DAYS}::int, case when r.held then 'paused' else 'pending' end, case when r.held then 'station' end,
             case when r.held then '电站冻结或已终止' end, ${createdBy}::int
      from r
      on conflict (contract_id, period) do nothing
      returning id)`;
}

/** Contracts a period's run walks: of its cycle, active or expired (an expired contract's last period), overlapping it. */
const eligible = (period: Period) =>
  sql`lc.pay_cycle = ${period.cycle} and lc.status in ('active', 'expired') and lc.start_date <= ${period.end}::date and coalesce(lc.terminate_date, lc.end_date) >= ${period.start}::date`;

type Run = typeof rentBillRuns.$inferSelect;

/** A period's run as a cursor run over contract ids (lifecycle/cursor-run.ts). */
export function rentRun(period: Period): CursorRunSpec<Run> {
  return {
    name: `rent period ${period.key}`,
    lock: async (tx) => (await tx.select().from(rentBillRuns).where(eq(rentBillRuns.period, period.key)).for('update'))[0],
    async batch(tx, run, limit) {
      const [r] = await query<{ last_id: number | null; seen: number; created: number }>(
        tx,
        sql`with ${billInsert(period, sql`select lc.* from lease_contracts lc where lc.id > ${run.cursor}::int and ${eligible(period)} order by lc.id limit ${limit}::int`, null)}
            select (select max(id) from c) as last_id, (select count(*) from c)::int as seen, (select count(*) from ins)::int as created`,
      );
      return { lastId: r?.last_id ?? null, seen: Number(r?.seen ?? 0), created: Number(r?.created ?? 0) };
    },
    async save(tx, run, p) {
      await tx
        .update(rentBillRuns)
        .set({ cursor: p.cursor, contracts_seen: run.contracts_seen + p.seen, created: run.created + p.created, batches: run.batches + 1, ...(p.done ? { finished_at: new Date() } : {}) })
        .where(eq(rentBillRuns.period, period.key));
    },
  };
}

/**
 * Makes one period's bills for every eligible contract, resuming its run when one stopped half-way.
 * Running it again, or twice at once, makes nothing twice: the second runner waits on the run row,
 * then finds the run finished (or continues at its cursor), and the unique key refuses repeats.
 */
export async function generateRentPeriod(db: Db, key: string, batch = RENT_BATCH) {
  const period = periodByKey(key);
  if (!period) throw new Error(`not a period: ${key}`);
  await db.insert(rentBillRuns).values({ period: period.key, cycle: period.cycle, period_start: period.start, period_end: period.end }).onConflictDoNothing();
  const r = await runToEnd(db, rentRun(period), batch);
  return { period: period.key, contracts: r.seen, bills: r.created, batches: r.batches };
}

/**
 * The scheduler job: for each pay cycle, every period from the one after its last finished run up
 * to the one running today (China), plus any unfinished run. Rent owed is never skipped: a period
 * missed while the servers were down is made when they are back. The first run of a cycle makes
 * the current period only (a contract's earlier periods are made when it is activated).
 */
export async function generateDueRent(db: Db, now: Date, batch = RENT_BATCH) {
  const today = chinaDate(now);
  const keys: string[] = [];
  for (const open of await db.select({ period: rentBillRuns.period }).from(rentBillRuns).where(isNull(rentBillRuns.finished_at)).orderBy(rentBillRuns.period_start)) keys.push(open.period);
  for (const cycle of PayCycle.values as PayCycleValue[]) {
    const current = periodOf(cycle, today);
    const [last] = await db
      .select({ period: rentBillRuns.period })
      .from(rentBillRuns)
      .where(and(eq(rentBillRuns.cycle, cycle), isNotNull(rentBillRuns.finished_at)))
      .orderBy(desc(rentBillRuns.period_start))
      .limit(1);
    let p = last ? nextPeriod(periodByKey(last.period)!) : current;
    for (; p.start <= current.start; p = nextPeriod(p)) if (!keys.includes(p.key)) keys.push(p.key);
  }
  let bills = 0;
  for (const key of keys) bills += (await generateRentPeriod(db, key, batch)).bills;
  return { periods: keys.length, bills, expired: await expireContracts(db, today) };
}

/**
 * 已到期: active contracts whose last day has passed (their last period's bill is made by the run of
 * that period, which also walks expired contracts). One set-based update with its timeline rows.
 */
export async function expireContracts(db: Queryable, today: string): Promise<number> {
  const rows = await query<{ n: number }>(
    db,
    sql`with u as (update lease_contracts set status = 'expired', version = version + 1, updated_at = now()
          where status = 'active' and end_date < ${today}::date returning id),
        t as (insert into transitions (entity, entity_id, action, from_status, to_status, user_name)
          select 'lease_contract', u.id, 'expire', 'active', 'expired', 'system' from u returning 1)
        select (select count(*) from u)::int as n`,
  );
  return Number(rows[0]?.n ?? 0);
}
