import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { scheduledTasks } from '../src/db/schema/index.ts';
import { call, login, onPostgres, startApp, type TestApp } from './helpers.ts';

/**
 * GET /metrics (issue 29 point 5): Prometheus text with what an operator watches — requests by route
 * and status, the database pool and query times, job runs, the workflow backlog, websockets, the event
 * loop — readable from this machine or with the token only. Health: liveness and readiness apart.
 */

/** Samples of the exposition text by series name: [labels, value]. Fails on a line that is not in the format. */
function parse(text: string) {
  const samples = new Map<string, Array<[Record<string, string>, number]>>();
  const typed = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram']).toContain(meta[3]);
        typed.add(meta[2]!);
      }
      continue;
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (-?[0-9.e+-]+|\+Inf|NaN)$/.exec(line);
    expect(m, `not a sample line: ${line}`).not.toBeNull();
    const name = m![1]!;
    const family = name.replace(/_(bucket|sum|count)$/, '');
    expect(typed.has(name) || typed.has(family), `${name} has no TYPE before it`).toBe(true);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m![3] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    if (!samples.has(name)) samples.set(name, []);
    samples.get(name)!.push([labels, m![4] === '+Inf' ? Infinity : Number(m![4])]);
  }
  return samples;
}

const value = (samples: ReturnType<typeof parse>, name: string, labels: Record<string, string> = {}) =>
  samples.get(name)?.find(([l]) => Object.entries(labels).every(([k, v]) => l[k] === v))?.[1];

describe('metrics', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp({ metricsToken: '' });
    admin = await login(t.app);
  });
  afterAll(async () => t?.close());

  it('serves Prometheus text to a caller on this machine, with requests by route and status', async () => {
    await call(t.app, 'GET', '/api/system/customer/index', { token: admin });
    await call(t.app, 'GET', '/api/system/customer/index', { token: admin });
    await call(t.app, 'GET', '/api/system/customer/index');
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const m = parse(res.body);
    expect(value(m, 'pv_http_request_duration_seconds_count', { route: '/api/system/customer/index', method: 'GET', status: '200' })).toBe(2);
    expect(value(m, 'pv_http_request_duration_seconds_count', { route: '/api/system/customer/index', status: '401' })).toBe(1);
    // buckets are cumulative and end at the count
    const buckets = m.get('pv_http_request_duration_seconds_bucket')!.filter(([l]) => l.route === '/api/system/customer/index' && l.status === '200');
    expect(buckets.at(-1)).toEqual([expect.objectContaining({ le: '+Inf' }), 2]);
    expect(buckets.map(([, v]) => v)).toEqual([...buckets.map(([, v]) => v)].sort((a, b) => a - b));
    // the raw URL never becomes a label: a 404 is "unmatched"
    await call(t.app, 'GET', '/api/system/no/such/route?id=1');
    const after = parse((await t.app.inject({ method: 'GET', url: '/metrics' })).body);
    expect(value(after, 'pv_http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(1);
  });

  it('the database pool, query times, the event loop, the process, websockets and readiness', async () => {
    const m = parse((await t.app.inject({ method: 'GET', url: '/metrics' })).body);
    expect(value(m, 'pv_db_pool_size')).toBe(onPostgres ? 10 : 1);
    expect(value(m, 'pv_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    expect(value(m, 'pv_db_pool_waiting')).toBe(0);
    expect(value(m, 'pv_db_query_duration_seconds_count', { kind: 'statement' })).toBeGreaterThan(5);
    expect(value(m, 'pv_db_query_duration_seconds_count', { kind: 'transaction' })).toBeGreaterThan(0);
    expect(value(m, 'pv_event_loop_lag_seconds', { quantile: '0.99' })).toBeGreaterThanOrEqual(0);
    expect(value(m, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(value(m, 'pv_websocket_connections')).toBe(0);
    expect(value(m, 'pv_ready')).toBe(1);
    expect(value(m, 'pv_workflow_failed_instances')).toBe(0);
  });

  it('job runs, failures and durations per task', async () => {
    const [task] = await t.handle.db.select().from(scheduledTasks).where(eq(scheduledTasks.code, 'purge_sms_codes'));
    expect((await call(t.app, 'POST', '/api/system/task/run', { token: admin, body: { id: task!.id } })).status).toBe(200);
    const m = parse((await t.app.inject({ method: 'GET', url: '/metrics' })).body);
    expect(value(m, 'pv_job_runs_total', { task: 'purge_sms_codes', status: 'success' })).toBe(1);
    expect(value(m, 'pv_job_duration_seconds_count', { task: 'purge_sms_codes' })).toBe(1);
    expect(value(m, 'pv_job_running')).toBe(0);
  });

  it('refuses a caller from elsewhere; with METRICS_TOKEN set, wants it as a bearer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
    // X-Forwarded-For does not make a remote caller local
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(403);
    const tokened = await startApp({ metricsToken: 'scrape-secret-1' });
    try {
      expect((await tokened.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
      expect((await tokened.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(403);
      const ok = await tokened.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers: { authorization: 'Bearer scrape-secret-1' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('# TYPE pv_http_request_duration_seconds histogram');
    } finally {
      await tokened.close();
    }
  });

  it('liveness and readiness are separate public endpoints', async () => {
    expect((await call(t.app, 'GET', '/api/health/live')).data).toEqual({ status: 'ok' });
    expect((await call(t.app, 'GET', '/api/health/ready')).data).toMatchObject({ status: 'ready' });
  });
});
