import {
  WORKFLOW_PROCESS_FIELDS,
  WorkflowDefinitionStatus,
  type WorkflowGateCondition,
  type WorkflowGraphError,
  emptyWorkflowGraph,
  validateGraph,
  workflowCreateSchema,
  workflowEditSchema,
  workflowErrorMessage,
} from '@pv/contract';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { files, workflowDefinitions, workflowVersionTemplates, workflowVersions } from '../../db/schema/index.ts';
import { XlsxTemplateError, checkXlsxTemplate, xlsxTemplateFields } from '../../excel/xlsx-template.ts';
import { ApiError } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { findEvent, findRecordType, recordFields, recordType, recordTypeInfo } from '../../lifecycle/records.ts';
import { defineResource, filterValue, range } from '../../resources/define.ts';
import { plainRow } from '../present.ts';
import { type Actor, writeLog } from '../system/syslog.ts';

type Row = Record<string, unknown>;
type Definition = typeof workflowDefinitions.$inferSelect;

const D = '"workflow_definitions"';
const userName = (column: string) => sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = ${sql.raw(D)}.${sql.raw(`"${column}"`)})`;

/** 400 naming the state and the refused action. */
export const definitionState = (def: { key: string; status: string }, action: string) =>
  new ApiError(400, 'error.workflow_state', { key: def.key, state: def.status, action }, (lang) =>
    t('error.workflow_state', lang, { key: def.key, state: WorkflowDefinitionStatus.label(def.status, lang), action: t(`workflow.action.${action}`, lang) }),
  );

/**
 * What starts the process, checked against the registry: a record type some module declares; an
 * event of that record type, narrowed only by the fields the event allows; or (instead of an event)
 * one of the record's named actions that needs approval, with a condition on the record's fields,
 * the action's parameters or its facts.
 */
function checkBinding(recordTypeCode: string, b: { event?: string | null; event_match?: Record<string, string> | null; gate_action?: string | null; gate_condition?: WorkflowGateCondition | null }) {
  const def = findRecordType(recordTypeCode);
  if (!def) throw new ApiError(400, 'error.workflow_record_unknown', { record: recordTypeCode });
  if (b.event && b.gate_action) throw new ApiError(400, 'error.workflow_gate_and_event');
  if (b.event) {
    const e = findEvent(b.event);
    if (!e) throw new ApiError(400, 'error.workflow_event_unknown', { event: b.event });
    if (e.type.code !== recordTypeCode) throw new ApiError(400, 'error.workflow_event_record', { event: b.event, record: recordTypeCode });
    const allowed = e.event.match ?? [];
    for (const field of Object.keys(b.event_match ?? {})) {
      if (!allowed.includes(field)) throw new ApiError(400, 'error.workflow_event_match', { event: b.event, field, fields: allowed.join(', ') || '-' });
    }
  }
  if (b.gate_action) {
    const action = def.actions[b.gate_action];
    if (!action) throw new ApiError(400, 'error.workflow_gate_action', { record: def.label.zh, action: b.gate_action }, (lang) => t('error.workflow_gate_action', lang, { record: def.label[lang], action: b.gate_action! }));
    const field = b.gate_condition?.field;
    if (field && !recordFields(def).some((f) => f.name === field) && !(field in (action.params ?? {})) && !(field in (action.facts?.fields ?? {}))) {
      throw new ApiError(400, 'error.workflow_gate_field', { field });
    }
  }
}

/**
 * /api/system/workflow/index, get_info, add, edit, del: process definitions. The draft graph is
 * edited freely (version-checked); publishing, disabling and enabling are named actions
 * (workflow.ts routes); a definition that was ever published cannot be deleted.
 */
export const workflowResource = defineResource({
  name: 'workflow',
  permission: 'workflow',
  table: workflowDefinitions,
  ops: ['index', 'get_info', 'add', 'edit', 'del'],
  createSchema: workflowCreateSchema,
  editSchema: workflowEditSchema,
  sorts: {
    id: workflowDefinitions.id,
    key: workflowDefinitions.key,
    name: workflowDefinitions.name,
    status: workflowDefinitions.status,
    published_version: workflowDefinitions.published_version,
    created_at: workflowDefinitions.created_at,
    updated_at: workflowDefinitions.updated_at,
  },
  defaultSort: { field: 'updated_at', order: 'DESC' },
  filters: {
    id: { column: workflowDefinitions.id, op: 'eq', schema: filterValue.id, multi: true },
    key: { column: workflowDefinitions.key, op: 'prefix', schema: z.string().max(64) },
    status: { column: workflowDefinitions.status, op: 'eq', schema: filterValue.enumOf(WorkflowDefinitionStatus.values), multi: true },
    record_type: { column: workflowDefinitions.record_type, op: 'eq', schema: z.string().max(32), multi: true },
    event: { column: workflowDefinitions.event, op: 'eq', schema: z.string().max(48), multi: true },
    gate_action: { column: workflowDefinitions.gate_action, op: 'eq', schema: z.string().max(32) },
    ...range('updated_at', workflowDefinitions.updated_at, filterValue.date),
  },
  // definitions are few: the keyword scans them
  search: [workflowDefinitions.key, workflowDefinitions.name],
  quickFields: {},
  scope: () => undefined,
  extraColumns: { updated_by_name: userName('updated_by'), created_by_name: userName('created_by') },
  present: (row) => plainRow(row),
  async prepareCreate(input, { auth, tx }) {
    const [taken] = await tx.select({ id: workflowDefinitions.id }).from(workflowDefinitions).where(eq(workflowDefinitions.key, input.key as string));
    if (taken) throw new ApiError(400, 'error.workflow_key_taken', { key: input.key });
    checkBinding(input.record_type as string, input);
    return {
      ...input,
      event: input.event ?? null,
      event_match: input.event_match ?? null,
      gate_action: input.gate_action ?? null,
      gate_condition: input.gate_condition ?? null,
      graph: input.graph ?? emptyWorkflowGraph('zh'),
      status: 'draft',
      dirty: true,
      created_by: auth.userId,
      updated_by: auth.userId,
    };
  },
  async prepareEdit(input, before, { auth }) {
    if (before.status === 'disabled') throw definitionState(before as Definition, 'edit');
    const recordType = (input.record_type ?? before.record_type) as string;
    // a published process keeps the record type its versions run on
    if (input.record_type && input.record_type !== before.record_type && (before.published_version as number) > 0) {
      throw new ApiError(400, 'error.workflow_record_fixed', { key: before.key });
    }
    const pick = <K extends 'event' | 'event_match' | 'gate_action' | 'gate_condition'>(k: K) => (k in input ? input[k] : before[k]) as never;
    checkBinding(recordType, { event: pick('event'), event_match: pick('event_match'), gate_action: pick('gate_action'), gate_condition: pick('gate_condition') });
    return { ...input, updated_by: auth.userId, dirty: true };
  },
  async beforeDelete(rows) {
    const published = rows.find((r) => (r.published_version as number) > 0);
    if (published) throw new ApiError(400, 'error.workflow_published_delete', { key: published.key });
  },
});

/** 400 with every error pinned (data.errors); msg lists the first few. */
export class GraphInvalid extends ApiError {
  constructor(readonly errors: WorkflowGraphError[]) {
    super(400, 'error.workflow_invalid', { n: errors.length }, (lang) =>
      t('error.workflow_invalid', lang, {
        n: errors.length,
        list: errors
          .slice(0, 5)
          .map((e) => workflowErrorMessage(e, lang))
          .join(lang === 'zh' ? '；' : '; ') + (errors.length > 5 ? '…' : ''),
      }),
    );
  }
}

/** Locks the definition, checks the version read (409) — inside the caller's transaction. */
export async function lockDefinition(tx: Queryable, id: number, version: number | null): Promise<Definition> {
  const [row] = await tx.select().from(workflowDefinitions).where(eq(workflowDefinitions.id, id)).for('update');
  if (!row) throw new ApiError(404, 'error.not_found', { id });
  if (version !== null && row.version !== version) throw new ApiError(409, 'error.version_conflict', { current: row.version, yours: version });
  return row;
}

async function update(tx: Queryable, before: Definition, set: Partial<Definition>, actor: Actor, action: string, extra: Row = {}) {
  const [after] = await tx
    .update(workflowDefinitions)
    .set({ ...set, version: sql`${workflowDefinitions.version} + 1`, updated_at: new Date(), updated_by: actor.userId } as never)
    .where(eq(workflowDefinitions.id, before.id))
    .returning();
  await writeLog(tx, actor, { action, resource: 'workflow', recordId: before.id, before: { ...before, graph: undefined }, after: { ...after!, graph: undefined, ...extra } });
  return after!;
}

/** Reads an uploaded file's bytes (the file service's storage); the publish route passes it, seeds have none. */
export type TemplateReader = (row: typeof files.$inferSelect) => Promise<Buffer | null>;

interface TemplateCopy {
  fileId: number;
  name: string;
  content: Buffer;
}

/**
 * The xlsx templates of the draft's download nodes, checked (an upload of this process's, still
 * stored, a real workbook, naming only the record's fields) and read, to be copied into the version:
 * each problem an error pinned to its node.
 */
async function readTemplates(tx: Queryable, def: Definition, read: TemplateReader | undefined): Promise<{ errors: WorkflowGraphError[]; copies: TemplateCopy[] }> {
  const errors: WorkflowGraphError[] = [];
  const copies: TemplateCopy[] = [];
  const known = [...recordFields(recordType(def.record_type)).map((f) => f.name), ...Object.keys(WORKFLOW_PROCESS_FIELDS)];
  for (const n of def.graph.nodes) {
    if (n.kind !== 'download' || n.data?.template !== 'xlsx' || !n.data.template_file_id) continue;
    const node = n.name || n.id;
    const fileId = n.data.template_file_id;
    const [row] = await tx
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.owner_type, 'workflow_tpl'), or(isNull(files.owner_id), eq(files.owner_id, def.id))));
    const content = row && read ? await read(row) : null;
    const name = row?.name ?? n.data.template_file_name ?? `#${fileId}`;
    if (!row || !content) {
      errors.push({ nodeId: n.id, code: 'doc_no_template', params: { node } });
      continue;
    }
    try {
      checkXlsxTemplate(content);
    } catch (err) {
      if (!(err instanceof XlsxTemplateError)) throw err;
      errors.push({ nodeId: n.id, code: 'doc_template_invalid', params: { node, name } });
      continue;
    }
    for (const field of xlsxTemplateFields(content).filter((f) => !known.includes(f))) errors.push({ nodeId: n.id, code: 'doc_field_unknown', params: { node, field } });
    if (!copies.some((c) => c.fileId === fileId)) copies.push({ fileId, name, content });
  }
  return { errors, copies };
}

/**
 * 发布: validates the draft on the server (400 with every error pinned in data.errors, nothing
 * written) and copies it into a new immutable version, with a copy of each xlsx template its
 * download nodes fill; instances already running keep theirs.
 */
export async function publishIn(tx: Queryable, id: number, version: number, note: string | null | undefined, actor: Actor, readTemplate?: TemplateReader): Promise<Definition> {
  const def = await lockDefinition(tx, id, version);
  if (def.status === 'disabled') throw definitionState(def, 'publish');
  const templates = await readTemplates(tx, def, readTemplate);
  const errors = [...validateGraph(def.graph, { record: recordTypeInfo(recordType(def.record_type)) }), ...templates.errors];
  if (errors.length) throw new GraphInvalid(errors);
  const versionNo = def.published_version + 1;
  const [ver] = await tx
    .insert(workflowVersions)
    .values({
      definition_id: def.id,
      version_no: versionNo,
      name: def.name,
      record_type: def.record_type,
      event: def.event,
      event_match: def.event_match,
      gate_action: def.gate_action,
      gate_condition: def.gate_condition,
      graph: def.graph,
      note: note ?? null,
      published_by: actor.userId,
    })
    .returning({ id: workflowVersions.id });
  for (const c of templates.copies) {
    await tx.insert(workflowVersionTemplates).values({ version_id: ver!.id, file_id: c.fileId, name: c.name.slice(0, 160), size: c.content.length, content: c.content });
    // the upload now belongs to this process (other processes cannot take it)
    await tx.update(files).set({ owner_id: def.id, updated_at: new Date() }).where(and(eq(files.id, c.fileId), isNull(files.owner_id)));
  }
  return update(tx, def, { status: 'published', published_version: versionNo, dirty: false }, actor, 'publish', { version_no: versionNo });
}

/** 停用: no new instance starts (by hand or by event); running ones go on. */
export async function disableIn(tx: Queryable, id: number, version: number, actor: Actor) {
  const def = await lockDefinition(tx, id, version);
  if (def.status !== 'published') throw definitionState(def, 'disable');
  return update(tx, def, { status: 'disabled' }, actor, 'disable');
}

/** 启用: a disabled process runs again on its latest published version. */
export async function enableIn(tx: Queryable, id: number, version: number, actor: Actor) {
  const def = await lockDefinition(tx, id, version);
  if (def.status !== 'disabled') throw definitionState(def, 'enable');
  return update(tx, def, { status: 'published' }, actor, 'enable');
}

export async function listVersions(db: Queryable, id: number) {
  const rows = await db
    .select({
      id: workflowVersions.id,
      version_no: workflowVersions.version_no,
      name: workflowVersions.name,
      record_type: workflowVersions.record_type,
      event: workflowVersions.event,
      note: workflowVersions.note,
      published_by: workflowVersions.published_by,
      published_by_name: sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = ${workflowVersions.published_by})`,
      published_at: workflowVersions.published_at,
      instances: sql<number>`(select count(*)::int from workflow_instances i where i.version_id = ${workflowVersions.id})`,
    })
    .from(workflowVersions)
    .where(eq(workflowVersions.definition_id, id))
    .orderBy(desc(workflowVersions.version_no));
  return { list: rows.map((r) => plainRow(r)), total: rows.length };
}

export async function getVersion(db: Queryable, id: number, versionNo: number) {
  const [row] = await db
    .select()
    .from(workflowVersions)
    .where(and(eq(workflowVersions.definition_id, id), eq(workflowVersions.version_no, versionNo)));
  if (!row) throw new ApiError(404, 'error.not_found', { id: `${id} v${versionNo}` });
  return plainRow(row);
}
