import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers, roles, selfAudits, stations, userRoles, users, workOrders } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { JOBS } from '../src/modules/task/jobs.ts';
import { buildXlsx, readXlsx } from '../src/excel/xlsx.ts';
import { call, customerBody, fixtures, login, ok, startApp, type TestApp, testImage, testPdf, uploadFile, USER_PASSWORD } from './helpers.ts';

/**
 * The operations lifecycle over the API: a station from 待踏勘 to 已并网 through its construction and
 * grid-connection orders and self-audits; every refusal (wrong state, frozen, permission, scope,
 * bad input) changes nothing; linked records move together or not at all.
 */
let t: TestApp;
let admin: string;
let op: string; // operator: reads orders, cannot dispatch
let disp: string; // dispatcher: dispatches and reviews
let team: string; // construction team: accepts, builds, submits
let hn: string; // another agent
let teamId: number;
let f: Awaited<ReturnType<typeof fixtures>>;
let formal: number;
let intentional: number;

type Res = Awaited<ReturnType<typeof call>>;
const api = (token: string, method: 'GET' | 'POST', path: string, data: Record<string, unknown> = {}, lang: 'zh' | 'en' = 'zh'): Promise<Res> =>
  call(t.app, method, `/api/system/${path}`, method === 'GET' ? { token, query: data as Record<string, string | number>, lang } : { token, body: data, lang });
const station = async (id: number) => (await t.handle.db.select().from(stations).where(eq(stations.id, id)))[0]!;
const order = async (id: number) => (await t.handle.db.select().from(workOrders).where(eq(workOrders.id, id)))[0]!;
const ordersOf = async (stationId: number) => t.handle.db.select().from(workOrders).where(eq(workOrders.station_id, stationId));
const tomorrow = () => new Date(Date.now() + 86400_000).toISOString();

async function newStation(extra: Record<string, unknown> = {}) {
  return ok(api(disp, 'POST', 'station/add', { customer_id: formal, name: '王大山户用电站', capacity_kwp: 20.35, ...extra }));
}

/** A station moved to 待施工 (its construction order opened); returns the station and the order. */
async function designedStation() {
  const s = await newStation();
  const s1 = await ok(api(disp, 'POST', 'station/finish_survey', { id: s.id, version: s.version }));
  await ok(api(disp, 'POST', 'station/finish_design', { id: s.id, version: s1.version }));
  const [o] = await ordersOf(s.id);
  return { station: await station(s.id), order: o! };
}

/** Dispatch → accept → start: the order is 施工中. */
async function startedOrder(o: { id: number; version: number }) {
  const d = await ok(api(disp, 'POST', 'work_order/dispatch', { id: o.id, version: o.version, team_id: teamId, deadline: tomorrow() }));
  const a = await ok(api(team, 'POST', 'work_order/accept', { id: o.id, version: d.version }));
  return ok(api(team, 'POST', 'work_order/start', { id: o.id, version: a.version }));
}

async function uploadPhoto(token = team) {
  const r = await uploadFile(t.app, token, '/api/system/file/upload?owner_type=self_audit', await testImage(64, 48), 'image/jpeg', '铭牌.jpg');
  expect(r.status, r.msg).toBe(200);
  return r.data.id as number;
}

async function buildItems(by = team) {
  return [
    { key: 'module_nameplate', file_ids: [await uploadPhoto(by)] },
    { key: 'inverter_nameplate', file_ids: [await uploadPhoto(by)] },
    { key: 'inverter_sn', value: 'SN20261123A' },
    { key: 'tilt', value: '25' },
    { key: 'safety_nodes', file_ids: [await uploadPhoto(by), await uploadPhoto(by)] },
    { key: 'property_deed', file_ids: [await uploadPhoto(by)] },
  ];
}
async function gridItems() {
  return [
    { key: 'grid_certificate', file_ids: [await uploadPhoto()] },
    { key: 'meter_number', value: '3701000012345' },
    { key: 'ppa', file_ids: [await uploadPhoto()] },
    { key: 'acceptance_opinion', value: '验收合格' },
  ];
}

beforeAll(async () => {
  t = await startApp();
  f = await fixtures(t);
  const { db } = t.handle;
  const hash = await hashPassword(USER_PASSWORD);
  const mk = async (username: string, role: string) => {
    const [u] = await db.insert(users).values({ username, password_hash: hash, full_name: username === 'team1' ? '孙师傅' : '赵工', identity: 'staff' }).returning();
    const [r] = await db.select().from(roles).where(eq(roles.code, role));
    await db.insert(userRoles).values({ user_id: u!.id, role_id: r!.id });
    return u!;
  };
  await mk('disp1', 'dispatcher');
  teamId = (await mk('team1', 'team')).id;
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
  disp = await login(t.app, 'disp1', USER_PASSWORD);
  team = await login(t.app, 'team1', USER_PASSWORD);
  hn = await login(t.app, 'hn', USER_PASSWORD);
  const [c] = await db.insert(customers).values({ ...customerBody({ name: '王大山', phone: '13900000011', district_code: '370102' }), agent_id: f.sd.id, stage: 'formal', status: 'signed' }).returning();
  const [i] = await db.insert(customers).values({ ...customerBody({ name: '李小河', phone: '13900000012' }), agent_id: f.sd.id }).returning();
  formal = c!.id;
  intentional = i!.id;
});
afterAll(async () => t?.close());

describe('stations', () => {
  it('add: a formal customer gives region and agent; code generated; 待踏勘; timeline and history', async () => {
    const s = await newStation();
    expect(s.code).toMatch(/^PV\d{14}$/);
    expect(s).toMatchObject({ status: 'survey_pending', province_code: '370000', city_code: '370100', district_code: '370102', agent_id: f.sd.id, customer_name: '王大山', capacity_kwp: 20.35, frozen: false });
    const list = await ok(api(op, 'GET', 'station/index', { customer_id: formal }));
    expect(list.list.map((r: { id: number }) => r.id)).toContain(s.id);
    const hist = await ok(api(op, 'GET', 'station/history', { id: s.id }));
    expect(hist.list[0]).toMatchObject({ action: 'add' });
  });

  it('add refuses an intentional customer, a missing name and a capacity out of range — nothing stored', async () => {
    const before = (await t.handle.db.select().from(stations)).length;
    const r1 = await api(disp, 'POST', 'station/add', { customer_id: intentional, name: '试试', capacity_kwp: 10 });
    expect(r1.status).toBe(400);
    expect(r1.msg).toBe('客户“李小河”还不是正式客户，签约后才能建电站');
    const r1en = await api(disp, 'POST', 'station/add', { customer_id: intentional, name: '试试', capacity_kwp: 10 }, 'en');
    expect(r1en.msg).toBe('The customer "李小河" has not signed yet; a station needs a formal customer');
    const r2 = await api(disp, 'POST', 'station/add', { customer_id: formal, capacity_kwp: 0 });
    expect(r2.status).toBe(400);
    expect(r2.msg).toContain('此项不能为空');
    expect(r2.msg).toContain('请输入0.01到10000之间的数值');
    const r3 = await api(disp, 'POST', 'station/add', { customer_id: formal, name: 'x', capacity_kwp: 5, province_code: '370000', city_code: '410100' });
    expect(r3.msg).toBe('所选城市不属于该省份');
    expect((await t.handle.db.select().from(stations)).length).toBe(before);
  });

  it('an illegal move names the current state; a stale version is a conflict', async () => {
    const s = await newStation();
    const r = await api(disp, 'POST', 'station/operate', { id: s.id, version: s.version });
    expect(r.status).toBe(400);
    expect(r.msg).toBe('当前状态为“待踏勘”，不能转入运维');
    const en = await api(disp, 'POST', 'station/operate', { id: s.id, version: s.version }, 'en');
    expect(en.msg).toContain('Survey pending');
    const stale = await api(disp, 'POST', 'station/finish_survey', { id: s.id, version: s.version + 5 });
    expect(stale.status).toBe(409);
    expect((await station(s.id)).status).toBe('survey_pending');
  });

  it('without the permission: 403, nothing changes', async () => {
    const s = await newStation();
    const r = await api(op, 'POST', 'station/finish_survey', { id: s.id, version: s.version });
    expect(r.status).toBe(403);
    expect(r.msg).toContain('station:finish_survey');
    expect((await station(s.id)).status).toBe('survey_pending');
  });

  it('another agent cannot read or move the station', async () => {
    const s = await newStation();
    expect((await api(hn, 'GET', 'station/get_info', { id: s.id })).status).toBe(404);
    expect((await api(hn, 'POST', 'station/edit', { id: s.id, version: s.version, name: '改名' })).status).toBe(404);
    expect((await station(s.id)).name).toBe('王大山户用电站');
  });

  it('freeze: every station and work-order transition is refused until unfreeze', async () => {
    const { station: s, order: o } = await designedStation();
    const noReason = await api(disp, 'POST', 'station/freeze', { id: s.id, version: s.version });
    expect(noReason.msg).toBe('原因：请填写原因');
    const fz = await ok(api(disp, 'POST', 'station/freeze', { id: s.id, version: s.version, reason: '客户投诉，暂停施工' }));
    expect(fz).toMatchObject({ frozen: true, frozen_reason: '客户投诉，暂停施工', status: 'build_pending' });
    const again = await api(disp, 'POST', 'station/freeze', { id: s.id, version: fz.version, reason: 'x' });
    expect(again.msg).toBe('当前状态为“已冻结”，不能冻结');
    const d = await api(disp, 'POST', 'work_order/dispatch', { id: o.id, version: o.version, team_id: teamId, deadline: tomorrow() });
    expect(d.status).toBe(400);
    expect(d.msg).toBe(`电站 ${s.code} 已冻结，不能派单，请先解冻`);
    const term = await api(disp, 'POST', 'station/terminate', { id: s.id, version: fz.version, reason: '不做了' });
    expect(term.msg).toBe(`电站 ${s.code} 已冻结，不能终止，请先解冻`);
    expect((await order(o.id)).status).toBe('pending_dispatch');
    const uf = await ok(api(disp, 'POST', 'station/unfreeze', { id: s.id, version: fz.version }));
    expect(uf.frozen).toBe(false);
    await ok(api(disp, 'POST', 'work_order/dispatch', { id: o.id, version: o.version, team_id: teamId, deadline: tomorrow() }));
    const tl = await ok(api(op, 'GET', 'station/timeline', { id: s.id }));
    expect(tl.list.map((e: { action: string }) => e.action)).toEqual(['finish_survey', 'finish_design', 'freeze', 'unfreeze']);
  });

  it('terminate cancels the open orders with the reason; delete is refused while orders exist', async () => {
    const { station: s, order: o } = await designedStation();
    const del = await api(disp, 'GET', 'station/del', { id: s.id });
    expect(del.status).toBe(400);
    expect(del.msg).toBe(`电站 ${s.code} 已有1张派单，不能删除（可终止）`);
    const term = await ok(api(disp, 'POST', 'station/terminate', { id: s.id, version: s.version, reason: '客户放弃安装' }));
    expect(term).toMatchObject({ status: 'terminated', terminated_reason: '客户放弃安装' });
    expect(await order(o.id)).toMatchObject({ status: 'cancelled', cancel_reason: '客户放弃安装' });
    const more = await api(disp, 'POST', 'station/finish_survey', { id: s.id, version: term.version });
    expect(more.msg).toBe('当前状态为“终止”，不能完成踏勘');
  });

  it('documents: PDFs only, listed with signed links, deleted', async () => {
    const s = await newStation();
    const up = await uploadFile(t.app, disp, `/api/system/station/upload_doc?id=${s.id}&doc_type=contract`, testPdf(), 'application/pdf', '租赁合同.pdf');
    expect(up.status, up.msg).toBe(200);
    expect(up.data).toMatchObject({ name: '租赁合同.pdf', doc_type: 'contract', owner_type: 'station_doc', owner_id: s.id });
    const bad = await uploadFile(t.app, disp, `/api/system/station/upload_doc?id=${s.id}&doc_type=contract`, await testImage(), 'image/jpeg', 'x.jpg');
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('文件类型不支持');
    const docs = await ok(api(op, 'GET', 'station/docs', { id: s.id }));
    expect(docs.total).toBe(1);
    expect(docs.list[0].url).toMatch(/sig=/);
    expect((await ok(api(op, 'GET', 'station/get_info', { id: s.id }))).doc_count).toBe(1);
    expect((await api(op, 'POST', 'station/del_doc', { id: s.id, file_id: up.data.id })).status).toBe(403);
    await ok(api(disp, 'POST', 'station/del_doc', { id: s.id, file_id: up.data.id }));
    expect((await ok(api(op, 'GET', 'station/docs', { id: s.id }))).total).toBe(0);
  });
});

describe('one station the whole way: 待踏勘 → 已并网', () => {
  it('construction order dispatched, started, self-audit approved, grid order, grid self-audit approved, operating', async () => {
    const { station: s, order: o } = await designedStation();
    expect(s.status).toBe('build_pending');
    expect(o).toMatchObject({ kind: 'build', status: 'pending_dispatch', agent_id: f.sd.id, province_code: '370000' });
    expect(o.order_no).toMatch(/^SG\d{14}$/);

    // dispatch needs a team and a future deadline
    const noTeam = await api(disp, 'POST', 'work_order/dispatch', { id: o.id, version: o.version, deadline: tomorrow() });
    expect(noTeam.status).toBe(400);
    const past = await api(disp, 'POST', 'work_order/dispatch', { id: o.id, version: o.version, team_id: teamId, deadline: '2020-01-01T00:00:00Z' });
    expect(past.msg).toBe('截止时间不能早于现在');
    const notTeam = await api(disp, 'POST', 'work_order/dispatch', { id: o.id, version: o.version, team_id: f.op.id, deadline: tomorrow() });
    expect(notTeam.msg).toContain('不能接单');
    // refused from a wrong state
    // the team does not see an order not dispatched to it; the dispatcher is refused by the state
    expect((await api(team, 'POST', 'work_order/start', { id: o.id, version: o.version })).status).toBe(404);
    const early = await api(disp, 'POST', 'work_order/start', { id: o.id, version: o.version });
    expect(early.msg).toBe('当前状态为“待派单”，不能开工');

    const started = await startedOrder(o);
    expect(started).toMatchObject({ status: 'in_progress', team_id: teamId, team_name: '孙师傅' });
    expect((await station(s.id)).status).toBe('building');
    // the team got a message
    const msgs = await ok(api(team, 'GET', 'message/get_message_list', {}));
    expect(JSON.stringify(msgs)).toContain(o.order_no);

    // submit: incomplete items are refused and nothing moves
    const partial = await api(team, 'POST', 'self_audit/submit', { work_order_id: o.id, items: [{ key: 'inverter_sn', value: 'SN1' }] });
    expect(partial.status).toBe(400);
    expect(partial.msg).toBe('自检项“组件铭牌照片”未填写完整');
    const unknown = await api(team, 'POST', 'self_audit/submit', { work_order_id: o.id, items: [{ key: 'roof_color', value: 'red' }] });
    expect(unknown.msg).toBe('不认识的自检项：roof_color');
    expect((await order(o.id)).status).toBe('in_progress');

    const a1 = await ok(api(team, 'POST', 'self_audit/submit', { work_order_id: o.id, items: await buildItems(), note: '已完工' }));
    expect(a1).toMatchObject({ attempt: 1, result: 'pending', kind: 'build', order_no: o.order_no });
    expect(a1.items[0].files[0].thumb_url).toMatch(/thumb/);
    expect((await order(o.id)).status).toBe('audit_pending');
    expect((await station(s.id)).status).toBe('build_review');
    // not while in review
    const cancel = await api(disp, 'POST', 'work_order/cancel', { id: o.id, version: (await order(o.id)).version, reason: 'x' });
    expect(cancel.msg).toBe('当前状态为“待自检审核”，不能取消');
    // the submitter cannot review; a reviewer needs the permission
    // reviewing needs self_audit:approve
    expect((await api(team, 'POST', 'self_audit/approve', { id: a1.id, version: a1.version })).status).toBe(403);
    expect((await api(op, 'POST', 'self_audit/approve', { id: a1.id, version: a1.version })).status).toBe(403);
    expect((await order(o.id)).status).toBe('audit_pending');
    const approved = await ok(api(admin, 'POST', 'self_audit/approve', { id: a1.id, version: a1.version }));
    expect(approved).toMatchObject({ result: 'approved', reviewer_name: '系统管理员' });
    expect((await station(s.id)).status).toBe('grid_pending');
    expect((await order(o.id)).status).toBe('completed');

    // grid order opened by the approval
    const grid = (await ordersOf(s.id)).find((w) => w.kind === 'grid')!;
    expect(grid).toMatchObject({ status: 'pending_dispatch' });
    expect(grid.order_no).toMatch(/^BW\d{14}$/);
    const gs = await startedOrder(grid);
    expect(gs.status).toBe('in_progress');
    expect((await station(s.id)).status).toBe('grid_pending');
    const g1 = await ok(api(team, 'POST', 'self_audit/submit', { work_order_id: grid.id, items: await gridItems() }));
    expect((await station(s.id)).status).toBe('grid_review');
    await ok(api(disp, 'POST', 'self_audit/approve', { id: g1.id, version: g1.version, opinion: '资料齐全' }));
    const done = await station(s.id);
    expect(done.status).toBe('grid_connected');
    expect(done.grid_at).toBeInstanceOf(Date);
    expect(done.built_at).toBeInstanceOf(Date);
    // the approved construction audit's inverter SN and tilt became the station's
    expect(done).toMatchObject({ inverter_sn: 'SN20261123A', tilt_deg: 25 });
    // and the approved grid audit's meter number (settlement sheets name it)
    expect(done.meter_no).toBe('3701000012345');
    expect((await order(grid.id)).status).toBe('completed');
    const tl = await ok(api(op, 'GET', 'station/timeline', { id: s.id }));
    expect(tl.list.map((e: { action: string }) => e.action)).toEqual(['finish_survey', 'finish_design', 'start_build', 'submit_build', 'approve_build', 'submit_grid', 'approve_grid']);
    await ok(api(disp, 'POST', 'station/operate', { id: s.id, version: done.version }));
    expect((await station(s.id)).status).toBe('operating');
  });

  it('rejection with per-item reasons, rectify, resubmission keeps attempt 1 and 2', async () => {
    const { station: s, order: o } = await designedStation();
    await startedOrder(o);
    const a1 = await ok(api(team, 'POST', 'self_audit/submit', { work_order_id: o.id, items: await buildItems() }));
    const noItems = await api(disp, 'POST', 'self_audit/reject', { id: a1.id, version: a1.version, reason: '照片不合格', items: [] });
    expect(noItems.msg).toBe('自检项：请至少选择一个不合格项并填写原因');
    const noItemReason = await api(disp, 'POST', 'self_audit/reject', { id: a1.id, version: a1.version, reason: '照片不合格', items: [{ key: 'module_nameplate', reason: '' }] });
    expect(noItemReason.msg).toBe('原因：请填写该项的驳回原因');
    expect((await order(o.id)).status).toBe('audit_pending');
    const r = await ok(api(disp, 'POST', 'self_audit/reject', { id: a1.id, version: a1.version, reason: '照片不合格', items: [{ key: 'module_nameplate', reason: '铭牌看不清' }] }));
    expect(r).toMatchObject({ result: 'rejected', reject_reason: '照片不合格', reviewer_name: '赵工' });
    expect(r.items.find((i: { key: string }) => i.key === 'module_nameplate')).toMatchObject({ result: 'fail', reject_reason: '铭牌看不清' });
    expect(r.items.find((i: { key: string }) => i.key === 'tilt')).toMatchObject({ result: 'pass' });
    expect((await order(o.id)).status).toBe('rejected');
    expect((await station(s.id)).status).toBe('build_rejected');
    const twice = await api(disp, 'POST', 'self_audit/approve', { id: a1.id, version: r.version });
    expect(twice.msg).toBe('当前状态为“驳回”，不能审核通过');
    const ord = await order(o.id);
    await ok(api(team, 'POST', 'work_order/rectify', { id: o.id, version: ord.version }));
    // the dispatcher submits the rework on the team's behalf, so it cannot review it itself
    const a2 = await ok(api(disp, 'POST', 'self_audit/submit', { work_order_id: o.id, items: await buildItems(disp) }));
    expect(a2.attempt).toBe(2);
    const own = await api(disp, 'POST', 'self_audit/approve', { id: a2.id, version: a2.version });
    expect(own.status).toBe(403);
    expect(own.msg).toMatch(/^职责分离（四眼原则）：.+是自检单 .+ 的提交人，不能审核通过$/);
    const history = await ok(api(op, 'GET', 'self_audit/index', { work_order_id: o.id, sort: 'attempt', order: 'ASC' }));
    expect(history.list.map((x: { attempt: number; result: string }) => [x.attempt, x.result])).toEqual([
      [1, 'rejected'],
      [2, 'pending'],
    ]);
    await ok(api(admin, 'POST', 'self_audit/approve', { id: a2.id, version: a2.version }));
    expect((await station(s.id)).status).toBe('grid_pending');
  });

  it('refuse (拒单) clears the team; cancel returns the station to 待施工; a new order can be added', async () => {
    const { station: s, order: o } = await designedStation();
    const d = await ok(api(disp, 'POST', 'work_order/dispatch', { id: o.id, version: o.version, team_id: teamId, deadline: tomorrow() }));
    const noReason = await api(team, 'POST', 'work_order/reject_order', { id: o.id, version: d.version });
    expect(noReason.msg).toBe('原因：请填写原因');
    const refused = await ok(api(team, 'POST', 'work_order/reject_order', { id: o.id, version: d.version, reason: '人手不足' }));
    expect(refused).toMatchObject({ status: 'pending_dispatch', team_id: null, refuse_reason: '人手不足' });
    const started = await startedOrder(refused);
    expect((await station(s.id)).status).toBe('building');
    const dup = await api(disp, 'POST', 'work_order/add', { station_id: s.id, kind: 'build' });
    expect(dup.msg).toBe('电站当前状态为“施工中”，不能新建施工派单');
    await ok(api(disp, 'POST', 'work_order/cancel', { id: o.id, version: started.version, reason: '换施工队' }));
    expect((await station(s.id)).status).toBe('build_pending');
    const fresh = await ok(api(disp, 'POST', 'work_order/add', { station_id: s.id, kind: 'build' }));
    expect(fresh).toMatchObject({ status: 'pending_dispatch', kind: 'build', station_id: s.id });
    const dup2 = await api(disp, 'POST', 'work_order/add', { station_id: s.id, kind: 'build' }, 'en');
    expect(dup2.msg).toBe(`Station ${s.code} already has an open Construction order (${fresh.order_no})`);
  });

  it('batch dispatch is all or nothing', async () => {
    const a = await designedStation();
    const b = await designedStation();
    const c = await designedStation();
    await startedOrder(c.order);
    const mixed = await api(disp, 'POST', 'work_order/batch_dispatch', { ids: [a.order.id, b.order.id, c.order.id], team_id: teamId, deadline: tomorrow() });
    expect(mixed.status).toBe(400);
    expect(mixed.msg).toBe('当前状态为“施工中”，不能派单');
    expect((await order(a.order.id)).status).toBe('pending_dispatch');
    const res = await ok(api(disp, 'POST', 'work_order/batch_dispatch', { ids: [a.order.id, b.order.id], team_id: teamId, deadline: tomorrow() }));
    expect(res.ids).toEqual([a.order.id, b.order.id]);
    expect((await order(b.order.id)).status).toBe('dispatched');
    const list = await ok(api(disp, 'GET', 'work_order/index', { kind: 'build', status: 'dispatched', team_id: teamId }));
    expect(list.list.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([a.order.id, b.order.id]));
  });

  it('a failure in the middle of an approval rolls everything back (order, station, audit)', async () => {
    const { station: s, order: o } = await designedStation();
    await startedOrder(o);
    const a1 = await ok(api(team, 'POST', 'self_audit/submit', { work_order_id: o.id, items: await buildItems() }));
    // an open grid order already there: opening the grid order fails after the audit, the order
    // and the station were already updated in the same transaction
    const [blocker] = await t.handle.db.insert(workOrders).values({ order_no: `BW-BLOCK-${s.id}`, kind: 'grid', station_id: s.id, province_code: '370000', status: 'pending_dispatch' }).returning();
    const r = await api(disp, 'POST', 'self_audit/approve', { id: a1.id, version: a1.version });
    expect(r.status).toBe(400);
    expect(r.msg).toContain('已有一张未完成的并网派单');
    const [audit] = await t.handle.db.select().from(selfAudits).where(eq(selfAudits.id, a1.id));
    expect(audit).toMatchObject({ result: 'pending', version: a1.version });
    expect(await order(o.id)).toMatchObject({ status: 'audit_pending' });
    expect((await station(s.id)).status).toBe('build_review');
    expect((await station(s.id)).built_at).toBeNull();
    await t.handle.db.delete(workOrders).where(eq(workOrders.id, blocker!.id));
    await ok(api(disp, 'POST', 'self_audit/approve', { id: a1.id, version: a1.version }));
    expect((await station(s.id)).status).toBe('grid_pending');
  });

  it('the overdue task flags open orders past their deadline, and a new deadline clears it', async () => {
    const { order: o } = await designedStation();
    const d = await ok(api(disp, 'POST', 'work_order/dispatch', { id: o.id, version: o.version, team_id: teamId, deadline: tomorrow() }));
    const result = await JOBS.mark_overdue_work_orders!.run({ db: t.handle.db, now: new Date(Date.now() + 2 * 86400_000) });
    expect(result.marked).toBeGreaterThanOrEqual(1);
    expect((await order(o.id)).overdue).toBe(true);
    const overdue = await ok(api(disp, 'GET', 'work_order/index', { overdue: 'true', kind: 'build' }));
    expect(overdue.list.map((r: { id: number }) => r.id)).toContain(o.id);
    const e = await ok(api(disp, 'POST', 'work_order/edit', { id: o.id, version: (await order(o.id)).version, deadline: new Date(Date.now() + 5 * 86400_000).toISOString() }));
    expect(e.overdue).toBe(false);
    expect(d.status).toBe('dispatched');
  });

  it('a team member sees only its own orders and the stations of them', async () => {
    const list = await ok(api(team, 'GET', 'work_order/index', { limit: 100 }));
    expect(list.total).toBeGreaterThan(0);
    expect(list.list.every((r: { team_id: number }) => r.team_id === teamId)).toBe(true);
    const st = await ok(api(team, 'GET', 'station/get_info', { id: list.list[0].station_id }));
    expect(st.id).toBe(list.list[0].station_id);
    const teams = await ok(api(disp, 'GET', 'work_order/teams', { q: '孙' }));
    expect(teams.list.map((u: { id: number }) => u.id)).toEqual([teamId]);
    expect(teams.list[0].open_orders).toBe(list.list.filter((r: { status: string }) => !['completed', 'cancelled', 'pending_dispatch'].includes(r.status)).length);
  });

  it('exports the lists as xlsx', async () => {
    for (const path of ['station/export', 'work_order/export?kind=build', 'self_audit/export?kind=build']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/system/${path}`, headers: { authorization: `Bearer ${disp}` } });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
  });
});

describe('list sorting by joined columns, self-audit search, review opinion, import by phone', () => {
  const names = (list: Array<Record<string, unknown>>, key: string) => list.map((r) => r[key] as string | null);
  /** the order PostgreSQL gives: NULLs last ascending, first descending; values in order (these names compare alike by code point and in the usual collations) */
  const isSorted = (values: Array<string | number | null>, dir: 'ASC' | 'DESC') => {
    const present = values.filter((v) => v !== null);
    const nullsAt = values.map((v, i) => (v === null ? i : -1)).filter((i) => i >= 0);
    const nullsOk = dir === 'ASC' ? nullsAt.every((i) => i >= present.length) : nullsAt.every((i) => i < nullsAt.length);
    const pairs = present.slice(1).map((v, i) => [present[i]!, v] as const);
    return nullsOk && pairs.every(([a, b]) => (dir === 'ASC' ? a <= b : a >= b));
  };

  it('stations, work orders and self-audits sort by customer, agent, team, station code, submitter; unknown fields are 400', async () => {
    // two more formal customers whose names sort apart, a station each
    const { db } = t.handle;
    const extra = [];
    for (const [name, phone] of [['Aaron', '13900000031'], ['Zed', '13900000032']] as const) {
      const [c] = await db.insert(customers).values({ ...customerBody({ name, phone }), agent_id: f.sd.id, stage: 'formal', status: 'signed' }).returning();
      extra.push(await ok(api(disp, 'POST', 'station/add', { customer_id: c!.id, name: `${name} PV`, capacity_kwp: 10 })));
    }
    for (const dir of ['ASC', 'DESC'] as const) {
      const st = await ok(api(disp, 'GET', 'station/index', { sort: 'customer_name', order: dir, limit: 100 }));
      expect(st.total).toBeGreaterThan(2);
      expect(isSorted(names(st.list, 'customer_name'), dir), JSON.stringify(names(st.list, 'customer_name'))).toBe(true);
      // Latin before Chinese in any collation: Aaron first ascending, last descending
      expect(dir === 'ASC' ? st.list[0].customer_name : st.list.at(-1).customer_name).toBe('Aaron');
      const byAgent = await ok(api(disp, 'GET', 'station/index', { sort: 'agent_name', order: dir, limit: 100 }));
      expect(byAgent.total).toBe(st.total);
      expect(isSorted(names(byAgent.list, 'agent_name'), dir)).toBe(true);
    }
    for (const sort of ['station_code', 'customer_name', 'team_name', 'agent_name', 'capacity_kwp']) {
      const wo = await ok(api(disp, 'GET', 'work_order/index', { kind: 'build', sort, order: 'ASC', limit: 100 }));
      expect(wo.total, sort).toBeGreaterThan(1);
      expect(isSorted(wo.list.map((r: Record<string, string | number | null>) => r[sort] ?? null), 'ASC'), sort).toBe(true);
    }
    const teamsDesc = await ok(api(disp, 'GET', 'work_order/index', { sort: 'team_name', order: 'DESC', limit: 100 }));
    expect(teamsDesc.list[0].team_name).toBeNull(); // NULLs first descending: undispatched orders
    for (const sort of ['order_no', 'station_code', 'customer_name', 'submitter_name', 'reviewer_name']) {
      const sa = await ok(api(disp, 'GET', 'self_audit/index', { sort, order: 'DESC', limit: 100 }));
      expect(sa.total, sort).toBeGreaterThan(1);
      expect(isSorted(names(sa.list, sort), 'DESC'), sort).toBe(true);
    }
    // the default sort and paging still hold: two pages by customer name are the first page of 2n
    const p1 = await ok(api(disp, 'GET', 'station/index', { sort: 'customer_name', order: 'ASC', limit: 2, page: 1 }));
    const p2 = await ok(api(disp, 'GET', 'station/index', { sort: 'customer_name', order: 'ASC', limit: 2, page: 2 }));
    const all = await ok(api(disp, 'GET', 'station/index', { sort: 'customer_name', order: 'ASC', limit: 4 }));
    expect([...p1.list, ...p2.list].map((r: { id: number }) => r.id)).toEqual(all.list.map((r: { id: number }) => r.id));
    for (const [path, field] of [['station/index', 'customer_phone'], ['work_order/index', 'nope'], ['self_audit/index', 'items'], ['station/index', 'constructor']]) {
      const bad = await api(disp, 'GET', path!, { sort: field! });
      expect(bad.status, `${path} ${field}`).toBe(400);
    }
    // the export pages through a joined sort without repeating or losing rows
    const res = await t.app.inject({ method: 'GET', url: '/api/system/station/export?sort=customer_name&order=DESC', headers: { authorization: `Bearer ${disp}` } });
    expect(res.statusCode).toBe(200);
    const rows = readXlsx(res.rawPayload).slice(1);
    const sorted = await ok(api(disp, 'GET', 'station/index', { sort: 'customer_name', order: 'DESC', limit: 100 }));
    expect(rows.map((r) => r[0])).toEqual(sorted.list.map((r: { code: string }) => r.code));
    expect(extra).toHaveLength(2);
  });

  it('self_audit/index q searches the order number, station code and name, customer and submitter', async () => {
    const all = await ok(api(disp, 'GET', 'self_audit/index', { limit: 100 }));
    const a = all.list[0];
    expect(a).toBeTruthy();
    const ids = async (q: string) => (await ok(api(disp, 'GET', 'self_audit/index', { q, limit: 100 }))).list.map((r: { id: number }) => r.id);
    expect(await ids(a.order_no)).toEqual([a.id]);
    expect(await ids(a.station_code)).toContain(a.id);
    expect((await ids(a.station_code)).every((id: number) => all.list.find((r: { id: number }) => r.id === id).station_code === a.station_code)).toBe(true);
    expect(await ids('孙师傅')).toEqual(all.list.filter((r: { submitter_name: string }) => r.submitter_name === '孙师傅').map((r: { id: number }) => r.id));
    expect(await ids('王大山')).toEqual(all.list.filter((r: { customer_name: string }) => r.customer_name === '王大山').map((r: { id: number }) => r.id));
    expect(await ids('no-such-thing')).toEqual([]);
    // % is literal
    expect(await ids('%')).toEqual([]);
  });

  it('approve stores the opinion (审核意见) on the audit; reject keeps its overall reason', async () => {
    const { order: o } = await designedStation();
    await startedOrder(o);
    const a = await ok(api(team, 'POST', 'self_audit/submit', { work_order_id: o.id, items: await buildItems() }));
    expect(a.review_opinion).toBeNull();
    const long = await api(disp, 'POST', 'self_audit/approve', { id: a.id, version: a.version, opinion: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    const r = await ok(api(disp, 'POST', 'self_audit/approve', { id: a.id, version: a.version, opinion: '施工规范，资料齐全' }));
    expect(r).toMatchObject({ result: 'approved', review_opinion: '施工规范，资料齐全', reject_reason: null });
    const info = await ok(api(op, 'GET', 'self_audit/get_info', { id: a.id }));
    expect(info.review_opinion).toBe('施工规范，资料齐全');
    const history = await ok(api(disp, 'GET', 'self_audit/history', { id: a.id }));
    expect(JSON.stringify(history)).toContain('施工规范，资料齐全');
    // without an opinion: stored as null
    const grid = (await ordersOf(o.station_id)).find((x) => x.kind === 'grid')!;
    const d = await ok(api(disp, 'POST', 'work_order/dispatch', { id: grid.id, version: grid.version, team_id: teamId, deadline: tomorrow() }));
    const ac = await ok(api(team, 'POST', 'work_order/accept', { id: grid.id, version: d.version }));
    await ok(api(team, 'POST', 'work_order/start', { id: grid.id, version: ac.version }));
    const g = await ok(api(team, 'POST', 'self_audit/submit', { work_order_id: grid.id, items: await gridItems() }));
    const gr = await ok(api(disp, 'POST', 'self_audit/reject', { id: g.id, version: g.version, reason: '电表号不符', items: [{ key: 'meter_number', reason: '与电网不一致' }] }));
    expect(gr).toMatchObject({ result: 'rejected', reject_reason: '电表号不符', review_opinion: null });
  });

  it('work_order/edit: a date-only deadline is the end of that day (China time), a past one is refused, a stale version is 409', async () => {
    const { order: o } = await designedStation();
    const day = new Date(Date.now() + 3 * 86400_000).toISOString().slice(0, 10);
    const e = await ok(api(disp, 'POST', 'work_order/edit', { id: o.id, version: o.version, deadline: day, remark: '先备料' }));
    expect(e.deadline).toBe(new Date(`${day}T23:59:59+08:00`).toISOString());
    const past = await api(disp, 'POST', 'work_order/edit', { id: o.id, version: e.version, deadline: '2020-01-01' });
    expect(past.msg).toBe('截止时间不能早于现在');
    const stale = await api(disp, 'POST', 'work_order/edit', { id: o.id, version: o.version, remark: '旧版本' });
    expect(stale.status).toBe(409);
    expect((await order(o.id)).remark).toBe('先备料');
  });

  it('station import names the customer by phone (or id); an unknown phone is a row error and nothing is imported', async () => {
    const xlsx = (rows: (string | number | null)[][]) => buildXlsx(rows, { sheetName: 'Sheet1' });
    const upload = async (file: Buffer) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/system/station/import', payload: file, headers: { authorization: `Bearer ${disp}`, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'accept-language': 'zh-CN' } });
      return { status: res.statusCode, ...(res.json() as { msg: string; data: { imported: number; errors?: { row: number; column: string; message: string }[] } }) };
    };
    const count = async () => (await ok(api(disp, 'GET', 'station/index', { limit: 1 }))).total as number;
    const before = await count();
    // the template asks for the phone first, the id as the alternative
    const tpl = await t.app.inject({ method: 'GET', url: '/api/system/station/import_template', headers: { authorization: `Bearer ${disp}` } });
    expect(tpl.statusCode).toBe(200);
    const header = readXlsx(tpl.rawPayload)[0]!;
    expect(header.slice(0, 2)).toEqual(['客户手机号', '客户ID']);

    const bad = await upload(xlsx([
      ['客户手机号', '客户ID', '电站名称', '装机容量(kWp)'],
      ['13900000011', null, '按手机号', 12],
      ['13999999999', null, '未知手机号', 12],
      [null, null, '没有客户', 12],
      ['13900000012', null, '意向客户', 12],
    ]));
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toEqual([
      { row: 3, column: '客户手机号', message: '没有手机号为 13999999999 的客户' },
      { row: 4, column: '客户手机号', message: '请填写客户手机号或客户ID' },
    ]);
    expect(await count()).toBe(before);
    // the intentional customer is found by phone, and refused at the insert (nothing imported)
    const notFormal = await upload(xlsx([['客户手机号', '电站名称', '装机容量(kWp)'], ['13900000011', '按手机号', 12], ['139 0000 0012', '意向客户', 12]]));
    expect(notFormal.data.errors).toEqual([{ row: 3, column: '', message: '客户“李小河”还不是正式客户，签约后才能建电站' }]);
    expect(await count()).toBe(before);

    const good = await upload(xlsx([['客户手机号', '客户ID', '电站名称', '装机容量(kWp)'], ['13900000011', null, '按手机号导入', 12], [null, formal, '按ID导入', 8]]));
    expect(good.status, good.msg).toBe(200);
    expect(good.data.imported).toBe(2);
    const imported = await ok(api(disp, 'GET', 'station/index', { q: '导入', sort: 'name', order: 'ASC' }));
    expect(imported.list.map((r: { name: string; customer_id: number }) => [r.name, r.customer_id])).toEqual([
      ['按ID导入', formal],
      ['按手机号导入', formal],
    ]);
    // two formal customers with one phone: ask for the id
    await t.handle.db.insert(customers).values({ ...customerBody({ name: '重号甲', phone: '13900000077' }), agent_id: f.sd.id, stage: 'formal', status: 'signed' });
    await t.handle.db.insert(customers).values({ ...customerBody({ name: '重号乙', phone: '13900000077' }), agent_id: f.sd.id, stage: 'formal', status: 'signed' });
    const twin = await upload(xlsx([['客户手机号', '电站名称', '装机容量(kWp)'], ['13900000077', '重号', 12]]));
    expect(twin.data.errors).toEqual([{ row: 2, column: '客户手机号', message: '手机号 13900000077 对应多个正式客户，请改填客户ID' }]);
  });
});
