import type { Db, Queryable } from '../db/client.ts';

/**
 * A generation run that walks a large table by id in batches (docs/DECISIONS.md "Operation plans
 * and inspections": the inspection generator's pattern, shared by the revenue estimates). Each batch
 * is its own short transaction: lock the run's row (a second runner waits, then reads the cursor the
 * first one left), insert the next rows with ON CONFLICT DO NOTHING on the natural key, advance the
 * cursor; the last batch marks the run finished in the same transaction. A crash leaves an
 * unfinished run that the next call continues at its cursor; nothing is ever made twice.
 */
export interface RunState {
  cursor: number;
  finished_at: Date | null;
}

export interface BatchOutcome {
  /** the last id the batch read (null: none read) */
  last_id: number | null;
  /** rows read */
  seen: number;
  /** rows made (fewer than seen when some existed already) */
  created: number;
}

export interface BatchedRun<R extends RunState> {
  /** SELECT … FOR UPDATE of the run's row; undefined when it does not exist */
  lock(tx: Queryable): Promise<R | undefined>;
  /** the next batch after `run.cursor`, at most `limit` rows */
  batch(tx: Queryable, run: R, limit: number): Promise<BatchOutcome>;
  /** store the new cursor and counts; `done` = this was the last batch (set finished_at, and whatever follows a finished run) */
  save(tx: Queryable, run: R, outcome: BatchOutcome & { cursor: number; done: boolean }): Promise<void>;
}

/** One batch in its own transaction. */
export async function runBatch<R extends RunState>(db: Db, run: BatchedRun<R>, limit: number): Promise<BatchOutcome & { done: boolean }> {
  return db.transaction(async (tx) => {
    const state = await run.lock(tx);
    if (!state) throw new Error('no run to continue');
    if (state.finished_at) return { last_id: null, seen: 0, created: 0, done: true };
    const outcome = await run.batch(tx, state, limit);
    const done = outcome.seen < limit;
    await run.save(tx, state, { ...outcome, cursor: outcome.last_id ?? state.cursor, done });
    return { ...outcome, done };
  });
}

/** Batches until the run is finished. */
export async function runToEnd<R extends RunState>(db: Db, run: BatchedRun<R>, limit: number) {
  let seen = 0;
  let created = 0;
  let batches = 0;
  for (;;) {
    const r = await runBatch(db, run, limit);
    seen += r.seen;
    created += r.created;
    batches++;
    if (r.done) return { seen, created, batches };
  }
}
