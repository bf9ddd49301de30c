import { useQuery } from '@tanstack/react-query';
import { AutocompleteInput, PasswordInput, ReferenceInput, SelectArrayInput, SimpleForm, TextInput, type SimpleFormProps } from 'react-admin';
import { Box } from '@mui/material';
import { client } from '../../../providers/client.ts';
import { DepartmentTreeInput } from '../common.tsx';
import { ReportUnsavedInput } from '../../../forms/Edit.tsx';

interface RoleRow {
  id: number;
  code: string;
  name: string;
}

/** Roles for the multi-select and the list filter (the role index, up to 500; empty without role:index). */
export function useRoleChoices() {
  return useQuery({
    queryKey: ['pv', 'role-choices'],
    queryFn: async ({ signal }) =>
      (await client.get<{ list: RoleRow[] }>('/api/system/role/index', { limit: 500, sort: 'id', order: 'ASC' }, { silent: true, signal })).data?.list ?? [],
  });
}

/** The user form of create (with a password) and edit. Validation: the contract schema through `resolver`. */
export const UserForm = ({ create = false, ...props }: Omit<SimpleFormProps, 'children'> & { create?: boolean }) => {
  const { data: roles = [], isPending } = useRoleChoices();
  return (
    <SimpleForm noValidate {...props} sx={{ maxWidth: 900 }}>
      <ReportUnsavedInput />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
        <TextInput source="username" autoComplete="off" isRequired />
        {create ? <PasswordInput source="password" autoComplete="new-password" isRequired /> : <span />}
        <TextInput source="full_name" autoComplete="off" />
        <TextInput source="phone" autoComplete="off" />
        <TextInput source="email" autoComplete="off" />
        <DepartmentTreeInput source="department_id" />
        <ReferenceInput source="agent_id" reference="agent" sort={{ field: 'name', order: 'ASC' }} perPage={20}>
          <AutocompleteInput optionText="name" filterToQuery={(q: string) => ({ q })} label="resources.setting/userManagement.fields.agent_id" />
        </ReferenceInput>
        <SelectArrayInput source="role_ids" choices={roles} optionText="name" isPending={isPending} />
      </Box>
    </SimpleForm>
  );
};
