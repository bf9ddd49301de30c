import { describe, expect, it } from 'vitest';
import { validateGraph, type WorkflowGraph } from '@pv/contract';
import { GraphHistory, csv, diffGraphs, diffMarks, newNode, nextEdgeId, pasteNodes } from '../src/resources/workflow/logic.ts';
import { autoLayout } from '../src/resources/workflow/layout.ts';

const g: WorkflowGraph = {
  nodes: [
    { id: 'start', kind: 'start', position: { x: 0, y: 0 } },
    { id: 'user1', kind: 'user', position: { x: 0, y: 100 }, data: { assignee: { type: 'dept_head' } } },
    { id: 'end', kind: 'end', position: { x: 0, y: 200 }, data: { result: 'done' } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'user1' },
    { id: 'e2', source: 'user1', target: 'end' },
  ],
};

describe('workflow designer logic', () => {
  it('new nodes and edges get free ids', () => {
    expect(newNode(g, 'user', { x: 1, y: 2 }, '审批').id).toBe('user2');
    expect(newNode(g, 'time', { x: 1, y: 2 }, 't')).toMatchObject({ id: 'time1', data: { duration_minutes: 60 } });
    expect(nextEdgeId(g, 'start', 'user1')).toBe('e-start-user1');
    expect(nextEdgeId({ ...g, edges: [...g.edges, { id: 'e-start-user1', source: 'start', target: 'user1' }] }, 'start', 'user1')).toBe('e-start-user1-2');
  });

  it('paste copies the selected nodes (never a second start) and the edges between them, shifted', () => {
    const { graph, ids } = pasteNodes(g, g.nodes, g.edges);
    expect(ids).toEqual(['user2', 'end1']);
    expect(graph.nodes.find((n) => n.id === 'user2')!.position).toEqual({ x: 40, y: 140 });
    expect(graph.edges.map((e) => [e.source, e.target]).slice(2)).toEqual([['user2', 'end1']]);
    expect(graph.nodes.filter((n) => n.kind === 'start')).toHaveLength(1);
  });

  it('auto layout puts each node one layer below the nodes leading to it', () => {
    const branched: WorkflowGraph = {
      nodes: [...g.nodes, { id: 'no', kind: 'end', data: { result: 'rejected' } }],
      edges: [g.edges[0]!, { id: 'a', source: 'user1', target: 'no', condition: { type: 'outcome', outcome: 'reject' } }, { id: 'b', source: 'user1', target: 'end', default: true }],
    };
    const laid = autoLayout(branched);
    const y = (id: string) => laid.nodes.find((n) => n.id === id)!.position!.y;
    expect([y('start'), y('user1'), y('end'), y('no')]).toEqual([0, 130, 260, 260]);
    expect(laid.nodes.find((n) => n.id === 'end')!.position!.x).not.toBe(laid.nodes.find((n) => n.id === 'no')!.position!.x);
    expect(validateGraph(laid)).toEqual([]);
    // the edges as they were, each with its route
    expect(laid.edges.map(({ points: _route, ...e }) => e)).toEqual(branched.edges);
    expect(laid.edges.every((e) => (e.points?.length ?? 0) >= 2)).toBe(true);
  });

  it('auto layout keeps a node\'s branches in the order of its edges, and lays out a return loop top to bottom', () => {
    const looped: WorkflowGraph = {
      nodes: [
        { id: 'start', kind: 'start' },
        { id: 'user1', kind: 'user', data: {} },
        { id: 'end', kind: 'end', data: { result: 'done' } },
        { id: 'no', kind: 'end', data: { result: 'rejected' } },
        { id: 'push1', kind: 'push', data: {} },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'user1' },
        { id: 'a', source: 'user1', target: 'no' },
        { id: 'b', source: 'user1', target: 'end' },
        { id: 'c', source: 'user1', target: 'push1' },
        { id: 'd', source: 'push1', target: 'user1' },
      ],
    };
    const laid = autoLayout(looped);
    const p = (id: string) => laid.nodes.find((n) => n.id === id)!.position!;
    expect([p('start').y, p('user1').y, p('no').y, p('end').y, p('push1').y]).toEqual([0, 130, 260, 260, 260]);
    expect(p('no').x).toBeLessThan(p('end').x);
    expect(p('end').x).toBeLessThan(p('push1').x);
    expect(p('end').x - p('no').x).toBeGreaterThanOrEqual(220);
    // the reverse order of edges gives the reverse order of branches
    const reversed = autoLayout({ ...looped, edges: [looped.edges[0]!, looped.edges[3]!, looped.edges[2]!, looped.edges[1]!, looped.edges[4]!] });
    const q = (id: string) => reversed.nodes.find((n) => n.id === id)!.position!;
    expect(q('push1').x).toBeLessThan(q('end').x);
    expect(q('end').x).toBeLessThan(q('no').x);
    expect(autoLayout({ nodes: [], edges: [] })).toEqual({ nodes: [], edges: [] });
  });

  it('undo and redo walk the history; a new change drops the redo branch', () => {
    const h = new GraphHistory();
    const a = g;
    const b = { ...g, nodes: g.nodes.slice(0, 2) };
    const c = { ...g, nodes: g.nodes.slice(0, 1) };
    h.push(a);
    h.push(b);
    expect(h.undo(c)).toBe(b);
    expect(h.undo(b)).toBe(a);
    expect(h.undo(a)).toBeNull();
    expect(h.redo(a)).toBe(b);
    h.push(b);
    expect(h.canRedo).toBe(false);
  });

  it('a comparison lists the nodes and edges added, removed and changed (kind, name, properties), not a move', () => {
    const before: WorkflowGraph = {
      nodes: [
        { id: 'start', kind: 'start', position: { x: 0, y: 0 } },
        { id: 'user1', kind: 'user', name: '主管审核', position: { x: 0, y: 100 }, data: { assignee: { type: 'role', roles: ['admin'] }, due_hours: null } },
        { id: 'push1', kind: 'push', name: '通知', data: { starter: true } },
        { id: 'end', kind: 'end', position: { x: 0, y: 200 }, data: { result: 'done' } },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'user1' },
        { id: 'e2', source: 'user1', target: 'push1' },
        { id: 'e3', source: 'push1', target: 'end', label: '完成' },
      ],
    };
    const after: WorkflowGraph = {
      nodes: [
        { id: 'start', kind: 'start', position: { x: 300, y: 40 } }, // moved only
        { id: 'user1', kind: 'user', name: '主管审批', position: { x: 0, y: 100 }, data: { assignee: { type: 'user', users: [1] } } },
        { id: 'end', kind: 'end', data: { action: null, result: 'done' } }, // null and absent alike
        { id: 'time1', kind: 'time', name: '等待', data: { duration_minutes: 60 } },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'user1' },
        { id: 'e-user1-time1', source: 'user1', target: 'time1', condition: { type: 'outcome', outcome: 'approve' } },
        { id: 'e-time1-end', source: 'time1', target: 'end' },
        { id: 'e-user1-end', source: 'user1', target: 'end', default: true },
      ],
    };
    const diff = diffGraphs(before, after);
    expect(diff.nodes.map((d) => [d.id, d.change, d.fields])).toEqual([
      ['user1', 'changed', ['name', 'assignee']],
      ['time1', 'added', []],
      ['push1', 'removed', []],
    ]);
    expect(diff.edges.map((d) => [d.id, d.change, d.fields])).toEqual([
      ['e-user1-time1', 'added', []],
      ['e-time1-end', 'added', []],
      ['e-user1-end', 'added', []],
      ['e2', 'removed', []],
      ['e3', 'removed', []],
    ]);
    expect(diffGraphs(before, before)).toEqual({ nodes: [], edges: [] });
    // an edge drawn again (new id, same ends) is the same edge: changed when its condition is
    const redrawn = diffGraphs(before, { ...before, edges: [before.edges[0]!, { id: 'e-user1-push1', source: 'user1', target: 'push1', condition: { type: 'outcome', outcome: 'approve' } }, before.edges[2]!] });
    expect(redrawn.edges).toEqual([{ id: 'e-user1-push1', beforeId: 'e2', change: 'changed', edge: expect.objectContaining({ id: 'e-user1-push1' }), fields: ['condition'] }]);
    expect([...diffMarks(redrawn, 'before')]).toEqual([['e2', 'changed']]);
    expect([...diffMarks(redrawn, 'after')]).toEqual([['e-user1-push1', 'changed']]);
    // each side marks its own: the removed on the left, the added on the right, the changed on both
    expect(diffMarks(diff, 'before').get('push1')).toBe('removed');
    expect(diffMarks(diff, 'before').has('time1')).toBe(false);
    expect(diffMarks(diff, 'after').get('time1')).toBe('added');
    expect(diffMarks(diff, 'after').get('user1')).toBe('changed');
    expect(diffMarks(diff, 'before').get('user1')).toBe('changed');
    // a kind change is a change of the node
    expect(diffGraphs(before, { ...before, nodes: before.nodes.map((n) => (n.id === 'push1' ? { id: 'push1', kind: 'download', name: '通知', data: {} } : n)) }).nodes).toMatchObject([{ id: 'push1', change: 'changed', fields: ['kind', 'starter'] }]);
  });

  it('a comparison names a download node’s document properties that changed (format, template, its text, the template file)', () => {
    const doc = (data: Record<string, unknown>) => ({ nodes: [{ id: 'doc1', kind: 'download' as const, name: '审批单', data }], edges: [] }) as WorkflowGraph;
    const before = doc({ file_name: '审批单', fields: ['batch_no'] });
    expect(diffGraphs(before, doc({ file_name: '审批单', fields: ['batch_no'], template: undefined, title: '' })).nodes).toEqual([]);
    const after = doc({ file_name: '审批单', fields: ['batch_no'], format: 'pdf', template: 'text', title: '审批单 {{batch_no}}', body: '总额 {{total}}' });
    expect(diffGraphs(before, after).nodes).toMatchObject([{ id: 'doc1', change: 'changed', fields: expect.arrayContaining(['format', 'template', 'title', 'body']) }]);
    const tplA = doc({ template: 'xlsx', template_file_id: 3, template_file_name: 'a.xlsx' });
    const tplB = doc({ template: 'xlsx', template_file_id: 4, template_file_name: 'a.xlsx' });
    expect(diffGraphs(tplA, tplB).nodes).toMatchObject([{ id: 'doc1', change: 'changed', fields: ['template_file_id'] }]);
  });

  it('a typed list splits on commas (either width) and spaces', () => {
    expect(csv(' a,b，c  d ,, ')).toEqual(['a', 'b', 'c', 'd']);
  });
});
