import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { customers, products, sysLog } from '../src/db/schema/index.ts';
import { verifyPassword } from '../src/modules/auth/password.ts';
import { checkVerifyToken, periodStarts } from '../src/modules/customer/extras.ts';
import { call, customerBody, fixtures, login, startApp, type TestApp, USER_PASSWORD } from './helpers.ts';

let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let token: string;
const base = '/api/system/customer';

beforeAll(async () => {
  t = await startApp();
  fx = await fixtures(t);
  token = await login(t.app);
});
afterAll(async () => t.close());

const add = async (extra: Record<string, unknown> = {}, tk = token) => {
  const res = await call(t.app, 'POST', `${base}/add`, { token: tk, body: customerBody(extra) });
  expect(res.status, res.msg).toBe(200);
  return res.data;
};

describe('get_verify_url', () => {
  it('gives a signed link, a 6-digit code and the expiry (checked by checkVerifyToken), logged without the code', async () => {
    const c = await add({ stage: 'formal', agent_id: fx.sd.id });
    const res = await call(t.app, 'GET', `${base}/get_verify_url`, { token, query: { id: c.id } });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.code).toMatch(/^\d{6}$/);
    expect(Date.parse(res.data.expires_at)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const url = new URL(res.data.url);
    const [cid, exp, sig] = ['cid', 'exp', 'sig'].map((k) => url.searchParams.get(k)!);
    expect(Number(cid)).toBe(c.id);
    expect(checkVerifyToken(t.config.tokenSecret, c.id, Number(exp), sig!, res.data.code)).toBe(true);
    expect(checkVerifyToken(t.config.tokenSecret, c.id, Number(exp), sig!, res.data.code === '000000' ? '111111' : '000000')).toBe(false);
    expect(checkVerifyToken(t.config.tokenSecret, c.id + 1, Number(exp), sig!, res.data.code)).toBe(false);
    expect(checkVerifyToken(t.config.tokenSecret, c.id, Number(exp), sig!, res.data.code, Date.now() + 25 * 3600_000)).toBe(false);
    const logs = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'customer'), eq(sysLog.record_id, c.id)));
    expect(logs.map((l) => l.action)).toEqual(['add', 'get_verify_url']);
    expect(JSON.stringify(logs)).not.toContain(res.data.code);
  });

  it('intentional customers have no app account; out of scope is 403; without permission 403', async () => {
    const c = await add({ agent_id: fx.hn.id });
    expect((await call(t.app, 'GET', `${base}/get_verify_url`, { token, query: { id: c.id } })).msg).toBe('只有正式客户才能开通光E宝账号');
    const f = await add({ agent_id: fx.hn.id, stage: 'formal' });
    const sd = await login(t.app, 'sd', USER_PASSWORD);
    expect((await call(t.app, 'GET', `${base}/get_verify_url`, { token: sd, query: { id: f.id } })).status).toBe(403);
  });
});

describe('modify_password', () => {
  it('stores an argon2 hash, enables the app, logs without the hash, and never returns it', async () => {
    const c = await add({ stage: 'formal' });
    const res = await call(t.app, 'POST', `${base}/modify_password`, { token, body: { id: c.id, password: 'owner-pw-1' } });
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({ app_enabled: true, app_password_set: true, version: 2 });
    expect(res.data).not.toHaveProperty('app_password_hash');
    const [row] = await t.handle.db.select().from(customers).where(eq(customers.id, c.id));
    expect(await verifyPassword(row!.app_password_hash!, 'owner-pw-1')).toBe(true);
    const logs = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'customer'), eq(sysLog.record_id, c.id), eq(sysLog.action, 'modify_password')));
    expect(logs).toHaveLength(1);
    expect(JSON.stringify(logs[0])).not.toContain(row!.app_password_hash!);
    expect((logs[0]!.after as Record<string, unknown>).app_password_set).toBe(true);
    const info = await call(t.app, 'GET', `${base}/get_info`, { token, query: { id: c.id } });
    expect(info.data).not.toHaveProperty('app_password_hash');
  });

  it('refuses a short password (密码不能少于6位), in both languages, nothing changed', async () => {
    const c = await add({ stage: 'formal' });
    const res = await call(t.app, 'POST', `${base}/modify_password`, { token, body: { id: c.id, password: '12345' } });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('密码不能少于6位');
    const en = await call(t.app, 'POST', `${base}/modify_password`, { token, lang: 'en', body: { id: c.id, password: '1' } });
    expect(en.msg).toContain('at least 6 characters');
    const [row] = await t.handle.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row).toMatchObject({ app_password_hash: null, app_enabled: false, version: 1 });
  });

  it('an agent user (no permission) gets 403', async () => {
    const c = await add({ stage: 'formal', agent_id: fx.sd.id });
    const sd = await login(t.app, 'sd', USER_PASSWORD);
    expect((await call(t.app, 'POST', `${base}/modify_password`, { token: sd, body: { id: c.id, password: 'abcdef' } })).status).toBe(403);
  });
});

describe('new_user_stat', () => {
  it('counts new customers today / week / month by stage, in the caller scope, with as_of', async () => {
    const before = (await call(t.app, 'GET', `${base}/new_user_stat`, { token })).data;
    await add({ agent_id: fx.sd.id });
    await add({ agent_id: fx.sd.id, stage: 'formal' });
    await add({ agent_id: fx.hn.id });
    // an old customer does not count
    const old = await add({ agent_id: fx.sd.id });
    await t.handle.db.update(customers).set({ created_at: new Date('2020-01-01T00:00:00Z') }).where(eq(customers.id, old.id));
    const after = await call(t.app, 'GET', `${base}/new_user_stat`, { token });
    expect(after.status).toBe(200);
    expect(after.data.today.total - before.today.total).toBe(3);
    expect(after.data.today.formal - before.today.formal).toBe(1);
    expect(after.data.month.total).toBeGreaterThanOrEqual(after.data.today.total);
    expect(after.data.week.total).toBeGreaterThanOrEqual(after.data.today.total);
    expect(Date.parse(after.data.as_of)).not.toBeNaN();
    const sd = await login(t.app, 'sd', USER_PASSWORD);
    const sdStat = await call(t.app, 'GET', `${base}/new_user_stat`, { token: sd });
    const [n] = await t.handle.db.select().from(customers).where(eq(customers.agent_id, fx.hn.id));
    expect(n).toBeDefined();
    expect(sdStat.data.today.total).toBeLessThan(after.data.today.total);
  });

  it('period starts are China midnight, Monday and the 1st', () => {
    // Wednesday 2026-11-18 02:00 in China = Tuesday 18:00 UTC
    const s = periodStarts(new Date('2026-11-17T18:00:00Z'));
    expect(s.today.toISOString()).toBe('2026-11-17T16:00:00.000Z');
    expect(s.week.toISOString()).toBe('2026-11-15T16:00:00.000Z');
    expect(s.month.toISOString()).toBe('2026-10-31T16:00:00.000Z');
  });
});

describe('get_product_list', () => {
  it('lists enabled packages only', async () => {
    await t.handle.db.insert(products).values([
      { name: '启用套餐', module_model: 'M', module_power_w: 500, module_count: 20, inverter_model: 'I', capacity_kwp: 10 },
      { name: '停用套餐', module_model: 'M', module_power_w: 500, module_count: 10, inverter_model: 'I', capacity_kwp: 5, enabled: false },
    ]);
    const res = await call(t.app, 'GET', `${base}/get_product_list`, { token });
    expect(res.data.list.map((p: { name: string }) => p.name)).toEqual(['启用套餐']);
    const sd = await login(t.app, 'sd', USER_PASSWORD);
    expect((await call(t.app, 'GET', `${base}/get_product_list`, { token: sd })).status).toBe(200);
  });
});

describe('owners (跟进人 picker)', () => {
  it('finds enabled users by name; an agent user sees its own staff only', async () => {
    const res = await call(t.app, 'GET', `${base}/owners`, { token, query: { q: '运营' } });
    expect(res.data.list.map((u: { username: string }) => u.username)).toEqual(['op']);
    const withId = await call(t.app, 'GET', `${base}/owners`, { token, query: { q: '运营', id: fx.hnUser.id } });
    expect(withId.data.list.map((u: { username: string }) => u.username).sort()).toEqual(['hn', 'op']);
    const sd = await login(t.app, 'sd', USER_PASSWORD);
    const mine = await call(t.app, 'GET', `${base}/owners`, { token: sd });
    expect(mine.data.list.map((u: { username: string }) => u.username)).toEqual(['sd']);
  });
});
