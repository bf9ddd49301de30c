import { useMemo } from 'react';
import { Create, useTranslate } from 'react-admin';
import { userCreateSchema } from '@pv/contract';
import { contractResolver } from '../../../forms/zodResolver.ts';
import { UserForm } from './UserForm.tsx';

const clean = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== null && v !== undefined));

const UserCreate = () => {
  const translate = useTranslate();
  const resolver = useMemo(() => contractResolver(userCreateSchema, translate, clean), [translate]);
  return (
    <Create redirect="list">
      <UserForm create resolver={resolver} defaultValues={{ role_ids: [] }} />
    </Create>
  );
};
export default UserCreate;
