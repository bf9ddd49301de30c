import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MARGIN_WALK, sumMoney } from '@pv/contract';
import { query } from '../src/db/client.ts';
import { leaseContracts, rentBills, revenues, roles, stations, userRoles, users } from '../src/db/schema/index.ts';
import { readXlsx } from '../src/excel/xlsx.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { chinaDate } from '../src/modules/inspection/generate.ts';
import { USER_PASSWORD, call, fixtures, login, startApp, type TestApp } from './helpers.ts';

/**
 * Finance reports (issue 14): the rent report by due month × region sums to the fen what a direct
 * query over the bills says (overdue = unpaid and due before today), moves with the bills' actions
 * (rollup triggers), answers an agent its own bills and a self-scope user the bills they made; the
 * station list of revenue against rent sums each contract's own revenue months and bills, filters
 * "rent above revenue"; bad input is a 400 in the caller's language, a missing permission a 403.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let hn: string;
const S = '/api/system';
const get = (url: string, q: Record<string, string | number> = {}, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'GET', `${S}/${url}`, { token, query: q, lang });

const today = chinaDate(new Date());
const month = today.slice(0, 7);
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const monthOf = (d: string) => d.slice(0, 7);
const FIRST = '2025-01';

let seq = 0;
const contracts: Record<string, { id: number; station: number }> = {};
async function station(code: string, agent: number, province: string, city: string) {
  const [s] = await t.handle.db
    .insert(stations)
    .values({ code, name: `电站${code}`, agent_id: agent, province_code: province, city_code: city, capacity_kwp: 10, status: 'operating', grid_at: new Date('2024-01-01T00:00:00+08:00') } as never)
    .returning();
  const [c] = await t.handle.db
    .insert(leaseContracts)
    .values({ contract_no: `ZLT${code}`, station_id: s!.id, agent_id: agent, province_code: province, city_code: city, start_date: '2024-01-01', end_date: '2048-12-31', rent_rule: 'fixed', rent_rate: '1000', pay_cycle: 'quarterly', status: 'active' } as never)
    .returning();
  contracts[code] = { id: c!.id, station: s!.id };
}
async function bill(code: string, due: string, payable: string, status: string, deduction = '0.00', createdBy: number | null = null) {
  const c = contracts[code]!;
  const [row] = await query<{ province_code: string; city_code: string; agent_id: number }>(t.handle.db, sql`select province_code, city_code, agent_id from lease_contracts where id = ${c.id}`);
  const due_ = (Number(payable) + Number(deduction)).toFixed(2);
  seq += 1;
  const [b] = await t.handle.db
    .insert(rentBills)
    .values({
      bill_no: `ZJT${String(seq).padStart(6, '0')}`,
      contract_id: c.id,
      station_id: c.station,
      agent_id: row!.agent_id,
      province_code: row!.province_code,
      city_code: row!.city_code,
      period: `T${seq}`,
      period_start: due,
      period_end: due,
      cover_start: due,
      cover_end: due,
      days: 1,
      period_days: 1,
      rate: '1000',
      amount_due: due_,
      deduction,
      amount_payable: payable,
      due_date: due,
      status,
      created_by: createdBy,
    } as never)
    .returning();
  return b!.id;
}
async function revenue(code: string, period: string, estimated: string, actual: string | null) {
  const c = contracts[code]!;
  const [s] = await query<{ province_code: string; city_code: string; agent_id: number }>(t.handle.db, sql`select province_code, city_code, agent_id from stations where id = ${c.station}`);
  await t.handle.db.insert(revenues).values({
    station_id: c.station,
    period,
    agent_id: s!.agent_id,
    province_code: s!.province_code,
    city_code: s!.city_code,
    capacity_kwp: '10',
    active_days: 30,
    utilisation_hours: '1286.0',
    estimated_kwh: '1000.00',
    estimated_amount: estimated,
    actual_kwh: actual === null ? null : '900.00',
    actual_amount: actual,
    settled: actual !== null,
  } as never);
}

/** The report's figures recomputed from the bills themselves (not the rollups), per (month, region) and in all. */
async function direct(where: string, region = 'province_code') {
  const figures = `count(*) filter (where status <> 'cancelled')::int as bills,
    coalesce(sum(amount_payable) filter (where status <> 'cancelled'), 0)::numeric(20,2)::text as payable,
    count(*) filter (where status = 'paid')::int as paid_count, coalesce(sum(amount_payable) filter (where status = 'paid'), 0)::numeric(20,2)::text as paid,
    count(*) filter (where status = 'failed')::int as failed_count, coalesce(sum(amount_payable) filter (where status = 'failed'), 0)::numeric(20,2)::text as failed,
    count(*) filter (where status = 'paused')::int as paused_count, coalesce(sum(amount_payable) filter (where status = 'paused'), 0)::numeric(20,2)::text as paused,
    count(*) filter (where status in ('pending', 'failed') and due_date < '${today}')::int as overdue_count,
    coalesce(sum(amount_payable) filter (where status in ('pending', 'failed') and due_date < '${today}'), 0)::numeric(20,2)::text as overdue`;
  const rows = await query<Record<string, unknown>>(
    t.handle.db,
    sql.raw(`select to_char(due_date, 'YYYY-MM') as month, ${region} as region_code, ${figures} from rent_bills where ${where} group by 1, 2
             having count(*) filter (where status <> 'cancelled') > 0 or count(*) filter (where status in ('pending', 'failed') and due_date < '${today}') > 0 order by 1, 2`),
  );
  const [totals] = await query<Record<string, unknown>>(t.handle.db, sql.raw(`select ${figures} from rent_bills where ${where}`));
  return { rows, totals: totals! };
}
const pick = (r: Record<string, unknown>) => ({
  bills: r.bills,
  payable: r.payable,
  paid_count: r.paid_count,
  paid: r.paid,
  failed_count: r.failed_count,
  failed: r.failed,
  paused_count: r.paused_count,
  paused: r.paused,
  overdue_count: r.overdue_count,
  overdue: r.overdue,
});

let pendingPast = 0;
beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  fx = await fixtures(t);
  await station('F01', fx.sd.id, '370000', '370100');
  await station('F02', fx.sdc.id, '370000', '370700');
  await station('F03', fx.hn.id, '410000', '410100');
  await station('F04', fx.hn.id, '410000', '410100');
  // 2025-01: two paid, one failed (overdue: the month is over), one pending (overdue), one cancelled (not payable)
  await bill('F01', '2025-01-15', '250.00', 'paid');
  await bill('F02', '2025-01-15', '249.99', 'paid', '0.01');
  await bill('F03', '2025-01-20', '250.00', 'failed');
  pendingPast = await bill('F04', '2025-01-20', '0.33', 'pending');
  await bill('F01', '2025-01-31', '99.99', 'cancelled');
  // 2025-04: one paused (never overdue), one deducted and paid
  await bill('F01', '2025-04-15', '250.00', 'paused');
  await bill('F03', '2025-04-15', '200.50', 'paid', '49.50');
  // this month: due before today (overdue), due today and later (not yet); next month's (upcoming)
  await bill('F02', addDays(today, -1), '123.45', 'pending');
  await bill('F03', today, '10.01', 'pending');
  await bill('F04', addDays(today, 3), '20.02', 'failed');
  await bill('F01', addDays(today, 40), '30.03', 'pending');
  // revenue: F01 earns more than its rent, F03 less (one month settled below the estimate)
  await revenue('F01', '2025-01', '600.00', '580.25');
  await revenue('F01', '2025-04', '600.00', null);
  await revenue('F03', '2025-01', '150.00', '120.10');
  await revenue('F03', '2025-04', '140.00', null);
  admin = await login(t.app);
  hn = await login(t.app, 'hn', USER_PASSWORD);
});
afterAll(async () => t.close());

describe('rent report', () => {
  it('sums to the fen what the bills say, per due month and province and in all', async () => {
    const last = monthOf(addDays(today, 40));
    const rep = await get('rent_bill/report', { month_gte: FIRST, month_lte: last });
    expect(rep.status, rep.msg).toBe(200);
    expect(rep.data).toMatchObject({ level: 'province', month_gte: FIRST, month_lte: last, as_of: today });
    const d = await direct('true');
    expect(rep.data.rows.map((r: any) => ({ month: r.month, region_code: r.region_code, ...pick(r) }))).toEqual(d.rows.map((r) => ({ month: r.month, region_code: r.region_code, ...pick(r) })));
    expect(pick(rep.data.totals)).toEqual(pick(d.totals));
    // the parts add up to the whole
    expect(sumMoney(rep.data.rows.map((r: any) => r.payable))).toBe(rep.data.totals.payable);
    // hand-checked: January's Shandong bills, the cancelled one not payable
    const janSd = rep.data.rows.find((r: any) => r.month === '2025-01' && r.region_code === '370000');
    expect(janSd).toMatchObject({ bills: 2, payable: '499.99', paid: '499.99', deduction: '0.01', overdue_count: 0, paid_rate: '1.0000' });
    const janHn = rep.data.rows.find((r: any) => r.month === '2025-01' && r.region_code === '410000');
    expect(janHn).toMatchObject({ bills: 2, payable: '250.33', failed_count: 1, unpaid_count: 2, overdue_count: 2, overdue: '250.33', paid: '0.00', paid_rate: '0.0000' });
    // a paused bill is payable but never overdue
    const aprSd = rep.data.rows.find((r: any) => r.month === '2025-04' && r.region_code === '370000');
    expect(aprSd).toMatchObject({ paused_count: 1, paused: '250.00', overdue_count: 0 });
    // this month: only what fell due before today is overdue (today's and later bills are not)
    const now = rep.data.rows.filter((r: any) => r.month === month);
    const overdueNow = now.reduce((n: number, r: any) => n + r.overdue_count, 0);
    const dueBefore = [addDays(today, -1)].filter((x) => monthOf(x) === month).length;
    expect(overdueNow).toBe(dueBefore);
  });

  it('gives the cities of a province, and follows the bills as they are paid (triggers)', async () => {
    const cities = await get('rent_bill/report', { month_gte: FIRST, month_lte: '2025-06', province_code: '370000' });
    expect(cities.data.level).toBe('city');
    expect(cities.data.rows.map((r: any) => r.region_code).sort()).toEqual(['370100', '370100', '370700']);
    const d = await direct("province_code = '370000' and due_date < '2025-07-01'", 'city_code');
    expect(pick(cities.data.totals)).toEqual(pick(d.totals));

    const before = (await get('rent_bill/report', { month_gte: '2025-01', month_lte: '2025-01' })).data.totals;
    const [row] = await query<{ version: number }>(t.handle.db, sql`select version from rent_bills where id = ${pendingPast}`);
    const paid = await call(t.app, 'POST', `${S}/rent_bill/pay`, { token: admin, body: { id: pendingPast, version: row!.version, bank_serial: 'BANK-0001' } });
    expect(paid.status, paid.msg).toBe(200);
    const after = (await get('rent_bill/report', { month_gte: '2025-01', month_lte: '2025-01' })).data.totals;
    expect(after.paid).toBe(sumMoney([before.paid, '0.33']));
    expect(after.overdue_count).toBe(before.overdue_count - 1);
    expect(after.payable).toBe(before.payable);
  });

  it('an agent sees its own bills; an agent filter outside its tree is refused', async () => {
    const rep = await get('rent_bill/report', { month_gte: FIRST, month_lte: month }, hn);
    expect(rep.status, rep.msg).toBe(200);
    expect(new Set(rep.data.rows.map((r: any) => r.region_code))).toEqual(new Set(['410000']));
    const d = await direct(`agent_id = ${fx.hn.id} and to_char(due_date, 'YYYY-MM') <= '${month}'`);
    expect(pick(rep.data.totals)).toEqual(pick(d.totals));
    expect((await get('rent_bill/report', { agent_id: fx.sd.id }, hn)).status).toBe(404);
    // the administrator filtering one agent reads the per-agent rollup: the same numbers
    const byAgent = await get('rent_bill/report', { month_gte: FIRST, month_lte: month, agent_id: fx.hn.id });
    expect(pick(byAgent.data.totals)).toEqual(pick(d.totals));
  });

  it('a self-scope user gets the numbers recomputed from the bills they made', async () => {
    const { db } = t.handle;
    const [role] = await db.insert(roles).values({ code: 'rent_self', name: '租金自查', permissions: ['rent_bill:index', 'rent_bill:report'], data_scope: 'self' } as never).returning();
    const [u] = await db.insert(users).values({ username: 'rentself', password_hash: await hashPassword(USER_PASSWORD), full_name: '自查员', identity: 'staff' }).returning();
    await db.insert(userRoles).values({ user_id: u!.id, role_id: role!.id });
    await bill('F02', '2025-02-10', '77.77', 'pending', '0.00', u!.id);
    await bill('F02', '2025-02-11', '11.11', 'paid', '0.00', u!.id);
    const token = await login(t.app, 'rentself', USER_PASSWORD);
    const rep = await get('rent_bill/report', { month_gte: FIRST, month_lte: month }, token);
    expect(rep.status, rep.msg).toBe(200);
    expect(rep.data.totals).toMatchObject({ bills: 2, payable: '88.88', paid: '11.11', overdue_count: 1, overdue: '77.77' });
    expect(rep.data.rows).toHaveLength(1);
  });

  it('exports the report as a sheet whose total row is the report total', async () => {
    const rep = await get('rent_bill/report', { month_gte: FIRST, month_lte: month });
    const x = await t.app.inject({ method: 'GET', url: `${S}/rent_bill/report_export?month_gte=${FIRST}&month_lte=${month}`, headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' } });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const sheet = readXlsx(x.rawPayload);
    expect(sheet[0]!.slice(0, 4)).toEqual(['Due month', 'Province', 'Bills', 'Payable (yuan)']);
    const total = sheet.at(-1)!;
    expect(total[0]).toBe('Total');
    expect(Number(total[3])).toBe(Number(rep.data.totals.payable));
    expect(sheet).toHaveLength(rep.data.rows.length + 2);
  });

  it('bad input is a 400 in the caller\'s language', async () => {
    const zh = await get('rent_bill/report', { month_gte: '2025-13' });
    expect(zh.status).toBe(400);
    expect(zh.msg).toContain('月份格式为 2026-05');
    const en = await get('rent_bill/report', { month_gte: '2025-13' }, admin, 'en');
    expect(en.msg).toContain('A month is written 2026-05');
    const order = await get('rent_bill/report', { month_gte: '2025-06', month_lte: '2025-01' }, admin, 'en');
    expect(order.status).toBe(400);
    expect(order.msg).toBe('The last month cannot be before the first one');
    const long = await get('rent_bill/report', { month_gte: '2010-01', month_lte: '2025-01' });
    expect(long.status).toBe(400);
    expect(long.msg).toBe('月份范围最多 120 个月');
    expect((await get('rent_bill/report', { province_code: '999999' })).status).toBe(400);
    expect((await get('rent_bill/report', { extra: '1' })).status).toBe(400);
    expect((await get('rent_bill/margin', { rent_above_revenue: 'maybe' }, admin, 'en')).msg).toContain('Use 1 (yes) or 0 (no)');
    expect((await get('rent_bill/margin', { limit: 1000 })).status).toBe(400);
  });
});

describe('revenue against rent per station', () => {
  it('sums each contract\'s revenue months and bills due in the range; the margin is revenue − rent', async () => {
    const res = await get('rent_bill/margin', { month_gte: FIRST, month_lte: '2025-06' });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.total).toBe(4);
    expect(res.data.has_more).toBe(false);
    const by = Object.fromEntries(res.data.list.map((r: any) => [r.station_code, r]));
    // F01: January settled (580.25) + April estimated (600.00); rent 250.00 paid + 250.00 paused (the cancelled bill is not rent)
    expect(by.F01).toMatchObject({ months: 2, settled_months: 1, estimated_amount: '1200.00', actual_amount: '580.25', revenue: '1180.25', bills: 2, rent_payable: '500.00', rent_paid: '250.00', margin: '680.25' });
    // F03: revenue 120.10 + 140.00 = 260.10 against rent 250.00 + 200.50
    expect(by.F03).toMatchObject({ revenue: '260.10', rent_payable: '450.50', rent_paid: '200.50', margin: '-190.40' });
    // every row equals a direct query over its own rows
    for (const r of res.data.list as any[]) {
      const [d] = await query<{ payable: string; revenue: string }>(
        t.handle.db,
        sql`select (select coalesce(sum(amount_payable), 0)::numeric(20,2)::text from rent_bills where contract_id = ${r.contract_id} and status <> 'cancelled' and due_date between '2025-01-01' and '2025-06-30') as payable,
                   (select coalesce(sum(case when settled then actual_amount else estimated_amount end), 0)::numeric(20,2)::text from revenues where station_id = ${r.station_id} and period between '2025-01' and '2025-06') as revenue`,
      );
      expect({ payable: r.rent_payable, revenue: r.revenue }, r.station_code).toEqual(d);
    }
  });

  it('filters rent above revenue, region and agent; an agent sees its own contracts', async () => {
    const flagged = await get('rent_bill/margin', { month_gte: FIRST, month_lte: '2025-06', rent_above_revenue: '1' });
    expect(flagged.status, flagged.msg).toBe(200);
    expect(flagged.data.total).toBeNull();
    // F02 has 249.99 + 77.77 + 11.11 of rent and no revenue; F04 0.33 (now paid) and none; F03 as above
    expect(flagged.data.list.map((r: any) => r.station_code).sort()).toEqual(['F02', 'F03', 'F04']);
    expect(flagged.data.list.every((r: any) => Number(r.rent_payable) > Number(r.revenue))).toBe(true);
    const paged = await get('rent_bill/margin', { month_gte: FIRST, month_lte: '2025-06', rent_above_revenue: '1', limit: 2 });
    expect(paged.data).toMatchObject({ has_more: true, total: null });
    expect(paged.data.list).toHaveLength(2);
    // the next request goes on where the page ended: the third one, then the end
    const rest = await get('rent_bill/margin', { month_gte: FIRST, month_lte: '2025-06', rent_above_revenue: '1', limit: 2, cursor: paged.data.next_cursor });
    expect(rest.status, rest.msg).toBe(200);
    expect([...paged.data.list, ...rest.data.list].map((r: any) => r.station_code).sort()).toEqual(['F02', 'F03', 'F04']);
    expect(rest.data).toMatchObject({ has_more: false, next_cursor: null });
    expect((await get('rent_bill/margin', { rent_above_revenue: '1', cursor: "x' or 1=1" }, admin, 'en')).msg).toContain('Not a valid position');
    const city = await get('rent_bill/margin', { city_code: '370700' });
    expect(city.data.total).toBe(1);
    expect(city.data.list.map((r: any) => r.station_code)).toEqual(['F02']);
    const agent = await get('rent_bill/margin', { month_gte: FIRST, month_lte: '2025-06' }, hn);
    expect(agent.data.total).toBe(2);
    expect(agent.data.list.map((r: any) => r.station_code).sort()).toEqual(['F03', 'F04']);
    expect((await get('rent_bill/margin', { agent_id: fx.sd.id }, hn)).status).toBe(404);
  });

  it('exports every row of the filter', async () => {
    const x = await t.app.inject({ method: 'GET', url: `${S}/rent_bill/margin_export?month_gte=${FIRST}&month_lte=2025-06&rent_above_revenue=1`, headers: { authorization: `Bearer ${admin}` } });
    expect(x.statusCode).toBe(200);
    const sheet = readXlsx(x.rawPayload);
    expect(sheet[0]![0]).toBe('合同编号');
    expect(sheet.slice(1).map((r) => r[2]).sort()).toEqual(['F02', 'F03', 'F04']);
  });

  it('with the flag, one request reads at most MARGIN_WALK contracts and says where to go on', async () => {
    // 5,100 newer contracts with neither revenue nor rent: never flagged, walked first (newest first)
    await t.handle.db.execute(sql`insert into stations (code, name, agent_id, province_code, city_code, capacity_kwp, status)
      select 'FW' || g, 'FW' || g, ${fx.sd.id}, '370000', '370100', 10, 'operating' from generate_series(1, 5100) g`);
    await t.handle.db.execute(sql`insert into lease_contracts (contract_no, station_id, agent_id, province_code, city_code, start_date, end_date, rent_rule, rent_rate, pay_cycle, status, created_at)
      select 'ZLFW' || s.code, s.id, s.agent_id, s.province_code, s.city_code, '2024-01-01', '2048-12-31', 'fixed', 100, 'annual', 'active', now() + interval '1 hour'
      from stations s where s.code like 'FW%'`);
    const q = { month_gte: FIRST, month_lte: '2025-06', rent_above_revenue: '1' };
    const first = await get('rent_bill/margin', q);
    expect(first.status, first.msg).toBe(200);
    expect(first.data).toMatchObject({ list: [], has_more: true, walked: MARGIN_WALK });
    const second = await get('rent_bill/margin', { ...q, cursor: first.data.next_cursor });
    expect(second.data.walked).toBe(100 + 4);
    expect(second.data.list.map((r: any) => r.station_code).sort()).toEqual(['F02', 'F03', 'F04']);
    expect(second.data.has_more).toBe(false);
    // without the flag the total counts them all
    expect((await get('rent_bill/margin', { month_gte: FIRST, month_lte: '2025-06' })).data.total).toBe(5104);
  });

  it('needs rent_bill:report, and revenue:report for the station list', async () => {
    const { db } = t.handle;
    const [role] = await db.insert(roles).values({ code: 'rent_only', name: '只看租金', permissions: ['rent_bill:index', 'rent_bill:report'], data_scope: 'all' } as never).returning();
    const [u] = await db.insert(users).values({ username: 'rentonly', password_hash: await hashPassword(USER_PASSWORD), full_name: '租金员', identity: 'staff' }).returning();
    await db.insert(userRoles).values({ user_id: u!.id, role_id: role!.id });
    const token = await login(t.app, 'rentonly', USER_PASSWORD);
    expect((await get('rent_bill/report', {}, token)).status).toBe(200);
    expect((await get('rent_bill/margin', {}, token)).status).toBe(403);
    expect((await get('rent_bill/margin_export', {}, token)).status).toBe(403);
    await db.update(roles).set({ permissions: ['rent_bill:index'] }).where(eq(roles.code, 'rent_only'));
    const fresh = await login(t.app, 'rentonly', USER_PASSWORD);
    expect((await get('rent_bill/report', {}, fresh)).status).toBe(403);
    expect((await get('rent_bill/report_export', {}, fresh)).status).toBe(403);
    expect((await call(t.app, 'GET', `${S}/rent_bill/report`)).status).toBe(401);
  });
});
