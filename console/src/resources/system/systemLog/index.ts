import { lazyView } from '../../../shell/errorLog/lazyView.tsx';

const SystemLogList = lazyView(() => import('./SystemLogList.tsx'));

/** 系统日志: #/setting/systemLog, the read-only audit log (the `syslog` API). */
export const systemLog = {
  name: 'setting/systemLog',
  list: SystemLogList,
  options: { label: 'pv.route.systemLog' },
};
