import { describe, expect, it } from 'vitest';
import { validateGraph, type WorkflowGraph } from '@pv/contract';
import { GraphHistory, newNode, nextEdgeId, pasteNodes } from '../src/resources/workflow/logic.ts';
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
    expect(laid.edges).toBe(branched.edges);
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
});
