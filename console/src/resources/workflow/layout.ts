import dagre from '@dagrejs/dagre';
import type { WorkflowEdge, WorkflowGraph } from '@pv/contract';

/*
 * The designer's automatic layout, apart from logic.ts: logic.ts is imported by the resource
 * definitions (index.ts, the main bundle), this file only by WorkflowDesigner.tsx, so dagre lands in
 * the designer's lazily loaded chunk and nowhere else.
 */

/** The size the canvas draws a node at (FlowNode in WorkflowDesigner.tsx), which the layout reserves. */
export const NODE_BOX = { width: 160, height: 60 };

export interface Point {
  x: number;
  y: number;
}

/** Where an edge leaves its source (bottom centre) and enters its target (top centre), from the nodes' top-left positions. */
export const edgeEnds = (source: Point, target: Point): [Point, Point] => [
  { x: source.x + NODE_BOX.width / 2, y: source.y + NODE_BOX.height },
  { x: target.x + NODE_BOX.width / 2, y: target.y },
];

/**
 * The edges that close a cycle — a 退回 / 驳回 edge back to an earlier step — found by a depth-first
 * walk from the start (then any node not reached), each node's edges in their order: an edge to a
 * node still on the walk's path goes back. The rest form a DAG that dagre lays out top to bottom.
 */
export function backEdges(graph: WorkflowGraph): Set<string> {
  const out = new Map<string, WorkflowEdge[]>();
  for (const e of graph.edges) out.set(e.source, [...(out.get(e.source) ?? []), e]);
  const state = new Map<string, 'open' | 'done'>();
  const back = new Set<string>();
  const visit = (id: string) => {
    state.set(id, 'open');
    for (const e of out.get(id) ?? []) {
      const s = state.get(e.target);
      if (s === 'open') back.add(e.id);
      else if (s === undefined) visit(e.target);
    }
    state.set(id, 'done');
  };
  const ordered = [...graph.nodes.filter((n) => n.kind === 'start'), ...graph.nodes.filter((n) => n.kind !== 'start')];
  for (const n of ordered) if (!state.has(n.id)) visit(n.id);
  return back;
}

/** Drops the middle one of three points on one line (an orthogonal route keeps only its corners). */
function corners(points: Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (last && last.x === p.x && last.y === p.y) continue;
    const before = out[out.length - 2];
    if (before && last && ((before.x === last.x && last.x === p.x) || (before.y === last.y && last.y === p.y))) out.pop();
    out.push(p);
  }
  return out;
}

/**
 * Automatic layout (top to bottom) by dagre (`@dagrejs/dagre`, see docs/DECISIONS.md "Workflow"):
 * layers by network simplex, crossings reduced; `gapX` / `gapY` are the distances between node
 * centres side by side / layer to layer. The branches of a node keep the order of its edges (left to
 * right) through dagre's ordering constraints. Positions are React Flow's (a node's top-left
 * corner), the drawing's top-left at 0,0.
 *
 * Every edge also gets its route (`points`, orthogonal, from the source's bottom to the target's
 * top), drawn by the canvas instead of a straight curve, so that no edge passes through a node:
 * - a forward edge turns only in the gaps between layers; across a layer it skips, it runs down the
 *   column dagre kept free for it in that layer (the dummy node of its long edge);
 * - a back edge (a 退回 loop, backEdges) is left out of dagre's graph and runs outside the drawing:
 *   down into the gap below its source, sideways past the drawing's edge (the side nearer to it,
 *   one lane per loop), up, and in above its target.
 */
export function autoLayout(graph: WorkflowGraph, gapX = 220, gapY = 130): WorkflowGraph {
  if (!graph.nodes.length) return graph;
  const ranksep = Math.max(10, gapY - NODE_BOX.height);
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'TB', nodesep: Math.max(10, gapX - NODE_BOX.width), ranksep, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  const ordered = [...graph.nodes.filter((n) => n.kind === 'start'), ...graph.nodes.filter((n) => n.kind !== 'start')];
  for (const n of ordered) g.setNode(n.id, { width: NODE_BOX.width, height: NODE_BOX.height });
  const ids = new Set(graph.nodes.map((n) => n.id));
  const back = backEdges(graph);
  const forward = graph.edges.filter((e) => ids.has(e.source) && ids.has(e.target) && e.source !== e.target && !back.has(e.id));
  for (const e of forward) g.setEdge(e.source, e.target, {}, e.id);
  // branch order: each node's targets left to right in the order of its edges (no contradicting pair)
  const constraints: { left: string; right: string }[] = [];
  const pairs = new Set<string>();
  const targets = new Map<string, string[]>();
  for (const e of forward) if (!(targets.get(e.source) ?? []).includes(e.target)) targets.set(e.source, [...(targets.get(e.source) ?? []), e.target]);
  for (const list of targets.values())
    for (let i = 1; i < list.length; i++) {
      const left = list[i - 1]!;
      const right = list[i]!;
      if (pairs.has(`${right}\u0000${left}`) || pairs.has(`${left}\u0000${right}`)) continue;
      pairs.add(`${left}\u0000${right}`);
      constraints.push({ left, right });
    }
  dagre.layout(g, { constraints });

  // node centres, shifted so that the drawing's top-left is 0,0 (whole pixels)
  const raw = new Map(graph.nodes.map((n) => [n.id, { x: g.node(n.id).x ?? 0, y: g.node(n.id).y ?? 0 }]));
  const minX = Math.min(...[...raw.values()].map((p) => p.x)) - NODE_BOX.width / 2;
  const minY = Math.min(...[...raw.values()].map((p) => p.y)) - NODE_BOX.height / 2;
  const at = (p: Point): Point => ({ x: Math.round(p.x - minX), y: Math.round(p.y - minY) });
  const centre = new Map([...raw].map(([id, p]) => [id, at(p)]));
  const layers = [...new Set([...centre.values()].map((p) => p.y))];
  const half = NODE_BOX.height / 2;
  /** the middle of the gap above the layer whose centre is at y */
  const gapAbove = (y: number) => y - half - ranksep / 2;

  const routes = new Map<string, Point[]>();
  for (const e of forward) {
    const s = centre.get(e.source)!;
    const t = centre.get(e.target)!;
    // dagre's points: the source's border, dummies in the gaps and in the layers skipped, the target's border; the layers' ones are the free columns
    const label = g.edge(e.source, e.target, e.id) as { points?: Point[] } | undefined;
    const columns = (label?.points ?? [])
      .slice(1, -1)
      .map(at)
      .filter((p) => p.y > s.y && p.y < t.y && layers.some((y) => Math.abs(y - p.y) <= 1))
      .map((p) => ({ x: p.x, y: layers.find((y) => Math.abs(y - p.y) <= 1)! }));
    const way: Point[] = [{ x: s.x, y: s.y + half }, ...columns, { x: t.x, y: t.y - half }];
    const route: Point[] = [way[0]!];
    for (let i = 1; i < way.length; i++) {
      const a = way[i - 1]!;
      const b = way[i]!;
      const turn = gapAbove(i === way.length - 1 ? t.y : b.y);
      if (a.x !== b.x) route.push({ x: a.x, y: turn }, { x: b.x, y: turn });
      route.push(b);
    }
    routes.set(e.id, corners(route));
  }
  // back edges: around the drawing, each in its own lane on the nearer side
  // past the nodes and the forward edges' columns (a long edge's column may lie beside every node)
  const xs = [...routes.values()].flat().map((p) => p.x);
  const left = Math.min(0, ...xs);
  const right = Math.max(Math.max(...[...centre.values()].map((p) => p.x)) + NODE_BOX.width / 2, ...xs);
  const lanes = { left: 0, right: 0 };
  for (const e of graph.edges) {
    if (!back.has(e.id) || e.source === e.target || !ids.has(e.source) || !ids.has(e.target)) continue;
    const s = centre.get(e.source)!;
    const t = centre.get(e.target)!;
    const side = (s.x + t.x) / 2 > (left + right) / 2 ? 'right' : 'left';
    const lane = lanes[side]++;
    const x = side === 'right' ? right + 30 + lane * 16 : left - 30 - lane * 16;
    const dy = Math.min(ranksep * 0.3 + lane * 4, ranksep * 0.45);
    const below = s.y + half + dy;
    const above = t.y - half - dy;
    routes.set(e.id, corners([{ x: s.x, y: s.y + half }, { x: s.x, y: below }, { x, y: below }, { x, y: above }, { x: t.x, y: above }, { x: t.x, y: t.y - half }]));
  }

  return {
    nodes: graph.nodes.map((n) => {
      const c = centre.get(n.id)!;
      return { ...n, position: { x: c.x - NODE_BOX.width / 2, y: c.y - half } };
    }),
    edges: graph.edges.map((e) => {
      const { points: _old, ...rest } = e;
      const route = routes.get(e.id);
      return route ? { ...rest, points: route } : rest;
    }),
  };
}

/**
 * An edge's stored route, if it still fits its nodes where they stand now (a node moved since
 * 自动布局 leaves its edges to the canvas's own curve): the route's ends are the ends the nodes
 * give, within a pixel.
 */
export function routeOf(edge: WorkflowEdge, source: Point | undefined, target: Point | undefined): Point[] | null {
  const p = edge.points;
  if (!p || p.length < 2 || !source || !target) return null;
  const [from, to] = edgeEnds(source, target);
  const first = p[0]!;
  const last = p[p.length - 1]!;
  return Math.abs(first.x - from.x) <= 1 && Math.abs(first.y - from.y) <= 1 && Math.abs(last.x - to.x) <= 1 && Math.abs(last.y - to.y) <= 1 ? p : null;
}
