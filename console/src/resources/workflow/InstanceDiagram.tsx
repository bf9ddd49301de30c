import { Background, Handle, MarkerType, type Node, type NodeProps, Position, ReactFlow, ReactFlowProvider } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Box, Typography, alpha } from '@mui/material';
import { WorkflowNodeKind, type WorkflowGraph, type WorkflowNode } from '@pv/contract';
import { useLang } from '../common/format.tsx';

type DiagramNode = Node<{ node: WorkflowNode; state: 'current' | 'failed' | 'done' | 'idle' }, 'st'>;

const StateNode = ({ data }: NodeProps<DiagramNode>) => {
  const lang = useLang();
  const { node, state } = data;
  return (
    <Box
      data-testid={`wf-diagram-${node.id}`}
      data-state={state}
      sx={{
        minWidth: 110,
        px: 1,
        py: 0.5,
        borderRadius: node.kind === 'start' || node.kind === 'end' ? 5 : 1,
        textAlign: 'center',
        border: 2,
        borderColor: state === 'current' ? 'warning.main' : state === 'failed' ? 'error.main' : state === 'done' ? 'success.main' : 'divider',
        bgcolor: state === 'current' ? 'warning.light' : state === 'failed' ? (t) => alpha(t.palette.error.main, 0.12) : 'background.paper',
        boxShadow: state === 'current' || state === 'failed' ? 4 : 0,
      }}
    >
      {node.kind !== 'start' && <Handle type="target" position={Position.Top} isConnectable={false} />}
      <Typography variant="caption" sx={{ display: 'block', lineHeight: 1.1 }} color="text.secondary">
        {WorkflowNodeKind.label(node.kind, lang)}
      </Typography>
      <Typography variant="body2">{node.name || node.id}</Typography>
      {node.kind !== 'end' && <Handle type="source" position={Position.Bottom} isConnectable={false} />}
    </Box>
  );
};
const TYPES = { st: StateNode };

/** An instance on its version's diagram: the node the token stands on highlighted (in red where its step failed), nodes passed in green. */
const InstanceDiagram = ({ graph, current, done, failed = false }: { graph: WorkflowGraph; current: string | null; done: Set<string>; failed?: boolean }) => (
  <ReactFlowProvider>
    <Box sx={{ height: 340, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="wf-diagram">
      <ReactFlow
        nodes={graph.nodes.map((n): DiagramNode => ({ id: n.id, type: 'st', position: n.position ?? { x: 0, y: 0 }, data: { node: n, state: n.id === current ? (failed ? 'failed' : 'current') : done.has(n.id) ? 'done' : 'idle' } }))}
        edges={graph.edges.map((e) => ({ id: e.id, source: e.source, target: e.target, label: e.label ?? undefined, markerEnd: { type: MarkerType.ArrowClosed } }))}
        nodeTypes={TYPES}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        // a picture, not a control: its nodes and edges take no tab stop (no focus nobody can use)
        nodesFocusable={false}
        edgesFocusable={false}
        fitView
        proOptions={{ hideAttribution: true }}
      >
        <Background />
      </ReactFlow>
    </Box>
  </ReactFlowProvider>
);
export default InstanceDiagram;
