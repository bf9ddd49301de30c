import { describe, expect, it } from 'vitest';
import { HttpError } from 'ra-core';
import { ApiError } from '@pv/client';
import { fakeClient } from './fakeClient.ts';
import {
  agentEditSchema,
  customerEditSchema,
  departmentEditSchema,
  matterEditSchema,
  messageCreateSchema,
  messageEditSchema,
  MESSAGE_CREATE_FIELDS,
  roleEditSchema,
  stationEditSchema,
  userEditSchema,
  workOrderEditSchema,
  materialEditSchema,
  warehouseEditSchema,
  operationPlanEditSchema,
  partnerEditSchema,
  invoiceEditSchema,
  CUSTOMER_EDITABLE,
  KEYWORD_COUNT_CAP,
} from '@pv/contract';
import zh from '../src/i18n/zh.ts';
import en from '../src/i18n/en.ts';
import { EDITABLE, changedFields, createDataProvider, editBody, filterParams } from '../src/providers/dataProvider.ts';
import { RESOURCE_BINDINGS } from '../src/providers/resources.ts';
import { fieldErrorsOf, toHttpError } from '../src/providers/errors.ts';


const I = 'customer/intentionalCustomer';

describe('dataProvider → customer API', () => {
  it('getList: page/perPage → page/limit, sort/order, filters, q and the fixed stage', async () => {
    const { api, calls } = fakeClient(() => ({ list: [{ id: 1, name: '张三' }], total: 41 }));
    const dp = createDataProvider(api);
    const result = await dp.getList(I, {
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'created_at', order: 'ASC' },
      filter: { q: '张', status: 'new', province_code: '', created_at_lte: '2026-01-31', stage: 'formal' },
    });
    expect(result).toEqual({ data: [{ id: 1, name: '张三' }], total: 41 });
    expect(calls[0]!.url).toBe('/api/system/customer/index');
    expect(calls[0]!.silent).toBe(true);
    expect(calls[0]!.params).toEqual({
      page: 3,
      limit: 20,
      sort: 'created_at',
      order: 'ASC',
      q: '张',
      status: 'new',
      created_at_lte: '2026-01-31 23:59:59',
      stage: 'intentional',
    });
  });

  it('getList: a broad keyword whose count the server capped pages on without a total', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ id: i + 1 }));
    const { api } = fakeClient((c) => ({ list: c.params?.page === 2 ? rows.slice(0, 7) : rows, total: KEYWORD_COUNT_CAP, total_exact: false }));
    const dp = createDataProvider(api);
    const first = await dp.getList(I, { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'DESC' }, filter: { q: '张' } });
    expect(first).toEqual({ data: rows, pageInfo: { hasNextPage: true, hasPreviousPage: false } });
    const last = await dp.getList(I, { pagination: { page: 2, perPage: 20 }, sort: { field: 'id', order: 'DESC' }, filter: { q: '张' } });
    expect(last.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
    expect(last.total).toBeUndefined();
    // the words shown for such a page name the cap
    expect(zh.ra.navigation.partial_page_range_info).toContain(String(KEYWORD_COUNT_CAP));
    expect(en.ra.navigation.partial_page_range_info).toContain(KEYWORD_COUNT_CAP.toLocaleString('en'));
  });

  it('formal customers list with stage=formal', async () => {
    const { api, calls } = fakeClient(() => ({ list: [], total: 0 }));
    await createDataProvider(api).getList('customer/customerList', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    expect(calls[0]!.params).toMatchObject({ stage: 'formal', order: 'DESC' });
  });

  it('getOne / getMany → get_info', async () => {
    const { api, calls } = fakeClient((c) => ({ id: Number(c.params?.id), name: 'x' }));
    const dp = createDataProvider(api);
    expect((await dp.getOne(I, { id: 7 })).data).toEqual({ id: 7, name: 'x' });
    expect((await dp.getMany(I, { ids: [1, 2] })).data.map((r) => r.id)).toEqual([1, 2]);
    expect(calls.map((c) => c.url)).toEqual(Array(3).fill('/api/system/customer/get_info'));
  });

  it('create → add with the stage and without empty values', async () => {
    const { api, calls } = fakeClient((c) => ({ id: 9, ...(c.data as object) }));
    const { data } = await createDataProvider(api).create(I, { data: { name: '李四', phone: '13800000000', id_card: null, address: '' } });
    expect(calls[0]).toMatchObject({ url: '/api/system/customer/add', method: 'POST', data: { stage: 'intentional', name: '李四', phone: '13800000000' } });
    expect(data.id).toBe(9);
  });

  it('update → edit with id, version and the changed fields only', async () => {
    const { api, calls } = fakeClient(() => ({ id: 5, version: 4 }));
    const previousData = { id: 5, version: 3, name: '王五', phone: '13800000000', remark: null, created_at: '2026-01-01' };
    await createDataProvider(api).update(I, {
      id: 5,
      data: { ...previousData, phone: '13900000000', remark: '', created_at: 'x' },
      previousData,
    });
    expect(calls[0]).toMatchObject({ url: '/api/system/customer/edit', data: { id: 5, version: 3, phone: '13900000000' } });
    expect(Object.keys(calls[0]!.data as object).sort()).toEqual(['id', 'phone', 'version']);
  });

  it('delete → del?id, deleteMany → del?ids', async () => {
    const { api, calls } = fakeClient(() => [1]);
    const dp = createDataProvider(api);
    await dp.delete(I, { id: 1, previousData: { id: 1 } });
    await dp.deleteMany(I, { ids: [1, 2, 3] });
    expect(calls[0]).toMatchObject({ url: '/api/system/customer/del', method: 'GET', params: { id: 1 } });
    expect(calls[1]).toMatchObject({ url: '/api/system/customer/del', params: { ids: '1,2,3' } });
  });

  it('named actions: follow_up, follow_ups, survey, convert, lose, history, update_field', async () => {
    const { api, calls } = fakeClient((c) => (c.url.endsWith('follow_ups') || c.url.endsWith('history') ? { list: [{ id: 1 }], total: 1 } : { id: 1 }));
    const dp = createDataProvider(api);
    await dp.followUp({ customer_id: 1, way: 'phone', content: '电话沟通' });
    expect((await dp.followUps(1)).data).toEqual([{ id: 1 }]);
    await dp.survey({ id: 1, version: 2 });
    await dp.convert({ id: 1, version: 3, business_mode: 'lease', financier: '' });
    await dp.lose({ id: 1, version: 4, reason: '价格' });
    expect((await dp.historyOf('customer', 1)).data).toEqual([{ id: 1 }]);
    await dp.updateField(I, { id: 1, field: 'app_enabled', value: true });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/system/customer/follow_up',
      'GET /api/system/customer/follow_ups',
      'POST /api/system/customer/survey',
      'POST /api/system/customer/convert',
      'POST /api/system/customer/lose',
      'GET /api/system/customer/history',
      'POST /api/system/customer/update_field',
    ]);
    expect(calls[3]!.data).toEqual({ id: 1, version: 3, business_mode: 'lease' });
    expect(calls.every((c) => c.silent)).toBe(true);
  });

  it('errors become HttpError with the server msg, status and field errors', async () => {
    const { api } = fakeClient(
      () => new ApiError('请输入正确的手机号', { code: 400, status: 400, url: '/x', data: { errors: { phone: '请输入正确的手机号' } } }),
    );
    const error = await createDataProvider(api).create(I, { data: { phone: '123' } }).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('请输入正确的手机号');
    expect(error.status).toBe(400);
    expect(error.body.errors).toEqual({ phone: '请输入正确的手机号' });
  });
});

/** The edit schema the server parses `<api>/edit` with, for every API resource whose edits the data provider limits. */
const EDIT_SCHEMAS = {
  agent: agentEditSchema,
  customer: customerEditSchema,
  department: departmentEditSchema,
  matter: matterEditSchema,
  message: messageEditSchema,
  role: roleEditSchema,
  station: stationEditSchema,
  user: userEditSchema,
  work_order: workOrderEditSchema,
  material: materialEditSchema,
  warehouse: warehouseEditSchema,
  operation_plan: operationPlanEditSchema,
  partner: partnerEditSchema,
  invoice: invoiceEditSchema,
};
const schemaKeys = (schema: { shape: object }) => Object.keys(schema.shape).sort();

describe('edits send exactly the fields of the contract edit schema', () => {
  it('each editable list is the keys of its resource edit schema minus id and version', () => {
    expect(Object.keys(EDITABLE).sort()).toEqual(Object.keys(EDIT_SCHEMAS).sort());
    for (const [api, schema] of Object.entries(EDIT_SCHEMAS)) {
      expect([...EDITABLE[api]!].sort(), api).toEqual(schemaKeys(schema).filter((k) => k !== 'id' && k !== 'version'));
    }
    // a user's status and password are actions (set_status, reset_password), never edits
    expect(EDITABLE.user).not.toContain('status');
    expect(EDITABLE.user).not.toContain('password');
    expect(MESSAGE_CREATE_FIELDS).toEqual(Object.keys(messageCreateSchema.shape));
  });

  it('the lists are keyed by API resources the console binds', () => {
    const apis = new Set(Object.values(RESOURCE_BINDINGS).map((b) => b.api));
    for (const api of Object.keys(EDITABLE)) expect(apis.has(api), api).toBe(true);
  });

  it('editBody: a record changed in every field (and in read-only ones) gives id, version and the schema fields, nothing else', () => {
    for (const [api, schema] of Object.entries(EDIT_SCHEMAS)) {
      const fields = Object.keys(schema.shape).filter((k) => k !== 'id' && k !== 'version');
      const previous: Record<string, unknown> = { id: 7, version: 3, created_at: '2026-01-01T00:00:00Z', status: 'x', code_no: 'A1', password: 'p' };
      const data: Record<string, unknown> = { ...previous, created_at: '2026-02-02T00:00:00Z', status: 'y', code_no: 'B2', password: 'q', extra_name: 'shown only' };
      for (const f of fields) {
        previous[f] = `old ${f}`;
        data[f] = `new ${f}`;
      }
      const body = editBody(api, 7, data, previous);
      expect(Object.keys(body).sort(), api).toEqual(schemaKeys(schema));
      expect(body, api).toMatchObject({ id: 7, version: 3 });
    }
  });

  it('editBody: unchanged fields stay home; a resource without a list sends what changed', () => {
    const previous = { id: 1, version: 5, full_name: '张三', phone: '13800000000', status: 'enabled' };
    expect(editBody('user', 1, { ...previous, full_name: '李四', status: 'disabled' }, previous)).toEqual({ id: 1, version: 5, full_name: '李四' });
    expect(editBody('menu', 1, { id: 1, version: 2, title: '新' }, { id: 1, version: 2, title: '旧' })).toEqual({ id: 1, version: 2, title: '新' });
  });

  it('update on the user screen posts that body to user/edit', async () => {
    const { api, calls } = fakeClient(() => ({ id: 1, version: 6 }));
    const previousData = { id: 1, version: 5, username: 'zs', full_name: '张三', status: 'enabled', roles: [{ id: 1 }], role_ids: [1] };
    await createDataProvider(api).update('setting/userManagement', { id: 1, data: { ...previousData, status: 'disabled', role_ids: [1, 2], roles: [] }, previousData });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/system/user/edit' });
    expect(calls[0]!.data).toEqual({ id: 1, version: 5, role_ids: [1, 2] });
  });
});

describe('helpers', () => {
  it('CUSTOMER_EDITABLE is the contract edit schema minus id and version', () => {
    const keys = Object.keys(customerEditSchema.shape).filter((k) => k !== 'id' && k !== 'version');
    expect([...CUSTOMER_EDITABLE].sort()).toEqual(keys.sort());
  });
  it('filterParams drops empty values', () => {
    expect(filterParams({ a: '', b: null, c: [], d: 0, e: 'x' })).toEqual({ d: 0, e: 'x' });
  });
  it('changedFields compares by value', () => {
    expect(changedFields({ a: 1, b: { x: 1 }, c: '' }, { a: 1, b: { x: 1 }, c: null })).toEqual({});
    expect(changedFields({ a: 2 }, { a: 1 })).toEqual({ a: 2 });
  });
  it('fieldErrorsOf reads the common shapes', () => {
    expect(fieldErrorsOf({ errors: { phone: 'bad' } })).toEqual({ phone: 'bad' });
    expect(fieldErrorsOf({ errors: [{ path: ['phone'], message: 'bad' }] })).toEqual({ phone: 'bad' });
    expect(fieldErrorsOf([{ field: 'name', msg: 'x' }])).toEqual({ name: 'x' });
    expect(fieldErrorsOf('nope')).toBeNull();
  });
  it('toHttpError keeps the code as status (402 → checkError logs out)', () => {
    const e = toHttpError(new ApiError('登录已过期', { code: 402, url: '/x' })) as HttpError;
    expect(e.status).toBe(402);
  });
});
