import { lazyView } from '../../../shell/errorLog/lazyView.tsx';

const MenuManagement = lazyView(() => import('./MenuManagement.tsx'));

/** 菜单管理: #/setting/menuManagement, the menus table as a tree (the `menu` API). */
export const menuManagement = {
  name: 'setting/menuManagement',
  list: MenuManagement,
  options: { label: 'pv.route.menuManagement' },
};
