import { useResourceContext } from 'react-admin';
import { CUSTOMER_EDITABLE, customerEditSchema } from '@pv/contract';
import { useEditResolver } from '../../forms/contractForms.ts';
import { FORMAL } from '../../providers/resources.ts';
import { CustomerForm } from './CustomerForm.tsx';
import { Edit } from '../../forms/Edit.tsx';

/** Validates exactly what the dataProvider will send: id, version and the changed fields. */
const EditForm = () => {
  const resource = useResourceContext();
  return <CustomerForm resolver={useEditResolver(customerEditSchema, CUSTOMER_EDITABLE)} formal={resource === FORMAL} deletable />;
};

const CustomerEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show">
    <EditForm />
  </Edit>
);
export default CustomerEdit;
