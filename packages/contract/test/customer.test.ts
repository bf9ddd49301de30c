import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  customerConvertSchema,
  customerCreateSchema,
  customerEditSchema,
  customerLoseSchema,
  deleteSchema,
  followUpCreateSchema,
  listQuerySchema,
  loginSchema,
  updateFieldSchema,
} from '../src/index.ts';

const good = {
  name: '张三',
  phone: '13800138000',
  id_card: '11010519491231002X',
  province_code: '370000',
  city_code: '370100',
  address: '历下区泉城路1号',
  roof_type: 'flat',
  roof_area_m2: 120,
  estimated_kwp: 20.5,
  source: 'agent',
  agent_id: 3,
  remark: null,
};

/** The issues of a failed parse as [path, message]. */
function issues(result: z.ZodSafeParseResult<unknown>) {
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => [i.path.join('.'), i.message, i.code]);
}

describe('customerCreateSchema', () => {
  it('accepts a good customer and fills the defaults', () => {
    const result = customerCreateSchema.safeParse(good);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ ...good, stage: 'intentional' });
  });

  it('defaults source to phone when not given', () => {
    const { source: _source, ...rest } = good;
    expect(customerCreateSchema.parse(rest).source).toBe('phone');
  });

  it('trims the name and phone', () => {
    expect(customerCreateSchema.parse({ ...good, name: ' 李四 ', phone: ' 13900139000 ' })).toMatchObject({ name: '李四', phone: '13900139000' });
  });

  it.each(['1380013800', '23800138000', '138001380001', 'abcdefghijk'])('refuses the bad phone %j with validation.phone', (phone) => {
    expect(issues(customerCreateSchema.safeParse({ ...good, phone }))).toEqual([['phone', 'validation.phone', 'custom']]);
  });

  it('an empty or missing phone asks for one (validation.phone_required)', () => {
    // zod 4 still runs the refine after min(1) fails, so the format message follows; a form shows the first one
    expect(issues(customerCreateSchema.safeParse({ ...good, phone: '' }))[0]).toEqual(['phone', 'validation.phone_required', 'too_small']);
    const { phone: _phone, ...rest } = good;
    expect(issues(customerCreateSchema.safeParse(rest))).toEqual([['phone', 'validation.phone_required', 'invalid_type']]);
  });

  it('refuses an unknown field', () => {
    const result = customerCreateSchema.safeParse({ ...good, is_vip: true });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toHaveLength(1);
    expect(result.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['is_vip'] });
  });

  it.each(['999999', '37', '', 'Shandong'])('refuses the bad province %j with validation.region', (province_code) => {
    expect(issues(customerCreateSchema.safeParse({ ...good, province_code }))).toEqual([['province_code', 'validation.region', 'custom']]);
  });

  it('refuses an unknown city code', () => {
    expect(issues(customerCreateSchema.safeParse({ ...good, city_code: '379900' }))).toEqual([['city_code', 'validation.region', 'custom']]);
  });

  it('refuses a bad name, ID card, enum and out-of-range number', () => {
    expect(issues(customerCreateSchema.safeParse({ ...good, name: 'Zhang San' }))).toEqual([['name', 'validation.chinese_name', 'custom']]);
    expect(issues(customerCreateSchema.safeParse({ ...good, id_card: '110105194912310021' }))).toEqual([['id_card', 'validation.id_card', 'custom']]);
    expect(issues(customerCreateSchema.safeParse({ ...good, roof_type: 'glass' }))[0]!.slice(0, 2)).toEqual(['roof_type', 'validation.enum']);
    expect(issues(customerCreateSchema.safeParse({ ...good, estimated_kwp: -1 }))[0]!.slice(0, 2)).toEqual([
      'estimated_kwp',
      'validation.number_range|0|10000',
    ]);
    expect(issues(customerCreateSchema.safeParse({ ...good, address: 'x'.repeat(201) }))[0]!.slice(0, 2)).toEqual([
      'address',
      'validation.too_long|200',
    ]);
  });

  it('lets optional fields be null or missing', () => {
    expect(customerCreateSchema.safeParse({ name: '王五', phone: '13700137000', province_code: '110000', id_card: null, city_code: null }).success).toBe(true);
  });
});

describe('customerEditSchema', () => {
  it('accepts only the changed fields plus id and version', () => {
    expect(customerEditSchema.parse({ id: '5', version: 2, phone: '13800138001' })).toEqual({ id: 5, version: 2, phone: '13800138001' });
  });
  it('requires the version (optimistic locking)', () => {
    expect(issues(customerEditSchema.safeParse({ id: 5, phone: '13800138001' })).map((i) => i[0])).toEqual(['version']);
  });
  it('still validates what it gets and refuses unknown fields', () => {
    expect(issues(customerEditSchema.safeParse({ id: 5, version: 1, phone: '123' }))).toEqual([['phone', 'validation.phone', 'custom']]);
    expect(customerEditSchema.safeParse({ id: 5, version: 1, stage: 'formal' }).success).toBe(false);
  });
});

describe('customer transitions and follow-ups', () => {
  it('convert needs a business mode', () => {
    expect(customerConvertSchema.safeParse({ id: 1, version: 0, business_mode: 'lease' }).success).toBe(true);
    expect(customerConvertSchema.safeParse({ id: 1, version: 0 }).success).toBe(false);
  });
  it('lose needs a reason', () => {
    expect(customerLoseSchema.safeParse({ id: 1, version: 0, reason: '价格太高' }).success).toBe(true);
    expect(issues(customerLoseSchema.safeParse({ id: 1, version: 0, reason: '  ' }))).toEqual([['reason', 'validation.lost_reason_required', 'too_small']]);
  });
  it('a follow-up needs a way and content', () => {
    expect(followUpCreateSchema.safeParse({ customer_id: 1, way: 'visit', content: '上门踏勘', next_date: '2025-01-02' }).success).toBe(true);
    expect(followUpCreateSchema.safeParse({ customer_id: 1, way: 'fax', content: 'x' }).success).toBe(false);
    expect(issues(followUpCreateSchema.safeParse({ customer_id: 1, way: 'phone', content: 'x', next_date: 'someday' }))[0]!.slice(0, 2)).toEqual([
      'next_date',
      'validation.date',
    ]);
  });
});

describe('common request schemas', () => {
  it('list query: coerces and defaults, upper-cases order, caps limit', () => {
    expect(listQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(listQuerySchema.parse({ page: '3', limit: '50', order: 'desc', sort: 'created_at' })).toEqual({
      page: 3,
      limit: 50,
      order: 'DESC',
      sort: 'created_at',
    });
    expect(listQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ order: 'sideways' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
  it('delete takes one id or many', () => {
    expect(deleteSchema.parse({ id: '4' })).toEqual({ id: 4 });
    expect(deleteSchema.parse({ ids: ['1', 2] })).toEqual({ ids: [1, 2] });
    expect(deleteSchema.parse({ ids: '1,2' })).toEqual({ ids: '1,2' });
    expect(deleteSchema.safeParse({}).success).toBe(false);
    expect(deleteSchema.safeParse({ ids: [] }).success).toBe(false);
  });
  it('update_field needs id and field', () => {
    expect(updateFieldSchema.parse({ id: 1, field: 'remark', value: 'x' })).toEqual({ id: 1, field: 'remark', value: 'x' });
    expect(updateFieldSchema.safeParse({ id: 1, value: 'x' }).success).toBe(false);
  });
  it('login: an empty user name says 用户名不能为空 (by key)', () => {
    expect(issues(loginSchema.safeParse({ username: ' ', password: 'x' }))).toEqual([['username', 'validation.username_required', 'too_small']]);
    expect(loginSchema.safeParse({ username: 'admin', password: 'secret' }).success).toBe(true);
  });
});
