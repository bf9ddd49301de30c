import { describe, expect, it } from 'vitest';
import { validateGraph, type WorkflowGraph } from '@pv/contract';
import { NODE_BOX, type Point, autoLayout, backEdges, edgeEnds, routeOf } from '../src/resources/workflow/layout.ts';

/**
 * 自动布局's routes (issue 16): an edge that skips layers or goes back to an earlier step must not be
 * drawn through the nodes in between. Checked geometrically: every route is orthogonal, starts at
 * its source's bottom centre, ends at its target's top centre, and none of its segments enters the
 * inside of any node's box.
 */

interface Box {
  id: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}
const boxes = (g: WorkflowGraph): Box[] =>
  g.nodes.map((n) => ({ id: n.id, left: n.position!.x, top: n.position!.y, right: n.position!.x + NODE_BOX.width, bottom: n.position!.y + NODE_BOX.height }));

/** Whether an axis-parallel segment passes through the inside of a box (touching its border is not crossing). */
function crosses(a: Point, b: Point, box: Box): boolean {
  if (a.y === b.y) return a.y > box.top && a.y < box.bottom && Math.max(a.x, b.x) > box.left && Math.min(a.x, b.x) < box.right;
  if (a.x === b.x) return a.x > box.left && a.x < box.right && Math.max(a.y, b.y) > box.top && Math.min(a.y, b.y) < box.bottom;
  throw new Error(`not orthogonal: ${JSON.stringify([a, b])}`);
}

/** The nodes an edge's route passes through, per edge (empty when the drawing is clean). */
function crossings(g: WorkflowGraph): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of g.edges) {
    const p = e.points ?? [];
    const hit = new Set<string>();
    for (let i = 1; i < p.length; i++) for (const box of boxes(g)) if (crosses(p[i - 1]!, p[i]!, box)) hit.add(box.id);
    if (hit.size) out[e.id] = [...hit];
  }
  return out;
}

/** start → a → b → c → end; a's default edge jumps over b and c to the end; c and b reject back to a; b may also refuse. */
const tangled: WorkflowGraph = {
  nodes: [
    { id: 'start', kind: 'start' },
    { id: 'a', kind: 'user', name: '初审', data: { assignee: { type: 'dept_head' } } },
    { id: 'b', kind: 'user', name: '复审', data: { assignee: { type: 'dept_head' } } },
    { id: 'c', kind: 'user', name: '终审', data: { assignee: { type: 'dept_head' } } },
    { id: 'end', kind: 'end', data: { result: 'approved' } },
    { id: 'no', kind: 'end', data: { result: 'rejected' } },
  ],
  edges: [
    { id: 'e-start-a', source: 'start', target: 'a' },
    { id: 'e-a-b', source: 'a', target: 'b', condition: { type: 'field', field: 'amount', operator: 'gt', value: 1000 } },
    { id: 'e-a-end', source: 'a', target: 'end', default: true },
    { id: 'e-b-c', source: 'b', target: 'c', condition: { type: 'outcome', outcome: 'approve' } },
    { id: 'e-b-no', source: 'b', target: 'no', condition: { type: 'outcome', outcome: 'reject' } },
    { id: 'e-b-a', source: 'b', target: 'a', default: true },
    { id: 'e-c-end', source: 'c', target: 'end', condition: { type: 'outcome', outcome: 'approve' } },
    { id: 'e-c-a', source: 'c', target: 'a', default: true },
  ],
};

describe('auto layout routes edges around the nodes', () => {
  it('finds the edges that go back (the reject loops), not the long forward one', () => {
    expect([...backEdges(tangled)].sort()).toEqual(['e-b-a', 'e-c-a']);
  });

  it('gives every edge an orthogonal route from its source to its target that enters no node', () => {
    const laid = autoLayout(tangled);
    expect(validateGraph(laid)).toEqual([]);
    const at = new Map(laid.nodes.map((n) => [n.id, n.position!]));
    // the long edge really skips two layers, and the loops really go up: the case being tested
    expect(at.get('end')!.y - at.get('a')!.y).toBeGreaterThanOrEqual(3 * 130);
    expect(at.get('c')!.y).toBeGreaterThan(at.get('a')!.y);
    for (const e of laid.edges) {
      const p = e.points!;
      expect(p.length, e.id).toBeGreaterThanOrEqual(2);
      const [from, to] = edgeEnds(at.get(e.source)!, at.get(e.target)!);
      expect(p[0], e.id).toEqual(from);
      expect(p[p.length - 1], e.id).toEqual(to);
      expect(routeOf(e, at.get(e.source), at.get(e.target)), e.id).toBe(p);
    }
    expect(crossings(laid)).toEqual({});
  });

  it('would cross nodes if the edges were drawn straight (the check can fail)', () => {
    const laid = autoLayout(tangled);
    const straight: WorkflowGraph = {
      ...laid,
      edges: laid.edges.map((e) => {
        const [a, b] = [e.points![0]!, e.points![e.points!.length - 1]!];
        // a straight line as an orthogonal staircase with one corner at each end's level
        return { ...e, points: [a, { x: a.x, y: b.y }, b] };
      }),
    };
    expect(Object.keys(crossings(straight)).length).toBeGreaterThan(0);
  });

  it('routes the seeded shapes cleanly too: a branch on approve / reject, and a chain with a download and a click', () => {
    const payment: WorkflowGraph = {
      nodes: [
        { id: 'start', kind: 'start' },
        { id: 'approve', kind: 'user', data: { assignee: { type: 'role', roles: ['admin'] } } },
        { id: 'form', kind: 'download', data: {} },
        { id: 'signed', kind: 'click', data: { button: '已线下签字' } },
        { id: 'ok', kind: 'end', data: { result: 'approved' } },
        { id: 'no', kind: 'end', data: { result: 'rejected' } },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'approve' },
        { id: 'e2', source: 'approve', target: 'no', condition: { type: 'outcome', outcome: 'reject' } },
        { id: 'e3', source: 'approve', target: 'form', default: true },
        { id: 'e4', source: 'form', target: 'signed' },
        { id: 'e5', source: 'signed', target: 'ok' },
        { id: 'e6', source: 'signed', target: 'approve', condition: { type: 'outcome', outcome: 'return' } },
      ],
    };
    const laid = autoLayout(payment);
    expect(laid.edges.every((e) => (e.points?.length ?? 0) >= 2)).toBe(true);
    expect(crossings(laid)).toEqual({});
  });

  it('a route stops counting once a node has moved', () => {
    const laid = autoLayout(tangled);
    const e = laid.edges.find((x) => x.id === 'e-a-end')!;
    const at = new Map(laid.nodes.map((n) => [n.id, n.position!]));
    expect(routeOf(e, { ...at.get('a')!, x: at.get('a')!.x + 40 }, at.get('end'))).toBeNull();
    expect(routeOf({ ...e, points: undefined }, at.get('a'), at.get('end'))).toBeNull();
  });
});
