import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Db, query } from '../../db/client.ts';

/**
 * The system log's monthly partitions (migration sys_log_partitions): months of China time, a
 * partition `sys_log_YYYY_MM` each, created ahead by the task maintain_sys_log; `sys_log_legacy` holds
 * what was written before partitioning, `sys_log_default` whatever falls in a month without a partition.
 * With a retention of N months, partitions wholly older than the current month minus N are detached,
 * written to DATA_DIR/archive/sys_log/<name>.jsonl.gz (one JSON object per row) and dropped.
 */

/** Months created ahead of the current one. */
export const MONTHS_AHEAD = 3;
const CHINA_OFFSET_MS = 8 * 3600_000;
const ROWS_PER_READ = 5000;

/** The first instant of the China-time month `offset` months from the one holding `at`. */
export function monthStart(at: Date, offset = 0): Date {
  const china = new Date(at.getTime() + CHINA_OFFSET_MS);
  return new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth() + offset, 1) - CHINA_OFFSET_MS);
}

/** sys_log_2026_12 for the month starting at `start`. */
export function partitionName(start: Date): string {
  const china = new Date(start.getTime() + CHINA_OFFSET_MS);
  return `sys_log_${china.getUTCFullYear()}_${String(china.getUTCMonth() + 1).padStart(2, '0')}`;
}

interface Partition {
  name: string;
  /** the exclusive upper bound; null for the default partition */
  until: Date | null;
}

/** The partitions attached to sys_log, with their upper bounds. */
export async function partitions(db: Db): Promise<Partition[]> {
  const rows = await query<{ name: string; until: Date | string | null }>(
    db,
    sql`select c.relname as name, (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \\(''([^'']+)''\\)'))[1]::timestamptz as until
        from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'sys_log'::regclass order by c.relname`,
  );
  return rows.map((r) => ({ name: r.name, until: r.until === null ? null : new Date(r.until) }));
}

/** Tables of the system log that are no longer attached (a detach whose archive did not finish). */
async function detached(db: Db): Promise<string[]> {
  const rows = await query<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r' and c.relname ~ '^sys_log_(\\d{4}_\\d{2}|legacy)$'
          and not exists (select 1 from pg_inherits i where i.inhrelid = c.oid)`,
  );
  return rows.map((r) => r.name);
}

/**
 * Makes the partition of the month starting at `start`. Rows of that month already in the default
 * partition move into it: it is made as a plain table, filled from the default, and attached — in one
 * transaction (the attach checks the default holds none of the month any more).
 */
async function createMonth(db: Db, start: Date): Promise<number> {
  const name = partitionName(start);
  const from = start.toISOString();
  const to = monthStart(start, 1).toISOString();
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`create table ${name} (like sys_log including defaults including constraints)`));
    const moved = await query<{ id: number }>(
      tx,
      sql`with gone as (delete from sys_log_default where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz returning *)
          insert into ${sql.raw(name)} select * from gone returning id`,
    );
    await tx.execute(sql.raw(`alter table sys_log attach partition ${name} for values from ('${from}') to ('${to}')`));
    return moved.length;
  });
}

/** Writes a detached table to `dir`/<name>.jsonl.gz (rows in id order, read in batches), then drops it. */
async function archive(db: Db, name: string, dir: string): Promise<number> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${name}.jsonl.gz`);
  const partial = `${file}.partial`;
  let rows = 0;
  const lines = async function* () {
    let after = -1;
    for (;;) {
      const batch = await query<{ id: number; line: string }>(db, sql`select id, row_to_json(t)::text as line from ${sql.raw(name)} t where id > ${after} order by id limit ${ROWS_PER_READ}`);
      for (const r of batch) yield r.line + '\n';
      rows += batch.length;
      if (batch.length < ROWS_PER_READ) return;
      after = Number(batch.at(-1)!.id);
    }
  };
  try {
    await pipeline(Readable.from(lines()), createGzip({ level: 6 }), createWriteStream(partial, { mode: 0o600 }));
    const [count] = await query<{ n: number }>(db, sql`select count(*)::int as n from ${sql.raw(name)}`);
    if (count!.n !== rows) throw new Error(`${name}: ${rows} rows archived, ${count!.n} in the table`);
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  await db.execute(sql.raw(`drop table ${name}`));
  return rows;
}

export interface MaintainResult {
  /** partitions made (months ahead, or a month whose rows waited in the default partition) */
  partitions_created: number;
  /** rows moved out of the default partition into their month */
  rows_moved: number;
  /** partitions detached and archived, and their rows */
  months_archived: number;
  rows_archived: number;
  [k: string]: number | string;
}

/**
 * The task maintain_sys_log: partitions for this month and MONTHS_AHEAD more (and for any month whose
 * rows sit in the default partition), then, with a retention, the months before it archived to
 * `archiveDir` and dropped. Without an archive folder (no DATA_DIR) nothing is ever dropped.
 */
export async function maintainSysLog(db: Db, now: Date, opts: { retentionMonths: number; archiveDir: string | null }): Promise<MaintainResult> {
  const result: MaintainResult = { partitions_created: 0, rows_moved: 0, months_archived: 0, rows_archived: 0 };
  // first what leaves: months wholly before the retention, and any table detached by a run that stopped half-way
  if (opts.retentionMonths > 0 && opts.archiveDir) {
    const cutoff = monthStart(now, -opts.retentionMonths);
    for (const p of await partitions(db)) {
      if (p.until && p.until <= cutoff) await db.execute(sql.raw(`alter table sys_log detach partition ${p.name}`));
    }
    for (const name of await detached(db)) {
      result.rows_archived += await archive(db, name, opts.archiveDir);
      result.months_archived++;
    }
  }
  // then the months ahead, and any month whose rows wait in the default partition
  const existing = await partitions(db);
  const attached = new Set(existing.map((p) => p.name));
  const legacyUntil = existing.find((p) => p.name === 'sys_log_legacy')?.until ?? null;
  const waiting = await query<{ month: string }>(db, sql`select distinct date_trunc('month', created_at at time zone interval '08:00')::date::text as month from sys_log_default`);
  const starts = new Map<string, Date>();
  for (let i = 0; i <= MONTHS_AHEAD; i++) starts.set(partitionName(monthStart(now, i)), monthStart(now, i));
  for (const { month } of waiting) {
    const start = new Date(`${month}T00:00:00+08:00`);
    starts.set(partitionName(start), start);
  }
  for (const [name, start] of [...starts].sort(([a], [b]) => a.localeCompare(b))) {
    // a month the legacy partition still covers has no partition of its own
    if (attached.has(name) || (legacyUntil && start < legacyUntil)) continue;
    result.rows_moved += await createMonth(db, start);
    result.partitions_created++;
  }
  return result;
}
