import { describe, expect, it } from 'vitest';
import {
  chooseEdge,
  conditionHolds,
  fillTemplate,
  messages,
  templateFields,
  validateGraph,
  WORKFLOW_ERROR_CODES,
  WORKFLOW_MESSAGES,
  type WorkflowGraph,
  type WorkflowGraphError,
  workflowErrorMessage,
  workflowGraphSchema,
} from '../src/index.ts';

/** Record types as the server's registry describes them (GET workflow/registry), the parts validation reads. */
const recordType = (actions: string[], dateFields: string[], fields: string[]) => ({
  actions: actions.map((code) => ({ code, label: { zh: code, en: code }, from: null, params: [], facts: [] })),
  dateFields,
  fields: ['id', ...fields, ...dateFields].map((name) => ({ name, label: { zh: name, en: name }, kind: 'text' as const })),
});
const MATTER = recordType(['close', 'reject'], ['created_at', 'assigned_at'], ['matter_no', 'type', 'title']);
const MAINTENANCE = recordType(['approve', 'reject', 'cancel'], ['repair_due', 'created_at'], ['order_no']);
const PAYMENT_BATCH = recordType(['approve', 'reject', 'cancel'], ['submitted_at', 'created_at'], ['batch_no', 'total', 'line_count', 'purpose']);

/** start → review (user) → notify (push) → end, with a reject branch to a second end. */
const good = (): WorkflowGraph => ({
  nodes: [
    { id: 's', kind: 'start', name: '开始' },
    { id: 'u', kind: 'user', name: '财务审核', data: { assignee: { type: 'role', roles: ['operator'] } } },
    { id: 'p', kind: 'push', name: '通知', data: { title: '{matter_no} 已审核', content: '内容', starter: true } },
    { id: 'ok', kind: 'end', name: '通过', data: { result: 'approved', action: 'close' } },
    { id: 'no', kind: 'end', name: '驳回', data: { result: 'rejected', action: 'reject' } },
  ],
  edges: [
    { id: 'e1', source: 's', target: 'u' },
    { id: 'e2', source: 'u', target: 'no', condition: { type: 'outcome', outcome: 'reject' } },
    { id: 'e3', source: 'u', target: 'p', default: true },
    { id: 'e4', source: 'p', target: 'ok' },
  ],
});
const codes = (errs: WorkflowGraphError[]) => errs.map((e) => [e.code, e.nodeId ?? e.edgeId ?? null]);

describe('workflow graph (contract)', () => {
  it('a complete graph has no errors, and the schema takes it as JSON round-trips it', () => {
    const g = workflowGraphSchema.parse(JSON.parse(JSON.stringify(good())));
    expect(validateGraph(g, { record: MATTER })).toEqual([]);
  });

  it('the schema refuses unknown kinds, unknown properties and bad ids; a draft may lack an assignee', () => {
    expect(workflowGraphSchema.safeParse({ nodes: [{ id: 'x', kind: 'gateway' }], edges: [] }).success).toBe(false);
    expect(workflowGraphSchema.safeParse({ nodes: [{ id: 'x', kind: 'user', data: { assignee: { type: 'role' }, color: 'red' } }], edges: [] }).success).toBe(false);
    expect(workflowGraphSchema.safeParse({ nodes: [{ id: 'a b', kind: 'start' }], edges: [] }).success).toBe(false);
    expect(workflowGraphSchema.safeParse({ nodes: [{ id: 'u', kind: 'user' }], edges: [] }).success).toBe(true);
    expect(workflowGraphSchema.safeParse({ nodes: [], edges: [{ id: 'e', source: 'a', target: 'b', condition: { type: 'field', field: 'type', operator: 'like' } }] }).success).toBe(false);
  });

  it('no start, two starts, no end', () => {
    expect(codes(validateGraph({ nodes: [{ id: 'e', kind: 'end' }], edges: [] }))).toContainEqual(['no_start', null]);
    const g = good();
    g.nodes.push({ id: 's2', kind: 'start' });
    g.edges.push({ id: 'e9', source: 's2', target: 'u' });
    expect(codes(validateGraph(g))).toEqual([['many_starts', 's2']]);
    const h = good();
    h.nodes = h.nodes.filter((n) => n.kind !== 'end');
    h.edges = h.edges.filter((e) => e.target !== 'ok' && e.target !== 'no');
    expect(codes(validateGraph(h))).toContainEqual(['no_end', null]);
  });

  it('start with an incoming edge, end with an outgoing edge', () => {
    const g = good();
    g.edges.push({ id: 'back', source: 'p', target: 's', condition: { type: 'field', field: 'status', operator: 'eq', value: 'x' } });
    g.edges.push({ id: 'out', source: 'ok', target: 'p' });
    const c = codes(validateGraph(g));
    expect(c).toContainEqual(['start_incoming', 's']);
    expect(c).toContainEqual(['end_outgoing', 'ok']);
  });

  it('dangling edges and self-loops are pinned to the edge', () => {
    const g = good();
    g.edges.push({ id: 'd1', source: 'u', target: 'ghost', condition: { type: 'outcome', outcome: 'return' } });
    g.edges.push({ id: 'loop', source: 'p', target: 'p', condition: { type: 'field', field: 'status', operator: 'empty' } });
    const errs = validateGraph(g);
    expect(errs).toContainEqual({ edgeId: 'd1', code: 'edge_dangling', params: { id: 'ghost' } });
    expect(codes(errs)).toContainEqual(['edge_self', 'loop']);
  });

  it('a node the start cannot reach, and a node that cannot reach an end', () => {
    const g = good();
    g.nodes.push({ id: 'island', kind: 'time', data: { duration_minutes: 5 } });
    g.edges.push({ id: 'ie', source: 'island', target: 'ok' });
    g.nodes.push({ id: 'trap', kind: 'click', data: { button: '已签字' } });
    g.edges[1] = { id: 'e2', source: 'u', target: 'trap', condition: { type: 'outcome', outcome: 'reject' } };
    const c = codes(validateGraph(g));
    expect(c).toContainEqual(['unreachable', 'island']);
    expect(c).toContainEqual(['dead_end', 'trap']);
    expect(c).not.toContainEqual(['dead_end', 'island']);
  });

  it('a user node without assignee, or whose rule names nobody', () => {
    const g = good();
    g.nodes[1] = { id: 'u', kind: 'user', name: '审核' };
    expect(codes(validateGraph(g))).toEqual([['user_no_assignee', 'u']]);
    g.nodes[1] = { id: 'u', kind: 'user', data: { assignee: { type: 'user', users: [] } } };
    expect(codes(validateGraph(g))).toEqual([['assignee_empty', 'u']]);
    g.nodes[1] = { id: 'u', kind: 'user', data: { assignee: { type: 'dept_head' } } };
    expect(validateGraph(g)).toEqual([]);
  });

  it('a time node needs a duration or a date field of the record', () => {
    const g = good();
    g.nodes.push({ id: 't', kind: 'time', name: '等待' });
    g.edges[3] = { id: 'e4', source: 'p', target: 't' };
    g.edges.push({ id: 'e5', source: 't', target: 'ok' });
    expect(codes(validateGraph(g))).toEqual([['time_no_wait', 't']]);
    g.nodes[5] = { id: 't', kind: 'time', data: { date_field: 'repair_due' } };
    expect(codes(validateGraph(g, { record: MATTER }))).toEqual([['date_field_unknown', 't']]);
    expect(validateGraph(g, { record: MAINTENANCE }).filter((e) => e.nodeId === 't')).toEqual([]);
    g.nodes[5] = { id: 't', kind: 'time', data: { duration_minutes: 60 } };
    expect(validateGraph(g, { record: MATTER })).toEqual([]);
  });

  it('push needs a title and recipients; click needs a button', () => {
    const g = good();
    g.nodes[2] = { id: 'p', kind: 'push', data: {} };
    expect(codes(validateGraph(g))).toEqual([
      ['push_no_title', 'p'],
      ['push_no_recipient', 'p'],
    ]);
    g.nodes[2] = { id: 'p', kind: 'click', data: {} };
    expect(codes(validateGraph(g))).toEqual([['click_no_button', 'p']]);
  });

  it('branching needs one default edge and conditions on the others; outcomes only after user nodes', () => {
    const g = good();
    g.edges[2] = { id: 'e3', source: 'u', target: 'p' };
    const c = codes(validateGraph(g));
    expect(c).toContainEqual(['branch_no_default', 'u']);
    expect(c).toContainEqual(['edge_no_condition', 'e3']);
    const h = good();
    h.edges[1] = { ...h.edges[1]!, default: true, condition: null };
    expect(codes(validateGraph(h))).toEqual([['branch_many_defaults', 'e3']]);
    const k = good();
    k.edges[3] = { id: 'e4', source: 'p', target: 'ok', condition: { type: 'outcome', outcome: 'approve' } };
    expect(codes(validateGraph(k))).toEqual([['outcome_not_user', 'e4']]);
  });

  it('an end action the record type lacks, and duplicate ids', () => {
    const g = good();
    expect(codes(validateGraph(g, { record: PAYMENT_BATCH }))).toEqual([['end_action_unknown', 'ok']]);
    g.nodes.push({ id: 'u', kind: 'push', data: { title: 'x', starter: true } });
    expect(codes(validateGraph(g))).toContainEqual(['duplicate_id', 'u']);
  });

  it('every error code has a message in zh and en naming the node', () => {
    for (const code of WORKFLOW_ERROR_CODES) {
      for (const lang of ['zh', 'en'] as const) {
        const text = workflowErrorMessage({ code, params: { node: '财务审核', id: 'x', n: 2, action: 'a', field: 'f', type: 'user', name: 'm.xlsx' } }, lang);
        expect(text, `${code} ${lang}`).not.toBe(code);
        expect(text).not.toMatch(/%\{/);
      }
    }
    expect(workflowErrorMessage({ code: 'user_no_assignee', params: { node: '财务审核' } }, 'zh')).toBe('人工审批“财务审核”没有设置处理人');
    expect(workflowErrorMessage({ code: 'user_no_assignee', params: { node: 'Review' } }, 'en')).toBe('The user task “Review” has no assignee');
    expect(Object.keys(WORKFLOW_MESSAGES.zh).sort()).toEqual(Object.keys(WORKFLOW_MESSAGES.en).sort());
    expect((messages.en as Record<string, string>)['error.workflow_task_done']).toBeTruthy();
  });

  it('a fallback assignee, when set, must name someone', () => {
    const g = good();
    g.nodes[1] = { id: 'u', kind: 'user', data: { assignee: { type: 'role', roles: ['finance_approver'] }, fallback: { type: 'role', roles: [] } } };
    expect(codes(validateGraph(g))).toEqual([['assignee_empty', 'u']]);
  });

  it('a template may also name the process’s own values (who started and who approved it)', () => {
    const g = good();
    g.nodes[2] = { id: 'p', kind: 'download', data: { template: 'text', title: '{{matter_no}}', body: '审批人：{{wf_approvers}} {{wf_approved_at}}' } };
    expect(validateGraph(g, { record: MATTER })).toEqual([]);
  });
});

describe('workflow conditions at run time', () => {
  const rec = { type: 'bank_card', total: '1280.50', priority: 'high', note: '', due: '2026-11-25' };
  it('field operators', () => {
    expect(conditionHolds({ type: 'field', field: 'type', operator: 'eq', value: 'bank_card' }, null, rec)).toBe(true);
    expect(conditionHolds({ type: 'field', field: 'type', operator: 'ne', value: 'bank_card' }, null, rec)).toBe(false);
    expect(conditionHolds({ type: 'field', field: 'total', operator: 'gt', value: 1000 }, null, rec)).toBe(true);
    expect(conditionHolds({ type: 'field', field: 'total', operator: 'lte', value: '1000' }, null, rec)).toBe(false);
    expect(conditionHolds({ type: 'field', field: 'priority', operator: 'in', value: ['high', 'urgent'] }, null, rec)).toBe(true);
    expect(conditionHolds({ type: 'field', field: 'note', operator: 'empty' }, null, rec)).toBe(true);
    expect(conditionHolds({ type: 'field', field: 'missing', operator: 'not_empty' }, null, rec)).toBe(false);
    expect(conditionHolds({ type: 'field', field: 'type', operator: 'contains', value: 'card' }, null, rec)).toBe(true);
    expect(conditionHolds({ type: 'field', field: 'due', operator: 'lt', value: '2026-12-01' }, null, rec)).toBe(true);
  });
  it('edges in order, the default last, a single plain edge always', () => {
    const g = good();
    const fromU = g.edges.filter((e) => e.source === 'u');
    expect(chooseEdge(fromU, 'reject', rec)!.id).toBe('e2');
    expect(chooseEdge(fromU, 'approve', rec)!.id).toBe('e3');
    expect(chooseEdge([g.edges[0]!], null, rec)!.id).toBe('e1');
    expect(chooseEdge([{ id: 'x', source: 'a', target: 'b', condition: { type: 'outcome', outcome: 'reject' } }], 'approve', rec)).toBeNull();
  });
  it('templates fill {field} from the record', () => {
    expect(fillTemplate('{type} / {total} / {nope}', rec)).toBe('bank_card / 1280.50 / {nope}');
  });
  it('document templates fill {{field}} (spaces inside allowed) and list the fields they name', () => {
    expect(fillTemplate('{{type}} / {{ total }} / {{nope}} / {type}', rec)).toBe('bank_card / 1280.50 / {{nope}} / bank_card');
    expect(templateFields('{{a}} {{ b_2 }} {{a}} {single} {{Bad-name}}')).toEqual(['a', 'b_2']);
  });
});

describe('download nodes', () => {
  const withDoc = (data: Extract<WorkflowGraph['nodes'][number], { kind: 'download' }>['data']): WorkflowGraph => ({
    nodes: [
      { id: 's', kind: 'start' },
      { id: 'd', kind: 'download', name: '审批单', data },
      { id: 'e', kind: 'end', data: { result: 'done' } },
    ],
    edges: [
      { id: 'a', source: 's', target: 'd' },
      { id: 'b', source: 'd', target: 'e' },
    ],
  });
  const codes = (g: WorkflowGraph) => validateGraph(g, { record: PAYMENT_BATCH }).map((e) => [e.nodeId, e.code, e.params.field ?? null]);

  it('format and template kind are optional: a node drawn before them is valid as it was', () => {
    expect(workflowGraphSchema.safeParse(withDoc({ file_name: '审批单', fields: ['batch_no'] })).success).toBe(true);
    expect(codes(withDoc({ file_name: '审批单', fields: ['batch_no'] }))).toEqual([]);
    expect(workflowGraphSchema.safeParse(withDoc({ format: 'docx' as never })).success).toBe(false);
    expect(workflowGraphSchema.safeParse(withDoc({ template: 'word' as never })).success).toBe(false);
  });

  it('a text template may name only the record type’s fields; each unknown one is an error on the node', () => {
    expect(codes(withDoc({ format: 'pdf', template: 'text', title: '审批单 {{batch_no}}', body: '总额 {{total}}\n笔数 {{line_count}}' }))).toEqual([]);
    expect(codes(withDoc({ format: 'pdf', template: 'text', title: '{{batch_no}} {{nope}}', body: '{{nope}} {{amount}}' }))).toEqual([
      ['d', 'doc_field_unknown', 'nope'],
      ['d', 'doc_field_unknown', 'amount'],
    ]);
    expect(codes(withDoc({ template: 'text' }))).toEqual([['d', 'doc_no_text', null]]);
    expect(codes(withDoc({ fields: ['batch_no', 'password_hash'] }))).toEqual([['d', 'doc_field_unknown', 'password_hash']]);
    // without a record type the names are not checked
    expect(validateGraph(withDoc({ template: 'text', body: '{{nope}}' }))).toEqual([]);
  });

  it('an xlsx template needs its file and makes an xlsx', () => {
    expect(codes(withDoc({ template: 'xlsx' }))).toEqual([['d', 'doc_no_template', null]]);
    expect(codes(withDoc({ template: 'xlsx', template_file_id: 7, format: 'pdf' }))).toEqual([['d', 'doc_xlsx_pdf', null]]);
    expect(codes(withDoc({ template: 'xlsx', template_file_id: 7 }))).toEqual([]);
    expect(workflowErrorMessage({ code: 'doc_field_unknown', params: { node: '审批单', field: 'nope' } }, 'zh')).toBe('生成文档“审批单”引用的字段 nope 不是该业务记录的字段');
    expect(workflowErrorMessage({ code: 'doc_field_unknown', params: { node: 'Form', field: 'nope' } }, 'en')).toBe('The document “Form” names the field nope, which this record type does not have');
  });
});
