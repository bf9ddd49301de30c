import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/password.ts';
import { users } from '../src/db/schema/index.ts';
import { call, login, startApp, type TestApp } from './helpers.ts';

/**
 * Walks every registered /api route (app.routeTable): without a token each non-public one answers
 * 401; a signed-in user without any role gets 403 naming the permission on every route that needs
 * one. The exceptions are listed here, so a new public or any-user route must be added on purpose.
 */
const PUBLIC = [
  '/api/health',
  // the orchestrator's liveness and readiness probes (readiness 503 while starting or draining)
  '/api/health/live',
  '/api/health/ready',
  // avatars: an <img> cannot send a token; the unguessable key is the secret (modules/user)
  '/api/public/avatar/:key',
  // uploaded files: an <img>/<iframe> cannot send a token; the link is HMAC-signed and expires (modules/file)
  '/api/public/file/:id/:variant',
  // the 光E宝 app asks for its update before anyone signs in; it answers published releases only (modules/app_version)
  '/api/public/app_version/latest',
  // pnpm backup: no account, the data folder's backup key instead (backup/routes.ts; 401 without it)
  '/api/system/backup',
  '/api/system/backup/session',
  '/api/system/backup/stop',
  '/api/system/index/auth_config',
  '/api/system/index/login',
  '/api/system/index/refresh_token',
  '/api/system/index/sms',
  '/api/system/index/sms_login',
  '/api/system/index/social_url',
  // the websocket authenticates the token it is given (modules/message)
  '/api/system/ws',
];

/** Routes any signed-in user may call (permission ''): the caller's own session, profile and messages. */
const ANY_SIGNED_IN_PREFIXES = [
  '/api/system/index/',
  '/api/system/common/',
  '/api/system/menu/index',
  '/api/system/message/get_notify',
  '/api/system/message/get_message_list',
  '/api/system/message/clear_all_meg',
  '/api/system/user/profile',
  '/api/system/user/avatar',
  // uploads: open in the route table, the route itself checks the permission that attaches the file (modules/file)
  '/api/system/file/upload',
  // the home page and workbench of every user: counts within the caller's own data scope
  '/api/system/statistic/welcome',
  '/api/system/user/personal',
  // the department tree feeds pickers (user form, filters)
  '/api/system/department/tree',
  // a process task is the caller's own to-do whatever their roles (assigned by user, role, department
  // or agent); completing one checks the caller is its assignee (modules/workflow)
  '/api/system/workflow_task/index',
  '/api/system/workflow_instance/complete',
];

let t: TestApp;
let nobody: string;
const concrete = (url: string) => url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x');

beforeAll(async () => {
  t = await startApp({ loginDelayMs: 0 });
  await t.handle.db.insert(users).values({ username: 'norole', password_hash: await hashPassword('norole-pass'), full_name: '无角色' });
  nobody = await login(t.app, 'norole', 'norole-pass');
});
afterAll(async () => t.close());

describe('every route is guarded', () => {
  it('the public routes are exactly the listed ones (and nothing under /api/docs is data)', () => {
    const publicUrls = [...new Set(t.app.routeTable.filter((r) => r.public && !r.url.startsWith('/api/docs')).map((r) => r.url))].sort();
    expect(publicUrls).toEqual([...PUBLIC].sort());
  });

  it('without a token every non-public route answers 401 请先登录', async () => {
    const guarded = t.app.routeTable.filter((r) => !r.public);
    expect(guarded.length).toBeGreaterThan(30);
    for (const r of guarded) {
      const res = await call(t.app, r.method as 'GET' | 'POST', concrete(r.url), { body: r.method === 'POST' ? {} : undefined });
      expect({ route: `${r.method} ${r.url}`, status: res.status, msg: res.msg }).toEqual({ route: `${r.method} ${r.url}`, status: 401, msg: '请先登录' });
    }
  });

  it('a forged token is 402 on every non-public route', async () => {
    for (const r of t.app.routeTable.filter((x) => !x.public)) {
      const res = await call(t.app, r.method as 'GET' | 'POST', concrete(r.url), { token: 'a.b.c', body: r.method === 'POST' ? {} : undefined });
      expect(`${r.method} ${r.url} ${res.status}`).toBe(`${r.method} ${r.url} 402`);
    }
  });

  it('a user without the permission gets 403 naming it, on every route that needs one', async () => {
    const needing = t.app.routeTable.filter((r) => !r.public && r.permission);
    expect(needing.length).toBeGreaterThan(30);
    for (const r of needing) {
      const res = await call(t.app, r.method as 'GET' | 'POST', concrete(r.url), { token: nobody, body: r.method === 'POST' ? {} : undefined, lang: 'en' });
      expect({ route: `${r.method} ${r.url}`, status: res.status, msg: res.msg }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 403,
        msg: `You do not have permission for this (needs ${r.permission})`,
      });
    }
  });

  it("routes open to any signed-in user are only the caller's own things (listed)", () => {
    const anyUser = [...new Set(t.app.routeTable.filter((r) => !r.public && r.permission === '').map((r) => r.url))];
    expect(anyUser.filter((u) => !ANY_SIGNED_IN_PREFIXES.some((p) => u.startsWith(p)))).toEqual([]);
  });

  it('the root-level auth paths of SPEC.md §7: /register and /socialLogin are public, /expireToken needs a token', async () => {
    expect((await call(t.app, 'GET', '/expireToken')).status).toBe(401);
    expect((await call(t.app, 'GET', '/expireToken', { token: 'x.y.z' })).status).toBe(402);
    expect((await call(t.app, 'POST', '/register', { body: {} })).status).toBe(400);
    expect((await call(t.app, 'POST', '/socialLogin', { body: { code: 'c', state: 's' } })).status).toBe(404);
    expect((await call(t.app, 'GET', '/publicKey')).status).toBe(200);
  });
});
