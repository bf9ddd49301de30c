import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/db/client.ts';
import { maintainSysLog, monthStart, partitionName, partitions } from '../src/modules/syslog/partitions.ts';
import { call, login, startApp, type TestApp } from './helpers.ts';

/**
 * sys_log retention (issue 29 point 7): monthly partitions of China time on both databases, made
 * ahead by the task maintain_sys_log; months past SYSLOG_RETENTION_MONTHS detached, archived to a
 * file and dropped; the system log page reads across partitions as before.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await login(t.app);
});
afterAll(async () => t?.close());

const months = (n: number) => monthStart(new Date(), n);
/** A log row written at `at` (the page's own rows come from real writes; these stand for other months). */
async function logAt(at: Date, note: string): Promise<number> {
  const [row] = await query<{ id: number }>(t.handle.db, sql`insert into sys_log (action, resource, username, after, created_at) values ('edit', 'customer', 'admin', ${JSON.stringify({ note })}::jsonb, ${at.toISOString()}::timestamptz) returning id`);
  return Number(row!.id);
}
const partitionOf = async (id: number) => (await query<{ part: string }>(t.handle.db, sql`select tableoid::regclass::text as part from sys_log where id = ${id}`))[0]?.part;
const pageIds = async () => {
  const res = await call(t.app, 'GET', '/api/system/syslog/index', { token: admin, query: { resource: 'customer', limit: 100 } });
  expect(res.status, res.msg).toBe(200);
  return (res.data.list as Array<{ id: number }>).map((r) => Number(r.id));
};

describe('system log partitions', () => {
  it('the migration made the partitions: everything written before it, then a month each ahead, and a default', async () => {
    const names = (await partitions(t.handle.db)).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['sys_log_legacy', 'sys_log_default', partitionName(months(1)), partitionName(months(2)), partitionName(months(3))]));
  });

  it('rows land in their China-time month, and the page lists and opens them across partitions', async () => {
    const old = await logAt(new Date(Date.now() - 400 * 86400_000), '一年多以前');
    // 01:00 on the 1st in China is still the previous day in UTC: the China month counts
    const firstOfNext = new Date(months(1).getTime() + 3600_000);
    const next = await logAt(firstOfNext, '下月一号凌晨');
    const later = await logAt(months(6), '半年后');
    expect(await partitionOf(old)).toBe('sys_log_legacy');
    expect(await partitionOf(next)).toBe(partitionName(months(1)));
    expect(await partitionOf(later)).toBe('sys_log_default');
    const ids = await pageIds();
    expect(ids).toEqual(expect.arrayContaining([old, next, later]));
    // newest first, across partitions
    expect(ids.indexOf(later)).toBeLessThan(ids.indexOf(next));
    expect(ids.indexOf(next)).toBeLessThan(ids.indexOf(old));
    for (const id of [old, next, later]) {
      const info = await call(t.app, 'GET', '/api/system/syslog/get_info', { token: admin, query: { id } });
      expect(info.status, info.msg).toBe(200);
      expect(Number(info.data.id)).toBe(id);
    }
  });

  it('the task makes the months ahead and moves rows waiting in the default partition into their month', async () => {
    const [waiting] = await query<{ id: number }>(t.handle.db, sql`select id from sys_log where tableoid = 'sys_log_default'::regclass`);
    // five months on: months 5..8 are made, month 6 takes the row from the default partition
    const result = await maintainSysLog(t.handle.db, months(5), { retentionMonths: 0, archiveDir: null });
    expect(result).toMatchObject({ partitions_created: 4, rows_moved: 1, months_archived: 0 });
    expect(await partitionOf(Number(waiting!.id))).toBe(partitionName(months(6)));
    expect(await query(t.handle.db, sql`select 1 from sys_log_default`)).toEqual([]);
    // run again: nothing to do
    expect(await maintainSysLog(t.handle.db, months(5), { retentionMonths: 0, archiveDir: null })).toMatchObject({ partitions_created: 0, rows_moved: 0 });
  });

  it('with a retention, older months are detached, archived to a file (one JSON row per line) and dropped; the page shows the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pv-syslog-archive-'));
    const before = await pageIds();
    // at month 4 with 2 months kept, everything before month 2 goes: the legacy partition and month 1
    const gone = await query<{ id: number; part: string }>(
      t.handle.db,
      sql`select id, tableoid::regclass::text as part from sys_log where created_at < ${months(2).toISOString()}::timestamptz`,
    );
    expect(gone.length).toBeGreaterThan(2);
    const result = await maintainSysLog(t.handle.db, months(4), { retentionMonths: 2, archiveDir: dir });
    expect(result).toMatchObject({ months_archived: 2, rows_archived: gone.length });
    expect(readdirSync(dir).sort()).toEqual([`${partitionName(months(1))}.jsonl.gz`, 'sys_log_legacy.jsonl.gz'].sort());
    const archived = readdirSync(dir).flatMap((f) => gunzipSync(readFileSync(join(dir, f))).toString('utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: number; action: string; created_at: string }));
    expect(archived.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(gone.map((r) => Number(r.id)).sort((a, b) => a - b));
    expect(archived[0]).toHaveProperty('action');
    const names = (await partitions(t.handle.db)).map((p) => p.name);
    expect(names).not.toContain('sys_log_legacy');
    expect(names).not.toContain(partitionName(months(1)));
    expect(await pageIds()).toEqual(before.filter((id) => !gone.some((g) => Number(g.id) === id)));
    // writes go on as before
    expect((await call(t.app, 'POST', '/api/system/customer/add', { token: admin, body: { name: '分区后', phone: '13900001111', province_code: '370000', source: 'phone' } })).status).toBe(200);
  });

  it('a month detached but not archived (the server stopped half-way) is archived by the next run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pv-syslog-archive-'));
    const name = partitionName(months(2));
    await logAt(new Date(months(2).getTime() + 86400_000), '第二个月');
    await t.handle.db.execute(sql.raw(`alter table sys_log detach partition ${name}`));
    const result = await maintainSysLog(t.handle.db, months(2), { retentionMonths: 6, archiveDir: dir });
    expect(result).toMatchObject({ months_archived: 1, rows_archived: 1 });
    expect(readdirSync(dir)).toEqual([`${name}.jsonl.gz`]);
  });
});
