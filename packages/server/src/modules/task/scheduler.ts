import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import { nextCronTime } from '@pv/contract';
import type { Db } from '../../db/client.ts';
import { scheduledTasks, taskRuns } from '../../db/schema/index.ts';
import { JOB_BUCKETS, type Metrics } from '../../http/metrics.ts';
import { JOBS, type JobSettings, jobOf } from './jobs.ts';

type TaskRow = typeof scheduledTasks.$inferSelect;
type RunRow = typeof taskRuns.$inferSelect;

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

/** A claimed task: the row and the token that holds its lease. */
export interface Claim {
  task: TaskRow;
  owner: string;
}

const free = (now: Date) => or(isNull(scheduledTasks.locked_until), lt(scheduledTasks.locked_until, now));

/**
 * Claims one task atomically: the conditional UPDATE ... RETURNING succeeds for exactly one caller,
 * however many processes race for it (the row lock serialises them and the loser's WHERE no longer
 * matches). `due`: only when next_run_at has come (scheduled runs); run-now claims any task whose lease
 * is free. A lease that expired (its holder died) is free: the holder's run row is closed as interrupted.
 */
export async function claimTask(db: Db, id: number, now: Date, due: boolean, leaseMs: number): Promise<Claim | undefined> {
  // which process holds it (an operator reading the table, the kill -9 test), and a token of this claim
  const owner = `${hostname().slice(0, 32)}/${process.pid}/${randomBytes(9).toString('base64url')}`;
  const where = due ? and(eq(scheduledTasks.id, id), free(now), eq(scheduledTasks.enabled, true), lte(scheduledTasks.next_run_at, now)) : and(eq(scheduledTasks.id, id), free(now));
  const [task] = await db
    .update(scheduledTasks)
    .set({ locked_until: new Date(now.getTime() + leaseMs), lease_owner: owner, last_status: 'running' })
    .where(where)
    .returning();
  if (!task) return undefined;
  // this claim holds the lease: a run of this task still marked running belongs to a holder that lost it
  await db
    .update(taskRuns)
    .set({ status: 'interrupted', finished_at: now })
    .where(and(eq(taskRuns.task_id, id), eq(taskRuns.status, 'running')));
  return { task, owner };
}

/**
 * Closes the claims whose lease expired (the process running them died or hung past the lease without
 * a heartbeat): the task is free again, its last status and its run row say interrupted. `skip`: tasks
 * this process runs right now (its own heartbeat may merely be late).
 */
export async function closeExpiredClaims(db: Db, now: Date, skip: ReadonlySet<number> = new Set()): Promise<number[]> {
  const expired = await db
    .select({ id: scheduledTasks.id, owner: scheduledTasks.lease_owner })
    .from(scheduledTasks)
    .where(and(isNotNull(scheduledTasks.lease_owner), lt(scheduledTasks.locked_until, now)));
  const closed: number[] = [];
  for (const { id, owner } of expired) {
    if (skip.has(id)) continue;
    const [won] = await db
      .update(scheduledTasks)
      .set({ locked_until: null, lease_owner: null, last_status: 'interrupted' })
      .where(and(eq(scheduledTasks.id, id), eq(scheduledTasks.lease_owner, owner!), lt(scheduledTasks.locked_until, now)))
      .returning({ id: scheduledTasks.id });
    if (!won) continue; // renewed or closed by another process meanwhile
    await db
      .update(taskRuns)
      .set({ status: 'interrupted', finished_at: now })
      .where(and(eq(taskRuns.task_id, id), eq(taskRuns.status, 'running')));
    closed.push(id);
  }
  return closed;
}

export interface RunOptions {
  leaseMs: number;
  settings?: JobSettings;
  /** called with every finished run (metrics) */
  onFinished?: (code: string, status: 'success' | 'failed', seconds: number) => void;
  /** a heartbeat found the lease taken over (this process stalled past it) */
  onLeaseLost?: (code: string) => void;
}

/**
 * Runs a claimed task: one task_runs row, the task's last_* columns, the lease released, next_run_at
 * moved on. While the job runs a heartbeat renews the lease every third of it; the renewal and the
 * release touch the task only while this claim still owns it.
 */
export async function runClaimed(db: Db, { task, owner }: Claim, trigger: 'schedule' | 'manual', userId: number | null, opts: RunOptions): Promise<RunRow> {
  const started = new Date();
  const [run] = await db.insert(taskRuns).values({ task_id: task.id, trigger, triggered_by: userId, started_at: started, status: 'running' }).returning();
  const mine = and(eq(scheduledTasks.id, task.id), eq(scheduledTasks.lease_owner, owner));
  const heartbeat = setInterval(() => {
    db.update(scheduledTasks)
      .set({ locked_until: new Date(Date.now() + opts.leaseMs) })
      .where(mine)
      .returning({ id: scheduledTasks.id })
      .then(
        (rows) => rows.length === 0 && opts.onLeaseLost?.(task.code),
        () => {}, // the next beat tries again; the lease outlives two missed beats
      );
  }, Math.max(1000, Math.floor(opts.leaseMs / 3)));
  heartbeat.unref();
  const t0 = performance.now();
  let status: 'success' | 'failed' = 'success';
  let result: string;
  try {
    const job = jobOf(task.code);
    if (!job) throw new Error(`unknown job "${task.code}"`);
    result = JSON.stringify(await job.run({ db, now: started, settings: opts.settings }));
  } catch (err) {
    status = 'failed';
    result = err instanceof Error ? err.message : String(err);
  } finally {
    clearInterval(heartbeat);
  }
  const duration = Math.round(performance.now() - t0);
  opts.onFinished?.(task.code, status, duration / 1000);
  const finished = new Date();
  // a run closed as interrupted meanwhile (its lease was taken over) keeps that status
  const [done] = await db
    .update(taskRuns)
    .set({ status, result, duration_ms: duration, finished_at: finished })
    .where(and(eq(taskRuns.id, run!.id), eq(taskRuns.status, 'running')))
    .returning();
  // a scheduled run moves the schedule on; run-now keeps it (unless there was none)
  const next = trigger === 'schedule' || !task.next_run_at ? (task.enabled ? nextRun(task.cron, finished) : null) : task.next_run_at;
  await db
    .update(scheduledTasks)
    .set({ locked_until: null, lease_owner: null, last_run_at: started, last_status: status, last_result: result, last_duration_ms: duration, next_run_at: next })
    .where(mine);
  return done ?? (await db.select().from(taskRuns).where(eq(taskRuns.id, run!.id)))[0]!;
}

export interface Scheduler {
  /** one pass: close expired claims, claim and run every due task; returns how many this process ran */
  tick(now?: Date): Promise<number>;
  /** run-now: the run, or null while the task runs (here or elsewhere); undefined when there is no such task */
  runNow(id: number, userId: number | null): Promise<RunRow | null | undefined>;
  start(): void;
  /** stops ticking and waits up to `waitMs` for runs in progress (they are abandoned after that: their lease expires) */
  stop(waitMs?: number): Promise<void>;
}

export function createScheduler(
  db: Db,
  opts: { tickSeconds: number; leaseSeconds: number; settings?: JobSettings; metrics?: Metrics; onError?: (err: unknown) => void; onWarn?: (msg: string) => void },
): Scheduler {
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const leaseMs = opts.leaseSeconds * 1000;
  /** tasks this process is running now: their claims and runs */
  const runningHere = new Map<number, { claim: Claim; done: Promise<unknown> }>();

  const runs = opts.metrics?.counter('pv_job_runs_total', 'Scheduled task runs by task and outcome (success, failed; interrupted: closed after its server died)');
  const durations = opts.metrics?.histogram('pv_job_duration_seconds', 'Scheduled task run time by task', JOB_BUCKETS);
  opts.metrics?.gauge('pv_job_running', 'Scheduled tasks this server is running now', () => runningHere.size);
  const runOptions: RunOptions = {
    leaseMs,
    settings: opts.settings,
    onFinished: (code, status, seconds) => {
      runs?.inc({ task: code, status });
      durations?.observe({ task: code }, seconds);
    },
    onLeaseLost: (code) => opts.onWarn?.(`scheduled task ${code}: its lease was taken over while it ran (this server stalled longer than TASK_LEASE_SECONDS)`),
  };

  const run = async (claim: Claim, trigger: 'schedule' | 'manual', userId: number | null) => {
    const done = runClaimed(db, claim, trigger, userId, runOptions);
    runningHere.set(claim.task.id, { claim, done });
    try {
      return await done;
    } finally {
      runningHere.delete(claim.task.id);
    }
  };

  const closeExpired = async (now: Date) => {
    const closed = await closeExpiredClaims(db, now, new Set(runningHere.keys()));
    if (closed.length) {
      const codes = await db.select({ code: scheduledTasks.code }).from(scheduledTasks).where(or(...closed.map((id) => eq(scheduledTasks.id, id))));
      for (const { code } of codes) runs?.inc({ task: code, status: 'interrupted' });
      opts.onWarn?.(`scheduled tasks ${codes.map((c) => c.code).join(', ')}: the server running them stopped mid-run; recorded as interrupted`);
    }
  };

  const tick = async (now = new Date()) => {
    await closeExpired(now);
    const due = await db
      .select({ id: scheduledTasks.id })
      .from(scheduledTasks)
      .where(and(eq(scheduledTasks.enabled, true), lte(scheduledTasks.next_run_at, now), free(now)))
      .orderBy(asc(scheduledTasks.next_run_at))
      .limit(20);
    let ran = 0;
    for (const { id } of due) {
      if (stopped) break;
      if (runningHere.has(id)) continue;
      const claim = await claimTask(db, id, now, true, leaseMs);
      if (!claim) continue; // another process got it
      await run(claim, 'schedule', null);
      ran++;
    }
    return ran;
  };

  const loop = () => {
    timer = setTimeout(() => {
      ticking = tick()
        .catch((err) => opts.onError?.(err))
        .finally(() => {
          if (!stopped) loop();
        });
    }, opts.tickSeconds * 1000);
    timer.unref();
  };

  return {
    tick,
    async runNow(id, userId) {
      if (runningHere.has(id)) return null;
      const now = new Date();
      const claim = await claimTask(db, id, now, false, leaseMs);
      if (!claim) {
        const [exists] = await db.select({ id: scheduledTasks.id }).from(scheduledTasks).where(eq(scheduledTasks.id, id));
        return exists ? null : undefined;
      }
      return run(claim, 'manual', userId);
    },
    start() {
      if (opts.tickSeconds > 0 && !timer && !stopped) loop();
    },
    async stop(waitMs = 2000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([ticking, ...[...runningHere.values()].map((r) => r.done)]),
        new Promise((r) => {
          timeout = setTimeout(r, waitMs);
        }),
      ]);
      clearTimeout(timeout);
      // a run still going when the database is about to close cannot finish: say so now rather than
      // leave its lease to expire (the jobs resume where they stopped on their next run)
      const now = new Date();
      for (const { claim } of runningHere.values()) {
        const mine = and(eq(scheduledTasks.id, claim.task.id), eq(scheduledTasks.lease_owner, claim.owner));
        await db.update(scheduledTasks).set({ locked_until: null, lease_owner: null, last_status: 'interrupted' }).where(mine).catch(opts.onError);
        await db
          .update(taskRuns)
          .set({ status: 'interrupted', finished_at: now })
          .where(and(eq(taskRuns.task_id, claim.task.id), eq(taskRuns.status, 'running')))
          .catch(opts.onError);
        runs?.inc({ task: claim.task.code, status: 'interrupted' });
      }
    },
  };
}
