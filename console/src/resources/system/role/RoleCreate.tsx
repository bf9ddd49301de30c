import { useMemo } from 'react';
import { Create, useTranslate } from 'react-admin';
import { roleCreateSchema } from '@pv/contract';
import { contractResolver } from '../../../forms/zodResolver.ts';
import { RoleForm } from './RoleForm.tsx';

const RoleCreate = () => {
  const translate = useTranslate();
  const resolver = useMemo(() => contractResolver(roleCreateSchema, translate), [translate]);
  return (
    <Create redirect="list">
      <RoleForm create resolver={resolver} defaultValues={{ permissions: [], data_scope: 'self' }} />
    </Create>
  );
};
export default RoleCreate;
