import type { APIRequestContext } from '@playwright/test';

/**
 * The console's screens as the page walk (walk.ts) opens them: every list page of the menu, the
 * other pages of the menu, the forms, and the detail pages with the record each one opens (found
 * through the API, so the demo data's ids may change).
 */

/** the menu's pages that are not lists */
export const OTHER_PAGES = ['/index', '/dashboard', '/workbench', '/setting/personalCenter'] as const;

/** create forms (an edit form is added from the data: FORM_EDIT) */
export const FORM_PAGES = [
  '/customer/intentionalCustomer/create',
  '/stationManagement/stationList/create',
  '/operation/operationPlan/create',
  '/finance/invoice/create',
  '/partner/partnerList/create',
  '/partner/insurancePolicy/create',
  '/setting/userManagement/create',
] as const;

export const LIST_PAGES = [
  '/customer/intentionalCustomer',
  '/customer/customerList',
  '/stationManagement/stationList',
  '/stationManagement/buildWorkOrderList',
  '/stationManagement/buildSelfAuditList',
  '/stationManagement/ongridWorkOrderList',
  '/stationManagement/ongridSelfAuditList',
  '/stationManagement/gebMatter',
  '/stationManagement/inputagent',
  '/operation/operationPlan',
  '/operation/inspectionList',
  '/operation/maintenanceList',
  '/operation/materialList',
  '/operation/warehouseList',
  '/operation/stockLedger',
  '/finance/leaseContract',
  '/finance/rentBill',
  '/finance/revenueList',
  '/finance/revenueReport',
  '/finance/tariffList',
  '/finance/rentReport',
  '/finance/paymentBatch',
  '/finance/settlement',
  '/finance/settlementRule',
  '/finance/invoice',
  '/finance/statement',
  '/partner/partnerList',
  '/partner/insurancePolicy',
  '/partner/insuranceClaim',
  '/other/workflow',
  '/other/workflowInstance',
  '/other/appVersion',
  '/setting/userManagement',
  '/setting/roleManagement',
  '/setting/departmentManagement',
  '/setting/menuManagement',
  '/setting/taskManagement',
  '/setting/systemLog',
  '/setting/messageCenter',
  '/setting/displayToken',
] as const;

/** Tabs (their test ids) a page hides tables behind: each is opened and checked too. */
export const PAGE_TABS: Record<string, string[]> = {
  '/operation/stockLedger': ['stock-tab-ledger'],
  '/finance/rentReport': ['tab-stations'],
  '/setting/messageCenter': ['tab-manage'],
  '/stationManagement/stationDetail': ['station-tab-operation', 'station-tab-money'],
  '/customer/customerDetail': ['customer-tab-money'],
};

/** The tabs of a route (its path without the query or /N/show). */
export const tabsOf = (route: string) => PAGE_TABS[route.replace(/\?.*$/, '')] ?? [];

export interface DetailPage {
  /** the page's route, opened with ?id=N (or /N/show for a resource's show view) */
  path: string;
  /** the API resource whose first listed record (with `query`) it shows */
  api: string;
  query?: string;
  /** the id of the record from a listed row, when it is not the row's own id */
  idOf?: (row: Record<string, unknown>) => unknown;
  show?: boolean;
}

export const DETAIL_PAGES: DetailPage[] = [
  { path: '/customer/customerDetail', api: 'customer', query: 'stage=formal' },
  // a station with a lease contract: its money tab has a contract and bills
  { path: '/stationManagement/stationDetail', api: 'lease_contract', idOf: (r) => r.station_id },
  { path: '/stationManagement/buildSelfAuditDetail', api: 'self_audit', query: 'kind=build' },
  { path: '/stationManagement/ongridselfauditdetails', api: 'self_audit', query: 'kind=grid' },
  { path: '/stationManagement/inputagentDetail', api: 'agent' },
  { path: '/operation/operationPlan', api: 'operation_plan', show: true },
  { path: '/operation/inspectionDetail', api: 'inspection' },
  { path: '/operation/maintenanceDetail', api: 'maintenance' },
  { path: '/operation/warehouseList', api: 'warehouse', show: true },
  { path: '/operation/materialList', api: 'material', show: true },
  { path: '/finance/leaseContractDetail', api: 'lease_contract' },
  { path: '/finance/paymentBatchDetail', api: 'payment_batch' },
  { path: '/finance/settlementDetail', api: 'settlement' },
  { path: '/finance/invoiceDetail', api: 'invoice' },
  { path: '/finance/statementDetail', api: 'statement' },
  { path: '/partner/partnerDetail', api: 'partner' },
  { path: '/partner/insurancePolicyDetail', api: 'insurance_policy' },
  { path: '/partner/insuranceClaimDetail', api: 'insurance_claim' },
  { path: '/other/workflowDesigner', api: 'workflow' },
];

/** an edit form: a formal customer's (the show route without /show) */
export const FORM_EDIT: DetailPage = { path: '/customer/customerList', api: 'customer', query: 'stage=formal', show: true };

/** The hash route of a detail page's first record (null when the demo data has none). */
export async function detailRoute(request: APIRequestContext, token: string, d: DetailPage, base = ''): Promise<string | null> {
  const res = await request.get(`${base}/api/system/${d.api}/index?page=1&limit=1${d.query ? `&${d.query}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
  const row = ((await res.json()) as { data?: { list?: Record<string, unknown>[] } }).data?.list?.[0];
  if (!row) return null;
  const id = d.idOf ? d.idOf(row) : row.id;
  return d.show ? `${d.path}/${id}/show` : `${d.path}?id=${id}`;
}
