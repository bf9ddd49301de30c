import {
  AutocompleteInput,
  CreateButton,
  DeleteWithConfirmButton,
  EditButton,
  FilterButton,
  FunctionField,
  List,
  Pagination,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useCanAccess,
  useGetIdentity,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { Box, Chip, Stack } from '@mui/material';
import { LocalDateField } from '../../common/format.tsx';
import { ListDatagrid } from '../../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../../common/columns.ts';
import { DepartmentTreeInput, EnableChip, statusChoices } from '../common.tsx';
import { ResetPasswordButton, StatusButton } from './UserActions.tsx';
import { useRoleChoices } from './UserForm.tsx';

const RoleFilter = (props: { source: string; alwaysOn?: boolean; label?: string }) => {
  const { data = [], isPending } = useRoleChoices();
  return <SelectInput {...props} choices={data} optionText="name" isPending={isPending} />;
};

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <RoleFilter key="role_id" source="role_id" alwaysOn label="resources.setting/userManagement.fields.role_ids" />,
  <DepartmentTreeInput key="department_id" source="department_id" label="resources.setting/userManagement.fields.department_id" />,
  <ReferenceInput key="agent_id" source="agent_id" reference="agent" sort={{ field: 'name', order: 'ASC' }} label="resources.setting/userManagement.fields.agent_id">
    <AutocompleteInput optionText="name" filterToQuery={(q: string) => ({ q })} label="resources.setting/userManagement.fields.agent_id" sx={{ minWidth: 200 }} />
  </ReferenceInput>,
];

const Actions = () => {
  const resource = useResourceContext() ?? '';
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {canAccess && <CreateButton />}
    </TopToolbar>
  );
};

const RowActions = (_props: { label?: string }) => {
  const resource = useResourceContext() ?? '';
  const record = useRecordContext();
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const edit = useCanAccess({ resource, action: 'edit' });
  const del = useCanAccess({ resource, action: 'delete' });
  // nobody disables or deletes their own account (the server refuses it too)
  const self = record !== undefined && identity !== undefined && String(record.id) === String(identity.id);
  return (
    <Stack direction="row" spacing={0} alignItems="center" onClick={(e) => e.stopPropagation()}>
      {edit.canAccess && <EditButton label="" aria-label={`${translate('ra.action.edit')} ${record?.username ?? ''}`} />}
      {!self && <StatusButton />}
      <ResetPasswordButton />
      {del.canAccess && !self && <DeleteWithConfirmButton label="" mutationMode="pessimistic" aria-label={`${translate('ra.action.delete')} ${record?.username ?? ''}`} />}
    </Stack>
  );
};

interface UserRow {
  id: number;
  is_admin?: boolean;
  roles?: { id: number; code: string; name: string }[];
}

const RolesField = (_props: { label?: string; sortable?: boolean }) => {
  const translate = useTranslate();
  return (
    <FunctionField<UserRow>
      render={(r) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {r.is_admin && <Chip size="small" color="secondary" label={translate('pv.org.admin_badge')} />}
          {(r.roles ?? []).filter((role) => role.code !== 'admin').map((role) => (
            <Chip key={role.id} size="small" variant="outlined" label={role.name} />
          ))}
        </Box>
      )}
    />
  );
};

const UserList = () => (
  <List
    filters={filters}
    actions={<Actions />}
    sort={{ field: 'id', order: 'ASC' }}
    perPage={20}
    exporter={false}
    pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
   
  >
    <ListDatagrid rowClick={false} bulkActionButtons={false}>
      <TextField source="id" {...HIDE_FIRST} />
      <TextField source="username" {...MUST_SHOW} />
      <TextField source="full_name" {...MUST_SHOW} />
      <TextField source="phone" sortable={false} />
      <TextField source="department_name" sortable={false} emptyText="-" />
      <TextField source="agent_name" sortable={false} emptyText="-" />
      <RolesField label="resources.setting/userManagement.fields.roles" sortable={false} />
      <EnableChip label="resources.setting/userManagement.fields.status" sortBy="status" {...MUST_SHOW} />
      <LocalDateField source="last_login_at" showTime emptyText="-" {...HIDE_FIRST} />
      <RowActions label="pv.org.actions" {...MUST_SHOW} />
    </ListDatagrid>
  </List>
);
export default UserList;
