import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { query } from '../src/db/client.ts';
import { customers, roles, selfAudits, stations, workOrders } from '../src/db/schema/index.ts';
import { ROLLUPS, rebuildStatistics } from '../src/modules/statistic/rollup.ts';
import { chinaToday } from '../src/modules/statistic/query.ts';
import { JOBS } from '../src/modules/task/jobs.ts';
import { USER_PASSWORD, call, fixtures, login, startApp, type TestApp } from './helpers.ts';

let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let token: string;
const Y2025 = { period: 'custom', start: '2025-01-01', end: '2025-12-31' };
const at = (d: string) => new Date(`${d}T04:00:00Z`); // noon in China

/**
 * A hand-counted data set in 2025 (see the expectations): 4 customers, 3 stations (one terminated),
 * 3 work orders, 2 self-audits of one order (rejected, then approved).
 */
beforeAll(async () => {
  t = await startApp();
  fx = await fixtures(t);
  token = await login(t.app);
  const db = t.handle.db;
  const cust = (name: string, province_code: string, city_code: string, agent_id: number | null, stage: string, status: string, created: string, signed?: string) => ({
    name, phone: '13800000000', province_code, city_code, agent_id, stage, status, created_at: at(created), signed_at: signed ? at(signed) : null,
  });
  const [c1, c2, c3, c4] = await db
    .insert(customers)
    .values([
      cust('张三', '370000', '370100', fx.sd.id, 'intentional', 'new', '2025-03-10'),
      cust('李四', '370000', '370700', fx.sdc.id, 'formal', 'signed', '2025-03-01', '2025-03-11'),
      cust('王五', '410000', '410100', fx.hn.id, 'formal', 'signed', '2025-04-01', '2025-04-21'),
      cust('赵六', '130000', '130100', null, 'intentional', 'lost', '2025-05-05'),
    ])
    .returning();
  void c1; void c4;
  const st = (code: string, c: { id: number; agent_id: number | null; province_code: string; city_code: string | null }, kwp: number, status: string, created: string, built?: string, grid?: string) => ({
    code, name: `电站${code}`, customer_id: c.id, agent_id: c.agent_id, province_code: c.province_code, city_code: c.city_code, capacity_kwp: kwp, status,
    created_at: at(created), built_at: built ? at(built) : null, grid_at: grid ? at(grid) : null,
  });
  const [s1, s2] = await db
    .insert(stations)
    .values([st('S1', c2!, 10, 'building', '2025-03-12'), st('S2', c3!, 20.5, 'building', '2025-04-22'), st('S3', c2!, 5, 'terminated', '2025-03-15')])
    .returning();
  // s1 moves on later (the update triggers count it)
  await db.update(stations).set({ status: 'grid_connected', built_at: at('2025-04-11'), grid_at: at('2025-05-11') }).where(eq(stations.id, s1!.id));
  const wo = (no: string, kind: string, s: typeof s1, status: string, extra: Record<string, unknown> = {}) => ({
    order_no: no, kind, station_id: s!.id, agent_id: s!.agent_id, province_code: s!.province_code, city_code: s!.city_code, status, ...extra,
  });
  const [w1] = await db
    .insert(workOrders)
    .values([
      wo('W1', 'build', s1, 'completed', { team_id: fx.op.id, dispatched_at: at('2025-03-20'), finished_at: at('2025-04-10') }),
      wo('W2', 'grid', s2, 'pending_dispatch'),
      wo('W3', 'build', s2, 'in_progress', { team_id: fx.op.id, dispatched_at: at('2025-04-25'), overdue: true }),
    ])
    .returning();
  const audit = (attempt: number, result: string, reviewed: string, items: unknown[]) => ({
    work_order_id: w1!.id, kind: 'build', station_id: s1!.id, agent_id: s1!.agent_id, province_code: '370000', city_code: '370700', attempt, result,
    reviewed_at: at(reviewed), submitted_by: fx.op.id, items,
  });
  await db.insert(selfAudits).values([
    audit(1, 'rejected', '2025-04-01', [{ key: 'module_nameplate', result: 'fail' }, { key: 'inverter_nameplate', result: 'pass' }]),
    audit(2, 'approved', '2025-04-10', [{ key: 'module_nameplate', result: 'pass' }]),
  ]);
});
afterAll(async () => t.close());

const post = (path: string, body: unknown = Y2025, tk = token) => call(t.app, 'POST', `/api/system/${path}`, { token: tk, body });

describe('statistics from the rollups', () => {
  it('homepage: customers, capacity by stage, the period, to-dos and the benefit estimate', async () => {
    const res = await post('statistic/homepage');
    expect(res.status).toBe(200);
    expect(res.data.range).toEqual({ period: 'custom', start: '2025-01-01', end: '2025-12-31', grain: 'month' });
    expect(res.data.customers).toEqual({ total: 4, intentional: 2, formal: 2, lost: 1 });
    expect(res.data.capacity).toEqual({
      signed: { stations: 2, kwp: 30.5 }, built: { stations: 1, kwp: 10 }, grid: { stations: 1, kwp: 10 }, operating: { stations: 0, kwp: 0 },
    });
    expect(res.data.in_period).toEqual({ customers: 4, signed: 2, grid_connected: 1, grid_kwp: 10 });
    expect(res.data.today).toEqual({ customers: 0, signed: 0, grid_connected: 0 });
    expect(res.data.todo).toEqual({ to_dispatch: 1, to_review: 0, overdue: 1, matters_open: 0 });
    // 10 kWp × 1286 h; CO₂ 0.5366 and coal 0.3034 kg/kWh (the default factors)
    expect(res.data.benefit).toMatchObject({ estimate: true, annual_kwh: 12860, co2_t: 6.901, coal_t: 3.902 });
    expect(Date.parse(res.data.as_of)).toBeGreaterThan(Date.now() - 60_000);
    // a range with partial months at both edges: whole April from the monthly rollup, the edge days from the daily one
    const edges = await post('statistic/homepage', { period: 'custom', start: '2025-03-11', end: '2025-05-11' });
    expect(edges.data.in_period).toEqual({ customers: 2, signed: 2, grid_connected: 1, grid_kwp: 10 });
    const edges2 = await post('statistic/industry_customer_data', { period: 'custom', start: '2025-03-11', end: '2025-05-10' });
    expect(edges2.data.funnel.map((f: { n: number }) => f.n)).toEqual([2, 2, 1, 0]);
  });

  it('user_line: created, signed and cumulative per month', async () => {
    const res = await post('statistic/user_line');
    const points = res.data.points as { bucket: string; created: number; signed: number; cumulative: number }[];
    expect(points).toHaveLength(12);
    expect(points.slice(1, 5)).toEqual([
      { bucket: '2025-02', created: 0, signed: 0, cumulative: 0 },
      { bucket: '2025-03', created: 2, signed: 1, cumulative: 2 },
      { bucket: '2025-04', created: 1, signed: 1, cumulative: 3 },
      { bucket: '2025-05', created: 1, signed: 0, cumulative: 4 },
    ]);
    expect(points.at(-1)).toEqual({ bucket: '2025-12', created: 0, signed: 0, cumulative: 4 });
    const march = await post('statistic/user_line', { period: 'custom', start: '2025-03-10', end: '2025-03-11' });
    expect(march.data.points).toEqual([
      { bucket: '2025-03-10', created: 1, signed: 0, cumulative: 2 },
      { bucket: '2025-03-11', created: 0, signed: 1, cumulative: 2 },
    ]);
  });

  it('user_data and user_area (province, then the cities of one province)', async () => {
    const data = await post('statistic/user_data', {});
    expect(data.data.rows).toEqual([
      { stage: 'formal', status: 'signed', n: 2 },
      { stage: 'intentional', status: 'lost', n: 1 },
      { stage: 'intentional', status: 'new', n: 1 },
    ]);
    expect(data.data.stations).toEqual([
      { status: 'building', n: 1, kwp: 20.5 },
      { status: 'grid_connected', n: 1, kwp: 10 },
      { status: 'terminated', n: 1, kwp: 5 },
    ]);
    const area = await post('statistic/user_area', {});
    expect(area.data.level).toBe('province');
    expect(area.data.provinces).toEqual([
      { code: '370000', name: '山东省', customers: 2, stations: 1, capacity_kwp: 10, grid_kwp: 10 },
      { code: '130000', name: '河北省', customers: 1, stations: 0, capacity_kwp: 0, grid_kwp: 0 },
      { code: '410000', name: '河南省', customers: 1, stations: 1, capacity_kwp: 20.5, grid_kwp: 0 },
    ]);
    const sd = await post('statistic/user_area', { province_code: '370000' });
    expect(sd.data.level).toBe('city');
    expect(sd.data.provinces.map((p: { code: string; customers: number; stations: number }) => [p.code, p.customers, p.stations])).toEqual([
      ['370100', 1, 0],
      ['370700', 1, 1],
    ]);
  });

  it('industry data, funnel, construction and teams', async () => {
    const ind = await post('statistic/industry_data');
    expect(ind.data.capacity.grid).toEqual({ stations: 1, kwp: 10 });
    expect(ind.data.points.find((p: { bucket: string }) => p.bucket === '2025-03')).toEqual({ bucket: '2025-03', signed_kwp: 10, grid_kwp: 0 });
    expect(ind.data.points.find((p: { bucket: string }) => p.bucket === '2025-04')).toEqual({ bucket: '2025-04', signed_kwp: 20.5, grid_kwp: 0 });
    expect(ind.data.points.find((p: { bucket: string }) => p.bucket === '2025-05')).toEqual({ bucket: '2025-05', signed_kwp: 0, grid_kwp: 10 });

    const fun = await post('statistic/industry_customer_data');
    expect(fun.data.funnel).toEqual([
      { step: 'intentional', n: 4 },
      { step: 'signed', n: 2 },
      { step: 'built', n: 1 },
      { step: 'grid', n: 1 },
    ]);
    expect(fun.data.conversion).toBe(0.5);
    expect(fun.data.avg_days).toEqual({ to_sign: 15, to_build: 30, to_grid: 30 });

    const con = await post('statistic/industry_construction_data');
    expect(con.data.backlog).toEqual([
      { kind: 'build', status: 'in_progress', n: 1 },
      { kind: 'grid', status: 'pending_dispatch', n: 1 },
    ]);
    expect(con.data).toMatchObject({ lead_days: { build: 30, grid: 30 }, first_pass_rate: 0, audits: { approved: 1, rejected: 1 }, overdue: 1, overdue_rate: 1 });
    expect(con.data.top_reject_reasons).toEqual([{ item: 'module_nameplate', n: 1 }]);

    const team = await post('statistic/industry_team_data');
    expect(team.data.teams).toEqual([{ team_id: fx.op.id, name: '运营小李', orders: 2, completed: 1, kwp_built: 10, lead_days: 21, reject_rate: 0.5 }]);
  });

  it('events: newest first, names masked', async () => {
    const res = await post('statistic/events', {});
    const ev = res.data.events as { kind: string; title: string; at: string; kwp?: number }[];
    expect(ev[0]).toMatchObject({ kind: 'grid_connected', title: '电**', kwp: 10 });
    expect(ev.filter((e) => e.kind === 'new_customer').map((e) => e.title)).toEqual(['赵**', '王**', '张**', '李**']);
    expect(ev.filter((e) => e.kind === 'signed')).toHaveLength(2);
    expect([...ev].sort((a, b) => b.at.localeCompare(a.at))).toEqual(ev);
  });

  it('an agent sees its own numbers (its agent tree)', async () => {
    await t.handle.db.update(roles).set({ permissions: sql`${roles.permissions} || '["statistic:view"]'::jsonb` }).where(eq(roles.code, 'agent'));
    const sd = await login(t.app, 'sd', USER_PASSWORD);
    const home = await post('statistic/homepage', Y2025, sd);
    expect(home.data.customers).toEqual({ total: 2, intentional: 1, formal: 1, lost: 0 });
    expect(home.data.capacity.signed).toEqual({ stations: 1, kwp: 10 });
    expect(home.data.todo).toEqual({ to_dispatch: 0, to_review: 0, overdue: 0, matters_open: 0 });
    const hn = await post('statistic/industry_customer_data', Y2025, await login(t.app, 'hn', USER_PASSWORD));
    expect(hn.data.funnel).toEqual([
      { step: 'intentional', n: 1 },
      { step: 'signed', n: 1 },
      { step: 'built', n: 0 },
      { step: 'grid', n: 0 },
    ]);
  });

  it('refuses bad periods and regions', async () => {
    const bad = await post('statistic/homepage', { period: 'hour' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('统计周期');
    expect((await post('statistic/homepage', { period: 'custom', start: '2025-02-01' })).status).toBe(400);
    expect((await post('statistic/homepage', { period: 'custom', start: '2025-02-01', end: '2025-01-01' })).status).toBe(400);
    expect((await post('statistic/homepage', { period: 'custom', start: '2015-01-01', end: '2025-01-01' })).status).toBe(400);
    expect((await post('statistic/homepage', { province_code: '999999' })).status).toBe(400);
    expect((await post('statistic/homepage', { province_code: '370000', city_code: '410100' })).status).toBe(400);
    expect((await post('statistic/homepage', { province_code: '370000', city_code: '370700' })).data.customers.total).toBe(1);
  });

  it('the trigger-kept rollups equal a rebuild from the base tables', async () => {
    const db = t.handle.db;
    const snapshot = async () => {
      const out: Record<string, string[]> = {};
      for (const r of ROLLUPS) {
        const rows = await query<Record<string, unknown>>(db, sql.raw(`select * from ${r.table} where ${r.measures.map((m) => `${m} <> 0`).join(' or ')}`));
        out[r.table] = rows.map((x) => JSON.stringify(Object.fromEntries(Object.entries(x).map(([k, v]) => [k, v === null ? null : String(Number.isNaN(Number(v)) ? v : Number(v))])))).sort();
      }
      return out;
    };
    const before = await snapshot();
    expect(before.stat_daily_customers!.length).toBeGreaterThan(0);
    await rebuildStatistics(db);
    expect(await snapshot()).toEqual(before);
    // the nightly task does the same
    const job = await JOBS.refresh_statistics!.run({ db, now: new Date() });
    expect(job).toMatchObject({ rollups: ROLLUPS.length });
    expect(await snapshot()).toEqual(before);
  });
});

describe('targets', () => {
  it('save, read, version conflict, permission and completion', async () => {
    const empty = await post('target/get_config', {});
    expect(empty.data).toMatchObject({ targets: [], version: 0, factors: { utilisation_hours: 1286, co2_kg_per_kwh: 0.5366, coal_kg_per_kwh: 0.3034 } });
    const body = {
      targets: [
        { period_key: '2025-05', province_code: null, kind: 'customers', value: 2 },
        { period_key: '2025-05', province_code: '370000', kind: 'grid_kwp', value: 40 },
      ],
      factors: { utilisation_hours: 1000, co2_kg_per_kwh: 0.5, coal_kg_per_kwh: 0.3 },
      version: 0,
    };
    const saved = await post('target/save_config', body);
    expect(saved.status).toBe(200);
    expect(saved.data.version).toBe(1);
    expect((await post('target/save_config', body)).status).toBe(409);
    expect((await post('target/save_config', { ...body, version: 1, targets: [{ ...body.targets[0], period_key: '2025-13' }] })).status).toBe(400);
    const sd = await login(t.app, 'sd', USER_PASSWORD);
    expect((await post('target/save_config', { ...body, version: 1 }, sd)).status).toBe(403);

    const idx = await post('target/index_data', { period: 'custom', start: '2025-05-01', end: '2025-05-31' });
    expect(idx.data.items).toEqual([
      { kind: 'grid_kwp', province_code: '370000', target: 40, actual: 10, completion: 0.25 },
      { kind: 'customers', province_code: null, target: 2, actual: 1, completion: 0.5 },
    ]);
    // the factors come from the config: 10 kWp × 1000 h × 0.5 kg
    const home = await post('statistic/homepage');
    expect(home.data.benefit).toMatchObject({ annual_kwh: 10000, co2_t: 5, coal_t: 3 });
  });
});

describe('ranges that reach today', () => {
  // after the 2025 data set: records today; "this month" and "this year" read the unfinished month from
  // the monthly rollup (and without a region filter from the country-wide tables), which must equal
  // the daily rows — also when a record is dated after today
  it('this month and this year count today’s work, with and without a region, and ignore a future-dated record', async () => {
    const db = t.handle.db;
    const today = chinaToday();
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    const [c] = await db.insert(customers).values({ name: '今天', phone: '13800000009', province_code: '320000', city_code: '320100', agent_id: null, stage: 'formal', status: 'signed', created_at: at(today), signed_at: at(today) }).returning();
    const [s] = await db
      .insert(stations)
      .values({ code: 'ST-TODAY', name: '今天电站', customer_id: c!.id, agent_id: null, province_code: '320000', city_code: '320100', capacity_kwp: 7, status: 'building', created_at: at(today) })
      .returning();
    const order = (no: string, day: string) => ({
      order_no: no, kind: 'build', station_id: s!.id, agent_id: null, province_code: '320000', city_code: '320100', status: 'completed', team_id: fx.op.id, dispatched_at: at(day), finished_at: at(day),
    });
    const [w] = await db.insert(workOrders).values(order('W-TODAY', today)).returning();
    await db.insert(selfAudits).values({ work_order_id: w!.id, kind: 'build', station_id: s!.id, agent_id: null, province_code: '320000', city_code: '320100', attempt: 1, result: 'approved', reviewed_at: at(today), submitted_by: fx.op.id, items: [] });

    const expected = [{ team_id: fx.op.id, name: '运营小李', orders: 1, completed: 1, kwp_built: 7, lead_days: 0, reject_rate: 0 }];
    const check = async () => {
      for (const period of ['day', 'week', 'month', 'year']) {
        for (const region of [{}, { province_code: '320000' }, { province_code: '320000', city_code: '320100' }]) {
          const team = await post('statistic/industry_team_data', { period, ...region });
          expect(team.data.teams, `${period} ${JSON.stringify(region)}`).toEqual(expected);
          const con = await post('statistic/industry_construction_data', { period, ...region });
          expect(con.data.audits, `${period} ${JSON.stringify(region)}`).toEqual({ approved: 1, rejected: 0 });
          expect(con.data.first_pass_rate).toBe(1);
          const home = await post('statistic/homepage', { period, ...region });
          expect(home.data.in_period, `${period} ${JSON.stringify(region)}`).toMatchObject({ customers: 1, signed: 1 });
        }
      }
    };
    await check();
    // a record dated tomorrow is in this month's monthly row (unless today is the last day): the
    // ranges ending today must not count it
    await db.insert(workOrders).values(order('W-TOMORROW', tomorrow));
    await db.insert(customers).values({ name: '明天', phone: '13800000010', province_code: '320000', city_code: '320100', agent_id: null, stage: 'formal', status: 'signed', created_at: at(tomorrow), signed_at: at(tomorrow) });
    await check();
  });
});
