import {
  CreateButton,
  DeleteWithConfirmButton,
  EditButton,
  FunctionField,
  List,
  SearchInput,
  TextField,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { Chip, Stack } from '@mui/material';
import { RoleDataScope } from '@pv/contract';
import { useLang } from '../../common/format.tsx';
import { ListDatagrid } from '../../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../../common/columns.ts';
import { isBuiltin } from './RoleForm.tsx';

const Actions = () => {
  const resource = useResourceContext() ?? '';
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  return <TopToolbar>{canAccess && <CreateButton />}</TopToolbar>;
};

const RowActions = (_props: { label?: string }) => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const edit = useCanAccess({ resource, action: 'edit' });
  const del = useCanAccess({ resource, action: 'delete' });
  return (
    <Stack direction="row" spacing={0.5} onClick={(e) => e.stopPropagation()}>
      {edit.canAccess && <EditButton />}
      {del.canAccess && !isBuiltin(record) && <DeleteWithConfirmButton mutationMode="pessimistic" />}
    </Stack>
  );
};

interface RoleRow {
  code: string;
  name: string;
  data_scope: string;
  permissions: string[];
}

const RoleList = () => {
  const lang = useLang();
  const translate = useTranslate();
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} actions={<Actions />} sort={{ field: 'id', order: 'ASC' }} exporter={false}>
      <ListDatagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="id" {...HIDE_FIRST} />
        <TextField source="code" {...MUST_SHOW} />
        <FunctionField<RoleRow>
          source="name"
          render={(r) => (
            <Stack direction="row" spacing={1} alignItems="center">
              <span>{r.name}</span>
              {r.code === 'admin' && <Chip size="small" color="secondary" label={translate('pv.org.builtin')} />}
            </Stack>
          )}
          {...MUST_SHOW}
        />
        <FunctionField<RoleRow> source="data_scope" render={(r) => RoleDataScope.label(r.data_scope, lang)} />
        <FunctionField<RoleRow>
          source="permissions"
          sortable={false}
          render={(r) => (r.permissions.includes('*') ? translate('pv.org.all_permissions') : translate('pv.org.permission_count', { count: r.permissions.length }))}
        />
        <TextField source="user_count" sortable={false} />
        <RowActions label="pv.org.actions" {...MUST_SHOW} />
      </ListDatagrid>
    </List>
  );
};
export default RoleList;
