import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, query } from '../../db/client.ts';
import { cached } from '../../http/metrics.ts';

/**
 * The workflow backlog for the metrics: open tasks by node kind, those past their due time, and failed
 * instances (a step that threw: someone must retry or cancel it). One query per 15 s however many
 * scrape; the same numbers on every server (they are the database's).
 */
export function workflowMetrics(app: FastifyInstance, db: Db) {
  const read = cached(15_000, async () => {
    const tasks = await query<{ node_kind: string; open: number; overdue: number }>(
      db,
      sql`select node_kind, count(*)::int as open, (count(*) filter (where due_at < now()))::int as overdue from workflow_tasks where state = 'open' group by node_kind`,
    );
    const [failed] = await query<{ n: number }>(db, sql`select count(*)::int as n from workflow_instances where state = 'failed'`);
    return { tasks, failed: failed?.n ?? 0 };
  });
  app.metrics.gauge('pv_workflow_open_tasks', 'Open workflow tasks (approvals, clicks, timers) by node kind', async () => (await read()).tasks.map((t) => [{ node_kind: t.node_kind }, t.open]));
  app.metrics.gauge('pv_workflow_overdue_tasks', 'Open workflow tasks past their due time, by node kind', async () => (await read()).tasks.map((t) => [{ node_kind: t.node_kind }, t.overdue]));
  app.metrics.gauge('pv_workflow_failed_instances', 'Workflow instances stopped by a failed step (retry or cancel them)', async () => (await read()).failed);
}
