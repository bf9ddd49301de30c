/**
 * The route names of the resources the main bundle declares (App → views.tsx → each area's index.ts).
 * Kept free of imports: an index.ts that took these from its area's logic.ts brought that module whole,
 * with the contract modules it imports (zod schemas, decimal.js, the region table) and their MUI inputs,
 * onto the login page. Each logic.ts re-exports its own.
 */
export const APP_VERSION_RESOURCE = 'other/appVersion';
export const LEASE_RESOURCE = 'finance/leaseContract';
export const BILL_RESOURCE = 'finance/rentBill';
export const PLAN_RESOURCE = 'operation/operationPlan';
export const INSPECTION_RESOURCE = 'operation/inspectionList';
export const MAINTENANCE_RESOURCE = 'operation/maintenanceList';
export const MATERIAL_RESOURCE = 'operation/materialList';
export const WAREHOUSE_RESOURCE = 'operation/warehouseList';
export const STOCK_RESOURCE = 'operation/stockLedger';
export const PARTNER_RESOURCE = 'partner/partnerList';
export const PAYMENT_RESOURCE = 'finance/paymentBatch';
export const REVENUE_RESOURCE = 'finance/revenueList';
export const TARIFF_RESOURCE = 'finance/tariffList';
export const SETTLEMENT_RESOURCE = 'finance/settlement';
export const RULE_RESOURCE = 'finance/settlementRule';
export const STATION_RESOURCE = 'stationManagement/stationList';
export const BUILD_ORDERS = 'stationManagement/buildWorkOrderList';
export const GRID_ORDERS = 'stationManagement/ongridWorkOrderList';
export const BUILD_AUDITS = 'stationManagement/buildSelfAuditList';
export const GRID_AUDITS = 'stationManagement/ongridSelfAuditList';
export const WORKFLOW_RESOURCE = 'other/workflow';
export const WORKFLOW_INSTANCE_RESOURCE = 'other/workflowInstance';
