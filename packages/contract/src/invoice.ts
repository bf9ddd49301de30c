import { z } from 'zod';
import { labelled } from './enums.ts';
import { enumField, idField, optionalText, requiredText } from './fields.ts';
import type { Machine } from './lifecycle.ts';
import { Money, decimalText, positiveMoneyText, signedMoneyText, sumMoney, toFen } from './money.ts';
import { isCreditCode } from './partner.ts';
import { field, type FieldDisplay } from './field-kinds.ts';

/**
 * 发票 invoices, incoming (进项) and outgoing (销项) (issue 15; docs/DECISIONS.md "Invoices"). Money
 * follows "Money": a line's tax is its amount excluding tax × its rate, rounded once, half away from
 * zero, to the fen (`lineTax`); the invoice's amount, tax and total are the exact sums of its lines
 * (`invoiceTotals`) and must equal what the paper (or PDF / OFD) invoice says.
 */

export const InvoiceDirection = labelled({
  in: { zh: '进项', en: 'Incoming' },
  out: { zh: '销项', en: 'Outgoing' },
});
export type InvoiceDirectionValue = (typeof InvoiceDirection.values)[number];

/**
 * Invoice types: paper 专票 / 普票 (10-digit code, 8-digit number), the electronic 普票 of the
 * old system (12-digit code, 8-digit number), and the fully digital 数电票 (全电发票: a 20-digit
 * number and no code), 专用 or 普通.
 */
export const InvoiceKind = labelled({
  special: { zh: '增值税专用发票', en: 'VAT special invoice' },
  normal: { zh: '增值税普通发票', en: 'VAT normal invoice' },
  electronic: { zh: '增值税电子普通发票', en: 'VAT electronic normal invoice' },
  digital_special: { zh: '数电票（增值税专用发票）', en: 'Digital invoice (special)' },
  digital_normal: { zh: '数电票（普通发票）', en: 'Digital invoice (normal)' },
});
export type InvoiceKindValue = (typeof InvoiceKind.values)[number];
export const DIGITAL_KINDS: readonly InvoiceKindValue[] = ['digital_special', 'digital_normal'];
export const SPECIAL_KINDS: readonly InvoiceKindValue[] = ['special', 'digital_special'];

/** The tax rates a line may carry, in percent. */
export const TAX_RATES = ['13', '9', '6', '3', '1', '0'] as const;
export type TaxRate = (typeof TAX_RATES)[number];
export const TaxRateLabel = labelled({
  '13': { zh: '13%', en: '13%' },
  '9': { zh: '9%', en: '9%' },
  '6': { zh: '6%', en: '6%' },
  '3': { zh: '3%', en: '3%' },
  '1': { zh: '1%', en: '1%' },
  '0': { zh: '0%（免税/零税率）', en: '0% (exempt / zero-rated)' },
});

/**
 * 草稿 → 已登记 (register: the amounts are final) → 已匹配 (matched to settlements for its whole net
 * amount; back to 已登记 when a match is removed) / 已全额冲红 (red-letter invoices credit all of it);
 * 作废 from draft or registered with a reason (not while matched or credited).
 */
export const InvoiceStatus = labelled({
  draft: { zh: '草稿', en: 'Draft' },
  registered: { zh: '已登记', en: 'Registered' },
  matched: { zh: '已匹配', en: 'Matched' },
  credited: { zh: '已全额冲红', en: 'Fully credited' },
  voided: { zh: '已作废', en: 'Void' },
});
export type InvoiceStatusValue = (typeof InvoiceStatus.values)[number];

export const INVOICE_MACHINE = {
  register: { from: ['draft'], to: 'registered' },
  void: { from: ['draft', 'registered'], to: 'voided' },
} as const satisfies Machine<InvoiceStatusValue, string>;

export const InvoiceActionLabel = labelled({
  add: { zh: '录入', en: 'enter' },
  edit: { zh: '修改', en: 'edit' },
  register: { zh: '登记', en: 'register' },
  void: { zh: '作废', en: 'void' },
  red_letter: { zh: '开具红字发票', en: 'credit (red-letter)' },
  credited: { zh: '被冲红', en: 'credited' },
  uncredited: { zh: '红字发票作废', en: 'credit voided' },
  match: { zh: '匹配', en: 'match' },
  unmatch: { zh: '取消匹配', en: 'unmatch' },
});

/** How much of an invoice's net amount is matched: none, part (a mismatch), all. */
export const InvoiceMatchState = labelled({
  none: { zh: '未匹配', en: 'Unmatched' },
  partial: { zh: '部分匹配（不一致）', en: 'Partly matched (mismatch)' },
  full: { zh: '已全部匹配', en: 'Fully matched' },
});
export type InvoiceMatchStateValue = (typeof InvoiceMatchState.values)[number];

/** What an invoice can be matched to (the server's registry MATCH_TARGETS says their amounts). */
export const InvoiceMatchTarget = labelled({
  settlement: { zh: '结算单', en: 'Settlement' },
  statement: { zh: '对账单', en: 'Statement' },
});
export type InvoiceMatchTargetValue = (typeof InvoiceMatchTarget.values)[number];

// ---------------------------------------------------------------- numbers

/** Code and number by type: 数电票 a 20-digit number and no code; the others an 8-digit number with a 10- (paper) or 12-digit (electronic) code. */
export function invoiceNumberProblem(kind: InvoiceKindValue, code: string, no: string): 'validation.invoice_code' | 'validation.invoice_no' | null {
  if (DIGITAL_KINDS.includes(kind)) {
    if (code !== '') return 'validation.invoice_code';
    return /^\d{20}$/.test(no) ? null : 'validation.invoice_no';
  }
  const codeLength = kind === 'electronic' ? 12 : 10;
  if (!new RegExp(`^\\d{${codeLength}}$`).test(code)) return 'validation.invoice_code';
  return /^\d{8}$/.test(no) ? null : 'validation.invoice_no';
}

// ---------------------------------------------------------------- arithmetic (pure)

export interface TaxLine {
  amount: string;
  tax_rate: TaxRate | string;
}

/** A line's tax: amount excluding tax × rate, rounded once, half away from zero, to the fen (negative lines round symmetrically). */
export const lineTax = (amount: string, rate: string): string => toFen(new Money(amount).times(rate).dividedBy(100));

export interface InvoiceTotals {
  amount_total: string;
  tax_total: string;
  total: string;
}

/** The invoice's totals: sums of the lines' amounts and of their rounded taxes, never rounded again. */
export function invoiceTotals(lines: readonly TaxLine[]): InvoiceTotals {
  const amount = sumMoney(lines.map((l) => l.amount));
  const tax = sumMoney(lines.map((l) => lineTax(l.amount, String(l.tax_rate))));
  return { amount_total: amount, tax_total: tax, total: sumMoney([amount, tax]) };
}

export interface RateSummary {
  tax_rate: string;
  lines: number;
  amount: string;
  tax: string;
  total: string;
}

/** 税率汇总: per rate (13 % first), the lines, amount, tax and total; the rows add up to the invoice's totals. */
export function rateSummary(lines: readonly TaxLine[]): RateSummary[] {
  const out: RateSummary[] = [];
  for (const rate of TAX_RATES) {
    const of = lines.filter((l) => String(l.tax_rate) === rate);
    if (!of.length) continue;
    const t = invoiceTotals(of);
    out.push({ tax_rate: rate, lines: of.length, amount: t.amount_total, tax: t.tax_total, total: t.total });
  }
  return out;
}

/** Entered totals against computed ones: the first that differs, with the difference (entered − computed), or null. */
export function totalsMismatch(entered: InvoiceTotals, computed: InvoiceTotals): { field: keyof InvoiceTotals; entered: string; computed: string; diff: string } | null {
  for (const field of ['amount_total', 'tax_total', 'total'] as const) {
    if (!new Money(entered[field]).eq(computed[field])) return { field, entered: entered[field], computed: computed[field], diff: toFen(new Money(entered[field]).minus(computed[field])) };
  }
  return null;
}

/** quantity × unit price may differ from the amount by rounding only (≤ 0.01 yuan); the amount is what the invoice states. */
export function linePriceOk(quantity: string | null | undefined, price: string | null | undefined, amount: string): boolean {
  if (!quantity || !price) return true;
  return new Money(quantity).times(price).minus(amount).abs().lte('0.01');
}

// ---------------------------------------------------------------- schemas

const version = () => z.number({ error: 'validation.number' }).int().nonnegative();
const reason = () => z.string({ error: 'validation.reason_required' }).trim().min(1, { error: 'validation.reason_required' }).max(500, { error: 'validation.too_long|500' });
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .refine((v) => DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v, { error: 'validation.date' });
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** A tax id: the unified social credit code, stripped of spaces and upper-cased, then checked (as partners). */
const taxIdField = () =>
  z
    .string({ error: 'validation.tax_id' })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine(isCreditCode, { error: 'validation.tax_id' });
const digits = (max: number) => z.string({ error: 'validation.required' }).transform((v) => v.replace(/\s+/g, '')).refine((v) => v.length <= max, { error: `validation.too_long|${max}` });
/** Quantity and unit price: up to 8 decimals (invoices print prices like 3.53982301). */
const QTY = /^-?\d{1,10}(\.\d{1,8})?$/;
const decimal8 = () => z.preprocess(blankToNull, decimalText(QTY, 'validation.invoice_decimal').nullish());

export const invoiceLineSchema = z.strictObject({
  item: requiredText(100),
  spec: z.preprocess(blankToNull, optionalText(60)),
  unit: z.preprocess(blankToNull, optionalText(20)),
  quantity: decimal8(),
  unit_price: decimal8(),
  /** amount excluding tax; negative on a red-letter invoice */
  amount: signedMoneyText(),
  tax_rate: z.union([z.string(), z.number()], { error: 'validation.tax_rate' }).transform(String).refine((v): v is TaxRate => (TAX_RATES as readonly string[]).includes(v), { error: 'validation.tax_rate' }),
});
export type InvoiceLineInput = z.output<typeof invoiceLineSchema>;

const lines = () => z.array(invoiceLineSchema, { error: 'validation.invoice_lines' }).min(1, { error: 'validation.invoice_lines' }).max(200, { error: 'validation.invoice_lines_max' });

const partyFields = {
  seller_name: requiredText(100),
  seller_tax_id: taxIdField(),
  buyer_name: requiredText(100),
  /** optional on a 普票 to a person; required on a 专票 */
  buyer_tax_id: z.preprocess(blankToNull, taxIdField().nullish()),
};

const invoiceFields = {
  direction: enumField(InvoiceDirection.values),
  kind: enumField(InvoiceKind.values),
  invoice_code: z.preprocess((v) => v ?? '', digits(12)),
  invoice_no: digits(20),
  issue_date: day(),
  ...partyFields,
  partner_id: z.preprocess(blankToNull, idField().nullish()),
  file_id: z.preprocess(blankToNull, idField().nullish()),
  remark: z.preprocess(blankToNull, optionalText(200)),
  lines: lines(),
  /** the totals printed on the invoice, checked against the lines */
  amount_total: signedMoneyText(),
  tax_total: signedMoneyText(),
  total: signedMoneyText(),
};

type NumberCheck = { kind?: InvoiceKindValue; invoice_code?: string; invoice_no?: string; buyer_tax_id?: string | null };
const numbersOk = (v: NumberCheck, ctx: z.RefinementCtx) => {
  if (v.kind === undefined || v.invoice_no === undefined) return;
  const problem = invoiceNumberProblem(v.kind, v.invoice_code ?? '', v.invoice_no);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [problem === 'validation.invoice_code' ? 'invoice_code' : 'invoice_no'] });
  if (SPECIAL_KINDS.includes(v.kind) && !v.buyer_tax_id) ctx.addIssue({ code: 'custom', message: 'validation.invoice_buyer_tax_id', path: ['buyer_tax_id'] });
};
const positiveLines = (v: { lines?: InvoiceLineInput[] }, ctx: z.RefinementCtx) => {
  (v.lines ?? []).forEach((l, i) => {
    if (new Money(l.amount).lte(0)) ctx.addIssue({ code: 'custom', message: 'validation.invoice_line_positive', path: ['lines', i, 'amount'] });
  });
};

/** A blue (ordinary) invoice, entered as a draft. */
export const invoiceCreateSchema = z.strictObject(invoiceFields).superRefine(numbersOk).superRefine(positiveLines);
/** A draft changes with the complete lines and totals when any of them is sent. */
export const invoiceEditSchema = z
  .strictObject({ id: idField(), version: version(), ...invoiceFields })
  .partial()
  .required({ id: true, version: true })
  .superRefine(positiveLines);
/** What the console's draft edit page sends when changed (the data provider's whitelist): every field of the draft, lines and totals complete. */
export const INVOICE_EDITABLE = Object.keys(invoiceFields) as Array<keyof typeof invoiceFields>;
export const invoiceMoveSchema = z.strictObject({ id: idField(), version: version() });
export const invoiceVoidSchema = z.strictObject({ id: idField(), version: version(), reason: reason() });
/**
 * 红字发票 for an original {id: the original, version}: its own code/number/date and negative lines;
 * parties, direction and partner are the original's. Registered at once (it credits the original).
 */
export const invoiceRedLetterSchema = z
  .strictObject({
    id: idField(),
    version: version(),
    kind: enumField(InvoiceKind.values),
    invoice_code: z.preprocess((v) => v ?? '', digits(12)),
    invoice_no: digits(20),
    issue_date: day(),
    reason: reason(),
    file_id: z.preprocess(blankToNull, idField().nullish()),
    lines: lines(),
    amount_total: signedMoneyText(),
    tax_total: signedMoneyText(),
    total: signedMoneyText(),
  })
  .superRefine((v, ctx) => {
    const problem = invoiceNumberProblem(v.kind, v.invoice_code, v.invoice_no);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [problem === 'validation.invoice_code' ? 'invoice_code' : 'invoice_no'] });
    v.lines.forEach((l, i) => {
      if (new Money(l.amount).gte(0)) ctx.addIssue({ code: 'custom', message: 'validation.invoice_red_negative', path: ['lines', i, 'amount'] });
    });
  });
export const invoiceMatchSchema = z.strictObject({
  id: idField(),
  version: version(),
  target_type: enumField(InvoiceMatchTarget.values),
  target_id: idField(),
  amount: positiveMoneyText(),
});
export const invoiceUnmatchSchema = z.strictObject({ id: idField(), version: version(), match_id: idField() });

// ---------------------------------------------------------------- records

export interface InvoiceLine {
  id: number;
  seq: number;
  item: string;
  spec: string | null;
  unit: string | null;
  quantity: string | null;
  unit_price: string | null;
  amount: string;
  tax_rate: string;
  tax: string;
}

export interface Invoice {
  id: number;
  direction: InvoiceDirectionValue;
  kind: InvoiceKindValue;
  invoice_code: string;
  invoice_no: string;
  issue_date: string;
  seller_name: string;
  seller_tax_id: string;
  buyer_name: string;
  buyer_tax_id: string | null;
  partner_id: number | null;
  partner_name: string | null;
  is_red: boolean;
  original_id: number | null;
  original_no: string | null;
  red_reason: string | null;
  amount_total: string;
  tax_total: string;
  total: string;
  credited_amount: string;
  matched_amount: string;
  /** total − credited: what is left to match or credit */
  net_total: string;
  match_state: InvoiceMatchStateValue;
  status: InvoiceStatusValue;
  void_reason: string | null;
  file_id: number | null;
  remark: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

/** One match with the target's three amounts (settled, invoiced by all invoices, paid) and the mismatch. */
export interface InvoiceMatch {
  id: number;
  invoice_id: number;
  target_type: InvoiceMatchTargetValue;
  target_id: number;
  amount: string;
  target_no: string | null;
  target_label: string | null;
  settled_amount: string;
  invoiced_amount: string;
  /** null for a statement: the product has no payment path for statements (paid outside it, not tracked) */
  paid_amount: string | null;
  /** settled − invoiced */
  uninvoiced: string;
}

/**
 * An invoice's fields beyond their names (field-kinds.ts): red_id / original_id are invoices; a match's
 * target (in the history of 匹配 / 取消匹配) is a settlement or a statement, as its target_type says.
 */
export const INVOICE_DISPLAY: FieldDisplay = {
  target_type: field.enumOf(InvoiceMatchTarget),
  target_id: field.ref((row) => (row.target_type === 'settlement' || row.target_type === 'statement' ? row.target_type : null)),
  status: field.enumOf(InvoiceStatus),
  direction: field.enumOf(InvoiceDirection),
  kind: field.enumOf(InvoiceKind),
  match_state: field.enumOf(InvoiceMatchState),
};
