import { describe, expect, it } from 'vitest';
import { allowedClaimButtons, claimCreatePath, numberPreview, policyOpen } from '../src/resources/insurance/logic.ts';
import { policyBody } from '../src/resources/insurance/PolicyCreate.tsx';

/** 保险 console logic: the claim's buttons by state and permission, the form → request, paths. */
describe('insurance console logic', () => {
  it('shows the claim buttons the state allows and the user holds', () => {
    const all = () => true;
    expect(allowedClaimButtons('reported', all)).toEqual(['submit']);
    expect(allowedClaimButtons('submitted', all)).toEqual(['assess', 'reject']);
    expect(allowedClaimButtons('assessed', all)).toEqual(['pay', 'reject']);
    expect(allowedClaimButtons('paid', all)).toEqual([]);
    expect(allowedClaimButtons('submitted', (c) => c === 'insurance_claim:reject')).toEqual(['reject']);
    expect(policyOpen('active')).toBe(true);
    expect(policyOpen('renewed')).toBe(false);
  });

  it('sends picked stations or a filter, never the form-only fields', () => {
    const picked = policyBody({ mode: 'pick', policy_no: 'P-1', stations: [{ station_id: 3, sum_insured: '100' }], province_code: '370000', remark: '' });
    expect(picked).toEqual({ policy_no: 'P-1', stations: [{ station_id: 3, sum_insured: '100' }] });
    const filtered = policyBody({ mode: 'filter', policy_no: 'P-2', stations: [{}], province_code: '370000', grid_from: '2025-01-01', agent_id: null, sum_insured: '500' });
    expect(filtered).toEqual({ policy_no: 'P-2', filter: { province_code: '370000', grid_from: '2025-01-01' }, sum_insured: '500' });
  });

  it('previews renewal numbers and builds the claim form path from a maintenance order', () => {
    expect(numberPreview('RN-', 1, 3, 5)).toEqual(['RN-001', 'RN-002', 'RN-003']);
    expect(claimCreatePath({ station_id: 7, maintenance_id: 9 })).toBe('/partner/insuranceClaim/create?station_id=7&maintenance_id=9');
    expect(claimCreatePath()).toBe('/partner/insuranceClaim/create');
  });
});
