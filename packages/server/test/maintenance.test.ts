import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { maintenanceOrders, matters, messages, roles, stations, stockBalances, stockMovements, stockSerials, transitions, userRoles, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { query } from '../src/db/client.ts';
import { buildXlsx } from '../src/excel/xlsx.ts';
import { JOBS } from '../src/modules/task/jobs.ts';
import type { AuthContext } from '../src/modules/auth/context.ts';
import { maintenanceResource } from '../src/modules/maintenance/resource.ts';
import type { ResourceDef } from '../src/resources/define.ts';
import { planList } from '../src/resources/query.ts';
import { USER_PASSWORD, call, fixtures, login, startApp, testImage, uploadFile, type TestApp } from './helpers.ts';

/**
 * 运维工单 (issue 13): every transition allowed / from a wrong state / without the permission / on
 * another agent's order; a frozen station; submit issues its parts in the same transaction (a
 * shortage changes nothing); matter → order → approve resolves the matter; alarm import; the SLA job.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let op: string;
let sd: string;
let hn: string;
/** a reviewer of the all scope: the administrator handles the orders here, and a handler never reviews his own work */
let reviewer: string;
let reviewerId: number;
let stationId: number;
let hnStationId: number;
const S = '/api/system';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const post = (url: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });
const get = (url: string, query: Record<string, string | number> = {}, token = admin) => call(t.app, 'GET', `${S}/${url}`, { token, query });
const tomorrow = () => new Date(Date.now() + 86400_000).toISOString();

async function open(extra: Record<string, unknown> = {}, token = admin) {
  const res = await post('maintenance/add', { station_id: stationId, priority: 'high', fault_category: 'inverter', fault_code: 'E021', description: '逆变器离网', ...extra }, token);
  expect(res.status, res.msg).toBe(200);
  return res.data as Record<string, any>;
}
async function step(action: string, order: Record<string, any>, extra: Record<string, unknown> = {}, token = admin) {
  const res = await post(`maintenance/${action}`, { id: order.id, version: order.version, ...extra }, token);
  expect(res.status, `${action}: ${res.msg}`).toBe(200);
  return res.data as Record<string, any>;
}
async function toInProgress() {
  let o = await open();
  o = await step('dispatch', o, { team_id: 1, deadline: tomorrow() });
  o = await step('accept', o);
  return step('start', o);
}
async function stockOf(code: string, qty: string) {
  const m = await post('material/add', { code, name: `物料${code}`, unit: '个', category: 'inverter' });
  const w = await post('warehouse/add', { code: `W${code}`, name: `仓库${code}`, kind: 'regional', province_code: '370000', city_code: '370100' });
  const res = await post('stock_movement/in', { warehouse_id: w.data.id, material_id: m.data.id, qty });
  expect(res.status, res.msg).toBe(200);
  return { m: m.data.id as number, w: w.data.id as number };
}
const qty = async (w: number, m: number) =>
  (await t.handle.db.select({ q: sql<string>`${stockBalances.qty}::text` }).from(stockBalances).where(and(eq(stockBalances.warehouse_id, w), eq(stockBalances.material_id, m))))[0]?.q;

beforeAll(async () => {
  t = await startApp();
  fx = await fixtures(t);
  const { db } = t.handle;
  // the agent role gets the maintenance codes here, to test the agent data scope
  await db.update(roles).set({ permissions: sql`${roles.permissions} || '["maintenance:*"]'::jsonb` }).where(eq(roles.code, 'agent'));
  const [s] = await db.insert(stations).values({ code: 'PVM0001', name: '潍坊屋顶电站', agent_id: fx.sdc.id, province_code: '370000', city_code: '370700', capacity_kwp: 20, status: 'operating' } as never).returning();
  const [h] = await db.insert(stations).values({ code: 'PVM0002', name: '郑州屋顶电站', agent_id: fx.hn.id, province_code: '410000', city_code: '410100', capacity_kwp: 10, status: 'operating' } as never).returning();
  stationId = s!.id;
  hnStationId = h!.id;
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
  sd = await login(t.app, 'sd', USER_PASSWORD);
  hn = await login(t.app, 'hn', USER_PASSWORD);
  const [adminRole] = await db.select().from(roles).where(eq(roles.code, 'admin'));
  const [r] = await db.insert(users).values({ username: 'reviewer', password_hash: await hashPassword(USER_PASSWORD), full_name: '审核小钱', identity: 'staff' }).returning();
  await db.insert(userRoles).values({ user_id: r!.id, role_id: adminRole!.id });
  reviewerId = r!.id;
  reviewer = await login(t.app, 'reviewer', USER_PASSWORD);
});
afterAll(async () => t.close());

describe('lifecycle', () => {
  it('goes 待派单 → 已派单 → 已接单 → 处理中 → 待审核 → (驳回 → 处理中 → 待审核) → 已完成 with who/when and a timeline', async () => {
    let o = await open();
    expect(o).toMatchObject({ status: 'pending_dispatch', source: 'manual', province_code: '370000', agent_id: fx.sdc.id, station_code: 'PVM0001' });
    expect(o.order_no).toMatch(/^YW\d{8}\d{6,}$/);
    // SLA: high = 4 h respond, 48 h repair from creation
    expect(new Date(o.response_due).getTime() - new Date(o.created_at).getTime()).toBeGreaterThan(4 * 3600_000 - 5000);
    expect(new Date(o.repair_due).getTime() - new Date(o.created_at).getTime()).toBeLessThan(48 * 3600_000 + 5000);
    o = await step('dispatch', o, { team_id: 1, deadline: tomorrow() });
    expect(o).toMatchObject({ status: 'dispatched', team_id: 1 });
    o = await step('accept', o);
    expect(o.status).toBe('accepted');
    expect(o.responded_at).toBeTruthy();
    o = await step('start', o);
    expect(o.status).toBe('in_progress');
    o = await step('submit', o, { cause: '直流端子松动', measures: '紧固端子', labour_hours: '1.5' });
    expect(o).toMatchObject({ status: 'review_pending', cause: '直流端子松动', labour_hours: '1.50' });
    o = await step('reject', o, { reason: '缺少照片' });
    expect(o).toMatchObject({ status: 'in_progress', reject_reason: '缺少照片' });
    o = await step('submit', o, { cause: '直流端子松动', measures: '紧固端子并拍照' });
    // reviewed by someone other than its handler (the administrator handled it: segregation of duties)
    o = await step('approve', o, {}, reviewer);
    expect(o.status).toBe('completed');
    expect(o.finished_at).toBeTruthy();
    const tl = await t.handle.db.select().from(transitions).where(and(eq(transitions.entity, 'maintenance'), eq(transitions.entity_id, o.id))).orderBy(transitions.id);
    expect(tl.map((r) => r.action)).toEqual(['add', 'dispatch', 'accept', 'start', 'submit', 'reject', 'submit', 'approve']);
    expect(tl.map((r) => r.user_id)).toEqual([1, 1, 1, 1, 1, 1, 1, reviewerId]);
    const list = await get('maintenance/index', { status: 'completed' });
    expect(list.data.list.map((r: { id: number }) => r.id)).toContain(o.id);
  });

  it('refuses an action the state does not allow, naming the state (zh / en); a stale version is 409', async () => {
    const o = await open();
    const zh = await post('maintenance/accept', { id: o.id, version: o.version });
    expect([zh.status, zh.msg]).toEqual([400, '当前状态为“待派单”，不能接单']);
    const en = await post('maintenance/approve', { id: o.id, version: o.version }, admin, 'en');
    expect(en.status).toBe(400);
    expect(en.msg).toContain('To dispatch');
    const stale = await post('maintenance/cancel', { id: o.id, version: o.version + 5, reason: 'x' });
    expect(stale.status).toBe(409);
    const c = await step('cancel', o, { reason: '重复报修' });
    expect(c).toMatchObject({ status: 'cancelled', cancel_reason: '重复报修' });
    const again = await post('maintenance/cancel', { id: c.id, version: c.version, reason: 'x' });
    expect([again.status, again.msg]).toEqual([400, '当前状态为“已取消”，不能取消']);
  });

  it('refuses without the permission and outside the agent data scope', async () => {
    const o = await open();
    const noPerm = await post('maintenance/dispatch', { id: o.id, version: o.version, team_id: 1, deadline: tomorrow() }, op);
    expect([noPerm.status, noPerm.msg]).toEqual([403, '没有权限执行此操作（需要 maintenance:dispatch）']);
    // 运营客服 opens orders (from owners' fault reports) but does not dispatch them
    expect((await post('maintenance/add', { station_id: stationId, fault_category: 'other', description: 'x' }, op)).status).toBe(200);
    // 山东 (parent of the station's 潍坊 agent) sees it; 河南 does not
    expect((await get('maintenance/get_info', { id: o.id }, sd)).status).toBe(200);
    expect((await get('maintenance/get_info', { id: o.id }, hn)).status).toBe(404);
    expect((await post('maintenance/cancel', { id: o.id, version: o.version, reason: 'x' }, hn)).status).toBe(404);
    const hnList = await get('maintenance/index', {}, hn);
    expect(hnList.data.list.map((r: { id: number }) => r.id)).not.toContain(o.id);
    // and cannot open one on a station outside its scope
    expect((await post('maintenance/add', { station_id: stationId, fault_category: 'other', description: 'x' }, hn)).status).toBe(404);
    expect((await post('maintenance/add', { station_id: hnStationId, fault_category: 'other', description: 'x' }, hn)).status).toBe(200);
  });

  it('a frozen station refuses new orders and every action', async () => {
    const o = await open();
    await t.handle.db.update(stations).set({ frozen: true }).where(eq(stations.id, stationId));
    try {
      const res = await post('maintenance/dispatch', { id: o.id, version: o.version, team_id: 1, deadline: tomorrow() });
      expect(res.status).toBe(400);
      expect(res.msg).toContain('PVM0001');
      expect(res.msg).toContain('派单');
      expect((await post('maintenance/add', { station_id: stationId, fault_category: 'other', description: 'x' })).status).toBe(400);
      expect((await get('maintenance/get_info', { id: o.id })).data.status).toBe('pending_dispatch');
    } finally {
      await t.handle.db.update(stations).set({ frozen: false }).where(eq(stations.id, stationId));
    }
  });
});

describe('parts from stock', () => {
  it('submit issues the parts in the same transaction, referring to the order, onto its station', async () => {
    const { m, w } = await stockOf('INV-1', '5');
    const o = await toInProgress();
    const done = await step('submit', o, { cause: '逆变器损坏', measures: '更换逆变器', parts: [{ warehouse_id: w, material_id: m, qty: '2' }] });
    expect(done.status).toBe('review_pending');
    expect(done.parts).toHaveLength(1);
    expect(await qty(w, m)).toBe('3.000');
    const [issue] = await t.handle.db.select().from(stockMovements).where(and(eq(stockMovements.kind, 'issue'), eq(stockMovements.ref_no, o.order_no)));
    expect(issue).toMatchObject({ ref_type: 'maintenance', station_id: stationId, warehouse_id: w });
  });

  it('a replaced serial-tracked part: the new unit goes onto the station, the old one becomes 已拆回 there until a return takes it back into stock', async () => {
    const m = (await post('material/add', { code: 'INV-SN', name: '逆变器SN', unit: '台', category: 'inverter', serial_tracked: true })).data.id as number;
    const w = (await post('warehouse/add', { code: 'WINV-SN', name: '仓库SN', kind: 'regional', province_code: '370000', city_code: '370100' })).data.id as number;
    expect((await post('stock_movement/in', { warehouse_id: w, material_id: m, qty: '2', serials: ['SN-OLD', 'SN-NEW'] })).status).toBe(200);
    // the old inverter was installed on the station by an earlier issue
    expect((await post('stock_movement/issue', { warehouse_id: w, material_id: m, qty: '1', serials: ['SN-OLD'], ref_type: 'construction', ref_no: 'SG-1', station_id: stationId })).status).toBe(200);
    const o = await toInProgress();
    // a serial that is not on this station is refused and nothing moves
    const wrong = await post('maintenance/submit', { id: o.id, version: o.version, cause: '损坏', measures: '更换', parts: [{ warehouse_id: w, material_id: m, qty: '1', serials: ['SN-NEW'], old_serials: ['SN-ELSEWHERE'] }] });
    expect([wrong.status, wrong.msg]).toEqual([400, '这些序列号不在电站 PVM0001 上，不能拆下：SN-ELSEWHERE']);
    const serial = async (no: string) => (await t.handle.db.select().from(stockSerials).where(eq(stockSerials.serial_no, no)))[0]!;
    expect(await serial('SN-NEW')).toMatchObject({ status: 'in_stock', warehouse_id: w });
    await step('submit', o, { cause: '损坏', measures: '更换', parts: [{ warehouse_id: w, material_id: m, qty: '1', serials: ['SN-NEW'], old_serials: ['SN-OLD'] }] });
    expect(await serial('SN-NEW')).toMatchObject({ status: 'issued', station_id: stationId, warehouse_id: null });
    expect(await serial('SN-OLD')).toMatchObject({ status: 'removed', station_id: stationId, warehouse_id: null });
    // the station's parts list shows both: installed and replaced
    const parts = (await get('stock_serial/index', { station_id: stationId })).data.list as { serial_no: string; status: string }[];
    expect(parts.map((p) => [p.serial_no, p.status]).sort()).toEqual([['SN-NEW', 'issued'], ['SN-OLD', 'removed']]);
    // the removed unit goes back into a warehouse
    expect((await post('stock_movement/return', { warehouse_id: w, material_id: m, qty: '1', serials: ['SN-OLD'], station_id: stationId, ref_type: 'maintenance', ref_no: o.order_no, remark: '拆回旧件' })).status).toBe(200);
    expect(await serial('SN-OLD')).toMatchObject({ status: 'in_stock', warehouse_id: w, station_id: null });
  });

  it('a shortage refuses the whole submit: no stock moves and the order stays 处理中', async () => {
    const { m, w } = await stockOf('INV-2', '1');
    const { m: m2, w: w2 } = await stockOf('INV-3', '10');
    const o = await toInProgress();
    const res = await post('maintenance/submit', {
      id: o.id,
      version: o.version,
      cause: 'x',
      measures: 'y',
      parts: [{ warehouse_id: w2, material_id: m2, qty: '3' }, { warehouse_id: w, material_id: m, qty: '2' }],
    });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('物料INV-2');
    expect(await qty(w2, m2)).toBe('10.000');
    expect(await qty(w, m)).toBe('1.000');
    const after = (await get('maintenance/get_info', { id: o.id })).data;
    expect([after.status, after.version, after.cause]).toEqual(['in_progress', o.version, null]);
    expect(await t.handle.db.select().from(stockMovements).where(eq(stockMovements.ref_no, o.order_no))).toHaveLength(0);
  });
});

describe('sources', () => {
  it('a 光E宝 fault matter → order → approve replies to and closes the matter in the same transaction', async () => {
    const { db } = t.handle;
    const [m] = await db.insert(matters).values({ matter_no: 'SXM0001', type: 'fault', station_id: stationId, agent_id: fx.sdc.id, province_code: '370000', title: '逆变器报警', content: '红灯' }).returning();
    const [other] = await db.insert(matters).values({ matter_no: 'SXM0002', type: 'rent', station_id: stationId, title: '租金', content: '?' }).returning();
    const notFault = await post('maintenance/add', { station_id: stationId, fault_category: 'inverter', description: 'x', matter_id: other!.id });
    expect([notFault.status, notFault.msg]).toEqual([400, '事项 SXM0002 不是故障报修，不能转运维工单']);
    let o = await open({ matter_id: m!.id });
    expect(o).toMatchObject({ source: 'matter', source_id: m!.id });
    const twice = await post('maintenance/add', { station_id: stationId, fault_category: 'inverter', description: 'x', matter_id: m!.id });
    expect(twice.status).toBe(400);
    o = await step('dispatch', o, { team_id: 1, deadline: tomorrow() });
    o = await step('accept', o);
    o = await step('start', o);
    o = await step('submit', o, { cause: '风扇故障', measures: '更换风扇' });
    o = await step('approve', o, {}, reviewer);
    const matter = (await db.select().from(matters).where(eq(matters.id, m!.id)))[0]!;
    expect(matter.status).toBe('closed');
    expect(matter.result).toContain(o.order_no);
    const thread = await get('matter/replies', { id: m!.id });
    expect(thread.data.list.some((r: { content: string }) => r.content.includes('更换风扇'))).toBe(true);
  });

  it('imports an alarm list: one order per row with source alarm; bad rows are reported per row and nothing is imported', async () => {
    const head = ['电站编码', '故障代码', '告警时间', '优先级', '故障描述'];
    const bad = buildXlsx([head, ['PVM0001', 'E1', '2026-11-20 08:30', '高', 'a'], ['NOPE', 'E2', '2026-11-20 09:00', '', ''], ['PVM0001', 'E3', '2026-11-20 09:00', '超级', '']]);
    const r1 = await t.app.inject({ method: 'POST', url: `${S}/maintenance/import`, payload: bad, headers: { authorization: `Bearer ${admin}`, 'content-type': XLSX } });
    const b1 = r1.json();
    expect(b1.data?.errors ?? b1.errors ?? b1).toBeTruthy();
    const errs = (b1.data?.errors ?? []) as { row: number; column: string }[];
    expect(errs.map((e) => [e.row, e.column])).toEqual([
      [3, '电站编码'],
      [4, '优先级'],
    ]);
    expect(await t.handle.db.select().from(maintenanceOrders).where(eq(maintenanceOrders.source, 'alarm'))).toHaveLength(0);
    const good = buildXlsx([head, ['PVM0001', 'E1', '2026-11-20 08:30', '紧急', '组串告警'], ['PVM0001', 'E2', '2026-11-20 09:00', '', '']]);
    const r2 = await t.app.inject({ method: 'POST', url: `${S}/maintenance/import`, payload: good, headers: { authorization: `Bearer ${admin}`, 'content-type': XLSX } });
    expect(r2.statusCode, r2.body).toBe(200);
    const rows = await t.handle.db.select().from(maintenanceOrders).where(eq(maintenanceOrders.source, 'alarm')).orderBy(maintenanceOrders.id);
    expect(rows.map((r) => [r.fault_code, r.priority])).toEqual([
      ['E1', 'urgent'],
      ['E2', 'high'],
    ]);
    // the SLA clock starts at the alarm time (China time): urgent = 2 h
    expect(rows[0]!.response_due.toISOString()).toBe('2026-11-20T02:30:00.000Z');
  });
});

describe('photos and team picker', () => {
  it('binds the before / after photos to the order on submit; another user\'s upload or another owner type is refused', async () => {
    const o = await toInProgress();
    const up = async (token = admin, owner = 'maintenance') => (await uploadFile(t.app, token, `${S}/file/upload?owner_type=${owner}`, await testImage(), 'image/jpeg', 'p.jpg')).data;
    const before = await up();
    const after = await up();
    const foreign = await up(admin, 'inspection');
    const bad = await post('maintenance/submit', { id: o.id, version: o.version, cause: 'c', measures: 'm', photos_after: [foreign.id] });
    expect(bad.status).toBe(400);
    expect((await get('maintenance/get_info', { id: o.id })).data.status).toBe('in_progress');
    const done = await step('submit', o, { cause: '组件热斑', measures: '更换组件', photos_before: [before.id], photos_after: [after.id] });
    expect([done.photos_before, done.photos_after]).toEqual([[before.id], [after.id]]);
    const photos = await get('maintenance/photos', { id: o.id });
    expect(photos.data.list.map((f: { id: number }) => f.id)).toEqual([before.id, after.id]);
    expect(photos.data.list[0].thumb_url).toBeTruthy();
    expect((await get('maintenance/photos', { id: o.id }, hn)).status).not.toBe(200);
  });

  it('lists who can take orders with their open order count', async () => {
    const res = await get('maintenance/teams');
    expect(res.status, res.msg).toBe(200);
    const adminRow = res.data.list.find((u: { id: number }) => u.id === 1);
    expect(adminRow.open_orders).toBeGreaterThanOrEqual(0);
    expect((await get('maintenance/teams', {}, hn)).status).toBe(200);
  });
});

describe('SLA', () => {
  it('mark_maintenance_sla flags breaches once and sends one message per breach', async () => {
    const o = await open({ priority: 'urgent' });
    const { db } = t.handle;
    await db.update(maintenanceOrders).set({ response_due: new Date(Date.now() - 60_000), repair_due: new Date(Date.now() - 30_000) }).where(eq(maintenanceOrders.id, o.id));
    const before = (await db.select({ n: sql<number>`count(*)::int` }).from(messages))[0]!.n;
    const r1 = await JOBS.mark_maintenance_sla!.run({ db, now: new Date() });
    expect(r1.response_breached).toBeGreaterThanOrEqual(1);
    const row = (await db.select().from(maintenanceOrders).where(eq(maintenanceOrders.id, o.id)))[0]!;
    expect([row.response_breached, row.repair_breached]).toEqual([true, true]);
    const mid = (await db.select({ n: sql<number>`count(*)::int` }).from(messages))[0]!.n;
    expect(mid - before).toBe(Number(r1.messages));
    const r2 = await JOBS.mark_maintenance_sla!.run({ db, now: new Date() });
    expect([r2.response_breached, r2.repair_breached, r2.messages]).toEqual([0, 0, 0]);
    const breached = await get('maintenance/index', { response_breached: 'true' });
    expect(breached.data.list.map((r: { id: number }) => r.id)).toContain(o.id);
    // 超时: either SLA breached; false = neither
    expect((await get('maintenance/index', { breached: 'true', limit: 100 })).data.list.map((r: { id: number }) => r.id)).toContain(o.id);
    expect((await get('maintenance/index', { breached: 'false', limit: 100 })).data.list.map((r: { id: number }) => r.id)).not.toContain(o.id);
  });

  it('SLA hours are configurable; new orders use them', async () => {
    const cur = await get('maintenance/sla');
    expect(cur.data.urgent).toEqual({ respond_hours: 2, repair_hours: 24 });
    const set = await post('maintenance/sla', { ...cur.data, low: { respond_hours: 72, repair_hours: 240 } });
    expect(set.status, set.msg).toBe(200);
    const o = await open({ priority: 'low' });
    expect(Math.round((new Date(o.response_due).getTime() - new Date(o.created_at).getTime()) / 3600_000)).toBe(72);
    expect((await post('maintenance/sla', cur.data, op)).status).toBe(403);
  });
});

describe('KPIs', () => {
  it('statistic/operation: opened, completed, SLA rate, response and repair hours, open now and top categories from the rollups, as the rows say; list totals from the counters', async () => {
    const { db } = t.handle;
    // one order done late (repair SLA breached), so the rate is below 1
    const late = await toInProgress();
    await db.update(maintenanceOrders).set({ repair_due: new Date(Date.now() - 1000) }).where(eq(maintenanceOrders.id, late.id));
    const fresh = (await get('maintenance/get_info', { id: late.id })).data;
    await step('approve', await step('submit', fresh, { cause: 'c', measures: 'm' }), {}, reviewer);
    const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
    const range = { period: 'custom', start: day(-1000), end: day(1) };
    const res = await post('statistic/operation', range);
    expect(res.status, res.msg).toBe(200);
    const [e] = await query<Record<"opened" | "completed" | "in_sla" | "open_now" | "repair_seconds", number>>(db, sql`select
        count(*) filter (where status <> 'cancelled')::int as opened,
        count(*) filter (where status = 'completed')::int as completed,
        count(*) filter (where status = 'completed' and not response_breached and not repair_breached)::int as in_sla,
        count(*) filter (where status in ('pending_dispatch','dispatched','accepted','in_progress','review_pending'))::int as open_now,
        coalesce(sum(extract(epoch from finished_at - created_at)) filter (where status = 'completed'), 0)::float8 as repair_seconds
      from maintenance_orders`);
    const m = res.data.maintenance;
    expect(m).toMatchObject({ opened: e!.opened, completed: e!.completed, open_now: e!.open_now });
    expect(m.sla_rate).toBe(Math.round((e!.in_sla / e!.completed) * 10000) / 10000);
    expect(m.sla_rate).toBeLessThan(1);
    expect(m.mttr_hours).toBeCloseTo(e!.repair_seconds / e!.completed / 3600, 1);
    expect(m.top_categories[0]).toMatchObject({ category: 'inverter' });
    expect(m.top_categories.reduce((s: number, c: { count: number }) => s + c.count, 0)).toBeLessThanOrEqual(e!.opened);
    // the list's totals (counters) match the rows, with and without filters
    const filters: Record<string, string>[] = [{}, { status: 'completed' }, { priority: 'high', province_code: '370000' }, { fault_category: 'inverter' }, { breached: 'true' }, { breached: 'false', status: 'completed' }];
    // some breached orders, so the 超时 filter counts something on both sides
    await db.execute(sql`update maintenance_orders set repair_breached = true where id % 2 = 0`);
    for (const q of filters) {
      const list = await get('maintenance/index', q);
      const where = sql.join(
        Object.entries(q)
          .map(([k, v]) => (k === 'breached' ? sql`(response_breached or repair_breached) = ${v === 'true'}` : sql`${sql.identifier(k)} = ${v}`))
          .concat(sql`true`),
        sql` and `,
      );
      const rows = await query<{ n: number }>(db, sql`select count(*)::int as n from maintenance_orders where ${where}`);
      expect(list.data.total, JSON.stringify(q)).toBe(rows[0]!.n);
      // … from the counters, not by counting the rows
      const auth = { scope: 'all', isAdmin: true, userId: 1, agentId: null, permissions: new Set<string>() } as unknown as AuthContext;
      expect(planList(maintenanceResource as ResourceDef, q, auth).count, JSON.stringify(q)).not.toBeNull();
    }
    expect((await get('maintenance/index', { breached: 'true' })).data.total).toBeGreaterThan(0);
  });
});
