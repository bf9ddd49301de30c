import { USER_EDITABLE, userEditSchema } from '@pv/contract';
import { useEditResolver } from '../common.tsx';
import { UserForm } from './UserForm.tsx';
import { Edit } from '../../../forms/Edit.tsx';

const EditForm = () => <UserForm resolver={useEditResolver(userEditSchema, USER_EDITABLE)} />;

const UserEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <EditForm />
  </Edit>
);
export default UserEdit;
