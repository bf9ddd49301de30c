import { describe, expect, it } from 'vitest';
import { rentMarginSchema, rentReportSchema } from '@pv/contract';
import { bindingOf } from '../src/providers/resources.ts';
import { billListLink, chinaDay, dayBefore, defaultMarginRange, defaultReportRange, isLoss, listFiltersOf, marginLink, monthLastDay, monthRangeOf, revenueListLink } from '../src/resources/finance/reportLogic.ts';
import { VIEW_KEYS } from '../src/shell/routes/views.tsx';

// 2026-11-30 17:00 UTC is already December 1st in China
const DEC1 = new Date('2026-11-30T17:00:00Z');
const NOV30 = new Date('2026-11-30T15:00:00Z');
const params = (link: string) => Object.fromEntries(new URLSearchParams(link.split('?')[1]));

describe('finance report screens', () => {
  it('count months and days in China time, February of leap years included', () => {
    expect(chinaDay(DEC1)).toBe('2026-12-01');
    expect(chinaDay(NOV30)).toBe('2026-11-30');
    expect(monthLastDay('2024-02')).toBe('2024-02-29');
    expect(monthLastDay('2026-02')).toBe('2026-02-28');
    expect(monthLastDay('2026-12')).toBe('2026-12-31');
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(monthRangeOf('month', DEC1)).toEqual({ month_gte: '2026-12', month_lte: '2026-12' });
    expect(monthRangeOf('year', NOV30)).toEqual({ month_gte: '2026-01', month_lte: '2026-12' });
    // the report: twelve months up to this one; the station list: twelve up to last month
    expect(defaultReportRange(NOV30)).toEqual({ month_gte: '2025-12', month_lte: '2026-11' });
    expect(defaultMarginRange(DEC1)).toEqual({ month_gte: '2025-12', month_lte: '2026-11' });
  });

  it('link each figure to the bills behind it: due in the months, paid, or overdue up to yesterday', () => {
    const month = { month_gte: '2026-11', month_lte: '2026-11' };
    expect(params(billListLink('payable', month, { now: NOV30 }))).toEqual({ status: 'pending,failed,paused,paid', due_date_gte: '2026-11-01', due_date_lte: '2026-11-30' });
    expect(params(billListLink('paid', month, { now: NOV30, province_code: '370000' }))).toEqual({ status: 'paid', due_date_gte: '2026-11-01', due_date_lte: '2026-11-30', province_code: '370000' });
    // overdue = unpaid and due before today: the month's end is cut at yesterday
    expect(params(billListLink('overdue', month, { now: NOV30 }))).toMatchObject({ status: 'pending,failed', due_date_lte: '2026-11-29' });
    // a month already over keeps its last day
    expect(params(billListLink('overdue', { month_gte: '2026-01', month_lte: '2026-10' }, { now: NOV30 }))).toMatchObject({ due_date_gte: '2026-01-01', due_date_lte: '2026-10-31' });
    expect(billListLink('paid', month).startsWith('/finance/rentBill?')).toBe(true);
    expect(params(revenueListLink('2026-10', true))).toEqual({ period_gte: '2026-10', period_lte: '2026-10', under_performing: 'true' });
    expect(params(revenueListLink('2026-10'))).toEqual({ period_gte: '2026-10', period_lte: '2026-10' });
    expect(params(marginLink({ province_code: '370000', rent_above_revenue: true, city_code: '' }))).toEqual({ tab: 'stations', province_code: '370000', rent_above_revenue: 'true' });
  });

  it('the lists read those links back as their filters (states as a list), and ignore what they do not know', () => {
    const p = new URLSearchParams('status=pending,failed&due_date_lte=2026-11-29&q=x&province_code=');
    expect(listFiltersOf(p, ['status', 'due_date_gte', 'due_date_lte', 'province_code'])).toEqual({ status: ['pending', 'failed'], due_date_lte: '2026-11-29' });
    expect(listFiltersOf(new URLSearchParams('under_performing=true&period_gte=2026-10'), ['period_gte', 'under_performing'])).toEqual({ period_gte: '2026-10', under_performing: 'true' });
  });

  it('a margin is a loss only below zero', () => {
    expect(isLoss('-190.40')).toBe(true);
    expect(isLoss('-0.01')).toBe(true);
    expect(isLoss('-0.00')).toBe(false);
    expect(isLoss('0.00')).toBe(false);
    expect(isLoss('680.25')).toBe(false);
    expect(isLoss(null)).toBe(false);
  });

  it('the requests are checked by the contract the server uses', () => {
    expect(rentReportSchema.safeParse({ month_gte: '2026-13' }).error?.issues[0]?.message).toBe('validation.month');
    expect(rentReportSchema.safeParse({ month_gte: '2026-01', month_lte: '2026-12', province_code: '370000' }).success).toBe(true);
    expect(rentMarginSchema.parse({ rent_above_revenue: 'true', page: '2' })).toMatchObject({ rent_above_revenue: true, page: 2 });
    expect(rentMarginSchema.parse({ rent_above_revenue: '0' }).rent_above_revenue).toBe(false);
    expect(rentMarginSchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(rentMarginSchema.safeParse({ cursor: "1' or 1=1" }).error?.issues[0]?.message).toBe('validation.cursor');
    expect(rentMarginSchema.safeParse({ cursor: '2026-11-25 18:02:22.123456+00_42' }).success).toBe(true);
  });

  it('the screen is a view of the menu', () => {
    expect(VIEW_KEYS).toContain('finance/rentReport');
    expect(bindingOf('finance/rentBill').api).toBe('rent_bill');
  });
});
