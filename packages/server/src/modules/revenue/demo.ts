import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chinaMonth, estimateMonth, previousMonth } from './estimate.ts';
import { ratioSql, THRESHOLD, underSql } from './resource.ts';

/**
 * 电表号 of connected stations from their latest approved grid-connection self-audit (as migration
 * revenue_rules backfills an existing database); numbers claimed by two stations are left empty.
 */
export const METER_FROM_AUDITS = `
  with latest as (
    select distinct on (a.station_id) a.station_id, left(trim(i->>'value'), 32) as meter_no
    from self_audits a cross join lateral jsonb_array_elements(a.items) i
    where a.kind = 'grid' and a.result = 'approved' and i->>'key' = 'meter_number' and coalesce(trim(i->>'value'), '') <> ''
    order by a.station_id, a.reviewed_at desc nulls last, a.id desc
  ), single as (select meter_no from latest group by meter_no having count(*) = 1)
  update stations s set meter_no = l.meter_no
  from latest l join single using (meter_no)
  where s.id = l.station_id and s.meter_no is null and not exists (select 1 from stations o where o.meter_no = l.meter_no)`;

/**
 * The demo's revenue: meter numbers from the approved grid audits, estimates for the six months before
 * this one, and the grid company's actuals for the last three (85–109 % of the estimate, priced at the
 * month's tariff; one station at 60 % last month, so the list has an under-performing row to open a
 * maintenance order from).
 */
export async function seedDemoRevenue(db: Db, now = new Date()) {
  await db.execute(sql.raw(METER_FROM_AUDITS));
  const months: string[] = [];
  for (let p = previousMonth(chinaMonth(now)); months.length < 6; p = previousMonth(p)) months.push(p);
  for (const p of [...months].reverse()) await estimateMonth(db, p);
  const settledMonths = months.slice(0, 3);
  await db.execute(sql`
    with low as (select min(r.station_id) as sid from revenues r where r.period = ${months[0]!} and r.station_id % 3 <> 0 and r.tariff_price is not null),
    a as (
      select r.id, round(r.estimated_kwh * case when r.station_id = (select sid from low) and r.period = ${months[0]!} then 0.6 else 0.85 + (r.station_id % 25) / 100.0 end, 2) as kwh, r.tariff_price
      from revenues r where r.period in (${sql.join(settledMonths.map((m) => sql`${m}`), sql`, `)}) and r.station_id % 3 <> 0 and r.tariff_price is not null)
    update revenues r set actual_kwh = a.kwh, actual_amount = round(a.kwh * a.tariff_price, 2), actual_source = 'import', settled = true,
      settled_at = now(), meter_no = (select s.meter_no from stations s where s.id = r.station_id),
      ratio = ${ratioSql(sql`a.kwh`, sql`r.estimated_kwh`)}, under_performing = ${underSql(sql`a.kwh`, sql`r.estimated_kwh`, THRESHOLD)}
    from a where a.id = r.id`);
}
