import type { WorkflowEdge, WorkflowGraph, WorkflowNode, WorkflowNodeKindValue } from '@pv/contract';
import { WORKFLOW_RESOURCE, WORKFLOW_INSTANCE_RESOURCE } from '../names.ts';
export { WORKFLOW_RESOURCE, WORKFLOW_INSTANCE_RESOURCE };

/** react-admin resource of 流程定义 (its route path) and its API. */
export const WORKFLOW_API = 'workflow';
export const designerPath = (id: number | string) => `/other/workflowDesigner?id=${id}`;

/** A comma- (or space-) separated list typed in a field: its items. */
export const csv = (v: string) =>
  v
    .split(/[,，\s]+/)
    .map((x) => x.trim())
    .filter(Boolean);

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

/* ------------------------------------------------------------------------------------------------
 * Two versions compared: what differs from `before` to `after`.
 * ---------------------------------------------------------------------------------------------- */

export type DiffChange = 'added' | 'removed' | 'changed';
/** A node that differs: `fields` are `kind`, `name` and the names of its properties that changed. */
export interface NodeDiff {
  id: string;
  change: DiffChange;
  /** the node as it is after (added, changed) or was before (removed) */
  node: WorkflowNode;
  fields: string[];
}
/** An edge that differs: `fields` among source, target, label, condition, default. */
export interface EdgeDiff {
  /** the edge's id after (added, changed) or before (removed) */
  id: string;
  /** its id before, when it was matched by its ends under another id */
  beforeId?: string;
  change: DiffChange;
  edge: WorkflowEdge;
  fields: string[];
}
export interface GraphDiff {
  nodes: NodeDiff[];
  edges: EdgeDiff[];
}

/** A value as text with object keys sorted, nothing for null / undefined / empty: equal when the meaning is. */
function canonical(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => canonical(x) !== '')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return entries.length ? `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}` : '';
  }
  return JSON.stringify(v);
}

const EDGE_FIELDS = ['source', 'target', 'label', 'condition', 'default'] as const;

/**
 * What differs from `before` to `after`. Nodes are matched by id; the kind, the name and each
 * property (`data`) compared by meaning (null, absent and '' alike; key order ignored); a node only
 * moved on the canvas has not changed. Edges are matched by id, then the rest by their ends (an edge
 * drawn again gets a new id). Lists in the order of `after`, then what `before` had alone.
 */
export function diffGraphs(before: WorkflowGraph, after: WorkflowGraph): GraphDiff {
  const nodes: NodeDiff[] = [];
  const old = new Map(before.nodes.map((n) => [n.id, n]));
  const now = new Set(after.nodes.map((n) => n.id));
  for (const n of after.nodes) {
    const b = old.get(n.id);
    if (!b) {
      nodes.push({ id: n.id, change: 'added', node: n, fields: [] });
      continue;
    }
    const fields: string[] = [];
    if (b.kind !== n.kind) fields.push('kind');
    if (canonical(b.name) !== canonical(n.name)) fields.push('name');
    const bd = (b.data ?? {}) as Record<string, unknown>;
    const nd = (n.data ?? {}) as Record<string, unknown>;
    for (const k of [...new Set([...Object.keys(nd), ...Object.keys(bd)])]) if (canonical(bd[k]) !== canonical(nd[k])) fields.push(k);
    if (fields.length) nodes.push({ id: n.id, change: 'changed', node: n, fields });
  }
  for (const b of before.nodes) if (!now.has(b.id)) nodes.push({ id: b.id, change: 'removed', node: b, fields: [] });

  const edges: EdgeDiff[] = [];
  const oldEdges = new Map(before.edges.map((e) => [e.id, e]));
  const matched = new Map<string, WorkflowEdge>();
  for (const e of after.edges) {
    const b = oldEdges.get(e.id);
    if (b) {
      matched.set(e.id, b);
      oldEdges.delete(e.id);
    }
  }
  for (const e of after.edges) {
    if (matched.has(e.id)) continue;
    const b = [...oldEdges.values()].find((x) => x.source === e.source && x.target === e.target);
    if (b) {
      matched.set(e.id, b);
      oldEdges.delete(b.id);
    }
  }
  for (const e of after.edges) {
    const b = matched.get(e.id);
    if (!b) {
      edges.push({ id: e.id, change: 'added', edge: e, fields: [] });
      continue;
    }
    const fields = EDGE_FIELDS.filter((k) => canonical(b[k]) !== canonical(e[k]));
    if (fields.length) edges.push({ id: e.id, ...(b.id !== e.id ? { beforeId: b.id } : {}), change: 'changed', edge: e, fields: [...fields] });
  }
  for (const b of oldEdges.values()) edges.push({ id: b.id, change: 'removed', edge: b, fields: [] });
  return { nodes, edges };
}

/**
 * Marks for one side of a comparison: on the `before` canvas what was removed or changed, on the
 * `after` canvas what was added or changed (node and edge ids of that side).
 */
export function diffMarks(diff: GraphDiff, side: 'before' | 'after'): Map<string, DiffChange> {
  const shown: DiffChange = side === 'before' ? 'removed' : 'added';
  const marks = new Map<string, DiffChange>();
  for (const d of diff.nodes) if (d.change === shown || d.change === 'changed') marks.set(d.id, d.change);
  for (const d of diff.edges) if (d.change === shown || d.change === 'changed') marks.set(side === 'before' ? (d.beforeId ?? d.id) : d.id, d.change);
  return marks;
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
