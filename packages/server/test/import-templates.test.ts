import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers, partners, roles, stations, userRoles, users } from '../src/db/schema/index.ts';
import { buildXlsx, readXlsx } from '../src/excel/xlsx.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { USER_PASSWORD, call, customerBody, login, ok, startApp, type TestApp } from './helpers.ts';

/**
 * Every import has its template (issue 26): the generic imports (customers, stations, alarms, grid
 * settlement actuals, policy renewal, stock-take) give their exact headers (required ones marked *)
 * and an example row in the caller's language; the bank result template is made from the batch (its
 * lines awaiting the bank prefilled, the result columns empty) and, filled in, imports — walked by
 * 财务制单 and 财务审批, each refused what is the other's; the partner sheet's template follows the
 * statement's kind; a file missing columns is refused with their names in the reader's language and
 * in the reply's data (the console offers the template beside them).
 */
let t: TestApp;
let admin: string;
let maker: string;
let checker: string;
const S = '/api/system';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CARD = '6228480402564890018';
const post = (url: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });

/** A file reply: status, headers, the workbook's rows. */
async function download(url: string, token = admin, lang: 'zh' | 'en' = 'zh') {
  const res = await t.app.inject({ method: 'GET', url: `${S}/${url}`, headers: { authorization: `Bearer ${token}`, 'accept-language': lang === 'zh' ? 'zh-CN' : 'en' } });
  return { status: res.statusCode, type: String(res.headers['content-type']), disposition: decodeURIComponent(String(res.headers['content-disposition'])), rows: res.statusCode === 200 ? readXlsx(res.rawPayload) : [], json: res.statusCode === 200 ? null : res.json() };
}
async function upload(url: string, file: Buffer, token = admin, lang: 'zh' | 'en' = 'zh') {
  const res = await t.app.inject({ method: 'POST', url: `${S}/${url}`, headers: { authorization: `Bearer ${token}`, 'content-type': XLSX, 'accept-language': lang === 'zh' ? 'zh-CN' : 'en' }, payload: file });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
}

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  admin = await login(t.app);
  const { db } = t.handle;
  const hash = await hashPassword(USER_PASSWORD);
  for (const [username, full_name, code] of [['cw', '周敏', 'finance'], ['cwsp', '钱国栋', 'finance_approver']] as const) {
    const [role] = await db.select().from(roles).where(eq(roles.code, code));
    const [u] = await db.insert(users).values({ username, password_hash: hash, full_name }).returning();
    await db.insert(userRoles).values({ user_id: u!.id, role_id: role!.id });
  }
  maker = await login(t.app, 'cw', USER_PASSWORD);
  checker = await login(t.app, 'cwsp', USER_PASSWORD);
});
afterAll(async () => t.close());

describe('the generic imports’ templates', () => {
  const TEMPLATES: Array<[url: string, zh: string[], en: string[]]> = [
    ['customer/import_template', ['姓名*', '手机号*'], ['Name*', 'Mobile number*']],
    ['station/import_template', ['电站名称*', '装机容量(kWp)*'], ['Name*', 'Capacity (kWp)*']],
    ['maintenance/import_template', ['电站编码*', '故障代码*', '告警时间*', '优先级', '故障类别', '故障描述'], ['Station code*', 'Fault code*', 'Alarm time*', 'Priority', 'Fault category', 'Description']],
    ['revenue/import_template', ['电表号', '电站编码', '结算周期*', '上网电量(千瓦时)*', '结算金额(元)*'], ['Meter no.', 'Station code', 'Period*', 'Energy (kWh)*', 'Amount (yuan)*']],
    ['insurance_policy/import_template', ['原保单号*'], ['Policy no.*']],
    ['stock_balance/import_template', ['仓库编码*', '物料编码*', '账面数量*', '实盘数量*', '差异原因'], ['Warehouse code*', 'Material code*', 'Book quantity*', 'Counted quantity*', 'Reason']],
  ];
  it.each(TEMPLATES)('%s: the exact headers in the caller’s language and an example row', async (url, zh, en) => {
    for (const [lang, expected] of [['zh', zh], ['en', en]] as const) {
      const file = await download(url, admin, lang);
      expect(file.status).toBe(200);
      expect(file.type).toContain('spreadsheetml');
      const [header, example] = file.rows;
      for (const h of expected) expect(header, `${url} ${lang}`).toContain(h);
      // every required column has its example; the example row is the only other row
      header!.forEach((h, i) => h.endsWith('*') && expect(example![i], `${url} ${h}`).not.toBe(''));
      expect(file.rows).toHaveLength(2);
    }
  });

  it('a file missing required columns is refused naming them in the reader’s language, with them in data', async () => {
    const file = buildXlsx([['姓名', '备注'], ['张三丰', '']], { sheetName: 'x' });
    const zh = await upload('customer/import', file);
    expect(zh.status).toBe(400);
    expect(zh.msg).toMatch(/^缺少必填列：手机号、.*（请使用导入模板）$/);
    expect(zh.data.missing_columns).toContain('手机号');
    const en = await upload('customer/import', file, admin, 'en');
    expect(en.msg).toMatch(/^Required columns are missing: Mobile number, .*\(please use the import template\)$/);
    expect(en.data.missing_columns).toContain('Mobile number');
  });
});

describe('the bank result template, made from the batch', () => {
  it('lists the lines awaiting the bank with the result columns empty; filled in, it imports — 财务制单 makes and sends, 财务审批 approves and imports, each refused the other’s step', async () => {
    const { db } = t.handle;
    // a lease owner's connected station with an active quarterly contract: four bills
    const [c] = await db.insert(customers).values({ ...customerBody({ name: '模板业主', phone: '13700009999' }), stage: 'formal', status: 'signed', business_mode: 'lease' } as never).returning();
    const [s] = await db.insert(stations).values({ code: 'PVTPL001', name: '模板电站', customer_id: c!.id, province_code: '370000', city_code: '370100', capacity_kwp: 22, module_count: 40, status: 'operating', grid_at: new Date('2025-12-01T02:00:00Z') } as never).returning();
    let k = await ok(post('lease_contract/add', { station_id: s!.id, start_date: '2026-01-01', rent_rule: 'per_panel', rent_rate: '30', pay_cycle: 'quarterly', payee_name: '模板业主', bank_name: '中国农业银行', bank_branch: '济南分行', bank_card: CARD }));
    k = await ok(post('lease_contract/sign', { id: k.id, version: k.version, sign_method: 'paper', signed_date: '2025-12-20' }));
    k = await ok(post('lease_contract/activate', { id: k.id, version: k.version }));
    const bills = (await ok(call(t.app, 'GET', `${S}/rent_bill/index`, { token: maker, query: { contract_id: k.id, limit: 10 } }))).list as Array<{ id: number }>;
    expect(bills).toHaveLength(4);

    // 财务制单: makes and submits; may not approve (no button, 403)
    let b = await ok(post('payment_batch/add', { selection: { bill_ids: bills.slice(0, 2).map((x) => x.id) } }, maker));
    b = await ok(post('payment_batch/submit', { id: b.id, version: b.version }, maker));
    expect((await post('payment_batch/approve', { id: b.id, version: b.version }, maker)).status).toBe(403);
    // the template only once the batch is with the bank
    const early = await download(`payment_batch/result_template?id=${b.id}`, checker);
    expect(early.status).toBe(400);
    // 财务审批: approves; the bank file (full card numbers) is not theirs
    b = await ok(post('payment_batch/approve', { id: b.id, version: b.version }, checker));
    const exportBank = (token: string) =>
      t.app.inject({ method: 'POST', url: `${S}/payment_batch/export_bank`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify({ id: b.id, version: b.version, format: 'xlsx' }) });
    expect((await exportBank(checker)).statusCode).toBe(403);
    expect((await exportBank(maker)).statusCode).toBe(200);
    // the maker may not import the bank's answer
    expect((await download(`payment_batch/result_template?id=${b.id}`, maker)).status).toBe(403);

    const tpl = await download(`payment_batch/result_template?id=${b.id}`, checker);
    expect(tpl.status).toBe(200);
    expect(tpl.disposition).toContain(`银行结果模板_${b.batch_no}.xlsx`);
    const [header, ...lines] = tpl.rows;
    expect(header).toEqual(['业务参考号*', '收款人户名', '收款账号', '金额*', '处理结果*', '失败原因', '银行流水号', '交易时间']);
    const expected = (await ok(call(t.app, 'GET', `${S}/payment_batch/lines`, { token: checker, query: { id: b.id, sort: 'seq', order: 'ASC' } }))).list as Array<{ reference: string; amount: string }>;
    // (the result columns are empty cells: the reader leaves them out at a row's end)
    expect(lines).toEqual(expected.map((l) => [l.reference, '模板业主', '622848*********0018', l.amount]));
    expect((await download(`payment_batch/result_template?id=${b.id}`, checker, 'en')).rows[0]).toEqual(['Reference*', 'Payee', 'Card number', 'Amount*', 'Result*', 'Failure reason', 'Bank serial', 'Time']);

    // the template as the bank answered it: one paid, one failed
    const filled = [header!, [...lines[0]!.slice(0, 4), '成功', '', 'BANK0001', '2026-11-20 10:00:00'], [...lines[1]!.slice(0, 4), '失败', '账户已冻结', '', '']];
    const done = await upload(`payment_batch/import_result?id=${b.id}`, buildXlsx(filled as string[][], { sheetName: '结果' }), checker);
    expect(done.status, done.msg).toBe(200);
    expect(done.data).toMatchObject({ imported: 2, paid: 1, failed: 1, completed: true });

    // a result file without its result column: refused naming it, nothing imported
    const partial = await upload(`payment_batch/import_result?id=${b.id}`, buildXlsx([['业务参考号', '金额'], [lines[0]![0]!, lines[0]![3]!]], { sheetName: 'x' }), checker, 'en');
    expect(partial.status).toBe(400);
    expect(partial.msg).toBe('Required columns are missing: Result (please use the import template)');
    expect(partial.data).toEqual({ missing_columns: ['Result'] });
  });
});

describe('the partner sheet template of a statement', () => {
  it('has the headers of the statement’s kind and an example row; a file missing a column names it', async () => {
    const { db } = t.handle;
    const mk = async (kind: string, n: number) => (await db.insert(partners).values({ name: `模板${kind}`, kind, credit_code: `91TPL${String(n).padStart(13, '0')}` }).returning())[0]!;
    const financier = await mk('financier', 1);
    const supplier = await mk('supplier', 2);
    const fs = await ok(post('statement/add', { partner_id: financier.id, period_from: '2026-10-01', period_to: '2026-10-31' }, maker));
    const ss = await ok(post('statement/add', { partner_id: supplier.id, period_from: '2026-10-01', period_to: '2026-10-31' }, maker));
    const f = await download(`statement/import_template?id=${fs.id}`, maker);
    expect(f.rows).toEqual([['电站编号*', '容量(kWp)', '金额*', '备注'], ['PV20261101000001', '10.56', '3168.00']]);
    expect(f.disposition).toContain(`对方账单模板_${fs.statement_no}.xlsx`);
    expect((await download(`statement/import_template?id=${ss.id}`, maker, 'en')).rows[0]).toEqual(['Reference*', 'Material code*', 'Quantity', 'Amount*', 'Remark']);
    // 财务审批 confirms statements but does not import partner sheets
    expect((await download(`statement/import_template?id=${fs.id}`, checker)).status).toBe(403);
    const sent = await ok(post('statement/send', { id: fs.id, version: fs.version }, maker));
    const refused = await upload(`statement/import?id=${sent.id}`, buildXlsx([['电站编号', '备注'], ['PV1', '']], { sheetName: 'x' }), maker);
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe('缺少必填列：金额（请使用导入模板）');
  });
});
