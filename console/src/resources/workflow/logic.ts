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
