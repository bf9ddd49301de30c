import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/logging.ts';
import { call, login, startApp, type TestApp } from './helpers.ts';

/**
 * What the server writes to its log (issue 29 point 6, issue 28 point 5, issue 27 item 6): one line per
 * request only when it was slow or failed (every request at debug), each naming its request id, and
 * never a token or a signature from the URL.
 */

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  url?: string;
  status?: number;
  [k: string]: unknown;
}

/** An app whose log lines are collected (pino writes one JSON line per write). */
async function appWithLog(overrides: Parameters<typeof startApp>[0]) {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const t = await startApp(overrides, { logStream: stream });
  return { t, lines };
}

const requestLines = (lines: Line[]) => lines.filter((l) => typeof l.status === 'number');

describe('request log lines', () => {
  let info: { t: TestApp; lines: Line[] };
  let debug: { t: TestApp; lines: Line[] };
  beforeAll(async () => {
    info = await appWithLog({ logLevel: 'info', slowRequestMs: 60_000 });
    debug = await appWithLog({ logLevel: 'debug', slowRequestMs: 60_000 });
  });
  afterAll(async () => {
    await info?.t.close();
    await debug?.t.close();
  });

  it('at info: a fast successful request writes nothing; a refused one writes one line with its status, request id and the redacted URL', async () => {
    const token = await login(info.t.app);
    info.lines.length = 0;
    expect((await call(info.t.app, 'GET', '/api/system/customer/index', { token })).status).toBe(200);
    expect((await call(info.t.app, 'GET', '/api/health')).status).toBe(200);
    expect(requestLines(info.lines)).toEqual([]);

    // a refresh with a bad token in the query: 4xx, logged, the token is not
    const refused = await call(info.t.app, 'GET', '/api/system/index/refresh_token?refresh_token=SECRET-REFRESH-VALUE&lang=zh', { headers: { 'x-request-id': 'req-from-proxy-0001' } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.headers['x-request-id']).toBe('req-from-proxy-0001');
    const [line, ...more] = requestLines(info.lines);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 30, msg: 'request failed', status: refused.status, reqId: 'req-from-proxy-0001', url: '/api/system/index/refresh_token?refresh_token=[redacted]&lang=zh' });
    expect(JSON.stringify(info.lines)).not.toContain('SECRET-REFRESH-VALUE');
  });

  it('a websocket token, a signed link and an OAuth code never reach the log; other parameters do', async () => {
    info.lines.length = 0;
    await call(info.t.app, 'GET', '/api/system/ws?token=SECRET-ACCESS-TOKEN&topics=stats');
    await call(info.t.app, 'GET', '/api/public/file/999999/original?exp=1&sig=SECRET-SIGNATURE');
    await call(info.t.app, 'GET', '/api/system/index/social_callback?code=SECRET-OAUTH-CODE&state=SECRET-STATE');
    const text = JSON.stringify(info.lines);
    for (const secret of ['SECRET-ACCESS-TOKEN', 'SECRET-SIGNATURE', 'SECRET-OAUTH-CODE', 'SECRET-STATE']) expect(text).not.toContain(secret);
    expect(requestLines(info.lines).map((l) => l.url)).toEqual(
      expect.arrayContaining(['/api/system/ws?token=[redacted]&topics=stats', '/api/public/file/999999/original?exp=1&sig=[redacted]']),
    );
  });

  it('every request line carries a request id, and a reply names it (a new one when the proxy sent none or a malformed one)', async () => {
    info.lines.length = 0;
    const a = await call(info.t.app, 'GET', '/api/system/customer/index');
    const b = await call(info.t.app, 'GET', '/api/system/customer/index', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines(info.lines).map((l) => l.reqId)).toEqual([a.headers['x-request-id'], b.headers['x-request-id']]);
  });

  it('at debug every request has its line', async () => {
    const token = await login(debug.t.app);
    debug.lines.length = 0;
    await call(debug.t.app, 'GET', '/api/system/customer/index', { token });
    await call(debug.t.app, 'GET', '/api/health');
    expect(requestLines(debug.lines).map((l) => [l.level, l.msg, l.status])).toEqual([
      [20, 'request', 200],
      [20, 'request', 200],
    ]);
  });

  it('a request slower than SLOW_REQUEST_MS is logged at info as slow', async () => {
    const slow = await appWithLog({ logLevel: 'info', slowRequestMs: 0 });
    try {
      slow.lines.length = 0;
      await call(slow.t.app, 'GET', '/api/health');
      expect(requestLines(slow.lines)).toMatchObject([{ level: 30, msg: 'slow request', status: 200, url: '/api/health' }]);
    } finally {
      await slow.t.close();
    }
  });
});

describe('redactUrl', () => {
  it('replaces the values of secret parameters only, whatever their case or encoding', () => {
    expect(redactUrl('/a?Token=x&b=1&REFRESH_TOKEN=y&sig=z&signature=w&code=c&x=token')).toBe('/a?Token=[redacted]&b=1&REFRESH_TOKEN=[redacted]&sig=[redacted]&signature=[redacted]&code=[redacted]&x=token');
    expect(redactUrl('/a?%74oken=x')).toBe('/a?%74oken=[redacted]');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrl('/a?flag&token=')).toBe('/a?flag&token=[redacted]');
  });
});
