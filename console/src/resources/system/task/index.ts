import { lazyView } from '../../../shell/errorLog/lazyView.tsx';

const TaskManagement = lazyView(() => import('./TaskManagement.tsx'));

/** 任务管理: #/setting/taskManagement, scheduled jobs (the `task` API). */
export const taskManagement = {
  name: 'setting/taskManagement',
  list: TaskManagement,
  options: { label: 'pv.route.taskManagement' },
};
