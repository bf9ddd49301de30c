import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type DbHandle, observeStatements, openDb } from '../src/db/client.ts';
import { roles } from '../src/db/schema/index.ts';
import { AuthCache } from '../src/modules/auth/cache.ts';
import { call, fixtures, login, ok, onPostgres, startApp, type TestApp, USER_PASSWORD } from './helpers.ts';

/**
 * The auth cache (src/modules/auth/cache.ts) with two app instances on one database — on PostgreSQL
 * each with its own connections, as two processes behind the proxy: what one instance revokes, the
 * other refuses within a second (the database's NOTIFY, not the cache's 5-minute entry lifetime).
 */
describe('auth cache', () => {
  let t: TestApp;
  let fx: Awaited<ReturnType<typeof fixtures>>;
  let second: DbHandle | null;
  let b: FastifyInstance;
  const LIST = '/api/system/customer/index';

  beforeAll(async () => {
    t = await startApp();
    fx = await fixtures(t);
    second = onPostgres ? await openDb({ databaseUrl: t.handle.url!, migrate: false }) : null;
    b = await buildApp({ db: second?.db ?? t.handle.db, config: t.config, dbKind: t.handle.kind });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await second?.close();
    await t?.close();
  });

  /** The status instance B answers, polled until it is `status`; the time that took (ms), or fails after 1 s. */
  async function refusedWithin(token: string, status: number): Promise<number> {
    const t0 = performance.now();
    for (;;) {
      const res = await call(b, 'GET', LIST, { token });
      if (res.status === status) return performance.now() - t0;
      if (performance.now() - t0 > 1000) throw new Error(`still ${res.status} after 1 s (wanted ${status})`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** The statements instance B runs for `n` list requests. */
  async function statementsOn(token: string, n: number): Promise<string[]> {
    const seen: string[] = [];
    // the auth cache's heartbeat (PostgreSQL) runs on the same pool: not the requests' statements
    const stop = observeStatements(second?.db ?? t.handle.db, (text) => void (/pg_notify/.test(text) || seen.push(text)));
    try {
      for (let i = 0; i < n; i++) await ok(call(b, 'GET', LIST, { token }));
    } finally {
      stop();
    }
    return seen;
  }

  it('a signed-in caller costs no session statement per request once known', async () => {
    const token = await login(t.app, 'op', USER_PASSWORD);
    await ok(call(b, 'GET', LIST, { token }));
    await new Promise((r) => setTimeout(r, 2100)); // past the login's own write to users (the write bypass)
    await ok(call(b, 'GET', LIST, { token }));
    const seen = await statementsOn(token, 5);
    expect(seen.filter((s) => /from sessions/.test(s))).toEqual([]);
    expect(seen.length).toBe(10); // the page and its total, nothing else
  });

  it('logout on one instance: the other refuses the token within a second', async () => {
    const token = await login(t.app, 'op', USER_PASSWORD);
    await ok(call(b, 'GET', LIST, { token }));
    await ok(call(b, 'GET', LIST, { token }));
    await ok(call(t.app, 'GET', '/api/system/index/login_out', { token }));
    // the instance that logged out refuses it at once (its own write), the other once told
    expect((await call(t.app, 'GET', LIST, { token })).status).toBe(402);
    expect(await refusedWithin(token, 402)).toBeLessThan(1000);
  });

  it('a user disabled, and a permission taken from a role, on one instance: refused on the other within a second', async () => {
    const token = await login(t.app, 'op', USER_PASSWORD);
    const admin = await login(t.app);
    await ok(call(b, 'GET', LIST, { token }));
    // the operator role loses customer:index (edited through the API of instance A)
    const [role] = await t.handle.db.select().from(roles).where(eq(roles.code, 'operator'));
    const kept = (role!.permissions as string[]).filter((p) => p !== 'customer:*' && p !== 'customer:index');
    await ok(call(t.app, 'POST', '/api/system/role/edit', { token: admin, body: { id: role!.id, version: role!.version, permissions: kept } }));
    expect(await refusedWithin(token, 403)).toBeLessThan(1000);
    await ok(call(t.app, 'POST', '/api/system/role/edit', { token: admin, body: { id: role!.id, version: role!.version + 1, permissions: role!.permissions } }));
    await ok(call(b, 'GET', LIST, { token }));
    // then the user is disabled
    await ok(call(t.app, 'POST', '/api/system/user/set_status', { token: admin, body: { id: fx.op.id, status: 'disabled' } }));
    expect(await refusedWithin(token, 402)).toBeLessThan(1000);
  });

  it('a session revoked by a statement written straight to the database is refused by both', async () => {
    const token = await login(t.app, 'sd', USER_PASSWORD);
    await ok(call(b, 'GET', LIST, { token }));
    await ok(call(t.app, 'GET', LIST, { token }));
    await t.handle.db.execute(sql`update sessions set revoked_at = now() where user_id = ${fx.sdUser.id}`);
    expect((await call(t.app, 'GET', LIST, { token })).status).toBe(402);
    expect(await refusedWithin(token, 402)).toBeLessThan(1000);
  });
});

describe('AuthCache guards', () => {
  it('is not used while a heartbeat is over a second late, nor for 2 s after this process writes an auth table', () => {
    let now = 10_000;
    const cache = new AuthCache<string>(() => now);
    expect(cache.usable()).toBe(false); // not listening yet
    cache.resubscribed();
    now += 1;
    cache.keep('s1', 7, 'row', now);
    expect(cache.session('s1')?.row).toBe('row');
    const id = cache.beatStart()!;
    expect(cache.beatStart()).toBeNull(); // one out at a time
    cache.beatSent(id, now);
    now += 900;
    expect(cache.usable()).toBe(true);
    now += 200; // 1.1 s after its statement finished, not heard on the listener
    expect(cache.usable()).toBe(false);
    expect(cache.session('s1')).toBeUndefined();
    cache.handle({ kind: 'auth', beat: id });
    expect(cache.session('s1')?.row).toBe('row');
    cache.writing();
    expect(cache.session('s1')).toBeUndefined();
    now += 2_001;
    expect(cache.usable()).toBe(true);
    expect(cache.session('s1')).toBeUndefined(); // the write emptied it
    // a row read before the cache was emptied is not kept
    cache.keep('s2', 8, 'stale', now - 3_000);
    expect(cache.session('s2')).toBeUndefined();
    cache.keep('s2', 8, 'fresh', now);
    cache.handle({ kind: 'auth', user: 8 });
    expect(cache.session('s2')).toBeUndefined();
  });
});
