import { useMemo } from 'react';
import { Edit, useRecordContext, useTranslate } from 'react-admin';
import { roleEditSchema } from '@pv/contract';
import { contractResolver } from '../../../forms/zodResolver.ts';
import { ROLE_EDITABLE, changedFields } from '../../../providers/dataProvider.ts';
import { RoleForm } from './RoleForm.tsx';

const EditForm = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  const resolver = useMemo(
    () =>
      contractResolver(roleEditSchema, translate, (values: Record<string, unknown>) => ({
        id: record?.id,
        version: record?.version,
        ...changedFields(values, record as Record<string, unknown> | undefined, ROLE_EDITABLE),
      })),
    [translate, record],
  );
  return <RoleForm resolver={resolver} />;
};

const RoleEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <EditForm />
  </Edit>
);
export default RoleEdit;
