import { lazy } from 'react';

const RoleList = lazy(() => import('./RoleList.tsx'));
const RoleCreate = lazy(() => import('./RoleCreate.tsx'));
const RoleEdit = lazy(() => import('./RoleEdit.tsx'));

/** 角色管理: #/setting/roleManagement (the `role` API). */
export const roleManagement = {
  name: 'setting/roleManagement',
  list: RoleList,
  create: RoleCreate,
  edit: RoleEdit,
  recordRepresentation: 'name',
  options: { label: 'pv.route.roleManagement' },
};
