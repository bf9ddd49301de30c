import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { query } from '../src/db/client.ts';
import { customers, materials, partners, statementLines, statements, stations, warehouses } from '../src/db/schema/index.ts';
import { buildXlsx } from '../src/excel/xlsx.ts';
import { statementAmounts } from '../src/modules/statement/build.ts';
import { call, customerBody, fixtures, login, ok, startApp, type TestApp, USER_PASSWORD } from './helpers.ts';

/**
 * 对账单 (issue 15): our side from our records (a financier's delivered stations priced by its rate
 * on the grid day; a supplier's receipts with their amounts), the partner's sheet (xlsx, CSV in
 * UTF-8 and GBK, every bad row reported, all or nothing, the same sheet twice changes nothing), the
 * three groups and differences, explain, confirm (refused with an unexplained difference and
 * without its own permission), a confirmed statement never changes, the amounts function.
 */
let t: TestApp;
let admin: string;
let op: string;
let hn: string;
const S = '/api/system';
type Json = Record<string, any>;
const post = (url: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });
const get = (url: string, q: Record<string, string | number> = {}, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'GET', `${S}/${url}`, { token, query: q, lang });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const xlsxOf = (rows: string[][]) => buildXlsx(rows, { sheetName: '对账' });
const csvOf = (rows: string[][]) => Buffer.from('\uFEFF' + rows.map((r) => r.join(',')).join('\r\n'));
async function importSheet(s: Json, file: Buffer, type = XLSX, token = admin, lang: 'zh' | 'en' = 'zh') {
  const res = await t.app.inject({
    method: 'POST',
    url: `${S}/statement/import?id=${s.id}&version=${s.version}&file_name=sheet.xlsx`,
    headers: { authorization: `Bearer ${token}`, 'content-type': type, 'accept-language': lang === 'zh' ? 'zh-CN' : 'en' },
    payload: file,
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
}
const info = async (id: number) => (await ok(get('statement/get_info', { id }))) as Json;
const lines = async (id: number) => (await ok(get('statement/lines', { id }))).list as Json[];
const snapshot = async (id: number) => ({
  s: (await t.handle.db.select().from(statements).where(eq(statements.id, id)))[0],
  lines: await t.handle.db.select().from(statementLines).where(eq(statementLines.statement_id, id)).orderBy(statementLines.key),
});

let seq = 0;
async function partner(kind: string, name: string) {
  seq++;
  const [p] = await t.handle.db.insert(partners).values({ name, kind, credit_code: `91TEST${String(seq).padStart(12, '0')}` }).returning();
  return p!;
}
let fin: Json;
let sup: Json;
let insurer: Json;
const codes: string[] = [];

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  admin = await login(t.app);
  const fx = await fixtures(t);
  op = await login(t.app, fx.op.username, USER_PASSWORD);
  hn = await login(t.app, fx.hnUser.username, USER_PASSWORD);
  const { db } = t.handle;
  fin = await partner('financier', '对账测试资方');
  sup = await partner('supplier', '对账测试供应商');
  insurer = await partner('insurer', '对账测试保险');
  // the financier's stations: three delivered in October, one in November (not counted), one of another financier
  const [c] = await db.insert(customers).values({ ...customerBody({ name: '对账客户', phone: '13912340001' }), stage: 'formal', status: 'signed', financier_id: fin.id } as never).returning();
  const [other] = await db.insert(customers).values({ ...customerBody({ name: '他方客户', phone: '13912340002' }), stage: 'formal', status: 'signed' } as never).returning();
  const st = async (code: string, kwp: number, grid: string, customerId: number) => {
    await db.insert(stations).values({ code, name: `电站${code}`, customer_id: customerId, province_code: '370000', capacity_kwp: kwp, status: 'operating', grid_at: new Date(`${grid}+08:00`) } as never);
    codes.push(code);
  };
  await st('DZ-A', 20.5, '2026-10-01T00:00:00', c!.id); // the first minute of the period (China time)
  await st('DZ-B', 10, '2026-10-15T12:00:00', c!.id);
  await st('DZ-C', 33.33, '2026-10-31T23:59:00', c!.id);
  await st('DZ-D', 8, '2026-11-01T00:00:00', c!.id);
  await st('DZ-E', 9, '2026-10-10T00:00:00', other!.id);
}, 60_000);
afterAll(async () => t?.close());

describe('financier statements', () => {
  it('refuses a partner that is not a financier or supplier, a bad period and another permission', async () => {
    const r1 = await post('statement/add', { partner_id: insurer.id, period_from: '2026-10-01', period_to: '2026-10-31' });
    expect(r1.status).toBe(400);
    expect(r1.msg).toContain('只有资方和供应商有对账单');
    const r2 = await post('statement/add', { partner_id: fin.id, period_from: '2026-10-31', period_to: '2026-10-01' }, admin, 'en');
    expect(r2.status).toBe(400);
    expect(r2.msg).toContain('The end cannot be before the start');
    expect((await post('statement/add', { partner_id: fin.id, period_from: '2026-10-01', period_to: '2026-10-31' }, hn)).status).toBe(403);
    expect(await t.handle.db.$count(statements)).toBe(0);
  });

  it('a customer links to its financier partner, a partner of another kind is refused', async () => {
    const bad = await post('customer/add', { ...customerBody({ name: '资方校验', phone: '13912340009' }), financier_id: sup.id });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('不是资方类合作伙伴');
    const c = await ok(post('customer/add', { ...customerBody({ name: '资方校验', phone: '13912340009' }), financier_id: fin.id }));
    expect(c.financier_id).toBe(fin.id);
    await ok(post('customer/del', { ids: [c.id] }));
  });

  it('rates: a financier only, decimal text, the same day replaces', async () => {
    expect((await post('statement/rate', { partner_id: fin.id, effective_from: '2026-01-01', rate_per_kwp: 0.1 + 0.2 })).status).toBe(400);
    expect((await post('statement/rate', { partner_id: sup.id, effective_from: '2026-01-01', rate_per_kwp: '100' })).status).toBe(400);
    expect((await post('statement/rate', { partner_id: 'abc', effective_from: 'x', rate_per_kwp: 'x' })).status).toBe(400);
    expect((await post('statement/rate', { partner_id: 999999, effective_from: '2026-01-01', rate_per_kwp: '1' })).status).toBe(400);
    expect((await post('statement/rate', { partner_id: fin.id, effective_from: '2026-01-01', rate_per_kwp: '3000' }, hn)).status).toBe(403);
    await ok(post('statement/rate', { partner_id: fin.id, effective_from: '2026-01-01', rate_per_kwp: '3000' }));
    await ok(post('statement/rate', { partner_id: fin.id, effective_from: '2026-10-15', rate_per_kwp: '3100' }));
    await ok(post('statement/rate', { partner_id: fin.id, effective_from: '2026-10-15', rate_per_kwp: '3200.5' }, op));
    const rates = (await ok(get('statement/rates', { partner_id: fin.id }))).list as Json[];
    expect(rates.map((r) => [r.effective_from, r.rate_per_kwp])).toEqual([
      ['2026-10-15', '3200.5000'],
      ['2026-01-01', '3000.0000'],
    ]);
  });

  let s: Json;
  it('builds our side: stations grid-connected in the period, priced by the rate of their grid day, rounded once', async () => {
    s = await ok(post('statement/add', { partner_id: fin.id, period_from: '2026-10-01', period_to: '2026-10-31' }, op));
    expect(s).toMatchObject({ kind: 'financier', status: 'draft', our_count: 3, their_count: 0, diff_count: 0, unexplained_count: 0, partner_name: '对账测试资方' });
    const ls = await lines(s.id);
    // 20.5 × 3000 = 61500.00; 10 × 3200.5 = 32005.00; 33.33 × 3200.5 = 106672.665 → 106672.67
    expect(ls.map((l) => [l.key, l.our_qty, l.our_amount, l.group])).toEqual([
      ['DZ-A', '20.500', '61500.00', 'ours_only'],
      ['DZ-B', '10.000', '32005.00', 'ours_only'],
      ['DZ-C', '33.330', '106672.67', 'ours_only'],
    ]);
    expect(s.our_amount).toBe('200177.67');
  });

  it('import before sending is refused; send fixes our side; the sheet: every bad row reported, nothing written', async () => {
    const early = await importSheet(s, xlsxOf([['电站编号', '金额'], ['DZ-A', '1']]));
    expect(early.status).toBe(400);
    expect(early.msg).toContain('草稿');
    s = await ok(post('statement/send', { id: s.id, version: s.version }, op));
    expect(s.status).toBe('sent');
    expect((await post('statement/refresh', { id: s.id, version: s.version }, op)).status).toBe(400);
    const before = await snapshot(s.id);
    const bad = await importSheet(s, xlsxOf([['电站编号', '容量(kWp)', '金额'], ['DZ-A', '20.5', '-5'], ['', '1', '2'], ['DZ-B', 'abc', '1,000.001'], ['DZ-A', '1', '2']]));
    expect(bad.status).toBe(400);
    expect(bad.data.errors.map((e: Json) => [e.row, e.column])).toEqual([
      [2, '金额'],
      [3, '电站编号'],
      [4, '容量(kWp)'],
      [4, '金额'],
    ]);
    const dupe = await importSheet(s, xlsxOf([['Station code', 'Amount'], ['DZ-A', '1'], ['DZ-A', '2']]), XLSX, admin, 'en');
    expect(dupe.data.errors).toEqual([{ row: 3, column: 'Station code', message: 'Repeats row 2 (same Station code)' }]);
    expect((await importSheet(s, xlsxOf([['名称', '金额'], ['x', '1']]))).msg).toContain('电站编号');
    expect((await importSheet(s, Buffer.from([0, 1, 2, 3]), 'application/octet-stream')).status).toBe(400);
    expect((await importSheet(s, xlsxOf([['电站编号', '金额'], ['DZ-A', '1']]), XLSX, hn)).status).toBe(403);
    expect(await snapshot(s.id)).toEqual(before);
  });

  it('imports their sheet (GBK CSV): matched, only ours, only theirs, differences; the same sheet twice changes nothing', async () => {
    // 电站编号,金额 in GBK, as Chinese Excel saves a CSV
    const gbk = Buffer.concat([
      Buffer.from('b5e7d5beb1e0bac52cbdf0b6ee', 'hex'),
      Buffer.from('\r\nDZ-A,"61,500.00"\r\nDZ-B,32000\r\nDZ-X,5000\r\n', 'latin1'),
    ]);
    const r = await importSheet(s, gbk, 'text/csv');
    expect(r.status, r.msg).toBe(200);
    expect(r.data).toMatchObject({ imported: 3, matched: 2, ours: 1, theirs: 1, diffs: 3 });
    s = await info(s.id);
    expect(s).toMatchObject({ status: 'imported', their_amount: '98500.00', their_count: 3, diff_count: 3, unexplained_count: 3 });
    const ls = await lines(s.id);
    expect(ls.map((l) => [l.key, l.group, l.our_amount, l.their_amount, l.diff_amount, l.has_difference])).toEqual([
      ['DZ-A', 'matched', '61500.00', '61500.00', '0.00', false],
      ['DZ-B', 'matched', '32005.00', '32000.00', '-5.00', true],
      ['DZ-C', 'ours_only', '106672.67', null, '-106672.67', true],
      ['DZ-X', 'theirs_only', null, '5000.00', '5000.00', true],
    ]);
    const same = await snapshot(s.id);
    const again = await importSheet(s, xlsxOf([['电站编号', '金额'], ['DZ-X', '5000'], ['DZ-A', '61500'], ['DZ-B', '32000.00']]));
    expect(again.status, again.msg).toBe(200);
    expect(again.data).toMatchObject({ imported: 0, unchanged: 3 });
    expect(again.data.message).toContain('未作改动');
    expect(await snapshot(s.id)).toEqual(same);
  });

  it('explains differences; confirm is refused while one is unexplained and without its own permission; then fixes the agreed amount', async () => {
    const ls = await lines(s.id);
    const byKey = Object.fromEntries(ls.map((l) => [l.key, l]));
    const noDiff = await post('statement/explain', { id: s.id, version: s.version, line_id: byKey['DZ-A'].id, note: 'x' });
    expect(noDiff.status).toBe(400);
    expect(noDiff.msg).toContain('无需说明');
    expect((await post('statement/explain', { id: s.id, version: s.version, line_id: byKey['DZ-B'].id, note: '  ' })).status).toBe(400);
    expect((await post('statement/explain', { id: s.id, version: s.version - 1, line_id: byKey['DZ-B'].id, note: '尾差' })).status).toBe(409);
    s = await ok(post('statement/explain', { id: s.id, version: s.version, line_id: byKey['DZ-B'].id, note: '资方按 3200 元/kWp 计，以对方为准', agreed: 'theirs' }, op));
    expect(s.unexplained_count).toBe(2);
    const refused = await post('statement/confirm', { id: s.id, version: s.version }, admin, 'en');
    expect(refused.status).toBe(400);
    expect(refused.msg).toContain('2 differences are not explained yet (e.g. DZ-C, DZ-X)');
    s = await ok(post('statement/explain', { id: s.id, version: s.version, line_id: byKey['DZ-C'].id, note: '资方下月入账', agreed: 'none' }, op));
    s = await ok(post('statement/explain', { id: s.id, version: s.version, line_id: byKey['DZ-X'].id, note: '非本公司电站', agreed: 'none' }, op));
    expect(s.unexplained_count).toBe(0);
    // the operator may explain but not confirm
    expect((await post('statement/confirm', { id: s.id, version: s.version }, op)).status).toBe(403);
    expect(await statementAmounts(t.handle.db, s.id)).toMatchObject({ agreed_amount: null, paid_amount: null, status: 'imported' });
    s = await ok(post('statement/confirm', { id: s.id, version: s.version }));
    // 61500.00 (agreed) + 32000.00 (theirs) + 0 + 0
    expect(s).toMatchObject({ status: 'confirmed', agreed_amount: '93500.00' });
    expect(await statementAmounts(t.handle.db, s.id)).toEqual({ id: s.id, statement_no: s.statement_no, partner_id: fin.id, status: 'confirmed', agreed_amount: '93500.00', paid_amount: null });
    expect(await statementAmounts(t.handle.db, 999999)).toBeNull();
    expect((await ok(get('statement/timeline', { id: s.id }))).list.map((e: Json) => e.action)).toEqual(['add', 'send', 'import', 'explain', 'explain', 'explain', 'confirm']);
  });

  it('a confirmed statement never changes: actions refused, the database refuses too', async () => {
    const before = await snapshot(s.id);
    expect((await importSheet(s, xlsxOf([['电站编号', '金额'], ['DZ-A', '1']]))).status).toBe(400);
    const line = (await lines(s.id))[1]!;
    expect((await post('statement/explain', { id: s.id, version: s.version, line_id: line.id, note: '改' })).status).toBe(400);
    expect((await post('statement/del', { ids: [s.id] })).status).toBe(400);
    await expect(t.handle.db.update(statementLines).set({ note: 'x' }).where(eq(statementLines.id, line.id))).rejects.toThrow();
    await expect(t.handle.db.update(statements).set({ remark: 'x' }).where(eq(statements.id, s.id))).rejects.toThrow();
    expect(await snapshot(s.id)).toEqual(before);
  });

  it('deletes a financier rate no confirmed statement used; one that priced a confirmed statement is refused with the count', async () => {
    const unused = await ok(post('statement/rate', { partner_id: fin.id, effective_from: '2027-03-01', rate_per_kwp: '2900' }, op));
    const rates = async () => ((await ok(get('statement/rates', { partner_id: fin.id }))).list as Json[]).map((r) => r.effective_from);
    const used = ((await ok(get('statement/rates', { partner_id: fin.id }))).list as Json[]).find((r) => r.effective_from === '2026-10-15')!;
    const refused = await post('statement/rate_delete', { id: used.id, version: used.version }, op);
    expect([refused.status, refused.msg]).toEqual([400, `2026-10-15 起的单价 3200.5000 元/kWp 已用于 1 张已确认的对账单（${s.statement_no}），不能删除；新单价请从新的日期起另行设置`]);
    expect((await post('statement/rate_delete', { id: unused.id, version: unused.version + 1 }, op)).status).toBe(409);
    expect((await post('statement/rate_delete', { id: unused.id, version: unused.version }, hn)).status).toBe(403);
    expect(await rates()).toEqual(['2027-03-01', '2026-10-15', '2026-01-01']);
    expect(await ok(post('statement/rate_delete', { id: unused.id, version: unused.version }, op))).toEqual({ id: unused.id, deleted: true });
    expect(await rates()).toEqual(['2026-10-15', '2026-01-01']);
    expect((await post('statement/rate_delete', { id: unused.id, version: unused.version }, op)).msg).toBe(`单价 ${unused.id} 不存在`);
  });

  it('lists with filters (partner, kind, status, period, has differences) and exports the comparison', async () => {
    const l1 = await ok(get('statement/index', { partner_id: fin.id, kind: 'financier', status: 'confirmed', has_differences: 'true', period_gte: '2026-10-15', period_lte: '2026-10-20' }));
    expect(l1.list.map((x: Json) => x.id)).toEqual([s.id]);
    expect((await ok(get('statement/index', { has_differences: 'false' }))).total).toBe(0);
    expect((await ok(get('statement/index', { period_gte: '2026-11-01' }))).total).toBe(0);
    expect((await get('statement/index', {}, hn)).status).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: `${S}/statement/export_lines?id=${s.id}`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('supplier statements', () => {
  it('receipts name their supplier and price; the statement compares by reference and material code', async () => {
    const { db } = t.handle;
    const [w] = await db.insert(warehouses).values({ code: 'DZ-WH', name: '对账仓', kind: 'central' }).returning();
    const [m1] = await db.insert(materials).values({ code: 'DZ-M1', name: '逆变器', unit: '台', category: 'inverter', unit_price: '1000' }).returning();
    const [m2] = await db.insert(materials).values({ code: 'DZ-M2', name: '电缆', unit: '米', category: 'cable', unit_price: '3.5' }).returning();
    expect((await post('stock_movement/in', { warehouse_id: w!.id, material_id: m1!.id, qty: '2', supplier_id: insurer.id })).status).toBe(400);
    await ok(post('stock_movement/in', { warehouse_id: w!.id, material_id: m1!.id, qty: '2', supplier_id: sup.id, unit_price: '980.5', ref_no: 'SH-001' }));
    await ok(post('stock_movement/in', { warehouse_id: w!.id, material_id: m2!.id, qty: '100.5', supplier_id: sup.id, ref_no: 'SH-001' }));
    await ok(post('stock_movement/in', { warehouse_id: w!.id, material_id: m2!.id, qty: '10', ref_no: 'SH-002' })); // no supplier: not counted
    const [mv] = await query<{ amount: string; unit_price: string }>(db, sql`select amount::text, unit_price::text from stock_movements where supplier_id = ${sup.id} and material_id = ${m1!.id}`);
    expect(mv).toEqual({ amount: '1961.00', unit_price: '980.50' });
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    let s = await ok(post('statement/add', { partner_id: sup.id, period_from: today, period_to: today }));
    expect((await lines(s.id)).map((l) => [l.key, l.our_qty, l.our_amount])).toEqual([
      ['SH-001/DZ-M1', '2.000', '1961.00'],
      ['SH-001/DZ-M2', '100.500', '351.75'],
    ]);
    s = await ok(post('statement/send', { id: s.id, version: s.version }));
    const sheet = xlsxOf([['单号', '物料编码', '数量', '金额'], ['SH-001', 'DZ-M1', '2', '1961'], ['SH-001', 'DZ-M2', '100', '351.75']]);
    const r = await importSheet(s, sheet);
    expect(r.data).toMatchObject({ matched: 2, diffs: 1 });
    s = await info(s.id);
    const l2 = (await lines(s.id)).find((l) => l.key === 'SH-001/DZ-M2')!;
    expect(l2).toMatchObject({ diff_qty: '-0.500', diff_amount: '0.00', has_difference: true });
    s = await ok(post('statement/explain', { id: s.id, version: s.version, line_id: l2.id, note: '对方漏计 0.5 米' }));
    // a corrected sheet: the note stays where their figures did not change, and goes where they did
    // (as UTF-8 CSV this time, English headers)
    const fixed = csvOf([['Reference', 'Material code', 'Quantity', 'Amount'], ['SH-001', 'DZ-M1', '2', '1960'], ['SH-001', 'DZ-M2', '100', '351.75']]);
    const r2 = await importSheet(s, fixed, 'text/csv');
    expect(r2.data).toMatchObject({ imported: 2, diffs: 2 });
    s = await info(s.id);
    expect(s.unexplained_count).toBe(1);
    const m1Line = (await lines(s.id)).find((l) => l.key === 'SH-001/DZ-M1')!;
    s = await ok(post('statement/explain', { id: s.id, version: s.version, line_id: m1Line.id, note: '优惠 1 元', agreed: 'theirs' }));
    s = await ok(post('statement/confirm', { id: s.id, version: s.version }));
    expect(s.agreed_amount).toBe('2311.75');
  });

  it('a draft can be rebuilt and deleted; a sent one cannot be deleted', async () => {
    let s = await ok(post('statement/add', { partner_id: sup.id, period_from: '2026-01-01', period_to: '2026-01-31' }));
    s = await ok(post('statement/refresh', { id: s.id, version: s.version }));
    expect(s.our_count).toBe(0);
    await ok(post('statement/del', { ids: [s.id] }));
    let s2 = await ok(post('statement/add', { partner_id: sup.id, period_from: '2026-01-01', period_to: '2026-01-31' }));
    s2 = await ok(post('statement/send', { id: s2.id, version: s2.version }));
    const r = await post('statement/del', { ids: [s2.id] }, admin, 'en');
    expect(r.status).toBe(400);
  });
});
