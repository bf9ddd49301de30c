import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { agents, customers, sysLog, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { readXlsx } from '../src/excel/xlsx.ts';
import { call, customerBody, fixtures, login, startApp, type TestApp, USER_PASSWORD } from './helpers.ts';

let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let token: string;
const base = '/api/system/agent';

beforeAll(async () => {
  t = await startApp();
  fx = await fixtures(t);
  token = await login(t.app);
});
afterAll(async () => t.close());

const body = (extra: Record<string, unknown> = {}) => ({
  code: 'JN001',
  name: '济南新光代理',
  contact: '王五',
  phone: '13900000001',
  province_code: '370000',
  city_code: '370100',
  deposit: '50000.50',
  bank_name: '中国农业银行',
  bank_account: '6228480012345678',
  ...extra,
});
const add = async (extra: Record<string, unknown> = {}) => {
  const res = await call(t.app, 'POST', `${base}/add`, { token, body: body(extra) });
  expect(res.status, res.msg).toBe(200);
  return res.data;
};

describe('agent CRUD', () => {
  it('add: pending by default, money to 2 decimals, bank account masked, created_by and parent_name', async () => {
    const a = await add({ code: 'JN010', parent_id: fx.sd.id });
    expect(a).toMatchObject({ code: 'JN010', status: 'pending', deposit: 50000.5, parent_id: fx.sd.id, parent_name: '山东测试代理', bank_account: '6228********5678', version: 1 });
    expect(a.created_by).toBeGreaterThan(0);
    const [row] = await t.handle.db.select().from(agents).where(eq(agents.id, a.id));
    expect(row!.bank_account).toBe('6228480012345678');
    const logs = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'agent'), eq(sysLog.record_id, a.id)));
    expect(logs.map((l) => l.action)).toEqual(['add']);
  });

  it('bad input: code pattern, money with 3 decimals, phone, bank account — clear messages, nothing stored', async () => {
    const bad = await call(t.app, 'POST', `${base}/add`, { token, body: body({ code: 'ab-1', deposit: '1.234', phone: '123', bank_account: '12ab' }) });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('编码只能包含大写字母和数字');
    expect(bad.msg).toContain('最多两位小数');
    expect(bad.msg).toContain('请输入正确的手机号');
    expect(bad.msg).toContain('银行账号');
    const en = await call(t.app, 'POST', `${base}/add`, { token, lang: 'en', body: body({ code: 'ab' }) });
    expect(en.msg).toContain('upper-case letters and digits');
    expect(await t.handle.db.select().from(agents).where(eq(agents.code, 'ab-1'))).toHaveLength(0);
  });

  it('code is unique', async () => {
    await add({ code: 'UQ001' });
    const dup = await call(t.app, 'POST', `${base}/add`, { token, body: body({ code: 'UQ001' }) });
    expect(dup).toMatchObject({ status: 400, msg: '代理商编码“UQ001”已存在' });
  });

  it('two levels only: a parent must be top-level; an agent with children cannot move under another', async () => {
    const third = await call(t.app, 'POST', `${base}/add`, { token, body: body({ code: 'L3001', parent_id: fx.sdc.id, city_code: '370700' }) });
    expect(third.status).toBe(400);
    expect(third.msg).toContain('本身是二级代理');
    const [sd] = await t.handle.db.select().from(agents).where(eq(agents.id, fx.sd.id));
    const move = await call(t.app, 'POST', `${base}/edit`, { token, body: { id: fx.sd.id, version: sd!.version, parent_id: fx.hn.id } });
    expect(move.status).toBe(400);
    expect(move.msg).toContain('下级代理，不能再设为其他代理的下级');
    const self = await add({ code: 'SELF01' });
    const loop = await call(t.app, 'POST', `${base}/edit`, { token, body: { id: self.id, version: self.version, parent_id: self.id } });
    expect(loop.msg).toBe('上级代理不能是代理商自己');
  });

  it("a child's region lies inside its parent's; regions nest", async () => {
    const outside = await call(t.app, 'POST', `${base}/add`, { token, body: body({ code: 'OUT001', parent_id: fx.sd.id, province_code: '410000', city_code: '410100' }) });
    expect(outside).toMatchObject({ status: 400, msg: '授权区域须在上级代理“山东测试代理”的授权区域内' });
    const city = await call(t.app, 'POST', `${base}/add`, { token, body: body({ code: 'OUT002', parent_id: fx.sd.id, city_code: '370700' }) });
    expect(city.status).toBe(400); // SD is authorised for 370100 only
    const nest = await call(t.app, 'POST', `${base}/add`, { token, body: body({ code: 'OUT003', province_code: '410000', city_code: '370100' }) });
    expect(nest).toMatchObject({ status: 400, msg: '所选城市不属于该省份' });
    // a parent's new region must still cover its children
    const parent = await add({ code: 'PAR001' });
    await add({ code: 'PAR002', parent_id: parent.id, district_code: '370102' });
    const shrink = await call(t.app, 'POST', `${base}/edit`, { token, body: { id: parent.id, version: parent.version, city_code: '370200' } });
    expect(shrink.status).toBe(400);
    expect(shrink.msg).toContain('下级代理');
  });

  it('edit with a stale version is 409; a good edit bumps the version and keeps the stored account', async () => {
    const a = await add({ code: 'ED001' });
    const good = await call(t.app, 'POST', `${base}/edit`, { token, body: { id: a.id, version: a.version, name: '济南新光代理（改）', deposit: 100 } });
    expect(good.status, good.msg).toBe(200);
    expect(good.data).toMatchObject({ version: 2, deposit: 100, bank_account: '6228********5678' });
    const stale = await call(t.app, 'POST', `${base}/edit`, { token, body: { id: a.id, version: 1, name: '再改' } });
    expect(stale.status).toBe(409);
  });

  it('filters: status, parent_id, top, province, q; sorts', async () => {
    const top = await call(t.app, 'GET', `${base}/index`, { token, query: { top: 1, limit: 100 } });
    expect(top.data.list.every((a: { parent_id: number | null }) => a.parent_id === null)).toBe(true);
    const kids = await call(t.app, 'GET', `${base}/index`, { token, query: { parent_id: fx.sd.id } });
    expect(kids.data.list.map((a: { id: number }) => a.id)).toContain(fx.sdc.id);
    expect(kids.data.list.every((a: { parent_id: number }) => a.parent_id === fx.sd.id)).toBe(true);
    const hn = await call(t.app, 'GET', `${base}/index`, { token, query: { province_code: '410000' } });
    expect(hn.data.list.map((a: { code: string }) => a.code)).toEqual(['T-HN']);
    const q = await call(t.app, 'GET', `${base}/index`, { token, query: { q: '潍坊' } });
    expect(q.data.total).toBe(1);
    const pending = await call(t.app, 'GET', `${base}/index`, { token, query: { status: 'pending', sort: 'code', order: 'DESC', limit: 100 } });
    const codes = pending.data.list.map((a: { code: string }) => a.code);
    expect(codes).toEqual([...codes].sort().reverse());
    expect(pending.data.list.every((a: { status: string }) => a.status === 'pending')).toBe(true);
    const bad = await call(t.app, 'GET', `${base}/index`, { token, query: { status: 'nope' } });
    expect(bad.status).toBe(400);
  });
});

describe('enable / disable', () => {
  it('enable from pending, disable, refuses a repeat naming the state, logs each; needs the permission', async () => {
    const a = await add({ code: 'EN001' });
    const on = await call(t.app, 'POST', `${base}/enable`, { token, body: { id: a.id, version: a.version } });
    expect(on.data).toMatchObject({ status: 'enabled', version: 2 });
    const again = await call(t.app, 'POST', `${base}/enable`, { token, body: { id: a.id, version: 2 } });
    expect(again).toMatchObject({ status: 400, msg: '当前状态为“启用”，不能启用' });
    const stale = await call(t.app, 'POST', `${base}/disable`, { token, body: { id: a.id, version: 1 } });
    expect(stale.status).toBe(409);
    const off = await call(t.app, 'POST', `${base}/disable`, { token, body: { id: a.id, version: 2 } });
    expect(off.data.status).toBe('disabled');
    const logs = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'agent'), eq(sysLog.record_id, a.id)));
    expect(logs.map((l) => l.action)).toEqual(['add', 'enable', 'disable']);
    const opToken = await login(t.app, 'op', USER_PASSWORD);
    const denied = await call(t.app, 'POST', `${base}/enable`, { token: opToken, body: { id: a.id, version: 3 } });
    expect(denied.status).toBe(403);
    const history = await call(t.app, 'GET', `${base}/history`, { token, query: { id: a.id } });
    expect(history.data.total).toBe(3);
    expect(JSON.stringify(history.data.list)).not.toContain('6228480012345678');
  });

  it("a disabled agent's users cannot sign in, and their open sessions stop working; enabling lets them back", async () => {
    await t.handle.db.insert(users).values({ username: 'sdc_staff', password_hash: await hashPassword(USER_PASSWORD), full_name: '潍坊录入员', agent_id: fx.sdc.id });
    const sdToken = await login(t.app, 'sd', USER_PASSWORD);
    const [sd] = await t.handle.db.select().from(agents).where(eq(agents.id, fx.sd.id));
    const off = await call(t.app, 'POST', `${base}/disable`, { token, body: { id: fx.sd.id, version: sd!.version } });
    expect(off.status, off.msg).toBe(200);
    const refused = await call(t.app, 'POST', '/api/system/index/login', { body: { username: 'sd', password: USER_PASSWORD } });
    expect(refused).toMatchObject({ status: 401, msg: '所属代理商“山东测试代理”已停用，账号不能登录，请联系管理员' });
    const session = await call(t.app, 'GET', '/api/system/common/get_user_info', { token: sdToken });
    expect(session.status).toBe(402);
    // the sub-agent's staff too: their parent agent is disabled
    const sub = await call(t.app, 'POST', '/api/system/index/login', { body: { username: 'sdc_staff', password: USER_PASSWORD } });
    expect(sub).toMatchObject({ status: 401, msg: '所属代理商“山东测试代理”已停用，账号不能登录，请联系管理员' });
    const on = await call(t.app, 'POST', `${base}/enable`, { token, body: { id: fx.sd.id, version: off.data.version } });
    expect(on.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/system/common/get_user_info', { token: sdToken })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/system/index/login', { body: { username: 'sdc_staff', password: USER_PASSWORD } })).status).toBe(200);
  });
});

describe('delete', () => {
  it('refuses while customers, children or users hang on it (counts named); deletes an empty one', async () => {
    const p = await add({ code: 'DEL001' });
    const child = await add({ code: 'DEL002', parent_id: p.id });
    await t.handle.db.insert(customers).values({ ...customerBody(), agent_id: p.id });
    const refused = await call(t.app, 'POST', `${base}/del`, { token, body: { id: p.id } });
    expect(refused).toMatchObject({ status: 400, msg: '代理商“济南新光代理”还有1个客户、0个电站、1个下级代理、0个账号，不能删除' });
    const withUser = await call(t.app, 'POST', `${base}/del`, { token, body: { id: fx.hn.id } });
    expect(withUser.msg).toContain('1个账号');
    const okDel = await call(t.app, 'POST', `${base}/del`, { token, body: { id: child.id } });
    expect(okDel).toMatchObject({ status: 200, data: { ids: [child.id] } });
  });
});

describe('scope, staff, counters, export', () => {
  it('an agent user sees its own tree only and gets 403 on another agent', async () => {
    const sdToken = await login(t.app, 'sd', USER_PASSWORD);
    const list = await call(t.app, 'GET', `${base}/index`, { token: sdToken, query: { limit: 100 } });
    const ids = list.data.list.map((a: { id: number }) => a.id);
    expect(ids).toEqual(expect.arrayContaining([fx.sd.id, fx.sdc.id]));
    expect(list.data.list.every((a: { id: number; parent_id: number | null }) => a.id === fx.sd.id || a.parent_id === fx.sd.id)).toBe(true);
    expect((await call(t.app, 'GET', `${base}/get_info`, { token: sdToken, query: { id: fx.hn.id } })).status).toBe(404);
    expect((await call(t.app, 'GET', `${base}/users`, { token: sdToken, query: { id: fx.hn.id } })).status).toBe(404);
  });

  it('users and counters of an agent', async () => {
    const staff = await call(t.app, 'GET', `${base}/users`, { token, query: { id: fx.sd.id } });
    expect(staff.data.list.map((u: { username: string }) => u.username)).toEqual(['sd']);
    await t.handle.db.insert(customers).values({ ...customerBody(), agent_id: fx.sdc.id, stage: 'formal', status: 'signed' });
    const counters = await call(t.app, 'GET', `${base}/counters`, { token, query: { id: fx.sdc.id } });
    expect(counters.data).toMatchObject({ customers: 1, formal_customers: 1, stations: 0, users: 1, children: 0 });
  });

  it('exports .xlsx with agent:export (bank accounts masked); an operator without it gets 403', async () => {
    await t.handle.db.update(agents).set({ bank_account: '6228480012345678' }).where(eq(agents.id, fx.sd.id));
    const res = await t.app.inject({ method: 'GET', url: `${base}/export?status=enabled`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['编码', '名称', '上级代理', '状态', '保证金', '结算账户']));
    const account = rows[0]!.indexOf('结算账户');
    const body = rows.slice(1);
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((r) => r[rows[0]!.indexOf('状态')] === '启用')).toBe(true);
    expect(body.map((r) => r[account]).filter(Boolean).every((v) => v!.includes('****'))).toBe(true);
    const opToken = await login(t.app, 'op', USER_PASSWORD);
    expect((await call(t.app, 'GET', `${base}/export`, { token: opToken })).status).toBe(403);
  });
});
