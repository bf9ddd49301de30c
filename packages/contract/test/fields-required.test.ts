import { describe, expect, it } from 'vitest';
import { customerCreateSchema, customerConvertSchema } from '../src/index.ts';

describe('a missing value says it is required', () => {
  it('province and a required choice', () => {
    const province = customerCreateSchema.safeParse({ name: '王建国', phone: '13800138000' });
    expect(province.success).toBe(false);
    expect(province.error!.issues.find((i) => i.path[0] === 'province_code')?.message).toBe('validation.required');
    const mode = customerConvertSchema.safeParse({ id: 1, version: 1 });
    expect(mode.error!.issues.find((i) => i.path[0] === 'business_mode')?.message).toBe('validation.required');
  });
  it('a value outside the list still says choose a valid option', () => {
    const r = customerConvertSchema.safeParse({ id: 1, version: 1, business_mode: 'barter' });
    expect(r.error!.issues.find((i) => i.path[0] === 'business_mode')?.message).toBe('validation.enum');
  });
});
