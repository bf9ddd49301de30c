import { lazyView } from '../../../shell/errorLog/lazyView.tsx';

const RoleList = lazyView(() => import('./RoleList.tsx'));
const RoleCreate = lazyView(() => import('./RoleCreate.tsx'));
const RoleEdit = lazyView(() => import('./RoleEdit.tsx'));

/** 角色管理: #/setting/roleManagement (the `role` API). */
export const roleManagement = {
  name: 'setting/roleManagement',
  list: RoleList,
  create: RoleCreate,
  edit: RoleEdit,
  recordRepresentation: 'name',
  options: { label: 'pv.route.roleManagement' },
};
