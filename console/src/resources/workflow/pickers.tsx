import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Autocomplete, Chip, TextField } from '@mui/material';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { useHasPermission } from '../common/actions.tsx';
import { useRoleChoices } from '../system/user/UserForm.tsx';
import { csv } from './logic.ts';

/*
 * The designer's pickers of people: users by name (the user index, `q`), roles by name (the role
 * index). The graph keeps what it kept before — user ids, role codes — so the contract's schema and
 * the engine are unchanged; the pickers only show names. Without the permission to list users /
 * roles, the ids / codes are typed as before.
 */

interface UserOption {
  id: number;
  username: string;
  full_name: string | null;
}
interface RoleOption {
  id: number;
  code: string;
  name: string;
}

const userLabel = (u: UserOption) => (u.full_name ? `${u.full_name} (${u.username})` : u.username);

/** Users by name; the value is their ids. */
export const UserPicker = ({ value, onChange, label, testId }: { value: number[]; onChange: (ids: number[]) => void; label: string; testId?: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PvDataProvider>();
  const maySearch = useHasPermission('user:index');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [seen, setSeen] = useState<Map<number, UserOption>>(new Map());
  const missing = value.filter((id) => !seen.has(id));
  // names of the users the graph already holds (ids the pickers have not met yet)
  const known = useQuery({
    queryKey: ['user', 'names', missing],
    enabled: maySearch && missing.length > 0,
    queryFn: () => dataProvider.read<{ list: UserOption[] }>('user', 'index', { id: missing.join(','), limit: missing.length }).then((r) => r.data.list),
  });
  const search = useQuery({
    queryKey: ['user', 'pick', q],
    enabled: maySearch && open,
    queryFn: () => dataProvider.read<{ list: UserOption[] }>('user', 'index', { q, status: 'enabled', limit: 20 }).then((r) => r.data.list),
  });
  const selected = useMemo(
    () => value.map((id) => seen.get(id) ?? known.data?.find((u) => u.id === id) ?? { id, username: translate('pv.workflow.node.unknown_user', { id }), full_name: null }),
    [value, seen, known.data, translate],
  );
  if (!maySearch)
    return <TextField size="small" label={translate('pv.workflow.node.user_ids')} value={value.join(',')} onChange={(e) => onChange(csv(e.target.value).map(Number).filter((x) => Number.isInteger(x) && x > 0))} inputProps={{ 'data-testid': testId }} />;
  return (
    <Autocomplete
      multiple
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={search.data ?? []}
      loading={search.isFetching}
      value={selected}
      onChange={(_e, v) => {
        setSeen((m) => new Map([...m, ...v.map((u) => [u.id, u] as const)]));
        onChange(v.map((u) => u.id));
      }}
      onInputChange={(_e, v, reason) => reason === 'input' && setQ(v)}
      filterOptions={(x) => x}
      filterSelectedOptions
      getOptionLabel={userLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={translate('pv.workflow.node.no_match')}
      loadingText={translate('ra.page.loading')}
      renderValue={(v, getItemProps) =>
        v.map((u, index) => {
          const { key, ...item } = getItemProps({ index });
          return <Chip key={key} {...item} size="small" label={userLabel(u)} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} placeholder={translate('pv.workflow.node.user_search')} inputProps={{ ...params.inputProps, 'data-testid': testId }} />}
    />
  );
};

/** Roles by name; the value is their codes. */
export const RolePicker = ({ value, onChange, label, testId }: { value: string[]; onChange: (codes: string[]) => void; label: string; testId?: string }) => {
  const translate = useTranslate();
  const mayList = useHasPermission('role:index');
  const { data: roles = [], isPending } = useRoleChoices();
  const selected = value.map((code): RoleOption => roles.find((r) => r.code === code) ?? { id: 0, code, name: code });
  if (!mayList)
    return <TextField size="small" label={translate('pv.workflow.node.role_codes')} value={value.join(',')} onChange={(e) => onChange(csv(e.target.value))} inputProps={{ 'data-testid': testId }} />;
  const roleLabel = (r: RoleOption) => (r.name === r.code ? r.code : `${r.name} (${r.code})`);
  return (
    <Autocomplete
      multiple
      size="small"
      options={roles}
      loading={isPending}
      value={selected}
      onChange={(_e, v) => onChange(v.map((r) => r.code))}
      filterSelectedOptions
      getOptionLabel={roleLabel}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      noOptionsText={translate('pv.workflow.node.no_match')}
      loadingText={translate('ra.page.loading')}
      renderValue={(v, getItemProps) =>
        v.map((r, index) => {
          const { key, ...item } = getItemProps({ index });
          // a code no role has (any more): shown as it is, marked
          return <Chip key={key} {...item} size="small" label={roleLabel(r)} color={roles.some((x) => x.code === r.code) ? 'default' : 'warning'} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} placeholder={translate('pv.workflow.node.role_search')} inputProps={{ ...params.inputProps, 'data-testid': testId }} />}
    />
  );
};
