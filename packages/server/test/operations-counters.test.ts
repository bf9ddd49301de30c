import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../src/db/client.ts';
import { JOBS } from '../src/modules/task/jobs.ts';
import { ADMIN_PASSWORD, call, login, startApp, type TestApp } from './helpers.ts';

/**
 * The list totals of stations, work orders and self-audits come from trigger-kept counter tables
 * (migration 0011). They must equal a GROUP BY over the rows after bulk inserts (the demo seed),
 * API transitions and deletes, and the list `total` must equal a real count, for the `all` scope
 * and for an agent.
 */
let t: TestApp;
let admin: string;

const api = async (token: string, method: 'GET' | 'POST', path: string, data: Record<string, unknown> = {}) => {
  const r = await call(t.app, method, `/api/system/${path}`, method === 'GET' ? { token, query: data as Record<string, string> } : { token, body: data });
  expect(r.status, r.msg).toBe(200);
  return r.data;
};

const PAIRS = [
  { source: 'stations', counts: 'station_counts', columns: 'status, province_code, frozen' },
  { source: 'work_orders', counts: 'work_order_counts', columns: 'kind, status, province_code, overdue' },
  { source: 'self_audits', counts: 'self_audit_counts', columns: 'kind, result, province_code' },
];

async function expectCountersExact() {
  for (const { source, counts, columns } of PAIRS) {
    const real = await query(t.handle.db, sql.raw(`select ${columns}, agent_id, count(*)::int as n from ${source} group by ${columns}, agent_id order by ${columns}, agent_id`));
    const kept = await query(t.handle.db, sql.raw(`select ${columns}, agent_id, n::int as n from ${counts} where n <> 0 order by ${columns}, agent_id`));
    expect(kept, counts).toEqual(real);
    const realRegion = await query(t.handle.db, sql.raw(`select ${columns}, count(*)::int as n from ${source} group by ${columns} order by ${columns}`));
    const keptRegion = await query(t.handle.db, sql.raw(`select ${columns}, n::int as n from ${counts}_region where n <> 0 order by ${columns}`));
    expect(keptRegion, `${counts}_region`).toEqual(realRegion);
  }
}

const countRows = async (statement: string) => Number((await query<{ n: number }>(t.handle.db, sql.raw(statement)))[0]!.n);

beforeAll(async () => {
  t = await startApp({ demoData: true });
  admin = await login(t.app);
});
afterAll(async () => t?.close());

describe('operations list counters', () => {
  it('equal a GROUP BY after the bulk demo seed', async () => {
    expect(await countRows('select count(*)::int as n from work_orders')).toBeGreaterThan(100);
    await expectCountersExact();
  });

  it('stay exact through adds, transitions, freeze, batch moves and deletes', async () => {
    const [customer] = await query<{ id: number }>(t.handle.db, sql`select id from customers where stage = 'formal' order by id limit 1`);
    const s = await api(admin, 'POST', 'station/add', { customer_id: customer!.id, name: '计数测试电站', capacity_kwp: 12.5 });
    const s1 = await api(admin, 'POST', 'station/finish_survey', { id: s.id, version: s.version });
    const s2 = await api(admin, 'POST', 'station/finish_design', { id: s.id, version: s1.version });
    await api(admin, 'POST', 'station/freeze', { id: s.id, version: s2.version, reason: '客户暂缓' });
    const gone = await api(admin, 'POST', 'station/add', { customer_id: customer!.id, name: '待删除电站', capacity_kwp: 8 });
    await api(admin, 'GET', 'station/del', { id: gone.id });
    // a bulk UPDATE touching many groups at once (what the overdue task does)
    await t.handle.db.execute(sql`update work_orders set deadline = now() - interval '1 day' where status in ('dispatched','accepted','in_progress') and team_id is not null`);
    await JOBS.mark_overdue_work_orders!.run({ db: t.handle.db, now: new Date() });
    expect(await countRows('select count(*)::int as n from work_orders where overdue')).toBeGreaterThan(0);
    await expectCountersExact();
  });

  it('the list totals equal real counts, for the admin and for an agent', async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      ['station/index', {}, 'select count(*)::int as n from stations'],
      ['station/index', { status: 'operating', province_code: '370000' }, `select count(*)::int as n from stations where status = 'operating' and province_code = '370000'`],
      ['work_order/index', { kind: 'build' }, `select count(*)::int as n from work_orders where kind = 'build'`],
      ['work_order/index', { kind: 'build', overdue: 'true' }, `select count(*)::int as n from work_orders where kind = 'build' and overdue`],
      ['work_order/index', { kind: 'grid', status: 'pending_dispatch,completed' }, `select count(*)::int as n from work_orders where kind = 'grid' and status in ('pending_dispatch','completed')`],
      ['self_audit/index', { kind: 'build', result: 'approved' }, `select count(*)::int as n from self_audits where kind = 'build' and result = 'approved'`],
    ];
    for (const [path, filter, statement] of cases) {
      const page = await api(admin, 'GET', path, { page: '1', limit: '5', ...filter });
      expect(page.total, `${path} ${JSON.stringify(filter)}`).toBe(await countRows(statement));
    }
    // the agent sees its own tree only; its total comes from the per-agent counters
    const agent = await login(t.app, 'agent_sd', ADMIN_PASSWORD);
    const [me] = await query<{ agent_id: number }>(t.handle.db, sql`select agent_id from users where username = 'agent_sd'`);
    const tree = `(select id from agents where id = ${me!.agent_id} or parent_id = ${me!.agent_id})`;
    const mine = await api(agent, 'GET', 'work_order/index', { page: '1', limit: '5', kind: 'build' });
    expect(mine.total).toBe(await countRows(`select count(*)::int as n from work_orders where kind = 'build' and agent_id in ${tree}`));
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBeLessThan(await countRows(`select count(*)::int as n from work_orders where kind = 'build'`));
  });

  it("a team member's welcome to-dos equal the totals of the lists it opens (same data scope)", async () => {
    const team = await login(t.app, 'shigong', ADMIN_PASSWORD);
    const welcome = await api(team, 'POST', 'statistic/welcome', {});
    const total = async (path: string, filter: Record<string, string>) => (await api(team, 'GET', path, { page: '1', limit: '1', ...filter })).total as number;
    expect(welcome.todo.to_review).toBe(await total('self_audit/index', { result: 'pending' }));
    expect(welcome.todo.overdue).toBe(await total('work_order/index', { overdue: 'true' }));
    expect(welcome.todo.to_review + welcome.todo.overdue).toBeGreaterThan(0);
  });

  it('every trigger function that adds to counter rows does it in key order (one lock order: concurrent statements wait, never deadlock)', async () => {
    const functions = await query<{ name: string; src: string }>(
      t.handle.db,
      sql`select p.proname as name, p.prosrc as src from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.prosrc ilike '%on conflict%'`,
    );
    // each INSERT … ON CONFLICT up to its conflict clause: the SELECT feeding it must end in ORDER BY
    const unordered = functions.flatMap(({ name, src }) =>
      [...src.matchAll(/INSERT INTO (\w+)[\s\S]*?ON CONFLICT/gi)].filter((m) => !/ORDER BY [^()]*\s+ON CONFLICT$/i.test(m[0])).map((m) => `${name} → ${m[1]}`),
    );
    expect(functions.length).toBeGreaterThan(100);
    expect(unordered).toEqual([]);
  });

  it('the refresh task finds and repairs drift', async () => {
    await t.handle.db.execute(sql`update station_counts set n = n + 3 where ctid = (select ctid from station_counts where n > 0 limit 1)`);
    const first = await JOBS.refresh_operations_counters!.run({ db: t.handle.db, now: new Date() });
    expect(first).toMatchObject({ stations_drifted_groups: 1, stations_drifted_region_groups: 0, work_orders_drifted_groups: 0, self_audits_drifted_groups: 0 });
    expect(first.stations).toBe(await countRows('select count(*)::int as n from stations'));
    await expectCountersExact();
    const second = await JOBS.refresh_operations_counters!.run({ db: t.handle.db, now: new Date() });
    expect(second.stations_drifted_groups).toBe(0);
  });
});
