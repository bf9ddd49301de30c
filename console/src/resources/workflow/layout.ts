import dagre from '@dagrejs/dagre';
import type { WorkflowGraph } from '@pv/contract';

/*
 * The designer's automatic layout, apart from logic.ts: logic.ts is imported by the resource
 * definitions (index.ts, the main bundle), this file only by WorkflowDesigner.tsx, so dagre lands in
 * the designer's lazily loaded chunk and nowhere else.
 */

/** The size the canvas draws a node at (FlowNode in WorkflowDesigner.tsx), which the layout reserves. */
export const NODE_BOX = { width: 160, height: 60 };

/**
 * Automatic layout (top to bottom) by dagre (`@dagrejs/dagre`, see docs/DECISIONS.md "Workflow"):
 * layers by network simplex, back edges (a 退回 loop) reversed by dagre's acyclic step, crossings
 * reduced; `gapX` / `gapY` are the distances between node centres side by side / layer to layer.
 * The branches of a node keep the order of its edges (left to right) through dagre's ordering
 * constraints. Positions are React Flow's (a node's top-left corner), the drawing's top-left at 0,0.
 * Edges are returned as they were.
 */
export function autoLayout(graph: WorkflowGraph, gapX = 220, gapY = 130): WorkflowGraph {
  if (!graph.nodes.length) return graph;
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'TB', nodesep: Math.max(10, gapX - NODE_BOX.width), ranksep: Math.max(10, gapY - NODE_BOX.height), marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  // the start first: dagre's acyclic step then reverses the edges that return towards it
  const ordered = [...graph.nodes.filter((n) => n.kind === 'start'), ...graph.nodes.filter((n) => n.kind !== 'start')];
  for (const n of ordered) g.setNode(n.id, { width: NODE_BOX.width, height: NODE_BOX.height });
  const ids = new Set(graph.nodes.map((n) => n.id));
  const edges = graph.edges.filter((e) => ids.has(e.source) && ids.has(e.target));
  for (const e of edges) g.setEdge(e.source, e.target, {}, e.id);
  // branch order: each node's targets left to right in the order of its edges (no contradicting pair)
  const constraints: { left: string; right: string }[] = [];
  const pairs = new Set<string>();
  const targets = new Map<string, string[]>();
  for (const e of edges) if (e.target !== e.source && !(targets.get(e.source) ?? []).includes(e.target)) targets.set(e.source, [...(targets.get(e.source) ?? []), e.target]);
  for (const list of targets.values())
    for (let i = 1; i < list.length; i++) {
      const left = list[i - 1]!;
      const right = list[i]!;
      if (pairs.has(`${right}\u0000${left}`) || pairs.has(`${left}\u0000${right}`)) continue;
      pairs.add(`${left}\u0000${right}`);
      constraints.push({ left, right });
    }
  dagre.layout(g, { constraints });
  const laid = new Map<string, { x: number; y: number }>();
  for (const n of graph.nodes) {
    const box = g.node(n.id);
    laid.set(n.id, { x: (box.x ?? 0) - NODE_BOX.width / 2, y: (box.y ?? 0) - NODE_BOX.height / 2 });
  }
  const minX = Math.min(...[...laid.values()].map((p) => p.x));
  const minY = Math.min(...[...laid.values()].map((p) => p.y));
  return { ...graph, nodes: graph.nodes.map((n) => ({ ...n, position: { x: Math.round(laid.get(n.id)!.x - minX), y: Math.round(laid.get(n.id)!.y - minY) } })) };
}
