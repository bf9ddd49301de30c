import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { INSPECTION_RESOURCE, PLAN_RESOURCE } from '../names.ts';

const PlanList = lazyView(() => import('./PlanList.tsx'));
const PlanCreate = lazyView(() => import('./PlanCreate.tsx'));
const PlanEdit = lazyView(() => import('./PlanEdit.tsx'));
const PlanShow = lazyView(() => import('./PlanShow.tsx'));
const InspectionList = lazyView(() => import('./InspectionList.tsx'));

/** 运维计划: #/operation/operationPlan (list, create, edit, show). */
export const operationPlan = {
  name: PLAN_RESOURCE,
  list: PlanList,
  create: PlanCreate,
  edit: PlanEdit,
  show: PlanShow,
  recordRepresentation: 'name',
  options: { label: 'pv.route.operationPlan' },
};

/** 巡检: #/operation/inspectionList; rows open #/operation/inspectionDetail?id=N. */
export const inspectionList = {
  name: INSPECTION_RESOURCE,
  list: InspectionList,
  recordRepresentation: 'inspection_no',
  options: { label: 'pv.route.inspectionList' },
};

export const loadInspectionDetail = () => import('./InspectionDetail.tsx');
