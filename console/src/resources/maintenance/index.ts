import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { MAINTENANCE_RESOURCE } from '../names.ts';

const MaintenanceList = lazyView(() => import('./MaintenanceList.tsx'));

/** 运维工单: #/operation/maintenanceList; rows open #/operation/maintenanceDetail?id=N. */
export const maintenanceList = {
  name: MAINTENANCE_RESOURCE,
  list: MaintenanceList,
  recordRepresentation: 'order_no',
  options: { label: 'pv.route.maintenanceList' },
};

export const loadMaintenanceDetail = () => import('./MaintenanceDetail.tsx');
