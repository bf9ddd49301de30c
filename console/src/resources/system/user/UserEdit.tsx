import { Edit } from 'react-admin';
import { userEditSchema } from '@pv/contract';
import { USER_EDITABLE } from '../../../providers/dataProvider.ts';
import { useEditResolver } from '../common.tsx';
import { UserForm } from './UserForm.tsx';

const EditForm = () => <UserForm resolver={useEditResolver(userEditSchema, USER_EDITABLE)} />;

const UserEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <EditForm />
  </Edit>
);
export default UserEdit;
