import { describe, expect, it } from 'vitest';
import {
  type LeaseTerms,
  Money,
  addYears,
  billFor,
  billsThrough,
  escalatedRate,
  fullYears,
  leaseAddSchema,
  nextPeriod,
  periodByKey,
  periodOf,
  sumMoney,
  termEnd,
  toFen,
} from '../src/index.ts';

const terms = (over: Partial<LeaseTerms> = {}): LeaseTerms => ({
  rent_rule: 'per_panel',
  rent_rate: '30.0000',
  panel_count: 40,
  capacity_kwp: '22.00',
  escalation_pct: '0',
  escalation_years: null,
  pay_cycle: 'annual',
  start_date: '2026-03-16',
  end_date: termEnd('2026-03-16', 25),
  ...over,
});

describe('periods', () => {
  it('names and bounds the periods of each cycle', () => {
    expect(periodOf('annual', '2026-03-16')).toEqual({ key: '2026', cycle: 'annual', start: '2026-01-01', end: '2026-12-31' });
    expect(periodOf('semiannual', '2026-07-01')).toEqual({ key: '2026-H2', cycle: 'semiannual', start: '2026-07-01', end: '2026-12-31' });
    expect(periodOf('quarterly', '2028-02-29')).toEqual({ key: '2028-Q1', cycle: 'quarterly', start: '2028-01-01', end: '2028-03-31' });
    expect(nextPeriod(periodOf('quarterly', '2026-12-01')).key).toBe('2027-Q1');
    expect(periodByKey('2026-Q5')).toBeNull();
    expect(periodByKey('26-Q1')).toBeNull();
    expect(periodByKey('2026-H2')!.end).toBe('2026-12-31');
  });

  it('ends a term the day before the anniversary; 29 February counts its anniversary on 1 March', () => {
    expect(termEnd('2026-03-16', 25)).toBe('2051-03-15');
    expect(addYears('2024-02-29', 1)).toBe('2025-03-01');
    expect(termEnd('2024-02-29', 25)).toBe('2049-02-28');
    expect(fullYears('2024-02-29', '2028-02-28')).toBe(3);
    expect(fullYears('2024-02-29', '2028-02-29')).toBe(4);
  });
});

describe('the rent rule', () => {
  it('bills a full year at the rule and the first and last years pro rata by days', () => {
    const t = terms();
    // 2026-03-16 … 2026-12-31 = 291 of 365 days of 40 × 30 = 1200
    expect(billFor(t, periodByKey('2026')!)).toMatchObject({ cover_start: '2026-03-16', cover_end: '2026-12-31', days: 291, period_days: 365, amount: '956.71' });
    expect(billFor(t, periodByKey('2027')!)!.amount).toBe('1200.00');
    // 2051-01-01 … 2051-03-15 = 74 days
    expect(billFor(t, periodByKey('2051')!)).toMatchObject({ days: 74, amount: toFen(new Money(1200).times(74).div(365)) });
    expect(billFor(t, periodByKey('2052')!)).toBeNull();
    expect(billFor(t, periodByKey('2025')!)).toBeNull();
  });

  it('counts per kWp and fixed rules, and splits a year into its half-years and quarters', () => {
    expect(billFor(terms({ rent_rule: 'per_kwp', rent_rate: '45.5000', pay_cycle: 'quarterly', start_date: '2026-01-01' }), periodByKey('2026-Q2')!)!.amount).toBe('250.25');
    expect(billFor(terms({ rent_rule: 'fixed', rent_rate: '999.9900', pay_cycle: 'semiannual', start_date: '2026-01-01' }), periodByKey('2026-H1')!)!.amount).toBe('500.00');
    // a leap year's quarter: 91 days of 91
    expect(billFor(terms({ pay_cycle: 'quarterly', start_date: '2028-01-01' }), periodByKey('2028-Q1')!)!.days).toBe(91);
  });

  it('raises the rate by x% every N years, each step rounded to 4 decimals, from the first covered day', () => {
    expect(escalatedRate('30.0000', '3.0000', 0)).toBe('30.0000');
    expect(escalatedRate('30.0000', '3.0000', 1)).toBe('30.9000');
    expect(escalatedRate('30.0000', '3.0000', 2)).toBe('31.8270');
    expect(escalatedRate('33.3333', '2.5000', 1)).toBe('34.1666'); // 34.16663… rounded
    const t = terms({ start_date: '2026-01-01', end_date: termEnd('2026-01-01', 25), escalation_pct: '3.0000', escalation_years: 5 });
    expect(billFor(t, periodByKey('2030')!)!.amount).toBe('1200.00');
    expect(billFor(t, periodByKey('2031')!)).toMatchObject({ rate: '30.9000', amount: '1236.00' });
    expect(billFor(t, periodByKey('2036')!)!.rate).toBe('31.8270');
  });

  it('a termination day cuts the last bill and nothing after it is billed', () => {
    const t = terms({ start_date: '2026-01-01', end_date: termEnd('2026-01-01', 25) });
    const bills = billsThrough(t, '2030-06-30', '2030-06-30');
    expect(bills.map((b) => b.period)).toEqual(['2026', '2027', '2028', '2029', '2030']);
    expect(bills.at(-1)).toMatchObject({ cover_end: '2030-06-30', days: 181, amount: toFen(new Money(1200).times(181).div(365)) });
  });

  it('property: over random contracts the bills of a whole term add up to the sum of their rounded parts and each is within a fen of the exact share', () => {
    let seed = 7;
    const r = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    for (let i = 0; i < 60; i++) {
      const cycle = (['annual', 'semiannual', 'quarterly'] as const)[Math.floor(r() * 3)]!;
      const start = `20${26 + Math.floor(r() * 5)}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
      const t = terms({ pay_cycle: cycle, start_date: start, end_date: termEnd(start, 1 + Math.floor(r() * 5)), rent_rate: new Money(Math.floor(r() * 1e6)).div(1e4).plus('0.0001').toFixed(4), panel_count: 1 + Math.floor(r() * 80) });
      const bills = billsThrough(t, t.end_date);
      const exact = bills.reduce((s, b) => s.plus(new Money(b.rate).times(t.panel_count!).times(b.days).div((cycle === 'annual' ? 1 : cycle === 'semiannual' ? 2 : 4) * b.period_days)), new Money(0));
      const total = sumMoney(bills.map((b) => b.amount));
      // each bill is rounded once: the total differs from the exact rent by at most half a fen per bill
      expect(new Money(total).minus(exact).abs().lte(new Money('0.005').times(bills.length)), `contract ${i}`).toBe(true);
      // coverage is contiguous from the start to the end
      expect(bills[0]!.cover_start).toBe(start);
      expect(bills.at(-1)!.cover_end).toBe(t.end_date);
      expect(bills.reduce((n, b) => n + b.days, 0)).toBe(Math.round((Date.parse(t.end_date) - Date.parse(start)) / 86400000) + 1);
    }
  });
});

describe('the add schema', () => {
  const body = { station_id: 1, start_date: '2026-03-16', rent_rule: 'per_panel', rent_rate: '30', pay_cycle: 'annual', payee_name: '张三', bank_name: '中国农业银行', bank_card: '6228 4804 0256 4890 018' };
  it('normalises the rate and strips spaces from the card', () => {
    const v = leaseAddSchema.parse(body);
    expect(v.rent_rate).toBe('30.0000');
    expect(v.bank_card).toBe('6228480402564890018');
    expect(v.term_years).toBe(25);
  });
  it.each([
    ['a negative rate', { rent_rate: '-1' }, 'validation.rent_rate'],
    ['a zero rate', { rent_rate: 0 }, 'validation.rent_rate'],
    ['a rate that is not a number', { rent_rate: 'abc' }, 'validation.rent_rate'],
    ['an escalation that is not a number', { escalation_pct: 'abc', escalation_years: 5 }, 'validation.escalation_pct'],
    ['a capacity that is not a number', { capacity_kwp: 'abc' }, 'validation.capacity'],
    ['a float rate', { rent_rate: 0.1 + 0.2 }, 'validation.rent_rate'],
    ['a card failing its check digit', { bank_card: '6228480402564890017' }, 'validation.bank_card'],
    ['a date that does not exist', { start_date: '2026-02-30' }, 'validation.date'],
    ['an escalation without its interval', { escalation_pct: '3' }, 'validation.escalation_years'],
    ['a term of 40 years', { term_years: 40 }, 'validation.term_years'],
  ])('refuses %s', (_what, over, message) => {
    const r = leaseAddSchema.safeParse({ ...body, ...over });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toContain(message);
  });
});
