import { useQuery } from '@tanstack/react-query';
import { useInput, useLocaleState, useTranslate } from 'react-admin';
import { Box, Checkbox, CircularProgress, FormControlLabel, FormHelperText, Paper, Typography } from '@mui/material';
import type { PermissionGroup } from '@pv/contract';
import { client } from '../../../providers/client.ts';

/** The permission tree of GET /api/system/role/permissions, in the UI language. */
function usePermissionTree() {
  const [locale] = useLocaleState();
  return useQuery({
    queryKey: ['pv', 'permission-tree', locale],
    queryFn: async ({ signal }) => (await client.get<PermissionGroup[]>('/api/system/role/permissions', undefined, { silent: true, signal })).data ?? [],
  });
}

/** Is `code` granted by `value` (exact, `<prefix>:*` or `*`)? */
export const grants = (value: readonly string[], code: string) => value.includes('*') || value.includes(code) || value.includes(`${code.split(':')[0]}:*`);

/** A group's wildcard expanded into its codes, so one box of the group can be cleared. */
function expand(value: string[], group: PermissionGroup): string[] {
  if (!value.includes(`${group.resource}:*`)) return value;
  return [...value.filter((c) => c !== `${group.resource}:*`), ...group.permissions.map((p) => p.code)];
}

/**
 * Permissions as a tree: one box per code, grouped by resource, with a group box that selects or
 * clears the whole group (indeterminate when partly chosen). Wildcards (`customer:*`) show as the
 * whole group chosen.
 */
export const PermissionTreeInput = ({ source = 'permissions', disabled = false }: { source?: string; disabled?: boolean; label?: string }) => {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, defaultValue: [] });
  const { data: groups = [], isPending } = usePermissionTree();
  const value: string[] = Array.isArray(field.value) ? field.value : [];
  const set = (next: string[]) => field.onChange([...new Set(next)].sort());
  const toggle = (group: PermissionGroup, code: string) => {
    const expanded = expand(value, group);
    set(expanded.includes(code) ? expanded.filter((c) => c !== code) : [...expanded, code]);
  };
  const toggleGroup = (group: PermissionGroup, all: boolean) => {
    const codes = group.permissions.map((p) => p.code);
    const rest = value.filter((c) => !codes.includes(c) && c !== `${group.resource}:*`);
    set(all ? rest : [...rest, ...codes]);
  };
  if (isPending) return <CircularProgress size={24} />;
  const count = groups.reduce((n, g) => n + g.permissions.filter((p) => grants(value, p.code)).length, 0);
  return (
    <Box sx={{ width: '100%' }} data-testid="permission-tree">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {translate('pv.org.permission_tree')} · {value.includes('*') ? translate('pv.org.all_permissions') : translate('pv.org.permission_count', { count })}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5 }}>
        {groups.map((group) => {
          const chosen = group.permissions.filter((p) => grants(value, p.code)).length;
          const all = chosen === group.permissions.length;
          return (
            <Paper key={group.resource} variant="outlined" sx={{ p: 1.5 }} data-testid={`permission-group-${group.resource}`}>
              <FormControlLabel
                sx={{ '& .MuiFormControlLabel-label': { fontWeight: 600 } }}
                control={
                  <Checkbox
                    checked={all}
                    indeterminate={chosen > 0 && !all}
                    disabled={disabled}
                    onChange={() => toggleGroup(group, all)}
                    slotProps={{ input: { 'aria-label': `${translate('pv.org.select_all')} ${group.label}` } }}
                  />
                }
                label={`${group.label} (${chosen}/${group.permissions.length})`}
              />
              <Box sx={{ pl: 3, display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
                {group.permissions.map((p) => (
                  <FormControlLabel
                    key={p.code}
                    title={p.code}
                    control={<Checkbox size="small" checked={grants(value, p.code)} disabled={disabled} onChange={() => toggle(group, p.code)} name={p.code} />}
                    label={p.label}
                  />
                ))}
              </Box>
            </Paper>
          );
        })}
      </Box>
      {fieldState.error?.message && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
};
