import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { BUILD_AUDITS, GRID_AUDITS } from '../names.ts';

const SelfAuditList = lazyView(() => import('./SelfAuditList.tsx'));

/** The detail page of both kinds: #/stationManagement/buildSelfAuditDetail?id=N, #/stationManagement/ongridselfauditdetails?id=N. */
export const loadSelfAuditDetail = () => import('./SelfAuditDetail.tsx');

/** 施工完工自审: #/stationManagement/buildSelfAuditList (the self_audit API with kind=build). */
export const buildSelfAuditList = {
  name: BUILD_AUDITS,
  list: SelfAuditList,
  recordRepresentation: 'order_no',
  options: { label: 'pv.route.buildSelfAuditList' },
};

/** 并网自审: #/stationManagement/ongridSelfAuditList (the self_audit API with kind=grid). */
export const ongridSelfAuditList = {
  name: GRID_AUDITS,
  list: SelfAuditList,
  recordRepresentation: 'order_no',
  options: { label: 'pv.route.ongridSelfAuditList' },
};
