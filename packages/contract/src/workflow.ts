import { z } from 'zod';
import { labelled } from './enums.ts';
import { enumField, idField, optionalText, requiredText } from './fields.ts';
import type { Lang } from './i18n.ts';
import { interpolate } from './i18n.ts';
import { WORKFLOW_MESSAGES } from './workflow-messages.ts';

/**
 * Workflow (issue 16): a process drawn on the designer is a graph of seven node kinds joined by
 * edges. This file is the one place that says what a graph may contain (zod), which business
 * records and events a process can be bound to, and what makes a graph publishable
 * (validateGraph: every error pinned to its node or edge, in zh and en). The server validates with
 * the same function before publishing; the designer shows the same errors on the canvas.
 */

export const WorkflowNodeKind = labelled({
  start: { zh: '开始', en: 'Start' },
  end: { zh: '结束', en: 'End' },
  user: { zh: '人工审批', en: 'User task' },
  push: { zh: '消息推送', en: 'Push message' },
  download: { zh: '生成文档', en: 'Document' },
  click: { zh: '确认按钮', en: 'Confirmation' },
  time: { zh: '定时等待', en: 'Timer' },
});
export type WorkflowNodeKindValue = (typeof WorkflowNodeKind.values)[number];

/** What a person does with a user task. */
export const WorkflowOutcome = labelled({
  approve: { zh: '同意', en: 'Approve' },
  reject: { zh: '驳回', en: 'Reject' },
  return: { zh: '退回', en: 'Return' },
});
export type WorkflowOutcomeValue = (typeof WorkflowOutcome.values)[number];

/** How an instance ends: written back to the record by the end node's lifecycle action. */
export const WorkflowResult = labelled({
  approved: { zh: '通过', en: 'Approved' },
  rejected: { zh: '驳回', en: 'Rejected' },
  done: { zh: '完成', en: 'Done' },
});
export type WorkflowResultValue = (typeof WorkflowResult.values)[number];

/** Who gets a user task (or may press a click node's button). Resolved to users when the task is made. */
export const WorkflowAssigneeType = labelled({
  user: { zh: '指定用户', en: 'Named users' },
  role: { zh: '角色', en: 'Role' },
  dept_head: { zh: '发起人的部门负责人', en: "Starter's department head" },
  agent: { zh: '记录所属代理商的用户', en: "The record's agent users" },
});
export type WorkflowAssigneeTypeValue = (typeof WorkflowAssigneeType.values)[number];

/** What a download node produces. */
export const WorkflowDocFormat = labelled({
  xlsx: { zh: 'Excel（xlsx）', en: 'Excel (xlsx)' },
  pdf: { zh: 'PDF', en: 'PDF' },
});
export type WorkflowDocFormatValue = (typeof WorkflowDocFormat.values)[number];

/** Where a download node's document comes from: the field table, a text template, an uploaded .xlsx template. */
export const WorkflowDocTemplate = labelled({
  table: { zh: '字段表', en: 'Field table' },
  text: { zh: '文本模板', en: 'Text template' },
  xlsx: { zh: '上传的 xlsx 模板', en: 'Uploaded xlsx template' },
});
export type WorkflowDocTemplateValue = (typeof WorkflowDocTemplate.values)[number];

export const WorkflowFieldOperator = labelled({
  eq: { zh: '等于', en: 'equals' },
  ne: { zh: '不等于', en: 'differs from' },
  gt: { zh: '大于', en: 'greater than' },
  gte: { zh: '大于等于', en: 'at least' },
  lt: { zh: '小于', en: 'less than' },
  lte: { zh: '小于等于', en: 'at most' },
  in: { zh: '属于', en: 'one of' },
  contains: { zh: '包含', en: 'contains' },
  empty: { zh: '为空', en: 'is empty' },
  not_empty: { zh: '不为空', en: 'is not empty' },
});
export type WorkflowFieldOperatorValue = (typeof WorkflowFieldOperator.values)[number];

export const WorkflowDefinitionStatus = labelled({
  draft: { zh: '草稿', en: 'Draft' },
  published: { zh: '已发布', en: 'Published' },
  disabled: { zh: '已停用', en: 'Disabled' },
});

export const WorkflowInstanceState = labelled({
  running: { zh: '运行中', en: 'Running' },
  completed: { zh: '已完成', en: 'Completed' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
  failed: { zh: '失败', en: 'Failed' },
});
export type WorkflowInstanceStateValue = (typeof WorkflowInstanceState.values)[number];

export const WorkflowTaskState = labelled({
  open: { zh: '待办', en: 'Open' },
  done: { zh: '已办', en: 'Done' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
});

/* ------------------------------------------------------------------------------------------------
 * Records a process runs on, and the business events that start one. The server's registry says
 * which exist (each module declares its own record type beside its resource: label, named actions,
 * events, who may not act); the designer reads it from GET workflow/registry. These are its shapes.
 * ---------------------------------------------------------------------------------------------- */

/** How a record's field (or an action's parameter) is shown and compared. */
export type WorkflowFieldKind = 'text' | 'number' | 'money' | 'date' | 'datetime' | 'bool' | 'json';

export interface WorkflowFieldInfo {
  name: string;
  label: Record<Lang, string>;
  kind: WorkflowFieldKind;
}

export interface WorkflowParamInfo {
  name: string;
  label: Record<Lang, string>;
  kind: WorkflowFieldKind;
  required: boolean;
}

export interface WorkflowActionInfo {
  code: string;
  label: Record<Lang, string>;
  /** the record states it may start from (null: any) */
  from: string[] | null;
  params: WorkflowParamInfo[];
  /** values worked out when the action is requested, which a needs-approval condition may test */
  facts: WorkflowParamInfo[];
}

export interface WorkflowRecordTypeInfo {
  code: string;
  label: Record<Lang, string>;
  /** the record's console page, `{id}` standing for its id */
  link: string;
  /** the fields a condition or a template may use: the table's columns, secrets left out */
  fields: WorkflowFieldInfo[];
  /** the date/time fields a timer may wait for */
  dateFields: string[];
  /** named actions an end node may run (and a needs-approval binding may gate) */
  actions: WorkflowActionInfo[];
  events: string[];
  /** who may not act on it (segregation of duties), e.g. 制单人 */
  sod: Array<Record<Lang, string>>;
}

export interface WorkflowEventInfo {
  code: string;
  record: string;
  label: Record<Lang, string>;
  /** record fields a definition may narrow the event with (equality) */
  match: string[];
}

export interface WorkflowRegistry {
  record_types: WorkflowRecordTypeInfo[];
  events: WorkflowEventInfo[];
}

/** The console page of a record (a task's link). */
export const workflowRecordLink = (type: Pick<WorkflowRecordTypeInfo, 'link'>, id: number | string) => type.link.replace('{id}', String(id));

/**
 * Values a document template or a push message may name beside the record's own fields: who
 * started the process and who approved it (only people the record's segregation-of-duties rule
 * allows ever do).
 */
export const WORKFLOW_PROCESS_FIELDS = {
  wf_name: { zh: '流程名称', en: 'Process' },
  wf_starter: { zh: '发起人', en: 'Started by' },
  wf_started_at: { zh: '发起时间', en: 'Started at' },
  wf_approvers: { zh: '审批人', en: 'Approved by' },
  wf_approved_at: { zh: '审批时间', en: 'Approved at' },
  wf_request: { zh: '申请内容', en: 'Request' },
} as const satisfies Record<string, Record<Lang, string>>;

/* ------------------------------------------------------------------------------------------------
 * The graph. Shape only: a draft may be incomplete (a user node without an assignee); whether it
 * can run is validateGraph's question.
 * ---------------------------------------------------------------------------------------------- */

const MAX_NODES = 200;
const idText = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(64, { error: 'validation.too_long|64' })
    .regex(/^[A-Za-z0-9_.:-]+$/, { error: 'validation.workflow_id' });
const fieldName = () => z.string().trim().max(64, { error: 'validation.too_long|64' }).regex(/^[a-z][a-z0-9_]*$/, { error: 'validation.workflow_field' });
const ids = () => z.array(idField()).max(100).optional();
const codes = () => z.array(z.string().trim().min(1).max(64)).max(50).optional();

export const workflowAssigneeSchema = z.strictObject({
  type: enumField(WorkflowAssigneeType.values),
  users: ids(),
  roles: codes(),
});
export type WorkflowAssignee = z.infer<typeof workflowAssigneeSchema>;

const position = z.strictObject({ x: z.number().finite(), y: z.number().finite() });
const nodeBase = { id: idText(), name: optionalText(64), position: position.optional() };

export const workflowNodeSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ ...nodeBase, kind: z.literal('start'), data: z.strictObject({}).optional() }),
    z.strictObject({
      ...nodeBase,
      kind: z.literal('end'),
      data: z.strictObject({ result: enumField(WorkflowResult.values).optional(), action: z.string().trim().max(32).nullish() }).optional(),
    }),
    z.strictObject({
      ...nodeBase,
      kind: z.literal('user'),
      data: z
        .strictObject({
          assignee: workflowAssigneeSchema.nullish(),
          /**
           * 升级处理人: who gets the task when the rule finds nobody the record's segregation-of-duties
           * rule allows (the approver role's only member made the record); without one the step is refused
           */
          fallback: workflowAssigneeSchema.nullish(),
          /** hours until the task is due; when it passes, `escalation` goes to the assignees (and the starter) */
          due_hours: z.number().positive().max(24 * 365).nullish(),
          /** the due time in minutes instead (a 30-minute SLA); when both are set, the minutes count */
          due_minutes: z.number().int().positive().max(60 * 24 * 365).nullish(),
          escalation: optionalText(500),
        })
        .optional(),
    }),
    z.strictObject({
      ...nodeBase,
      kind: z.literal('push'),
      data: z
        .strictObject({
          title: optionalText(100),
          content: optionalText(1000),
          users: ids(),
          roles: codes(),
          starter: z.boolean().optional(),
        })
        .optional(),
    }),
    z.strictObject({
      ...nodeBase,
      kind: z.literal('download'),
      data: z
        .strictObject({
          file_name: optionalText(64),
          /** the field table's fields (empty: all); the text template's table too */
          fields: z.array(fieldName()).max(100).optional(),
          /** xlsx (default: definitions drawn before the format existed keep making xlsx) or pdf */
          format: enumField(WorkflowDocFormat.values).optional(),
          /** table (default), text ({{field}} title and body), xlsx (an uploaded workbook whose {{field}} cells are filled) */
          template: enumField(WorkflowDocTemplate.values).optional(),
          /** text template: the title line and the body lines, {{field}} filled from the record */
          title: optionalText(200),
          body: optionalText(4000),
          /** text template: the field table follows the body */
          with_table: z.boolean().optional(),
          /** xlsx template: the uploaded file (files.owner_type workflow_tpl) and its name as shown */
          template_file_id: idField().nullish(),
          template_file_name: optionalText(150),
        })
        .optional(),
    }),
    z.strictObject({
      ...nodeBase,
      kind: z.literal('click'),
      data: z.strictObject({ button: optionalText(32), assignee: workflowAssigneeSchema.nullish(), fallback: workflowAssigneeSchema.nullish() }).optional(),
    }),
    z.strictObject({
      ...nodeBase,
      kind: z.literal('time'),
      data: z
        .strictObject({
          duration_minutes: z.number().int().positive().max(60 * 24 * 366).nullish(),
          date_field: fieldName().nullish(),
          /** with date_field: minutes after (negative: before) the date */
          offset_minutes: z.number().int().min(-60 * 24 * 366).max(60 * 24 * 366).nullish(),
        })
        .optional(),
    }),
  ],
  { error: 'validation.workflow_kind' },
);
export type WorkflowNode = z.infer<typeof workflowNodeSchema>;

export const workflowConditionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('outcome'), outcome: enumField(WorkflowOutcome.values) }),
    z.strictObject({
      type: z.literal('field'),
      field: fieldName(),
      operator: enumField(WorkflowFieldOperator.values),
      value: z.union([z.string().max(200), z.number(), z.boolean(), z.array(z.union([z.string().max(200), z.number()])).max(50)]).nullish(),
    }),
  ],
  { error: 'validation.workflow_condition' },
);
export type WorkflowCondition = z.infer<typeof workflowConditionSchema>;

export const workflowEdgeSchema = z.strictObject({
  id: idText(),
  source: idText(),
  target: idText(),
  label: optionalText(64),
  condition: workflowConditionSchema.nullish(),
  /** taken when no other edge's condition holds (edges are evaluated in their order) */
  default: z.boolean().optional(),
  /**
   * The route 自动布局 drew (the designer's layout.ts): canvas points from the source's bottom to
   * the target's top, around the nodes in between. Drawing only — the engine, validation and the
   * version comparison ignore it; the canvas falls back to its own curve once a node has moved.
   */
  points: z.array(position).max(400).optional(),
});
export type WorkflowEdge = z.infer<typeof workflowEdgeSchema>;

export const workflowGraphSchema = z.strictObject({
  nodes: z.array(workflowNodeSchema).max(MAX_NODES, { error: `validation.too_many|${MAX_NODES}` }),
  edges: z.array(workflowEdgeSchema).max(MAX_NODES * 4, { error: `validation.too_many|${MAX_NODES * 4}` }),
});
export type WorkflowGraph = z.infer<typeof workflowGraphSchema>;

/** A new process starts as this: start → end, ready to draw between; the two nodes named in the language of whoever creates it. */
export const emptyWorkflowGraph = (lang: Lang = 'zh'): WorkflowGraph => ({
  nodes: [
    { id: 'start', kind: 'start', name: WorkflowNodeKind.label('start', lang), position: { x: 0, y: 0 } },
    { id: 'end', kind: 'end', name: WorkflowNodeKind.label('end', lang), position: { x: 0, y: 240 }, data: { result: 'done' } },
  ],
  edges: [],
});

/* ------------------------------------------------------------------------------------------------
 * Validation before publishing.
 * ---------------------------------------------------------------------------------------------- */

export const WORKFLOW_ERROR_CODES = [
  'duplicate_id',
  'no_start',
  'many_starts',
  'no_end',
  'start_incoming',
  'end_outgoing',
  'edge_dangling',
  'edge_self',
  'unreachable',
  'dead_end',
  'user_no_assignee',
  'assignee_empty',
  'time_no_wait',
  'push_no_title',
  'push_no_recipient',
  'click_no_button',
  'branch_no_default',
  'branch_many_defaults',
  'edge_no_condition',
  'outcome_not_user',
  'end_action_unknown',
  'date_field_unknown',
  'doc_field_unknown',
  'doc_no_text',
  'doc_no_template',
  'doc_template_invalid',
  'doc_xlsx_pdf',
] as const;
export type WorkflowErrorCode = (typeof WORKFLOW_ERROR_CODES)[number];

export interface WorkflowGraphError {
  nodeId?: string;
  edgeId?: string;
  code: WorkflowErrorCode;
  params: Record<string, string | number>;
}

export interface ValidateGraphOptions {
  /** the record type the process runs on: end actions, date fields and template fields are checked against it */
  record?: Pick<WorkflowRecordTypeInfo, 'actions' | 'dateFields' | 'fields'> | null;
}

/**
 * Whether a graph can run, every error pinned to the node or edge it is about (graph-wide errors
 * carry neither). Empty array = publishable.
 */
export function validateGraph(graph: WorkflowGraph, opts: ValidateGraphOptions = {}): WorkflowGraphError[] {
  const errors: WorkflowGraphError[] = [];
  const nodes = new Map<string, WorkflowNode>();
  const edgeIds = new Set<string>();
  for (const n of graph.nodes) {
    if (nodes.has(n.id)) errors.push({ nodeId: n.id, code: 'duplicate_id', params: { id: n.id } });
    else nodes.set(n.id, n);
  }
  for (const e of graph.edges) {
    if (edgeIds.has(e.id) || nodes.has(e.id)) errors.push({ edgeId: e.id, code: 'duplicate_id', params: { id: e.id } });
    edgeIds.add(e.id);
  }
  const name = (n: WorkflowNode) => n.name || n.id;

  const starts = graph.nodes.filter((n) => n.kind === 'start');
  const ends = graph.nodes.filter((n) => n.kind === 'end');
  if (starts.length === 0) errors.push({ code: 'no_start', params: {} });
  for (const s of starts.slice(1)) errors.push({ nodeId: s.id, code: 'many_starts', params: { n: starts.length } });
  if (ends.length === 0) errors.push({ code: 'no_end', params: {} });

  // edges whose ends exist; the rest are dangling
  const live: WorkflowEdge[] = [];
  for (const e of graph.edges) {
    const missing = !nodes.has(e.source) ? e.source : !nodes.has(e.target) ? e.target : null;
    if (missing !== null) {
      errors.push({ edgeId: e.id, code: 'edge_dangling', params: { id: missing } });
      continue;
    }
    if (e.source === e.target) errors.push({ edgeId: e.id, code: 'edge_self', params: { node: name(nodes.get(e.source)!) } });
    live.push(e);
  }
  const out = new Map<string, WorkflowEdge[]>();
  const inc = new Map<string, WorkflowEdge[]>();
  for (const e of live) {
    out.set(e.source, [...(out.get(e.source) ?? []), e]);
    inc.set(e.target, [...(inc.get(e.target) ?? []), e]);
  }
  for (const s of starts) if (inc.get(s.id)?.length) errors.push({ nodeId: s.id, code: 'start_incoming', params: { node: name(s) } });
  for (const e of ends) if (out.get(e.id)?.length) errors.push({ nodeId: e.id, code: 'end_outgoing', params: { node: name(e) } });

  // reachable from the (first) start, and able to reach an end
  const walk = (from: string[], next: Map<string, WorkflowEdge[]>, pick: (e: WorkflowEdge) => string) => {
    const seen = new Set<string>(from);
    const stack = [...from];
    while (stack.length) {
      const id = stack.pop()!;
      for (const e of next.get(id) ?? []) {
        const to = pick(e);
        if (!seen.has(to)) {
          seen.add(to);
          stack.push(to);
        }
      }
    }
    return seen;
  };
  if (starts.length) {
    const reached = walk([starts[0]!.id], out, (e) => e.target);
    for (const n of nodes.values()) if (!reached.has(n.id) && n.kind !== 'start') errors.push({ nodeId: n.id, code: 'unreachable', params: { node: name(n) } });
  }
  if (ends.length) {
    const canEnd = walk(
      ends.map((e) => e.id),
      inc,
      (e) => e.source,
    );
    for (const n of nodes.values()) if (!canEnd.has(n.id)) errors.push({ nodeId: n.id, code: 'dead_end', params: { node: name(n) } });
  }

  const rec = opts.record ?? null;
  const recordDef = rec
    ? {
        actions: new Set(rec.actions.map((a) => a.code)),
        dateFields: rec.dateFields,
        fields: [...rec.fields.map((f) => f.name), ...Object.keys(WORKFLOW_PROCESS_FIELDS)],
      }
    : null;
  const checkAssignee = (n: WorkflowNode, a: WorkflowAssignee | null | undefined, required: boolean) => {
    if (!a) {
      if (required) errors.push({ nodeId: n.id, code: 'user_no_assignee', params: { node: name(n) } });
      return;
    }
    if ((a.type === 'user' && !a.users?.length) || (a.type === 'role' && !a.roles?.length)) {
      errors.push({ nodeId: n.id, code: 'assignee_empty', params: { node: name(n), type: a.type } });
    }
  };
  for (const n of nodes.values()) {
    switch (n.kind) {
      case 'user':
        checkAssignee(n, n.data?.assignee, true);
        checkAssignee(n, n.data?.fallback, false);
        break;
      case 'click':
        if (!n.data?.button) errors.push({ nodeId: n.id, code: 'click_no_button', params: { node: name(n) } });
        checkAssignee(n, n.data?.assignee, false);
        checkAssignee(n, n.data?.fallback, false);
        break;
      case 'time': {
        const d = n.data;
        if (!d?.duration_minutes && !d?.date_field) errors.push({ nodeId: n.id, code: 'time_no_wait', params: { node: name(n) } });
        else if (d.date_field && recordDef && !recordDef.dateFields.includes(d.date_field)) {
          errors.push({ nodeId: n.id, code: 'date_field_unknown', params: { node: name(n), field: d.date_field } });
        }
        break;
      }
      case 'push':
        if (!n.data?.title) errors.push({ nodeId: n.id, code: 'push_no_title', params: { node: name(n) } });
        if (!n.data?.users?.length && !n.data?.roles?.length && !n.data?.starter) errors.push({ nodeId: n.id, code: 'push_no_recipient', params: { node: name(n) } });
        break;
      case 'download': {
        const d = n.data;
        const kind = d?.template ?? 'table';
        if (kind === 'text') {
          if (!d?.title && !d?.body) errors.push({ nodeId: n.id, code: 'doc_no_text', params: { node: name(n) } });
          if (recordDef) {
            const unknown = [...new Set([...templateFields(d?.title ?? ''), ...templateFields(d?.body ?? '')])].filter((f) => !recordDef.fields.includes(f));
            for (const field of unknown) errors.push({ nodeId: n.id, code: 'doc_field_unknown', params: { node: name(n), field } });
          }
        }
        if (kind === 'xlsx') {
          if (!d?.template_file_id) errors.push({ nodeId: n.id, code: 'doc_no_template', params: { node: name(n) } });
          if (d?.format === 'pdf') errors.push({ nodeId: n.id, code: 'doc_xlsx_pdf', params: { node: name(n) } });
        }
        if (recordDef && kind !== 'xlsx') {
          for (const field of (d?.fields ?? []).filter((f) => !recordDef.fields.includes(f))) errors.push({ nodeId: n.id, code: 'doc_field_unknown', params: { node: name(n), field } });
        }
        break;
      }
      case 'end': {
        const action = n.data?.action;
        if (action && recordDef && !recordDef.actions.has(action)) errors.push({ nodeId: n.id, code: 'end_action_unknown', params: { node: name(n), action } });
        break;
      }
      default:
        break;
    }
  }

  // branching: more than one way out needs conditions on all but one, and exactly one default
  for (const n of nodes.values()) {
    const edges = out.get(n.id) ?? [];
    for (const e of edges) {
      if (e.condition?.type === 'outcome' && n.kind !== 'user') errors.push({ edgeId: e.id, code: 'outcome_not_user', params: { node: name(n) } });
    }
    if (edges.length < 2) continue;
    const defaults = edges.filter((e) => e.default);
    if (defaults.length === 0) errors.push({ nodeId: n.id, code: 'branch_no_default', params: { node: name(n) } });
    for (const d of defaults.slice(1)) errors.push({ edgeId: d.id, code: 'branch_many_defaults', params: { node: name(n) } });
    for (const e of edges) if (!e.default && !e.condition) errors.push({ edgeId: e.id, code: 'edge_no_condition', params: { node: name(n) } });
  }
  return errors;
}

/* ------------------------------------------------------------------------------------------------
 * Conditions at run time (the engine, and the designer's preview).
 * ---------------------------------------------------------------------------------------------- */

const asNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
  return null;
};
const isEmptyValue = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Whether a condition holds for an outcome (the user task just completed, if any) and a record. */
export function conditionHolds(c: WorkflowCondition, outcome: WorkflowOutcomeValue | null, record: Record<string, unknown>): boolean {
  if (c.type === 'outcome') return c.outcome === outcome;
  const v = record[c.field];
  const want = c.value;
  switch (c.operator) {
    case 'empty':
      return isEmptyValue(v);
    case 'not_empty':
      return !isEmptyValue(v);
    case 'eq':
      return String(v ?? '') === String(want ?? '');
    case 'ne':
      return String(v ?? '') !== String(want ?? '');
    case 'in':
      return Array.isArray(want) && want.some((w) => String(w) === String(v ?? ''));
    case 'contains':
      return typeof v === 'string' && want != null && v.includes(String(want));
    default: {
      const a = asNumber(v);
      const b = asNumber(want);
      if (a === null || b === null) {
        // dates and other text compare as text (ISO dates sort as text)
        if (typeof v !== 'string' || typeof want !== 'string') return false;
        return c.operator === 'gt' ? v > want : c.operator === 'gte' ? v >= want : c.operator === 'lt' ? v < want : v <= want;
      }
      return c.operator === 'gt' ? a > b : c.operator === 'gte' ? a >= b : c.operator === 'lt' ? a < b : a <= b;
    }
  }
}

/**
 * The edge a token leaves a node by: the first (in order) whose condition holds, else the default;
 * a single unconditional edge always. null = no way out (the instance fails, naming the node).
 */
export function chooseEdge(edges: WorkflowEdge[], outcome: WorkflowOutcomeValue | null, record: Record<string, unknown>): WorkflowEdge | null {
  for (const e of edges) if (!e.default && e.condition && conditionHolds(e.condition, outcome, record)) return e;
  const plain = edges.filter((e) => !e.default && !e.condition);
  if (edges.length === 1 && plain.length === 1) return plain[0]!;
  return edges.find((e) => e.default) ?? plain[0] ?? null;
}

const PLACEHOLDER = /\{\{\s*([a-z][a-z0-9_]*)\s*\}\}|\{(\w+)\}/g;

/**
 * Placeholders filled from the record: `{{field}}` (document templates) and `{field}` (a push
 * node's title and content, as drawn before documents had templates). Unknown: left as is.
 */
export function fillTemplate(text: string, record: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (whole, double: string | undefined, single: string | undefined) => {
    const key = (double ?? single)!;
    if (!(key in record)) return whole;
    const v = record[key];
    if (v === null || v === undefined) return '';
    return v instanceof Date ? v.toISOString() : String(v);
  });
}

/** The fields a document template names as `{{field}}`, in order of first use. */
export function templateFields(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g)) if (!out.includes(m[1]!)) out.push(m[1]!);
  return out;
}

/* ------------------------------------------------------------------------------------------------
 * API inputs.
 * ---------------------------------------------------------------------------------------------- */

const version = () => z.number({ error: 'validation.number' }).int().nonnegative();
const keyField = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(64, { error: 'validation.too_long|64' })
    .regex(/^[a-z][a-z0-9_]*$/, { error: 'validation.workflow_key' });
const matchField = z.record(z.string().regex(/^[a-z][a-z0-9_]*$/), z.string().max(64)).nullish();

/** A record type's or an event's code as the registry names them (checked against it on the server). */
const registryCode = () => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(48, { error: 'validation.too_long|48' }).regex(/^[a-z][a-z0-9_.]*$/, { error: 'validation.workflow_key' });

/** A needs-approval binding's condition: a field condition on the record, the action's parameters and facts. */
export const workflowGateConditionSchema = z.strictObject({
  field: fieldName(),
  operator: enumField(WorkflowFieldOperator.values),
  value: z.union([z.string().max(200), z.number(), z.boolean(), z.array(z.union([z.string().max(200), z.number()])).max(50)]).nullish(),
});
export type WorkflowGateCondition = z.infer<typeof workflowGateConditionSchema>;

const binding = {
  event: registryCode().nullish(),
  event_match: matchField,
  /** 需要审批: the record's named action this process must approve before it applies (instead of an event) */
  gate_action: z.string().trim().max(32).regex(/^[a-z][a-z0-9_]*$/, { error: 'validation.workflow_key' }).nullish(),
  /** …only when this holds (e.g. amount > 500); none: every time */
  gate_condition: workflowGateConditionSchema.nullish(),
};

export const workflowCreateSchema = z.strictObject({
  key: keyField(),
  name: requiredText(64),
  description: optionalText(500),
  record_type: registryCode(),
  ...binding,
  graph: workflowGraphSchema.optional(),
});
export const workflowEditSchema = z.strictObject({
  id: idField(),
  version: version(),
  name: requiredText(64).optional(),
  description: optionalText(500),
  record_type: registryCode().optional(),
  ...binding,
  graph: workflowGraphSchema.optional(),
});
export const workflowMoveSchema = z.strictObject({ id: idField(), version: version() });
export const workflowPublishSchema = z.strictObject({ id: idField(), version: version(), note: optionalText(200) });
export const workflowVersionQuery = z.object({ id: idField(), version: idField() });

export const workflowStartSchema = z.strictObject({
  /** the definition key (its latest published version runs) */
  key: keyField(),
  record_id: idField(),
  comment: optionalText(500),
});
export const workflowCompleteSchema = z.strictObject({
  task_id: idField(),
  /** user task: approve / reject / return; click task: omitted (the button was pressed) */
  outcome: enumField(WorkflowOutcome.values).optional(),
  comment: optionalText(500),
});
export const workflowCancelSchema = z.strictObject({ id: idField(), version: version(), reason: requiredText(500) });
export const workflowReassignSchema = z.strictObject({ task_id: idField(), user_id: idField(), comment: optionalText(500) });
export const workflowRetrySchema = z.strictObject({ id: idField(), version: version() });

/** The message for a graph error in a language (the designer shows it on the canvas, the server in data.errors). */
export function workflowErrorMessage(e: Pick<WorkflowGraphError, 'code' | 'params'>, lang: Lang): string {
  const table = WORKFLOW_MESSAGES[lang] as Record<string, string>;
  return interpolate(table[`workflow.graph.${e.code}`] ?? e.code, e.params);
}

