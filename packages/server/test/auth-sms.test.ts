import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { roles, sessions, smsCodes, sysLog, userRoles, users } from '../src/db/schema/index.ts';
import { call, fixtures, startApp, type TestApp } from './helpers.ts';

/** SMS codes (send, login, limits, replay) and self sign-up. A capturing sender stands in for the gateway. */
let t: TestApp;
const outbox: Array<{ phone: string; code: string; purpose: string }> = [];
const lastCode = (phone: string) => [...outbox].reverse().find((m) => m.phone === phone)?.code;
/** each test uses its own phone numbers; the per-IP limit is lifted by a fresh X-Forwarded-For where needed */
const SMS = '/api/system/index/sms';
const SMS_LOGIN = '/api/system/index/sms_login';

beforeAll(async () => {
  t = await startApp({ loginDelayMs: 0, smsResendSeconds: 60, smsMaxPerHour: 3, smsMaxPerIpHour: 100, smsMaxAttempts: 3, registerEnabled: true, registerDefaultRole: 'agent' });
  t.app.smsSender = { send: async (phone, code, purpose) => void outbox.push({ phone, code, purpose }) };
  const fx = await fixtures(t);
  await t.handle.db.update(users).set({ phone: '13900000001' }).where(eq(users.id, fx.sdUser.id));
  await t.handle.db.update(users).set({ phone: '13900000002' }).where(eq(users.id, fx.hnUser.id));
  await t.handle.db.update(users).set({ phone: '13900000003' }).where(eq(users.id, fx.op.id));
});
afterAll(async () => t.close());

/** Makes the phone's latest code old enough to send another one. */
const ageCodes = (phone: string, seconds: number) =>
  t.handle.db
    .update(smsCodes)
    .set({ created_at: new Date(Date.now() - seconds * 1000) })
    .where(eq(smsCodes.phone, phone));

describe('sending codes', () => {
  it('validates the phone with the SPEC.md §5 prompts', async () => {
    expect(await call(t.app, 'GET', SMS, { query: { phone: '' } })).toMatchObject({ status: 400, msg: '手机号：请输入手机号' });
    expect((await call(t.app, 'GET', SMS)).msg).toContain('请输入手机号');
    expect(await call(t.app, 'GET', SMS, { query: { phone: '2390000000' } })).toMatchObject({ status: 400, msg: '手机号：请输入正确的手机号' });
    expect((await call(t.app, 'GET', SMS, { query: { phone: '1390000000x' }, lang: 'en' })).msg).toContain('Please enter a valid mobile number');
  });

  it('sends a 6-digit code, stores only its hash, and answers the same for a number without an account (nothing delivered)', async () => {
    const res = await call(t.app, 'GET', SMS, { query: { phone: '13900000001' } });
    expect(res).toMatchObject({ status: 200, data: { expires_in: 300, resend_in: 60 } });
    const code = lastCode('13900000001')!;
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.handle.db.select().from(smsCodes).where(eq(smsCodes.phone, '13900000001'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
    const before = outbox.length;
    const unknown = await call(t.app, 'GET', SMS, { query: { phone: '13700000000' } });
    expect(unknown).toMatchObject({ status: 200, data: { expires_in: 300 } });
    expect(outbox.length).toBe(before);
  });

  it('limits sending per phone: one per 60 s, then N per hour (429 with seconds)', async () => {
    const phone = '13900000003';
    expect((await call(t.app, 'GET', SMS, { query: { phone } })).status).toBe(200);
    const again = await call(t.app, 'GET', SMS, { query: { phone } });
    expect(again.status).toBe(429);
    expect(again.msg).toMatch(/^操作过于频繁，请(60|59)秒后再试$/);
    await ageCodes(phone, 120);
    expect((await call(t.app, 'GET', SMS, { query: { phone } })).status).toBe(200);
    await ageCodes(phone, 120);
    expect((await call(t.app, 'GET', SMS, { query: { phone } })).status).toBe(200);
    await ageCodes(phone, 120);
    const hourly = await call(t.app, 'GET', SMS, { query: { phone }, lang: 'en' });
    expect(hourly.status).toBe(429);
    expect(hourly.msg).toMatch(/^Too many attempts; please retry in \d+ seconds$/);
  });

  it('limits sending per address', async () => {
    const app = await startApp({ smsMaxPerIpHour: 2 });
    try {
      expect((await call(app.app, 'GET', SMS, { query: { phone: '13600000001' } })).status).toBe(200);
      expect((await call(app.app, 'GET', SMS, { query: { phone: '13600000002' } })).status).toBe(200);
      expect((await call(app.app, 'GET', SMS, { query: { phone: '13600000003' } })).status).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('signing in with a code', () => {
  it('validates phone and code (请输入手机验证码)', async () => {
    expect(await call(t.app, 'POST', SMS_LOGIN, { body: { phone: '13900000001', code: '' } })).toMatchObject({ status: 400, msg: '请输入手机验证码' });
    expect((await call(t.app, 'POST', SMS_LOGIN, { body: { phone: '13900000001' } })).msg).toContain('请输入手机验证码');
    expect((await call(t.app, 'POST', SMS_LOGIN, { body: { phone: '13900000001', code: '12ab' } })).msg).toContain('请输入6位数字验证码');
    expect((await call(t.app, 'POST', SMS_LOGIN, { body: { phone: '1', code: '123456' } })).msg).toContain('请输入正确的手机号');
  });

  it('a wrong code is refused and counted; the right one signs in once; replaying it fails', async () => {
    const phone = '13900000001';
    const code = lastCode(phone)!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await call(t.app, 'POST', SMS_LOGIN, { body: { phone, code: wrong } });
    expect(bad).toMatchObject({ status: 401, msg: '验证码错误，还可尝试2次' });
    const sessionsBefore = (await t.handle.db.select().from(sessions)).length;
    const okRes = await call(t.app, 'POST', SMS_LOGIN, { body: { phone, code } });
    expect(okRes.status, okRes.msg).toBe(200);
    expect(okRes.data).toMatchObject({ username: 'sd', identity: 'agent' });
    expect((await t.handle.db.select().from(sessions)).length).toBe(sessionsBefore + 1);
    const me = await call(t.app, 'GET', '/api/system/common/get_user_info', { token: okRes.data.token });
    expect(me.data.username).toBe('sd');
    const replay = await call(t.app, 'POST', SMS_LOGIN, { body: { phone, code } });
    expect(replay).toMatchObject({ status: 401, msg: '验证码已过期或已使用，请重新获取' });
    expect((await t.handle.db.select().from(sessions)).length).toBe(sessionsBefore + 1);
    const logged = await t.handle.db.select().from(sysLog).where(eq(sysLog.action, 'sms_login_failed'));
    expect(logged.length).toBeGreaterThanOrEqual(2);
  });

  it('an expired code fails; too many wrong tries void the code', async () => {
    const phone = '13900000002';
    await call(t.app, 'GET', SMS, { query: { phone } });
    const code = lastCode(phone)!;
    await t.handle.db.update(smsCodes).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(smsCodes.phone, phone));
    expect((await call(t.app, 'POST', SMS_LOGIN, { body: { phone, code }, lang: 'en' })).msg).toBe(
      'The verification code has expired or was already used; please request a new one',
    );
    await ageCodes(phone, 120);
    await call(t.app, 'GET', SMS, { query: { phone } });
    const fresh = lastCode(phone)!;
    const wrong = fresh === '000000' ? '111111' : '000000';
    expect((await call(t.app, 'POST', SMS_LOGIN, { body: { phone, code: wrong } })).msg).toBe('验证码错误，还可尝试2次');
    expect((await call(t.app, 'POST', SMS_LOGIN, { body: { phone, code: wrong } })).msg).toBe('验证码错误，还可尝试1次');
    expect((await call(t.app, 'POST', SMS_LOGIN, { body: { phone, code: wrong } })).msg).toBe('验证码输错次数过多，请重新获取');
    expect((await call(t.app, 'POST', SMS_LOGIN, { body: { phone, code: fresh } })).status).toBe(401);
  });

  it('a number without an account gets a clear message (no code was delivered, so it cannot pass)', async () => {
    const res = await call(t.app, 'POST', SMS_LOGIN, { body: { phone: '13700000000', code: '123456' } });
    expect(res.status).toBe(401);
  });
});

describe('register', () => {
  const REG = '/register';
  it('is refused when REGISTER_ENABLED is off', async () => {
    const off = await startApp();
    try {
      const res = await call(off.app, 'POST', REG, { body: { username: 'newbie', password: 'secret-1', phone: '13500000000', code: '123456' } });
      expect(res).toMatchObject({ status: 403, msg: '系统未开放注册' });
      expect((await off.handle.db.select().from(users).where(eq(users.username, 'newbie'))).length).toBe(0);
    } finally {
      await off.close();
    }
  });

  it('validates: empty user name, short password, phone, code', async () => {
    const base = { username: 'newbie', password: 'secret-1', phone: '13500000000', code: '123456' };
    expect((await call(t.app, 'POST', REG, { body: { ...base, username: '' } })).msg).toBe('用户名：用户名不能为空');
    expect((await call(t.app, 'POST', REG, { body: { ...base, password: '12345' } })).msg).toBe('密码：密码不能少于6位');
    expect((await call(t.app, 'POST', REG, { body: { ...base, password: '12345' }, lang: 'en' })).msg).toContain('Password must be at least 6 characters');
    expect((await call(t.app, 'POST', REG, { body: { ...base, phone: '' } })).msg).toContain('请输入手机号');
    expect((await call(t.app, 'POST', REG, { body: { ...base, code: '' } })).msg).toContain('请输入手机验证码');
    expect((await call(t.app, 'POST', REG, { body: base })).msg).toBe('验证码已过期或已使用，请重新获取');
    expect((await t.handle.db.select().from(users).where(eq(users.username, 'newbie'))).length).toBe(0);
  });

  it('creates the user with the default role and signs in; the code cannot be reused; taken names and phones are refused', async () => {
    const phone = '13500000000';
    await call(t.app, 'GET', SMS, { query: { phone, purpose: 'register' } });
    const code = lastCode(phone)!;
    expect(outbox.at(-1)!.purpose).toBe('register');
    const taken = await call(t.app, 'POST', REG, { body: { username: 'sd', password: 'secret-1', phone, code } });
    expect(taken).toMatchObject({ status: 400, msg: '用户名“sd”已存在' });
    const res = await call(t.app, 'POST', REG, { body: { username: 'newbie', password: 'secret-1', phone, code, full_name: '新人' } });
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({ username: 'newbie', identity: 'staff' });
    const [u] = await t.handle.db.select().from(users).where(eq(users.username, 'newbie'));
    expect(u).toMatchObject({ phone, full_name: '新人', status: 'enabled' });
    const roleRows = await t.handle.db.select({ code: roles.code }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.role_id)).where(eq(userRoles.user_id, u!.id));
    expect(roleRows.map((r) => r.code)).toEqual(['agent']);
    const again = await call(t.app, 'POST', REG, { body: { username: 'newbie2', password: 'secret-1', phone, code } });
    expect(again).toMatchObject({ status: 400, msg: '手机号已被其他账号使用' });
    const login = await call(t.app, 'POST', '/api/system/index/login', { body: { username: 'newbie', password: 'secret-1' } });
    expect(login.status).toBe(200);
    const logRow = await t.handle.db.select().from(sysLog).where(eq(sysLog.action, 'register'));
    expect(logRow[0]).toMatchObject({ resource: 'user', record_id: u!.id });
  });
});
