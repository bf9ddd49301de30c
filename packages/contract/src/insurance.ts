import { z } from 'zod';
import { labelled } from './enums.ts';
import { editableFields, enumField, idField, optionalText } from './fields.ts';
import { addDays, isCalendarDate, termEnd } from './lease.ts';
import type { Machine } from './lifecycle.ts';
import { Money, decimalText, moneyText, positiveMoneyText, toFen } from './money.ts';
import { sheetAmountText } from './statement.ts';
import { field, type FieldDisplay } from './field-kinds.ts';

/**
 * 保险 insurance policies and claims (issue 15; docs/DECISIONS.md "Insurance"). A policy covers one
 * station or a batch of stations (policy_stations, each with its own sum insured) for a term; the
 * database refuses a station covered twice by overlapping policies of the same kind. A claim 理赔 is
 * against a policy that covers its station on the incident date. Money follows "Money".
 */

export const InsuranceKind = labelled({
  property: { zh: '财产一切险', en: 'Property all-risk' },
  liability: { zh: '公众责任险', en: 'Public liability' },
});
export type InsuranceKindValue = (typeof InsuranceKind.values)[number];

/** What is stored: a policy in force, renewed by a successor, or surrendered (退保). */
export const PolicyStatus = labelled({
  active: { zh: '生效', en: 'In force' },
  renewed: { zh: '已续保', en: 'Renewed' },
  surrendered: { zh: '已退保', en: 'Surrendered' },
});
export type PolicyStatusValue = (typeof PolicyStatus.values)[number];

/**
 * What is shown: an active policy is 待生效 before its start, 即将到期 within POLICY_REMIND_DAYS of its
 * end, 已到期 after it; computed from the date on every read (the server's `state` column).
 */
export const PolicyState = labelled({
  pending: { zh: '待生效', en: 'Not yet started' },
  active: { zh: '生效', en: 'In force' },
  expiring: { zh: '即将到期', en: 'Expiring soon' },
  expired: { zh: '已到期', en: 'Expired' },
  renewed: { zh: '已续保', en: 'Renewed' },
  surrendered: { zh: '已退保', en: 'Surrendered' },
});
export type PolicyStateValue = (typeof PolicyState.values)[number];

/** The policy's owner is told this many days before its end. */
export const POLICY_REMIND_DAYS = 30;

/** The state of a policy on `today` (YYYY-MM-DD). */
export function policyState(p: { status: string; start_date: string; end_date: string }, today: string): PolicyStateValue {
  if (p.status !== 'active') return p.status as PolicyStateValue;
  if (p.end_date < today) return 'expired';
  if (p.start_date > today) return 'pending';
  return p.end_date <= addDays(today, POLICY_REMIND_DAYS) ? 'expiring' : 'active';
}

export const PolicyActionLabel = labelled({
  add: { zh: '新建保单', en: 'create' },
  add_stations: { zh: '增加承保电站', en: 'add stations' },
  remove_station: { zh: '移除承保电站', en: 'remove a station' },
  surrender: { zh: '退保', en: 'surrender' },
  renew: { zh: '续保', en: 'renew' },
  renewed: { zh: '续保生成', en: 'created by renewal' },
  edit: { zh: '修改', en: 'edit' },
});

export const ClaimCause = labelled({
  hail: { zh: '冰雹', en: 'Hail' },
  typhoon: { zh: '台风', en: 'Typhoon' },
  fire: { zh: '火灾', en: 'Fire' },
  lightning: { zh: '雷击', en: 'Lightning' },
  other: { zh: '其他', en: 'Other' },
});
export type ClaimCauseValue = (typeof ClaimCause.values)[number];

/** 报案 → 资料提交 → 定损 → 已赔付 / 拒赔. */
export const ClaimStatus = labelled({
  reported: { zh: '报案', en: 'Reported' },
  submitted: { zh: '资料提交', en: 'Documents submitted' },
  assessed: { zh: '定损', en: 'Assessed' },
  paid: { zh: '已赔付', en: 'Paid' },
  rejected: { zh: '拒赔', en: 'Rejected' },
});
export type ClaimStatusValue = (typeof ClaimStatus.values)[number];

export const CLAIM_MACHINE = {
  submit: { from: ['reported'], to: 'submitted' },
  assess: { from: ['submitted'], to: 'assessed' },
  pay: { from: ['assessed'], to: 'paid' },
  reject: { from: ['submitted', 'assessed'], to: 'rejected' },
} as const satisfies Machine<ClaimStatusValue, string>;
export type ClaimAction = keyof typeof CLAIM_MACHINE;

export const ClaimActionLabel = labelled({
  add: { zh: '报案', en: 'report' },
  submit: { zh: '提交资料', en: 'submit documents' },
  assess: { zh: '定损', en: 'assess' },
  pay: { zh: '确认赔付', en: 'mark as paid' },
  reject: { zh: '拒赔', en: 'reject' },
});

/** Number prefixes: 理赔 LP. */
export const CLAIM_PREFIX = 'LP';

export const PremiumRule = labelled({
  same: { zh: '保费不变', en: 'Same premium' },
  percent: { zh: '按比例调整（±%）', en: 'Adjust by ± %' },
});

// ---------------------------------------------------------------- amounts and numbers (pure)

/** A renewed premium: the same, or old × (1 + pct / 100) rounded once to the fen. */
export function renewedPremium(premium: string, rule: 'same' | 'percent', percent?: string | null): string {
  if (rule === 'same') return toFen(premium);
  return toFen(new Money(premium).times(new Money(100).plus(percent ?? '0')).dividedBy(100));
}

/** The n-th new policy number: prefix + the sequence padded to `width`. */
export const sequenceNo = (prefix: string, start: number, n: number, width: number) => `${prefix}${String(start + n).padStart(width, '0')}`;

/** The renewal's term: from the day after the old end, `years` long. */
export const renewalTerm = (oldEnd: string, years: number) => {
  const start = addDays(oldEnd, 1);
  return { start_date: start, end_date: termEnd(start, years) };
};

/** The three amounts in order: approved ≤ claimed, received ≤ approved (null = not known yet). */
export function claimAmountsOk(v: { amount_claimed?: string | null; amount_approved?: string | null; amount_received?: string | null }): boolean {
  if (v.amount_approved != null && v.amount_claimed != null && new Money(v.amount_approved).gt(v.amount_claimed)) return false;
  if (v.amount_received != null && v.amount_approved != null && new Money(v.amount_received).gt(v.amount_approved)) return false;
  return true;
}

// ---------------------------------------------------------------- schemas

const version = () => z.number({ error: 'validation.number' }).int().nonnegative();
const reason = () => z.string({ error: 'validation.reason_required' }).trim().min(1, { error: 'validation.reason_required' }).max(500, { error: 'validation.too_long|500' });
const day = () => z.string({ error: 'validation.required' }).trim().refine(isCalendarDate, { error: 'validation.date' });
const POLICY_NO = /^[A-Za-z0-9-]{4,40}$/;
export const policyNoField = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .refine((v) => POLICY_NO.test(v), { error: 'validation.policy_no' })
    .transform((v) => v.toUpperCase());
const ids = () => z.array(idField()).max(5000, { error: 'validation.too_many|5000' });

/** Stations picked one by one, each with its sum insured. */
export const coverLineSchema = z.strictObject({ station_id: idField(), sum_insured: positiveMoneyText() });
/** Or every station a filter finds, all with the same sum insured (the count is previewed first). */
export const stationFilterSchema = z.strictObject({
  province_code: z.string().trim().max(6).nullish(),
  city_code: z.string().trim().max(6).nullish(),
  agent_id: idField().nullish(),
  grid_from: day().nullish(),
  grid_to: day().nullish(),
});
export type StationFilter = z.infer<typeof stationFilterSchema>;

const termOk = (v: { start_date?: string; end_date?: string }) => !v.start_date || !v.end_date || v.end_date >= v.start_date;
const coverOk = (v: { stations?: unknown[] | null; filter?: unknown; sum_insured?: string | null }) => (v.stations?.length ?? 0) > 0 || (v.filter != null && v.sum_insured != null);

export const policyCreateSchema = z
  .strictObject({
    policy_no: policyNoField(),
    kind: enumField(InsuranceKind.values),
    insurer_id: idField(),
    start_date: day(),
    end_date: day(),
    premium: moneyText(),
    owner_id: idField().nullish(),
    remark: optionalText(500),
    stations: z.array(coverLineSchema).max(5000, { error: 'validation.too_many|5000' }).nullish(),
    filter: stationFilterSchema.nullish(),
    /** with filter: the sum insured of each station found */
    sum_insured: positiveMoneyText().nullish(),
  })
  .refine(termOk, { error: 'validation.policy_term', path: ['end_date'] })
  .refine(coverOk, { error: 'validation.policy_stations', path: ['stations'] });

/**
 * Free edit while the policy is in force or not yet started (not surrendered, renewed or expired): the
 * number as printed (a typo corrected; unique), the insurer (an enabled insurer partner), who is told and
 * the remark. Money, term and cover change through actions (remove_station, surrender, renew).
 */
export const policyEditSchema = z
  .strictObject({ id: idField(), version: version(), policy_no: policyNoField(), insurer_id: idField(), owner_id: idField().nullish(), remark: optionalText(500) })
  .partial()
  .required({ id: true, version: true });
export const POLICY_EDITABLE = editableFields(policyEditSchema);

export const policyAddStationsSchema = z
  .strictObject({ id: idField(), version: version(), stations: z.array(coverLineSchema).max(5000).nullish(), filter: stationFilterSchema.nullish(), sum_insured: positiveMoneyText().nullish() })
  .refine(coverOk, { error: 'validation.policy_stations', path: ['stations'] });
export const policyPreviewSchema = z.strictObject({ kind: enumField(InsuranceKind.values), start_date: day(), end_date: day(), filter: stationFilterSchema, policy_id: idField().nullish() });
/**
 * 移除承保电站: the station's cover ends on `effective_date` (its last covered day, within the term — as
 * a surrender), with a reason; the policy's station count and sum insured total leave it out from then
 * on, and the premium drops by `premium_refund` (the insurer's refund, 0 when none, never more than the premium).
 */
export const policyRemoveStationSchema = z.strictObject({ id: idField(), version: version(), station_id: idField(), effective_date: day(), reason: reason(), premium_refund: moneyText().nullish() });
export const policySurrenderSchema = z.strictObject({ id: idField(), version: version(), surrender_date: day(), reason: reason() });

export const policyRenewSchema = z
  .strictObject({
    ids: ids().min(1, { error: 'validation.policy_pick' }),
    term_years: z.number({ error: 'validation.number' }).int().min(1).max(5),
    premium_rule: enumField(PremiumRule.values),
    percent: decimalText(/^-?\d{1,3}(\.\d{1,2})?$/, 'validation.percent').nullish(),
    /** numbers by sequence: prefix + start + width, in the order of ids */
    prefix: z.string().trim().max(24).nullish(),
    seq_start: z.number({ error: 'validation.number' }).int().min(0).max(999_999_999).nullish(),
    seq_width: z.number({ error: 'validation.number' }).int().min(1).max(12).nullish(),
    /** or each old policy id → its new number (e.g. from the Excel import) */
    numbers: z.record(z.string(), policyNoField()).nullish(),
  })
  .refine((v) => v.premium_rule !== 'percent' || (v.percent != null && new Money(v.percent).gt(-100)), { error: 'validation.percent', path: ['percent'] })
  .refine((v) => v.numbers != null || (v.prefix != null && v.prefix !== '' && v.seq_start != null), { error: 'validation.policy_numbering', path: ['prefix'] });

/**
 * 批量续保 from an Excel sheet: one row per policy to renew — its number, the new policy's number, the
 * new term and premium (as the insurer's renewal list gives them). Headers in zh or en.
 */
export const POLICY_RENEWAL_COLUMNS = [
  { key: 'policy_no', zh: '原保单号', en: 'Policy no.', required: true, example: 'PAAC202600001' },
  { key: 'new_policy_no', zh: '新保单号', en: 'New policy no.', required: true, example: 'PAAC202700001' },
  { key: 'start_date', zh: '新保险起期', en: 'New start date', required: true, example: '2027-01-01' },
  { key: 'end_date', zh: '新保险止期', en: 'New end date', required: true, example: '2027-12-31' },
  { key: 'premium', zh: '保费(元)', en: 'Premium (yuan)', required: true, example: '1260.00' },
] as const;
export const POLICY_RENEWAL_MAX_ROWS = 5000;
export const policyRenewalRowSchema = z
  .strictObject({
    policy_no: policyNoField(),
    new_policy_no: policyNoField(),
    start_date: day(),
    end_date: day(),
    // as a sheet writes it: thousands separators and ¥ read, more than two decimals or a minus refused (never rounded)
    premium: z
      .string({ error: 'validation.required' })
      .refine((v) => sheetAmountText(v) !== null, { error: 'validation.money' })
      .transform((v) => sheetAmountText(v)!),
  })
  .refine(termOk, { error: 'validation.policy_term', path: ['end_date'] });
export type PolicyRenewalRow = z.infer<typeof policyRenewalRowSchema>;

const docs = () => z.array(idField()).max(30, { error: 'validation.too_many|30' });

export const claimCreateSchema = z.strictObject({
  station_id: idField(),
  policy_id: idField().nullish(),
  maintenance_id: idField().nullish(),
  cause: enumField(ClaimCause.values),
  incident_date: day(),
  description: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(1000, { error: 'validation.too_long|1000' }),
  amount_claimed: positiveMoneyText(),
  document_ids: docs().nullish(),
});
export const claimMoveSchema = z.strictObject({ id: idField(), version: version() });
export const claimSubmitSchema = z.strictObject({ id: idField(), version: version(), document_ids: docs().min(1, { error: 'validation.claim_documents' }), amount_claimed: positiveMoneyText().nullish() });
export const claimAssessSchema = z.strictObject({ id: idField(), version: version(), amount_approved: moneyText(), note: optionalText(500) });
export const claimPaySchema = z.strictObject({ id: idField(), version: version(), amount_received: positiveMoneyText(), paid_on: day() });
export const claimRejectSchema = z.strictObject({ id: idField(), version: version(), reason: reason() });

// ---------------------------------------------------------------- records

export interface InsurancePolicy {
  id: number;
  policy_no: string;
  kind: InsuranceKindValue;
  insurer_id: number;
  insurer_name: string | null;
  start_date: string;
  end_date: string;
  premium: string;
  status: PolicyStatusValue;
  state: PolicyStateValue;
  station_count: number;
  sum_insured_total: string;
  owner_id: number | null;
  owner_name: string | null;
  renewed_from: number | null;
  renewed_from_no: string | null;
  renewed_to: number | null;
  renewed_to_no: string | null;
  surrender_date: string | null;
  surrender_reason: string | null;
  reminded_at: string | null;
  remark: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface PolicyStation {
  id: number;
  policy_id: number;
  station_id: number;
  station_code: string;
  station_name: string;
  province_code: string;
  city_code: string | null;
  sum_insured: string;
  start_date: string;
  end_date: string;
  /** 移除承保电站: the day its cover was cut to and why (null while on the policy) */
  removed_on: string | null;
  removed_reason: string | null;
}

export interface InsuranceClaim {
  id: number;
  claim_no: string;
  policy_id: number;
  policy_no: string | null;
  kind: InsuranceKindValue;
  insurer_name: string | null;
  station_id: number;
  station_code: string | null;
  station_name: string | null;
  maintenance_id: number | null;
  maintenance_no: string | null;
  cause: ClaimCauseValue;
  incident_date: string;
  description: string;
  amount_claimed: string;
  amount_approved: string | null;
  amount_received: string | null;
  sum_insured: string | null;
  document_ids: number[];
  status: ClaimStatusValue;
  paid_on: string | null;
  reject_reason: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

/** Policies' and claims' fields beyond their names (field-kinds.ts). */
export const POLICY_DISPLAY: FieldDisplay = {
  kind: field.enumOf(InsuranceKind),
  status: field.enumOf(PolicyState),
};
export const CLAIM_DISPLAY: FieldDisplay = {
  status: field.enumOf(ClaimStatus),
  cause: field.enumOf(ClaimCause),
};
