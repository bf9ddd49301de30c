import { z } from 'zod';
import { labelled } from './enums.ts';
import { enumField, idField, numeric, optionalText } from './fields.ts';
import type { Machine } from './lifecycle.ts';
import { MONEY_PATTERN } from './money.ts';
import { field, type FieldDisplay } from './field-kinds.ts';

/**
 * 付款批次 (issue 14; docs/DECISIONS.md "Payment batches"): due rent bills gathered into a batch,
 * approved by someone other than its maker, paid through the bank's batch transfer (the bank file
 * out, the bank's result file in). A batch has one line per bill with the amount and the payee as
 * they were when the batch was made; a bill is never on two open lines (a database index says so).
 */

export const PaymentBatchStatus = labelled({
  draft: { zh: '草稿', en: 'Draft' },
  pending_approval: { zh: '待审批', en: 'Awaiting approval' },
  approved: { zh: '已审批', en: 'Approved' },
  exported: { zh: '已提交银行', en: 'Sent to the bank' },
  completed: { zh: '已完成', en: 'Completed' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
});
export type PaymentBatchStatusValue = (typeof PaymentBatchStatus.values)[number];

/**
 * The batch's named actions. `export` may be repeated while sent (the lines still awaiting the bank
 * again); `import_result` records the bank's answers and completes the batch when none is left.
 */
export const PAYMENT_BATCH_MACHINE = {
  submit: { from: ['draft'], to: 'pending_approval' },
  approve: { from: ['pending_approval'], to: 'approved' },
  reject: { from: ['pending_approval'], to: 'draft' },
  export: { from: ['approved', 'exported'], to: 'exported' },
  import_result: { from: ['exported'], to: 'exported' },
  complete: { from: ['exported'], to: 'completed' },
  cancel: { from: ['draft', 'pending_approval', 'approved'], to: 'cancelled' },
  remove_line: { from: ['draft'], to: 'draft' },
} as const satisfies Machine<PaymentBatchStatusValue, string>;
export type PaymentBatchAction = keyof typeof PAYMENT_BATCH_MACHINE;

export const PaymentBatchActionLabel = labelled({
  add: { zh: '新建付款批次', en: 'make a payment batch' },
  submit: { zh: '提交审批', en: 'submit for approval' },
  approve: { zh: '审批通过', en: 'approve' },
  reject: { zh: '退回', en: 'send back' },
  export: { zh: '导出银行文件', en: 'export the bank file' },
  import_result: { zh: '导入银行结果', en: 'import the bank result' },
  complete: { zh: '完成', en: 'complete' },
  cancel: { zh: '取消', en: 'cancel' },
  remove_line: { zh: '移出批次', en: 'remove from the batch' },
});

export const PaymentLineStatus = labelled({
  pending: { zh: '待银行结果', en: 'Awaiting the bank' },
  paid: { zh: '已支付', en: 'Paid' },
  failed: { zh: '支付失败', en: 'Failed' },
  removed: { zh: '已移出', en: 'Removed' },
});
export type PaymentLineStatusValue = (typeof PaymentLineStatus.values)[number];

/** Open batches: their pending lines hold their bills. */
export const OPEN_BATCH_STATES: readonly PaymentBatchStatusValue[] = ['draft', 'pending_approval', 'approved', 'exported'];

/** At most this many bills in one batch — and rows in one bank result file. */
export const BATCH_MAX_BILLS = 100_000;
/** Bills ticked one by one in the bill list (more: use the list's filters). */
export const BATCH_MAX_TICKED = 5_000;
/** 用途 of the bank transfer when none is given. */
export const DEFAULT_PAYMENT_PURPOSE = '屋顶租金';
/** 用途 of a settlement batch's transfers when none is given. */
export const DEFAULT_SETTLEMENT_PURPOSE = '结算款';

/** What a payment line pays (and a batch holds: one kind each): a rent bill, or a confirmed settlement with an agent or team. */
export const PaymentPayableType = labelled({
  rent_bill: { zh: '租金账单', en: 'Rent bills' },
  settlement: { zh: '结算单', en: 'Settlements' },
});
export type PaymentPayableTypeValue = (typeof PaymentPayableType.values)[number];

const version = () => z.number({ error: 'validation.number' }).int().nonnegative();
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const reasonField = () => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(500, { error: 'validation.too_long|500' });

/** One filter value of the bill list as the console sends it: text, a number, or a list of either. */
const filterValueField = z.union([z.string().max(200, { error: 'validation.too_long|200' }), z.number(), z.array(z.union([z.string().max(200), z.number()])).max(100)], { error: 'validation.invalid' });

/**
 * Which bills a new batch takes: the bill list's own filters (the same whitelist and data scope as
 * the list; the server adds: unpaid, something to pay, not paused, not on another open batch, the
 * station not frozen, a payee card on the contract) — or the bills ticked in the list (at most
 * BATCH_MAX_TICKED; every one must qualify, else nothing is made and each refusal is named).
 */
export const paymentBatchSelectionSchema = z
  .strictObject({
    bill_ids: z
      .array(idField(), { error: 'validation.number' })
      .min(1, { error: 'validation.batch_empty' })
      .max(BATCH_MAX_TICKED, { error: 'validation.batch_ids_max' })
      .optional(),
    filter: z.record(z.string().max(40, { error: 'validation.too_long|40' }), filterValueField, { error: 'validation.batch_selection' }).optional(),
    /** confirmed settlements ticked in the settlement list (every one must qualify) */
    settlement_ids: z
      .array(idField(), { error: 'validation.number' })
      .min(1, { error: 'validation.batch_empty' })
      .max(BATCH_MAX_TICKED, { error: 'validation.batch_ids_max' })
      .optional(),
    /** the settlement list's own filters (the server adds: confirmed, above 0, on no open batch, a payee account) */
    settlement_filter: z.record(z.string().max(40, { error: 'validation.too_long|40' }), filterValueField, { error: 'validation.batch_selection' }).optional(),
  })
  .refine((s) => [s.bill_ids, s.filter, s.settlement_ids, s.settlement_filter].filter((x) => x !== undefined).length === 1, { error: 'validation.batch_selection', path: ['bill_ids'] });
/** The kind of record a selection names. */
export const selectionPayable = (s: { settlement_ids?: unknown; settlement_filter?: unknown }): PaymentPayableTypeValue => (s.settlement_ids !== undefined || s.settlement_filter !== undefined ? 'settlement' : 'rent_bill');
export type PaymentBatchSelection = z.infer<typeof paymentBatchSelectionSchema>;

/** The bill list's filter object as query parameters (lists joined with commas, as the list takes them). */
export function selectionQuery(filter: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(filter)) {
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length)) continue;
    out[k] = Array.isArray(v) ? v.map(String).join(',') : String(v);
  }
  return out;
}

export const paymentBatchPreviewSchema = z.strictObject({ selection: paymentBatchSelectionSchema });
export const paymentBatchAddSchema = z.strictObject({
  name: z.preprocess(blankToNull, optionalText(100)),
  purpose: z.preprocess(blankToNull, optionalText(40)),
  selection: paymentBatchSelectionSchema,
  remark: z.preprocess(blankToNull, optionalText(500)),
});
/** submit, approve: the batch and the version read. */
export const paymentBatchMoveSchema = z.strictObject({ id: idField(), version: version() });
/** reject (send back) and cancel: with a reason. */
export const paymentBatchReasonSchema = z.strictObject({ id: idField(), version: version(), reason: reasonField() });
/** A draft's line taken out again (its bill goes back to the unpaid bills). */
export const paymentBatchRemoveLineSchema = z.strictObject({ id: idField(), version: version(), line_id: idField() });
/** The bank file: the lines still awaiting the bank, as .xlsx or .csv (UTF-8 with BOM). */
export const paymentBatchExportSchema = z.strictObject({ id: idField(), version: version(), format: enumField(['xlsx', 'csv'] as const).default('xlsx') });
/** The result import's query (`?id=&version=`; the file is the body). */
export const paymentBatchImportQuery = z.object({ id: idField(), version: numeric(z.number({ error: 'validation.number' }).int().nonnegative()).optional() });

/**
 * The bank batch-transfer file (代发/批量转账), in the column order most Chinese banks' portals take
 * (收款人户名, 收款账号, 收款银行, 开户网点, 金额, 用途, 业务参考号): the reference is the line's own
 * number, which the bank echoes in its result file.
 */
export const BANK_FILE_COLUMNS = [
  { key: 'seq', zh: '序号', en: 'No.' },
  { key: 'payee_name', zh: '收款人户名', en: 'Payee name' },
  { key: 'payee_card', zh: '收款账号', en: 'Card number' },
  { key: 'payee_bank', zh: '收款银行', en: 'Bank' },
  { key: 'payee_branch', zh: '开户网点', en: 'Branch' },
  { key: 'amount', zh: '金额', en: 'Amount' },
  { key: 'purpose', zh: '用途', en: 'Purpose' },
  { key: 'reference', zh: '业务参考号', en: 'Reference' },
] as const;

/**
 * The bank's result file (回单/处理结果): one row per transfer, matched by 业务参考号. Headers are read
 * by name (zh or en), so a bank's extra columns are ignored.
 */
export const BANK_RESULT_COLUMNS = [
  { key: 'reference', zh: '业务参考号', en: 'Reference', required: true },
  { key: 'payee_card', zh: '收款账号', en: 'Card number', required: false },
  { key: 'amount', zh: '金额', en: 'Amount', required: true },
  { key: 'result', zh: '处理结果', en: 'Result', required: true },
  { key: 'reason', zh: '失败原因', en: 'Failure reason', required: false },
  { key: 'bank_serial', zh: '银行流水号', en: 'Bank serial', required: false },
  { key: 'paid_at', zh: '交易时间', en: 'Time', required: false },
] as const;

/** 成功 / 失败 as banks write them (and success / failed). */
export function bankResultOf(text: string): 'paid' | 'failed' | null {
  const v = text.trim().toLowerCase();
  if (['成功', '交易成功', '处理成功', '已成功', '支付成功', 'success', 'succeeded', 'paid', 's'].includes(v)) return 'paid';
  if (['失败', '交易失败', '处理失败', '支付失败', '已退票', '退票', 'fail', 'failed', 'f'].includes(v)) return 'failed';
  return null;
}

/** An amount in a bank file: digits with up to two decimals (thousands separators allowed), never a float. */
export const bankAmountText = (v: string): string | null => {
  const t = v.trim().replace(/,/g, '');
  return MONEY_PATTERN.test(t) ? t : null;
};

const pad2 = (n: number | string) => String(n).padStart(2, '0');

/**
 * A bank's time cell as an instant (China time, UTC+8): 2026-11-25 10:30:00, 2026/11/25 10:30,
 * 20261125103000, 2026-11-25 (midnight), or an Excel date serial (46000.4375). null when unreadable.
 */
export function bankTimeOf(text: string): string | null {
  const v = text.trim();
  let m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v) ?? /^(\d{4})(\d{2})(\d{2})(?:[ T]?(\d{2}):?(\d{2}):?(\d{2})?)?$/.exec(v);
  if (m) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
    const iso = `${y}-${pad2(mo!)}-${pad2(d!)}T${pad2(h)}:${pad2(mi)}:${pad2(s)}+08:00`;
    const t = new Date(iso);
    if (Number.isNaN(t.getTime())) return null;
    // refuse 2026-02-30 (Date rolls it over): the China day of the instant must be the one written
    const back = new Date(t.getTime() + 8 * 3600_000).toISOString();
    if (back.slice(0, 10) !== `${y}-${pad2(mo!)}-${pad2(d!)}` || back.slice(11, 19) !== `${pad2(h)}:${pad2(mi)}:${pad2(s)}`) return null;
    return iso;
  }
  m = /^(\d{5})(\.\d+)?$/.exec(v);
  if (m) {
    // days since 1899-12-30 (Excel's 1900 system), the fraction the time of day, China time
    const ms = Math.round((Number(v) * 86400 - 8 * 3600) * 1000) + Date.UTC(1899, 11, 30);
    const t = new Date(ms);
    if (t.getUTCFullYear() < 2000 || t.getUTCFullYear() > 2100) return null;
    return new Date(Math.round(ms / 1000) * 1000).toISOString();
  }
  return null;
}

/** A card number in a result file: digits (spaces allowed), or masked with * (622848******0018). */
export const bankCardText = (v: string): string | null => {
  const t = v.replace(/\s/g, '');
  return /^\d{6,19}$/.test(t) || /^\d{0,6}\*+\d{0,4}$/.test(t) ? t : null;
};

/** Whether a result file's card (full or masked) names the line's card. */
export function bankCardMatches(fileCard: string, lineCard: string | null): boolean {
  if (!lineCard) return false;
  if (!fileCard.includes('*')) return fileCard === lineCard;
  // banks mask with as many stars as they like (6228****0018): the digits shown must be the line's
  const [head = '', tail = ''] = fileCard.split(/\*+/);
  return head.length + tail.length >= 4 && lineCard.length >= head.length + tail.length && lineCard.startsWith(head) && lineCard.endsWith(tail);
}

/** One row of a bank result file, as the import reads it (unknown columns are not read). */
export const bankResultRowSchema = z
  .object({
    reference: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(40, { error: 'validation.too_long|40' }),
    payee_card: z
      .string()
      .refine((v) => bankCardText(v) !== null, { error: 'validation.bank_card_text' })
      .transform((v) => bankCardText(v)!)
      .optional(),
    amount: z
      .string({ error: 'validation.required' })
      .refine((v) => bankAmountText(v) !== null, { error: 'validation.bank_amount' })
      .transform((v) => bankAmountText(v)!),
    result: z
      .string({ error: 'validation.required' })
      .refine((v) => bankResultOf(v) !== null, { error: 'validation.bank_result' })
      .transform((v) => bankResultOf(v)!),
    reason: z.string().trim().max(500, { error: 'validation.too_long|500' }).optional(),
    bank_serial: z.string().trim().max(64, { error: 'validation.too_long|64' }).optional(),
    paid_at: z
      .string()
      .refine((v) => bankTimeOf(v) !== null, { error: 'validation.bank_time' })
      .transform((v) => bankTimeOf(v)!)
      .optional(),
  })
  .refine((r) => r.result !== 'paid' || !!r.bank_serial, { error: 'validation.bank_serial_required', path: ['bank_serial'] });
export type BankResultRow = z.infer<typeof bankResultRowSchema>;

export interface PaymentBatch {
  id: number;
  batch_no: string;
  /** what its lines pay: rent bills or settlements */
  payable_type: PaymentPayableTypeValue;
  name: string | null;
  purpose: string;
  status: PaymentBatchStatusValue;
  /** lines that are not removed, and their amounts */
  line_count: number;
  total: string;
  paid_count: number;
  paid_amount: string;
  failed_count: number;
  failed_amount: string;
  pending_count: number;
  pending_amount: string;
  removed_count: number;
  removed_amount: string;
  selection: Record<string, unknown> | null;
  created_by: number | null;
  created_by_name?: string | null;
  submitted_by: number | null;
  submitted_by_name?: string | null;
  submitted_at: string | null;
  approved_by: number | null;
  approved_by_name?: string | null;
  approved_at: string | null;
  exported_at: string | null;
  export_count: number;
  completed_at: string | null;
  cancelled_at: string | null;
  reason: string | null;
  remark: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface PaymentLine {
  id: number;
  batch_id: number;
  batch_no?: string | null;
  payable_type?: PaymentPayableTypeValue;
  /** a rent bill line's bill (null on a settlement line) */
  bill_id: number | null;
  bill_no: string | null;
  /** a settlement line's settlement (null on a bill line) */
  settlement_id?: number | null;
  settlement_no?: string | null;
  settlement_month?: string | null;
  party_name?: string | null;
  reference: string;
  seq: number;
  period: string | null;
  station_id?: number | null;
  station_code?: string | null;
  customer_name?: string | null;
  amount: string;
  payee_name: string | null;
  payee_bank: string | null;
  payee_branch: string | null;
  /** masked */
  payee_card: string | null;
  status: PaymentLineStatusValue;
  bank_serial: string | null;
  paid_at: string | null;
  fail_reason: string | null;
  result_at: string | null;
  removed_reason: string | null;
}

/** The reconciliation of a batch, from SQL sums over its lines (exact decimal strings). */
export interface PaymentReconciliation {
  /** lines not removed: total = paid + failed + pending */
  total: { n: number; amount: string };
  paid: { n: number; amount: string };
  failed: { n: number; amount: string };
  pending: { n: number; amount: string };
  /** removed lines, apart */
  removed: { n: number; amount: string };
  /** paid + failed + pending = total, to the fen */
  balanced: boolean;
}

/** What a selection would make: the bills that qualify, their sum, and how many the filter matched but were left out and why. */
export interface PaymentBatchPreview {
  count: number;
  total: string;
  /** bills: state, zero, held, frozen, no_card; settlements: state, negative, zero, held, no_card (no payee account) */
  excluded: { state: number; zero: number; held: number; frozen: number; no_card: number; negative?: number };
}

/** What a result import did: rows matched per outcome, and the rows already recorded (a second import of the same file). */
export interface BankResultSummary {
  imported: number;
  rows: number;
  paid: number;
  failed: number;
  unchanged: number;
  paid_amount: string;
  failed_amount: string;
  completed: boolean;
  message: string;
}

/** A payment batch's fields beyond their names (field-kinds.ts). */
export const PAYMENT_BATCH_DISPLAY: FieldDisplay = {
  status: field.enumOf(PaymentBatchStatus),
  payable_type: field.enumOf(PaymentPayableType),
};
