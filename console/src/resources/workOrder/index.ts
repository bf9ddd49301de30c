import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { BUILD_ORDERS, GRID_ORDERS } from '../names.ts';

const WorkOrderList = lazyView(() => import('./WorkOrderList.tsx'));

/** 施工派单: #/stationManagement/buildWorkOrderList (the work_order API with kind=build). */
export const buildWorkOrderList = {
  name: BUILD_ORDERS,
  list: WorkOrderList,
  recordRepresentation: 'order_no',
  options: { label: 'pv.route.buildWorkOrderList' },
};

/** 并网派单: #/stationManagement/ongridWorkOrderList (the work_order API with kind=grid). */
export const ongridWorkOrderList = {
  name: GRID_ORDERS,
  list: WorkOrderList,
  recordRepresentation: 'order_no',
  options: { label: 'pv.route.ongridWorkOrderList' },
};
