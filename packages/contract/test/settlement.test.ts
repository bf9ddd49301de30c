import { describe, expect, it } from 'vitest';
import {
  SETTLEMENT_MACHINE,
  Money,
  canTransition,
  lineAmount,
  monthEnd,
  nextMonth,
  previousMonth,
  settlementDisputeSchema,
  settlementResolveSchema,
  settlementRuleCreateSchema,
  settlementRuleEditSchema,
  sumMoney,
} from '../src/index.ts';

describe('settlement amounts', () => {
  it('round each line once, half away from zero, negative for deductions; a total is the exact sum', () => {
    expect(lineAmount('commission', '33.3333', '12.35')).toBe('411.67');
    expect(lineAmount('install_fee', '150.0000', '10.01')).toBe('1501.50');
    // 0.125 → 0.13 (half away from zero), never 0.12
    expect(lineAmount('grid_bonus', '0.1250', '1')).toBe('0.13');
    expect(lineAmount('audit_deduction', '100.0000', '1')).toBe('-100.00');
    expect(lineAmount('overdue_deduction', '0.1250', '1')).toBe('-0.13');
    // many lines: the sum of rounded lines, exact (a float sum would drift)
    const lines = Array.from({ length: 1000 }, (_, i) => lineAmount('commission', '33.3333', `${(i % 97) + 0.01}`));
    const exact = lines.reduce((s, a) => s.plus(a), new Money(0)).toFixed(2);
    expect(sumMoney(lines)).toBe(exact);
  });

  it('months: next, previous, last day', () => {
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(monthEnd('2028-02')).toBe('2028-02-29');
  });
});

describe('settlement schemas and machine', () => {
  it('a commission rule needs a level 1 or 2, other kinds none; the rate has 4 decimals and is positive', () => {
    expect(settlementRuleCreateSchema.safeParse({ kind: 'commission', agent_level: 1, rate: '30', effective_from: '2026-01-01' }).data?.rate).toBe('30.0000');
    expect(settlementRuleCreateSchema.safeParse({ kind: 'commission', rate: '30', effective_from: '2026-01-01' }).success).toBe(false);
    expect(settlementRuleCreateSchema.safeParse({ kind: 'grid_bonus', agent_level: 2, rate: '30', effective_from: '2026-01-01' }).success).toBe(false);
    expect(settlementRuleCreateSchema.safeParse({ kind: 'grid_bonus', rate: '0', effective_from: '2026-01-01' }).success).toBe(false);
    expect(settlementRuleCreateSchema.safeParse({ kind: 'grid_bonus', rate: '1.23456', effective_from: '2026-01-01' }).success).toBe(false);
    expect(settlementRuleCreateSchema.safeParse({ kind: 'grid_bonus', rate: '1', effective_from: '2026-02-30' }).success).toBe(false);
    expect(settlementRuleCreateSchema.safeParse({ kind: 'grid_bonus', rate: '1', effective_from: '2026-02-01', effective_until: '2026-01-31' }).success).toBe(false);
    // an edit sends what changed only (no level default sneaking in)
    expect(settlementRuleEditSchema.parse({ id: 1, version: 1, effective_until: '2026-08-31' })).toEqual({ id: 1, version: 1, effective_until: '2026-08-31' });
  });

  it('a dispute needs a reason; accepting needs the amount the line should have', () => {
    expect(settlementDisputeSchema.safeParse({ id: 1, version: 1, line_id: 2, reason: '  ' }).success).toBe(false);
    expect(settlementResolveSchema.safeParse({ id: 1, version: 1, line_id: 2, decision: 'accept', reply: '好' }).success).toBe(false);
    expect(settlementResolveSchema.parse({ id: 1, version: 1, line_id: 2, decision: 'accept', amount: '12.5', reply: '好' }).amount).toBe('12.50');
    expect(settlementResolveSchema.safeParse({ id: 1, version: 1, line_id: 2, decision: 'reject', reply: '无误' }).success).toBe(true);
  });

  it('草稿 → 待确认 → 已确认 / 有异议 → 已付款', () => {
    expect(canTransition(SETTLEMENT_MACHINE, 'draft', 'submit')).toBe(true);
    expect(canTransition(SETTLEMENT_MACHINE, 'draft', 'confirm')).toBe(false);
    expect(canTransition(SETTLEMENT_MACHINE, 'disputed', 'confirm')).toBe(false);
    expect(canTransition(SETTLEMENT_MACHINE, 'confirmed', 'dispute')).toBe(false);
    expect(canTransition(SETTLEMENT_MACHINE, 'confirmed', 'pay')).toBe(true);
    expect(canTransition(SETTLEMENT_MACHINE, 'paid', 'pay')).toBe(false);
  });
});
