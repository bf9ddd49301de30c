import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { readFileSync, statSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sessions, sysLog, users } from '../src/db/schema/index.ts';
import { signAccessToken } from '../src/modules/auth/token.ts';
import { bootstrap } from '../src/modules/system/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { ADMIN_PASSWORD, USER_PASSWORD, call, fixtures, freshDb, login, startApp, type TestApp } from './helpers.ts';

let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;

beforeAll(async () => {
  t = await startApp({ loginMaxFailures: 3 });
  fx = await fixtures(t);
});
afterAll(async () => t.close());

describe('login', () => {
  it('returns a token, a refresh token, expiry, id and identity', async () => {
    const res = await call(t.app, 'POST', '/api/system/index/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.code).toBe(200);
    expect(res.msg).toBe('success');
    expect(res.data).toMatchObject({ expires_in: 7200, identity: 'system', username: 'admin' });
    expect(typeof res.data.id).toBe('number');
    expect(res.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.data.refresh_token).toMatch(/^[0-9a-f-]{36}\./);
    const [admin] = await t.handle.db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin!.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(admin!.last_login_at).not.toBeNull();
  });

  it('refuses a wrong password with 401 in zh and en, and logs the failure', async () => {
    const zh = await call(t.app, 'POST', '/api/system/index/login', { body: { username: 'sd', password: 'wrong-password' } });
    expect(zh.status).toBe(401);
    expect(zh).toMatchObject({ code: 401, msg: '用户名或密码错误', data: null });
    const en = await call(t.app, 'POST', '/api/system/index/login', { body: { username: 'nobody', password: 'x' }, lang: 'en' });
    expect(en).toMatchObject({ status: 401, code: 401, msg: 'Wrong user name or password' });
    const failures = await t.handle.db.select().from(sysLog).where(eq(sysLog.action, 'login_failed'));
    expect(failures.map((f) => f.username)).toEqual(expect.arrayContaining(['sd', 'nobody']));
  });

  it('validates the body: empty user name names the rule', async () => {
    const res = await call(t.app, 'POST', '/api/system/index/login', { body: { username: '', password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('用户名：用户名不能为空');
  });

  it('a user name longer than any account’s is a 400, not a failed write of the sign-in log', async () => {
    const res = await call(t.app, 'POST', '/api/system/index/login', { body: { username: 'x'.repeat(65), password: 'whatever' } });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('用户名：长度不能超过64个字符');
  });

  it('rate-limits a user name after repeated failures (429, even with the right password)', async () => {
    for (let i = 0; i < 3; i++) await call(t.app, 'POST', '/api/system/index/login', { body: { username: 'hn', password: 'bad' } });
    const res = await call(t.app, 'POST', '/api/system/index/login', { body: { username: 'hn', password: USER_PASSWORD }, lang: 'en' });
    expect(res.status).toBe(429);
    expect(res.msg).toMatch(/^Too many attempts; please retry in \d+ seconds$/);
  });
});

describe('tokens', () => {
  it('refuses calls without a token (401) and with a forged one (402)', async () => {
    const none = await call(t.app, 'GET', '/api/system/common/get_user_info');
    expect(none).toMatchObject({ status: 401, code: 401, msg: '请先登录' });
    const forged = await call(t.app, 'GET', '/api/system/common/get_user_info', { token: 'abc.def.ghi' });
    expect(forged).toMatchObject({ status: 402, code: 402 });
    const good = await login(t.app);
    const tampered = good.slice(0, -2) + (good.endsWith('AA') ? 'BB' : 'AA');
    expect((await call(t.app, 'GET', '/api/system/common/get_user_info', { token: tampered })).status).toBe(402);
    const otherSecret = signAccessToken({ sub: 1, sid: '00000000-0000-0000-0000-000000000000' }, 'another-secret', 60);
    expect((await call(t.app, 'GET', '/api/system/common/get_user_info', { token: otherSecret })).status).toBe(402);
  });

  it('get_user_info returns the UserInfo of the contract', async () => {
    const admin = await call(t.app, 'GET', '/api/system/common/get_user_info', { token: await login(t.app) });
    expect(admin.status).toBe(200);
    expect(admin.data).toMatchObject({ username: 'admin', full_name: '系统管理员', identity: 'system', agent_id: null, admin: true, roles: ['admin'], permissions: ['*'] });
    const sd = await call(t.app, 'GET', '/api/system/common/get_user_info', { token: await login(t.app, 'sd', USER_PASSWORD) });
    expect(sd.data).toMatchObject({ username: 'sd', identity: 'agent', agent_id: fx.sd.id, admin: false, roles: ['agent'] });
    expect(sd.data.permissions).toContain('customer:add');
    expect(sd.data.permissions).not.toContain('customer:del');
  });

  it('an expired access token with a live session gets 405 (refresh), a revoked session 402', async () => {
    const res = await call(t.app, 'POST', '/api/system/index/login', { body: { username: 'op', password: USER_PASSWORD } });
    const { sid } = JSON.parse(Buffer.from(res.data.token.split('.')[1], 'base64url').toString());
    const expired = signAccessToken({ sub: res.data.id, sid }, t.config.tokenSecret, 60, Date.now() - 3600_000);
    const r405 = await call(t.app, 'GET', '/api/system/common/get_user_info', { token: expired, lang: 'en' });
    expect(r405).toMatchObject({ status: 405, code: 405, msg: 'Your session is about to expire, refreshing' });
    await t.handle.db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sid));
    expect((await call(t.app, 'GET', '/api/system/common/get_user_info', { token: expired })).status).toBe(402);
  });

  it('login_out revokes the session', async () => {
    const token = await login(t.app);
    const out = await call(t.app, 'GET', '/api/system/index/login_out', { token });
    expect(out).toMatchObject({ status: 200, code: 200 });
    const after = await call(t.app, 'GET', '/api/system/common/get_user_info', { token });
    expect(after).toMatchObject({ status: 402, code: 402, msg: '登录已失效，请重新登录' });
  });

  it('refresh_token rotates; presenting the old refresh token again revokes the session', async () => {
    const first = await call(t.app, 'POST', '/api/system/index/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    const r1 = await call(t.app, 'GET', '/api/system/index/refresh_token', { headers: { 'x-refresh-token': first.data.refresh_token } });
    expect(r1.status).toBe(200);
    expect(r1.data.refresh_token).not.toBe(first.data.refresh_token);
    expect((await call(t.app, 'GET', '/api/system/common/get_user_info', { token: r1.data.token })).status).toBe(200);
    // the query-string form works too
    const r2 = await call(t.app, 'GET', '/api/system/index/refresh_token', { query: { refresh_token: r1.data.refresh_token } });
    expect(r2.status).toBe(200);
    // replaying r1's (already rotated) token: theft assumed, session revoked
    const replay = await call(t.app, 'GET', '/api/system/index/refresh_token', { query: { refresh_token: r1.data.refresh_token } });
    expect(replay.status).toBe(402);
    expect((await call(t.app, 'GET', '/api/system/common/get_user_info', { token: r2.data.token })).status).toBe(402);
    expect((await call(t.app, 'GET', '/api/system/index/refresh_token', { query: { refresh_token: r2.data.refresh_token } })).status).toBe(402);
    expect((await call(t.app, 'GET', '/api/system/index/refresh_token')).status).toBe(402);
  });
});

describe('modify_password', () => {
  it('checks the old password and the length rule, then changes it and revokes the other sessions', async () => {
    const other = await login(t.app, 'op', USER_PASSWORD);
    const token = await login(t.app, 'op', USER_PASSWORD);
    const short = await call(t.app, 'POST', '/api/system/common/modify_password', { token, body: { password: '123', old_password: USER_PASSWORD } });
    expect(short).toMatchObject({ status: 400, msg: '密码：密码不能少于6位' });
    const wrongOld = await call(t.app, 'POST', '/api/system/common/modify_password', { token, body: { password: 'new-pass-1', old_password: 'nope' }, lang: 'en' });
    expect(wrongOld).toMatchObject({ status: 400, msg: 'The current password is not correct' });
    const notMine = await call(t.app, 'POST', '/api/system/common/modify_password', { token, body: { id: fx.sdUser.id, password: 'new-pass-1', old_password: USER_PASSWORD } });
    expect(notMine.status).toBe(403);
    const ok = await call(t.app, 'POST', '/api/system/common/modify_password', { token, body: { password: 'new-pass-1', old_password: USER_PASSWORD } });
    expect(ok).toMatchObject({ status: 200, code: 200 });
    expect((await call(t.app, 'GET', '/api/system/common/get_user_info', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/system/common/get_user_info', { token: other })).status).toBe(402);
    expect((await call(t.app, 'POST', '/api/system/index/login', { body: { username: 'op', password: USER_PASSWORD } })).status).toBe(401);
    expect(await login(t.app, 'op', 'new-pass-1')).toBeTruthy();
    // an admin resets it without the old one
    const admin = await login(t.app);
    expect((await call(t.app, 'POST', '/api/system/common/modify_password', { token: admin, body: { id: fx.op.id, password: USER_PASSWORD } })).status).toBe(200);
    expect(await login(t.app, 'op', USER_PASSWORD)).toBeTruthy();
  });
});

describe('permissions', () => {
  it('a route needing a permission the role lacks answers 403 naming it', async () => {
    const token = await login(t.app, 'sd', USER_PASSWORD);
    const res = await call(t.app, 'POST', '/api/system/statistic/user_area', { token });
    expect(res).toMatchObject({ status: 403, code: 403, msg: '没有权限执行此操作（需要 statistic:view）' });
    const del = await call(t.app, 'GET', '/api/system/customer/del', { token, query: { id: 1 }, lang: 'en' });
    expect(del.msg).toBe('You do not have permission for this (needs customer:del)');
  });

  it('every /api route declares access (the full walk, public list and 401/403 proofs: auth-routes.test.ts)', () => {
    const table = t.app.routeTable;
    expect(table.length).toBeGreaterThan(15);
    for (const r of table) expect(r.public || typeof r.permission === 'string').toBe(true);
    const customer = table.filter((r) => r.url.startsWith('/api/system/customer/'));
    expect(customer.every((r) => r.permission?.startsWith('customer:'))).toBe(true);
  });
});

describe('first start', () => {
  it('creates admin with a random password printed once and saved 0600 when PV_ADMIN_PASSWORD is unset', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pv-boot-'));
    const handle = await freshDb();
    try {
      const config = loadConfig({}, { dataDir, demoData: false, adminPassword: null, logLevel: 'silent', tokenSecret: 'x' });
      const first = await bootstrap(handle.db, config);
      expect(first.created).toBe(true);
      expect(first.generatedPassword).toMatch(/^[A-Za-z2-9]{16}$/);
      const file = join(dataDir, 'admin-password.txt');
      expect(readFileSync(file, 'utf8')).toContain(first.generatedPassword!);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const again = await bootstrap(handle.db, config);
      expect(again).toMatchObject({ created: false, generatedPassword: null });
    } finally {
      await handle.close();
    }
  });

  it('the token secret is generated once into DATA_DIR with mode 0600', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pv-secret-'));
    const a = loadConfig({ DATA_DIR: dataDir });
    const b = loadConfig({ DATA_DIR: dataDir });
    expect(a.tokenSecret).toBe(b.tokenSecret);
    expect(a.tokenSecret.length).toBeGreaterThan(40);
    expect(statSync(join(dataDir, 'token-secret')).mode & 0o777).toBe(0o600);
    expect(a).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: null, demoData: true });
  });
});
