import { describe, expect, it } from 'vitest';
import { customerConvertSchema, customerCreateSchema, customerLoseSchema } from '@pv/contract';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { contractResolver } from '../src/forms/zodResolver.ts';
import zh from '../src/i18n/zh.ts';
import en from '../src/i18n/en.ts';

/** The real polyglot translate over our catalogues, as react-admin's useTranslate gives it. */
const translator = (catalogue: any) => polyglotI18nProvider(() => catalogue, 'x', [], { allowMissing: true }).translate;

const run = (resolver: ReturnType<typeof contractResolver>, values: Record<string, unknown>) =>
  resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false } as any) as Promise<{ errors: Record<string, { message: string }> }>;

describe('contractResolver', () => {
  it('shows the server’s messages for a bad phone, in zh and en', async () => {
    const values = { name: '张三', phone: '123', province_code: '110000', source: 'phone' };
    const zhResult = await run(contractResolver(customerCreateSchema, translator(zh)), values);
    expect(zhResult.errors.phone?.message).toBe('请输入正确的手机号');
    const enResult = await run(contractResolver(customerCreateSchema, translator(en)), values);
    expect(enResult.errors.phone?.message).toBe('Please enter a valid mobile number');
  });
  it('passes valid values through', async () => {
    const values = { name: '张三', phone: '13800138000', province_code: '110000', source: 'phone' };
    const result = await run(contractResolver(customerCreateSchema, translator(zh)), values);
    expect(result.errors).toEqual({});
  });
  it('requires a reason to mark lost', async () => {
    const result = await run(contractResolver(customerLoseSchema, translator(zh)), { id: 1, version: 1, reason: ' ' });
    expect(result.errors.reason?.message).toBe('请填写流失原因');
  });
  it('fills %{placeholders} of parametrised messages', async () => {
    const result = await run(contractResolver(customerCreateSchema, translator(zh)), {
      name: '张三', phone: '13800138000', province_code: '110000', address: 'x'.repeat(201),
    });
    expect(result.errors.address?.message).toBe('长度不能超过200个字符');
  });
  it('says a missing required choice is required, in the UI language (not zod’s English)', async () => {
    const values = { name: '张三', phone: '13800138000', source: 'phone' };
    const zhResult = await run(contractResolver(customerCreateSchema, translator(zh)), values);
    expect(zhResult.errors.province_code?.message).toBe('此项不能为空');
    const enResult = await run(contractResolver(customerCreateSchema, translator(en)), values);
    expect(enResult.errors.province_code?.message).toBe('This field is required');
  });
  it('says an empty required enum is required (not 请选择有效的选项), and keeps a schema’s own required message', async () => {
    const convert = await run(contractResolver(customerConvertSchema, translator(zh)), { id: 1, version: 1 });
    expect(convert.errors.business_mode?.message).toBe('此项不能为空');
    const lose = await run(contractResolver(customerLoseSchema, translator(zh)), { id: 1, version: 1 });
    expect(lose.errors.reason?.message).toBe('请填写流失原因');
  });
});
