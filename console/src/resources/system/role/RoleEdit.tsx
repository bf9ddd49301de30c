import { ROLE_EDITABLE, roleEditSchema } from '@pv/contract';
import { useEditResolver } from '../common.tsx';
import { RoleForm } from './RoleForm.tsx';
import { Edit } from '../../../forms/Edit.tsx';

const EditForm = () => <RoleForm resolver={useEditResolver(roleEditSchema, ROLE_EDITABLE)} />;

const RoleEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <EditForm />
  </Edit>
);
export default RoleEdit;
