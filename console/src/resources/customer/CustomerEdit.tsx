import { useMemo } from 'react';
import { Edit, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { CUSTOMER_EDITABLE, customerEditSchema, type Customer } from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import { changedFields } from '../../providers/dataProvider.ts';
import { FORMAL } from '../../providers/resources.ts';
import { CustomerForm } from './CustomerForm.tsx';

/** Validates exactly what the dataProvider will send: id, version and the changed fields. */
const EditForm = () => {
  const translate = useTranslate();
  const record = useRecordContext<Customer>();
  const resource = useResourceContext();
  const resolver = useMemo(
    () =>
      contractResolver(customerEditSchema, translate, (values: Record<string, unknown>) => ({
        id: record?.id,
        version: record?.version,
        ...changedFields(values, record as unknown as Record<string, unknown>, CUSTOMER_EDITABLE),
      })),
    [translate, record],
  );
  return <CustomerForm resolver={resolver} formal={resource === FORMAL} deletable />;
};

const CustomerEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show">
    <EditForm />
  </Edit>
);
export default CustomerEdit;
