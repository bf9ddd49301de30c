import {
  WorkflowInstanceState,
  type Lang,
  listQuerySchema,
  numeric,
  workflowCancelSchema,
  workflowCompleteSchema,
  workflowReassignSchema,
  workflowRetrySchema,
  workflowStartSchema,
} from '@pv/contract';
import { type SQL, and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { type Db, type Queryable } from '../../db/client.ts';
import { workflowDefinitions, workflowDocuments, workflowEvents, workflowInstances, workflowTasks, workflowVersions } from '../../db/schema/index.ts';
import { XLSX_MIME, contentDisposition } from '../../excel/xlsx.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import { defineResource, filterValue, range, type ResourceDef } from '../../resources/define.ts';
import { idQuery } from '../../resources/history.ts';
import { listRecords, loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { plainRow } from '../present.ts';
import { findRecordType, recordLink, recordType } from '../../lifecycle/records.ts';
import { cancelIn, completeIn, reassignIn, requestText, retryIn, startIn } from './engine.ts';

type Row = Record<string, unknown>;
const I = '"workflow_instances"';

/**
 * Who sees an instance: users of the `all` data scope every one; others those they started or hold
 * (or held) a task of.
 */
const participated = (userId: number): SQL =>
  sql`(${sql.raw(I)}."started_by" = ${userId} or exists (select 1 from workflow_tasks k where k.instance_id = ${sql.raw(I)}."id" and k.assignees @> ${JSON.stringify([userId])}::jsonb))`;
const instanceScope = (auth: AuthContext): SQL | undefined => (auth.scope === 'all' ? undefined : participated(auth.userId));

/** /api/system/workflow_instance/index and (through instanceDetail) get_info. */
export const workflowInstanceResource = defineResource({
  name: 'workflow_instance',
  permission: 'workflow_instance',
  table: workflowInstances,
  ops: ['index'],
  sorts: {
    id: workflowInstances.id,
    state: workflowInstances.state,
    started_at: workflowInstances.started_at,
    ended_at: workflowInstances.ended_at,
    created_at: workflowInstances.created_at,
    updated_at: workflowInstances.updated_at,
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: workflowInstances.id, op: 'eq', schema: filterValue.id, multi: true },
    state: { column: workflowInstances.state, op: 'eq', schema: filterValue.enumOf(WorkflowInstanceState.values), multi: true },
    record_type: { column: workflowInstances.record_type, op: 'eq', schema: z.string().max(32) },
    record_id: { column: workflowInstances.record_id, op: 'eq', schema: filterValue.id },
    definition_id: { column: workflowInstances.definition_id, op: 'eq', schema: filterValue.id, multi: true },
    key: { column: workflowInstances.key, op: 'eq', schema: z.string().max(64), multi: true },
    started_by: { column: workflowInstances.started_by, op: 'eq', schema: filterValue.id },
    ...range('created_at', workflowInstances.created_at, filterValue.date),
  },
  search: [workflowInstances.name, workflowInstances.record_label, workflowInstances.key],
  quickFields: {},
  scope: instanceScope,
  extraColumns: {
    started_by_name: sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = ${sql.raw(I)}."started_by")`,
    version_no: sql<number>`(select v.version_no from workflow_versions v where v.id = ${sql.raw(I)}."version_id")`,
    // where it waits, or the step that failed (no open task then)
    current_node_name: sql<string | null>`coalesce((select k.node_name from workflow_tasks k where k.instance_id = ${sql.raw(I)}."id" and k.state = 'open' order by k.id desc limit 1), (select coalesce(n->>'name', n->>'id') from workflow_versions v, jsonb_array_elements(v.graph->'nodes') n where v.id = ${sql.raw(I)}."version_id" and ${sql.raw(I)}."state" = 'failed' and n->>'id' = ${sql.raw(I)}."current_node" limit 1))`,
  },
  // a failed step's reason in the reader's language
  present: (row, lang) => plainRow({ ...row, error: (row.error_messages as Record<Lang, string> | null)?.[lang] ?? row.error }),
});

const userName = (column: SQL | AnyPgColumn) => sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = ${column})`;

/** One instance with its version's graph, its tasks, history and documents (the diagram's and the history's data). */
export async function instanceDetail(db: Queryable, id: number, auth: AuthContext, lang: Lang = 'zh') {
  const inst = await loadOne(db, workflowInstanceResource as unknown as ResourceDef, id, auth, { extra: true });
  // a failed step's reason in the reader's language (the engine keeps every language's)
  const error = (inst.error_messages as Record<Lang, string> | null)?.[lang] ?? inst.error;
  const def = findRecordType(inst.record_type as string);
  const request = inst.request as Parameters<typeof requestText>[1] | null;
  const [ver] = await db.select({ graph: workflowVersions.graph, version_no: workflowVersions.version_no }).from(workflowVersions).where(eq(workflowVersions.id, inst.version_id as number));
  const tasks = await db
    .select({
      id: workflowTasks.id,
      node_id: workflowTasks.node_id,
      node_kind: workflowTasks.node_kind,
      node_name: workflowTasks.node_name,
      state: workflowTasks.state,
      assignees: workflowTasks.assignees,
      assignee_names: sql<string[]>`(select coalesce(array_agg(coalesce(nullif(u.full_name, ''), u.username) order by u.id), '{}') from users u where ${workflowTasks.assignees} @> to_jsonb(u.id))`,
      outcome: workflowTasks.outcome,
      comment: workflowTasks.comment,
      completed_by_name: userName(workflowTasks.completed_by),
      completed_at: workflowTasks.completed_at,
      due_at: workflowTasks.due_at,
      wake_at: workflowTasks.wake_at,
      created_at: workflowTasks.created_at,
      version: workflowTasks.version,
    })
    .from(workflowTasks)
    .where(eq(workflowTasks.instance_id, id))
    .orderBy(asc(workflowTasks.id));
  const docs = await db
    .select({ id: workflowDocuments.id, node_id: workflowDocuments.node_id, name: workflowDocuments.name, content_type: workflowDocuments.content_type, size: workflowDocuments.size, created_at: workflowDocuments.created_at })
    .from(workflowDocuments)
    .where(eq(workflowDocuments.instance_id, id))
    .orderBy(asc(workflowDocuments.id));
  return {
    ...inst,
    error,
    graph: ver!.graph,
    version_no: ver!.version_no,
    record_link: def ? recordLink(def, inst.record_id as number) : null,
    request_text: def && request ? requestText(def, request, lang) : null,
    tasks: tasks.map((x) => plainRow(x)),
    documents: docs.map((x) => plainRow(x)),
    history: await instanceHistory(db, id),
  };
}

const linkOf = (type: string, id: number) => {
  const def = findRecordType(type);
  return def ? recordLink(def, id) : null;
};

export async function instanceHistory(db: Queryable, id: number) {
  const rows = await db.select().from(workflowEvents).where(eq(workflowEvents.instance_id, id)).orderBy(asc(workflowEvents.id));
  return rows.map((r) => plainRow(r));
}

/** The caller's open tasks from every process, oldest first (the workbench's to-do list). */
export async function myTasks(db: Db, auth: AuthContext, page: number, limit: number) {
  const where = and(eq(workflowTasks.state, 'open'), sql`${workflowTasks.node_kind} in ('user', 'click')`, sql`${workflowTasks.assignees} @> ${JSON.stringify([auth.userId])}::jsonb`, eq(workflowInstances.state, 'running'));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: workflowTasks.id,
        instance_id: workflowTasks.instance_id,
        node_id: workflowTasks.node_id,
        node_kind: workflowTasks.node_kind,
        node_name: workflowTasks.node_name,
        due_at: workflowTasks.due_at,
        created_at: workflowTasks.created_at,
        name: workflowInstances.name,
        key: workflowInstances.key,
        record_type: workflowInstances.record_type,
        record_id: workflowInstances.record_id,
        record_label: workflowInstances.record_label,
        started_by_name: userName(workflowInstances.started_by),
        started_at: workflowInstances.started_at,
        button: sql<string | null>`(select n->'data'->>'button' from workflow_versions v, jsonb_array_elements(v.graph->'nodes') n where v.id = ${workflowInstances.version_id} and n->>'id' = ${workflowTasks.node_id} limit 1)`,
      })
      .from(workflowTasks)
      .innerJoin(workflowInstances, eq(workflowInstances.id, workflowTasks.instance_id))
      .where(where)
      .orderBy(asc(workflowTasks.created_at), asc(workflowTasks.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: sql<number>`count(*)::int` }).from(workflowTasks).innerJoin(workflowInstances, eq(workflowInstances.id, workflowTasks.instance_id)).where(where),
  ]);
  return {
    list: rows.map((r) => ({ ...plainRow(r), record_link: linkOf(r.record_type, r.record_id) })),
    total: Number(total?.n ?? 0),
  };
}

/**
 * /api/system/workflow_instance/* and /api/system/workflow_task/index (issue 16): instances by
 * permission and participation; start by hand on a record the caller may see; complete (the
 * task's assignee only — no permission beyond being signed in); cancel, reassign, retry by
 * permission; the history; a download node's document; the caller's open tasks.
 */
export function workflowInstanceRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const B = '/api/system/workflow_instance';
  const show = (id: number, req: FastifyRequest) => db.transaction((tx) => instanceDetail(tx, id, authOf(req), req.lang));

  app.get(
    `${B}/index`,
    {
      config: { permission: 'workflow_instance:index' },
      schema: doc('workflow_instance', 'Process instances: filters state, record_type + record_id (a record’s instances), definition_id, key, started_by, created_at range; q = name / record number → {list,total}', {
        querystring: listQuerySchema.extend(Object.fromEntries(Object.keys(workflowInstanceResource.filters).map((k) => [k, z.string().optional()]))),
      }),
    },
    async (req) => ok(await listRecords(db, workflowInstanceResource as unknown as ResourceDef, req.query as Row, authOf(req), req.lang)),
  );
  app.get(`${B}/get_info`, { config: { permission: 'workflow_instance:get_info' }, schema: doc('workflow_instance', 'One instance with its graph, tasks, documents and history', { querystring: idQuery }) }, async (req) =>
    ok(await show(parse(idQuery, req.query).id, req)),
  );
  app.get(`${B}/history`, { config: { permission: 'workflow_instance:get_info' }, schema: doc('workflow_instance', 'Who did what and when, with comments, oldest first → {list,total}', { querystring: idQuery }) }, async (req) => {
    const { id } = parse(idQuery, req.query);
    await loadOne(db, workflowInstanceResource as unknown as ResourceDef, id, authOf(req));
    const list = await instanceHistory(db, id);
    return ok({ list, total: list.length });
  });
  app.get(
    `${B}/document`,
    { config: { permission: 'workflow_instance:get_info' }, schema: doc('workflow_instance', 'A document a download node made (?id= the document): a PDF (application/pdf) or an .xlsx workbook, as the node was drawn, with its file name in Content-Disposition; anyone who sees the instance may download it', { querystring: idQuery, returns: 'a PDF or an .xlsx file' }) },
    async (req, reply) => {
      const { id } = parse(idQuery, req.query);
      const [d] = await db.select().from(workflowDocuments).where(eq(workflowDocuments.id, id));
      if (!d) throw new ApiError(404, 'error.not_found', { id });
      await loadOne(db, workflowInstanceResource as unknown as ResourceDef, d.instance_id, authOf(req));
      return reply
        .header('content-type', d.content_type || XLSX_MIME)
        .header('content-disposition', contentDisposition(d.name, `document-${d.id}.${d.content_type === 'application/pdf' ? 'pdf' : 'xlsx'}`))
        .header('x-content-type-options', 'nosniff')
        .send(d.content);
    },
  );

  app.post(
    `${B}/start`,
    { config: { permission: 'workflow_instance:start', refs: { record_id: 'handler' } }, schema: doc('workflow_instance', '发起 {key, record_id, comment?}: the process’s latest published version starts on a record the caller may see (one running instance per process and record)', { body: workflowStartSchema, returns: 'the instance' }) },
    async (req) => {
      const input = parse(workflowStartSchema, req.body ?? {});
      const auth = authOf(req);
      const [def] = await db.select().from(workflowDefinitions).where(eq(workflowDefinitions.key, input.key));
      if (!def) throw new ApiError(404, 'error.not_found', { id: input.key });
      if (def.status !== 'published') throw new ApiError(400, 'error.workflow_not_published', { key: def.key });
      // the record must exist and be the caller's to see
      await loadOne(db, recordType(def.record_type).resource, input.record_id, auth);
      const inst = await db.transaction((tx) => startIn(tx, { definitionId: def.id, recordId: input.record_id, actor: actorOf(req), comment: input.comment, trigger: 'manual', strict: true }));
      return ok(await show(inst!.id, req));
    },
  );
  app.post(
    `${B}/complete`,
    { config: { permission: '', refs: { task_id: 'own' } }, schema: doc('workflow_instance', '处理待办 {task_id, outcome: approve|reject|return (user task) | omitted (click: the button), comment?}: only the task’s assignee; a task already handled gets 409', { body: workflowCompleteSchema, returns: 'the instance' }) },
    async (req) => {
      const input = parse(workflowCompleteSchema, req.body ?? {});
      const auth = authOf(req);
      const inst = await db.transaction((tx) => completeIn(tx, { taskId: input.task_id, outcome: input.outcome, comment: input.comment, auth, actor: actorOf(req) }));
      // the assignee sees the instance they took part in
      return ok(await show(inst.id, req));
    },
  );
  app.post(
    `${B}/cancel`,
    { config: { permission: 'workflow_instance:cancel' }, schema: doc('workflow_instance', '取消 {id, version, reason}: a running or failed instance stops; its open task is cancelled', { body: workflowCancelSchema, returns: 'the instance' }) },
    async (req) => {
      const input = parse(workflowCancelSchema, req.body ?? {});
      await loadOne(db, workflowInstanceResource as unknown as ResourceDef, input.id, authOf(req));
      const inst = await db.transaction((tx) => cancelIn(tx, input.id, input.version, input.reason, actorOf(req)));
      return ok(await show(inst.id, req));
    },
  );
  app.post(
    `${B}/reassign`,
    { config: { permission: 'workflow_instance:reassign' }, schema: doc('workflow_instance', '转办 {task_id, user_id, comment?}: the open task goes to another active user', { body: workflowReassignSchema, returns: 'the instance' }) },
    async (req) => {
      const input = parse(workflowReassignSchema, req.body ?? {});
      const [task] = await db.select({ instance_id: workflowTasks.instance_id }).from(workflowTasks).where(eq(workflowTasks.id, input.task_id));
      if (!task) throw new ApiError(404, 'error.not_found', { id: input.task_id });
      await loadOne(db, workflowInstanceResource as unknown as ResourceDef, task.instance_id, authOf(req));
      const inst = await db.transaction((tx) => reassignIn(tx, input.task_id, input.user_id, input.comment, actorOf(req)));
      return ok(await show(inst.id, req));
    },
  );
  app.post(
    `${B}/retry`,
    { config: { permission: 'workflow_instance:retry' }, schema: doc('workflow_instance', '重试 {id, version}: a failed instance runs the failed step again', { body: workflowRetrySchema, returns: 'the instance' }) },
    async (req) => {
      const input = parse(workflowRetrySchema, req.body ?? {});
      await loadOne(db, workflowInstanceResource as unknown as ResourceDef, input.id, authOf(req));
      const inst = await db.transaction((tx) => retryIn(tx, input.id, input.version, actorOf(req)));
      return ok(await show(inst.id, req));
    },
  );

  const taskQuery = z.object({
    page: numeric(z.number({ error: 'validation.number' }).int().positive()).optional(),
    limit: numeric(z.number({ error: 'validation.number' }).int().positive().max(100, { error: 'validation.max' })).optional(),
  });
  app.get(
    '/api/system/workflow_task/index',
    { config: { permission: '' }, schema: doc('workflow_task', 'My open tasks from every process (user and click), oldest first; page, limit ≤ 100 → {list,total}', { querystring: taskQuery }) },
    async (req) => {
      const q = parse(taskQuery, req.query);
      return ok(await myTasks(db, authOf(req), q.page ?? 1, q.limit ?? 20));
    },
  );
}

