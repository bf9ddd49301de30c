import { describe, expect, it } from 'vitest';
import { claimAmountsOk, claimCreateSchema, policyCreateSchema, policyRenewSchema, policyState, renewalTerm, renewedPremium, sequenceNo } from '../src/index.ts';

/** 保险 (issue 15): the state by the dates, renewal premium / term / numbers, amounts in order, the schemas. */
describe('insurance', () => {
  it('derives the state from the dates: pending, active, expiring within 30 days, expired; stored states win', () => {
    const p = (start_date: string, end_date: string, status = 'active') => policyState({ status, start_date, end_date }, '2026-11-27');
    expect(p('2026-12-01', '2027-11-30')).toBe('pending');
    expect(p('2026-01-01', '2027-01-01')).toBe('active');
    expect(p('2026-01-01', '2026-12-27')).toBe('expiring');
    expect(p('2026-01-01', '2026-12-28')).toBe('active');
    expect(p('2026-01-01', '2026-11-27')).toBe('expiring');
    expect(p('2026-01-01', '2026-11-26')).toBe('expired');
    expect(p('2026-01-01', '2026-11-26', 'renewed')).toBe('renewed');
    expect(p('2026-01-01', '2026-12-01', 'surrendered')).toBe('surrendered');
  });

  it('renews: the same premium or ± % rounded once half away from zero; the term from the day after; numbers by sequence', () => {
    expect(renewedPremium('1000.00', 'same')).toBe('1000.00');
    expect(renewedPremium('1000.00', 'percent', '5')).toBe('1050.00');
    expect(renewedPremium('333.33', 'percent', '5')).toBe('350.00');
    expect(renewedPremium('0.10', 'percent', '5')).toBe('0.11');
    expect(renewedPremium('1000.00', 'percent', '-12.5')).toBe('875.00');
    expect(renewalTerm('2026-12-31', 1)).toEqual({ start_date: '2027-01-01', end_date: '2027-12-31' });
    expect(renewalTerm('2028-02-28', 1)).toEqual({ start_date: '2028-02-29', end_date: '2029-02-28' });
    expect([0, 1, 2].map((n) => sequenceNo('RN-', 9, n, 3))).toEqual(['RN-009', 'RN-010', 'RN-011']);
  });

  it('keeps the amounts in order: approved ≤ claimed, received ≤ approved', () => {
    expect(claimAmountsOk({ amount_claimed: '100.00', amount_approved: '100.00', amount_received: '99.99' })).toBe(true);
    expect(claimAmountsOk({ amount_claimed: '100.00', amount_approved: '100.01' })).toBe(false);
    expect(claimAmountsOk({ amount_approved: '50.00', amount_received: '50.01' })).toBe(false);
  });

  it('refuses bad input in the schemas', () => {
    const base = { policy_no: 'pa-2026-001', kind: 'property', insurer_id: 1, start_date: '2026-01-01', end_date: '2026-12-31', premium: '100', stations: [{ station_id: 1, sum_insured: '1000' }] };
    const ok = policyCreateSchema.safeParse(base);
    expect(ok.success && ok.data.policy_no).toBe('PA-2026-001');
    expect(ok.success && ok.data.premium).toBe('100.00');
    expect(policyCreateSchema.safeParse({ ...base, end_date: '2025-12-31' }).success).toBe(false);
    expect(policyCreateSchema.safeParse({ ...base, stations: [] }).success).toBe(false);
    expect(policyCreateSchema.safeParse({ ...base, stations: [], filter: { province_code: '370000' }, sum_insured: '500' }).success).toBe(true);
    expect(policyCreateSchema.safeParse({ ...base, premium: 0.1 + 0.2 }).success).toBe(false);
    expect(policyRenewSchema.safeParse({ ids: [1], term_years: 1, premium_rule: 'percent', prefix: 'X', seq_start: 1 }).success).toBe(false);
    expect(policyRenewSchema.safeParse({ ids: [1], term_years: 1, premium_rule: 'same' }).success).toBe(false);
    expect(policyRenewSchema.safeParse({ ids: [1], term_years: 1, premium_rule: 'same', numbers: { 1: 'NEW-0001' } }).success).toBe(true);
    expect(claimCreateSchema.safeParse({ station_id: 1, cause: 'flood', incident_date: '2026-01-01', description: 'x', amount_claimed: '1' }).success).toBe(false);
    expect(claimCreateSchema.safeParse({ station_id: 1, cause: 'hail', incident_date: '2026-02-30', description: 'x', amount_claimed: '1' }).success).toBe(false);
  });
});
