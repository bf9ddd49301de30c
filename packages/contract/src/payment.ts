import { z } from 'zod';
import { labelled } from './enums.ts';
import { cityField, enumField, idField, optionalText, provinceField } from './fields.ts';
import type { Machine } from './lifecycle.ts';
import { MONEY_PATTERN } from './money.ts';

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

/** The batch's named actions. `export` may be repeated while sent (the same file again); the result import completes it. */
export const PAYMENT_BATCH_MACHINE = {
  submit: { from: ['draft'], to: 'pending_approval' },
  approve: { from: ['pending_approval'], to: 'approved' },
  reject: { from: ['pending_approval'], to: 'draft' },
  export: { from: ['approved'], to: 'exported' },
  complete: { from: ['exported'], to: 'completed' },
  cancel: { from: ['draft', 'pending_approval', 'approved'], to: 'cancelled' },
} as const satisfies Machine<PaymentBatchStatusValue, string>;
export type PaymentBatchAction = keyof typeof PAYMENT_BATCH_MACHINE;

export const PaymentBatchActionLabel = labelled({
  add: { zh: '新建付款批次', en: 'make a payment batch' },
  submit: { zh: '提交审批', en: 'submit for approval' },
  approve: { zh: '审批通过', en: 'approve' },
  reject: { zh: '退回', en: 'send back' },
  export: { zh: '导出银行文件', en: 'export the bank file' },
  import_result: { zh: '导入银行回单', en: 'import the bank result' },
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

/** At most this many bills in one batch (a bank batch-transfer file of that size is still accepted by the banks' portals in parts). */
export const BATCH_MAX_BILLS = 200_000;

const version = () => z.number({ error: 'validation.number' }).int().nonnegative();
const calendarDate = () => z.string({ error: 'validation.date' }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' });
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * Which bills a new batch takes: unpaid ones (待支付, or 支付失败 for a retry) with something to pay,
 * not paused, not on another open batch, in the caller's scope — all matching the filter, or the
 * listed ids.
 */
export const paymentBatchSelectionSchema = z.strictObject({
  bill_ids: z.array(idField(), { error: 'validation.number' }).min(1, { error: 'validation.batch_empty' }).max(5000, { error: 'validation.batch_ids_max' }).optional(),
  status: z.array(z.enum(['pending', 'failed'], { error: 'validation.enum' })).min(1, { error: 'validation.enum' }).optional(),
  period: z.preprocess(blankToNull, z.string().trim().max(8).nullish()),
  due_before: z.preprocess(blankToNull, calendarDate().nullish()),
  province_code: z.preprocess(blankToNull, provinceField().nullish()),
  city_code: z.preprocess(blankToNull, cityField().nullish()),
  agent_id: z.preprocess(blankToNull, idField().nullish()),
});
export type PaymentBatchSelection = z.infer<typeof paymentBatchSelectionSchema>;

export const paymentBatchAddSchema = z.strictObject({
  name: z.preprocess(blankToNull, optionalText(100)),
  purpose: z.preprocess(blankToNull, optionalText(40)),
  selection: paymentBatchSelectionSchema,
  remark: z.preprocess(blankToNull, optionalText(500)),
});
/** submit, approve, export, cancel: the batch and the version read. */
export const paymentBatchMoveSchema = z.strictObject({ id: idField(), version: version() });
/** reject (send back) and cancel with a reason */
export const paymentBatchReasonSchema = z.strictObject({
  id: idField(),
  version: version(),
  reason: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(500, { error: 'validation.too_long|500' }),
});
/** A draft's line taken out again (its bill goes back to the unpaid bills). */
export const paymentBatchRemoveLineSchema = z.strictObject({ id: idField(), version: version(), line_id: idField() });
export const paymentBatchExportQuery = z.strictObject({ id: z.coerce.number({ error: 'validation.number' }).int().positive(), format: enumField(['xlsx', 'csv'] as const).default('xlsx') });

/**
 * The bank batch-transfer file (代发/批量转账), in the column order most Chinese banks' portals take
 * (收款人户名, 收款账号, 收款银行, 开户网点, 金额, 用途, 业务参考号): the reference is the line's own
 * number, which the bank echoes in its result file.
 */
export const BANK_FILE_COLUMNS = [
  { key: 'seq', zh: '序号' },
  { key: 'payee_name', zh: '收款人户名' },
  { key: 'payee_card', zh: '收款账号' },
  { key: 'payee_bank', zh: '收款银行' },
  { key: 'payee_branch', zh: '开户网点' },
  { key: 'amount', zh: '金额' },
  { key: 'purpose', zh: '用途' },
  { key: 'reference', zh: '业务参考号' },
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
  if (['成功', '交易成功', '处理成功', '已成功', 'success', 'succeeded', 'paid', 's'].includes(v)) return 'paid';
  if (['失败', '交易失败', '处理失败', '已退票', '退票', 'fail', 'failed', 'f'].includes(v)) return 'failed';
  return null;
}

/** An amount in a bank file: digits with up to two decimals (thousands separators allowed), never a float. */
export const bankAmountText = (v: string): string | null => {
  const t = v.trim().replace(/,/g, '');
  return MONEY_PATTERN.test(t) ? t : null;
};

export interface PaymentBatch {
  id: number;
  batch_no: string;
  name: string | null;
  purpose: string;
  status: PaymentBatchStatusValue;
  line_count: number;
  total: string;
  paid_count: number;
  paid_amount: string;
  failed_count: number;
  failed_amount: string;
  pending_count: number;
  pending_amount: string;
  created_by: number | null;
  created_by_name?: string | null;
  submitted_at: string | null;
  approved_by: number | null;
  approved_by_name?: string | null;
  approved_at: string | null;
  exported_at: string | null;
  export_count: number;
  completed_at: string | null;
  remark: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface PaymentLine {
  id: number;
  batch_id: number;
  bill_id: number;
  bill_no: string;
  reference: string;
  period: string;
  station_code?: string | null;
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
}

/** What a result import did: rows matched per outcome, and the rows already recorded (a second import of the same file). */
export interface BankResultSummary {
  rows: number;
  paid: number;
  failed: number;
  unchanged: number;
  paid_amount: string;
  failed_amount: string;
}
