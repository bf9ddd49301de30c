import type { ServerRoute } from './menu.ts';

/**
 * The product's route tree (SPEC.md §2) as the server seeds it into the menus table on first start
 * and as the console uses it for a virtual admin when loginInterception is off.
 *
 * `permission`: the code a user needs to see the entry ('' = any signed-in user).
 * `enabled: false`: the view is not built yet, so nobody is served the entry (menu management can
 * switch it on once its screen exists). The `identity` rule limits 大屏 to identity 'system'.
 */
export interface MenuSeed extends Omit<ServerRoute, 'children'> {
  permission?: string;
  enabled?: boolean;
  identity?: string;
  children?: MenuSeed[];
}

const leaf = (path: string, permission: string, meta: Partial<MenuSeed['meta']> = {}, extra: Partial<MenuSeed> = {}): MenuSeed => ({
  path,
  name: path,
  component: extra.component ?? path,
  permission,
  meta: { title: path, ...meta },
  ...extra,
});

export const MENU_TREE: MenuSeed[] = [
  {
    path: '/',
    name: 'Root',
    component: 'Layout',
    redirect: '/index',
    meta: { title: 'home', icon: 'home', breadcrumbHidden: 1 },
    children: [
      leaf('index', '', { icon: 'home', noClosable: 1 }),
      leaf('dashboard', 'statistic:view', { icon: 'dashboard' }),
      leaf('workbench', '', { icon: 'workbench' }),
    ],
  },
  {
    path: '/customer',
    name: 'Customer',
    component: 'Layout',
    redirect: '/customer/intentionalCustomer',
    meta: { title: 'customer', icon: 'customer' },
    children: [
      leaf('intentionalCustomer', 'customer:index', { icon: 'intentional' }, { component: 'customer/intentionalCustomer' }),
      leaf('customerList', 'customer:index', { icon: 'formal' }, { component: 'customer/customerList' }),
      leaf(
        'customerDetail',
        'customer:get_info',
        { hidden: 1, dynamicNewTab: 1, activeMenu: '/customer/customerList' },
        { component: 'customer/customerDetail' },
      ),
    ],
  },
  {
    path: '/stationManagement',
    name: 'StationManagement',
    component: 'Layout',
    redirect: '/stationManagement/stationList',
    meta: { title: 'stationManagement', icon: 'station' },
    children: [
      leaf('stationList', 'station:index', { icon: 'station' }),
      leaf('stationDetail', 'station:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/stationManagement/stationList' }),
      leaf('pdfs', 'station:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/stationManagement/stationList' }),
      leaf('buildWorkOrderList', 'work_order:index', { icon: 'build' }),
      leaf('buildSelfAuditList', 'self_audit:index', { icon: 'audit' }),
      leaf('buildSelfAuditDetail', 'self_audit:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/stationManagement/buildSelfAuditList' }),
      leaf('ongridWorkOrderList', 'work_order:index', { icon: 'grid' }),
      leaf('ongridSelfAuditList', 'self_audit:index', { icon: 'audit' }),
      leaf('ongridselfauditdetails', 'self_audit:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/stationManagement/ongridSelfAuditList' }),
      leaf('gebMatter', 'matter:index', { icon: 'matter' }),
      leaf('matterDetails', 'matter:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/stationManagement/gebMatter' }),
      leaf('inputagent', 'agent:index', { icon: 'agent' }),
      leaf('inputagentDetail', 'agent:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/stationManagement/inputagent' }),
    ].map((c) => ({ ...c, component: `stationManagement/${c.path}` })),
  },
  {
    path: '/operation',
    name: 'Operation',
    component: 'Layout',
    redirect: '/operation/stockLedger',
    meta: { title: 'operation', icon: 'operation' },
    children: [
      leaf('operationPlan', 'operation_plan:index', { icon: 'plan' }),
      leaf('inspectionList', 'inspection:index', { icon: 'inspection' }),
      leaf('inspectionDetail', 'inspection:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/operation/inspectionList' }),
      leaf('maintenanceList', 'maintenance:index', { icon: 'maintenance' }),
      leaf('maintenanceDetail', 'maintenance:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/operation/maintenanceList' }),
      leaf('materialList', 'material:index', { icon: 'material' }),
      leaf('warehouseList', 'warehouse:index', { icon: 'warehouse' }),
      leaf('stockLedger', 'stock:index', { icon: 'stock' }),
    ].map((c) => ({ ...c, component: `operation/${c.path}` })),
  },
  {
    path: '/finance',
    name: 'Finance',
    component: 'Layout',
    redirect: '/finance/leaseContract',
    meta: { title: 'finance', icon: 'finance' },
    children: [
      leaf('leaseContract', 'lease_contract:index', { icon: 'lease' }),
      leaf('leaseContractDetail', 'lease_contract:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/finance/leaseContract' }),
      leaf('rentBill', 'rent_bill:index', { icon: 'bill' }),
      leaf('revenueList', 'revenue:index', { icon: 'revenue' }),
      leaf('revenueReport', 'revenue:report', { icon: 'revenueReport' }),
      leaf('tariffList', 'tariff:index', { icon: 'tariff' }),
      leaf('rentReport', 'rent_bill:report', { icon: 'rentReport' }),
      leaf('paymentBatch', 'payment_batch:index', { icon: 'payment' }),
      leaf('paymentBatchDetail', 'payment_batch:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/finance/paymentBatch' }),
      leaf('settlement', 'settlement:index', { icon: 'settlement' }),
      leaf('settlementDetail', 'settlement:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/finance/settlement' }),
      leaf('settlementRule', 'settlement_rule:index', { icon: 'settlementRule' }),
      leaf('invoice', 'invoice:index', { icon: 'invoice' }),
      leaf('invoiceDetail', 'invoice:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/finance/invoice' }),
      leaf('statement', 'statement:index', { icon: 'statement' }),
      leaf('statementDetail', 'statement:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/finance/statement' }),
    ].map((c) => ({ ...c, component: `finance/${c.path}` })),
  },
  {
    path: '/partner',
    name: 'Partner',
    component: 'Layout',
    redirect: '/partner/partnerList',
    meta: { title: 'partner', icon: 'partner' },
    children: [
      leaf('partnerList', 'partner:index', { icon: 'partnerList' }),
      leaf('partnerDetail', 'partner:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/partner/partnerList' }),
      leaf('insurancePolicy', 'insurance_policy:index', { icon: 'insurancePolicy' }),
      leaf('insurancePolicyDetail', 'insurance_policy:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/partner/insurancePolicy' }),
      leaf('insuranceClaim', 'insurance_claim:index', { icon: 'insuranceClaim' }),
      leaf('insuranceClaimDetail', 'insurance_claim:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/partner/insuranceClaim' }),
    ].map((c) => ({ ...c, component: `partner/${c.path}` })),
  },
  {
    path: '/other',
    name: 'Other',
    component: 'Layout',
    redirect: '/other/workflow',
    meta: { title: 'other', icon: 'other' },
    children: [
      leaf('workflow', 'workflow:index', { icon: 'workflow' }),
      leaf('workflowDesigner', 'workflow:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/other/workflow' }),
      leaf('workflowInstance', 'workflow_instance:index', { icon: 'task' }),
      leaf('appVersion', 'app_version:index', { icon: 'appVersion' }),
      leaf('appVersionDetail', 'app_version:get_info', { hidden: 1, dynamicNewTab: 1, activeMenu: '/other/appVersion' }),
    ].map((c) => ({ ...c, component: `other/${c.path}` })),
  },
  {
    path: '/setting',
    name: 'Setting',
    component: 'Layout',
    redirect: '/setting/personalCenter',
    meta: { title: 'setting', icon: 'setting' },
    children: [
      leaf('personalCenter', '', { icon: 'person' }, { component: 'setting/personalCenter' }),
      leaf('userManagement', 'user:index', { icon: 'user' }, { component: 'setting/userManagement' }),
      leaf('roleManagement', 'role:index', { icon: 'role' }, { component: 'setting/roleManagement' }),
      leaf('departmentManagement', 'department:index', { icon: 'department' }, { component: 'setting/departmentManagement' }),
      leaf('menuManagement', 'menu:index', { icon: 'menu' }, { component: 'setting/menuManagement' }),
      leaf('taskManagement', 'task:index', { icon: 'task', badge: 'New' }, { component: 'setting/taskManagement' }),
      leaf('systemLog', 'syslog:index', { icon: 'log' }, { component: 'setting/systemLog' }),
      leaf('messageCenter', '', { icon: 'message' }, { component: 'setting/messageCenter' }),
      leaf('displayToken', 'display_token:index', { icon: 'displayToken' }, { component: 'setting/displayToken' }),
    ],
  },
  {
    path: '/daping',
    name: 'Daping',
    component: 'daping',
    identity: 'system',
    meta: { title: 'daping', icon: 'daping', target: '_blank' },
  },
];

/** The component of a first-level container entry. */
export const LAYOUT_COMPONENT = 'Layout';

function componentsOf(list: readonly MenuSeed[]): string[] {
  return list.flatMap((m) => [...(m.component && m.component !== LAYOUT_COMPONENT ? [m.component] : []), ...componentsOf(m.children ?? [])]);
}

/**
 * Every view key a menu entry may name as its component (besides 'Layout'): the views of the
 * product's route tree. The console registers a subset of these (console/src/shell/routes/views.tsx
 * VIEWS, tested to stay within this list); menu management validates against it.
 */
export const VIEW_COMPONENTS: readonly string[] = [...new Set(componentsOf(MENU_TREE))].sort();

/** Permission codes named by the route tree (some belong to modules still to come). */
export const MENU_TREE_PERMISSIONS: readonly string[] = [
  ...new Set(
    (function walk(list: readonly MenuSeed[]): string[] {
      return list.flatMap((m) => [...(m.permission ? [m.permission] : []), ...walk(m.children ?? [])]);
    })(MENU_TREE),
  ),
].sort();
