import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { customers, sysLog, users } from '../src/db/schema/index.ts';
import { ApiError } from '../src/http/errors.ts';
import { customerImport } from '../src/modules/customer/excel.ts';
import { customerResource } from '../src/modules/customer/resource.ts';
import type { AuthContext } from '../src/modules/auth/context.ts';
import type { WriteContext } from '../src/resources/define.ts';
import { importRows } from '../src/excel/import.ts';
import { buildXlsx, type CellValue, readXlsx } from '../src/excel/xlsx.ts';
import { call, customerBody, fixtures, login, startApp, type TestApp, USER_PASSWORD } from './helpers.ts';

let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let token: string;
let sd: string;
const base = '/api/system/customer';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  t = await startApp();
  fx = await fixtures(t);
  token = await login(t.app);
  sd = await login(t.app, 'sd', USER_PASSWORD);
  for (const [name, agent, extra] of [
    ['山东客户', fx.sd.id, { estimated_kwp: 22.5, roof_type: 'flat', stage: 'formal', district_code: '370102' }],
    ['河南客户', fx.hn.id, { province_code: '410000', city_code: '410100' }],
    ['活动客户', null, { source: 'event' }],
  ] as const) {
    const res = await call(t.app, 'POST', `${base}/add`, { token, body: customerBody({ name, agent_id: agent, ...extra }) });
    expect(res.status, res.msg).toBe(200);
  }
});
afterAll(async () => t.close());

async function download(url: string, opts: { token?: string; lang?: 'zh' | 'en'; query?: Record<string, string> } = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    query: opts.query,
    headers: { authorization: `Bearer ${opts.token ?? token}`, 'accept-language': opts.lang === 'en' ? 'en-US,en;q=0.9' : 'zh-CN,zh;q=0.9' },
  });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload, rows: res.statusCode === 200 ? readXlsx(res.rawPayload) : [], json: () => res.json() };
}

async function upload(file: Buffer | string, opts: { token?: string; lang?: 'zh' | 'en'; type?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/import`,
    payload: file,
    headers: {
      authorization: `Bearer ${opts.token ?? token}`,
      'content-type': opts.type ?? XLSX,
      'accept-language': opts.lang === 'en' ? 'en-US,en;q=0.9' : 'zh-CN,zh;q=0.9',
    },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
}

const total = async () => Number((await t.handle.db.select({ n: count() }).from(customers))[0]!.n);
const sheet = (rows: CellValue[][]) => buildXlsx(rows, { sheetName: 'Sheet1' });

describe('customer export', () => {
  it('streams an .xlsx with Chinese headers, labels for codes, region names and a Chinese file name', async () => {
    const res = await download(`${base}/export`, { query: { sort: 'id', order: 'ASC' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customer_\d{8}\.xlsx"; filename\*=UTF-8''%E5%AE%A2%E6%88%B7%E5%88%97%E8%A1%A8_\d{8}\.xlsx$/);
    const [header, ...rows] = res.rows;
    expect(header!.slice(0, 8)).toEqual(['ID', '姓名', '手机号', '身份证', '阶段', '状态', '省份', '城市']);
    expect(rows.map((r) => r[1])).toEqual(['山东客户', '河南客户', '活动客户']);
    const sdRow = rows[0]!;
    expect(sdRow.slice(4, 8)).toEqual(['正式客户', '已签约', '山东省', '济南市']);
    expect(sdRow[header!.indexOf('预估容量(kWp)')]).toBe('22.5');
    expect(sdRow[header!.indexOf('代理商')]).toBe('山东测试代理');
    expect(sdRow[header!.indexOf('区县')]).toBe('历下区');
    expect(sdRow[header!.indexOf('创建时间')]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });

  it('English headers and labels with Accept-Language en', async () => {
    const res = await download(`${base}/export`, { lang: 'en', query: { sort: 'id', order: 'ASC' } });
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''customers_");
    expect(res.rows[0]!.slice(0, 8)).toEqual(['ID', 'Name', 'Mobile number', 'ID card', 'Stage', 'Status', 'Province', 'City']);
    expect(res.rows[1]!.slice(4, 8)).toEqual(['Formal', 'Signed', 'Shandong', 'Jinan']);
  });

  it('honours the list filters and q, and refuses an unknown filter like index does', async () => {
    const res = await download(`${base}/export`, { query: { province_code: '410000' } });
    expect(res.rows.slice(1).map((r) => r[1])).toEqual(['河南客户']);
    const q = await download(`${base}/export`, { query: { q: '活动' } });
    expect(q.rows.slice(1).map((r) => r[1])).toEqual(['活动客户']);
    const bad = await download(`${base}/export`, { query: { password: 'x' } });
    expect(bad.status).toBe(400);
  });

  it('an agent exports only its own customers', async () => {
    const res = await download(`${base}/export`, { token: sd });
    expect(res.status).toBe(200);
    expect(res.rows.slice(1).map((r) => r[1])).toEqual(['山东客户']);
  });
});

describe('customer import', () => {
  it('the template has the headers (required marked *) in the caller’s language', async () => {
    const zh = await download(`${base}/import_template`);
    expect(zh.status).toBe(200);
    expect(zh.rows[0]!.slice(0, 4)).toEqual(['姓名*', '手机号*', '身份证', '省份*']);
    const en = await download(`${base}/import_template`, { lang: 'en' });
    expect(en.rows[0]!.slice(0, 2)).toEqual(['Name*', 'Mobile number*']);
  });

  it('all good rows are inserted in one go, each with version 1 and a sys_log entry; headers may be English', async () => {
    const before = await total();
    const res = await upload(
      sheet([
        ['Name', 'Mobile number', 'Province', 'City', 'Source', 'Estimated capacity (kWp)', 'Property deed'],
        ['导入一', '13900000001', '山东省', '济南市', '电话', 12.5, '是'],
        ['导入二', '13900000002', '410000', '', 'referral', '', 'no'],
      ]),
    );
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toEqual({ imported: 2 });
    expect(await total()).toBe(before + 2);
    const rows = await t.handle.db.select().from(customers).where(sql`${customers.name} like '导入%'`).orderBy(customers.name);
    expect(rows.map((r) => [r.name, r.province_code, r.city_code, r.source, r.version, r.has_property_deed])).toEqual([
      ['导入一', '370000', '370100', 'phone', 1, true],
      ['导入二', '410000', null, 'referral', 1, false],
    ]);
    const logs = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'customer'), eq(sysLog.record_id, rows[0]!.id)));
    expect(logs).toHaveLength(1);
  });

  it('one bad row: nothing is inserted and the report names the row, column and message (zh and en)', async () => {
    const before = await total();
    const file = sheet([
      ['姓名', '手机号', '省份'],
      ['好客户', '13900000011', '山东省'],
      ['坏客户', '12345', '山东省'],
    ]);
    const res = await upload(file);
    expect(res.status).toBe(400);
    expect(res.msg).toBe('1 行有错误，未导入任何数据，请修改后重新导入');
    expect(res.data.errors).toEqual([{ row: 3, column: '手机号', message: '手机号：请输入正确的手机号' }]);
    expect(await total()).toBe(before);
    const en = await upload(file, { lang: 'en' });
    expect(en.data.errors[0]).toMatchObject({ row: 3, column: 'Mobile number' });
    expect(en.data.errors[0].message).toMatch(/^Mobile number: /);
  });

  it('an agent’s import is forced onto its own agent', async () => {
    const before = await total();
    const res = await upload(
      sheet([
        ['姓名', '手机号', '省份', '阶段'],
        ['代理导入', '13900000021', '山东省', '意向客户'],
      ]),
      { token: sd },
    );
    expect(res.status, res.msg).toBe(200);
    expect(await total()).toBe(before + 1);
    const [row] = await t.handle.db.select().from(customers).where(eq(customers.name, '代理导入'));
    expect(row!.agent_id).toBe(fx.sd.id);
  });

  it('a row refused while inserting rolls back the rows inserted before it and is reported', async () => {
    const before = await total();
    const def = {
      ...customerResource,
      async prepareCreate(input: Record<string, unknown>, ctx: WriteContext) {
        if (input.name === '拒绝') throw new ApiError(400, 'error.agent_not_found', { id: 42 });
        return customerResource.prepareCreate!(input, ctx);
      },
    };
    const [admin] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    const auth: AuthContext = { userId: admin!.id, sessionId: 's', username: 'admin', fullName: 'admin', identity: 'staff', agentId: null, departmentId: null, avatar: null, isAdmin: true, roles: [], permissions: new Set(), scope: 'all' };
    const file = sheet([
      ['姓名', '手机号', '省份'],
      ['先插入', '13900000031', '山东省'],
      ['拒绝', '13900000032', '山东省'],
    ]);
    const res = await importRows(t.handle.db, { ...customerImport, def }, file, auth, { userId: null, username: 'test', ip: '' }, 'zh');
    expect(res.imported).toBe(0);
    expect(res.errors).toEqual([{ row: 3, column: '', message: expect.stringContaining('42') }]);
    expect(await total()).toBe(before);
  });

  it('a malformed file, a wrong type, an empty sheet, missing columns and an oversize upload are refused clearly', async () => {
    const before = await total();
    const broken = await upload(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]));
    expect(broken).toMatchObject({ status: 400, msg: '无法读取该文件：它不是有效的 .xlsx 文件或已损坏' });
    const csv = await upload('name,phone\n张三,13800138000\n', { type: 'text/csv' });
    expect(csv).toMatchObject({ status: 400, msg: '请上传 .xlsx 格式的 Excel 文件' });
    const renamed = await upload('name,phone\n', { lang: 'en' });
    expect(renamed).toMatchObject({ status: 400, msg: 'Please upload an Excel file in .xlsx format' });
    const empty = await upload(sheet([['姓名', '手机号', '省份']]));
    expect(empty.msg).toContain('没有数据行');
    const missing = await upload(sheet([['姓名'], ['张三']]));
    expect(missing).toMatchObject({ status: 400, msg: '缺少必填列：手机号、省份（请使用导入模板）' });
    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(big).toMatchObject({ status: 413, msg: '文件过大（上限 5 MB）' });
    expect(await total()).toBe(before);
  });

  it('more rows than the limit are refused with the numbers', async () => {
    const rows: CellValue[][] = [['姓名', '手机号', '省份']];
    for (let i = 0; i < 10_001; i++) rows.push(['张三', '13800138000', '山东省']);
    const res = await upload(sheet(rows));
    expect(res).toMatchObject({ status: 400, msg: '单次最多导入 10000 行，该文件有 10001 行，请拆分后再导入' });
  });

  it('export, import and template need a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${base}/export` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `${base}/import`, payload: Buffer.from('x'), headers: { 'content-type': XLSX } })).statusCode).toBe(401);
  });
});

describe('large export', () => {
  it('20 000 rows come back complete, in order, read with our parser', async () => {
    await t.handle.db.execute(sql`
      insert into customers (name, phone, province_code, source, stage, status, created_at)
      select '批量' || g, '138' || lpad(g::text, 8, '0'), '370000', 'phone', 'intentional', 'new', now() - (g || ' seconds')::interval
      from generate_series(1, 20000) g`);
    const res = await download(`${base}/export`, { query: { name: '批量' } });
    expect(res.status).toBe(200);
    const rows = res.rows.slice(1);
    expect(rows).toHaveLength(20_000);
    // default sort: created_at DESC → 批量1 (newest) first; no row repeated or skipped across batches
    expect(rows[0]![1]).toBe('批量1');
    expect(rows.at(-1)![1]).toBe('批量20000');
    expect(new Set(rows.map((r) => r[0])).size).toBe(20_000);
    const asc = await download(`${base}/export`, { query: { name: '批量', sort: 'estimated_kwp', order: 'ASC' } });
    expect(new Set(asc.rows.slice(1).map((r) => r[0])).size).toBe(20_000);
  }, 120_000);
});
