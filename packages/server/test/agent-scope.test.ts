import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, matters, selfAudits, stations, workOrders } from '../src/db/schema/index.ts';
import { call, customerBody, fixtures, login, startApp, type TestApp, USER_PASSWORD } from './helpers.ts';

/**
 * The agent data scope across the operations resources (helper-ops.md API): an agent user sees only
 * its own agent tree's customers, stations, work orders, self-audits and matters, and gets 403 on
 * another agent's record for get_info, edit and the named actions. Rows are inserted directly so the
 * test depends only on the endpoints, not on each module's create rules.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let sdToken: string;
type Ids = { customer: number; station: number; build: number; grid: number; audit: number; matter: number };
const rows: Record<'sd' | 'sdc' | 'hn', Ids> = {} as never;

async function seedFor(key: 'sd' | 'sdc' | 'hn', agentId: number, province: string, city: string) {
  const { db } = t.handle;
  const [c] = await db.insert(customers).values({ ...customerBody({ province_code: province, city_code: city }), agent_id: agentId, stage: 'formal', status: 'signed' }).returning();
  const [s] = await db
    .insert(stations)
    .values({ code: `ST-${key}`, name: `${key} 电站`, customer_id: c!.id, agent_id: agentId, province_code: province, city_code: city, capacity_kwp: 20, status: 'construction' })
    .returning();
  const [b] = await db.insert(workOrders).values({ order_no: `SG-${key}`, kind: 'build', station_id: s!.id, agent_id: agentId, province_code: province, city_code: city, status: 'pending_audit' } as never).returning();
  const [g] = await db.insert(workOrders).values({ order_no: `BW-${key}`, kind: 'grid', station_id: s!.id, agent_id: agentId, province_code: province, city_code: city, status: 'to_dispatch' } as never).returning();
  const [a] = await db.insert(selfAudits).values({ work_order_id: b!.id, kind: 'build', station_id: s!.id, agent_id: agentId, province_code: province, city_code: city } as never).returning();
  const [m] = await db
    .insert(matters)
    .values({ matter_no: `SX-${key}`, type: 'fault', station_id: s!.id, customer_id: c!.id, agent_id: agentId, province_code: province, title: '逆变器报警', content: '逆变器显示故障码' } as never)
    .returning();
  rows[key] = { customer: c!.id, station: s!.id, build: b!.id, grid: g!.id, audit: a!.id, matter: m!.id };
}

beforeAll(async () => {
  t = await startApp();
  fx = await fixtures(t);
  await seedFor('sd', fx.sd.id, '370000', '370100');
  await seedFor('sdc', fx.sdc.id, '370000', '370700');
  await seedFor('hn', fx.hn.id, '410000', '410100');
  sdToken = await login(t.app, 'sd', USER_PASSWORD);
});
afterAll(async () => t.close());

const get = (path: string, query: Record<string, string | number> = {}) => call(t.app, 'GET', `/api/system/${path}`, { token: sdToken, query });
const post = (path: string, body: Record<string, unknown>) => call(t.app, 'POST', `/api/system/${path}`, { token: sdToken, body });
const ids = (res: Awaited<ReturnType<typeof get>>) => (res.data?.list ?? []).map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b);
const mine = (k: keyof Ids) => [rows.sd[k], rows.sdc[k]].sort((a, b) => a - b);

describe('agent scope: lists show only the own agent tree (agent + its sub-agents)', () => {
  it('customers', async () => {
    const res = await get('customer/index', { limit: 100 });
    expect(res.status, res.msg).toBe(200);
    expect(ids(res)).toEqual(mine('customer'));
  });
  it('stations', async () => {
    const res = await get('station/index', { limit: 100 });
    expect(res.status, res.msg).toBe(200);
    expect(ids(res)).toEqual(mine('station'));
  });
  it('stations filtered by another agent: as if it did not exist (404), nothing leaked', async () => {
    const res = await get('station/index', { agent_id: fx.hn.id });
    expect(res.status, res.msg).toBe(404);
    expect(res.data).toBeNull();
  });
  it('construction and grid work orders', async () => {
    const build = await get('work_order/index', { kind: 'build', limit: 100 });
    expect(build.status, build.msg).toBe(200);
    expect(ids(build)).toEqual(mine('build'));
    const grid = await get('work_order/index', { kind: 'grid', limit: 100 });
    expect(ids(grid)).toEqual(mine('grid'));
  });
  it('self-audits', async () => {
    const res = await get('self_audit/index', { kind: 'build', limit: 100 });
    expect(res.status, res.msg).toBe(200);
    expect(ids(res)).toEqual(mine('audit'));
  });
  it('matters', async () => {
    const res = await get('matter/index', { limit: 100 });
    expect(res.status, res.msg).toBe(200);
    expect(ids(res)).toEqual(mine('matter'));
  });
});

describe("agent scope: another agent's record is 403 for get_info, edit and actions", () => {
  const other = () => rows.hn;
  it('customer get_info / edit / follow_up', async () => {
    expect((await get('customer/get_info', { id: other().customer })).status).toBe(404);
    expect((await post('customer/edit', { id: other().customer, version: 1, remark: 'x' })).status).toBe(404);
    expect((await post('customer/follow_up', { customer_id: other().customer, way: 'phone', content: '回访' })).status).toBe(404);
    // its own sub-agent's customer is visible
    expect((await get('customer/get_info', { id: rows.sdc.customer })).status).toBe(200);
  });
  it('station get_info / edit / docs', async () => {
    expect((await get('station/get_info', { id: other().station })).status).toBe(404);
    expect((await post('station/edit', { id: other().station, version: 1, name: '改名' })).status).toBe(404);
    expect((await get('station/docs', { id: other().station })).status).toBe(404);
    expect((await get('station/get_info', { id: rows.sdc.station })).status).toBe(200);
  });
  it('work order get_info / accept / start', async () => {
    expect((await get('work_order/get_info', { id: other().build })).status).toBe(404);
    expect((await post('work_order/accept', { id: other().grid, version: 1 })).status).toBe(404);
    expect((await post('work_order/start', { id: other().build, version: 1 })).status).toBe(404);
    expect((await get('work_order/get_info', { id: rows.sd.build })).status).toBe(200);
  });
  it('self-audit get_info / submit for another agent’s order', async () => {
    expect((await get('self_audit/get_info', { id: other().audit })).status).toBe(404);
    expect((await post('self_audit/submit', { work_order_id: other().build, items: [] })).status).toBe(404);
    expect((await get('self_audit/get_info', { id: rows.sd.audit })).status).toBe(200);
  });
  it('matter get_info / reply', async () => {
    expect((await get('matter/get_info', { id: other().matter })).status).toBe(404);
    expect((await post('matter/reply', { id: other().matter, content: '已处理' })).status).toBe(404);
    expect((await get('matter/get_info', { id: rows.sd.matter })).status).toBe(200);
  });
  it('agent get_info of another agent', async () => {
    expect((await get('agent/get_info', { id: fx.hn.id })).status).toBe(404);
  });
});
