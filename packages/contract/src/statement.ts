import { z } from 'zod';
import { labelled } from './enums.ts';
import { enumField, idField, numeric, optionalText } from './fields.ts';
import type { Machine } from './lifecycle.ts';
import { MONEY_PATTERN, Money, decimalText } from './money.ts';
import { field, type FieldDisplay } from './field-kinds.ts';

/**
 * 对账单 statements with financiers and suppliers (issue 15; docs/DECISIONS.md "Statements"). One
 * partner, one period. Our side is made from our records (stations delivered = grid-connected to a
 * financier's customers, priced by the financier's rate per kWp; materials received from a supplier
 * in the stock ledger), their side is their sheet imported from Excel, and the comparison puts each
 * key in one of three groups. Money follows "Money": amounts are decimal strings, computed in SQL.
 */

/** Who a statement is with: the partner kinds that have one. */
export const StatementKind = labelled({
  financier: { zh: '资方', en: 'Financier' },
  supplier: { zh: '供应商', en: 'Supplier' },
});
export type StatementKindValue = (typeof StatementKind.values)[number];

/** 草稿 → 待对方 (sent) → 已导入 → 已确认. A confirmed statement never changes. */
export const StatementStatus = labelled({
  draft: { zh: '草稿', en: 'Draft' },
  sent: { zh: '待对方', en: 'Sent' },
  imported: { zh: '已导入', en: 'Imported' },
  confirmed: { zh: '已确认', en: 'Confirmed' },
});
export type StatementStatusValue = (typeof StatementStatus.values)[number];

export const STATEMENT_MACHINE = {
  refresh: { from: ['draft'], to: 'draft' },
  send: { from: ['draft'], to: 'sent' },
  import: { from: ['sent', 'imported'], to: 'imported' },
  explain: { from: ['imported'], to: 'imported' },
  confirm: { from: ['imported'], to: 'confirmed' },
} as const satisfies Machine<StatementStatusValue, string>;
export type StatementAction = keyof typeof STATEMENT_MACHINE;

export const StatementActionLabel = labelled({
  add: { zh: '新建', en: 'create' },
  refresh: { zh: '重新取数', en: 'rebuild our side' },
  send: { zh: '发送对方', en: 'send to the partner' },
  import: { zh: '导入对方账单', en: "import the partner's sheet" },
  explain: { zh: '说明差异', en: 'explain a difference' },
  confirm: { zh: '确认对账', en: 'confirm' },
  del: { zh: '删除', en: 'delete' },
});

/** Where a key stands after the comparison. */
export const StatementGroup = labelled({
  matched: { zh: '双方都有', en: 'On both sides' },
  ours_only: { zh: '仅我方', en: 'Only ours' },
  theirs_only: { zh: '仅对方', en: 'Only theirs' },
});
export type StatementGroupValue = (typeof StatementGroup.values)[number];

/** Which amount an explained difference settles on. */
export const StatementAgreed = labelled({
  ours: { zh: '以我方为准', en: 'Ours stands' },
  theirs: { zh: '以对方为准', en: 'Theirs stands' },
  none: { zh: '不计入', en: 'Not counted' },
});
export type StatementAgreedValue = (typeof StatementAgreed.values)[number];

/** Statement number prefix: 对账 DZ. */
export const STATEMENT_PREFIX = 'DZ';
/** Rows per partner sheet. */
export const STATEMENT_MAX_ROWS = 20000;

// ---------------------------------------------------------------- the partner's sheet

/**
 * The sheet's columns (headers by name, zh or en). A financier's rows are keyed by 电站编号, a
 * supplier's by 单号 (their delivery note, or our receipt number) + 物料编码; 金额 is required, 数量
 * optional (compared when given).
 */
export const STATEMENT_SHEET_COLUMNS = {
  financier: [
    { key: 'station_code', zh: '电站编号', en: 'Station code', required: true, example: 'PV20261101000001' },
    { key: 'qty', zh: '容量(kWp)', en: 'Capacity (kWp)', required: false, example: '10.56' },
    { key: 'amount', zh: '金额', en: 'Amount', required: true, example: '3168.00' },
    { key: 'remark', zh: '备注', en: 'Remark', required: false, example: '' },
  ],
  supplier: [
    { key: 'reference', zh: '单号', en: 'Reference', required: true, example: 'RK2026110100001' },
    { key: 'material_code', zh: '物料编码', en: 'Material code', required: true, example: 'MOD-550' },
    { key: 'qty', zh: '数量', en: 'Quantity', required: false, example: '120' },
    { key: 'amount', zh: '金额', en: 'Amount', required: true, example: '74400.00' },
    { key: 'remark', zh: '备注', en: 'Remark', required: false, example: '' },
  ],
} as const;

const QTY_PATTERN = /^\d{1,11}(\.\d{1,3})?$/;
/** A sheet's amount cell: thousands separators allowed, at most two decimals, not negative. */
export const sheetAmountText = (v: string): string | null => {
  const t = v.trim().replace(/[,，]/g, '').replace(/^[¥￥]/, '');
  return MONEY_PATTERN.test(t) ? new Money(t).toFixed(2) : null;
};
export const sheetQtyText = (v: string): string | null => {
  const t = v.trim().replace(/[,，]/g, '');
  return QTY_PATTERN.test(t) ? new Money(t).toFixed(3) : null;
};
const cellText = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: `validation.too_long|${max}` });
const amountCell = () =>
  z
    .string({ error: 'validation.required' })
    .refine((v) => sheetAmountText(v) !== null, { error: 'validation.statement_amount' })
    .transform((v) => sheetAmountText(v)!);
const qtyCell = () =>
  z
    .string()
    .refine((v) => sheetQtyText(v) !== null, { error: 'validation.statement_qty' })
    .transform((v) => sheetQtyText(v)!)
    .optional();

export const statementFinancierRowSchema = z.object({ station_code: cellText(32), qty: qtyCell(), amount: amountCell(), remark: optionalText(200) });
export const statementSupplierRowSchema = z.object({ reference: cellText(64), material_code: cellText(32), qty: qtyCell(), amount: amountCell(), remark: optionalText(200) });
export type StatementSheetRow = { key: string; qty?: string; amount: string; remark?: string | null };
/** The key a row is compared by (a supplier's: reference / material code). */
export const supplierKey = (reference: string, materialCode: string) => `${reference.trim()}/${materialCode.trim()}`;

// ---------------------------------------------------------------- schemas

const version = () => z.number({ error: 'validation.number' }).int().nonnegative();
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .refine((v) => DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v, { error: 'validation.date' });

/** A new statement: the partner (its kind decides the statement's) and the period, both days included. */
export const statementCreateSchema = z
  .strictObject({ partner_id: idField(), period_from: day(), period_to: day(), remark: optionalText(200) })
  .refine((v) => v.period_to >= v.period_from, { error: 'validation.statement_period', path: ['period_to'] })
  .refine((v) => new Date(`${v.period_to}T00:00:00Z`).getTime() - new Date(`${v.period_from}T00:00:00Z`).getTime() <= 366 * 86400000, { error: 'validation.statement_period_long', path: ['period_to'] });
export const statementMoveSchema = z.strictObject({ id: idField(), version: version() });
export const statementExplainSchema = z.strictObject({
  id: idField(),
  version: version(),
  line_id: idField(),
  note: z.string({ error: 'validation.reason_required' }).trim().min(1, { error: 'validation.reason_required' }).max(500, { error: 'validation.too_long|500' }),
  agreed: enumField(StatementAgreed.values).default('ours'),
});
export const statementImportQuery = z.object({ id: idField(), version: numeric(z.number({ error: 'validation.number' }).int().nonnegative()).optional(), file_name: z.string().max(200).optional() });

/** A financier's price: yuan per kWp of a delivered station, from a day on (until the next one starts). */
const RATE = /^\d{1,8}(\.\d{1,4})?$/;
/** 删除资方单价 {id, version}: refused while a confirmed statement priced a station with it. */
export const financierRateDeleteSchema = z.strictObject({ id: idField(), version: version() });
export const financierRateCreateSchema = z.strictObject({
  partner_id: idField(),
  effective_from: day(),
  rate_per_kwp: decimalText(RATE, 'validation.statement_rate')
    // the pattern again: a refinement still runs after the one before failed, and Money('x') throws
    .refine((v) => RATE.test(v) && new Money(v).gt(0), { error: 'validation.statement_rate' })
    .transform((v) => new Money(v).toFixed(4)),
  remark: optionalText(200),
});


// ---------------------------------------------------------------- records

export interface Statement {
  id: number;
  statement_no: string;
  partner_id: number;
  partner_name: string | null;
  kind: StatementKindValue;
  period_from: string;
  period_to: string;
  status: StatementStatusValue;
  our_count: number;
  our_amount: string;
  their_count: number;
  their_amount: string;
  diff_count: number;
  unexplained_count: number;
  agreed_amount: string | null;
  file_name: string | null;
  imported_at: string | null;
  sent_at: string | null;
  confirmed_at: string | null;
  remark: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface StatementLine {
  id: number;
  statement_id: number;
  key: string;
  label: string | null;
  group: StatementGroupValue;
  source_type: 'station' | 'receipt' | null;
  source_id: number | null;
  our_qty: string | null;
  our_amount: string | null;
  their_qty: string | null;
  their_amount: string | null;
  their_row: number | null;
  their_remark: string | null;
  diff_qty: string | null;
  diff_amount: string;
  has_difference: boolean;
  note: string | null;
  agreed: StatementAgreedValue | null;
  explained_at: string | null;
  explained_by_name: string | null;
}

/** The amounts another module (invoice matching) asks of a statement. */
export interface StatementAmounts {
  id: number;
  statement_no: string;
  partner_id: number;
  status: StatementStatusValue;
  /** what both sides agreed: set once the statement is confirmed, else null */
  agreed_amount: string | null;
  /** what was paid against it: no payment path for statements yet, always null */
  paid_amount: string | null;
}

/** A statement's fields beyond their names (field-kinds.ts). */
export const STATEMENT_DISPLAY: FieldDisplay = {
  status: field.enumOf(StatementStatus),
  kind: field.enumOf(StatementKind),
};
