import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Confirm, Form, NumberInput, SaveButton, SelectInput, TextInput, Title, useCanAccess, useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import { DEPARTMENT_EDITABLE, departmentCreateSchema, departmentEditSchema } from '@pv/contract';
import { contractResolver } from '../../../forms/zodResolver.ts';
import { changedFields } from '../../../providers/dataProvider.ts';
import { DEPARTMENT_TREE_KEY, DepartmentTreeInput, flattenTree, statusChoices, useDepartmentTree, type DepartmentNode } from '../common.tsx';

const RESOURCE = 'setting/departmentManagement';

type DialogState =
  | { kind: 'create'; parent: DepartmentNode | null }
  | { kind: 'edit'; node: DepartmentNode }
  | { kind: 'move'; node: DepartmentNode }
  | { kind: 'delete'; node: DepartmentNode }
  | null;

function useAccess() {
  const create = useCanAccess({ resource: RESOURCE, action: 'create' });
  const edit = useCanAccess({ resource: RESOURCE, action: 'edit' });
  const del = useCanAccess({ resource: RESOURCE, action: 'delete' });
  return { create: !!create.canAccess, edit: !!edit.canAccess, del: !!del.canAccess };
}

/** Create, edit or move one department (a form in a dialog); the tree reloads after a save. */
const DepartmentDialog = ({ state, onClose }: { state: Exclude<DialogState, null | { kind: 'delete' }>; onClose: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const node = state.kind === 'create' ? null : state.node;
  const record = useMemo(
    () => (state.kind === 'create' ? { parent_id: state.parent?.id ?? '', sort: 0, status: 'enabled' } : { ...state.node, parent_id: state.node.parent_id ?? '' }),
    [state],
  );
  const resolver = useMemo(
    () =>
      state.kind === 'create'
        ? contractResolver(departmentCreateSchema, translate, (v: Record<string, unknown>) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '' && x !== null)))
        : contractResolver(departmentEditSchema, translate, (v: Record<string, unknown>) => ({
            id: node!.id,
            version: node!.version,
            ...changedFields(v, node as unknown as Record<string, unknown>, DEPARTMENT_EDITABLE),
          })),
    [state, node, translate],
  );
  const submit = async (values: Record<string, unknown>) => {
    const data = { ...values, parent_id: values.parent_id === '' ? null : values.parent_id };
    try {
      if (state.kind === 'create') await dataProvider.create(RESOURCE, { data });
      else await dataProvider.update(RESOURCE, { id: node!.id, data, previousData: node as unknown as RaRecord });
      notify('pv.org.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: DEPARTMENT_TREE_KEY });
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const title =
    state.kind === 'create' ? translate('pv.org.create_title') : state.kind === 'edit' ? translate('pv.org.edit_title') : translate('pv.org.move_title', { name: state.node.name });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <Form record={record} resolver={resolver} onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          {state.kind === 'move' ? (
            <DepartmentTreeInput source="parent_id" exclude={state.node.id} allowTop fullWidth />
          ) : (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
              <DepartmentTreeInput source="parent_id" exclude={node?.id} allowTop />
              <TextInput source="name" isRequired autoFocus />
              <TextInput source="code" />
              <TextInput source="leader" />
              <TextInput source="phone" />
              <NumberInput source="sort" min={0} max={9999} />
              <SelectInput source="status" choices={statusChoices} />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('pv.org.cancel')}</Button>
          <SaveButton alwaysEnable={state.kind === 'move'} />
        </DialogActions>
      </Form>
    </Dialog>
  );
};

const NodeRow = ({
  node,
  depth,
  open,
  toggle,
  access,
  act,
}: {
  node: DepartmentNode & { user_count?: number };
  depth: number;
  open: Set<number>;
  toggle: (id: number) => void;
  access: ReturnType<typeof useAccess>;
  act: (s: DialogState) => void;
}) => {
  const translate = useTranslate();
  const expanded = open.has(node.id);
  const hasChildren = node.children.length > 0;
  const tip = (key: string, el: React.ReactElement) => (
    <Tooltip title={translate(key)}>
      <span>{el}</span>
    </Tooltip>
  );
  return (
    <>
      <Box
        role="treeitem"
        aria-expanded={hasChildren ? expanded : undefined}
        aria-level={depth + 1}
        data-testid={`dept-${node.id}`}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, pl: depth * 3, pr: 1, borderBottom: 1, borderColor: 'divider', '&:hover': { bgcolor: 'action.hover' } }}
      >
        <IconButton size="small" onClick={() => toggle(node.id)} disabled={!hasChildren} aria-label={node.name} sx={{ visibility: hasChildren ? 'visible' : 'hidden' }}>
          {expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
        </IconButton>
        <Typography sx={{ fontWeight: depth === 0 ? 600 : 400, minWidth: 140 }}>{node.name}</Typography>
        {node.code && <Chip size="small" variant="outlined" label={node.code} />}
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {[node.leader, node.phone].filter(Boolean).join(' · ')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 60 }}>
          {translate('pv.org.users_in', { count: node.user_count ?? 0 })}
        </Typography>
        <Chip size="small" color={node.status === 'enabled' ? 'success' : 'default'} label={translate(`pv.org.status.${node.status}`)} />
        <Stack direction="row" sx={{ minWidth: 160, justifyContent: 'flex-end' }}>
          {access.create && tip('pv.org.add_child', <IconButton size="small" onClick={() => act({ kind: 'create', parent: node })} aria-label={`${translate('pv.org.add_child')} ${node.name}`}><AddIcon fontSize="small" /></IconButton>)}
          {access.edit && tip('ra.action.edit', <IconButton size="small" onClick={() => act({ kind: 'edit', node })} aria-label={`${translate('ra.action.edit')} ${node.name}`}><EditIcon fontSize="small" /></IconButton>)}
          {access.edit && tip('pv.org.move', <IconButton size="small" onClick={() => act({ kind: 'move', node })} aria-label={`${translate('pv.org.move')} ${node.name}`}><DriveFileMoveIcon fontSize="small" /></IconButton>)}
          {access.del && tip('ra.action.delete', <IconButton size="small" color="error" onClick={() => act({ kind: 'delete', node })} aria-label={`${translate('ra.action.delete')} ${node.name}`}><DeleteIcon fontSize="small" /></IconButton>)}
        </Stack>
      </Box>
      {expanded && node.children.map((child) => <NodeRow key={child.id} node={child} depth={depth + 1} open={open} toggle={toggle} access={access} act={act} />)}
    </>
  );
};

/** 部门树: expand/collapse, add a child, edit, move, delete (refused by the server with a clear message when it has children or users). */
const DepartmentTree = () => {
  const translate = useTranslate();
  const { data = [], isPending } = useDepartmentTree();
  const access = useAccess();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [closed, setClosed] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<DialogState>(null);
  const all = useMemo(() => flattenTree(data).map((r) => r.node.id), [data]);
  const open = useMemo(() => new Set(all.filter((id) => !closed.has(id))), [all, closed]);
  const toggle = (id: number) => setClosed((prev) => {
    const next = new Set(prev);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const remove = async (node: DepartmentNode) => {
    setDialog(null);
    try {
      await dataProvider.delete(RESOURCE, { id: node.id, previousData: node as unknown as RaRecord });
      notify('pv.org.deleted', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: DEPARTMENT_TREE_KEY });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="pv.route.departmentManagement" />
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        {access.create && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create', parent: null })}>
            {translate('pv.org.add_root')}
          </Button>
        )}
        <Button size="small" onClick={() => setClosed(new Set())}>
          {translate('pv.org.expand_all')}
        </Button>
        <Button size="small" onClick={() => setClosed(new Set(all))}>
          {translate('pv.org.collapse_all')}
        </Button>
      </Stack>
      <Card>
        {/* a tree only when it has items: the spinner and the empty note are not tree items */}
        <CardContent role={isPending || data.length === 0 ? undefined : 'tree'} sx={{ p: 0, '&:last-child': { pb: 0 } }}>
          {isPending ? (
            <Box sx={{ p: 3, textAlign: 'center' }}>
              <CircularProgress size={24} />
            </Box>
          ) : data.length === 0 ? (
            <Alert severity="info" data-testid="tree-empty">
              {translate('pv.org.empty_tree')}
            </Alert>
          ) : (
            data.map((node) => <NodeRow key={node.id} node={node} depth={0} open={open} toggle={toggle} access={access} act={setDialog} />)
          )}
        </CardContent>
      </Card>
      {dialog && dialog.kind !== 'delete' && <DepartmentDialog state={dialog} onClose={() => setDialog(null)} />}
      <Confirm
        isOpen={dialog?.kind === 'delete'}
        title="pv.org.delete_title"
        content="pv.org.delete_confirm"
        translateOptions={{ name: dialog?.kind === 'delete' ? dialog.node.name : '' }}
        onConfirm={() => dialog?.kind === 'delete' && remove(dialog.node)}
        onClose={() => setDialog(null)}
      />
    </Box>
  );
};
export default DepartmentTree;
