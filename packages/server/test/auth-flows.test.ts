import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createClient } from '@pv/client';
import { AUTH_CONFIG_PATH, SOCIAL_URL_PATH, paths, rsaEncrypt } from '@pv/contract';
import { sessions, sysLog, userIdentities, users } from '../src/db/schema/index.ts';
import { verifyExTicket } from '../src/modules/auth/external.ts';
import { delayFor } from '../src/modules/auth/throttle.ts';
import { signAccessToken } from '../src/modules/auth/token.ts';
import { ACCESS_TOKEN_REFRESH_WINDOW_SECONDS } from '../src/config.ts';
import { ADMIN_PASSWORD, USER_PASSWORD, call, fixtures, login, startApp, type TestApp } from './helpers.ts';

let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;

beforeAll(async () => {
  t = await startApp({ loginDelayMs: 0, loginMaxFailures: 4, loginIpMaxFailures: 1000 });
  fx = await fixtures(t);
});
afterAll(async () => t.close());

const sidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

async function body(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('tokens: wrong, expired, forged', () => {
  it('a token signed with another secret or tampered is 402; an expired one 405; a garbage one 402', async () => {
    const token = await login(t.app, 'op', USER_PASSWORD);
    const sid = sidOf(token);
    const forged = signAccessToken({ sub: fx.op.id, sid }, 'other-secret', 3600);
    expect((await call(t.app, 'GET', paths.userInfo, { token: forged })).status).toBe(402);
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 1 })).toString('base64url')}.${s}`;
    expect((await call(t.app, 'GET', paths.userInfo, { token: tampered })).status).toBe(402);
    const expired = signAccessToken({ sub: fx.op.id, sid }, t.config.tokenSecret, 60, Date.now() - 3600_000);
    expect(await call(t.app, 'GET', paths.userInfo, { token: expired })).toMatchObject({ status: 405, msg: '登录即将过期，正在刷新' });
    expect((await call(t.app, 'GET', paths.userInfo, { token: 'garbage' })).status).toBe(402);
  });

  it('a token within its last ACCESS_TOKEN_REFRESH_WINDOW_SECONDS is already 405 (refresh early); the refreshed session works', async () => {
    const res = await call(t.app, 'POST', paths.login, { body: { username: 'op', password: USER_PASSWORD } });
    const { token, refresh_token } = res.data;
    const sid = sidOf(token);
    const ttl = t.config.accessTokenTtl;
    const window = ACCESS_TOKEN_REFRESH_WINDOW_SECONDS * 1000;
    // issued so that 10 s are left: near expiry
    const expiring = signAccessToken({ sub: fx.op.id, sid }, t.config.tokenSecret, ttl, Date.now() - ttl * 1000 + 10_000);
    expect(await call(t.app, 'GET', paths.userInfo, { token: expiring })).toMatchObject({ status: 405, msg: '登录即将过期，正在刷新' });
    // just outside the window: still fine
    const fresh = signAccessToken({ sub: fx.op.id, sid }, t.config.tokenSecret, ttl, Date.now() - ttl * 1000 + window + 15_000);
    expect((await call(t.app, 'GET', paths.userInfo, { token: fresh })).status).toBe(200);
    // the client refreshes: the session stays valid and the new token works
    const next = await call(t.app, 'GET', paths.refreshToken, { headers: { 'x-refresh-token': refresh_token } });
    expect(next.status).toBe(200);
    expect((await call(t.app, 'GET', paths.userInfo, { token: next.data.token })).status).toBe(200);
  });

  it('GET /expireToken makes the next call with the same token answer 405; a refreshed token works', async () => {
    const res = await call(t.app, 'POST', paths.login, { body: { username: 'op', password: USER_PASSWORD } });
    const { token, refresh_token } = res.data;
    expect((await call(t.app, 'GET', paths.expireToken, { token })).status).toBe(200);
    expect((await call(t.app, 'GET', paths.userInfo, { token })).status).toBe(405);
    const next = await call(t.app, 'GET', paths.refreshToken, { headers: { 'x-refresh-token': refresh_token } });
    expect(next.status).toBe(200);
    expect((await call(t.app, 'GET', paths.userInfo, { token: next.data.token })).status).toBe(200);
    expect((await call(t.app, 'GET', paths.userInfo, { token })).status).toBe(405);
  });
});

describe('the real client against the real server', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  function sessionClient(initial: { token: string; refresh_token: string }) {
    const store = { ...initial, refreshCalls: 0, expired: 0 };
    const client = createClient({
      baseURL: base,
      refreshLock: false,
      getToken: () => store.token,
      getIdentity: () => 'staff',
      onSessionExpired: () => void (store.expired += 1),
      refresh: async () => {
        store.refreshCalls += 1;
        const reply = await client.get<{ token: string; refresh_token: string }>(paths.refreshToken, undefined, {
          silent: true,
          headers: { 'X-Refresh-Token': store.refresh_token },
        });
        store.token = reply.data.token;
        store.refresh_token = reply.data.refresh_token;
        return store.token;
      },
    });
    return { client, store };
  }

  it('405 → one refresh → every queued request retried (6 concurrent)', async () => {
    const res = await call(t.app, 'POST', paths.login, { body: { username: 'sd', password: USER_PASSWORD } });
    const { client, store } = sessionClient(res.data);
    await client.get(paths.expireToken, undefined, { silent: true });
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? client.get(paths.userInfo, undefined, { silent: true }) : client.get('/api/system/customer/index', { limit: 1 }, { silent: true }))),
    );
    expect(replies.every((r) => Number(r.code) === 200)).toBe(true);
    expect(store.refreshCalls).toBe(1);
    expect(store.token).not.toBe(res.data.token);
    expect(store.expired).toBe(0);
  });

  it('402 (session revoked) → the client reports the session expired and rejects', async () => {
    const res = await call(t.app, 'POST', paths.login, { body: { username: 'sd', password: USER_PASSWORD } });
    const { client, store } = sessionClient(res.data);
    await t.handle.db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sidOf(res.data.token)));
    await expect(client.get(paths.userInfo, undefined, { silent: true })).rejects.toMatchObject({ code: 402 });
    expect(store.expired).toBe(1);
    expect(store.refreshCalls).toBe(0);
  });

  it('a refresh token used twice revokes the session: the holder of the new pair is signed out too', async () => {
    const res = await call(t.app, 'POST', paths.login, { body: { username: 'sd', password: USER_PASSWORD } });
    const first = await call(t.app, 'GET', paths.refreshToken, { headers: { 'x-refresh-token': res.data.refresh_token } });
    expect(first.status).toBe(200);
    const reuse = await call(t.app, 'GET', paths.refreshToken, { headers: { 'x-refresh-token': res.data.refresh_token } });
    expect(reuse.status).toBe(402);
    expect((await call(t.app, 'GET', paths.userInfo, { token: first.data.token })).status).toBe(402);
    expect((await call(t.app, 'GET', paths.refreshToken, { headers: { 'x-refresh-token': first.data.refresh_token } })).status).toBe(402);
  });
});

describe('brute force', () => {
  it('the progressive delay doubles after LOGIN_DELAY_AFTER failures and is capped', () => {
    const c = { loginDelayAfter: 3, loginDelayMs: 500, loginDelayMaxMs: 5000 };
    expect([0, 2, 3, 4, 5, 8].map((n) => delayFor(n, c))).toEqual([0, 0, 500, 1000, 2000, 5000]);
    expect(delayFor(10, { ...c, loginDelayMs: 0 })).toBe(0);
  });

  it('per account: refused after the limit (429 with seconds); a success before that resets the count', async () => {
    for (let i = 0; i < 3; i++) await call(t.app, 'POST', paths.login, { body: { username: 'op', password: 'wrong-pass' } });
    expect((await call(t.app, 'POST', paths.login, { body: { username: 'op', password: USER_PASSWORD } })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await call(t.app, 'POST', paths.login, { body: { username: 'op', password: 'wrong-pass' } })).status).toBe(401);
    expect((await call(t.app, 'POST', paths.login, { body: { username: 'op', password: 'wrong-pass' } })).status).toBe(401);
    const locked = await call(t.app, 'POST', paths.login, { body: { username: 'op', password: USER_PASSWORD } });
    expect(locked.status).toBe(429);
    expect(locked.msg).toMatch(/^操作过于频繁，请\d+秒后再试$/);
  });

  it('per address: many failures on different accounts from one address are refused', async () => {
    const app = await startApp({ loginDelayMs: 0, loginIpMaxFailures: 5, trustProxy: true });
    try {
      const from = (ip: string, username: string, password = 'nope-nope') =>
        call(app.app, 'POST', paths.login, { body: { username, password }, headers: { 'x-forwarded-for': ip } });
      for (let i = 0; i < 5; i++) expect((await from('10.0.0.9', `user${i}`)).status).toBe(401);
      const blocked = await from('10.0.0.9', 'admin', ADMIN_PASSWORD);
      expect(blocked.status).toBe(429);
      expect((await from('10.0.0.10', 'admin', ADMIN_PASSWORD)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('lock screen and password change', () => {
  it('check_password: ok for your own password, 400 请输入正确的密码 otherwise, then 429 after repeated misses', async () => {
    const token = await login(t.app, 'hn', USER_PASSWORD);
    expect((await call(t.app, 'POST', paths.checkPassword, { token, body: { password: USER_PASSWORD } })).status).toBe(200);
    expect(await call(t.app, 'POST', paths.checkPassword, { token, body: { password: 'nope' } })).toMatchObject({ status: 400, msg: '请输入正确的密码' });
    expect((await call(t.app, 'POST', paths.checkPassword, { token, body: { password: 'nope' }, lang: 'en' })).msg).toBe('Please enter the correct password');
    expect((await call(t.app, 'POST', paths.checkPassword, { token, body: {} })).status).toBe(400);
    for (let i = 0; i < 2; i++) await call(t.app, 'POST', paths.checkPassword, { token, body: { password: 'nope' } });
    expect((await call(t.app, 'POST', paths.checkPassword, { token, body: { password: USER_PASSWORD } })).status).toBe(429);
  });

  it('modify_passwords: own password (6–128) only with the current one, success msg, other sessions revoked, old password refused', async () => {
    const keep = await login(t.app, 'sd', USER_PASSWORD);
    const other = await login(t.app, 'sd', USER_PASSWORD);
    const short = await call(t.app, 'POST', paths.modifyPasswords, { token: keep, body: { id: fx.sdUser.id, password: '12345', old_password: USER_PASSWORD } });
    expect(short).toMatchObject({ status: 400, msg: '密码：密码不能少于6位' });
    const long = await call(t.app, 'POST', paths.modifyPasswords, { token: keep, body: { id: fx.sdUser.id, password: 'x'.repeat(129), old_password: USER_PASSWORD } });
    expect(long).toMatchObject({ status: 400, msg: '密码：长度不能超过128个字符' });
    const notMine = await call(t.app, 'POST', paths.modifyPasswords, { token: keep, body: { id: fx.hnUser.id, password: 'another-1' } });
    // another agent's user is outside sd's scope: as if it did not exist
    expect(notMine.status).toBe(404);
    expect((await call(t.app, 'POST', paths.login, { body: { username: 'hn', password: USER_PASSWORD } })).status).toBe(200);
    // a token alone (a stolen session) cannot change the password: the current one is always asked for
    const tokenOnly = await call(t.app, 'POST', paths.modifyPasswords, { token: keep, body: { id: fx.sdUser.id, password: 'taken-over-1' } });
    expect(tokenOnly).toMatchObject({ status: 400, msg: '请输入当前密码' });
    const wrongOld = await call(t.app, 'POST', paths.modifyPasswords, { token: keep, body: { id: fx.sdUser.id, password: 'taken-over-1', old_password: 'guess-1' }, lang: 'en' });
    expect(wrongOld).toMatchObject({ status: 400, msg: 'The current password is not correct' });
    expect((await call(t.app, 'GET', paths.userInfo, { token: other })).status).toBe(200);
    const res = await call(t.app, 'POST', paths.modifyPasswords, { token: keep, body: { id: fx.sdUser.id, password: 'new-pass-2', old_password: USER_PASSWORD } });
    expect(res).toMatchObject({ status: 200, code: 200, msg: '密码修改成功' });
    expect((await call(t.app, 'GET', paths.userInfo, { token: keep })).status).toBe(200);
    expect((await call(t.app, 'GET', paths.userInfo, { token: other })).status).toBe(402);
    expect((await call(t.app, 'POST', paths.login, { body: { username: 'sd', password: USER_PASSWORD } })).status).toBe(401);
    expect((await call(t.app, 'POST', paths.login, { body: { username: 'sd', password: 'new-pass-2' } })).status).toBe(200);
    const admin = await login(t.app);
    const byAdmin = await call(t.app, 'POST', paths.modifyPasswords, { token: admin, body: { id: fx.sdUser.id, password: USER_PASSWORD }, lang: 'en' });
    expect(byAdmin).toMatchObject({ status: 200, msg: 'Password changed' });
    // setting another user's password is the administrator's action, in the system log by name
    const [set] = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.action, 'modify_password'), eq(sysLog.record_id, fx.sdUser.id))).orderBy(desc(sysLog.id)).limit(1);
    expect(set).toMatchObject({ username: 'admin', resource: 'user' });
    // the administrator's own password too needs the current one
    expect((await call(t.app, 'POST', paths.modifyPasswords, { token: admin, body: { id: 1, password: 'admin-new-1' } })).status).toBe(400);
    expect((await call(t.app, 'POST', paths.modifyPassword, { token: admin, body: { password: 'admin-new-1' } })).status).toBe(400);
    // nor by a reset of one's own account (user:reset_password is for other users)
    const reset = await call(t.app, 'POST', '/api/system/user/reset_password', { token: admin, body: { id: 1, password: 'admin-new-1' } });
    expect(reset).toMatchObject({ status: 400, msg: '不能重置自己的密码：请在头像菜单“修改密码”中输入当前密码后修改' });
    expect((await call(t.app, 'POST', paths.login, { body: { username: 'admin', password: ADMIN_PASSWORD } })).status).toBe(200);
  });

  it('every password field is capped: a 100 KB password is refused before it is hashed', async () => {
    const admin = await login(t.app);
    const huge = 'p'.repeat(100_000);
    const cases: Array<[string, Record<string, unknown>]> = [
      ['/api/system/user/add', { username: 'huge-pass', password: huge }],
      ['/api/system/user/reset_password', { id: fx.op.id, password: huge }],
      [paths.modifyPassword, { password: 'fine-pass-1', old_password: huge }],
      [paths.modifyPasswords, { id: 1, password: huge, old_password: ADMIN_PASSWORD }],
      [paths.checkPassword, { password: huge }],
      ['/api/system/customer/modify_password', { id: 1, password: huge }],
      [paths.login, { username: 'admin', password: huge }],
    ];
    for (const [url, body] of cases) {
      const res = await call(t.app, 'POST', url, { token: admin, body });
      expect(res.status, url).toBe(400);
      expect(res.msg, url).toMatch(/长度不能超过(128|4096)个字符/);
    }
    // exactly 128 is a password like any other
    const ok128 = await call(t.app, 'POST', '/api/system/user/add', { token: admin, body: { username: 'pass128', password: 'q'.repeat(128) } });
    expect(ok128.status).toBe(200);
    expect((await call(t.app, 'POST', paths.login, { body: { username: 'pass128', password: 'q'.repeat(128) } })).status).toBe(200);
  });
});

describe('start page', () => {
  it('reads, sets, validates and clears the start page; login and get_user_info return it', async () => {
    const token = await login(t.app, 'hn', USER_PASSWORD);
    expect((await call(t.app, 'POST', paths.startPage, { token, body: {} })).data).toEqual({ start_page: null });
    expect((await call(t.app, 'POST', paths.startPage, { token, body: { start_page: 'http://evil.example' } })).msg).toBe('start_page：起始页须是以 / 开头的站内路径');
    const set = await call(t.app, 'POST', paths.startPage, { token, body: { start_page: '/customer/customerList' } });
    expect(set.data).toEqual({ start_page: '/customer/customerList' });
    expect((await call(t.app, 'GET', paths.userInfo, { token })).data.start_page).toBe('/customer/customerList');
    const again = await call(t.app, 'POST', paths.login, { body: { username: 'hn', password: USER_PASSWORD } });
    expect(again.data.start_page).toBe('/customer/customerList');
    const logged = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.action, 'start_page'), eq(sysLog.record_id, fx.hnUser.id)));
    expect(logged[0]!.after).toMatchObject({ start_page: '/customer/customerList' });
    expect((await call(t.app, 'POST', paths.startPage, { token, body: { start_page: null } })).data).toEqual({ start_page: null });
  });
});

describe('RSA login', () => {
  it('publicKey gives a 1024-bit key; with LOGIN_RSA the chunked ciphertext (117 → 128 bytes) signs in and plain text does not', async () => {
    const app = await startApp({ loginRsa: true, loginDelayMs: 0 });
    try {
      const key = await call(app.app, 'GET', paths.publicKey);
      expect(key.data.enabled).toBe(true);
      expect(Buffer.from(key.data.n, 'base64url').length).toBe(128);
      expect((await call(app.app, 'GET', AUTH_CONFIG_PATH)).data.rsa).toBe(true);
      const cipher = rsaEncrypt(ADMIN_PASSWORD, key.data);
      expect(Buffer.from(cipher, 'base64').length).toBe(128);
      expect((await call(app.app, 'POST', paths.login, { body: { username: 'admin', password: cipher } })).status).toBe(200);
      // a long password spans several 117-byte chunks
      const long = 'Ω'.repeat(100) + '-long-password';
      const admin = await login(app.app, 'admin', cipher);
      expect((await call(app.app, 'POST', paths.modifyPassword, { token: admin, body: { password: long, old_password: ADMIN_PASSWORD } })).status).toBe(200);
      const longCipher = rsaEncrypt(long, key.data);
      expect(Buffer.from(longCipher, 'base64').length).toBe(256);
      expect((await call(app.app, 'POST', paths.login, { body: { username: 'admin', password: longCipher } })).status).toBe(200);
      expect((await call(app.app, 'POST', paths.login, { body: { username: 'admin', password: long } })).status).toBe(401);
      expect((await call(app.app, 'POST', paths.login, { body: { username: 'admin', password: cipher.slice(0, -4) + 'AAA=' } })).status).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('off by default: plain passwords work and publicKey says enabled false', async () => {
    expect((await call(t.app, 'GET', paths.publicKey)).data.enabled).toBe(false);
  });
});

describe('external identity provider (stand-in)', () => {
  let provider: Server;
  let providerUrl: string;
  const seen: string[] = [];
  beforeAll(async () => {
    provider = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(await body(req));
        seen.push(`${form.get('client_id')}:${form.get('client_secret')}:${form.get('grant_type')}`);
        const code = form.get('code');
        if (code === 'good-code' || code === 'stranger-code') return res.end(JSON.stringify({ access_token: `at-${code}`, token_type: 'bearer' }));
        res.statusCode = 400;
        return res.end(JSON.stringify({ error: 'invalid_grant', error_description: 'code expired' }));
      }
      if (url.pathname === '/userinfo') {
        const auth = req.headers.authorization;
        if (auth === 'Bearer at-good-code') return res.end(JSON.stringify({ sub: 'ext-42', name: 'Ext' }));
        if (auth === 'Bearer at-stranger-code') return res.end(JSON.stringify({ sub: 'ext-99' }));
        res.statusCode = 401;
        return res.end('{}');
      }
      res.statusCode = 404;
      res.end('{}');
    });
    providerUrl = await listen(provider);
  });
  afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

  it('exchanges the code and signs in the linked user; unlinked, bad code and bad state get clear messages', async () => {
    const app = await startApp({
      loginDelayMs: 0,
      oauth: {
        provider: 'stand-in',
        name: 'Stand-in ID',
        authorizeUrl: `${providerUrl}/authorize`,
        tokenUrl: `${providerUrl}/token`,
        userinfoUrl: `${providerUrl}/userinfo`,
        clientId: 'pv-console',
        clientSecret: 'shh',
        redirectUri: 'http://console.example/#/callback',
        scope: 'openid',
        subjectField: 'sub',
      },
    });
    try {
      const [admin] = await app.handle.db.select().from(users).where(eq(users.username, 'admin'));
      await app.handle.db.insert(userIdentities).values({ provider: 'stand-in', subject: 'ext-42', user_id: admin!.id });
      expect((await call(app.app, 'GET', AUTH_CONFIG_PATH)).data.social).toEqual({ provider: 'stand-in', name: 'Stand-in ID' });
      const start = await call(app.app, 'GET', SOCIAL_URL_PATH);
      const authorize = new URL(start.data.url);
      expect(authorize.searchParams.get('client_id')).toBe('pv-console');
      expect(authorize.searchParams.get('redirect_uri')).toBe('http://console.example/#/callback');
      const state = authorize.searchParams.get('state')!;
      expect(state).toBe(start.data.state);

      const ok = await call(app.app, 'POST', '/socialLogin', { body: { code: 'good-code', state } });
      expect(ok.status, ok.msg).toBe(200);
      expect(ok.data).toMatchObject({ username: 'admin', identity: 'system' });
      expect(seen).toContain('pv-console:shh:authorization_code');

      const stranger = await call(app.app, 'POST', '/socialLogin', { body: { code: 'stranger-code', state } });
      expect(stranger).toMatchObject({ status: 401, msg: '该第三方账号尚未绑定系统用户，请联系管理员绑定' });
      const bad = await call(app.app, 'POST', '/socialLogin', { body: { code: 'old-code', state } });
      expect(bad).toMatchObject({ status: 401, msg: '第三方登录失败：code expired' });
      const forged = await call(app.app, 'POST', '/socialLogin', { body: { code: 'good-code', state: state.slice(0, -2) + 'xx' } });
      expect(forged).toMatchObject({ status: 401, msg: '登录请求已失效，请重新发起第三方登录' });
      expect((await call(app.app, 'POST', '/socialLogin', { body: { state } })).status).toBe(400);
    } finally {
      await app.close();
    }
  });
});

describe('山海系统 (stand-in external service)', () => {
  it('ex_login gives a one-time signed ticket the external system turns into its token; misuse is refused', async () => {
    const used = new Set<string>();
    const external = createServer(async (req, res) => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('access-control-allow-origin', '*');
      const { id, identity } = JSON.parse((await body(req)) || '{}') as { id?: string; identity?: string };
      const ticket = id ? verifyExTicket(id, 'shared-secret') : null;
      if (!ticket || used.has(ticket.jti)) {
        res.statusCode = 401;
        return res.end(JSON.stringify({ code: 401, msg: 'invalid ticket', data: null }));
      }
      used.add(ticket.jti);
      res.end(JSON.stringify({ code: 200, msg: 'ok', data: { ex: { data: { token: `ext-token-for-${ticket.username}-${identity}` } } } }));
    });
    const externalUrl = await listen(external);
    const app = await startApp({ loginDelayMs: 0, externalSystemUrl: externalUrl, externalSystemSecret: 'shared-secret' });
    try {
      expect((await call(app.app, 'GET', AUTH_CONFIG_PATH)).data.external).toEqual({ url: externalUrl, suLoginPath: '/api/system/index/su_login', pagePath: '/' });
      const admin = await call(app.app, 'POST', paths.login, { body: { username: 'admin', password: ADMIN_PASSWORD } });
      const other = await call(app.app, 'POST', paths.exLogin, { token: admin.data.token, body: { id: admin.data.id + 1 } });
      expect(other.status).toBe(403);
      const res = await call(app.app, 'POST', paths.exLogin, { token: admin.data.token, body: { id: admin.data.id } });
      expect(res.status).toBe(200);
      const su = async () =>
        fetch(`${externalUrl}${res.data.su_login}`, { method: 'POST', body: JSON.stringify({ id: res.data.ex, identity: 'system' }) }).then(
          async (r) => ({ status: r.status, json: (await r.json()) as { data: { ex: { data: { token: string } } } } }),
        );
      const first = await su();
      expect(first.status).toBe(200);
      expect(first.json.data.ex.data.token).toBe('ext-token-for-admin-system');
      expect((await su()).status).toBe(401); // one-time
      expect(verifyExTicket(res.data.ex, 'shared-secret', Date.now() + 120_000)).toBeNull(); // short-lived
      expect(verifyExTicket(res.data.ex, 'wrong-secret')).toBeNull();
    } finally {
      await app.close();
      await new Promise<void>((resolve) => external.close(() => resolve()));
    }
  });

  it('without EXTERNAL_SYSTEM_URL there is no link: auth_config external null, ex_login 404 with a clear message', async () => {
    expect((await call(t.app, 'GET', AUTH_CONFIG_PATH)).data.external).toBeNull();
    const token = await login(t.app, 'admin', ADMIN_PASSWORD);
    expect(await call(t.app, 'POST', paths.exLogin, { token, body: {} })).toMatchObject({ status: 404, msg: '未配置山海系统地址' });
  });
});
