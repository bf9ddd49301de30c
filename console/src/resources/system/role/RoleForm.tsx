import { SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, useRecordContext, useTranslate, type SimpleFormProps } from 'react-admin';
import { Alert, Box } from '@mui/material';
import { RoleDataScope } from '@pv/contract';
import { useLang } from '../../common/format.tsx';
import { PermissionTreeInput } from './PermissionTreeInput.tsx';
import { ReportUnsavedInput } from '../../../forms/Edit.tsx';

/** The built-in admin role (code admin) is shown read-only. */
export const isBuiltin = (record: Record<string, unknown> | undefined) => record?.code === 'admin';

const RoleToolbar = () => {
  const record = useRecordContext();
  return <Toolbar>{!isBuiltin(record) && <SaveButton />}</Toolbar>;
};

export const RoleForm = ({ create = false, ...props }: Omit<SimpleFormProps, 'children'> & { create?: boolean }) => {
  const lang = useLang();
  const translate = useTranslate();
  const record = useRecordContext();
  const locked = isBuiltin(record);
  return (
    <SimpleForm noValidate {...props} toolbar={<RoleToolbar />} sx={{ maxWidth: 1100 }}>
      <ReportUnsavedInput />
      {locked && (
        <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
          <span data-testid="builtin-note">{translate('pv.org.admin_role_locked')}</span>
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, columnGap: 2, width: '100%' }}>
        <TextInput source="code" autoComplete="off" isRequired disabled={!create} />
        <TextInput source="name" autoComplete="off" isRequired disabled={locked} />
        <SelectInput source="data_scope" choices={RoleDataScope.choices(lang)} isRequired disabled={locked} />
      </Box>
      <PermissionTreeInput disabled={locked} />
    </SimpleForm>
  );
};
