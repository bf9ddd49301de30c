import { Edit } from 'react-admin';
import { roleEditSchema } from '@pv/contract';
import { ROLE_EDITABLE } from '../../../providers/dataProvider.ts';
import { useEditResolver } from '../common.tsx';
import { RoleForm } from './RoleForm.tsx';

const EditForm = () => <RoleForm resolver={useEditResolver(roleEditSchema, ROLE_EDITABLE)} />;

const RoleEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <EditForm />
  </Edit>
);
export default RoleEdit;
