import {
  FIELD_DISPLAY,
  WORKFLOW_PROCESS_FIELDS,
  WorkflowInstanceState,
  WorkflowOutcome,
  type Lang,
  type WorkflowAssignee,
  type WorkflowEdge,
  type WorkflowGraph,
  type WorkflowNode,
  type WorkflowOutcomeValue,
  chooseEdge,
  conditionHolds,
  fillTemplate,
} from '@pv/contract';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { type Db, type Queryable } from '../../db/client.ts';
import { departments, roles, userRoles, users, workflowDefinitions, workflowDocuments, workflowEvents, workflowInstances, workflowTasks, workflowVersionTemplates, workflowVersions } from '../../db/schema/index.ts';
import type { WorkflowRequest } from '../../db/schema/workflow.ts';
import { formatDateTime } from '../../excel/columns.ts';
import { displayRow } from '../../resources/names.ts';
import { PDF_MIME, buildPdf } from '../../excel/pdf.ts';
import { XLSX_MIME, type CellValue, buildXlsx } from '../../excel/xlsx.ts';
import { XlsxTemplateError, fillXlsxTemplate } from '../../excel/xlsx-template.ts';
import { ApiError } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { type RecordTypeDef, fieldNameLabel, findEvent, loadRow, plainRecord, recordLink, recordName, recordType } from '../../lifecycle/records.ts';
import { type Excluded, REQUESTER, excludedUsers, sodRefusal, sodTarget, userNames } from '../../lifecycle/sod.ts';
import type { AuthContext } from '../auth/context.ts';
import { contextOfUser } from '../menu/tree.ts';
import { sendMessage as centreMessage } from '../message/centre.ts';
import type { Actor } from '../system/syslog.ts';

/**
 * The workflow engine (issue 16, docs/DECISIONS.md "Workflow"). An instance runs one published
 * version of a process on one business record. The processes are sequential: one token, standing
 * on `current_node`; where it waits there is one open workflow_tasks row (a user task, a click, a
 * timer). Every advance happens inside the caller's transaction with the instance row locked
 * (SELECT … FOR UPDATE, then its open task): two servers completing the same task serialise on the
 * lock and the second finds the task done. Steps nobody is waiting for (a business event, a timer)
 * run in a savepoint: if one cannot run (no assignee found, no edge, the record refuses the end
 * node's action) the instance is marked failed with the reason and the business change stands;
 * `retry` runs the step again. Steps a person triggers (start, complete, retry, a gated action's
 * request) are strict: the error is theirs to read and nothing changes.
 *
 * The engine knows no business module (issue 25): a record type — how to load it, what it is
 * called, its named actions, its events, who may not act on it — comes from the registry the
 * modules fill (lifecycle/records.ts); an end node runs the record's action through the function
 * the module registered, which is the one its route runs.
 */

type Row = Record<string, unknown>;
type Instance = typeof workflowInstances.$inferSelect;

/** An instance's record type (a definition naming a type no module declares is a server error). */
const typeOf = (inst: Pick<Instance, 'record_type'>): RecordTypeDef => recordType(inst.record_type);

export async function loadRecord(tx: Queryable, type: string, id: number, lock = false): Promise<Row | null> {
  return loadRow(tx, recordType(type), id, lock);
}

const nameOf = async (tx: Queryable, id: number | null) => {
  if (id == null) return null;
  const [u] = await tx.select({ name: sql<string>`coalesce(nullif(${users.full_name}, ''), ${users.username})` }).from(users).where(eq(users.id, id));
  return u?.name ?? null;
};

/**
 * A message through the message centre, pushed to the recipient's open consoles when the transaction
 * commits (NOTIFY is transactional): a task or an escalation by its catalogue key (shown in the
 * reader's language), a push node's own words as written.
 */
async function sendMessage(tx: Queryable, m: ({ key: string; params: Record<string, string> } | { title: string }) & { content: string; link: string | null; sender: number | null; to: number; level?: 'info' | 'warning' | 'urgent' }) {
  await centreMessage(tx, { ...m, push: true });
}

/* ------------------------------------------------------------------------------------------------
 * Who: assignee rules resolved to active users when a task is made.
 * ---------------------------------------------------------------------------------------------- */

async function usersWithRoles(tx: Queryable, codes: string[]): Promise<number[]> {
  if (!codes.length) return [];
  const rows = await tx
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.user_id, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.role_id))
    .where(and(inArray(roles.code, codes), eq(users.status, 'enabled')))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

async function activeUsers(tx: Queryable, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, ids), eq(users.status, 'enabled'))).orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

export async function resolveAssignees(tx: Queryable, rule: WorkflowAssignee, inst: Pick<Instance, 'started_by'>, record: Row): Promise<number[]> {
  switch (rule.type) {
    case 'user':
      return activeUsers(tx, rule.users ?? []);
    case 'role':
      return usersWithRoles(tx, rule.roles ?? []);
    case 'agent': {
      const agentId = record.agent_id as number | null | undefined;
      if (!agentId) return [];
      const rows = await tx.select({ id: users.id }).from(users).where(and(eq(users.agent_id, agentId), eq(users.status, 'enabled'))).orderBy(asc(users.id));
      return rows.map((r) => r.id);
    }
    case 'dept_head': {
      // the starter's department's 负责人 (a name on the department) among its active users
      if (inst.started_by == null) return [];
      const [starter] = await tx.select({ dept: users.department_id }).from(users).where(eq(users.id, inst.started_by));
      if (!starter?.dept) return [];
      const [dept] = await tx.select({ leader: departments.leader }).from(departments).where(eq(departments.id, starter.dept));
      if (!dept?.leader) return [];
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.department_id, starter.dept), eq(users.status, 'enabled'), sql`(${users.full_name} = ${dept.leader} or ${users.username} = ${dept.leader})`))
        .orderBy(asc(users.id));
      return rows.map((r) => r.id);
    }
  }
}

/* ------------------------------------------------------------------------------------------------
 * Segregation of duties in processes: the record type's rule (and a request's requester).
 * ---------------------------------------------------------------------------------------------- */

/** Who may not hold a task of this instance: the record's rule, and whoever asked for the action it approves. */
async function excludedOf(tx: Queryable, def: RecordTypeDef, inst: Pick<Instance, 'request'>, record: Row): Promise<Excluded[]> {
  const requester = inst.request?.requested_by;
  return excludedUsers(tx, def.sod, record, requester != null ? [{ userId: requester, role: REQUESTER.role }] : []);
}

/** 403 when `userId` is excluded from the instance's tasks (`take`: being given one; otherwise handling it). */
async function assertMayHandle(tx: Queryable, def: RecordTypeDef, inst: Pick<Instance, 'request'>, record: Row, userId: number, take = false) {
  const hit = (await excludedOf(tx, def, inst, record)).find((e) => e.userId === userId);
  if (!hit) return;
  const who = (await userNames(tx, [userId])).get(userId) ?? `#${userId}`;
  const key = take ? 'workflow.sod_take' : 'workflow.sod_task';
  throw sodRefusal(who, hit.role, await sodTarget(tx, def, record), { zh: t(key, 'zh'), en: t(key, 'en') });
}

/**
 * The users a user or click node's task goes to: the assignee rule's users less those the record's
 * rule excludes; when none is left, the node's fallback (升级处理人) less them; when none either, the
 * step is refused naming who was left out and why. Without an assignee rule, the starter.
 */
async function taskAssignees(r: Run, node: WorkflowNode & { kind: 'user' | 'click' }): Promise<number[]> {
  const rule = node.data?.assignee ?? null;
  const found = rule ? await resolveAssignees(r.tx, rule, r.inst, r.record) : r.inst.started_by != null ? [r.inst.started_by] : [];
  const excluded = await excludedOf(r.tx, r.def, r.inst, r.record);
  const out = new Set(excluded.map((e) => e.userId));
  const allowed = found.filter((u) => !out.has(u));
  if (allowed.length) return allowed;
  const fallbackFound = node.data?.fallback ? await resolveAssignees(r.tx, node.data.fallback, r.inst, r.record) : [];
  const fallback = fallbackFound.filter((u) => !out.has(u));
  if (fallback.length) return fallback;
  // the people the rules found whom the record's rule leaves out (none: nobody was found at all)
  const left = excluded.filter((e) => found.includes(e.userId) || fallbackFound.includes(e.userId));
  if (!left.length) throw new ApiError(400, 'error.workflow_no_assignee', { node: nodeName(node) });
  const names = await userNames(r.tx, left.map((e) => e.userId));
  const no = await recordName(r.tx, r.def, r.record);
  const excludedText = (lang: Lang) =>
    left.map((e) => t('workflow.sod_excluded', lang, { who: names.get(e.userId) ?? `#${e.userId}`, type: r.def.label[lang], no, role: e.role[lang] })).join(lang === 'zh' ? '；' : '; ');
  throw new ApiError(400, 'error.workflow_sod_no_assignee', { node: nodeName(node), excluded: excludedText('zh') }, (lang) =>
    t('error.workflow_sod_no_assignee', lang, { node: nodeName(node), excluded: excludedText(lang) }),
  );
}

/* ------------------------------------------------------------------------------------------------
 * Running.
 * ---------------------------------------------------------------------------------------------- */

/** The failure a step met, kept on the instance (its message in every language). */
class StepFailed extends Error {
  constructor(
    readonly nodeId: string,
    readonly error: ApiError,
  ) {
    super(error.key);
  }
}

interface Run {
  tx: Queryable;
  inst: Instance;
  graph: WorkflowGraph;
  def: RecordTypeDef;
  record: Row;
  actor: Actor;
  /** the comment of the completion that moved the token (end nodes run the action with it as the reason) */
  comment: string;
  now: Date;
}

const nodeOf = (graph: WorkflowGraph, id: string): WorkflowNode => {
  const n = graph.nodes.find((x) => x.id === id);
  if (!n) throw new ApiError(500, 'error.internal');
  return n;
};
const nodeName = (n: WorkflowNode) => n.name || n.id;
const edgesFrom = (graph: WorkflowGraph, id: string): WorkflowEdge[] => graph.edges.filter((e) => e.source === id);

async function history(tx: Queryable, inst: Pick<Instance, 'id'>, actor: Actor | null, e: { action: string; node?: WorkflowNode | null; taskId?: number | null; comment?: string | null; data?: Row | null }) {
  const userName = actor?.userId != null ? ((await nameOf(tx, actor.userId)) ?? actor.username) : null;
  await tx.insert(workflowEvents).values({
    instance_id: inst.id,
    task_id: e.taskId ?? null,
    node_id: e.node?.id ?? null,
    node_kind: e.node?.kind ?? null,
    action: e.action,
    user_id: actor?.userId ?? null,
    user_name: userName,
    comment: e.comment ?? null,
    data: e.data ? (JSON.parse(JSON.stringify(e.data)) as Row) : null,
  });
}

async function setInstance(r: Pick<Run, 'tx' | 'inst'>, set: Partial<Instance>) {
  const [after] = await r.tx
    .update(workflowInstances)
    .set({ ...set, version: sql`${workflowInstances.version} + 1`, updated_at: new Date() } as never)
    .where(eq(workflowInstances.id, r.inst.id))
    .returning();
  r.inst = after!;
}

async function authFor(r: Run): Promise<AuthContext> {
  const id = r.actor.userId ?? r.inst.started_by;
  const auth = id != null ? await contextOfUser(r.tx, id) : null;
  if (!auth) throw new ApiError(400, 'error.workflow_user_invalid', { id: id ?? '-' });
  return auth;
}

/**
 * The process's own values a template may name (WORKFLOW_PROCESS_FIELDS): who started it, who
 * approved its user tasks and when, the request it decides. An approval by someone the record's
 * rule excludes can never have happened (the engine refuses it); should the record have changed
 * hands since, the document is refused rather than print such an approval.
 */
async function processValues(r: Run): Promise<Row> {
  const approvals = await r.tx
    .select({ by: workflowTasks.completed_by, at: workflowTasks.completed_at })
    .from(workflowTasks)
    .where(and(eq(workflowTasks.instance_id, r.inst.id), eq(workflowTasks.state, 'done'), eq(workflowTasks.outcome, 'approve'), isNotNull(workflowTasks.completed_by)))
    .orderBy(asc(workflowTasks.id));
  const ids = approvals.map((a) => a.by!);
  const excluded = await excludedOf(r.tx, r.def, r.inst, r.record);
  const forbidden = excluded.find((e) => ids.includes(e.userId));
  const names = await userNames(r.tx, [...ids, ...(r.inst.started_by != null ? [r.inst.started_by] : [])]);
  if (forbidden) throw sodRefusal(names.get(forbidden.userId) ?? `#${forbidden.userId}`, forbidden.role, await sodTarget(r.tx, r.def, r.record), { zh: t('workflow.sod_task', 'zh'), en: t('workflow.sod_task', 'en') });
  const last = approvals.at(-1);
  return {
    wf_name: r.inst.name,
    wf_starter: r.inst.started_by != null ? (names.get(r.inst.started_by) ?? '') : '',
    wf_started_at: formatDateTime(r.inst.started_at),
    wf_approvers: [...new Set(ids.map((id) => names.get(id) ?? `#${id}`))].join('、'),
    wf_approved_at: last?.at ? formatDateTime(last.at) : '',
    wf_request: r.inst.request ? requestText(r.def, r.inst.request, 'zh') : '',
  };
}

/** A request as a person reads it: the action and its parameters by their labels. */
export function requestText(def: RecordTypeDef, req: WorkflowRequest, lang: Lang): string {
  const action = def.actions[req.action];
  const params = Object.entries(req.params)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${action?.params?.[k]?.label[lang] ?? k}${lang === 'zh' ? '：' : ': '}${Array.isArray(v) ? v.join(', ') : String(v)}`);
  return [action?.label[lang] ?? req.action, ...params].join(lang === 'zh' ? '，' : ', ');
}

/**
 * The record as a document shows it: each field as a person reads it (resources/names.ts displayRow:
 * names not ids, labels not keys, ¥ amounts, China time), secrets out; `numbers`: amounts and counts
 * stay numbers (a spreadsheet template computes with them). Then the process's own values.
 */
async function documentValues(r: Run, numbers: boolean): Promise<Row> {
  const shown = await displayRow(r.tx, plainRecord(r.def, r.record), FIELD_DISPLAY[r.def.resource.name], 'zh', { numbers });
  return { ...shown, ...(await processValues(r)) };
}

const cellText = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The field table's rows: label | value, the chosen fields (all the record's, in column order, when none are chosen). */
function fieldRows(def: RecordTypeDef, values: Row, fields: string[] | undefined): Array<[string, CellValue]> {
  const keys = fields?.length ? fields.filter((f) => f in values) : Object.keys(values).filter((k) => !(k in WORKFLOW_PROCESS_FIELDS));
  const label = (k: string) => (k in WORKFLOW_PROCESS_FIELDS ? WORKFLOW_PROCESS_FIELDS[k as keyof typeof WORKFLOW_PROCESS_FIELDS].zh : fieldNameLabel(def, k, 'zh'));
  return keys.map((k) => [label(k), values[k] === null || values[k] === undefined ? null : typeof values[k] === 'object' ? JSON.stringify(values[k]) : (values[k] as string | number)]);
}

type DownloadData = Extract<WorkflowNode, { kind: 'download' }>['data'];

/**
 * A download node's document (docs/DECISIONS.md "Workflow documents"): the field table (the only
 * kind before templates existed, still the default), a text template (title and body lines with
 * {{field}} filled, optionally followed by the table) or the version's copy of an uploaded xlsx
 * template with its {{field}} cells filled; as xlsx (default) or PDF.
 */
async function makeDocument(r: Run, node: WorkflowNode & { kind: 'download' }): Promise<{ content: Buffer; contentType: string; ext: string }> {
  const d: NonNullable<DownloadData> = node.data ?? {};
  const kind = d.template ?? 'table';
  const values = await documentValues(r, kind === 'xlsx');
  const pdf = d.format === 'pdf';
  const defaultTitle = `${r.inst.name} ${r.inst.record_label ?? ''}`.trim();
  if (kind === 'xlsx') {
    const [tpl] = d.template_file_id
      ? await r.tx
          .select({ content: workflowVersionTemplates.content })
          .from(workflowVersionTemplates)
          .where(and(eq(workflowVersionTemplates.version_id, r.inst.version_id), eq(workflowVersionTemplates.file_id, d.template_file_id)))
      : [];
    if (!tpl) throw new ApiError(400, 'error.workflow_template_missing', { node: nodeName(node) });
    try {
      return { content: fillXlsxTemplate(tpl.content, values), contentType: XLSX_MIME, ext: 'xlsx' };
    } catch (err) {
      if (err instanceof XlsxTemplateError) throw new ApiError(400, err.key, err.params);
      throw err;
    }
  }
  const title = kind === 'text' && d.title ? fillTemplate(d.title, values) : defaultTitle;
  const lines = kind === 'text' && d.body ? fillTemplate(d.body, values).split(/\r?\n/) : [];
  const table = kind === 'table' || d.with_table ? fieldRows(r.def, values, d.fields) : [];
  if (pdf) {
    const content = buildPdf({ title, lines, table: table.map(([label, value]) => ({ label, value: cellText(value) })), tableHeader: table.length ? ['字段', '值'] : undefined });
    return { content, contentType: PDF_MIME, ext: 'pdf' };
  }
  const rows: CellValue[][] = [[title, '']];
  if (kind === 'text') for (const l of lines) rows.push([l, '']);
  if (table.length) rows.push(...(kind === 'text' ? [['', ''] as CellValue[]] : []), ['字段', '值'], ...table);
  return { content: buildXlsx(rows, { sheetName: '记录', widths: [24, 48] }), contentType: XLSX_MIME, ext: 'xlsx' };
}

/** A user task's due time after it is made (ms): `due_minutes` (a 30-minute SLA) or `due_hours`; null without one. */
export const dueAfterMs = (d: { due_hours?: number | null; due_minutes?: number | null } | undefined): number | null =>
  d?.due_minutes ? d.due_minutes * 60_000 : d?.due_hours ? Math.round(d.due_hours * 3600_000) : null;

/**
 * Moves the token onto `nodeId` and on through every node that does not wait (start, push,
 * download, end) until one waits (user, click, time) or the instance ends.
 */
async function enter(r: Run, nodeId: string): Promise<void> {
  let id: string | null = nodeId;
  for (let steps = 0; id !== null; steps++) {
    if (steps > r.graph.nodes.length * 4 + 10) throw new StepFailed(id, new ApiError(400, 'error.workflow_no_edge', { node: id }));
    const node = nodeOf(r.graph, id);
    try {
      id = await step(r, node);
    } catch (err) {
      if (err instanceof ApiError) throw new StepFailed(node.id, err);
      throw err;
    }
  }
}

/**
 * The end node's action through the record type's registered function — the module's own, the one
 * its route runs — as the person whose step ended the process (else the starter). The process is
 * the action's approval: it passes the needs-approval gate (the actor carries the instance). A
 * request's action gets the parameters asked for; any other gets the comment as its reason.
 */
async function runAction(r: Run, code: string) {
  const action = r.def.actions[code];
  if (!action) throw new ApiError(400, 'error.workflow_end_action', { action: code });
  const request = r.inst.request?.action === code ? r.inst.request : null;
  const reason = r.comment || t('workflow.default_reason', 'zh', { name: r.inst.name, action: action.label.zh });
  const record = (await loadRow(r.tx, r.def, r.inst.record_id)) ?? r.record;
  await action.run({
    tx: r.tx,
    record,
    auth: await authFor(r),
    actor: { ...r.actor, approvedBy: r.inst.id },
    params: request ? { ...request.params } : { reason },
    reason,
  });
}

/** One node; returns the next node's id, or null when the token waits or the instance ended. */
async function step(r: Run, node: WorkflowNode): Promise<string | null> {
  const { tx } = r;
  await setInstance(r, { current_node: node.id });
  const next = () => {
    const edge = chooseEdge(edgesFrom(r.graph, node.id), (r.inst.last_outcome as WorkflowOutcomeValue | null) ?? null, plainRecord(r.def, r.record));
    if (!edge) throw new ApiError(400, 'error.workflow_no_edge', { node: nodeName(node) });
    return edge.target;
  };
  switch (node.kind) {
    case 'start':
      return next();
    case 'user':
    case 'click': {
      const assignees = await taskAssignees(r, node);
      const dueMs = node.kind === 'user' ? dueAfterMs(node.data) : null;
      const [task] = await tx
        .insert(workflowTasks)
        .values({ instance_id: r.inst.id, node_id: node.id, node_kind: node.kind, node_name: node.name ?? null, assignees, due_at: dueMs ? new Date(r.now.getTime() + dueMs) : null })
        .returning();
      await history(tx, r.inst, null, { action: 'enter', node, taskId: task!.id, data: { assignees } });
      for (const to of assignees) {
        await sendMessage(tx, { key: 'workflow.task', params: { name: r.inst.name, node: nodeName(node) }, content: `${r.inst.record_label ?? ''} ${node.kind === 'click' ? (node.data?.button ?? '') : ''}`.trim(), link: recordLink(r.def, r.inst.record_id), sender: r.inst.started_by, to });
      }
      return null;
    }
    case 'push': {
      const d = node.data ?? {};
      const plain = plainRecord(r.def, r.record);
      const to = new Set<number>([...(await activeUsers(tx, d.users ?? [])), ...(await usersWithRoles(tx, d.roles ?? []))]);
      if (d.starter && r.inst.started_by != null) to.add(r.inst.started_by);
      const title = fillTemplate(d.title ?? r.inst.name, plain);
      const content = fillTemplate(d.content ?? '', plain);
      for (const user of [...to].sort((a, b) => a - b)) await sendMessage(tx, { title, content, link: recordLink(r.def, r.inst.record_id), sender: r.inst.started_by, to: user });
      await history(tx, r.inst, null, { action: 'push', node, data: { title, recipients: [...to] } });
      return next();
    }
    case 'download': {
      const doc = await makeDocument(r, node);
      const base = (node.data?.file_name || nodeName(node)).replace(/[\\/:*?"<>|]/g, '_');
      const name = `${`${base}_${r.inst.record_label ?? r.inst.record_id}`.slice(0, 114)}.${doc.ext}`;
      const [row] = await tx.insert(workflowDocuments).values({ instance_id: r.inst.id, node_id: node.id, name, content_type: doc.contentType, size: doc.content.length, content: doc.content }).returning({ id: workflowDocuments.id });
      await history(tx, r.inst, null, { action: 'download', node, data: { document_id: row!.id, name, size: doc.content.length, content_type: doc.contentType } });
      return next();
    }
    case 'time': {
      const d = node.data ?? {};
      let wake: Date;
      if (d.date_field) {
        const v = r.record[d.date_field];
        if (v === null || v === undefined || v === '') throw new ApiError(400, 'error.workflow_date_missing', { field: d.date_field, node: nodeName(node) });
        // a calendar date is China midnight
        const base = v instanceof Date ? v : new Date(/^\d{4}-\d{2}-\d{2}$/.test(String(v)) ? `${String(v)}T00:00:00+08:00` : String(v));
        wake = new Date(base.getTime() + (d.offset_minutes ?? 0) * 60_000);
      } else {
        wake = new Date(r.now.getTime() + (d.duration_minutes ?? 0) * 60_000);
      }
      const [task] = await tx.insert(workflowTasks).values({ instance_id: r.inst.id, node_id: node.id, node_kind: 'time', node_name: node.name ?? null, assignees: [], wake_at: wake }).returning();
      await history(tx, r.inst, null, { action: 'enter', node, taskId: task!.id, data: { wake_at: wake.toISOString() } });
      return null;
    }
    case 'end': {
      const result = node.data?.result ?? 'done';
      const action = node.data?.action;
      if (action) await runAction(r, action);
      await setInstance(r, { state: 'completed', result, current_node: null, ended_at: r.now });
      await history(tx, r.inst, r.actor.userId != null ? r.actor : null, { action: 'end', node, data: { result, action: action ?? null } });
      return null;
    }
  }
}

/** Runs `fn` strictly (errors propagate, the caller's transaction rolls back) or in a savepoint (errors mark the instance failed). */
async function guarded(r: Run, strict: boolean, fn: (r: Run) => Promise<void>) {
  if (strict) {
    try {
      await fn(r);
    } catch (err) {
      throw err instanceof StepFailed ? err.error : err;
    }
    return;
  }
  const before = r.inst;
  try {
    await r.tx.transaction(async (sp) => fn({ ...r, tx: sp }).then(async () => {
      // the instance as the savepoint left it
      const [fresh] = await sp.select().from(workflowInstances).where(eq(workflowInstances.id, r.inst.id));
      r.inst = fresh!;
    }));
  } catch (err) {
    if (!(err instanceof StepFailed)) throw err;
    r.inst = before;
    // every language kept: the reason is read later by whoever opens the record, in theirs
    const message = { zh: err.error.message_('zh'), en: err.error.message_('en') };
    await setInstance(r, { state: 'failed', current_node: err.nodeId, error: message.zh, error_messages: message, error_key: err.error.key, error_params: JSON.parse(JSON.stringify(err.error.params)) as Row });
    const node = r.graph.nodes.find((n) => n.id === err.nodeId) ?? null;
    await history(r.tx, r.inst, null, { action: 'fail', node, comment: message.zh.slice(0, 500), data: { key: err.error.key, params: err.error.params, message } });
  }
}

/* ------------------------------------------------------------------------------------------------
 * Entry points (each inside the caller's transaction).
 * ---------------------------------------------------------------------------------------------- */

export interface StartInput {
  definitionId: number;
  recordId: number;
  actor: Actor;
  comment?: string | null;
  trigger: 'manual' | 'event' | 'request';
  event?: string | null;
  /** trigger request: the gated action asked for, applied when the process approves */
  request?: WorkflowRequest | null;
  /** true: by hand or a request (errors refuse the start); false: by an event (errors mark the instance failed) */
  strict: boolean;
  now?: Date;
}

/** Starts the latest published version of a definition on a record. Returns the instance, or null (event mode, one already running). */
export async function startIn(tx: Queryable, input: StartInput): Promise<Instance | null> {
  const now = input.now ?? new Date();
  const [def] = await tx.select().from(workflowDefinitions).where(eq(workflowDefinitions.id, input.definitionId));
  if (!def) throw new ApiError(404, 'error.not_found', { id: input.definitionId });
  if (def.status !== 'published') throw new ApiError(400, 'error.workflow_not_published', { key: def.key });
  const [ver] = await tx
    .select()
    .from(workflowVersions)
    .where(and(eq(workflowVersions.definition_id, def.id), eq(workflowVersions.version_no, def.published_version)));
  const type = recordType(ver!.record_type);
  const record = await loadRow(tx, type, input.recordId, true);
  if (!record) throw new ApiError(404, 'error.not_found', { id: input.recordId });
  const [live] = await tx
    .select({ id: workflowInstances.id })
    .from(workflowInstances)
    .where(and(eq(workflowInstances.definition_id, def.id), eq(workflowInstances.record_type, type.code), eq(workflowInstances.record_id, input.recordId), inArray(workflowInstances.state, ['running', 'failed'])));
  if (live) {
    if (!input.strict) return null;
    throw new ApiError(409, 'error.workflow_already_running', { key: def.key, id: live.id });
  }
  const [inst] = await tx
    .insert(workflowInstances)
    .values({
      definition_id: def.id,
      version_id: ver!.id,
      key: def.key,
      name: ver!.name,
      record_type: type.code,
      record_id: input.recordId,
      record_label: await recordName(tx, type, record),
      trigger: input.trigger,
      event: input.event ?? null,
      request: input.request ?? null,
      started_by: input.actor.userId,
      started_at: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!inst) {
    // another transaction started it at the same moment (the partial unique index)
    if (!input.strict) return null;
    throw new ApiError(409, 'error.workflow_already_running', { key: def.key, id: '-' });
  }
  const start = ver!.graph.nodes.find((n) => n.kind === 'start')!;
  const r: Run = { tx, inst, graph: ver!.graph, def: type, record, actor: input.actor, comment: input.comment ?? '', now };
  await history(tx, inst, input.actor, { action: 'start', node: start, comment: input.comment ?? null, data: { trigger: input.trigger, event: input.event ?? null, version: ver!.version_no, ...(input.request ? { request: input.request } : {}) } });
  await guarded(r, input.strict, (run) => enter(run, start.id));
  return r.inst;
}

/**
 * A business event of the registry: the module that makes the change calls this once, in its own
 * transaction, after the change. Every published process bound to the event (and whose
 * event_match fields equal the record's) starts on the record; a step that cannot run marks its
 * instance failed and never refuses the business change.
 */
export async function raiseWorkflowEvent(tx: Queryable, event: string, recordId: number, actor: Actor): Promise<Instance[]> {
  const known = findEvent(event);
  if (!known) throw new Error(`workflow event ${event} is not declared by any record type`);
  const defs = await tx
    .select({ id: workflowDefinitions.id, event_match: workflowDefinitions.event_match })
    .from(workflowDefinitions)
    .where(and(eq(workflowDefinitions.event, event), eq(workflowDefinitions.status, 'published')))
    .orderBy(asc(workflowDefinitions.id));
  if (!defs.length) return [];
  const record = await loadRow(tx, known.type, recordId);
  if (!record) return [];
  const started: Instance[] = [];
  for (const d of defs) {
    const match = d.event_match ?? {};
    if (Object.entries(match).some(([k, v]) => String(record[k] ?? '') !== v)) continue;
    const inst = await startIn(tx, { definitionId: d.id, recordId, actor, trigger: 'event', event, strict: false });
    if (inst) started.push(inst);
  }
  return started;
}

/** What a gated action answers when it went to approval instead of applying. */
export interface PendingApproval {
  instance_id: number;
  key: string;
  name: string;
}

export interface ApprovalRequest {
  /** record type code */
  type: string;
  action: string;
  /** the record as the action locked it */
  record: Row;
  /** the action's parameters as validated (kept until the process approves; applied then) */
  params: Row;
  actor: Actor;
}

/**
 * 需要审批 (issue 25): called by a gated action after its own checks (scope, state), before it
 * changes anything. When a published process is bound to the action (its condition holding on the
 * record, the parameters and the action's facts) the process starts with the request and the
 * action must not apply: it gets the pending approval back. Null: apply now — no process asks for
 * it, or the caller is a process on this record ending with the action (the actor carries its
 * instance: the process was the approval).
 * Strict: a process that cannot start (nobody may approve: segregation of duties) refuses the action.
 */
export async function requestApproval(tx: Queryable, req: ApprovalRequest): Promise<PendingApproval | null> {
  const def = recordType(req.type);
  const recordId = req.record.id as number;
  if (req.actor.approvedBy != null) {
    const [applying] = await tx
      .select({ id: workflowInstances.id })
      .from(workflowInstances)
      .where(and(eq(workflowInstances.id, req.actor.approvedBy), eq(workflowInstances.record_type, def.code), eq(workflowInstances.record_id, recordId)));
    if (applying) return null;
  }
  const gates = await tx
    .select({ id: workflowDefinitions.id, key: workflowDefinitions.key, name: workflowDefinitions.name, condition: workflowDefinitions.gate_condition })
    .from(workflowDefinitions)
    .where(and(eq(workflowDefinitions.record_type, def.code), eq(workflowDefinitions.gate_action, req.action), eq(workflowDefinitions.status, 'published')))
    .orderBy(asc(workflowDefinitions.id));
  if (!gates.length) return null;
  const action = def.actions[req.action];
  const values = { ...plainRecord(def, req.record), ...req.params, ...(action?.facts ? await action.facts.of(tx, req.record, req.params) : {}) };
  const gate = gates.find((g) => !g.condition || conditionHolds({ type: 'field', ...g.condition }, null, values));
  if (!gate) return null;
  const request: WorkflowRequest = { action: req.action, params: JSON.parse(JSON.stringify(req.params)) as Row, requested_by: req.actor.userId, requested_at: new Date().toISOString() };
  try {
    const inst = await startIn(tx, { definitionId: gate.id, recordId, actor: req.actor, trigger: 'request', request, strict: true });
    return { instance_id: inst!.id, key: gate.key, name: gate.name };
  } catch (err) {
    if (!(err instanceof ApiError) || err.code === 409) throw err;
    const label = action?.label ?? { zh: req.action, en: req.action };
    throw new ApiError(err.code, 'error.workflow_request_refused', { action: label.zh, name: gate.name, reason: err.message_('zh') }, (lang) =>
      t('error.workflow_request_refused', lang, { action: label[lang], name: gate.name, reason: err.message_(lang) }),
    );
  }
}

/** The instance locked FOR UPDATE with its version's graph. */
async function lockInstance(tx: Queryable, id: number): Promise<{ inst: Instance; graph: WorkflowGraph }> {
  const [inst] = await tx.select().from(workflowInstances).where(eq(workflowInstances.id, id)).for('update');
  if (!inst) throw new ApiError(404, 'error.not_found', { id });
  const [ver] = await tx.select({ graph: workflowVersions.graph }).from(workflowVersions).where(eq(workflowVersions.id, inst.version_id));
  return { inst, graph: ver!.graph };
}

const instanceState = (inst: Instance, action: string) =>
  new ApiError(400, 'error.workflow_instance_state', { id: inst.id, state: inst.state, action }, (lang) =>
    t('error.workflow_instance_state', lang, { id: inst.id, state: WorkflowInstanceState.label(inst.state, lang), action: t(`workflow.action.${action}`, lang) }),
  );

export interface CompleteInput {
  taskId: number;
  outcome?: WorkflowOutcomeValue;
  comment?: string | null;
  auth: AuthContext;
  actor: Actor;
  now?: Date;
}

/**
 * 处理待办: an assignee approves / rejects / returns a user task, or presses a click node's button.
 * Locks the instance, then the task: of two servers completing the same task at once, the second
 * waits for the first to commit and is told the task is already handled. Someone the record's
 * segregation-of-duties rule excludes is refused even if the task names them. Strict: an error in
 * the steps that follow (e.g. the record refusing the end node's action) refuses the completion.
 */
export async function completeIn(tx: Queryable, input: CompleteInput): Promise<Instance> {
  const now = input.now ?? new Date();
  const [ref] = await tx.select({ instance_id: workflowTasks.instance_id }).from(workflowTasks).where(eq(workflowTasks.id, input.taskId));
  if (!ref) throw new ApiError(404, 'error.not_found', { id: input.taskId });
  const { inst, graph } = await lockInstance(tx, ref.instance_id);
  const [task] = await tx.select().from(workflowTasks).where(eq(workflowTasks.id, input.taskId)).for('update');
  if (task!.state !== 'open') {
    throw new ApiError(409, 'error.workflow_task_done', { state: task!.state }, (lang) => t('error.workflow_task_done', lang, { state: task!.state === 'done' ? `${task!.outcome ? WorkflowOutcome.label(task!.outcome, lang) : lang === 'zh' ? '已确认' : 'confirmed'}` : lang === 'zh' ? '已取消' : 'cancelled' }));
  }
  if (inst.state !== 'running') throw instanceState(inst, 'complete');
  if (task!.node_kind === 'time') throw new ApiError(400, 'error.workflow_task_timer');
  if (!task!.assignees.includes(input.auth.userId)) {
    const names = await tx.select({ name: sql<string>`coalesce(nullif(${users.full_name}, ''), ${users.username})` }).from(users).where(inArray(users.id, task!.assignees.length ? task!.assignees : [0]));
    throw new ApiError(403, 'error.workflow_task_not_yours', { who: names.map((n) => n.name).join('、') || '-' });
  }
  const def = typeOf(inst);
  const record = (await loadRow(tx, def, inst.record_id))!;
  await assertMayHandle(tx, def, inst, record, input.auth.userId);
  if (task!.node_kind === 'user' && !input.outcome) throw new ApiError(400, 'error.workflow_outcome_required');
  if (task!.node_kind === 'click' && input.outcome) throw new ApiError(400, 'error.workflow_outcome_click');
  const node = nodeOf(graph, task!.node_id);
  await tx
    .update(workflowTasks)
    .set({ state: 'done', outcome: input.outcome ?? null, comment: input.comment ?? null, completed_by: input.auth.userId, completed_at: now, version: sql`${workflowTasks.version} + 1`, updated_at: now })
    .where(eq(workflowTasks.id, task!.id));
  const r: Run = { tx, inst, graph, def, record, actor: input.actor, comment: input.comment ?? '', now };
  await history(tx, inst, input.actor, { action: input.outcome ?? 'click', node, taskId: task!.id, comment: input.comment ?? null });
  if (input.outcome) await setInstance(r, { last_outcome: input.outcome });
  await guarded(r, true, async (run) => {
    const edges = edgesFrom(graph, node.id);
    if (input.outcome === 'return' && !edges.some((e) => e.condition?.type === 'outcome' && e.condition.outcome === 'return')) {
      // back to the last person before this one (their node runs again); a task that was itself
      // returned is not "before" (A → B → returned to A: A returning goes nowhere)
      const earlier = await tx
        .select({ node_id: workflowTasks.node_id })
        .from(workflowTasks)
        .where(and(eq(workflowTasks.instance_id, inst.id), eq(workflowTasks.state, 'done'), inArray(workflowTasks.node_kind, ['user', 'click']), sql`${workflowTasks.id} < ${task!.id}`, sql`${workflowTasks.node_id} <> ${node.id}`, sql`${workflowTasks.outcome} is distinct from 'return'`))
        .orderBy(sql`${workflowTasks.id} desc`)
        .limit(1);
      if (!earlier[0]) throw new StepFailed(node.id, new ApiError(400, 'error.workflow_return_nowhere', { node: nodeName(node) }));
      await enter(run, earlier[0].node_id);
      return;
    }
    const edge = chooseEdge(edges, input.outcome ?? null, plainRecord(def, record));
    if (!edge) throw new StepFailed(node.id, new ApiError(400, 'error.workflow_no_edge', { node: nodeName(node) }));
    await enter(run, edge.target);
  });
  return r.inst;
}

/** 取消: a running or failed instance stops; its open task is cancelled (a request it decided is dropped). */
export async function cancelIn(tx: Queryable, id: number, version: number, reason: string, actor: Actor, now = new Date()): Promise<Instance> {
  const { inst, graph } = await lockInstance(tx, id);
  if (inst.version !== version) throw new ApiError(409, 'error.version_conflict', { current: inst.version, yours: version });
  if (inst.state !== 'running' && inst.state !== 'failed') throw instanceState(inst, 'cancel');
  await tx.update(workflowTasks).set({ state: 'cancelled', updated_at: now, version: sql`${workflowTasks.version} + 1` }).where(and(eq(workflowTasks.instance_id, id), eq(workflowTasks.state, 'open')));
  const r = { tx, inst };
  await setInstance(r, { state: 'cancelled', ended_at: now });
  await history(tx, r.inst, actor, { action: 'cancel', node: inst.current_node ? (graph.nodes.find((n) => n.id === inst.current_node) ?? null) : null, comment: reason });
  return r.inst;
}

/**
 * 转办: the open user/click task goes to another active user (who gets the to-do message) — never to
 * someone the record's segregation-of-duties rule excludes (so not the maker taking it over).
 */
export async function reassignIn(tx: Queryable, taskId: number, userId: number, comment: string | null | undefined, actor: Actor, now = new Date()): Promise<Instance> {
  const [ref] = await tx.select({ instance_id: workflowTasks.instance_id }).from(workflowTasks).where(eq(workflowTasks.id, taskId));
  if (!ref) throw new ApiError(404, 'error.not_found', { id: taskId });
  const { inst, graph } = await lockInstance(tx, ref.instance_id);
  const [task] = await tx.select().from(workflowTasks).where(eq(workflowTasks.id, taskId)).for('update');
  if (task!.state !== 'open' || task!.node_kind === 'time') throw new ApiError(409, 'error.workflow_task_done', { state: task!.state });
  if (inst.state !== 'running') throw instanceState(inst, 'reassign');
  if (!(await activeUsers(tx, [userId])).length) throw new ApiError(400, 'error.workflow_user_invalid', { id: userId });
  const def = typeOf(inst);
  const record = (await loadRow(tx, def, inst.record_id))!;
  await assertMayHandle(tx, def, inst, record, userId, true);
  await tx.update(workflowTasks).set({ assignees: [userId], version: sql`${workflowTasks.version} + 1`, updated_at: now }).where(eq(workflowTasks.id, taskId));
  const node = nodeOf(graph, task!.node_id);
  const r = { tx, inst };
  await setInstance(r, {});
  await history(tx, inst, actor, { action: 'reassign', node, taskId, comment: comment ?? null, data: { from: task!.assignees, to: [userId], to_name: await nameOf(tx, userId) } });
  await sendMessage(tx, { key: 'workflow.task', params: { name: inst.name, node: nodeName(node) }, content: inst.record_label ?? '', link: recordLink(def, inst.record_id), sender: actor.userId, to: userId });
  return r.inst;
}

/** 重试: a failed instance runs the step that failed again (strict: a new failure is refused and it stays failed). */
export async function retryIn(tx: Queryable, id: number, version: number, actor: Actor, now = new Date()): Promise<Instance> {
  const { inst, graph } = await lockInstance(tx, id);
  if (inst.version !== version) throw new ApiError(409, 'error.version_conflict', { current: inst.version, yours: version });
  if (inst.state !== 'failed' || !inst.current_node) throw instanceState(inst, 'retry');
  const def = typeOf(inst);
  const record = await loadRow(tx, def, inst.record_id);
  if (!record) throw new ApiError(404, 'error.not_found', { id: inst.record_id });
  const r: Run = { tx, inst, graph, def, record, actor, comment: '', now };
  await setInstance(r, { state: 'running', error: null, error_messages: null, error_key: null, error_params: null });
  await history(tx, r.inst, actor, { action: 'retry', node: nodeOf(graph, inst.current_node) });
  await guarded(r, true, (run) => enter(run, inst.current_node!));
  return r.inst;
}

/**
 * The scheduler's pass (job workflow_timers; one server claims it): timers whose time has come
 * continue, user tasks past their due time get the escalation message once. Each in its own
 * transaction with the instance and the task locked and re-checked, so a task completed meanwhile
 * is left alone.
 */
export async function wakeDue(db: Db, now = new Date()) {
  const timers = await db
    .select({ id: workflowTasks.id, instance_id: workflowTasks.instance_id })
    .from(workflowTasks)
    .where(and(eq(workflowTasks.state, 'open'), eq(workflowTasks.node_kind, 'time'), lte(workflowTasks.wake_at, now)))
    .orderBy(asc(workflowTasks.id))
    .limit(500);
  let woken = 0;
  let failed = 0;
  for (const timer of timers) {
    await db.transaction(async (tx) => {
      const { inst, graph } = await lockInstance(tx, timer.instance_id);
      const [task] = await tx.select().from(workflowTasks).where(eq(workflowTasks.id, timer.id)).for('update');
      if (task!.state !== 'open' || inst.state !== 'running') return;
      await tx.update(workflowTasks).set({ state: 'done', completed_at: now, version: sql`${workflowTasks.version} + 1`, updated_at: now }).where(eq(workflowTasks.id, task!.id));
      const node = nodeOf(graph, task!.node_id);
      const def = typeOf(inst);
      const record = (await loadRow(tx, def, inst.record_id)) ?? {};
      const r: Run = { tx, inst, graph, def, record, actor: { userId: null, username: 'system', ip: null }, comment: '', now };
      await history(tx, inst, null, { action: 'wake', node, taskId: task!.id });
      await guarded(r, false, async (run) => {
        const edge = chooseEdge(edgesFrom(graph, node.id), (inst.last_outcome as WorkflowOutcomeValue | null) ?? null, plainRecord(def, record));
        if (!edge) throw new StepFailed(node.id, new ApiError(400, 'error.workflow_no_edge', { node: nodeName(node) }));
        await enter(run, edge.target);
      });
      if (r.inst.state === 'failed') failed++;
      else woken++;
    });
  }
  const overdue = await db
    .select({ id: workflowTasks.id })
    .from(workflowTasks)
    .where(and(eq(workflowTasks.state, 'open'), eq(workflowTasks.node_kind, 'user'), lte(workflowTasks.due_at, now), sql`${workflowTasks.escalated_at} is null`))
    .orderBy(asc(workflowTasks.id))
    .limit(500);
  let escalated = 0;
  for (const o of overdue) {
    await db.transaction(async (tx) => {
      const [task] = await tx.select().from(workflowTasks).where(and(eq(workflowTasks.id, o.id), eq(workflowTasks.state, 'open'), sql`${workflowTasks.escalated_at} is null`)).for('update');
      if (!task) return;
      const [inst] = await tx.select().from(workflowInstances).where(eq(workflowInstances.id, task.instance_id));
      const [ver] = await tx.select({ graph: workflowVersions.graph }).from(workflowVersions).where(eq(workflowVersions.id, inst!.version_id));
      const node = nodeOf(ver!.graph, task.node_id);
      const text = (node.kind === 'user' && node.data?.escalation) || `${inst!.name} ${inst!.record_label ?? ''}`;
      const to = new Set([...task.assignees, ...(inst!.started_by != null ? [inst!.started_by] : [])]);
      for (const user of to) {
        await sendMessage(tx, { key: 'workflow.escalation', params: { node: nodeName(node), record: inst!.record_label ?? `#${inst!.record_id}` }, content: text, link: recordLink(typeOf(inst!), inst!.record_id), sender: null, to: user, level: 'warning' });
      }
      await tx.update(workflowTasks).set({ escalated_at: now }).where(eq(workflowTasks.id, task.id));
      await history(tx, inst!, null, { action: 'escalate', node, taskId: task.id, data: { to: [...to] } });
      escalated++;
    });
  }
  return { woken, failed, escalated };
}
