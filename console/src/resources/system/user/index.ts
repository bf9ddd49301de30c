import { lazy } from 'react';

const UserList = lazy(() => import('./UserList.tsx'));
const UserCreate = lazy(() => import('./UserCreate.tsx'));
const UserEdit = lazy(() => import('./UserEdit.tsx'));

/** 用户管理: #/setting/userManagement (the `user` API). */
export const userManagement = {
  name: 'setting/userManagement',
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  recordRepresentation: 'username',
  options: { label: 'pv.route.userManagement' },
};
