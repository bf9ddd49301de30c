import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import { lazyView } from '../errorLog/lazyView.tsx';
import { intentionalCustomer, formalCustomer } from '../../resources/customer/index.ts';
import { inputagent } from '../../resources/agent/index.ts';
import { departmentManagement, roleManagement, userManagement } from '../../resources/system/index.ts';
import { menuManagement } from '../../resources/system/menu/index.ts';
import { taskManagement } from '../../resources/system/task/index.ts';
import { systemLog } from '../../resources/system/systemLog/index.ts';
import { loadDisplayTokens } from '../../resources/system/displayToken/index.ts';
import { gebMatter, loadMatterDetails } from '../../resources/matter/index.ts';
import { buildWorkOrderList, ongridWorkOrderList } from '../../resources/workOrder/index.ts';
import { buildSelfAuditList, loadSelfAuditDetail, ongridSelfAuditList } from '../../resources/selfAudit/index.ts';
import { loadStationDetail, loadStationDocs, stationList } from '../../resources/station/index.ts';
import { materialList, stockLedger, warehouseList } from '../../resources/operation/index.ts';
import { inspectionList, loadInspectionDetail, operationPlan } from '../../resources/inspection/index.ts';
import { loadMaintenanceDetail, maintenanceList } from '../../resources/maintenance/index.ts';
import { leaseContract, loadLeaseDetail, rentBill } from '../../resources/finance/index.ts';
import { loadRevenueReport, revenueList, tariffList } from '../../resources/revenue/index.ts';
import { loadRentReport } from '../../resources/finance/index.ts';
import { loadPaymentBatchDetail, paymentBatch } from '../../resources/payment/index.ts';
import { loadSettlementDetail, settlement, settlementRule } from '../../resources/settlement/index.ts';
import { invoice, loadInvoiceDetail } from '../../resources/invoice/index.ts';
import { loadStatementDetail, statement } from '../../resources/statement/index.ts';
import { appVersion, loadAppVersionDetail } from '../../resources/appVersion/index.ts';
import { loadPartnerDetail, partnerList } from '../../resources/partner/index.ts';
import { insuranceClaim, insurancePolicy, loadClaimDetail, loadPolicyDetail } from '../../resources/insurance/index.ts';
import { loadWorkflowDesigner, workflow, workflowInstance } from '../../resources/workflow/index.ts';

/**
 * Component paths of the route tree (menus.component on the server) → the console views that
 * render them. A resource view becomes a react-admin <Resource> named after its route path
 * (list / create / edit / show under it); a page view is one screen at the route path.
 * Menu management offers exactly these keys.
 */
export type ViewDef =
  | { kind: 'resource'; resource: Omit<ResourceProps, 'name'> }
  | { kind: 'page'; Component: ComponentType; noLayout?: boolean };

const page = (load: () => Promise<{ default: ComponentType }>, extra: { noLayout?: boolean } = {}): ViewDef => ({
  kind: 'page',
  // a chunk that fails or takes over 120 s shows a load error with a retry
  Component: lazyView(load),
  ...extra,
});

const resource = ({ name: _name, ...props }: ResourceProps): ViewDef => ({ kind: 'resource', resource: props });

export const VIEWS: Record<string, ViewDef> = {
  index: page(() => import('../Home.tsx')),
  dashboard: page(() => import('../../resources/stats/Dashboard.tsx')),
  workbench: page(() => import('../../resources/stats/Workbench.tsx')),
  'customer/intentionalCustomer': resource(intentionalCustomer),
  'customer/customerList': resource(formalCustomer),
  'customer/customerDetail': page(() => import('../../resources/customer/CustomerDetail.tsx')),
  'stationManagement/inputagent': resource(inputagent),
  'stationManagement/inputagentDetail': page(() => import('../../resources/agent/AgentDetail.tsx')),
  'setting/userManagement': resource(userManagement),
  'setting/roleManagement': resource(roleManagement),
  'setting/departmentManagement': resource(departmentManagement),
  'setting/personalCenter': page(() => import('../../resources/system/personalCenter/PersonalCenter.tsx')),
  'setting/messageCenter': page(() => import('../../resources/system/message/MessageCenter.tsx')),
  'setting/menuManagement': resource(menuManagement),
  'setting/taskManagement': resource(taskManagement),
  'setting/systemLog': resource(systemLog),
  'setting/displayToken': page(loadDisplayTokens),
  'stationManagement/gebMatter': resource(gebMatter),
  'stationManagement/matterDetails': page(loadMatterDetails),
  'stationManagement/buildWorkOrderList': resource(buildWorkOrderList),
  'stationManagement/ongridWorkOrderList': resource(ongridWorkOrderList),
  'stationManagement/buildSelfAuditList': resource(buildSelfAuditList),
  'stationManagement/ongridSelfAuditList': resource(ongridSelfAuditList),
  'stationManagement/buildSelfAuditDetail': page(loadSelfAuditDetail),
  'stationManagement/ongridselfauditdetails': page(loadSelfAuditDetail),
  'stationManagement/stationList': resource(stationList),
  'stationManagement/stationDetail': page(loadStationDetail),
  'stationManagement/pdfs': page(loadStationDocs),
  'operation/operationPlan': resource(operationPlan),
  'operation/inspectionList': resource(inspectionList),
  'operation/inspectionDetail': page(loadInspectionDetail),
  'operation/maintenanceList': resource(maintenanceList),
  'operation/maintenanceDetail': page(loadMaintenanceDetail),
  'operation/materialList': resource(materialList),
  'operation/warehouseList': resource(warehouseList),
  'operation/stockLedger': resource(stockLedger),
  'finance/leaseContract': resource(leaseContract),
  'finance/leaseContractDetail': page(loadLeaseDetail),
  'finance/rentBill': resource(rentBill),
  'finance/revenueList': resource(revenueList),
  'finance/revenueReport': page(loadRevenueReport),
  'finance/tariffList': resource(tariffList),
  'finance/rentReport': page(loadRentReport),
  'finance/paymentBatch': resource(paymentBatch),
  'finance/paymentBatchDetail': page(loadPaymentBatchDetail),
  'finance/settlement': resource(settlement),
  'finance/settlementDetail': page(loadSettlementDetail),
  'finance/settlementRule': resource(settlementRule),
  'finance/invoice': resource(invoice),
  'finance/invoiceDetail': page(loadInvoiceDetail),
  'finance/statement': resource(statement),
  'finance/statementDetail': page(loadStatementDetail),
  'other/appVersion': resource(appVersion),
  'other/appVersionDetail': page(loadAppVersionDetail),
  'partner/partnerList': resource(partnerList),
  'partner/partnerDetail': page(loadPartnerDetail),
  'partner/insurancePolicy': resource(insurancePolicy),
  'partner/insurancePolicyDetail': page(loadPolicyDetail),
  'partner/insuranceClaim': resource(insuranceClaim),
  'partner/insuranceClaimDetail': page(loadClaimDetail),
  'other/workflow': resource(workflow),
  'other/workflowDesigner': page(loadWorkflowDesigner),
  'other/workflowInstance': resource(workflowInstance),
  daping: page(() => import('../DapingRedirect.tsx'), { noLayout: true }),
};

export const VIEW_KEYS = Object.keys(VIEWS).sort();
