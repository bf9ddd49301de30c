import { describe, expect, it } from 'vitest';
import { kwhField, revenueAmountField, settlementRowSchema, tariffCreateSchema } from '@pv/contract';
import { canAccessAction } from '../src/providers/permissions.ts';
import { bindingOf } from '../src/providers/resources.ts';
import { kwhText, lastMonth, monthsBack, ratioText } from '../src/resources/revenue/logic.ts';

describe('revenue screens', () => {
  it('show ratios and kWh by decimal arithmetic, never through a float', () => {
    expect(ratioText('0.7523')).toBe('75.2%');
    expect(ratioText('0.0005')).toBe('0.1%');
    expect(ratioText('1.0000')).toBe('100.0%');
    expect(ratioText(null)).toBe('-');
    expect(kwhText('1234567.5')).toBe('1,234,567.50');
    expect(kwhText('0.1')).toBe('0.10');
    expect(kwhText(null)).toBe('-');
  });

  it('count months back across years, and last month is China time', () => {
    expect(monthsBack('2026-03', 3)).toBe('2025-12');
    expect(monthsBack('2026-01', 11)).toBe('2025-02');
    expect(monthsBack('2026-12', 0)).toBe('2026-12');
    // 2026-11-30 17:00 UTC is already December 1st in China
    expect(lastMonth(new Date('2026-11-30T17:00:00Z'))).toBe('2026-11');
    expect(lastMonth(new Date('2026-11-30T15:00:00Z'))).toBe('2026-10');
  });

  it('the forms validate with the contract: whole-month tariffs, exact amounts, no negatives', () => {
    expect(tariffCreateSchema.safeParse({ province_code: '370000', price: '0.3949', effective_from: '2026-01-01', effective_to: '2026-12-31' }).success).toBe(true);
    expect(tariffCreateSchema.safeParse({ province_code: '370000', price: 0.1 + 0.2, effective_from: '2026-01-01' }).success).toBe(false);
    expect(tariffCreateSchema.safeParse({ province_code: '370000', price: '0.39', effective_from: '2026-01-02' }).success).toBe(false);
    expect(tariffCreateSchema.safeParse({ province_code: '370000', price: '0.39', effective_from: '2024-02-01', effective_to: '2024-02-28' }).success).toBe(false);
    expect(tariffCreateSchema.safeParse({ province_code: '370000', price: '0.39', effective_from: '2024-02-01', effective_to: '2024-02-29' }).success).toBe(true);
    expect(kwhField().parse('1,234.5')).toBe('1234.50');
    expect(revenueAmountField().safeParse('-3').error?.issues[0]?.message).toBe('validation.not_negative');
    expect(revenueAmountField().safeParse('1.005').success).toBe(false);
    expect(settlementRowSchema.safeParse({ period: '2026-05', kwh: '1', amount: '1' }).error?.issues[0]?.message).toBe('validation.meter_or_station');
  });

  it('bind to the revenue and tariff APIs and their permission codes', () => {
    expect(bindingOf('finance/revenueList').api).toBe('revenue');
    expect(bindingOf('finance/tariffList').api).toBe('tariff');
    const acl = { admin: false, roles: [], permissions: ['revenue:index', 'tariff:index'] };
    expect(canAccessAction(acl, 'finance/revenueList', 'list')).toBe(true);
    expect(canAccessAction(acl, 'finance/tariffList', 'create')).toBe(false);
    expect(canAccessAction({ ...acl, permissions: ['tariff:*'] }, 'finance/tariffList', 'create')).toBe(true);
  });
});
