import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RefreshIcon from '@mui/icons-material/Refresh';
import { MENU_FLAG_KEYS, type MenuRecord } from '@pv/contract';
import { MENU_ADMIN_KEY, descendantIds, menuApi, useCan, useMenuTree } from './api.ts';
import { Permission } from '../../../shell/Permission.tsx';
import { MenuDialog, type MenuDialogState } from './MenuDialog.tsx';
import { ActionIcon, ConfirmDelete, LoadState, useRunAction } from './ui.tsx';
import { MUST_SHOW_CLASS } from '../../common/columns.ts';

/** Keeps entries whose translated title, path or name contains the keyword, with their ancestors. */
function filterTree(tree: MenuRecord[], keyword: string, titleOf: (t: string) => string): MenuRecord[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return tree;
  return tree.flatMap((n) => {
    const hit = [titleOf(String(n.meta.title)), String(n.meta.title), n.path, n.name].some((v) => v.toLowerCase().includes(k));
    if (hit) return [n];
    const children = filterTree(n.children ?? [], keyword, titleOf);
    return children.length ? [{ ...n, children }] : [];
  });
}

const mono = { fontFamily: 'monospace', fontSize: 12, maxWidth: 260, wordBreak: 'break-all' } as const;

/**
 * 菜单管理: the tree the menu endpoint serves, every entry (disabled ones too), with enable/disable,
 * sort (up/down), add child, edit (every meta flag) and delete (children go with it).
 */
const MenuManagement = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: tree = [], isPending, error } = useMenuTree();
  const can = { add: useCan('menu:add'), edit: useCan('menu:edit'), del: useCan('menu:del'), quick: useCan('menu:update_field') };
  const [closed, setClosed] = useState<Set<number>>(new Set());
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<MenuDialogState | null>(null);
  const [deleting, setDeleting] = useState<MenuRecord | null>(null);
  const titleOf = (title: string) => translate(`pv.route.${title}`, { _: title });
  const shown = useMemo(() => filterTree(tree, keyword, titleOf), [tree, keyword, translate]); // eslint-disable-line react-hooks/exhaustive-deps

  const reload = () => queryClient.invalidateQueries({ queryKey: MENU_ADMIN_KEY });
  const runAction = useRunAction(reload);
  const run = (action: () => Promise<unknown>, done = 'pv.menuAdmin.saved') => runAction(action, done);
  const toggle = (id: number) =>
    setClosed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allIds = (list: MenuRecord[]): number[] => list.flatMap((n) => [n.id, ...allIds(n.children ?? [])]);

  const move = (siblings: MenuRecord[], index: number, delta: -1 | 1) => {
    const a = siblings[index]!;
    const b = siblings[index + delta]!;
    // swap positions; equal sort values get distinct ones
    const sa = a.sort === b.sort ? b.sort + (delta === 1 ? 1 : -1) : b.sort;
    void run(async () => {
      await menuApi.updateField(a.id, 'sort', Math.max(0, sa));
      await menuApi.updateField(b.id, 'sort', a.sort);
    });
  };

  const rows: React.ReactNode[] = [];
  const walk = (list: MenuRecord[], depth: number, offParent = false) => {
    list.forEach((node, index) => {
      const hasChildren = (node.children?.length ?? 0) > 0;
      const open = !closed.has(node.id) || keyword !== '';
      const flags = MENU_FLAG_KEYS.filter((k) => node.meta[k] === 1 || node.meta[k] === true);
      const label = titleOf(String(node.meta.title));
      const off = offParent || node.status !== 'enabled';
      rows.push(
        <TableRow key={node.id} hover data-testid={`menu-row-${node.name}`} sx={{ opacity: off ? 0.55 : 1 }}>
          <TableCell sx={{ pl: 1 + depth * 3, whiteSpace: 'nowrap' }}>
            <IconButton size="small" onClick={() => toggle(node.id)} sx={{ visibility: hasChildren ? 'visible' : 'hidden' }} aria-label={label}>
              {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            </IconButton>
            <Typography component="span" sx={{ fontWeight: depth === 0 ? 600 : 400 }}>
              {label}
            </Typography>
            {node.meta.badge && <Chip size="small" color="error" label={node.meta.badge} sx={{ ml: 1, height: 18 }} />}
          </TableCell>
          <TableCell sx={mono}>
            {node.path}
            {node.component && (
              <Typography component="div" variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                {node.component}
              </Typography>
            )}
          </TableCell>
          <TableCell sx={mono}>{node.permission}</TableCell>
          <TableCell>{node.sort}</TableCell>
          <TableCell>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {flags.map((k) => (
                // the flag by its label; its key (what the route declares) on hover
                <Tooltip key={k} title={k}>
                  <Chip size="small" variant="outlined" label={translate(`pv.menuAdmin.flag.${k}`)} sx={{ height: 20, fontSize: 11 }} />
                </Tooltip>
              ))}
              {node.meta.target === '_blank' && <Chip size="small" variant="outlined" label={translate('pv.menuAdmin.target._blank')} />}
            </Stack>
          </TableCell>
          <TableCell>
            <Switch
              size="small"
              checked={node.status === 'enabled'}
              disabled={!can.quick}
              title={translate(node.status === 'enabled' ? 'pv.menuAdmin.enabled' : 'pv.menuAdmin.disabled')}
              slotProps={{ input: { 'aria-label': `${translate('pv.menuAdmin.col.status')} ${node.name}` } }}
              onChange={(e) => void run(() => menuApi.updateField(node.id, 'status', e.target.checked ? 'enabled' : 'disabled'))}
            />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {can.quick && (
              <>
                <IconButton size="small" disabled={index === 0} onClick={() => move(list, index, -1)} aria-label={`${translate('pv.menuAdmin.up')} ${node.name}`}>
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" disabled={index === list.length - 1} onClick={() => move(list, index, 1)} aria-label={`${translate('pv.menuAdmin.down')} ${node.name}`}>
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
              </>
            )}
            <ActionIcon show={can.add} label={translate('pv.menuAdmin.add_child')} subject={node.name} onClick={() => setDialog({ kind: 'create', parent: node })}>
              <AddIcon fontSize="small" />
            </ActionIcon>
            <ActionIcon show={can.edit} label={translate('pv.menuAdmin.edit')} subject={node.name} onClick={() => setDialog({ kind: 'edit', node })}>
              <EditIcon fontSize="small" />
            </ActionIcon>
            <ActionIcon show={can.del} label={translate('pv.menuAdmin.delete')} subject={node.name} color="error" onClick={() => setDeleting(node)}>
              <DeleteIcon fontSize="small" />
            </ActionIcon>
          </TableCell>
        </TableRow>,
      );
      if (hasChildren && open) walk(node.children!, depth + 1, off);
    });
  };
  walk(shown, 0);

  const col = (k: string) => translate(`pv.menuAdmin.col.${k}`);
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="pv.route.menuManagement" />
      <Alert severity="info" sx={{ mb: 1 }}>
        {translate('pv.menuAdmin.notice')}
      </Alert>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Permission rule="menu:add">
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create', parent: null })}>
            {translate('pv.menuAdmin.add_top')}
          </Button>
        </Permission>
        <Button size="small" onClick={() => setClosed(new Set())}>
          {translate('pv.menuAdmin.expand_all')}
        </Button>
        <Button size="small" onClick={() => setClosed(new Set(allIds(tree)))}>
          {translate('pv.menuAdmin.collapse_all')}
        </Button>
        <Button size="small" startIcon={<RefreshIcon />} onClick={() => void reload()}>
          {translate('pv.menuAdmin.reload')}
        </Button>
        <TextField
          size="small"
          variant="outlined"
          placeholder={translate('pv.menuAdmin.search')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          sx={{ minWidth: 280, ml: 'auto !important' }}
          slotProps={{ htmlInput: { 'aria-label': translate('pv.menuAdmin.search') } }}
        />
      </Stack>
      <Card sx={{ maxWidth: '100%', overflow: 'hidden' }}>
        <LoadState isPending={isPending} error={error}>
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('pv.route.menuManagement')} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
              <TableHead>
                <TableRow>
                  {['title', 'path', 'permission', 'sort', 'flags', 'status', 'actions'].map((k) => (
                    <TableCell key={k} className={k === 'title' || k === 'status' || k === 'actions' ? MUST_SHOW_CLASS : undefined}>
                      {col(k)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>{rows}</TableBody>
            </Table>
          </TableContainer>
        </LoadState>
      </Card>
      {dialog && (
        <MenuDialog
          state={dialog}
          tree={tree}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            notify('pv.menuAdmin.saved', { type: 'success' });
            void reload();
          }}
        />
      )}
      {deleting && (
        <ConfirmDelete
          title={translate('pv.menuAdmin.delete_title')}
          text={translate('pv.menuAdmin.delete_confirm', { name: titleOf(String(deleting.meta.title)) })}
          warning={descendantIds(deleting).length > 0 ? translate('pv.menuAdmin.delete_children', { count: descendantIds(deleting).length }) : null}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const node = deleting;
            setDeleting(null);
            void run(() => menuApi.del(node.id), 'pv.menuAdmin.deleted');
          }}
        />
      )}
    </Box>
  );
};

export default MenuManagement;
