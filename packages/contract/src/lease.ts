import { z } from 'zod';
import { labelled } from './enums.ts';
import { dateField, enumField, idField, optionalText, requiredText } from './fields.ts';
import type { Machine } from './lifecycle.ts';
import { Money, decimalText, positiveMoneyText, toFen } from './money.ts';
import { isBankCard } from './validators.ts';
import { field, type FieldDisplay } from './field-kinds.ts';

/**
 * 租赁合同 roof lease contracts and 租金账单 rent bills (issue 14; docs/DECISIONS.md "Lease contracts
 * and rent bills"). The period and amount rules live here, pure, so the server's SQL generator, the
 * single-contract paths (activation, termination) and the tests agree on one definition.
 */

// ---------------------------------------------------------------- contracts

/** 草稿 → 已签署 → 履行中 → 已到期 / 已终止. */
export const LeaseStatus = labelled({
  draft: { zh: '草稿', en: 'Draft' },
  signed: { zh: '已签署', en: 'Signed' },
  active: { zh: '履行中', en: 'Active' },
  expired: { zh: '已到期', en: 'Expired' },
  terminated: { zh: '已终止', en: 'Terminated' },
});
export type LeaseStatusValue = (typeof LeaseStatus.values)[number];
/** A station has at most one contract in these states (partial unique index). */
export const LIVE_LEASE_STATES: readonly LeaseStatusValue[] = ['draft', 'signed', 'active'];

export const LEASE_MACHINE = {
  sign: { from: ['draft'], to: 'signed' },
  activate: { from: ['signed'], to: 'active' },
  terminate: { from: ['draft', 'signed', 'active'], to: 'terminated' },
  expire: { from: ['active'], to: 'expired' },
} as const satisfies Machine<LeaseStatusValue, string>;
export type LeaseAction = keyof typeof LEASE_MACHINE;

export const LeaseActionLabel = labelled({
  sign: { zh: '签署', en: 'sign' },
  activate: { zh: '开始履行', en: 'activate' },
  terminate: { zh: '终止', en: 'terminate' },
  expire: { zh: '到期', en: 'expire' },
  edit: { zh: '修改', en: 'edit' },
  del: { zh: '删除', en: 'delete' },
  change_card: { zh: '变更收款账户', en: 'change the payee account' },
  upload_pdf: { zh: '上传合同文件', en: 'upload the contract PDF' },
});

export const SignMethod = labelled({
  paper: { zh: '纸质', en: 'Paper' },
  electronic: { zh: '电子签', en: 'E-signature' },
});
export type SignMethodValue = (typeof SignMethod.values)[number];

/** How the yearly rent is counted. */
export const RentRule = labelled({
  per_panel: { zh: '按组件块数/年', en: 'Per panel per year' },
  per_kwp: { zh: '按装机容量(kWp)/年', en: 'Per kWp per year' },
  fixed: { zh: '固定金额/年', en: 'Fixed per year' },
});
export type RentRuleValue = (typeof RentRule.values)[number];

export const PayCycle = labelled({
  annual: { zh: '按年', en: 'Annual' },
  semiannual: { zh: '按半年', en: 'Semi-annual' },
  quarterly: { zh: '按季度', en: 'Quarterly' },
});
export type PayCycleValue = (typeof PayCycle.values)[number];
export const PERIODS_PER_YEAR: Record<PayCycleValue, number> = { annual: 1, semiannual: 2, quarterly: 4 };

/** Defaults of a draft made when a lease-mode customer's station is grid-connected. */
export const LEASE_DEFAULTS = { term_years: 25, rent_rule: 'per_panel' as RentRuleValue, rent_rate: '30.0000', pay_cycle: 'annual' as PayCycleValue };
/** Days after the first covered day that a bill falls due. */
export const RENT_DUE_DAYS = 30;

// ---------------------------------------------------------------- bills

/** 待支付 → 已支付 / 支付失败; 暂停 (frozen or terminated station, or by hand) ⇄ released; 已作废 by termination. */
export const RentBillStatus = labelled({
  pending: { zh: '待支付', en: 'To pay' },
  paid: { zh: '已支付', en: 'Paid' },
  failed: { zh: '支付失败', en: 'Payment failed' },
  paused: { zh: '暂停', en: 'Paused' },
  cancelled: { zh: '已作废', en: 'Void' },
});
export type RentBillStatusValue = (typeof RentBillStatus.values)[number];
/** Bills that still owe money (a payment batch takes pending and failed ones). */
export const UNPAID_BILL_STATES: readonly RentBillStatusValue[] = ['pending', 'failed', 'paused'];

export const RENT_BILL_MACHINE = {
  pay: { from: ['pending', 'failed'], to: 'paid' },
  fail: { from: ['pending', 'failed'], to: 'failed' },
  pause: { from: ['pending', 'failed'], to: 'paused' },
  release: { from: ['paused'], to: 'pending' },
  cancel: { from: ['pending', 'failed', 'paused'], to: 'cancelled' },
} as const satisfies Machine<RentBillStatusValue, string>;
export type RentBillAction = keyof typeof RENT_BILL_MACHINE;

export const RentBillActionLabel = labelled({
  generate: { zh: '生成账单', en: 'generate' },
  pay: { zh: '确认已支付', en: 'mark as paid' },
  fail: { zh: '标记支付失败', en: 'mark as failed' },
  pause: { zh: '暂停', en: 'pause' },
  release: { zh: '恢复', en: 'release' },
  cancel: { zh: '作废', en: 'void' },
  deduct: { zh: '扣款', en: 'deduct' },
  settle: { zh: '终止结算', en: 'settle on termination' },
});

/** Why a bill is paused: its station (frozen / terminated; unfreezing releases it) or a person. */
export const PauseSource = labelled({
  station: { zh: '电站冻结/终止', en: 'by station' },
  manual: { zh: '手动暂停', en: 'by hand' },
});

// ---------------------------------------------------------------- periods (pure, China calendar days as YYYY-MM-DD)

const DAY_MS = 86_400_000;
const utc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (d: string, n: number) => iso(utc(d) + n * DAY_MS);
/** Days from a to b inclusive (a ≤ b). */
export const daysInclusive = (a: string, b: string) => Math.round((utc(b) - utc(a)) / DAY_MS) + 1;
const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
export const isCalendarDate = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && iso(utc(d)) === d;

/** The anniversary `years` on (29 Feb → 1 Mar in a common year). */
export function addYears(d: string, years: number): string {
  const y = Number(d.slice(0, 4)) + years;
  const m = Number(d.slice(5, 7));
  const day = Number(d.slice(8, 10));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return day > last ? ymd(y, m + 1, 1) : ymd(y, m, day);
}
/** The last day of a term of `years` from `start` (the day before the anniversary). */
export const termEnd = (start: string, years: number) => addDays(addYears(start, years), -1);

/** Whole years from a to b (b ≥ a), by month and day: 2024-02-29 → 2028-02-28 is 3. */
export function fullYears(a: string, b: string): number {
  const years = Number(b.slice(0, 4)) - Number(a.slice(0, 4));
  return b.slice(5) < a.slice(5) ? years - 1 : years;
}

export interface Period {
  key: string;
  cycle: PayCycleValue;
  /** first and last day, inclusive */
  start: string;
  end: string;
}
export const PERIOD_KEY = /^(\d{4})(?:-(H[12]|Q[1-4]))?$/;

/** The period of a cycle that holds a day: 2026 / 2026-H2 / 2026-Q4. */
export function periodOf(cycle: PayCycleValue, day: string): Period {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  if (cycle === 'annual') return periodByKey(String(y))!;
  if (cycle === 'semiannual') return periodByKey(`${y}-H${m <= 6 ? 1 : 2}`)!;
  return periodByKey(`${y}-Q${Math.ceil(m / 3)}`)!;
}

/** A period from its key; null when the key is not one. */
export function periodByKey(key: string): Period | null {
  const m = PERIOD_KEY.exec(key);
  if (!m) return null;
  const y = Number(m[1]);
  if (y < 2000 || y > 2199) return null;
  const part = m[2];
  const months = (first: number, count: number) => ({ start: ymd(y, first, 1), end: iso(Date.UTC(y, first - 1 + count, 0)) });
  if (!part) return { key, cycle: 'annual', ...months(1, 12) };
  if (part[0] === 'H') return { key, cycle: 'semiannual', ...months(part === 'H1' ? 1 : 7, 6) };
  return { key, cycle: 'quarterly', ...months((Number(part[1]) - 1) * 3 + 1, 3) };
}

export const nextPeriod = (p: Period): Period => periodOf(p.cycle, addDays(p.end, 1));

// ---------------------------------------------------------------- the rent rule

export interface LeaseTerms {
  rent_rule: RentRuleValue;
  /** yuan per panel / per kWp / per contract, per year (numeric(12,4) as text) */
  rent_rate: string;
  panel_count: number | null;
  capacity_kwp: string | null;
  /** percent per step, numeric(7,4) as text; '0' = none */
  escalation_pct: string | null;
  /** a step every N years; null = none */
  escalation_years: number | null;
  pay_cycle: PayCycleValue;
  start_date: string;
  end_date: string;
}

/** The quantity the rate is multiplied by. */
export function rentQuantity(t: Pick<LeaseTerms, 'rent_rule' | 'panel_count' | 'capacity_kwp'>): string {
  if (t.rent_rule === 'per_panel') return String(t.panel_count ?? 0);
  if (t.rent_rule === 'per_kwp') return t.capacity_kwp ?? '0';
  return '1';
}

/**
 * The rate after `steps` escalations: each step multiplies by (1 + pct/100) and rounds half away
 * from zero to 4 decimals (the rate's own scale, as a contract would print it). SQL: pv_rent_rate.
 */
export function escalatedRate(rate: string, pct: string | null, steps: number): string {
  let r = new Money(rate);
  const f = new Money(100).plus(pct ?? 0);
  for (let i = 0; i < steps; i++) r = r.times(f).div(100).toDecimalPlaces(4, Money.ROUND_HALF_UP);
  return r.toFixed(4);
}

/** Escalation steps taken at a day: whole years since the start ÷ every N years. */
export const escalationSteps = (t: Pick<LeaseTerms, 'start_date' | 'escalation_pct' | 'escalation_years'>, day: string) =>
  t.escalation_years && new Money(t.escalation_pct ?? 0).gt(0) && day >= t.start_date ? Math.floor(fullYears(t.start_date, day) / t.escalation_years) : 0;

export interface BillAmount {
  period: string;
  period_start: string;
  period_end: string;
  cover_start: string;
  cover_end: string;
  days: number;
  period_days: number;
  /** the rate used (after escalation) */
  rate: string;
  amount: string;
}

/**
 * The bill of one period (null when the contract does not cover any of it). Coverage = the period
 * clipped to [start_date, end] where end is the contract's end (or the termination day). Amount =
 * rate after escalation × quantity ÷ periods a year × covered days ÷ the period's days, rounded
 * once, half away from zero, to the fen. The escalation step is the one in force on the first
 * covered day. The same formula runs in SQL (rent_bill generation).
 */
export function billFor(t: LeaseTerms, period: Period, end: string = t.end_date): BillAmount | null {
  const coverStart = period.start > t.start_date ? period.start : t.start_date;
  const coverEnd = period.end < end ? period.end : end;
  if (coverStart > coverEnd) return null;
  const days = daysInclusive(coverStart, coverEnd);
  const periodDays = daysInclusive(period.start, period.end);
  const rate = escalatedRate(t.rent_rate, t.escalation_pct, escalationSteps(t, coverStart));
  const amount = toFen(new Money(rate).times(rentQuantity(t)).times(days).div(PERIODS_PER_YEAR[period.cycle] * periodDays));
  return { period: period.key, period_start: period.start, period_end: period.end, cover_start: coverStart, cover_end: coverEnd, days, period_days: periodDays, rate, amount };
}

/** Every bill of a contract from its start to the period holding `through` (or its end). */
export function billsThrough(t: LeaseTerms, through: string, end: string = t.end_date): BillAmount[] {
  const out: BillAmount[] = [];
  const last = through < end ? through : end;
  for (let p = periodOf(t.pay_cycle, t.start_date); p.start <= last; p = nextPeriod(p)) {
    const b = billFor(t, p, end);
    if (b) out.push(b);
  }
  return out;
}

// ---------------------------------------------------------------- schemas

const version = () => z.number({ error: 'validation.number' }).int().nonnegative();
const reason = () => z.string({ error: 'validation.reason_required' }).trim().min(1, { error: 'validation.reason_required' }).max(500, { error: 'validation.too_long|500' });
const calendarDate = () => z.string({ error: 'validation.required' }).trim().refine(isCalendarDate, { error: 'validation.date' });
/** A rent rate: > 0, up to 8 integer digits and 4 decimals (numeric(12,4)), normalised to "30.0000". */
const RATE = /^\d{1,8}(\.\d{1,4})?$/;
const PCT = /^\d{1,3}(\.\d{1,4})?$/;
// zod runs a second refine even when the first failed: each test checks the pattern again before decimal.js reads the text
export const rateText = () =>
  decimalText(RATE, 'validation.rent_rate')
    .refine((v) => RATE.test(v) && new Money(v).gt(0), { error: 'validation.rent_rate' })
    .transform((v) => new Money(v).toFixed(4));
/** An escalation percentage 0–100 with up to 4 decimals. */
const pctText = () =>
  decimalText(PCT, 'validation.escalation_pct')
    .refine((v) => PCT.test(v) && new Money(v).lte(100), { error: 'validation.escalation_pct' })
    .transform((v) => new Money(v).toFixed(4));
export const bankCardField = () =>
  z
    .string({ error: 'validation.bank_card' })
    .transform((v) => v.replace(/\s+/g, ''))
    .refine(isBankCard, { error: 'validation.bank_card' });
const capacityText = () => decimalText(/^\d{1,8}(\.\d{1,2})?$/, 'validation.capacity').transform((v) => new Money(v).toFixed(2));

const payee = {
  payee_name: requiredText(32),
  bank_name: requiredText(100),
  bank_branch: optionalText(100),
  bank_card: bankCardField(),
};
const terms = {
  sign_method: enumField(SignMethod.values).default('paper'),
  start_date: calendarDate(),
  term_years: z.number({ error: 'validation.number' }).int().min(1, { error: 'validation.term_years' }).max(30, { error: 'validation.term_years' }).default(25),
  rent_rule: enumField(RentRule.values),
  rent_rate: rateText(),
  panel_count: z.number({ error: 'validation.number' }).int().positive({ error: 'validation.panel_count' }).max(100000).nullish(),
  capacity_kwp: capacityText().nullish(),
  escalation_pct: pctText().nullish(),
  escalation_years: z.number({ error: 'validation.number' }).int().min(1, { error: 'validation.escalation_years' }).max(30, { error: 'validation.escalation_years' }).nullish(),
  pay_cycle: enumField(PayCycle.values),
  remark: optionalText(500),
};
/** An escalation needs both numbers (the quantity defaults from the station on the server). */
const ruleComplete = (v: { escalation_pct?: string | null; escalation_years?: number | null }, ctx: z.RefinementCtx) => {
  const pct = typeof v.escalation_pct === 'string' && PCT.test(v.escalation_pct) && new Money(v.escalation_pct).gt(0);
  if (pct && !v.escalation_years) ctx.addIssue({ code: 'custom', path: ['escalation_years'], message: 'validation.escalation_years' });
};

/** lease_contract/add: station (its owner is the customer), the terms and the payee account. */
export const leaseAddSchema = z.strictObject({ station_id: idField(), contract_no: optionalText(32), ...terms, ...payee }).superRefine(ruleComplete);
/** lease_contract/edit: a draft's terms (the account changes only through change_card). */
export const leaseEditSchema = z.strictObject({
  id: idField(),
  version: version(),
  contract_no: optionalText(32),
  sign_method: enumField(SignMethod.values).optional(),
  start_date: calendarDate().optional(),
  term_years: terms.term_years.optional(),
  rent_rule: enumField(RentRule.values).optional(),
  rent_rate: rateText().optional(),
  panel_count: terms.panel_count,
  capacity_kwp: terms.capacity_kwp,
  escalation_pct: terms.escalation_pct,
  escalation_years: terms.escalation_years,
  pay_cycle: enumField(PayCycle.values).optional(),
  remark: optionalText(500),
});
export const LEASE_EDITABLE = Object.keys(leaseEditSchema.shape).filter((k) => k !== 'id' && k !== 'version');
export const leaseMoveSchema = z.strictObject({ id: idField(), version: version() });
export const leaseSignSchema = z.strictObject({ id: idField(), version: version(), sign_method: enumField(SignMethod.values), signed_date: calendarDate() });
export const leaseTerminateSchema = z.strictObject({ id: idField(), version: version(), reason: reason(), terminate_date: calendarDate() });
export const leaseChangeCardSchema = z.strictObject({ id: idField(), version: version(), ...payee, matter_id: idField().nullish(), reason: optionalText(500) });

export const rentBillMoveSchema = z.strictObject({ id: idField(), version: version() });
export const rentBillReasonSchema = z.strictObject({ id: idField(), version: version(), reason: reason() });
export const rentBillDeductSchema = z.strictObject({ id: idField(), version: version(), amount: positiveMoneyText(), reason: reason() });
export const rentBillPaySchema = z.strictObject({
  id: idField(),
  version: version(),
  bank_serial: requiredText(64),
  paid_at: dateField().optional(),
  channel: optionalText(16),
});
export const rentBillGenerateSchema = z.strictObject({ period: z.string({ error: 'validation.bill_period' }).trim().refine((v) => periodByKey(v) !== null, { error: 'validation.bill_period' }) });

// ---------------------------------------------------------------- API shapes

export interface LeaseContract {
  id: number;
  contract_no: string;
  station_id: number;
  station_code: string | null;
  station_name: string | null;
  station_frozen: boolean | null;
  customer_id: number | null;
  customer_name: string | null;
  agent_id: number | null;
  agent_name: string | null;
  province_code: string;
  city_code: string | null;
  district_code: string | null;
  sign_method: SignMethodValue;
  signed_date: string | null;
  start_date: string;
  end_date: string;
  term_years: number;
  rent_rule: RentRuleValue;
  rent_rate: string;
  panel_count: number | null;
  capacity_kwp: string | null;
  escalation_pct: string | null;
  escalation_years: number | null;
  pay_cycle: PayCycleValue;
  /** the first full year's rent (before escalation), yuan */
  annual_rent: string;
  payee_name: string | null;
  bank_name: string | null;
  bank_branch: string | null;
  /** masked: 621700*********5678 */
  bank_card: string | null;
  card_matter_id: number | null;
  /** the bank-card matter's number */
  card_matter_no?: string | null;
  pdf_file_id: number | null;
  status: LeaseStatusValue;
  source: 'manual' | 'grid';
  activated_at: string | null;
  terminated_at: string | null;
  terminate_date: string | null;
  terminate_reason: string | null;
  remark: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface RentBill {
  id: number;
  bill_no: string;
  contract_id: number;
  contract_no: string | null;
  station_id: number;
  station_code: string | null;
  station_name: string | null;
  customer_id: number | null;
  customer_name: string | null;
  agent_id: number | null;
  agent_name: string | null;
  province_code: string;
  city_code: string | null;
  period: string;
  period_start: string;
  period_end: string;
  cover_start: string;
  cover_end: string;
  days: number;
  period_days: number;
  rate: string;
  amount_due: string;
  deduction: string;
  amount_payable: string;
  due_date: string;
  status: RentBillStatusValue;
  paused_by: 'station' | 'manual' | null;
  pause_reason: string | null;
  batch_id: number | null;
  /** the payment batch's number */
  batch_no?: string | null;
  paid_at: string | null;
  bank_serial: string | null;
  channel: string | null;
  fail_reason: string | null;
  payee_name: string | null;
  payee_bank: string | null;
  /** masked */
  payee_card: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface RentDeduction {
  id: number;
  bill_id: number;
  amount: string;
  reason: string;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
}

/** The first full year's rent before escalation (for display). */
export const annualRent = (t: Pick<LeaseTerms, 'rent_rule' | 'rent_rate' | 'panel_count' | 'capacity_kwp'>) => toFen(new Money(t.rent_rate).times(rentQuantity(t)));

/** Lease contracts' and rent bills' fields beyond their names (field-kinds.ts). */
export const LEASE_DISPLAY: FieldDisplay = {
  status: field.enumOf(LeaseStatus),
  rent_rule: field.enumOf(RentRule),
  pay_cycle: field.enumOf(PayCycle),
  sign_method: field.enumOf(SignMethod),
  card_matter_id: field.ref('matter'),
  pdf_file_id: field.ref('file'),
};
export const RENT_BILL_DISPLAY: FieldDisplay = {
  status: field.enumOf(RentBillStatus),
  paused_by: field.enumOf(PauseSource),
  payee_card: field.masked,
};
