import { useMemo } from 'react';
import { Edit, useRecordContext, useTranslate } from 'react-admin';
import { userEditSchema } from '@pv/contract';
import { contractResolver } from '../../../forms/zodResolver.ts';
import { USER_EDITABLE, changedFields } from '../../../providers/dataProvider.ts';
import { UserForm } from './UserForm.tsx';

/** Validates exactly what the dataProvider sends: id, version and the changed fields. */
const EditForm = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  const resolver = useMemo(
    () =>
      contractResolver(userEditSchema, translate, (values: Record<string, unknown>) => ({
        id: record?.id,
        version: record?.version,
        ...changedFields(values, record as Record<string, unknown> | undefined, USER_EDITABLE),
      })),
    [translate, record],
  );
  return <UserForm resolver={resolver} />;
};

const UserEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <EditForm />
  </Edit>
);
export default UserEdit;
