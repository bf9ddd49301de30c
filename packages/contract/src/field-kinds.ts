import type { Lang } from './i18n.ts';

/**
 * What kind of value a field holds, for showing it to a person (issue 27, "no raw value"; the
 * formatters are in display.ts). A field's kind is declared once: by its name where the name means the
 * same in every record (`*_by` is a user, `station_id` a station, `*_at` a moment, `*_amount` money:
 * FIELD_KINDS and the patterns of fieldKind), and per record type for the rest — its enums, a reference
 * whose target depends on the row — in the record type's own contract module (`<TYPE>_DISPLAY`),
 * collected by resource name in field-display.ts. No imports: resource modules declare with it freely.
 */

/** The records a field can point at; each named by the server (refs.ts there) and opened in the console at RECORD_LINKS. */
export const REF_KINDS = [
  'user',
  'customer',
  'station',
  'agent',
  'work_order',
  'self_audit',
  'matter',
  'operation_plan',
  'inspection',
  'maintenance',
  'warehouse',
  'material',
  'lease_contract',
  'rent_bill',
  'payment_batch',
  'settlement',
  'settlement_rule',
  'invoice',
  'statement',
  'partner',
  'insurance_policy',
  'insurance_claim',
  'app_version',
  'department',
  'role',
  'product',
  'file',
] as const;
export type RefKind = (typeof REF_KINDS)[number];

/** The console page of a record (hash path), or none. */
export const RECORD_LINKS: Partial<Record<RefKind, (id: number | string) => string>> = {
  customer: (id) => `/customer/customerDetail?id=${id}`,
  station: (id) => `/stationManagement/stationDetail?id=${id}`,
  agent: (id) => `/stationManagement/inputagentDetail?id=${id}`,
  self_audit: (id) => `/stationManagement/buildSelfAuditDetail?id=${id}`,
  matter: (id) => `/stationManagement/matterDetails?id=${id}`,
  operation_plan: (id) => `/operation/operationPlan/${id}/show`,
  inspection: (id) => `/operation/inspectionDetail?id=${id}`,
  maintenance: (id) => `/operation/maintenanceDetail?id=${id}`,
  warehouse: (id) => `/operation/warehouseList/${id}/show`,
  material: (id) => `/operation/materialList/${id}/show`,
  lease_contract: (id) => `/finance/leaseContractDetail?id=${id}`,
  payment_batch: (id) => `/finance/paymentBatchDetail?id=${id}`,
  settlement: (id) => `/finance/settlementDetail?id=${id}`,
  invoice: (id) => `/finance/invoiceDetail?id=${id}`,
  statement: (id) => `/finance/statementDetail?id=${id}`,
  partner: (id) => `/partner/partnerDetail?id=${id}`,
  insurance_policy: (id) => `/partner/insurancePolicyDetail?id=${id}`,
  insurance_claim: (id) => `/partner/insuranceClaimDetail?id=${id}`,
  app_version: (id) => `/other/appVersionDetail?id=${id}`,
};

/** Anything with labels per language: the contract's labelled enums. */
export interface Labels {
  label(value: string | null | undefined, lang: Lang): string;
}

type Row = Record<string, unknown>;

export type FieldKind =
  | { kind: 'text' }
  | { kind: 'money' }
  | { kind: 'datetime' }
  | { kind: 'date' }
  | { kind: 'bool' }
  | { kind: 'region' }
  | { kind: 'masked' }
  | { kind: 'enum'; labels: Labels }
  /** a record by its name/number; `to` may depend on the row (a maintenance order's source) */
  | { kind: 'ref'; to: RefKind | ((row: Row) => RefKind | null) };

/** A record type's fields whose kind their name does not tell: field → kind. */
export type FieldDisplay = Readonly<Record<string, FieldKind>>;

export const field = {
  text: { kind: 'text' } as FieldKind,
  money: { kind: 'money' } as FieldKind,
  datetime: { kind: 'datetime' } as FieldKind,
  date: { kind: 'date' } as FieldKind,
  bool: { kind: 'bool' } as FieldKind,
  region: { kind: 'region' } as FieldKind,
  masked: { kind: 'masked' } as FieldKind,
  enumOf: (labels: Labels): FieldKind => ({ kind: 'enum', labels }),
  ref: (to: RefKind | ((row: Row) => RefKind | null)): FieldKind => ({ kind: 'ref', to }),
};

/** Fields whose name means the same in every record type. */
export const FIELD_KINDS: FieldDisplay = {
  // people
  handler_id: field.ref('user'),
  team_id: field.ref('user'),
  owner_id: field.ref('user'),
  keeper_id: field.ref('user'),
  recipient_id: field.ref('user'),
  sender_id: field.ref('user'),
  reviewer_id: field.ref('user'),
  user_id: field.ref('user'),
  default_team_id: field.ref('user'),
  // records
  customer_id: field.ref('customer'),
  station_id: field.ref('station'),
  agent_id: field.ref('agent'),
  work_order_id: field.ref('work_order'),
  self_audit_id: field.ref('self_audit'),
  matter_id: field.ref('matter'),
  plan_id: field.ref('operation_plan'),
  inspection_id: field.ref('inspection'),
  maintenance_id: field.ref('maintenance'),
  warehouse_id: field.ref('warehouse'),
  from_warehouse_id: field.ref('warehouse'),
  to_warehouse_id: field.ref('warehouse'),
  material_id: field.ref('material'),
  contract_id: field.ref('lease_contract'),
  bill_id: field.ref('rent_bill'),
  batch_id: field.ref('payment_batch'),
  settlement_id: field.ref('settlement'),
  rule_id: field.ref('settlement_rule'),
  invoice_id: field.ref('invoice'),
  red_id: field.ref('invoice'),
  original_id: field.ref('invoice'),
  statement_id: field.ref('statement'),
  partner_id: field.ref('partner'),
  insurer_id: field.ref('partner'),
  financier_id: field.ref('partner'),
  counterpart_id: field.ref('partner'),
  policy_id: field.ref('insurance_policy'),
  claim_id: field.ref('insurance_claim'),
  renewed_from: field.ref('insurance_policy'),
  renewed_to: field.ref('insurance_policy'),
  department_id: field.ref('department'),
  role_id: field.ref('role'),
  product_id: field.ref('product'),
  file_id: field.ref('file'),
  package_file_id: field.ref('file'),
  // regions and cards
  province_code: field.region,
  city_code: field.region,
  district_code: field.region,
  bank_card: field.masked,
  id_card: field.masked,
  bank_account: field.masked,
  payee_card: field.masked,
  // money (numeric(…, 2); rates with four places, such as rent_rate or a tariff's price, are not money)
  total: field.money,
  deposit: field.money,
  unit_price: field.money,
  premium: field.money,
  sum_insured: field.money,
  sum_insured_total: field.money,
  tax: field.money,
  tax_total: field.money,
  deduction: field.money,
  // days
  deadline: field.datetime,
  planned_date: field.date,
  next_date: field.date,
  period_start: field.date,
  period_end: field.date,
};

/** The kind of a field of a record type: declared for the type, else by its name, else text. */
export function fieldKind(name: string, display?: FieldDisplay): FieldKind {
  const declared = display?.[name] ?? FIELD_KINDS[name];
  if (declared) return declared;
  if (/_by$/.test(name)) return field.ref('user');
  if (/_at$/.test(name)) return field.datetime;
  if (/(_date|_on)$/.test(name)) return field.date;
  if (/(^|_)amount(_|$)/.test(name)) return field.money;
  if (/_due$/.test(name)) return field.datetime;
  return field.text;
}

/** Names of records, by kind and id, as the server resolved them for one answer (a history, a document). */
export type RefNames = Partial<Record<RefKind, Record<string, string>>>;

/** The record kind a field points at in this row, or null (not a reference, or its target unknown). */
export function refKindOf(name: string, row: Row, display?: FieldDisplay): RefKind | null {
  const k = fieldKind(name, display);
  if (k.kind !== 'ref') return null;
  return typeof k.to === 'function' ? k.to(row) : k.to;
}
