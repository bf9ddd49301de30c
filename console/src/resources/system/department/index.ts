import { lazyView } from '../../../shell/errorLog/lazyView.tsx';

const DepartmentTree = lazyView(() => import('./DepartmentTree.tsx'));

/** 部门 (客户管理 in the menu): #/setting/departmentManagement, a tree with dialogs (the `department` API). */
export const departmentManagement = {
  name: 'setting/departmentManagement',
  list: DepartmentTree,
  recordRepresentation: 'name',
  options: { label: 'pv.route.departmentManagement' },
};
