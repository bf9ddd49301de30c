import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { TASK_RESULT_KEYS } from '@pv/contract';
import { customerCounts, customers, scheduledTasks, sessions, smsCodes, sysLog, taskRuns, users } from '../src/db/schema/index.ts';
import { buildApp } from '../src/app.ts';
import { JOBS } from '../src/modules/task/jobs.ts';
import { claimTask, createScheduler } from '../src/modules/task/scheduler.ts';
import { call, customerBody, fixtures, login, registerTestJob, startApp, USER_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let op: string;
const base = '/api/system/task';

// a job that fails and one that counts its runs, registered for the tests only
let counted = 0;
registerTestJob('test_fail', '测试失败', async () => {
  throw new Error('boom: the job failed');
});
registerTestJob('test_count', '测试计数', async () => {
  counted++;
  await new Promise((r) => setTimeout(r, 20));
  return { marked: counted };
});

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  fx = await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
});
afterAll(async () => {
  delete JOBS.test_fail;
  delete JOBS.test_count;
  await t.close();
});

/** [weekday, hour, minute] of an instant in China time, the time zone cron expressions are read in */
const chinaClock = (iso: string) => {
  const d = new Date(new Date(iso).getTime() + 8 * 3600_000);
  return [d.getUTCDay(), d.getUTCHours(), d.getUTCMinutes()];
};
const task = async (code: string) => (await t.handle.db.select().from(scheduledTasks).where(eq(scheduledTasks.code, code)))[0]!;
const runNow = (id: number, token = admin) => call(t.app, 'POST', `${base}/run`, { token, body: { id } });

describe('tasks', () => {
  it('the known jobs are seeded on start with their cron and a next run', async () => {
    const res = await call(t.app, 'GET', `${base}/index`, { token: admin });
    expect(res.status).toBe(200);
    const codes = res.data.list.map((r: { code: string }) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['refresh_customer_counters', 'purge_expired_sessions', 'purge_sms_codes', 'test_fail', 'test_count']));
    const counters = res.data.list.find((r: { code: string }) => r.code === 'refresh_customer_counters');
    expect(counters).toMatchObject({ cron: '30 3 * * *', enabled: true, known: true, last_status: null });
    expect(chinaClock(counters.next_run_at).slice(1)).toEqual([3, 30]);
    expect(counters.label).toBe('校准客户计数');
    const en = await call(t.app, 'GET', `${base}/index`, { token: admin, lang: 'en' });
    expect(en.data.list.find((r: { code: string }) => r.code === 'refresh_customer_counters')).toMatchObject({ name: '校准客户计数', label: 'Refresh customer counters' });
    const jobs = await call(t.app, 'GET', `${base}/jobs`, { token: admin, lang: 'en' });
    expect(jobs.data.find((j: { code: string }) => j.code === 'purge_sms_codes').name).toBe('Purge SMS codes');
  });

  it('cron is validated with a message that says what is wrong (zh and en); nothing changes', async () => {
    const tk = await task('purge_sms_codes');
    const cases: Array<[string, string, string]> = [
      ['* * *', 'cron 表达式“* * *”有误：须有 5 个字段（分 时 日 月 周），用空格分开，现在有 3 个', 'Needs 5 fields'],
      ['61 * * * *', 'cron 表达式“61 * * * *”有误：分钟字段的值 61 超出范围 0-59', 'The minute value 61 is outside 0-59'],
      ['0 0 * * 9', '星期字段的值 9 超出范围 0-7', 'The day-of-week value 9 is outside 0-7'],
      ['*/0 * * * *', '分钟字段“*/0”的步长须为正整数', 'must be a positive whole number'],
      ['0 0 30 2 *', '永远不会触发', 'never fires'],
    ];
    for (const [cron, zh, en] of cases) {
      const res = await call(t.app, 'POST', `${base}/edit`, { token: admin, body: { id: tk.id, version: tk.version, cron } });
      expect(res.status).toBe(400);
      expect(res.msg).toContain(zh);
      const resEn = await call(t.app, 'POST', `${base}/update_field`, { token: admin, lang: 'en', body: { id: tk.id, field: 'cron', value: cron } });
      expect(resEn.status).toBe(400);
      expect(resEn.msg).toContain(en);
    }
    expect((await task('purge_sms_codes')).cron).toBe('*/30 * * * *');
  });

  it('edit with a good cron recomputes the next run; disabling clears it, enabling sets it again', async () => {
    const tk = await task('purge_sms_codes');
    const res = await call(t.app, 'POST', `${base}/edit`, { token: admin, body: { id: tk.id, version: tk.version, cron: '0 4 * * 0' } });
    expect(res.status, res.msg).toBe(200);
    expect(chinaClock(res.data.next_run_at)).toEqual([0, 4, 0]);
    const off = await call(t.app, 'POST', `${base}/update_field`, { token: admin, body: { id: tk.id, field: 'enabled', value: false } });
    expect(off.data).toMatchObject({ enabled: false, next_run_at: null });
    const on = await call(t.app, 'POST', `${base}/update_field`, { token: admin, body: { id: tk.id, field: 'enabled', value: 1 } });
    expect(on.data.enabled).toBe(true);
    expect(on.data.next_run_at).not.toBeNull();
    expect((await call(t.app, 'POST', `${base}/update_field`, { token: op, body: { id: tk.id, field: 'enabled', value: false } })).status).toBe(403);
  });

  it('add: the code must be a job the server knows and not taken; del removes a task', async () => {
    const unknown = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { code: 'nope', name: 'x', cron: '* * * * *' } });
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toContain('服务器没有编码为“nope”的任务');
    const taken = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { code: 'test_fail', name: 'x', cron: '* * * * *' } });
    expect(taken.msg).toBe('编码为“test_fail”的任务已存在');
    const tk = await task('test_fail');
    expect((await call(t.app, 'GET', `${base}/del`, { token: admin, query: { id: tk.id } })).status).toBe(200);
    const again = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { code: 'test_fail', name: '失败的任务', cron: '0 0 1 1 *' } });
    expect(again.status, again.msg).toBe(200);
    expect(again.data).toMatchObject({ code: 'test_fail', enabled: true, known: true });
  });

  it('run now: refresh customer counters reports and repairs drift; the run is recorded and logged', async () => {
    for (const phone of ['13800138001', '13800138002', '13800138003']) {
      await call(t.app, 'POST', '/api/system/customer/add', { token: admin, body: customerBody({ phone, agent_id: fx.sd.id }) });
    }
    // corrupt one counter group
    await t.handle.db.execute(sql`update customer_counts set n = n + 5 where agent_id = ${fx.sd.id}`);
    const tk = await task('refresh_customer_counters');
    const res = await runNow(tk.id);
    expect(res.status, res.msg).toBe(200);
    expect(res.data.run).toMatchObject({ status: 'success', trigger: 'manual', triggered_by: expect.any(Number) });
    const result = JSON.parse(res.data.run.result);
    expect(result).toMatchObject({ customers: 3, drifted_groups: 1, drifted_region_groups: 0 });
    expect(res.data.task).toMatchObject({ last_status: 'success', last_result: res.data.run.result, locked_until: null });
    expect(res.data.task.last_duration_ms).toBeGreaterThanOrEqual(0);
    const [counts] = await t.handle.db.select({ n: sql<number>`sum(n)` }).from(customerCounts);
    expect(Number(counts!.n)).toBe(3);
    const second = JSON.parse((await runNow(tk.id)).data.run.result);
    expect(second.drifted_groups).toBe(0);
    const logs = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'task'), eq(sysLog.action, 'run')));
    expect(logs.length).toBe(2);
    expect((await runNow(tk.id, op)).status).toBe(403);
    expect((await runNow(99999)).status).toBe(404);
  });

  it('a failing job is recorded as failed with its message', async () => {
    const tk = await task('test_fail');
    const res = await runNow(tk.id);
    expect(res.status).toBe(200);
    expect(res.data.run).toMatchObject({ status: 'failed', result: 'boom: the job failed' });
    expect(res.data.task).toMatchObject({ last_status: 'failed', last_result: 'boom: the job failed' });
    const runs = await call(t.app, 'GET', `${base}/runs`, { token: admin, query: { task_id: tk.id } });
    expect(runs.data.total).toBe(1);
    expect(runs.data.list[0]).toMatchObject({ status: 'failed', trigger: 'manual', triggered_by_name: '系统管理员' });
  });

  it('purge jobs delete expired sessions and used/expired SMS codes only', async () => {
    const old = new Date(Date.now() - 3 * 86400_000);
    const [u] = await t.handle.db.select().from(users).where(eq(users.username, 'op'));
    await t.handle.db.insert(sessions).values({ id: '00000000-0000-4000-8000-000000000001', user_id: u!.id, refresh_hash: 'x', expires_at: old });
    await t.handle.db.insert(smsCodes).values([
      { phone: '13800000001', code_hash: 'x', expires_at: old, created_at: old },
      { phone: '13800000002', code_hash: 'x', expires_at: new Date(Date.now() + 60_000) },
    ]);
    const s = await runNow((await task('purge_expired_sessions')).id);
    expect(JSON.parse(s.data.run.result)).toEqual({ deleted: 1 });
    const c = await runNow((await task('purge_sms_codes')).id);
    expect(JSON.parse(c.data.run.result)).toEqual({ deleted: 1 });
    expect(await t.handle.db.select().from(smsCodes)).toHaveLength(1);
    // the caller's own session is alive
    expect((await call(t.app, 'GET', `${base}/index`, { token: admin })).status).toBe(200);
  });

  it('the scheduler claims a due job once even with two apps on the same database', async () => {
    const second = await buildApp({ db: t.handle.db, config: t.config, dbKind: t.handle.kind });
    await second.ready();
    try {
      const tk = await task('test_count');
      const past = new Date(Date.now() - 60_000);
      // the only task due: a built-in one falling due now (a minute boundary) would be run and counted too
      await t.handle.db.update(scheduledTasks).set({ next_run_at: new Date(Date.now() + 3_600_000) });
      await t.handle.db.update(scheduledTasks).set({ next_run_at: past, enabled: true }).where(eq(scheduledTasks.id, tk.id));
      const s1 = createScheduler(t.handle.db, { tickSeconds: 0, leaseSeconds: 45 });
      const s2 = createScheduler(t.handle.db, { tickSeconds: 0, leaseSeconds: 45 });
      const before = counted;
      const ran = await Promise.all([s1.tick(), s2.tick(), s1.tick()]);
      expect(counted - before).toBe(1);
      expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
      const after = await task('test_count');
      expect(after.locked_until).toBeNull();
      expect(after.last_status).toBe('success');
      expect(after.next_run_at!.getTime()).toBeGreaterThan(Date.now());
      const runs = await t.handle.db.select().from(taskRuns).where(eq(taskRuns.task_id, tk.id));
      expect(runs).toHaveLength(1);
      expect(runs[0]!.trigger).toBe('schedule');
      // not due any more: nothing runs
      expect(await s2.tick()).toBe(0);
      await Promise.all([s1.stop(), s2.stop()]);
    } finally {
      await second.close();
    }
  });

  it('a task being run is not run again: run now gets 409 while it is locked', async () => {
    const tk = await task('test_count');
    await t.handle.db.update(scheduledTasks).set({ locked_until: new Date(Date.now() + 60_000) }).where(eq(scheduledTasks.id, tk.id));
    const res = await runNow(tk.id);
    expect(res.status).toBe(409);
    expect(res.msg).toBe('任务“测试计数”正在运行，请稍后再试');
    await t.handle.db.update(scheduledTasks).set({ locked_until: null }).where(eq(scheduledTasks.id, tk.id));
  });

  it('a disabled task is not run by the scheduler', async () => {
    const tk = await task('test_count');
    await t.handle.db.update(scheduledTasks).set({ next_run_at: new Date(Date.now() + 3_600_000) }); // no other task due
    await t.handle.db.update(scheduledTasks).set({ next_run_at: new Date(Date.now() - 1000), enabled: false }).where(eq(scheduledTasks.id, tk.id));
    const s = createScheduler(t.handle.db, { tickSeconds: 0, leaseSeconds: 45 });
    expect(await s.tick()).toBe(0);
  });

  it('a claim whose server died expires with its lease: the run is closed as interrupted, and the task runs again', async () => {
    const { db } = t.handle;
    const tk = await task('test_count');
    // a server claims the task, writes its run row and dies (kill -9): nothing renews or releases the claim
    const dead = await claimTask(db, tk.id, new Date(), false, 1500);
    expect(dead?.owner).toMatch(new RegExp(`/${process.pid}/`));
    const [orphan] = await db.insert(taskRuns).values({ task_id: tk.id, trigger: 'manual', status: 'running' }).returning();
    // while the lease holds, run now refuses
    expect((await runNow(tk.id)).status).toBe(409);
    await new Promise((r) => setTimeout(r, 1700));
    // the next tick of any server closes it
    const s = createScheduler(db, { tickSeconds: 0, leaseSeconds: 45 });
    await s.tick();
    const [closed] = await db.select().from(taskRuns).where(eq(taskRuns.id, orphan!.id));
    expect(closed).toMatchObject({ status: 'interrupted' });
    expect(closed!.finished_at).not.toBeNull();
    expect(await task('test_count')).toMatchObject({ last_status: 'interrupted', locked_until: null, lease_owner: null });
    // 立即执行 works again, and the history lists the interrupted run
    const again = await runNow(tk.id);
    expect(again.status, again.msg).toBe(200);
    expect(again.data.run.status).toBe('success');
    const runs = await call(t.app, 'GET', `${base}/runs`, { token: admin, query: { task_id: tk.id } });
    expect(runs.data.list.slice(0, 2).map((r: { status: string }) => r.status)).toEqual(['success', 'interrupted']);
    await s.stop();
  });

  it('run now takes an expired claim over by itself, closing the dead run', async () => {
    const { db } = t.handle;
    const tk = await task('test_count');
    await claimTask(db, tk.id, new Date(Date.now() - 60_000), false, 1000);
    const [orphan] = await db.insert(taskRuns).values({ task_id: tk.id, trigger: 'schedule', status: 'running' }).returning();
    const res = await runNow(tk.id);
    expect(res.status, res.msg).toBe(200);
    expect((await db.select().from(taskRuns).where(eq(taskRuns.id, orphan!.id)))[0]!.status).toBe('interrupted');
  });

  it('a long run keeps its lease by heartbeat: another server sweeping meanwhile leaves it alone', async () => {
    const { db } = t.handle;
    registerTestJob('test_slow', '测试慢任务', () => new Promise((r) => setTimeout(() => r({ marked: 1 }), 4500)));
    try {
      // the only task due: the built-in ones falling due meanwhile (a minute boundary in the 3.6 s) would be
      // run by the second server, rightly, and count in its tick
      await db.update(scheduledTasks).set({ next_run_at: new Date(Date.now() + 3_600_000) });
      await db.insert(scheduledTasks).values({ code: 'test_slow', name: '测试慢任务', cron: '0 0 1 1 *', next_run_at: new Date(Date.now() - 1000) });
      const [tk] = await db.select().from(scheduledTasks).where(eq(scheduledTasks.code, 'test_slow'));
      // a 3 s lease, renewed every second, outlived by the 4.5 s job
      const s1 = createScheduler(db, { tickSeconds: 0, leaseSeconds: 3 });
      const s2 = createScheduler(db, { tickSeconds: 0, leaseSeconds: 3 });
      const running = s1.tick();
      await new Promise((r) => setTimeout(r, 3600));
      expect(await s2.tick()).toBe(0);
      expect((await runNow(tk!.id)).status).toBe(409);
      expect(await running).toBe(1);
      const runs = await db.select().from(taskRuns).where(eq(taskRuns.task_id, tk!.id));
      expect(runs.map((r) => r.status)).toEqual(['success']);
      await Promise.all([s1.stop(), s2.stop()]);
    } finally {
      delete JOBS.test_slow;
      await db.delete(scheduledTasks).where(eq(scheduledTasks.code, 'test_slow'));
    }
  });

  it('customers table is untouched by the counters job', async () => {
    expect(await t.handle.db.select().from(customers)).toHaveLength(3);
  });

  it('every built-in job runs and reports only keys the console has labels for (contract TASK_RESULT_KEYS)', async () => {
    const known = new Set<string>(TASK_RESULT_KEYS);
    const builtIn = Object.keys(JOBS).filter((code) => !code.startsWith('test_'));
    expect(builtIn.length).toBeGreaterThan(10);
    for (const code of builtIn) {
      const res = await runNow((await task(code)).id);
      expect(res.status, `${code}: ${res.msg}`).toBe(200);
      expect(res.data.run.status, code).toBe('success');
      const keys = Object.keys(JSON.parse(res.data.run.result));
      expect(keys.length, code).toBeGreaterThan(0);
      expect(keys.filter((k) => !known.has(k)), code).toEqual([]);
    }
  });
});
