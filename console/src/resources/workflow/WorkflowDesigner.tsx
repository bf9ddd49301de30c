import { type ComponentType, type DragEvent, type KeyboardEvent, type ReactElement, createContext, memo, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  Background,
  BaseEdge,
  Controls,
  type Edge,
  type EdgeProps,
  Handle,
  MarkerType,
  MiniMap,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
  ReactFlowProvider,
  addEdge,
  applyEdgeChanges,
  getBezierPath,
  applyNodeChanges,
  type Connection,
  type EdgeChange,
  type NodeChange,
  useReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Alert, Box, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Divider, FormControlLabel, IconButton, List, ListItemButton, ListItemText, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import RedoIcon from '@mui/icons-material/Redo';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import PublishIcon from '@mui/icons-material/PublishOutlined';
import LayoutIcon from '@mui/icons-material/AccountTreeOutlined';
import FitIcon from '@mui/icons-material/FitScreenOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import StartIcon from '@mui/icons-material/PlayCircleOutline';
import EndIcon from '@mui/icons-material/StopCircleOutlined';
import UserIcon from '@mui/icons-material/PersonOutline';
import PushIcon from '@mui/icons-material/SendOutlined';
import DocIcon from '@mui/icons-material/DescriptionOutlined';
import ClickIcon from '@mui/icons-material/TouchAppOutlined';
import TimeIcon from '@mui/icons-material/ScheduleOutlined';
import {
  WorkflowAssigneeType,
  WorkflowFieldOperator,
  WorkflowNodeKind,
  WorkflowOutcome,
  WorkflowResult,
  type WorkflowCondition,
  type WorkflowEdge,
  type WorkflowGraph,
  type WorkflowGraphError,
  type WorkflowNode,
  type WorkflowGateCondition,
  type WorkflowNodeKindValue,
  validateGraph,
  workflowErrorMessage,
  workflowGraphSchema,
} from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { saveBlob } from '../customer/excel/download.ts';
import { useHasPermission } from '../common/actions.tsx';
import { useLang } from '../common/format.tsx';
import { type Binding, BindingFields, DefinitionStatusChip, bindingBody, bindingOf, bindingText, recordTypeLabel, recordTypeOf, useWorkflowRegistry } from './common.tsx';
import { type DiffChange, type GraphDiff, GraphHistory, WORKFLOW_API, csv, diffGraphs, diffMarks, newNode, nextEdgeId, pasteNodes } from './logic.ts';
import { NODE_BOX, type Point, autoLayout, routeOf } from './layout.ts';
import { RolePicker, UserPicker } from './pickers.tsx';
import { DocumentProperties } from './DocumentProperties.tsx';

interface Definition {
  id: number;
  key: string;
  name: string;
  record_type: string;
  event: string | null;
  gate_action: string | null;
  gate_condition: WorkflowGateCondition | null;
  status: string;
  published_version: number;
  dirty: boolean;
  version: number;
  graph: WorkflowGraph;
}
interface VersionRow {
  version_no: number;
  note: string | null;
  published_by_name: string | null;
  published_at: string;
  instances: number;
}

type NodeData = { node: WorkflowNode };
type EdgeData = { edge: WorkflowEdge };
type RFNode = Node<NodeData, 'wf'>;
type RFEdge = Edge<EdgeData>;

/** Each kind's colour, also its text colour in the palette: 4.5:1 on white and on the page grey. */
const KIND_COLOR: Record<WorkflowNodeKindValue, string> = {
  start: '#2e7d32',
  end: '#455a64',
  user: '#1565c0',
  push: '#6a1b9a',
  download: '#00727c',
  click: '#b35000',
  time: '#795548',
};
const KIND_ICON: Record<WorkflowNodeKindValue, ComponentType<{ sx?: object }>> = { start: StartIcon, end: EndIcon, user: UserIcon, push: PushIcon, download: DocIcon, click: ClickIcon, time: TimeIcon };
const KindMark = ({ kind }: { kind: WorkflowNodeKindValue }) => {
  const Icon = KIND_ICON[kind];
  return <Icon sx={{ fontSize: 15, verticalAlign: 'text-bottom', mr: 0.5 }} />;
};
const KINDS = WorkflowNodeKind.values;
/** Fit the whole process in view, never magnified beyond its natural size (a new process of two nodes would fill the canvas). */
const FIT = { padding: 0.2, maxZoom: 1 };

/** Errors per node / edge id, in the user's language (the canvas shows them on the element). */
const ErrorsContext = createContext<Map<string, string[]>>(new Map());
/** On a compared version's canvas: what differs, per node / edge id. */
const DiffContext = createContext<Map<string, DiffChange>>(new Map());
const DIFF_COLOR: Record<DiffChange, string> = { added: '#2e7d32', removed: '#d32f2f', changed: '#ed6c02' };

const FlowNode = memo(({ data, selected }: NodeProps<RFNode>) => {
  const lang = useLang();
  const errors = useContext(ErrorsContext).get(data.node.id) ?? [];
  const mark = useContext(DiffContext).get(data.node.id);
  const translate = useTranslate();
  const n = data.node;
  const color = KIND_COLOR[n.kind];
  const round = n.kind === 'start' || n.kind === 'end';
  return (
    <Tooltip title={errors.length ? errors.join('\n') : ''} placement="right" arrow>
      <Box
        data-testid={`wf-node-${n.id}`}
        data-kind={n.kind}
        data-error={errors.length ? 'true' : 'false'}
        data-diff={mark}
        sx={{
          // the size autoLayout reserves (layout.ts NODE_BOX): the routes it draws start and end at this box
          width: NODE_BOX.width,
          minHeight: NODE_BOX.height,
          boxSizing: 'border-box',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          px: 1,
          py: 0.5,
          borderRadius: round ? 5 : 1,
          bgcolor: 'background.paper',
          border: 2,
          borderColor: errors.length ? 'error.main' : selected ? 'primary.main' : mark ? DIFF_COLOR[mark] : color,
          borderStyle: mark === 'removed' ? 'dashed' : 'solid',
          boxShadow: mark ? `0 0 0 3px ${DIFF_COLOR[mark]}40` : selected ? 3 : 1,
          textAlign: 'center',
        }}
      >
        {n.kind !== 'start' && <Handle type="target" position={Position.Top} />}
        <Typography variant="caption" sx={{ color, fontWeight: 600, display: 'block', lineHeight: 1.2 }}>
          <KindMark kind={n.kind} />
          {WorkflowNodeKind.label(n.kind, lang)}
        </Typography>
        <Typography variant="body2" noWrap title={n.name || n.id} sx={{ fontWeight: 500 }}>
          {n.name || n.id}
        </Typography>
        {mark && (
          <Typography variant="caption" sx={{ display: 'block', color: DIFF_COLOR[mark], fontWeight: 600 }}>
            {translate(`pv.workflow.diff.${mark}`)}
          </Typography>
        )}
        {errors.length > 0 && (
          <Typography variant="caption" color="error" sx={{ display: 'block' }}>
            ⚠ {errors.length}
          </Typography>
        )}
        {n.kind !== 'end' && <Handle type="source" position={Position.Bottom} />}
      </Box>
    </Tooltip>
  );
});
const NODE_TYPES = { wf: FlowNode };

/** An SVG path through `points` with its corners rounded (radius r, less on short segments). */
function roundedPath(points: Point[], r = 8): string {
  let d = `M ${points[0]!.x} ${points[0]!.y}`;
  for (let i = 1; i < points.length; i++) {
    const p = points[i]!;
    const next = points[i + 1];
    if (!next) {
      d += ` L ${p.x} ${p.y}`;
      break;
    }
    const prev = points[i - 1]!;
    const inLen = Math.hypot(p.x - prev.x, p.y - prev.y);
    const outLen = Math.hypot(next.x - p.x, next.y - p.y);
    const k = Math.min(r, inLen / 2, outLen / 2);
    const a = { x: p.x - ((p.x - prev.x) / (inLen || 1)) * k, y: p.y - ((p.y - prev.y) / (inLen || 1)) * k };
    const b = { x: p.x + ((next.x - p.x) / (outLen || 1)) * k, y: p.y + ((next.y - p.y) / (outLen || 1)) * k };
    d += ` L ${a.x} ${a.y} Q ${p.x} ${p.y} ${b.x} ${b.y}`;
  }
  return d;
}

/** The point halfway along a polyline (where the edge's caption goes). */
function halfway(points: Point[]): Point {
  const lengths = points.slice(1).map((p, i) => Math.hypot(p.x - points[i]!.x, p.y - points[i]!.y));
  let rest = lengths.reduce((a, b) => a + b, 0) / 2;
  for (let i = 0; i < lengths.length; i++) {
    const len = lengths[i]!;
    if (rest <= len) {
      const a = points[i]!;
      const b = points[i + 1]!;
      const f = len ? rest / len : 0;
      return { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f };
    }
    rest -= len;
  }
  return points[points.length - 1]!;
}

/**
 * An edge drawn along the route 自动布局 gave it (around the nodes, layout.ts) while its ends are
 * where the route starts and ends; otherwise (a node moved since, an edge just drawn) React Flow's
 * curve. The handles sit a few pixels outside the node's border, hence the tolerance.
 */
const RoutedEdge = ({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, label, labelStyle, markerEnd, style }: EdgeProps<RFEdge>) => {
  const p = data?.edge.points;
  const fits = !!p && p.length >= 2 && Math.abs(p[0]!.x - sourceX) <= 2 && Math.abs(p[0]!.y - sourceY) <= 6 && Math.abs(p[p.length - 1]!.x - targetX) <= 2 && Math.abs(p[p.length - 1]!.y - targetY) <= 6;
  if (fits) {
    const route = [{ x: sourceX, y: sourceY }, ...p.slice(1, -1), { x: targetX, y: targetY }];
    const mid = halfway(route);
    return <BaseEdge path={roundedPath(route)} labelX={mid.x} labelY={mid.y} label={label} labelStyle={labelStyle} markerEnd={markerEnd} style={style} />;
  }
  const [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  return <BaseEdge path={path} labelX={labelX} labelY={labelY} label={label} labelStyle={labelStyle} markerEnd={markerEnd} style={style} />;
};
const EDGE_TYPES = { routed: RoutedEdge };

/** An edge's caption: its label, or its condition; the default edge is marked. */
function edgeCaption(e: WorkflowEdge, lang: 'zh' | 'en'): string {
  const cond = e.condition;
  const text = e.label || (cond ? (cond.type === 'outcome' ? WorkflowOutcome.label(cond.outcome, lang) : `${cond.field} ${WorkflowFieldOperator.label(cond.operator, lang)} ${cond.value === undefined || cond.value === null ? '' : String(cond.value)}`.trim()) : '');
  return e.default ? `${text}${text ? ' ' : ''}(${lang === 'zh' ? '默认' : 'default'})` : text;
}

const toRFNode = (n: WorkflowNode, selected = false): RFNode => ({ id: n.id, type: 'wf', position: n.position ?? { x: 0, y: 0 }, data: { node: n }, selected });
function toRFEdge(e: WorkflowEdge, lang: 'zh' | 'en', error: boolean, selected = false): RFEdge {
  return {
    id: e.id,
    type: 'routed',
    source: e.source,
    target: e.target,
    label: edgeCaption(e, lang),
    data: { edge: e },
    selected,
    markerEnd: { type: MarkerType.ArrowClosed, color: error ? '#d32f2f' : undefined },
    style: error ? { stroke: '#d32f2f', strokeWidth: 2 } : e.default ? { strokeDasharray: '6 3' } : undefined,
  };
}
/** The graph of the canvas; a route that no longer fits its nodes (one was moved) is not kept. */
const toGraph = (nodes: RFNode[], edges: RFEdge[]): WorkflowGraph => {
  const at = new Map(nodes.map((n) => [n.id, { x: Math.round(n.position.x), y: Math.round(n.position.y) }]));
  return {
    nodes: nodes.map((n) => ({ ...n.data.node, position: at.get(n.id)! })),
    edges: edges.map((e) => {
      const { points, ...edge } = e.data!.edge;
      const kept = points && routeOf({ ...edge, points }, at.get(e.source), at.get(e.target));
      return { ...edge, source: e.source, target: e.target, ...(kept ? { points: kept } : {}) };
    }),
  };
};

/* ------------------------------------------------------------------------------------------------
 * Properties of the selected node or edge.
 * ---------------------------------------------------------------------------------------------- */

/**
 * A user task's due time: a number and its unit. Minutes write `due_minutes` (a 30-minute SLA),
 * hours `due_hours`; the other one is cleared, so the graph holds one of them.
 */
const DueTime = ({ data, onChange }: { data: Record<string, unknown>; onChange: (patch: Record<string, unknown>) => void }) => {
  const translate = useTranslate();
  const f = (k: string) => translate(`pv.workflow.node.${k}`);
  const [unit, setUnit] = useState<'minutes' | 'hours'>(data.due_minutes != null ? 'minutes' : 'hours');
  const value = (unit === 'minutes' ? data.due_minutes : data.due_hours) as number | null | undefined;
  const set = (raw: string, u = unit) => {
    const n = raw.trim() === '' ? null : Number(raw);
    onChange(u === 'minutes' ? { due_minutes: n, due_hours: null } : { due_hours: n, due_minutes: null });
  };
  return (
    <Stack direction="row" spacing={1}>
      <TextField size="small" type="number" label={f('due')} value={value ?? ''} onChange={(e) => set(e.target.value)} sx={{ flex: 1 }} inputProps={{ 'data-testid': 'wf-prop-due', min: 1 }} />
      <TextField
        size="small"
        select
        label={f('due_unit')}
        value={unit}
        onChange={(e) => {
          const u = e.target.value as 'minutes' | 'hours';
          setUnit(u);
          set(value == null ? '' : String(value), u);
        }}
        sx={{ width: 96 }}
        SelectProps={{ inputProps: { 'data-testid': 'wf-prop-due-unit' } }}
      >
        <MenuItem value="minutes">{f('minutes')}</MenuItem>
        <MenuItem value="hours">{f('hours')}</MenuItem>
      </TextField>
    </Stack>
  );
};

const NodeProperties = ({ node, recordType, onChange }: { node: WorkflowNode; recordType: string; onChange: (n: WorkflowNode) => void }) => {
  const translate = useTranslate();
  const lang = useLang();
  const type = recordTypeOf(useWorkflowRegistry(), recordType);
  const f = (k: string) => translate(`pv.workflow.node.${k}`);
  const data = (node.data ?? {}) as Record<string, unknown>;
  const setData = (patch: Record<string, unknown>) => onChange({ ...node, data: { ...data, ...patch } } as WorkflowNode);
  const num = (v: string) => (v.trim() === '' ? null : Number(v));
  const text = (k: string, label: string, multiline = false) => (
    <TextField size="small" label={label} value={(data[k] as string | undefined) ?? ''} onChange={(e) => setData({ [k]: e.target.value || null })} multiline={multiline} minRows={multiline ? 2 : undefined} inputProps={{ 'data-testid': `wf-prop-${k}` }} />
  );
  type Assignee = { type: string; users?: number[]; roles?: string[] } | null;
  /** An assignee rule's inputs: the rule's type, then its roles or users (`key`: assignee, or fallback). */
  const assigneeEditor = (key: 'assignee' | 'fallback', testId: string) => {
    const rule = (data[key] as Assignee | undefined) ?? null;
    return (
      <>
        <TextField size="small" select label={f(key === 'assignee' ? 'assignee_type' : 'fallback_type')} value={rule?.type ?? ''} onChange={(e) => setData({ [key]: e.target.value ? { type: e.target.value, ...(e.target.value === 'role' ? { roles: [] } : e.target.value === 'user' ? { users: [] } : {}) } : null })} helperText={key === 'fallback' ? f('fallback_help') : undefined} SelectProps={{ inputProps: { 'data-testid': `wf-prop-${testId}-type` } }}>
          <MenuItem value="">-</MenuItem>
          {WorkflowAssigneeType.choices(lang).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        {rule?.type === 'role' && <RolePicker label={f('roles')} value={rule.roles ?? []} onChange={(roles) => setData({ [key]: { ...rule, roles } })} testId={`wf-prop-${key === 'assignee' ? 'roles' : 'fallback-roles'}`} />}
        {rule?.type === 'user' && <UserPicker label={f('users')} value={rule.users ?? []} onChange={(users) => setData({ [key]: { ...rule, users } })} testId={`wf-prop-${key === 'assignee' ? 'users' : 'fallback-users'}`} />}
      </>
    );
  };
  // who may not act on the record (segregation of duties): the engine never gives them a task
  const sod = type?.sod.length ? (
    <Typography variant="caption" color="text.secondary" data-testid="wf-prop-sod">
      {translate('pv.workflow.node.sod', { who: type.sod.map((r) => r[lang]).join(lang === 'zh' ? '、' : ', ') })}
    </Typography>
  ) : null;
  return (
    <Stack spacing={1.5}>
      <Typography variant="caption" color="text.secondary">
        {f('id')}: {node.id} · {WorkflowNodeKind.label(node.kind, lang)}
      </Typography>
      <TextField size="small" label={f('name')} value={node.name ?? ''} onChange={(e) => onChange({ ...node, name: e.target.value || null })} inputProps={{ 'data-testid': 'wf-prop-name' }} />
      {node.kind === 'user' && (
        <>
          {assigneeEditor('assignee', 'assignee')}
          {assigneeEditor('fallback', 'fallback')}
          {sod}
          <DueTime data={data} onChange={setData} />
          {text('escalation', f('escalation'), true)}
        </>
      )}
      {node.kind === 'click' && (
        <>
          {text('button', f('button'))}
          {assigneeEditor('assignee', 'assignee')}
          {assigneeEditor('fallback', 'fallback')}
          {sod}
        </>
      )}
      {node.kind === 'push' && (
        <>
          {text('title', f('title'))}
          {text('content', f('content'), true)}
          <RolePicker label={f('push_roles')} value={(data.roles as string[] | undefined) ?? []} onChange={(roles) => setData({ roles })} testId="wf-prop-push-roles" />
          <UserPicker label={f('push_users')} value={(data.users as number[] | undefined) ?? []} onChange={(users) => setData({ users })} testId="wf-prop-push-users" />
          <FormControlLabel control={<Checkbox size="small" checked={data.starter === true} onChange={(e) => setData({ starter: e.target.checked })} />} label={f('starter')} />
        </>
      )}
      {node.kind === 'download' && <DocumentProperties data={data} setData={setData} recordType={recordType} />}
      {node.kind === 'time' && (
        <>
          <TextField size="small" type="number" label={f('duration_minutes')} value={(data.duration_minutes as number | null | undefined) ?? ''} onChange={(e) => setData({ duration_minutes: num(e.target.value) })} inputProps={{ 'data-testid': 'wf-prop-duration' }} />
          <TextField size="small" select label={f('date_field')} value={(data.date_field as string | null | undefined) ?? ''} onChange={(e) => setData({ date_field: e.target.value || null })}>
            <MenuItem value="">-</MenuItem>
            {(type?.dateFields ?? []).map((d) => (
              <MenuItem key={d} value={d}>
                {type?.fields.find((x) => x.name === d)?.label[lang] ?? d}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" type="number" label={f('offset_minutes')} value={(data.offset_minutes as number | null | undefined) ?? ''} onChange={(e) => setData({ offset_minutes: num(e.target.value) })} />
        </>
      )}
      {node.kind === 'end' && (
        <>
          <TextField size="small" select label={f('result')} value={(data.result as string | undefined) ?? 'done'} onChange={(e) => setData({ result: e.target.value })}>
            {WorkflowResult.choices(lang).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" select label={f('action')} value={(data.action as string | null | undefined) ?? ''} onChange={(e) => setData({ action: e.target.value || null })} helperText={f('action_help')} SelectProps={{ inputProps: { 'data-testid': 'wf-prop-action' } }}>
            <MenuItem value="">{f('no_action')}</MenuItem>
            {(type?.actions ?? []).map((a) => (
              <MenuItem key={a.code} value={a.code}>
                {a.label[lang]}
              </MenuItem>
            ))}
          </TextField>
        </>
      )}
    </Stack>
  );
};

const EdgeProperties = ({ edge, fromUser, onChange }: { edge: WorkflowEdge; fromUser: boolean; onChange: (e: WorkflowEdge) => void }) => {
  const translate = useTranslate();
  const lang = useLang();
  const f = (k: string) => translate(`pv.workflow.edge.${k}`);
  const cond = edge.condition ?? null;
  const setCond = (c: WorkflowCondition | null) => onChange({ ...edge, condition: c });
  return (
    <Stack spacing={1.5}>
      <Typography variant="caption" color="text.secondary">
        {f('id')}: {edge.id}
      </Typography>
      <TextField size="small" label={f('label')} value={edge.label ?? ''} onChange={(e) => onChange({ ...edge, label: e.target.value || null })} />
      <TextField
        size="small"
        select
        label={f('condition')}
        value={cond?.type ?? ''}
        onChange={(e) => setCond(e.target.value === 'outcome' ? { type: 'outcome', outcome: 'approve' } : e.target.value === 'field' ? { type: 'field', field: 'status', operator: 'eq', value: '' } : null)}
        SelectProps={{ inputProps: { 'data-testid': 'wf-edge-condition' } }}
      >
        <MenuItem value="">{f('none')}</MenuItem>
        {fromUser && <MenuItem value="outcome">{f('outcome')}</MenuItem>}
        <MenuItem value="field">{f('field')}</MenuItem>
      </TextField>
      {cond?.type === 'outcome' && (
        <TextField size="small" select label={f('outcome')} value={cond.outcome} onChange={(e) => setCond({ type: 'outcome', outcome: e.target.value as WorkflowCondition & { type: 'outcome' } extends { outcome: infer O } ? O : never })}>
          {WorkflowOutcome.choices(lang).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {cond?.type === 'field' && (
        <>
          <TextField size="small" label={f('field_name')} value={cond.field} onChange={(e) => setCond({ ...cond, field: e.target.value })} />
          <TextField size="small" select label={f('operator')} value={cond.operator} onChange={(e) => setCond({ ...cond, operator: e.target.value as typeof cond.operator })}>
            {WorkflowFieldOperator.choices(lang).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          {cond.operator !== 'empty' && cond.operator !== 'not_empty' && (
            <TextField size="small" label={f('value')} value={Array.isArray(cond.value) ? cond.value.join(',') : String(cond.value ?? '')} onChange={(e) => setCond({ ...cond, value: cond.operator === 'in' ? csv(e.target.value) : e.target.value })} />
          )}
        </>
      )}
      <FormControlLabel control={<Checkbox size="small" checked={edge.default === true} onChange={(e) => onChange({ ...edge, default: e.target.checked || undefined })} inputProps={{ 'aria-label': 'default' }} />} label={f('default')} />
    </Stack>
  );
};

/* ------------------------------------------------------------------------------------------------
 * Versions side by side (read-only canvases).
 * ---------------------------------------------------------------------------------------------- */

const ReadOnlyGraph = ({ graph, marks, testId }: { graph: WorkflowGraph; marks: Map<string, DiffChange>; testId: string }) => {
  const lang = useLang();
  const edges = graph.edges.map((e) => {
    const edge = toRFEdge(e, lang, false);
    const mark = marks.get(e.id);
    if (!mark) return edge;
    const color = DIFF_COLOR[mark];
    return { ...edge, markerEnd: { type: MarkerType.ArrowClosed, color }, style: { stroke: color, strokeWidth: 2.5, strokeDasharray: mark === 'removed' ? '6 3' : undefined }, labelStyle: { fill: color, fontWeight: 600 } };
  });
  return (
    <ReactFlowProvider>
      <DiffContext.Provider value={marks}>
        <Box sx={{ height: 400, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid={testId}>
          <ReactFlow nodes={graph.nodes.map((n) => toRFNode(n))} edges={edges} nodeTypes={NODE_TYPES} edgeTypes={EDGE_TYPES} nodesDraggable={false} nodesConnectable={false} elementsSelectable={false} nodesFocusable={false} edgesFocusable={false} fitView fitViewOptions={FIT} proOptions={{ hideAttribution: true }}>
            <Background />
          </ReactFlow>
        </Box>
      </DiffContext.Provider>
    </ReactFlowProvider>
  );
};

/** The differences of two compared versions as lines: added, removed, changed nodes and edges (which fields). */
const DiffList = ({ before, after, diff }: { before: WorkflowGraph; after: WorkflowGraph; diff: GraphDiff }) => {
  const translate = useTranslate();
  const lang = useLang();
  const quote = (x: string) => (lang === 'zh' ? `“${x}”` : ` "${x}"`);
  const nodeText = (n: WorkflowNode) => `${WorkflowNodeKind.label(n.kind, lang)}${quote(n.name || n.id)}`;
  const nameOf = (id: string) => {
    const n = after.nodes.find((x) => x.id === id) ?? before.nodes.find((x) => x.id === id);
    return n ? n.name || n.id : id;
  };
  const field = (area: 'node' | 'edge', k: string, kind?: WorkflowNodeKindValue) =>
    k === 'kind' || k === 'source' || k === 'target' || (area === 'edge' && k === 'default')
      ? translate(`pv.workflow.diff.${k}`)
      : kind === 'push' && (k === 'roles' || k === 'users')
        ? translate(`pv.workflow.node.push_${k}`)
        : kind === 'download' && (k === 'title' || k === 'body' || k === 'template_file_id')
          ? translate(`pv.workflow.node.doc_${k}`)
          : translate(`pv.workflow.${area}.${k}`, { _: k });
  const lines = [
    ...diff.nodes.map((d) => ({ key: `n-${d.id}`, change: d.change, text: `${translate(`pv.workflow.diff.node_${d.change}`)} ${nodeText(d.node)}`, fields: d.fields.map((k) => field('node', k, d.node.kind)) })),
    ...diff.edges.map((d) => ({ key: `e-${d.id}-${d.change}`, change: d.change, text: `${translate(`pv.workflow.diff.edge_${d.change}`)} ${nameOf(d.edge.source)} → ${nameOf(d.edge.target)}${d.edge.label ? (lang === 'zh' ? `（${d.edge.label}）` : ` (${d.edge.label})`) : ''}`, fields: d.fields.map((k) => field('edge', k)) })),
  ];
  if (!lines.length)
    return (
      <Alert severity="info" data-testid="wf-compare-diff" data-count={0}>
        {translate('pv.workflow.diff.same')}
      </Alert>
    );
  return (
    <Box data-testid="wf-compare-diff" data-count={lines.length}>
      <Typography variant="subtitle2">{translate('pv.workflow.diff.count', { smart_count: lines.length })}</Typography>
      <List dense disablePadding>
        {lines.map((l) => (
          <ListItemText
            key={l.key}
            sx={{ my: 0.25 }}
            primary={
              <Stack direction="row" spacing={1} alignItems="center">
                <Chip size="small" label={translate(`pv.workflow.diff.${l.change}`)} sx={{ bgcolor: DIFF_COLOR[l.change], color: '#fff', minWidth: 48 }} />
                <Typography variant="body2">
                  {l.text}
                  {l.fields.length > 0 && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {lang === 'zh' ? '：' : ': '}
                      {l.fields.join(lang === 'zh' ? '、' : ', ')}
                    </Typography>
                  )}
                </Typography>
              </Stack>
            }
          />
        ))}
      </List>
    </Box>
  );
};

const VersionsDialog = ({ def, draft, onClose }: { def: Definition; draft: WorkflowGraph; onClose: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PvDataProvider>();
  const [rows, setRows] = useState<VersionRow[]>([]);
  const [left, setLeft] = useState<number | 'draft'>('draft');
  const [right, setRight] = useState<number | 'draft'>('draft');
  const [graphs, setGraphs] = useState<Record<string, WorkflowGraph>>({ draft });
  useEffect(() => {
    void dataProvider.read<{ list: VersionRow[] }>(WORKFLOW_API, 'versions', { id: def.id }).then((r) => {
      setRows(r.data.list);
      if (r.data.list[0]) setLeft(r.data.list[0].version_no);
    });
  }, [dataProvider, def.id]);
  useEffect(() => {
    for (const v of [left, right]) {
      if (v === 'draft' || graphs[String(v)]) continue;
      void dataProvider.read<{ graph: WorkflowGraph }>(WORKFLOW_API, 'version', { id: def.id, version: v }).then((r) => setGraphs((g) => ({ ...g, [String(v)]: r.data.graph })));
    }
  }, [left, right, graphs, dataProvider, def.id]);
  const picker = (value: number | 'draft', set: (v: number | 'draft') => void) => (
    <TextField size="small" select value={String(value)} onChange={(e) => set(e.target.value === 'draft' ? 'draft' : Number(e.target.value))} sx={{ minWidth: 220 }}>
      <MenuItem value="draft">{translate('pv.workflow.draft')}</MenuItem>
      {rows.map((r) => (
        <MenuItem key={r.version_no} value={String(r.version_no)}>
          {translate('pv.workflow.version_n', { n: r.version_no })} · {r.published_by_name ?? ''} {r.published_at.slice(0, 10)} {r.note ?? ''}
        </MenuItem>
      ))}
    </TextField>
  );
  const before = graphs[String(left)];
  const after = graphs[String(right)];
  const diff = useMemo(() => (before && after ? diffGraphs(before, after) : null), [before, after]);
  const none = new Map<string, DiffChange>();
  return (
    <Dialog open onClose={onClose} maxWidth="xl" fullWidth>
      <DialogTitle>{translate('pv.workflow.compare_title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('pv.workflow.diff.hint')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }} data-testid="wf-compare">
          <Stack spacing={1}>
            {picker(left, setLeft)}
            {before && <ReadOnlyGraph graph={before} marks={diff ? diffMarks(diff, 'before') : none} testId="wf-compare-left" />}
          </Stack>
          <Stack spacing={1}>
            {picker(right, setRight)}
            {after && <ReadOnlyGraph graph={after} marks={diff ? diffMarks(diff, 'after') : none} testId="wf-compare-right" />}
          </Stack>
        </Box>
        {before && after && diff && (
          <Box sx={{ mt: 1.5 }}>
            <DiffList before={before} after={after} diff={diff} />
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
};

/* ------------------------------------------------------------------------------------------------
 * The designer.
 * ---------------------------------------------------------------------------------------------- */

const Designer = ({ initial, onSaved }: { initial: Definition; onSaved: (d: Definition) => void }) => {
  const translate = useTranslate();
  const lang = useLang();
  const notify = useNotify();
  const dataProvider = useDataProvider<PvDataProvider>();
  const flow = useReactFlow<RFNode, RFEdge>();
  const mayEdit = useHasPermission('workflow:edit');
  const mayPublish = useHasPermission('workflow:publish');
  const [def, setDef] = useState(initial);
  const reg = useWorkflowRegistry();
  const recordInfo = recordTypeOf(reg, def.record_type);
  const [binding, setBinding] = useState<Binding | null>(null);
  const [nodes, setNodes] = useState<RFNode[]>(() => initial.graph.nodes.map((n) => toRFNode(n)));
  const [edges, setEdges] = useState<RFEdge[]>(() => initial.graph.edges.map((e) => toRFEdge(e, lang, false)));
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const [showVersions, setShowVersions] = useState(false);
  const history = useRef(new GraphHistory());
  const clipboard = useRef<{ nodes: WorkflowNode[]; edges: WorkflowEdge[] } | null>(null);
  const editing = useRef<string | null>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [, force] = useState(0);

  const graph = useMemo(() => toGraph(nodes, edges), [nodes, edges]);
  // errors only the server can find (an uploaded xlsx template that is no workbook, or names unknown fields), pinned until the graph changes
  // (the graph's content without positions: React Flow renews its node objects on selection and measurement, and a move changes nothing the server checked)
  const graphKey = useMemo(() => JSON.stringify({ nodes: graph.nodes.map(({ position: _position, ...n }) => n), edges: graph.edges }), [graph]);
  const [serverErrors, setServerErrors] = useState<{ key: string; errors: WorkflowGraphError[] } | null>(null);
  const errors: WorkflowGraphError[] = useMemo(
    () => [...validateGraph(graph, { record: recordInfo ?? null }), ...(serverErrors?.key === graphKey ? serverErrors.errors : [])],
    [graph, graphKey, recordInfo, serverErrors],
  );
  const errorMap = useMemo(() => {
    const m = new Map<string, string[]>();
    for (const e of errors) {
      const id = e.nodeId ?? e.edgeId;
      if (id) m.set(id, [...(m.get(id) ?? []), workflowErrorMessage(e, lang)]);
    }
    return m;
  }, [errors, lang]);
  const shownEdges = useMemo(() => edges.map((e) => toRFEdge(e.data!.edge, lang, errorMap.has(e.id), e.selected)), [edges, errorMap, lang]);

  /** Replaces the whole graph (undo, redo, import, layout), keeping the current one in history unless told. */
  const load = useCallback(
    (g: WorkflowGraph, remember = true) => {
      if (remember) history.current.push(toGraph(nodes, edges));
      setNodes(g.nodes.map((n) => toRFNode(n)));
      setEdges(g.edges.map((e) => toRFEdge(e, lang, false)));
      setChanged(true);
      force((x) => x + 1);
    },
    [nodes, edges, lang],
  );
  const remember = useCallback(() => {
    history.current.push(toGraph(nodes, edges));
    setChanged(true);
    force((x) => x + 1);
  }, [nodes, edges]);

  const onNodesChange = useCallback((changes: NodeChange<RFNode>[]) => {
    if (changes.some((c) => c.type === 'position' && c.dragging === false) || changes.some((c) => c.type === 'remove')) setChanged(true);
    setNodes((ns) => applyNodeChanges(changes, ns));
  }, []);
  const onEdgesChange = useCallback((changes: EdgeChange<RFEdge>[]) => setEdges((es) => applyEdgeChanges(changes, es)), []);
  const onConnect = useCallback(
    (c: Connection) => {
      if (!c.source || !c.target) return;
      remember();
      setEdges((es) => {
        const edge: WorkflowEdge = { id: nextEdgeId(toGraph(nodes, es), c.source, c.target), source: c.source, target: c.target };
        return addEdge(toRFEdge(edge, lang, false), es);
      });
    },
    [remember, nodes, lang],
  );

  const addNode = (kind: WorkflowNodeKindValue, at?: { x: number; y: number }) => {
    const rect = canvas.current?.getBoundingClientRect();
    let position = at ?? flow.screenToFlowPosition({ x: (rect?.left ?? 0) + (rect?.width ?? 600) / 2, y: (rect?.top ?? 0) + (rect?.height ?? 400) / 2 });
    // a click on the palette places at the canvas's centre: step aside from a node already there, so nodes added one after another do not hide each other
    if (!at) {
      for (let i = 0; i < 50 && nodes.some((n) => Math.abs(n.position.x - position.x) < 60 && Math.abs(n.position.y - position.y) < 40); i++) position = { x: position.x + 40, y: position.y + 50 };
    }
    remember();
    const n = newNode(graph, kind, { x: Math.round(position.x), y: Math.round(position.y) }, WorkflowNodeKind.label(kind, lang));
    setNodes((ns) => [...ns.map((x) => ({ ...x, selected: false })), toRFNode(n, true)]);
    setEdges((es) => es.map((e) => ({ ...e, selected: false })));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    const kind = e.dataTransfer.getData('application/pv-workflow') as WorkflowNodeKindValue;
    if (KINDS.includes(kind)) addNode(kind, flow.screenToFlowPosition({ x: e.clientX, y: e.clientY }));
  };

  const selectedNode = nodes.find((n) => n.selected);
  const selectedEdge = selectedNode ? undefined : edges.find((e) => e.selected);
  const updateNode = (n: WorkflowNode) => {
    if (editing.current !== n.id) {
      editing.current = n.id;
      remember();
    }
    setNodes((ns) => ns.map((x) => (x.id === n.id ? { ...x, data: { node: n } } : x)));
    setChanged(true);
  };
  const updateEdge = (e: WorkflowEdge) => {
    if (editing.current !== e.id) {
      editing.current = e.id;
      remember();
    }
    setEdges((es) => es.map((x) => (x.id === e.id ? { ...x, data: { edge: e } } : x)));
    setChanged(true);
  };
  useEffect(() => {
    editing.current = null;
  }, [selectedNode?.id, selectedEdge?.id]);

  const deleteSelection = () => {
    const ids = new Set(nodes.filter((n) => n.selected).map((n) => n.id));
    const edgeIds = new Set(edges.filter((e) => e.selected || ids.has(e.source) || ids.has(e.target)).map((e) => e.id));
    if (!ids.size && !edgeIds.size) return;
    remember();
    setNodes((ns) => ns.filter((n) => !ids.has(n.id)));
    setEdges((es) => es.filter((e) => !edgeIds.has(e.id)));
  };
  const undo = () => {
    const g = history.current.undo(graph);
    if (g) load(g, false);
  };
  const redo = () => {
    const g = history.current.redo(graph);
    if (g) load(g, false);
  };
  const copy = () => {
    const ids = new Set(nodes.filter((n) => n.selected).map((n) => n.id));
    if (!ids.size) return;
    clipboard.current = { nodes: graph.nodes.filter((n) => ids.has(n.id)), edges: graph.edges.filter((e) => ids.has(e.source) && ids.has(e.target)) };
  };
  const paste = () => {
    if (!clipboard.current) return;
    const { graph: g, ids } = pasteNodes(graph, clipboard.current.nodes, clipboard.current.edges);
    load(g);
    const chosen = new Set(ids);
    setNodes((ns) => ns.map((n) => ({ ...n, selected: chosen.has(n.id) })));
  };
  const layout = () => {
    load(autoLayout(graph));
    window.setTimeout(() => void flow.fitView(FIT), 50);
  };

  const save = async (): Promise<Definition | null> => {
    setBusy(true);
    try {
      const { data } = await dataProvider.act<Definition>(WORKFLOW_API, 'edit', { id: def.id, version: def.version, graph });
      setDef(data);
      setChanged(false);
      onSaved(data);
      notify('pv.workflow.saved', { type: 'success' });
      return data;
    } catch (error) {
      const message = (error as Error).message;
      notify(message, { type: 'error', messageArgs: { _: message } });
      return null;
    } finally {
      setBusy(false);
    }
  };
  const publish = async () => {
    const current = changed ? await save() : def;
    if (!current) return;
    setBusy(true);
    try {
      const { data } = await dataProvider.act<Definition>(WORKFLOW_API, 'publish', { id: current.id, version: current.version });
      setDef(data);
      onSaved(data);
      notify('pv.workflow.published', { type: 'success', messageArgs: { n: data.published_version } });
    } catch (error) {
      const pinned = (error as { body?: { data?: { errors?: WorkflowGraphError[] } } }).body?.data?.errors;
      if (pinned?.length) setServerErrors({ key: graphKey, errors: pinned.map(({ nodeId, edgeId, code, params }) => ({ nodeId, edgeId, code, params })) });
      const message = (error as Error).message;
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setBusy(false);
    }
  };
  /** 触发方式: the event or the gated action (with its condition) that starts the process, saved at once. */
  const saveBinding = async () => {
    if (!binding) return;
    setBusy(true);
    try {
      const { data } = await dataProvider.act<Definition>(WORKFLOW_API, 'edit', { id: def.id, version: def.version, ...bindingBody(binding) });
      setDef({ ...data, graph: def.graph });
      onSaved(data);
      setBinding(null);
      notify('pv.workflow.saved', { type: 'success' });
    } catch (error) {
      const message = (error as Error).message;
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setBusy(false);
    }
  };
  const exportJson = () => saveBlob(new Blob([JSON.stringify(graph, null, 2)], { type: 'application/json' }), `${def.key}.json`);
  const importJson = async (file: File) => {
    try {
      const parsed = workflowGraphSchema.safeParse(JSON.parse(await file.text()));
      if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).slice(0, 3).join('; '));
      load(parsed.data);
      window.setTimeout(() => void flow.fitView(FIT), 50);
      notify('pv.workflow.imported', { type: 'info' });
    } catch (error) {
      notify('pv.workflow.import_bad', { type: 'error', messageArgs: { error: (error as Error).message } });
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA') return;
    const mod = e.ctrlKey || e.metaKey;
    if (!mod) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) undo();
    else if (key === 'y' || (key === 'z' && e.shiftKey)) redo();
    else if (key === 'c') copy();
    else if (key === 'v') paste();
    else if (key === 's') void save();
    else return;
    e.preventDefault();
  };

  const readOnly = !mayEdit || def.status === 'disabled';
  const tool = (title: string, icon: ReactElement, onClick: () => void, disabled = false, testId?: string) => (
    <Tooltip title={translate(title)}>
      <span>
        <IconButton size="small" onClick={onClick} disabled={disabled} data-testid={testId} aria-label={translate(title)}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <ErrorsContext.Provider value={errorMap}>
      <Box onKeyDown={onKeyDown} tabIndex={0} sx={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 150px)', minHeight: 520, outline: 'none' }} data-testid="wf-designer">
        {/* one line in both languages: the name and its details give way (…, full text on hover), the tools never wrap */}
        <Stack direction="row" spacing={1} alignItems="center" sx={{ px: 1, py: 0.5 }}>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" noWrap title={def.name} sx={{ flexShrink: 1, minWidth: 48 }} data-testid="wf-title">
              {def.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap title={`${def.key} · ${recordTypeLabel(reg, def.record_type, lang)} · ${bindingText(reg, def.record_type, bindingOf(def), lang, translate)}`} sx={{ flexShrink: 3, minWidth: 0 }} data-testid="wf-binding">
              {def.key} · {recordTypeLabel(reg, def.record_type, lang)} · {bindingText(reg, def.record_type, bindingOf(def), lang, translate)}
            </Typography>
            {!readOnly && (
              <Button size="small" onClick={() => setBinding(bindingOf(def))} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }} data-testid="wf-binding-edit">
                {translate('pv.workflow.binding.edit')}
              </Button>
            )}
            {binding && (
              <Dialog open onClose={() => setBinding(null)} maxWidth="sm" fullWidth>
                <DialogTitle>{translate('pv.workflow.binding.title')}</DialogTitle>
                <DialogContent>
                  <Box sx={{ pt: 1 }}>
                    <BindingFields recordType={def.record_type} value={binding} onChange={setBinding} />
                  </Box>
                </DialogContent>
                <DialogActions>
                  <Button onClick={() => setBinding(null)}>{translate('ra.action.cancel')}</Button>
                  <Button variant="contained" disabled={busy} onClick={() => void saveBinding()} data-testid="wf-binding-save">
                    {translate('ra.action.save')}
                  </Button>
                </DialogActions>
              </Dialog>
            )}
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
              <DefinitionStatusChip status={def.status} />
              {def.published_version > 0 && <Chip size="small" label={translate('pv.workflow.version_n', { n: def.published_version })} />}
              {(changed || def.dirty) && def.published_version > 0 && <Chip size="small" color="warning" variant="outlined" label={translate('pv.workflow.dirty')} />}
            </Stack>
          </Stack>
          <Stack direction="row" spacing={0.5} alignItems="center" sx={{ flexShrink: 0, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
            {tool('pv.workflow.undo', <UndoIcon fontSize="small" />, undo, !history.current.canUndo || readOnly, 'wf-undo')}
            {tool('pv.workflow.redo', <RedoIcon fontSize="small" />, redo, !history.current.canRedo || readOnly, 'wf-redo')}
            {tool('pv.workflow.delete', <DeleteIcon fontSize="small" />, deleteSelection, readOnly, 'wf-delete')}
            {tool('pv.workflow.layout', <LayoutIcon fontSize="small" />, layout, readOnly, 'wf-layout')}
            {tool('pv.workflow.fit', <FitIcon fontSize="small" />, () => void flow.fitView(FIT))}
            {tool('pv.workflow.export_json', <DownloadIcon fontSize="small" />, exportJson, false, 'wf-export-json')}
            {tool('pv.workflow.import_json', <UploadIcon fontSize="small" />, () => fileInput.current?.click(), readOnly, 'wf-import-json')}
            {tool('pv.workflow.versions', <HistoryIcon fontSize="small" />, () => setShowVersions(true), false, 'wf-versions')}
            <input ref={fileInput} type="file" accept="application/json,.json" hidden onChange={(e) => e.target.files?.[0] && void importJson(e.target.files[0]).then(() => (e.target.value = ''))} />
            <Divider orientation="vertical" flexItem />
            <Button size="small" startIcon={<SaveIcon />} onClick={() => void save()} disabled={busy || readOnly || !changed} data-testid="wf-save">
              {translate('pv.workflow.save')}
            </Button>
            {mayPublish && (
              <Button size="small" variant="contained" startIcon={<PublishIcon />} onClick={() => void publish()} disabled={busy || readOnly || errors.length > 0 || (!changed && !def.dirty)} data-testid="wf-publish">
                {translate('pv.workflow.publish')}
              </Button>
            )}
          </Stack>
        </Stack>
        <Box sx={{ display: 'flex', flex: 1, minHeight: 0, borderTop: 1, borderColor: 'divider' }}>
          <Stack spacing={1} sx={{ width: 140, p: 1, borderRight: 1, borderColor: 'divider', overflowY: 'auto' }}>
            <Typography variant="subtitle2">{translate('pv.workflow.palette')}</Typography>
            <Typography variant="caption" color="text.secondary">
              {translate('pv.workflow.palette_hint')}
            </Typography>
            {KINDS.map((kind) => (
              <Box
                key={kind}
                draggable={!readOnly}
                onDragStart={(e) => {
                  e.dataTransfer.setData('application/pv-workflow', kind);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onClick={() => !readOnly && addNode(kind)}
                data-testid={`wf-palette-${kind}`}
                sx={{ border: 1, borderColor: KIND_COLOR[kind], color: KIND_COLOR[kind], borderRadius: 1, px: 1, py: 0.5, cursor: readOnly ? 'default' : 'grab', fontSize: 13, userSelect: 'none', '&:hover': { bgcolor: 'action.hover' } }}
              >
                <KindMark kind={kind} />
                {WorkflowNodeKind.label(kind, lang)}
              </Box>
            ))}
          </Stack>
          <Box ref={canvas} sx={{ flex: 1, minWidth: 0 }} onDragOver={(e) => e.preventDefault()} onDrop={onDrop} data-testid="wf-canvas">
            <ReactFlow
              nodes={nodes}
              edges={shownEdges}
              nodeTypes={NODE_TYPES}
              edgeTypes={EDGE_TYPES}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={readOnly ? undefined : onConnect}
              onNodeDragStart={remember}
              onBeforeDelete={async () => {
                remember();
                return true;
              }}
              nodesDraggable={!readOnly}
              nodesConnectable={!readOnly}
              deleteKeyCode={readOnly ? null : ['Delete', 'Backspace']}
              fitView
              fitViewOptions={FIT}
              proOptions={{ hideAttribution: true }}
            >
              <Background gap={16} />
              <Controls showInteractive={false} />
              <MiniMap pannable zoomable nodeColor={(n) => KIND_COLOR[(n as RFNode).data.node.kind]} />
            </ReactFlow>
          </Box>
          <Box sx={{ width: 300, p: 1.5, borderLeft: 1, borderColor: 'divider', overflowY: 'auto' }} data-testid="wf-properties">
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {translate('pv.workflow.properties')}
            </Typography>
            {selectedNode ? (
              <NodeProperties key={selectedNode.id} node={selectedNode.data.node} recordType={def.record_type} onChange={updateNode} />
            ) : selectedEdge ? (
              <EdgeProperties key={selectedEdge.id} edge={selectedEdge.data!.edge} fromUser={nodes.find((n) => n.id === selectedEdge.source)?.data.node.kind === 'user'} onChange={updateEdge} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate('pv.workflow.select_hint')}
              </Typography>
            )}
            <Divider sx={{ my: 1.5 }} />
            {errors.length ? (
              <Alert severity="error" icon={false} data-testid="wf-errors">
                <Typography variant="subtitle2">{translate('pv.workflow.errors', { smart_count: errors.length })}</Typography>
                <List dense disablePadding>
                  {errors.map((e, i) => (
                    <ListItemButton
                      key={i}
                      sx={{ px: 0.5 }}
                      onClick={() => {
                        const id = e.nodeId ?? e.edgeId;
                        setNodes((ns) => ns.map((n) => ({ ...n, selected: n.id === id })));
                        setEdges((es) => es.map((x) => ({ ...x, selected: x.id === id })));
                      }}
                    >
                      <ListItemText primary={workflowErrorMessage(e, lang)} primaryTypographyProps={{ variant: 'caption' }} />
                    </ListItemButton>
                  ))}
                </List>
              </Alert>
            ) : (
              <Alert severity="success" data-testid="wf-valid">
                {translate('pv.workflow.valid')}
              </Alert>
            )}
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              {translate('pv.workflow.shortcuts')}
            </Typography>
          </Box>
        </Box>
        {showVersions && <VersionsDialog def={def} draft={graph} onClose={() => setShowVersions(false)} />}
      </Box>
    </ErrorsContext.Provider>
  );
};

/** 流程设计: #/other/workflowDesigner?id=N — the canvas (React Flow, this chunk only), palette, properties, validation, save / publish, versions. */
const WorkflowDesigner = () => {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const translate = useTranslate();
  const dataProvider = useDataProvider<PvDataProvider>();
  const [def, setDef] = useState<Definition | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    dataProvider.read<Definition>(WORKFLOW_API, 'get_info', { id }).then(
      (r) => setDef(r.data),
      (e: Error) => setError(e.message),
    );
  }, [dataProvider, id]);
  if (!id) return <Alert severity="warning">{translate('pv.workflow.missing_id')}</Alert>;
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!def) return null;
  return (
    <ReactFlowProvider>
      <Designer key={def.id} initial={def} onSaved={() => undefined} />
    </ReactFlowProvider>
  );
};
export default WorkflowDesigner;
