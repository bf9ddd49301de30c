import { join } from 'node:path';
import { cronProblem, nextCronTime, taskCreateSchema, taskEditSchema, taskQuickFieldSchemas, taskRunSchema, taskRunsQuerySchema, TASK_QUICK_FIELDS, updateFieldSchema } from '@pv/contract';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { scheduledTasks, taskRuns } from '../../db/schema/index.ts';
import { actorOf, authOf, type Deps, input } from '../../http/deps.ts';
import { ApiError, notFound, ok } from '../../http/errors.ts';
import { cached } from '../../http/metrics.ts';
import { t } from '../../http/messages.ts';
import { doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import { quickValue } from '../menu/resource.ts';
import { defineResource } from '../../resources/define.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord, mutate } from '../../resources/service.ts';
import { plainRow } from '../present.ts';
import { leaveForeground } from '../../db/foreground.ts';
import { writeLog } from '../system/syslog.ts';
import { JOBS } from './jobs.ts';
import { createScheduler, seedTasks } from './scheduler.ts';

type Row = Record<string, unknown>;

/** A cron expression that parses, or a 400 saying what is wrong in the caller's language. */
export function checkCron(cron: string) {
  const problem = cronProblem(cron);
  if (!problem) return;
  throw new ApiError(400, 'error.cron_invalid', { cron }, (lang) => {
    const field = problem.params.field ? t(`cron.field.${problem.params.field}`, lang) : '';
    return t('error.cron_invalid', lang, { cron, reason: t(problem.key, lang, { ...problem.params, field }) });
  });
}

const nextFor = (cron: string, enabled: boolean) => (enabled ? nextCronTime(cron, new Date()) : null);

export const taskResource = defineResource({
  name: 'task',
  permission: 'task',
  table: scheduledTasks,
  ops: ['index', 'get_info', 'add', 'edit', 'del'],
  createSchema: taskCreateSchema,
  editSchema: taskEditSchema,
  sorts: { id: scheduledTasks.id, name: scheduledTasks.name, code: scheduledTasks.code, next_run_at: scheduledTasks.next_run_at, last_run_at: scheduledTasks.last_run_at },
  defaultSort: { field: 'id', order: 'ASC' },
  filters: {},
  search: [scheduledTasks.name, scheduledTasks.code],
  quickFields: {},
  scope: () => undefined,
  present(row, lang) {
    const out = plainRow(row);
    const job = JOBS[String(row.code)];
    out.known = !!job;
    // the seeded name and description are Chinese; an English caller sees the job's English ones until they are edited
    out.label = job && row.name === job.name.zh ? job.name[lang] : row.name;
    out.description_label = job && row.description === job.description.zh ? job.description[lang] : row.description;
    return out;
  },
  async prepareCreate(input, { tx }) {
    const code = String(input.code);
    if (!(code in JOBS)) throw new ApiError(400, 'error.task_unknown_job', { code, codes: Object.keys(JOBS).join(', ') });
    const [taken] = await tx.select({ id: scheduledTasks.id }).from(scheduledTasks).where(eq(scheduledTasks.code, code));
    if (taken) throw new ApiError(400, 'error.task_code_taken', { code });
    checkCron(String(input.cron));
    const enabled = input.enabled !== false;
    return { ...input, description: input.description ?? '', enabled, next_run_at: nextFor(String(input.cron), enabled) };
  },
  async prepareEdit(input, before) {
    if (input.cron !== undefined) checkCron(String(input.cron));
    const cron = String(input.cron ?? before.cron);
    const enabled = (input.enabled ?? before.enabled) as boolean;
    const out: Row = { ...input };
    if (input.description === null) out.description = '';
    if (input.cron !== undefined || input.enabled !== undefined) out.next_run_at = nextFor(cron, enabled);
    return out;
  },
});

export function taskRoutes(app: FastifyInstance, deps: Deps) {
  const { db, config } = deps;
  const scheduler = createScheduler(db, {
    tickSeconds: config.taskTickSeconds,
    leaseSeconds: config.taskLeaseSeconds,
    settings: { syslogRetentionMonths: config.syslogRetentionMonths, archiveDir: config.dataDir ? join(config.dataDir, 'archive') : null },
    metrics: app.metrics,
    onError: (err) => app.log.error({ err }, 'scheduled task tick failed'),
    onWarn: (msg) => app.log.warn(msg),
  });
  app.addHook('onReady', async () => {
    await seedTasks(db);
    scheduler.start();
  });
  // scheduler lag: how far past its next run each enabled task is (0 when on time; the database's view, the same on every server)
  const lag = cached(15_000, () =>
    db.select({ code: scheduledTasks.code, next: scheduledTasks.next_run_at }).from(scheduledTasks).where(eq(scheduledTasks.enabled, true)),
  );
  app.metrics.gauge('pv_task_overdue_seconds', 'Seconds an enabled scheduled task is past its next run (the scheduler is behind or not running)', async () => {
    const now = Date.now();
    return (await lag()).map((t) => [{ task: t.code }, t.next ? Math.max(0, (now - t.next.getTime()) / 1000) : 0]);
  });
  app.addHook('onClose', async () => scheduler.stop());

  resourceRoutes(app, deps, taskResource);

  app.post(
    '/api/system/task/update_field',
    {
      config: { permission: 'task:update_field' },
      schema: doc('task', `Change one field of a task: ${TASK_QUICK_FIELDS.join(', ')} (next run recomputed)`, { body: updateFieldSchema }),
    },
    async (req) => {
      const body = parse(updateFieldSchema, input(req));
      const value = quickValue(taskQuickFieldSchemas, body);
      if (body.field === 'cron') checkCron(String(value));
      const auth = authOf(req);
      const updated = await mutate(db, taskResource, body.id, null, auth, actorOf(req), 'update_field', (before) => {
        const change: Row = { [body.field]: value };
        if (body.field === 'cron' || body.field === 'enabled') {
          change.next_run_at = nextFor(String(body.field === 'cron' ? value : before.cron), Boolean(body.field === 'enabled' ? value : before.enabled));
        }
        return change;
      });
      return ok(await getRecord(db, taskResource, updated.id as number, auth, req.lang));
    },
  );

  app.get(
    '/api/system/task/jobs',
    { config: { permission: 'task:index' }, schema: doc('task', 'The jobs the server knows (a task code must be one of them), with default schedules', { returns: 'TaskJobInfo[]' }) },
    async (req) => ok(Object.values(JOBS).map((j) => ({ code: j.code, name: j.name[req.lang], description: j.description[req.lang], cron: j.cron }))),
  );

  app.post(
    '/api/system/task/run',
    {
      config: { permission: 'task:run' },
      schema: doc('task', 'Run a task now (also when disabled); waits for it and returns the run. 409 while it is already running.', {
        body: taskRunSchema,
        returns: '{task, run}',
      }),
    },
    async (req) => {
      const { id } = parse(taskRunSchema, input(req));
      const auth = authOf(req);
      // a job is background work even when started by hand: the long ones give way to others' requests, not to this one
      leaveForeground(req.raw);
      const run = await scheduler.runNow(id, auth.userId);
      if (run === undefined) throw notFound(id);
      if (run === null) {
        const [task] = await db.select({ name: scheduledTasks.name }).from(scheduledTasks).where(eq(scheduledTasks.id, id));
        throw new ApiError(409, 'error.task_running', { name: task?.name ?? String(id) });
      }
      const [task] = await db.select({ code: scheduledTasks.code }).from(scheduledTasks).where(eq(scheduledTasks.id, id));
      await writeLog(db, actorOf(req), { action: 'run', resource: 'task', recordId: id, after: { code: task?.code, status: run.status, result: run.result, duration_ms: run.duration_ms } });
      return ok({ task: await getRecord(db, taskResource, id, auth, req.lang), run: plainRow(run) });
    },
  );

  app.get(
    '/api/system/task/runs',
    {
      config: { permission: 'task:get_info' },
      schema: doc('task', 'Run history of one task, newest first: task_id, page, limit (≤ 100)', { querystring: taskRunsQuerySchema, returns: '{list: TaskRunRecord[], total}' }),
    },
    async (req) => {
      const q = parse(taskRunsQuerySchema, req.query);
      const limit = q.limit ?? 20;
      const page = q.page ?? 1;
      const [rows, [total]] = await Promise.all([
        db
          .select({ ...taskRunsColumns(), triggered_by_name: sql<string | null>`(select u.full_name from users u where u.id = "task_runs"."triggered_by")` })
          .from(taskRuns)
          .where(eq(taskRuns.task_id, q.task_id))
          .orderBy(desc(taskRuns.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(taskRuns).where(eq(taskRuns.task_id, q.task_id)),
      ]);
      return ok({ list: rows.map((r) => plainRow(r)), total: Number(total?.n ?? 0) });
    },
  );
}

function taskRunsColumns() {
  const { id, task_id, trigger, triggered_by, started_at, finished_at, status, result, duration_ms } = taskRuns;
  return { id, task_id, trigger, triggered_by, started_at, finished_at, status, result, duration_ms };
}
