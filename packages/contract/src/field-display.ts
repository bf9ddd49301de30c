import type { FieldDisplay } from './field-kinds.ts';
import { AGENT_DISPLAY } from './agent.ts';
import { APP_VERSION_DISPLAY } from './app-version.ts';
import { CUSTOMER_DISPLAY } from './customer.ts';
import { OPERATION_PLAN_DISPLAY, INSPECTION_DISPLAY } from './inspection.ts';
import { CLAIM_DISPLAY, POLICY_DISPLAY } from './insurance.ts';
import { INVOICE_DISPLAY } from './invoice.ts';
import { LEASE_DISPLAY, RENT_BILL_DISPLAY } from './lease.ts';
import { MAINTENANCE_DISPLAY } from './maintenance.ts';
import { MATTER_DISPLAY } from './matter.ts';
import { SELF_AUDIT_DISPLAY, STATION_DISPLAY, WORK_ORDER_DISPLAY } from './operations.ts';
import { PARTNER_DISPLAY } from './partner.ts';
import { PAYMENT_BATCH_DISPLAY } from './payment.ts';
import { REVENUE_DISPLAY } from './revenue.ts';
import { SETTLEMENT_DISPLAY, SETTLEMENT_RULE_DISPLAY } from './settlement.ts';
import { STATEMENT_DISPLAY } from './statement.ts';
import { MATERIAL_DISPLAY, WAREHOUSE_DISPLAY } from './stock.ts';
import { DEPARTMENT_DISPLAY, USER_DISPLAY } from './system.ts';

/**
 * Each record type's field kinds (field-kinds.ts), by its resource name — the API segment and the
 * system log's `resource` — so the change history (server and console), the workflow's documents and
 * the exports find a record's declaration by the name they already have.
 */
export const FIELD_DISPLAY: Readonly<Record<string, FieldDisplay>> = {
  customer: CUSTOMER_DISPLAY,
  agent: AGENT_DISPLAY,
  station: STATION_DISPLAY,
  work_order: WORK_ORDER_DISPLAY,
  self_audit: SELF_AUDIT_DISPLAY,
  matter: MATTER_DISPLAY,
  maintenance: MAINTENANCE_DISPLAY,
  operation_plan: OPERATION_PLAN_DISPLAY,
  inspection: INSPECTION_DISPLAY,
  material: MATERIAL_DISPLAY,
  warehouse: WAREHOUSE_DISPLAY,
  lease_contract: LEASE_DISPLAY,
  rent_bill: RENT_BILL_DISPLAY,
  payment_batch: PAYMENT_BATCH_DISPLAY,
  settlement: SETTLEMENT_DISPLAY,
  settlement_rule: SETTLEMENT_RULE_DISPLAY,
  invoice: INVOICE_DISPLAY,
  statement: STATEMENT_DISPLAY,
  partner: PARTNER_DISPLAY,
  insurance_policy: POLICY_DISPLAY,
  insurance_claim: CLAIM_DISPLAY,
  app_version: APP_VERSION_DISPLAY,
  revenue: REVENUE_DISPLAY,
  user: USER_DISPLAY,
  department: DEPARTMENT_DISPLAY,
};
