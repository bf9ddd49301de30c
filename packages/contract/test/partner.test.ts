import { describe, expect, it } from 'vitest';
import { CREDIT_CODE_ALPHABET, PARTNER_EDITABLE, certificateState, creditCodeCheck, isContactPhone, isCreditCode, partnerCreateSchema, partnerEditSchema } from '../src/index.ts';

/** 统一社会信用代码 (GB 32100-2015), the certificate states and the partner schemas. */
describe('unified social credit code', () => {
  it('accepts real codes and refuses a wrong check character, a letter outside the alphabet, a wrong length', () => {
    for (const c of ['91350100M000100Y43', '91110000100006485K', '9144030071526726XG']) expect(isCreditCode(c), c).toBe(true);
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91350100M000100I43')).toBe(false); // I is not in the alphabet
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    expect(isCreditCode('91350100m000100y43')).toBe(false); // the schema upper-cases, the check does not
  });
  it('computes the check character: 31 − (Σ mod 31), 31 → 0, over the 31-character alphabet', () => {
    expect(CREDIT_CODE_ALPHABET).toHaveLength(31);
    // every 17-character body has exactly one check character that passes
    const body = '91350100M000100Y4';
    const passing = [...CREDIT_CODE_ALPHABET].filter((c) => isCreditCode(body + c));
    expect(passing).toEqual([creditCodeCheck(body)]);
    // a body whose weighted sum is a multiple of 31 checks with 0 (31 → 0)
    expect(creditCodeCheck('00000000000000000')).toBe('0');
    expect(creditCodeCheck('0000000000000000O')).toBeNull();
  });
});

describe('certificate state', () => {
  it('is expired after its last day, expiring within 30 days, valid before', () => {
    expect(certificateState('2026-11-26', '2026-11-27')).toBe('expired');
    expect(certificateState('2026-11-27', '2026-11-27')).toBe('expiring');
    expect(certificateState('2026-12-27', '2026-11-27')).toBe('expiring');
    expect(certificateState('2026-12-28', '2026-11-27')).toBe('valid');
  });
});

describe('partner schemas', () => {
  const base = { name: '山东光伏建设有限公司', kind: 'installer', credit_code: ' 91350100m000100y43 ' };
  it('normalises the code, defaults the lists, and checks a personal card with Luhn but not a corporate account', () => {
    const ok = partnerCreateSchema.parse(base);
    expect(ok.credit_code).toBe('91350100M000100Y43');
    expect(ok.contacts).toEqual([]);
    expect(ok.account_type).toBe('corporate');
    const account = { account_holder: '山东光伏建设有限公司', bank_name: '中国农业银行' };
    expect(partnerCreateSchema.safeParse({ ...base, ...account, account_no: '1234 5678 9012' }).success).toBe(true);
    expect(partnerCreateSchema.safeParse({ ...base, ...account, account_type: 'personal', account_no: '6228480402564890017' }).success).toBe(false);
    expect(partnerCreateSchema.safeParse({ ...base, ...account, account_type: 'personal', account_no: '6228480402564890018' }).success).toBe(true);
    expect(partnerCreateSchema.safeParse({ ...base, account_no: '12345678' }).error?.issues.map((i) => i.message)).toEqual(['validation.account_holder', 'validation.account_bank']);
  });
  it('allows one primary contact, a landline, and a certificate whose dates are in order', () => {
    const c = (primary: boolean, phone = '13800138000') => ({ name: '王工', phone, primary });
    expect(partnerCreateSchema.safeParse({ ...base, contacts: [c(true), c(true)] }).error?.issues[0]?.message).toBe('validation.contact_primary');
    expect(partnerCreateSchema.safeParse({ ...base, contacts: [c(true), c(false, '0531-88886666')] }).success).toBe(true);
    expect(isContactPhone('12345')).toBe(false);
    const cert = { name: '电力施工资质', expires_on: '2027-01-01', issued_on: '2027-02-01' };
    expect(partnerCreateSchema.safeParse({ ...base, certificates: [cert] }).error?.issues[0]?.message).toBe('validation.cert_dates');
    expect(partnerCreateSchema.safeParse({ ...base, certificates: [{ ...cert, issued_on: '2024-02-01' }] }).success).toBe(true);
  });
  it('edits with id and version and names the editable fields', () => {
    expect(PARTNER_EDITABLE).toContain('credit_code');
    expect(PARTNER_EDITABLE).not.toContain('status');
    expect(partnerEditSchema.safeParse({ id: 1, version: 1, kind: 'supplier' }).success).toBe(true);
    expect(partnerEditSchema.safeParse({ id: 1, version: 1, status: 'disabled' }).success).toBe(false);
  });
});
