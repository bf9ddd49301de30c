import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { MENU_FLAG_KEYS, type MenuRecord } from '@pv/contract';
import { descendantIds, flattenMenu, menuApi, useMenuOptions } from './api.ts';

export type MenuDialogState = { kind: 'create'; parent: MenuRecord | null } | { kind: 'edit'; node: MenuRecord };

type Values = Record<string, unknown> & { meta: Record<string, unknown> };

const TEXT_META = ['icon', 'badge', 'activeMenu', 'identity'] as const;

function initial(state: MenuDialogState): Values {
  if (state.kind === 'create') {
    return { parent_id: state.parent?.id ?? null, path: state.parent ? '' : '/', name: '', component: state.parent ? '' : 'Layout', redirect: '', permission: '', status: 'enabled', meta: { title: '' } };
  }
  const n = state.node;
  return { parent_id: n.parent_id, path: n.path, name: n.name, component: n.component ?? '', redirect: n.redirect ?? '', permission: n.permission, sort: n.sort, status: n.status, meta: { ...n.meta } };
}

const guardText = (guard: unknown) => (Array.isArray(guard) ? guard.join(', ') : '');

/**
 * Add or edit one menu entry: every field of the row and every meta flag (SPEC.md §3 route meta) as
 * switches. The server validates (unique name and sibling path, known component and permission, no
 * cycle) and its message is shown here.
 */
export const MenuDialog = ({ state, tree, onClose, onSaved }: { state: MenuDialogState; tree: MenuRecord[]; onClose: () => void; onSaved: () => void }) => {
  const translate = useTranslate();
  const options = useMenuOptions();
  const [values, setValues] = useState<Values>(() => initial(state));
  const [guard, setGuard] = useState(() => guardText(values.meta.guard));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const f = (key: string) => translate(`pv.menuAdmin.field.${key}`);
  const set = (key: string, value: unknown) => setValues((v) => ({ ...v, [key]: value }));
  const setMeta = (key: string, value: unknown) => setValues((v) => ({ ...v, meta: { ...v.meta, [key]: value } }));

  const parents = useMemo(() => {
    const excluded = state.kind === 'edit' ? new Set([state.node.id, ...descendantIds(state.node)]) : new Set<number>();
    return flattenMenu(tree).filter((f) => !excluded.has(f.node.id));
  }, [tree, state]);
  const titleOf = (title: string) => translate(`pv.route.${title}`, { _: title });

  const submit = async () => {
    setSaving(true);
    setError(null);
    const meta: Record<string, unknown> = { ...values.meta };
    const roles = guard.split(/[,，\s]+/).filter(Boolean);
    if (roles.length) meta.guard = roles;
    else if (Array.isArray(meta.guard)) delete meta.guard;
    for (const k of MENU_FLAG_KEYS) meta[k] = meta[k] ? 1 : 0;
    const body: Record<string, unknown> = {
      parent_id: values.parent_id,
      path: values.path,
      name: values.name,
      component: values.component || null,
      redirect: values.redirect || null,
      permission: values.permission ?? '',
      status: values.status,
      meta,
    };
    if (values.sort !== undefined && values.sort !== '') body.sort = Number(values.sort);
    try {
      if (state.kind === 'create') await menuApi.add(body);
      else await menuApi.edit({ id: state.node.id, version: state.node.version, ...body });
      onSaved();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const title = state.kind === 'create' ? translate('pv.menuAdmin.create_title') : translate('pv.menuAdmin.edit_title', { name: titleOf(String(state.node.meta.title)) });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        )}
        <Typography variant="subtitle2" color="text.secondary" gutterBottom>
          {translate('pv.menuAdmin.section_basic')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mb: 2 }}>
          <TextField
            select
            size="small"
            label={f('parent_id')}
            value={values.parent_id ?? ''}
            onChange={(e) => set('parent_id', e.target.value === '' ? null : Number(e.target.value))}
          >
            <MenuItem value="">{translate('pv.menuAdmin.top_level')}</MenuItem>
            {parents.map((p) => (
              <MenuItem key={p.node.id} value={p.node.id} sx={{ pl: 2 + p.depth * 2 }}>
                {titleOf(String(p.node.meta.title))} <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>{p.fullPath}</Typography>
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" label={f('title')} required value={values.meta.title ?? ''} onChange={(e) => setMeta('title', e.target.value)} helperText={translate('pv.menuAdmin.title_help')} />
          <TextField size="small" label={f('path')} required value={values.path ?? ''} onChange={(e) => set('path', e.target.value)} />
          <TextField size="small" label={f('name')} required value={values.name ?? ''} onChange={(e) => set('name', e.target.value)} />
          <Autocomplete
            size="small"
            options={options.data?.components ?? []}
            value={(values.component as string) || null}
            onChange={(_e, v) => set('component', v ?? '')}
            renderInput={(params) => <TextField {...params} label={f('component')} />}
          />
          <TextField size="small" label={f('redirect')} value={values.redirect ?? ''} onChange={(e) => set('redirect', e.target.value)} />
          <Autocomplete
            size="small"
            options={['', ...(options.data?.permissions ?? [])]}
            getOptionLabel={(o) => (o === '' ? translate('pv.menuAdmin.everyone') : o)}
            value={(values.permission as string) ?? ''}
            onChange={(_e, v) => set('permission', v ?? '')}
            renderInput={(params) => <TextField {...params} label={f('permission')} />}
          />
          <TextField size="small" type="number" label={f('sort')} value={values.sort ?? ''} onChange={(e) => set('sort', e.target.value)} />
          <FormControlLabel
            control={<Switch checked={values.status === 'enabled'} onChange={(e) => set('status', e.target.checked ? 'enabled' : 'disabled')} />}
            label={f('status')}
          />
        </Box>
        <Typography variant="subtitle2" color="text.secondary" gutterBottom>
          {translate('pv.menuAdmin.section_meta')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, gap: 2, mb: 2 }}>
          {TEXT_META.map((k) => (
            <TextField key={k} size="small" label={f(k)} value={(values.meta[k] as string) ?? ''} onChange={(e) => setMeta(k, e.target.value)} />
          ))}
          <TextField select size="small" label={f('target')} value={(values.meta.target as string) ?? ''} onChange={(e) => setMeta('target', e.target.value)}>
            <MenuItem value="">{translate('pv.menuAdmin.target.none')}</MenuItem>
            <MenuItem value="_self">{translate('pv.menuAdmin.target._self')}</MenuItem>
            <MenuItem value="_blank">{translate('pv.menuAdmin.target._blank')}</MenuItem>
          </TextField>
          <TextField size="small" label={f('guard')} value={guard} onChange={(e) => setGuard(e.target.value)} />
        </Box>
        <Typography variant="subtitle2" color="text.secondary" gutterBottom>
          {translate('pv.menuAdmin.section_flags')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {MENU_FLAG_KEYS.map((k) => (
            <FormControlLabel
              key={k}
              control={<Switch size="small" checked={!!values.meta[k]} onChange={(e) => setMeta(k, e.target.checked ? 1 : 0)} slotProps={{ input: { 'aria-label': k } }} />}
              label={
                <span>
                  {translate(`pv.menuAdmin.flag.${k}`)}{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    {k}
                  </Typography>
                </span>
              }
            />
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('pv.menuAdmin.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={saving}>
          {translate('pv.menuAdmin.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
