import type { WorkflowEdge, WorkflowGraph, WorkflowNode, WorkflowNodeKindValue } from '@pv/contract';

/** react-admin resource of 流程定义 (its route path) and its API. */
export const WORKFLOW_RESOURCE = 'other/workflow';
export const WORKFLOW_API = 'workflow';
export const WORKFLOW_INSTANCE_RESOURCE = 'other/workflowInstance';
export const designerPath = (id: number | string) => `/other/workflowDesigner?id=${id}`;

/** A new node's id: the kind and the first free number. */
export function nextNodeId(graph: WorkflowGraph, kind: WorkflowNodeKindValue): string {
  const taken = new Set([...graph.nodes.map((n) => n.id), ...graph.edges.map((e) => e.id)]);
  for (let i = 1; ; i++) if (!taken.has(`${kind}${i}`)) return `${kind}${i}`;
}

export function nextEdgeId(graph: WorkflowGraph, source: string, target: string): string {
  const taken = new Set([...graph.nodes.map((n) => n.id), ...graph.edges.map((e) => e.id)]);
  const base = `e-${source}-${target}`;
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** The defaults a node of each kind starts with on the canvas. */
export function newNode(graph: WorkflowGraph, kind: WorkflowNodeKindValue, position: { x: number; y: number }, name: string): WorkflowNode {
  const id = nextNodeId(graph, kind);
  const base = { id, name, position };
  switch (kind) {
    case 'start':
      return { ...base, kind };
    case 'end':
      return { ...base, kind, data: { result: 'done' } };
    case 'user':
      return { ...base, kind, data: {} };
    case 'push':
      return { ...base, kind, data: { starter: true } };
    case 'download':
      return { ...base, kind, data: {} };
    case 'click':
      return { ...base, kind, data: {} };
    case 'time':
      return { ...base, kind, data: { duration_minutes: 60 } };
  }
}

/**
 * Copies of `nodes` (new ids, shifted) and of the edges between them: paste. Returns the new
 * graph and the ids of the pasted nodes.
 */
export function pasteNodes(graph: WorkflowGraph, nodes: WorkflowNode[], edges: WorkflowEdge[], offset = 40): { graph: WorkflowGraph; ids: string[] } {
  let g = graph;
  const map = new Map<string, string>();
  for (const n of nodes) {
    if (n.kind === 'start') continue; // one start only
    const id = nextNodeId(g, n.kind);
    map.set(n.id, id);
    const copy = { ...n, id, position: { x: (n.position?.x ?? 0) + offset, y: (n.position?.y ?? 0) + offset } } as WorkflowNode;
    g = { ...g, nodes: [...g.nodes, copy] };
  }
  for (const e of edges) {
    const source = map.get(e.source);
    const target = map.get(e.target);
    if (!source || !target) continue;
    g = { ...g, edges: [...g.edges, { ...e, id: nextEdgeId(g, source, target), source, target }] };
  }
  return { graph: g, ids: [...map.values()] };
}

/**
 * A layered layout (top to bottom): each node's layer is its longest distance from the start
 * along edges that do not close a cycle; nodes of a layer side by side, centred.
 */
export function autoLayout(graph: WorkflowGraph, gapX = 220, gapY = 130): WorkflowGraph {
  const out = new Map<string, string[]>();
  for (const e of graph.edges) out.set(e.source, [...(out.get(e.source) ?? []), e.target]);
  const layer = new Map<string, number>();
  const start = graph.nodes.find((n) => n.kind === 'start');
  const roots = start ? [start.id] : graph.nodes.slice(0, 1).map((n) => n.id);
  const visit = (id: string, depth: number, path: Set<string>) => {
    if ((layer.get(id) ?? -1) >= depth) return;
    layer.set(id, depth);
    path.add(id);
    for (const next of out.get(id) ?? []) if (!path.has(next)) visit(next, depth + 1, path);
    path.delete(id);
  };
  for (const r of roots) visit(r, 0, new Set());
  let maxLayer = Math.max(0, ...layer.values());
  for (const n of graph.nodes) if (!layer.has(n.id)) layer.set(n.id, ++maxLayer);
  const rows = new Map<number, string[]>();
  for (const n of graph.nodes) rows.set(layer.get(n.id)!, [...(rows.get(layer.get(n.id)!) ?? []), n.id]);
  const pos = new Map<string, { x: number; y: number }>();
  for (const [depth, ids] of rows) ids.forEach((id, i) => pos.set(id, { x: (i - (ids.length - 1) / 2) * gapX, y: depth * gapY }));
  return { ...graph, nodes: graph.nodes.map((n) => ({ ...n, position: pos.get(n.id)! })) };
}

/** A bounded undo/redo history of graphs. */
export class GraphHistory {
  private past: WorkflowGraph[] = [];
  private future: WorkflowGraph[] = [];
  constructor(private readonly limit = 100) {}
  push(before: WorkflowGraph) {
    this.past.push(before);
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
  }
  undo(current: WorkflowGraph): WorkflowGraph | null {
    const prev = this.past.pop();
    if (!prev) return null;
    this.future.push(current);
    return prev;
  }
  redo(current: WorkflowGraph): WorkflowGraph | null {
    const next = this.future.pop();
    if (!next) return null;
    this.past.push(current);
    return next;
  }
  get canUndo() {
    return this.past.length > 0;
  }
  get canRedo() {
    return this.future.length > 0;
  }
}
