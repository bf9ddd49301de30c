import type { Db, Queryable } from '../db/client.ts';

/**
 * Set-based generation in resumable batches (inspections per plan period, rent bills per period;
 * docs/DECISIONS.md "Operation plans and inspections" and "Lease contracts and rent bills"):
 * a run row holds a cursor (the last source id done). Each batch is its own short transaction that
 * locks the run row FOR UPDATE — a second runner (another server, a retry) waits there and then
 * reads the cursor the first one left — inserts the next rows with ON CONFLICT DO NOTHING on the
 * generated table's unique key, and moves the cursor. A crash leaves an unfinished run that the
 * next call continues; nothing is ever made twice, and no transaction holds locks longer than a batch.
 */
export interface CursorRun {
  cursor: number;
  finished_at: Date | null;
}

export interface BatchOutcome {
  /** the last source id of the batch (null when it read nothing) */
  lastId: number | null;
  /** source rows read */
  seen: number;
  /** rows inserted (fewer than seen when some existed already) */
  created: number;
}

export interface CursorRunSpec<R extends CursorRun> {
  /** what the run is, for errors */
  name: string;
  /** the run row, locked FOR UPDATE */
  lock(tx: Queryable): Promise<R | undefined>;
  /** the next `limit` source rows after run.cursor, in id order, inserted set-based */
  batch(tx: Queryable, run: R, limit: number): Promise<BatchOutcome>;
  /** stores the progress: the new cursor, the counts, finished_at when done */
  save(tx: Queryable, run: R, progress: BatchOutcome & { cursor: number; done: boolean }): Promise<void>;
  /** in the transaction of the run's last batch */
  finish?(tx: Queryable, run: R): Promise<void>;
}

export interface BatchResult {
  seen: number;
  created: number;
  done: boolean;
}

/** A deadlock PostgreSQL broke by rolling this transaction back (drizzle wraps the driver's error). */
const deadlocked = (err: unknown): boolean => {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) if (e.code === '40P01') return true;
  return false;
};

/**
 * One batch of a run in its own transaction. A finished run does nothing. A batch PostgreSQL rolled
 * back to break a deadlock is run again (it changed nothing; its rows are still to make).
 */
export async function runBatch<R extends CursorRun>(db: Db, spec: CursorRunSpec<R>, limit: number): Promise<BatchResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await batchOnce(db, spec, limit);
    } catch (err) {
      if (attempt >= 3 || !deadlocked(err)) throw err;
    }
  }
}

function batchOnce<R extends CursorRun>(db: Db, spec: CursorRunSpec<R>, limit: number): Promise<BatchResult> {
  return db.transaction(async (tx) => {
    const run = await spec.lock(tx);
    if (!run) throw new Error(`no run: ${spec.name}`);
    if (run.finished_at) return { seen: 0, created: 0, done: true };
    const out = await spec.batch(tx, run, limit);
    const done = out.seen < limit;
    await spec.save(tx, run, { ...out, cursor: out.lastId ?? run.cursor, done });
    if (done && spec.finish) await spec.finish(tx, run);
    return { seen: out.seen, created: out.created, done };
  });
}

/** Batches until the run is finished (by this caller or by another one that got there first). */
export async function runToEnd<R extends CursorRun>(db: Db, spec: CursorRunSpec<R>, limit: number) {
  let seen = 0;
  let created = 0;
  let batches = 0;
  for (;;) {
    const r = await runBatch(db, spec, limit);
    seen += r.seen;
    created += r.created;
    batches++;
    if (r.done) return { seen, created, batches };
  }
}
