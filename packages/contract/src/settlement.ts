import { z } from 'zod';
import { labelled } from './enums.ts';
import { editableFields, enumField, idField, optionalText } from './fields.ts';
import type { Machine } from './lifecycle.ts';
import { Money, decimalText, signedMoneyText, toFen } from './money.ts';
import { field, type FieldDisplay } from './field-kinds.ts';

/**
 * 结算单 monthly settlements with agents and construction teams (issue 15; docs/DECISIONS.md
 * "Settlements"). Every line points at the record that produced it (a signed customer, a built or
 * connected station, a rejected self-audit, an overdue work order) and at the rule version that
 * priced it. Money follows "Money": a line's amount is rate × quantity rounded once, half away
 * from zero, to the fen (`lineAmount`); a settlement's total is the exact sum of its lines.
 */

/** Who is settled with: an agent (代理商) or a construction / grid team (a team user). */
export const SettlementParty = labelled({
  agent: { zh: '代理商', en: 'Agent' },
  team: { zh: '施工队', en: 'Team' },
});
export type SettlementPartyValue = (typeof SettlementParty.values)[number];

/** The rule kinds; each is also the kind of the lines it produces. */
export const SettlementRuleKind = labelled({
  commission: { zh: '签约佣金（元/kWp）', en: 'Commission per kWp signed' },
  install_fee: { zh: '安装费（元/kWp）', en: 'Installation fee per kWp built' },
  grid_bonus: { zh: '并网奖励（元/站）', en: 'Grid-connection bonus per station' },
  audit_deduction: { zh: '自检驳回扣款（元/次）', en: 'Deduction per rejected self-audit' },
  overdue_deduction: { zh: '工单超期扣款（元/单）', en: 'Deduction per overdue work order' },
});
export type SettlementRuleKindValue = (typeof SettlementRuleKind.values)[number];

/** Who each kind is paid to (or deducted from). */
export const RULE_PARTY: Record<SettlementRuleKindValue, SettlementPartyValue> = {
  commission: 'agent',
  grid_bonus: 'agent',
  install_fee: 'team',
  audit_deduction: 'team',
  overdue_deduction: 'team',
};
/** Kinds whose lines are negative (the rate is stored positive). */
export const DEDUCTION_KINDS: readonly SettlementRuleKindValue[] = ['audit_deduction', 'overdue_deduction'];

export const SettlementLineKind = labelled({
  commission: { zh: '签约佣金', en: 'Commission' },
  install_fee: { zh: '安装费', en: 'Installation fee' },
  grid_bonus: { zh: '并网奖励', en: 'Grid bonus' },
  audit_deduction: { zh: '自检驳回扣款', en: 'Self-audit deduction' },
  overdue_deduction: { zh: '工单超期扣款', en: 'Overdue deduction' },
  adjustment: { zh: '调整', en: 'Adjustment' },
});
export type SettlementLineKindValue = (typeof SettlementLineKind.values)[number];

/** What a line points at. */
export const SettlementSource = labelled({
  customer: { zh: '客户', en: 'Customer' },
  station: { zh: '电站', en: 'Station' },
  work_order: { zh: '工单', en: 'Work order' },
  self_audit: { zh: '自检单', en: 'Self-audit' },
  settlement_line: { zh: '结算明细', en: 'Settlement line' },
});
export type SettlementSourceValue = (typeof SettlementSource.values)[number];

/** Agent level of a commission rule: 1 = first-level agent, 2 = second-level; 0 = not by level. */
export const AgentLevel = labelled({
  '0': { zh: '不区分', en: 'Any' },
  '1': { zh: '一级代理商', en: 'Level 1 agent' },
  '2': { zh: '二级代理商', en: 'Level 2 agent' },
});

/** 草稿 → 待确认 → 已确认 / 有异议 → 已付款. */
export const SettlementStatus = labelled({
  draft: { zh: '草稿', en: 'Draft' },
  pending: { zh: '待确认', en: 'To confirm' },
  disputed: { zh: '有异议', en: 'Disputed' },
  confirmed: { zh: '已确认', en: 'Confirmed' },
  paid: { zh: '已付款', en: 'Paid' },
});
export type SettlementStatusValue = (typeof SettlementStatus.values)[number];

/**
 * Where a confirmed settlement's money is (docs/DECISIONS.md "Settlements"): not paid yet, on an open
 * payment batch (its line awaits approval or the bank), the bank's transfer failed (a later batch may
 * take it), or paid (by a batch, or recorded by hand for a transfer made outside). Derived, not stored.
 */
export const SettlementPaymentState = labelled({
  unpaid: { zh: '待付款', en: 'To pay' },
  in_batch: { zh: '付款中', en: 'In a payment batch' },
  failed: { zh: '支付失败', en: 'Payment failed' },
  paid: { zh: '已付款', en: 'Paid' },
});
export type SettlementPaymentStateValue = (typeof SettlementPaymentState.values)[number];
/** A settlement in these states never changes its lines (a database trigger enforces it too). */
export const LOCKED_SETTLEMENT_STATES: readonly SettlementStatusValue[] = ['confirmed', 'paid'];

export const SETTLEMENT_MACHINE = {
  submit: { from: ['draft'], to: 'pending' },
  confirm: { from: ['pending'], to: 'confirmed' },
  dispute: { from: ['pending', 'disputed'], to: 'disputed' },
  resolve: { from: ['disputed'], to: 'disputed' },
  pay: { from: ['confirmed'], to: 'paid' },
} as const satisfies Machine<SettlementStatusValue, string>;
export type SettlementAction = keyof typeof SETTLEMENT_MACHINE;

export const SettlementActionLabel = labelled({
  generate: { zh: '生成结算单', en: 'generate' },
  submit: { zh: '提交确认', en: 'submit for confirmation' },
  confirm: { zh: '确认', en: 'confirm' },
  dispute: { zh: '提出异议', en: 'dispute' },
  resolve: { zh: '处理异议', en: 'resolve the dispute' },
  pay: { zh: '确认付款', en: 'mark as paid' },
  pay_failed: { zh: '支付失败', en: 'payment failed' },
  adjust: { zh: '调整', en: 'adjust' },
  edit: { zh: '修改', en: 'edit' },
});

export const SettlementLineStatus = labelled({
  normal: { zh: '正常', en: 'Normal' },
  disputed: { zh: '有异议', en: 'Disputed' },
  accepted: { zh: '异议已采纳', en: 'Dispute accepted' },
  rejected: { zh: '异议已驳回', en: 'Dispute rejected' },
});
export type SettlementLineStatusValue = (typeof SettlementLineStatus.values)[number];

export const ResolveDecision = labelled({
  accept: { zh: '采纳（调整金额）', en: 'Accept (adjust)' },
  reject: { zh: '驳回（保留原额）', en: 'Reject (keep)' },
});

/** Settlement number prefix: 结算 JS. */
export const SETTLEMENT_PREFIX = 'JS';

// ---------------------------------------------------------------- months and amounts (pure)

export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const isMonth = (v: string) => MONTH_PATTERN.test(v);
/** The month after `YYYY-MM`. */
export function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
/** The month before `YYYY-MM`. */
export function previousMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
/** The month's last day YYYY-MM-DD. */
export const monthEnd = (month: string) => {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
};

/**
 * A line's amount: rate × quantity rounded once, half away from zero, to the fen; negative for a
 * deduction. The generator's SQL (`round(rate * qty, 2)`) is the same rule; the API tests compare.
 */
export function lineAmount(kind: SettlementRuleKindValue, rate: string, quantity: string): string {
  const amount = toFen(new Money(rate).times(quantity));
  return DEDUCTION_KINDS.includes(kind) ? toFen(new Money(amount).negated()) : amount;
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
export const monthField = () => z.string({ error: 'validation.settlement_month' }).trim().refine(isMonth, { error: 'validation.settlement_month' });

/** A rule rate: > 0, up to 8 integer digits and 4 decimals (numeric(12,4)), normalised to "30.0000". */
const RATE = /^\d{1,8}(\.\d{1,4})?$/;
export const settlementRateText = () =>
  decimalText(RATE, 'validation.settlement_rate')
    .refine((v) => RATE.test(v) && new Money(v).gt(0), { error: 'validation.settlement_rate' })
    .transform((v) => new Money(v).toFixed(4));

const levelOk = (v: { kind?: string; agent_level?: number }) => (v.kind === 'commission' ? v.agent_level === 1 || v.agent_level === 2 : (v.agent_level ?? 0) === 0);
const rangeOk = (v: { effective_from?: string; effective_until?: string | null }) => !v.effective_until || !v.effective_from || v.effective_until >= v.effective_from;

const ruleFields = {
  kind: enumField(SettlementRuleKind.values),
  agent_level: z.number({ error: 'validation.number' }).int().min(0).max(2),
  rate: settlementRateText(),
  effective_from: day(),
  effective_until: day().nullish(),
  remark: optionalText(200),
};
export const settlementRuleCreateSchema = z
  .strictObject({ ...ruleFields, agent_level: ruleFields.agent_level.default(0) })
  .refine(levelOk, { error: 'validation.settlement_rule_level', path: ['agent_level'] })
  .refine(rangeOk, { error: 'validation.settlement_rule_range', path: ['effective_until'] });
/** A rule already used by lines changes only its end and remark (a new rate is a new version). */
export const settlementRuleEditSchema = z
  .strictObject({ id: idField(), version: version(), ...ruleFields })
  .partial()
  .required({ id: true, version: true })
  .refine(rangeOk, { error: 'validation.settlement_rule_range', path: ['effective_until'] });

export const SETTLEMENT_RULE_EDITABLE = editableFields(z.strictObject({ id: idField(), version: version(), ...ruleFields }));

export const settlementGenerateSchema = z.strictObject({ month: monthField() });
export const settlementMoveSchema = z.strictObject({ id: idField(), version: version() });
export const settlementDisputeSchema = z.strictObject({ id: idField(), version: version(), line_id: idField(), reason: reason() });
export const settlementResolveSchema = z
  .strictObject({
    id: idField(),
    version: version(),
    line_id: idField(),
    decision: enumField(ResolveDecision.values),
    /** accept: the amount the line should have had (the adjustment is the difference) */
    amount: signedMoneyText().nullish(),
    reply: reason(),
  })
  .refine((v) => v.decision !== 'accept' || v.amount != null, { error: 'validation.settlement_resolve_amount', path: ['amount'] });
export const settlementPaySchema = z.strictObject({ id: idField(), version: version(), bank_serial: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.too_long|64' }), paid_at: day().nullish() });
/** A correction of a confirmed or paid line: an adjustment line in the party's next month. */
export const settlementAdjustSchema = z.strictObject({ id: idField(), version: version(), line_id: idField(), amount: signedMoneyText(), reason: reason() });

// ---------------------------------------------------------------- records

export interface SettlementRule {
  id: number;
  kind: SettlementRuleKindValue;
  agent_level: number;
  rate: string;
  effective_from: string;
  effective_until: string | null;
  remark: string | null;
  used: number;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface Settlement {
  id: number;
  settlement_no: string;
  party_kind: SettlementPartyValue;
  party_id: number;
  party_name: string | null;
  agent_id: number | null;
  month: string;
  status: SettlementStatusValue;
  line_count: number;
  disputed_lines: number;
  total_amount: string;
  submitted_at: string | null;
  confirmed_at: string | null;
  confirmed_by_name: string | null;
  disputed_at: string | null;
  paid_at: string | null;
  bank_serial: string | null;
  /** the open batch holding it, or the batch that paid it */
  batch_id: number | null;
  batch_no: string | null;
  /** null before it is confirmed */
  payment_state: SettlementPaymentStateValue | null;
  fail_reason: string | null;
  failed_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface SettlementLine {
  id: number;
  settlement_id: number;
  kind: SettlementLineKindValue;
  source_type: SettlementSourceValue;
  source_id: number;
  source_label: string | null;
  /** build | grid for a work order or self-audit source */
  source_kind: string | null;
  event_at: string | null;
  quantity: string;
  rate: string;
  amount: string;
  rule_id: number | null;
  rule_version: number | null;
  status: SettlementLineStatusValue;
  dispute_reason: string | null;
  reply: string | null;
  adjustment_of: number | null;
  note: string | null;
}

/** Settlements' and settlement rules' fields beyond their names (field-kinds.ts): the party is an agent or a team member. */
export const SETTLEMENT_DISPLAY: FieldDisplay = {
  status: field.enumOf(SettlementStatus),
  party_kind: field.enumOf(SettlementParty),
  party_id: field.ref((row) => (row.party_kind === 'agent' ? 'agent' : row.party_kind === 'team' ? 'user' : null)),
};
export const SETTLEMENT_RULE_DISPLAY: FieldDisplay = {
  kind: field.enumOf(SettlementRuleKind),
  agent_level: field.enumOf(AgentLevel),
};
