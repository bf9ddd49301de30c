/**
 * react-admin resource names ↔ API resources. The two customer screens live at the SPEC.md routes
 * #/customer/intentionalCustomer and #/customer/customerList; both are the `customer` API with a
 * fixed stage filter.
 */
export interface ResourceBinding {
  api: string;
  /** filter always sent with a list call */
  filter?: Record<string, unknown>;
  /** fields added to a created record */
  createDefaults?: Record<string, unknown>;
  /** permission prefix when it is not the API's name (stock_balance and stock_movement are `stock:*`) */
  permission?: string;
}

export const INTENTIONAL = 'customer/intentionalCustomer';
export const FORMAL = 'customer/customerList';
/** The ledger list on the stock page (#/operation/stockLedger, second tab). */
export const STOCK_MOVEMENTS = 'operation/stockLedger/movements';

export const RESOURCE_BINDINGS: Record<string, ResourceBinding> = {
  [INTENTIONAL]: { api: 'customer', filter: { stage: 'intentional' }, createDefaults: { stage: 'intentional' } },
  [FORMAL]: { api: 'customer', filter: { stage: 'formal' } },
  'stationManagement/inputagent': { api: 'agent' },
  'setting/userManagement': { api: 'user' },
  'setting/roleManagement': { api: 'role' },
  'setting/departmentManagement': { api: 'department' },
  'setting/messageCenter': { api: 'message' },
  'setting/menuManagement': { api: 'menu' },
  'setting/taskManagement': { api: 'task' },
  'setting/systemLog': { api: 'syslog' },
  'stationManagement/gebMatter': { api: 'matter' },
  'stationManagement/buildWorkOrderList': { api: 'work_order', filter: { kind: 'build' } },
  'stationManagement/ongridWorkOrderList': { api: 'work_order', filter: { kind: 'grid' } },
  'stationManagement/buildSelfAuditList': { api: 'self_audit', filter: { kind: 'build' } },
  'stationManagement/ongridSelfAuditList': { api: 'self_audit', filter: { kind: 'grid' } },
  'stationManagement/stationList': { api: 'station' },
  'operation/operationPlan': { api: 'operation_plan' },
  'operation/inspectionList': { api: 'inspection' },
  'operation/maintenanceList': { api: 'maintenance' },
  'finance/revenueList': { api: 'revenue' },
  'finance/tariffList': { api: 'tariff' },
  'operation/materialList': { api: 'material' },
  'operation/warehouseList': { api: 'warehouse' },
  'operation/stockLedger': { api: 'stock_balance', permission: 'stock' },
  [STOCK_MOVEMENTS]: { api: 'stock_movement', permission: 'stock' },
  'finance/leaseContract': { api: 'lease_contract' },
  'partner/partnerList': { api: 'partner' },
  'partner/insurancePolicy': { api: 'insurance_policy' },
  'partner/insuranceClaim': { api: 'insurance_claim' },
  'finance/rentBill': { api: 'rent_bill' },
  'finance/paymentBatch': { api: 'payment_batch' },
  'finance/settlement': { api: 'settlement' },
  'finance/settlementRule': { api: 'settlement_rule' },
  'finance/invoice': { api: 'invoice' },
  'finance/statement': { api: 'statement' },
  'other/appVersion': { api: 'app_version' },
  'other/workflow': { api: 'workflow' },
  'other/workflowInstance': { api: 'workflow_instance' },
};

export const bindingOf = (resource: string): ResourceBinding => RESOURCE_BINDINGS[resource] ?? { api: resource };
