import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEmbedded } from '../src/db/client.ts';
import { enterForeground, foregroundRequests, GIVE_WAY_MS, giveWay, leaveForeground } from '../src/db/foreground.ts';
import { JOBS } from '../src/modules/task/jobs.ts';
import { call, login, onPostgres, registerTestJob, startApp, type TestApp } from './helpers.ts';

/**
 * On the embedded database a long read (an export's batches) gives way to the requests people are
 * waiting for (db/foreground.ts): before each batch it waits until none is being answered, at most
 * GIVE_WAY_MS. On PostgreSQL it never waits.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startApp();
  token = await login(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('long reads give way to requests being answered', () => {
  it('no request: at once; a request in flight: until it is answered; a request that takes long: GIVE_WAY_MS at most', async () => {
    const db = t.handle.db;
    expect(isEmbedded(db)).toBe(!onPostgres);
    const before = foregroundRequests();
    let t0 = performance.now();
    await giveWay(db);
    expect(performance.now() - t0).toBeLessThan(GIVE_WAY_MS);

    const request = {};
    enterForeground(request);
    enterForeground(request); // counted once
    expect(foregroundRequests()).toBe(before + 1);
    let waited = false;
    const waiting = giveWay(db, 10_000).then(() => (waited = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(waited).toBe(onPostgres); // PostgreSQL: nothing to give way to
    leaveForeground(request);
    leaveForeground(request); // left once
    await waiting;
    expect(foregroundRequests()).toBe(before);

    const slow = {};
    enterForeground(slow);
    t0 = performance.now();
    await giveWay(db);
    const took = performance.now() - t0;
    leaveForeground(slow);
    if (onPostgres) expect(took).toBeLessThan(GIVE_WAY_MS);
    else expect(took).toBeGreaterThanOrEqual(GIVE_WAY_MS - 1);
  });

  it('an export waits between its batches while a request is being answered, and leaves the foreground itself', async () => {
    await t.handle.db.execute(sql`
      insert into customers (name, phone, province_code, source, stage, status)
      select '让行' || g, '139' || lpad(g::text, 8, '0'), '370000', 'phone', 'intentional', 'new' from generate_series(1, 1000) g`);
    const exportAll = async () => {
      const t0 = performance.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/system/customer/export', query: { name: '让行' }, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      return performance.now() - t0;
    };
    // the export's own request leaves the foreground, and nothing stays counted after it
    const before = foregroundRequests();
    await exportAll();
    expect(foregroundRequests()).toBe(before);
    // someone's request in flight the whole time: 1,000 rows are 5 batches on PGlite, 4 of them wait
    const someone = {};
    enterForeground(someone);
    try {
      const took = await exportAll();
      if (!onPostgres) expect(took).toBeGreaterThanOrEqual(4 * GIVE_WAY_MS - 4);
    } finally {
      leaveForeground(someone);
    }
  });

  it('a task run by hand (立即执行) is background work: its job does not wait for its own request', async () => {
    let seen = -1;
    registerTestJob('test_foreground', '测试让行', async () => {
      seen = foregroundRequests();
      return { marked: 1 };
    });
    try {
      const [task] = await t.handle.db.execute<{ id: number }>(sql`insert into scheduled_tasks (code, name, cron) values ('test_foreground', '测试让行', '0 0 1 1 *') returning id`).then((r: any) => r.rows ?? r);
      const before = foregroundRequests();
      const res = await call(t.app, 'POST', '/api/system/task/run', { token, body: { id: task!.id } });
      expect(res.status, res.msg).toBe(200);
      expect(seen).toBe(before);
    } finally {
      delete JOBS.test_foreground;
    }
  });
});
