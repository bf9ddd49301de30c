import { useMemo } from 'react';
import { Create, useTranslate } from 'react-admin';
import { customerCreateSchema } from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import { CustomerForm } from './CustomerForm.tsx';

/** Drop empty values: the create schema refuses '' where null or absent is meant. */
const present = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== null && v !== undefined));

const CustomerCreate = () => {
  const translate = useTranslate();
  const resolver = useMemo(() => contractResolver(customerCreateSchema, translate, present), [translate]);
  return (
    <Create redirect="show" mutationMode="pessimistic">
      <CustomerForm resolver={resolver} defaultValues={{ source: 'phone', has_property_deed: false }} />
    </Create>
  );
};
export default CustomerCreate;
