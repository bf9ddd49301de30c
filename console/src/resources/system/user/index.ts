import { lazyView } from '../../../shell/errorLog/lazyView.tsx';

const UserList = lazyView(() => import('./UserList.tsx'));
const UserCreate = lazyView(() => import('./UserCreate.tsx'));
const UserEdit = lazyView(() => import('./UserEdit.tsx'));

/** 用户管理: #/setting/userManagement (the `user` API). */
export const userManagement = {
  name: 'setting/userManagement',
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  recordRepresentation: 'username',
  options: { label: 'pv.route.userManagement' },
};
