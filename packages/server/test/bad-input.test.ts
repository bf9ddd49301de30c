import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { customers, sysLog } from '../src/db/schema/index.ts';
import { call, customerBody, login, startApp, type TestApp } from './helpers.ts';

/** Issue 2 "Bad input": right code, actionable msg in the caller's language, never 500, database unchanged. */
let t: TestApp;
let token: string;
let existing: { id: number };
const base = '/api/system/customer';

beforeAll(async () => {
  t = await startApp();
  token = await login(t.app);
  existing = (await call(t.app, 'POST', `${base}/add`, { token, body: customerBody() })).data;
});
afterAll(async () => t.close());

async function snapshot() {
  const [c] = await t.handle.db.select({ n: count() }).from(customers);
  const rows = await t.handle.db.select().from(customers);
  const [l] = await t.handle.db.select({ n: count() }).from(sysLog);
  return { customers: c!.n, rows, log: l!.n };
}

type Case = [name: string, method: 'GET' | 'POST', url: string, opts: Record<string, unknown>, status: number, zh: string | RegExp, en: string | RegExp];

const cases = (): Case[] => [
  ['malformed JSON', 'POST', `${base}/add`, { raw: '{"name": "张三",' }, 400, '请求内容不是合法的JSON', 'The request body is not valid JSON'],
  ['wrong type (number for name)', 'POST', `${base}/add`, { body: customerBody({ name: 123 }) }, 400, '姓名：类型不对，应为文本', 'Name: Wrong type, expected text'],
  ['wrong type (string for estimated_kwp)', 'POST', `${base}/add`, { body: customerBody({ estimated_kwp: 'ten' }) }, 400, '预估容量：类型不对，应为数字', 'Estimated capacity: Wrong type, expected a number'],
  ['invalid phone', 'POST', `${base}/add`, { body: customerBody({ phone: '12345' }) }, 400, '手机号：请输入正确的手机号', 'Mobile number: Please enter a valid mobile number'],
  ['missing phone', 'POST', `${base}/add`, { body: { name: '张三', province_code: '370000' } }, 400, '手机号：请输入手机号', 'Mobile number: Please enter a mobile number'],
  ['bad enum', 'POST', `${base}/add`, { body: customerBody({ roof_type: 'glass' }) }, 400, '屋顶类型：请选择有效的选项', 'Roof type: Please choose a valid option'],
  ['unknown fields', 'POST', `${base}/add`, { body: customerBody({ colour: 'red', vip: true }) }, 400, '不认识的字段：colour, vip', 'Unknown field(s): colour, vip'],
  ['body not an object', 'POST', `${base}/add`, { raw: '[1,2]' }, 400, /类型不对，应为对象/, /expected an object/],
  ['unknown sort', 'GET', `${base}/index`, { query: { sort: 'password' } }, 400, '不能按“password”排序', 'Cannot sort by "password"'],
  ['unknown filter', 'GET', `${base}/index`, { query: { secret: '1' } }, 400, '不能按“secret”筛选', 'Cannot filter by "secret"'],
  ['bad filter value', 'GET', `${base}/index`, { query: { stage: 'vip' } }, 400, '阶段：请选择有效的选项', 'Stage: Please choose a valid option'],
  ['bad date filter', 'GET', `${base}/index`, { query: { created_at_gte: 'yesterday' } }, 400, '创建时间起：请输入正确的日期', 'Created from: Please enter a valid date'],
  ['limit too large', 'GET', `${base}/index`, { query: { limit: 5000 } }, 400, '每页条数：请输入1到500之间的数值', 'Page size: Please enter a value between 1 and 500'],
  ['page zero', 'GET', `${base}/index`, { query: { page: 0 } }, 400, '页码：不能小于1', 'Page: Must be at least 1'],
  ['bad order', 'GET', `${base}/index`, { query: { order: 'sideways' } }, 400, '排序方向：请选择有效的选项', 'Sort order: Please choose a valid option'],
  ['missing id (get_info)', 'GET', `${base}/get_info`, {}, 400, 'ID：请输入数字', 'ID: Please enter a number'],
  ['non-numeric id', 'GET', `${base}/get_info`, { query: { id: 'abc' } }, 400, 'ID：类型不对，应为数字', 'ID: Wrong type, expected a number'],
  ['id that does not exist (get_info)', 'GET', `${base}/get_info`, { query: { id: 777777 } }, 404, '记录不存在或已被删除（ID 777777）', 'The record does not exist or was deleted (ID 777777)'],
  ['id that does not exist (edit)', 'POST', `${base}/edit`, { body: { id: 777777, version: 1, remark: 'x' } }, 404, /ID 777777/, /ID 777777/],
  ['id that does not exist (del)', 'GET', `${base}/del`, { query: { id: 777777 } }, 404, /ID 777777/, /ID 777777/],
  ['edit without version', 'POST', `${base}/edit`, { body: () => ({ id: existing.id, remark: 'x' }) }, 400, '版本：请输入数字', 'Version: Please enter a number'],
  ['stale version', 'POST', `${base}/edit`, { body: () => ({ id: existing.id, version: 0, remark: 'x' }) }, 409, /当前版本 1，你编辑的是版本 0/, /now version 1, you edited version 0/],
  ['del without id', 'POST', `${base}/del`, { body: {} }, 400, /ID/, /ID/],
  ['del with bad ids', 'POST', `${base}/del`, { body: { ids: '1,x' } }, 400, 'ID列表：请输入数字', 'IDs: Please enter a number'],
  ['update_field of an unknown field', 'POST', `${base}/update_field`, { body: () => ({ id: existing.id, field: 'version', value: 9 }) }, 400, '字段“version”不允许单独修改', 'Field "version" cannot be changed on its own'],
  ['unsupported content type', 'POST', `${base}/add`, { raw: 'name=x', headers: { 'content-type': 'text/plain' } }, 400, '不支持的内容类型 text/plain，请用 application/json', 'Unsupported content type text/plain; use application/json'],
  ['a NUL character in a filter', 'GET', `${base}/index`, { query: { q: '张\u0000三' } }, 400, '请求内容不能包含空字符（\\0）', 'The request must not contain NUL characters (\\0)'],
  ['a NUL character in the body', 'POST', `${base}/add`, { body: customerBody({ name: '张\u0000三' }) }, 400, '请求内容不能包含空字符（\\0）', 'The request must not contain NUL characters (\\0)'],
  ['unknown endpoint', 'GET', '/api/system/customer/nope', {}, 404, '接口不存在：/api/system/customer/nope', 'No such endpoint: /api/system/customer/nope'],
];

describe.each(['zh', 'en'] as const)('bad input (%s)', (lang) => {
  it.each(cases().map((c) => [c[0], c] as const))('%s', async (_name, [, method, url, opts, status, zh, en]) => {
    const before = await snapshot();
    const o = { ...opts } as Record<string, unknown>;
    if (typeof o.body === 'function') o.body = (o.body as () => unknown)();
    const res = await call(t.app, method, url, { token, lang, ...o });
    expect(res.status).toBe(status);
    expect(res.code).toBe(status);
    expect(res.data).toBeNull();
    const expected = lang === 'zh' ? zh : en;
    if (typeof expected === 'string') expect(res.msg).toBe(expected);
    else expect(res.msg).toMatch(expected);
    expect(await snapshot()).toEqual(before);
  });

  it('an oversize body is 413 naming the limit, nothing stored', async () => {
    const before = await snapshot();
    const res = await call(t.app, 'POST', `${base}/add`, { token, lang, body: customerBody({ remark: 'x'.repeat(t.config.bodyLimit + 10) }) });
    expect(res.status).toBe(413);
    expect(res.msg).toBe(lang === 'zh' ? '请求内容过大（上限1024 KiB）' : 'The request body is too large (limit 1024 KiB)');
    expect(await snapshot()).toEqual(before);
  });
});

it('a malformed URL or an over-long path parameter answers the envelope (400), not fastify’s own reply', async () => {
  for (const url of ['/api/public/file/%E0%A4%A/raw', `/api/public/avatar/${'x'.repeat(300)}.png`]) {
    const res = await call(t.app, 'GET', url, { lang: 'en' });
    expect({ url, status: res.status, code: res.code, msg: res.msg, data: res.data }).toEqual({ url, status: 400, code: 400, msg: 'The request URL is not valid', data: null });
  }
});

it('an empty JSON body on a POST is treated as {} (validation, not a parse error)', async () => {
  const res = await call(t.app, 'POST', `${base}/add`, { token, raw: '' });
  expect(res.status).toBe(400);
  expect(res.msg).toContain('姓名：');
});
