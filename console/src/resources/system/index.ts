export { userManagement } from './user/index.ts';
export { roleManagement } from './role/index.ts';
export { departmentManagement } from './department/index.ts';
