import { and, asc, eq, isNull, lt, lte, or } from 'drizzle-orm';
import { nextCronTime } from '@pv/contract';
import type { Db } from '../../db/client.ts';
import { scheduledTasks, taskRuns } from '../../db/schema/index.ts';
import { JOBS, jobOf } from './jobs.ts';

type TaskRow = typeof scheduledTasks.$inferSelect;
type RunRow = typeof taskRuns.$inferSelect;

/** How long a claim holds a task: a process that dies mid-run frees it after this. */
export const TASK_LOCK_MS = 10 * 60 * 1000;

const nextRun = (cron: string, after: Date): Date | null => {
  try {
    return nextCronTime(cron, after);
  } catch {
    return null; // a stored expression that no longer parses: the task waits until it is edited
  }
};

/** Inserts the jobs the server knows that the table lacks (first start, or a job added in a new version). */
export async function seedTasks(db: Db, now = new Date()): Promise<number> {
  let added = 0;
  for (const job of Object.values(JOBS)) {
    const rows = await db
      .insert(scheduledTasks)
      .values({ code: job.code, name: job.name.zh, description: job.description.zh, cron: job.cron, enabled: true, next_run_at: nextRun(job.cron, now) })
      .onConflictDoNothing({ target: scheduledTasks.code })
      .returning({ id: scheduledTasks.id });
    added += rows.length;
  }
  return added;
}

/**
 * Claims one task atomically: the conditional UPDATE ... RETURNING succeeds for exactly one caller,
 * however many processes race for it (the row lock serialises them and the loser's WHERE no longer
 * matches). `due`: only when next_run_at has come (scheduled runs); run-now claims any unlocked task.
 */
export async function claimTask(db: Db, id: number, now: Date, due: boolean): Promise<TaskRow | undefined> {
  const free = or(isNull(scheduledTasks.locked_until), lt(scheduledTasks.locked_until, now));
  const where = due ? and(eq(scheduledTasks.id, id), free, eq(scheduledTasks.enabled, true), lte(scheduledTasks.next_run_at, now)) : and(eq(scheduledTasks.id, id), free);
  const [row] = await db
    .update(scheduledTasks)
    .set({ locked_until: new Date(now.getTime() + TASK_LOCK_MS), last_status: 'running' })
    .where(where)
    .returning();
  return row;
}

/** Runs a claimed task: one task_runs row, the task's last_* columns, the lock released, next_run_at moved on. */
export async function runClaimed(db: Db, task: TaskRow, trigger: 'schedule' | 'manual', userId: number | null = null): Promise<RunRow> {
  const started = new Date();
  const [run] = await db.insert(taskRuns).values({ task_id: task.id, trigger, triggered_by: userId, started_at: started, status: 'running' }).returning();
  const t0 = performance.now();
  let status: 'success' | 'failed' = 'success';
  let result: string;
  try {
    const job = jobOf(task.code);
    if (!job) throw new Error(`unknown job "${task.code}"`);
    result = JSON.stringify(await job.run({ db, now: started }));
  } catch (err) {
    status = 'failed';
    result = err instanceof Error ? err.message : String(err);
  }
  const duration = Math.round(performance.now() - t0);
  const finished = new Date();
  const [done] = await db.update(taskRuns).set({ status, result, duration_ms: duration, finished_at: finished }).where(eq(taskRuns.id, run!.id)).returning();
  // a scheduled run moves the schedule on; run-now keeps it (unless there was none)
  const next = trigger === 'schedule' || !task.next_run_at ? (task.enabled ? nextRun(task.cron, finished) : null) : task.next_run_at;
  await db
    .update(scheduledTasks)
    .set({ locked_until: null, last_run_at: started, last_status: status, last_result: result, last_duration_ms: duration, next_run_at: next })
    .where(eq(scheduledTasks.id, task.id));
  return done!;
}

export interface Scheduler {
  /** one pass: claim and run every due task; returns how many this process ran */
  tick(now?: Date): Promise<number>;
  start(): void;
  /** stops ticking and waits for a run in progress */
  stop(): Promise<void>;
}

export function createScheduler(db: Db, opts: { tickSeconds: number; onError?: (err: unknown) => void }): Scheduler {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const tick = async (now = new Date()) => {
    const due = await db
      .select({ id: scheduledTasks.id })
      .from(scheduledTasks)
      .where(
        and(
          eq(scheduledTasks.enabled, true),
          lte(scheduledTasks.next_run_at, now),
          or(isNull(scheduledTasks.locked_until), lt(scheduledTasks.locked_until, now)),
        ),
      )
      .orderBy(asc(scheduledTasks.next_run_at))
      .limit(20);
    let ran = 0;
    for (const { id } of due) {
      if (stopped) break;
      const task = await claimTask(db, id, now, true);
      if (!task) continue; // another process got it
      await runClaimed(db, task, 'schedule');
      ran++;
    }
    return ran;
  };

  const loop = () => {
    timer = setTimeout(() => {
      running = tick()
        .catch((err) => opts.onError?.(err))
        .finally(() => {
          if (!stopped) loop();
        });
    }, opts.tickSeconds * 1000);
    timer.unref();
  };

  return {
    tick,
    start() {
      if (opts.tickSeconds > 0 && !timer && !stopped) loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

/** For the API's "is it running" message. */
export const isLocked = (task: TaskRow, now = new Date()) => task.locked_until !== null && task.locked_until.getTime() > now.getTime();
