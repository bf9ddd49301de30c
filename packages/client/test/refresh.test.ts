import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '../src/index.ts';
import { envelope, flush, json, setup, type Call } from './helpers.ts';

/** The server: 405 for the old token, success (echoing the path) for the new one. */
const server = (call: Call) =>
  call.headers.Authorization === 'Bearer tok-2'
    ? envelope(200, 'ok', { path: new URL(call.url, 'http://h').pathname })
    : envelope(405, '登录即将过期，正在刷新');

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('405: refresh once, queue, retry', () => {
  it('refreshes once for 4 concurrent 405s and retries every one with the new token', async () => {
    const gate = deferred<string | null>();
    const refresh = vi.fn(() => gate.promise);
    const t = setup(server, { refresh });
    const urls = ['/a', '/b', '/c', '/d'];
    const pending = urls.map((u) => t.client.get<{ path: string }>(u));
    await flush(20);
    // all four went out with the old token and got 405; one refresh is running
    expect(t.calls.map((c) => c.headers.Authorization)).toEqual(Array(4).fill('Bearer tok-1'));
    expect(refresh).toHaveBeenCalledTimes(1);

    t.setToken('tok-2'); // what the console's refresh() would store
    gate.resolve('tok-2');
    const results = await Promise.all(pending);
    expect(results.map((r) => r.data.path)).toEqual(urls);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(t.calls).toHaveLength(8);
    const retries = t.calls.slice(4);
    expect(retries.map((c) => c.headers.Authorization)).toEqual(Array(4).fill('Bearer tok-2'));
    expect(retries.map((c) => new URL(c.url, 'http://h').pathname).sort()).toEqual(urls);
    expect(t.notify).not.toHaveBeenCalled();
    expect(t.onSessionExpired).not.toHaveBeenCalled();
  });

  it('retries with the token refresh() returned even if getToken() still has the old one', async () => {
    const refresh = vi.fn(async () => 'tok-2');
    const t = setup(server, { refresh });
    const [a, b, c] = await Promise.all([t.client.get('/a'), t.client.post('/b', { x: 1 }), t.client.get('/c')]);
    expect([a.code, b.code, c.code]).toEqual([200, 200, 200]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(t.calls.filter((c) => c.headers.Authorization === 'Bearer tok-2')).toHaveLength(3);
    // the POST body is sent again on the retry
    const postRetry = t.calls.filter((c) => c.method === 'POST');
    expect(postRetry.map((c) => c.body)).toEqual(['{"x":1}', '{"x":1}']);
  });

  it('a request started during the refresh waits and goes out once, with the new token', async () => {
    const gate = deferred<string | null>();
    const refresh = vi.fn(() => gate.promise);
    const t = setup(server, { refresh });
    const first = t.client.get('/first');
    await flush(20);
    expect(refresh).toHaveBeenCalledTimes(1);
    const late = t.client.get<{ path: string }>('/late');
    await flush(20);
    expect(t.calls).toHaveLength(1); // /late is queued, not sent with the old token
    gate.resolve('tok-2');
    await expect(late).resolves.toMatchObject({ data: { path: '/late' } });
    await expect(first).resolves.toMatchObject({ data: { path: '/first' } });
    const lateCalls = t.calls.filter((c) => c.url === '/late');
    expect(lateCalls.map((c) => c.headers.Authorization)).toEqual(['Bearer tok-2']);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('a 405 that arrives after the refresh finished retries with the new token without a second refresh', async () => {
    const slow = deferred<Response>();
    const refresh = vi.fn(async () => 'tok-2');
    const t = setup((call) => (call.url === '/slow' && call.headers.Authorization === 'Bearer tok-1' ? slow.promise : server(call)), {
      refresh,
    });
    const slowReq = t.client.get('/slow');
    await expect(t.client.get('/fast')).resolves.toMatchObject({ code: 200 });
    expect(refresh).toHaveBeenCalledTimes(1);
    slow.resolve(envelope(405, 'expiring'));
    await expect(slowReq).resolves.toMatchObject({ data: { path: '/slow' } });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('also refreshes on code 405 inside an HTTP 200 reply', async () => {
    const refresh = vi.fn(async () => 'tok-2');
    const t = setup((call) => (call.headers.Authorization === 'Bearer tok-2' ? envelope(0, 'ok', 1) : json({ code: '405', msg: '', data: null })), {
      refresh,
    });
    await expect(t.client.get('/x')).resolves.toEqual({ code: 0, msg: 'ok', data: 1 });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('a retried request that gets 405 again is rejected, not retried forever', async () => {
    const refresh = vi.fn(async () => 'tok-2');
    const t = setup(() => envelope(405, 'still expiring'), { refresh });
    const err = (await t.client.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe(405);
    expect(err.message).toBe('still expiring');
    expect(t.calls).toHaveLength(2);
    expect(t.calls[1]!.headers.Authorization).toBe('Bearer tok-2');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(t.notify.mock.calls).toEqual([['error', 'still expiring']]);
    expect(t.onError).toHaveBeenCalledTimes(1);
  });

  it('refresh failure: onSessionExpired once, every queued request rejected, none retried', async () => {
    const gate = deferred<string | null>();
    const refresh = vi.fn(() => gate.promise);
    const t = setup(server, { refresh });
    const pending = ['/a', '/b', '/c'].map((u) => t.client.get(u).catch((e: unknown) => e));
    await flush(20);
    const late = t.client.get('/late').catch((e: unknown) => e);
    gate.resolve(null);
    const errors = await Promise.all([...pending, late]);
    for (const err of errors) {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe(405);
    }
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(t.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(t.calls).toHaveLength(3);
    expect(t.notify).not.toHaveBeenCalled();
  });

  it('a refresh() that throws counts as a failure', async () => {
    const refresh = vi.fn(async (): Promise<string | null> => {
      throw new Error('refresh endpoint down');
    });
    const t = setup(server, { refresh });
    const results = await Promise.all([t.client.get('/a').catch((e: unknown) => e), t.client.get('/b').catch((e: unknown) => e)]);
    expect(results.every((e) => e instanceof ApiError && e.code === 405)).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(t.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('without a refresh hook a 405 ends the session', async () => {
    const t = setup(server);
    await expect(t.client.get('/a')).rejects.toMatchObject({ code: 405 });
    expect(t.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(t.calls).toHaveLength(1);
  });

  it('after a failed refresh the next 405 tries again', async () => {
    const refresh = vi.fn<() => Promise<string | null>>().mockResolvedValueOnce(null).mockResolvedValueOnce('tok-2');
    const t = setup(server, { refresh });
    await expect(t.client.get('/a')).rejects.toMatchObject({ code: 405 });
    await expect(t.client.get('/b')).resolves.toMatchObject({ data: { path: '/b' } });
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('a refresh() that calls refresh_token through the same client does not deadlock', async () => {
    const ref: { client?: ApiClient } = {};
    const t = setup(
      (call) => {
        if (call.url.includes('refresh_token')) return envelope(200, 'ok', { token: 'tok-2' });
        return server(call);
      },
      {
        refresh: async () => {
          const res = await ref.client!.get<{ token: string }>('/api/system/index/refresh_token');
          return res.data.token;
        },
      },
    );
    const client = (ref.client = t.client);
    const results = await Promise.all([client.get('/a'), client.get('/b'), client.get('/c')]);
    expect(results.map((r) => r.code)).toEqual([200, 200, 200]);
    expect(t.calls.filter((c) => c.url.includes('refresh_token'))).toHaveLength(1);
    // the refresh call went out with the old token
    expect(t.calls.find((c) => c.url.includes('refresh_token'))!.headers.Authorization).toBe('Bearer tok-1');
  });

  it('a 405 on the refresh call itself is an ordinary error (no recursion)', async () => {
    const t = setup(() => envelope(405, 'nope'));
    await expect(t.client.get('/api/system/index/refresh_token')).rejects.toMatchObject({ code: 405 });
    expect(t.calls).toHaveLength(1);
    expect(t.onSessionExpired).not.toHaveBeenCalled();
  });

  it('uses a token another tab stored meanwhile instead of refreshing again', async () => {
    const refresh = vi.fn(async () => 'tok-3');
    const t = setup(
      (call) => {
        if (call.headers.Authorization === 'Bearer tok-1') {
          t.setToken('tok-2'); // the console tab rotated the token while our request was in flight
          return envelope(405, 'expiring');
        }
        return server(call);
      },
      { refresh },
    );
    await expect(t.client.get('/a')).resolves.toMatchObject({ data: { path: '/a' } });
    expect(refresh).not.toHaveBeenCalled();
    expect(t.calls.map((c) => c.headers.Authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });
});

describe('cross-tab refresh lock', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function fakeLocks() {
    const log: string[] = [];
    let tail: Promise<unknown> = Promise.resolve();
    return {
      log,
      locks: {
        request<R>(name: string, callback: () => Promise<R>): Promise<R> {
          const run = tail.then(async () => {
            log.push(`acquire ${name}`);
            try {
              return await callback();
            } finally {
              log.push(`release ${name}`);
            }
          });
          tail = run.catch(() => undefined);
          return run;
        },
      },
    };
  }

  it('holds the Web Lock "pv-token-refresh" while refresh() runs', async () => {
    const { log, locks } = fakeLocks();
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 Chrome/120.0 Safari/537.36', locks });
    const refresh = vi.fn(async () => {
      log.push('refresh');
      return 'tok-2';
    });
    const t = setup(server, { refresh });
    await Promise.all([t.client.get('/a'), t.client.get('/b'), t.client.get('/c')]);
    expect(log).toEqual(['acquire pv-token-refresh', 'refresh', 'release pv-token-refresh']);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('can be turned off or renamed', async () => {
    const { log, locks } = fakeLocks();
    vi.stubGlobal('navigator', { userAgent: 'x', locks });
    const off = setup(server, { refresh: async () => 'tok-2', refreshLock: false });
    await off.client.get('/a');
    expect(log).toEqual([]);
    const named = setup(server, { refresh: async () => 'tok-2', refreshLock: 'other' });
    await named.client.get('/a');
    expect(log).toEqual(['acquire other', 'release other']);
  });

  it('a tab that waited for the lock picks up the token the other tab got', async () => {
    const { locks } = fakeLocks();
    vi.stubGlobal('navigator', { userAgent: 'x', locks });
    // the other tab holds the lock and stores tok-2 before releasing it
    let release!: () => void;
    const held = locks.request('pv-token-refresh', () => new Promise<void>((r) => (release = r)));
    const refresh = vi.fn(async () => 'tok-9');
    const t = setup(server, { refresh });
    const pending = t.client.get('/a');
    await flush(20);
    t.setToken('tok-2');
    release();
    await held;
    await expect(pending).resolves.toMatchObject({ data: { path: '/a' } });
    expect(refresh).not.toHaveBeenCalled();
  });
});
