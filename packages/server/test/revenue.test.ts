import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Money, sumMoney, toFen } from '@pv/contract';
import { maintenanceOrders, roles, stations, sysLog, tariffs, userRoles, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { query } from '../src/db/client.ts';
import { buildXlsx } from '../src/excel/xlsx.ts';
import { JOBS } from '../src/modules/task/jobs.ts';
import { USER_PASSWORD, call, fixtures, login, startApp, type TestApp } from './helpers.ts';

/**
 * 电价 and 收益 (issue 14): tariffs per province without overlaps (the database refuses them too),
 * estimates exact to the fen, the settlement import (unknown meters, duplicates in the file and
 * against what is stored, bad periods, negative amounts — all or nothing; the same sheet twice changes
 * nothing), correction with a reason, the one-click maintenance order, the threshold, the agent
 * scope, and sums that reconcile with the rows.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let sd: string;
let hn: string;
const S = '/api/system';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const post = (url: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });
const get = (url: string, query: Record<string, string | number> = {}, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'GET', `${S}/${url}`, { token, query, lang });
const HEAD = ['电表号', '电站编码', '结算周期', '上网电量(千瓦时)', '结算金额(元)'];
async function upload(rows: unknown[][], lang: 'zh' | 'en' = 'zh', head = HEAD, token = admin) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${S}/revenue/import`,
    payload: buildXlsx([head, ...(rows as (string | number | null)[][])]),
    headers: { authorization: `Bearer ${token}`, 'content-type': XLSX, 'accept-language': lang },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
}
const settledCount = async () => Number((await query<{ n: number }>(t.handle.db, sql`select count(*)::int as n from revenues where settled`))[0]!.n);
const rowOf = async (code: string, period: string) =>
  (await query<Record<string, any>>(t.handle.db, sql`select r.* from revenues r join stations s on s.id = r.station_id where s.code = ${code} and r.period = ${period}`))[0];

/** capacity × hours × days × price ÷ days-in-year, rounded once (the contract's Money / toFen). */
const expected = (cap: string, hours: string, days: number, price: string, diy: number) => ({
  kwh: toFen(new Money(cap).times(hours).times(days).div(diy)),
  amount: toFen(new Money(cap).times(hours).times(days).times(price).div(diy)),
});

const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  fx = await fixtures(t);
  const { db } = t.handle;
  const mk = async (code: string, agent: number, province: string, city: string, cap: number, grid: string, meter: string | null, status = 'operating') => {
    const [s] = await db
      .insert(stations)
      .values({ code, name: `电站${code}`, agent_id: agent, province_code: province, city_code: city, capacity_kwp: cap, status, grid_at: new Date(grid), meter_no: meter } as never)
      .returning();
    ids[code] = s!.id;
  };
  // SD's stations (Shandong 0.3949), connected long before; one connected on 2025-03-21 (11 days of March)
  await mk('RV001', fx.sdc.id, '370000', '370700', 20, '2024-01-10T10:00:00+08:00', 'M-001');
  await mk('RV002', fx.sd.id, '370000', '370100', 7.35, '2024-06-01T00:00:00+08:00', 'M-002');
  await mk('RV003', fx.sd.id, '370000', '370100', 13.77, '2025-03-21T15:00:00+08:00', 'M-003');
  // HN's (Henan 0.3779)
  await mk('RV004', fx.hn.id, '410000', '410100', 10, '2024-01-01T00:00:00+08:00', 'M-004');
  // Tibet: no benchmark tariff seeded → kWh estimated, no amount
  await mk('RV005', fx.hn.id, '540000', '540100', 5, '2024-01-01T00:00:00+08:00', null);
  // not connected: never estimated, refused by an import
  await mk('RV006', fx.sd.id, '370000', '370100', 9, '2024-01-01T00:00:00+08:00', 'M-006', 'construction');
  await db.update(roles).set({ permissions: sql`${roles.permissions} || '["revenue:import", "revenue:correct", "revenue:maintenance"]'::jsonb` }).where(eq(roles.code, 'agent'));
  admin = await login(t.app);
  sd = await login(t.app, 'sd', USER_PASSWORD);
  hn = await login(t.app, 'hn', USER_PASSWORD);
});
afterAll(async () => t.close());

describe('tariffs', () => {
  it('are seeded per province with the benchmark price, open-ended from 2020-01', async () => {
    const res = await get('tariff/index', { province_code: '370000' });
    expect(res.status).toBe(200);
    expect(res.data.list).toHaveLength(1);
    expect(res.data.list[0]).toMatchObject({ province_code: '370000', price: '0.3949', effective_from: '2020-01-01', effective_to: null, utilisation_hours: null });
    const all = await get('tariff/index', { limit: 100 });
    expect(all.data.total).toBe(30);
  });

  it('refuse a period overlapping another of the same province, naming it (zh and en), and change nothing', async () => {
    const before = await t.handle.db.select().from(tariffs);
    const zh = await post('tariff/add', { province_code: '370000', price: '0.4000', effective_from: '2026-01-01' });
    expect(zh.status).toBe(400);
    expect(zh.msg).toBe('山东省已有电价在 2020-01-01 至 至今 生效，与该时段重叠');
    const en = await post('tariff/add', { province_code: '370000', price: 0.4, effective_from: '2021-06-01', effective_to: '2021-06-30' }, admin, 'en');
    expect(en.msg).toBe('Shandong already has a tariff in force from 2020-01-01 to open end, which overlaps this period');
    expect(await t.handle.db.select().from(tariffs)).toEqual(before);
  });

  it('are enforced by the database itself: an overlapping row inserted directly fails (exclusion constraint)', async () => {
    await expect(t.handle.db.execute(sql`insert into tariffs (province_code, price, effective_from, effective_to) values ('370000', 0.5, '2030-01-01', '2030-12-31')`)).rejects.toThrow();
    // another province, or a period that only touches, is fine
    await t.handle.db.transaction(async (tx) => {
      await tx.execute(sql`update tariffs set effective_to = '2029-12-31' where province_code = '110000'`);
      await tx.execute(sql`insert into tariffs (province_code, price, effective_from) values ('110000', 0.36, '2030-01-01')`);
      tx.rollback();
    }).catch(() => undefined);
    await expect(t.handle.db.execute(sql`insert into tariffs (province_code, price, effective_from) values ('110000', 0.36, '2030-02-01')`)).rejects.toThrow();
  });

  it('close one period and open the next; an edit into an overlap is refused', async () => {
    const [sdT] = (await get('tariff/index', { province_code: '370000' })).data.list;
    const closed = await post('tariff/edit', { id: sdT.id, version: sdT.version, effective_to: '2025-12-31' });
    expect(closed.status, closed.msg).toBe(200);
    const next = await post('tariff/add', { province_code: '370000', price: '0.41', effective_from: '2026-01-01', utilisation_hours: 1300 });
    expect(next.status, next.msg).toBe(200);
    expect(next.data).toMatchObject({ price: '0.4100', utilisation_hours: '1300.0', effective_to: null });
    const back = await post('tariff/edit', { id: next.data.id, version: next.data.version, effective_from: '2025-12-01' });
    expect(back.status).toBe(400);
    expect(back.msg).toContain('2020-01-01 至 2025-12-31');
    expect((await get('tariff/index', { province_code: '370000', active_on: '2026-03-15' })).data.list.map((x: any) => x.price)).toEqual(['0.4100']);
  });

  it.each([
    [{ price: '0' }, '电价须为大于 0'],
    [{ price: '-0.3' }, '电价须为大于 0'],
    [{ price: '0.12345' }, '最多四位小数'],
    [{ price: 11 }, '不超过 10'],
    [{ effective_from: '2031-01-15' }, '须为某月 1 日'],
    [{ effective_to: '2031-02-27' }, '须为某月最后一天'],
    [{ effective_from: '2031-03-01', effective_to: '2031-01-31' }, '不能早于生效日期'],
    [{ province_code: '999999' }, '有效的地区'],
    [{ utilisation_hours: 0 }, '1 到 8760'],
    [{ utilisation_hours: 9000 }, '1 到 8760'],
  ])('refuse a bad tariff %j with a message', async (patch, words) => {
    const n = (await t.handle.db.select().from(tariffs)).length;
    const res = await post('tariff/add', { province_code: '330000', price: '0.4', effective_from: '2031-01-01', ...patch });
    expect(res.status).toBe(400);
    expect(res.msg).toContain(words);
    expect((await t.handle.db.select().from(tariffs)).length).toBe(n);
  });

  it('an unused tariff can be deleted', async () => {
    const [later] = (await get('tariff/index', { province_code: '370000', active_on: '2026-03-15' })).data.list;
    expect((await get('tariff/del', { id: later.id })).status).toBe(200);
    expect((await get('tariff/index', { province_code: '370000' })).data.total).toBe(1);
  });
});

describe('estimates', () => {
  it('are exact: capacity × hours × days connected ÷ days in the year × the month\'s tariff, rounded once; pro rata for a station connected mid-month; no amount without a tariff', async () => {
    const res = await post('revenue/estimate', { period: '2025-03' });
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({ period: '2025-03', created: 5 }); // RV006 is not connected
    const r1 = await rowOf('RV001', '2025-03');
    expect(r1).toMatchObject({ active_days: 31, utilisation_hours: '1286.0', tariff_price: '0.3949', ...(() => { const e = expected('20', '1286', 31, '0.3949', 365); return { estimated_kwh: e.kwh, estimated_amount: e.amount }; })() });
    const r2 = await rowOf('RV002', '2025-03');
    const e2 = expected('7.35', '1286', 31, '0.3949', 365);
    expect([r2!.estimated_kwh, r2!.estimated_amount]).toEqual([e2.kwh, e2.amount]);
    // connected on 2025-03-21 (China time): 11 days
    const r3 = await rowOf('RV003', '2025-03');
    const e3 = expected('13.77', '1286', 11, '0.3949', 365);
    expect(r3).toMatchObject({ active_days: 11, estimated_kwh: e3.kwh, estimated_amount: e3.amount });
    const r5 = await rowOf('RV005', '2025-03');
    expect(r5).toMatchObject({ tariff_id: null, estimated_amount: null });
    expect(await rowOf('RV006', '2025-03')).toBeUndefined();
    // again: nothing new
    expect((await post('revenue/estimate', { period: '2025-03' })).data.created).toBe(0);
  });

  it('use the province\'s own hours when its tariff has them, and a leap year has 366 days', async () => {
    await t.handle.db.execute(sql`update tariffs set utilisation_hours = 1210.5 where province_code = '410000'`);
    expect((await post('revenue/estimate', { period: '2024-02' })).status).toBe(200);
    const r4 = await rowOf('RV004', '2024-02');
    const e4 = expected('10', '1210.5', 29, '0.3779', 366);
    expect(r4).toMatchObject({ utilisation_hours: '1210.5', active_days: 29, estimated_kwh: e4.kwh, estimated_amount: e4.amount });
  });

  it('the scheduled job makes last month once, in batches, and resumes', async () => {
    const job = JOBS.estimate_revenue!;
    const now = new Date('2025-05-03T02:20:00+08:00');
    const first = await job.run({ db: t.handle.db, now });
    expect(first).toMatchObject({ period: '2025-04', created: 5 });
    expect(await job.run({ db: t.handle.db, now })).toMatchObject({ period: '2025-04', created: 0 });
  });

  it('refuse a bad or future month', async () => {
    for (const period of ['2025-13', '2025-1', 'abc', '']) {
      const res = await post('revenue/estimate', { period });
      expect(res.status).toBe(400);
      expect(res.msg).toContain('结算周期格式为 2026-05');
    }
    const future = await post('revenue/estimate', { period: '2999-01' }, admin, 'en');
    expect(future.status).toBe(400);
    expect(future.msg).toBe('The settlement period 2999-01 has not ended yet');
  });
});

describe('settlement import', () => {
  it('reports every bad row in the user\'s language and imports nothing', async () => {
    const before = await settledCount();
    const res = await upload([
      ['M-001', '', '2025-03', '1500.00', '592.35'],
      ['M-999', '', '2025-03', '100', '40'], // unknown meter
      ['', 'NOPE', '2025-03', '100', '40'], // unknown station
      ['M-002', '', '2025-13', '100', '40'], // bad period
      ['M-002', '', '2025-03', '100', '-40'], // negative amount
      ['M-002', '', '2025-03', '-5', '40'], // negative kWh
      ['M-001', '', '2025/3', '1500', '592.35'], // duplicate of row 2 (same station + month)
      ['M-006', '', '2025-03', '100', '40'], // not connected
      ['M-002', 'RV001', '2025-03', '100', '40'], // meter and code disagree
      ['M-002', '', '2999-01', '100', '40'], // future
      ['M-002', '', '2025-03', '100.123', '40'], // three decimals
    ]);
    expect(res.status).toBe(400);
    expect(res.msg).toBe('10 行有错误，未导入任何数据，请修改后重新导入');
    const byRow = Object.fromEntries((res.data.errors as { row: number; message: string }[]).map((e) => [e.row, e.message]));
    expect(byRow).toEqual({
      3: '电表号 M-999 未登记在任何电站（或不在您的数据范围内）',
      4: '电站编码 NOPE 不存在或不在您的数据范围内',
      5: '结算周期：结算周期格式为 2026-05（年-月）',
      6: '结算金额(元)：不能为负数',
      7: '上网电量(千瓦时)：不能为负数',
      8: '与第 2 行重复（同一电站、同一结算周期）',
      9: '电站 RV006 在 2025-03 尚未并网，不能结算',
      10: '电表号 M-002 属于电站 RV002，与填写的电站编码 RV001 不符',
      11: '结算周期 2999-01 尚未结束',
      12: '上网电量(千瓦时)：请输入正确的电量（千瓦时，最多两位小数）',
    });
    expect(await settledCount()).toBe(before);
    const en = await upload([['M-999', '', '2025-03', '1', '1']], 'en', ['Meter no.', 'Station code', 'Period', 'Energy (kWh)', 'Amount (yuan)']);
    expect(en.data.errors[0]).toMatchObject({ row: 2, column: 'Meter no.', message: 'Meter number M-999 is not registered on any station (or is outside your data scope)' });
  });

  it('imports by meter or station code, exact to the fen; a month not estimated yet is estimated first; the same sheet twice changes nothing and says so', async () => {
    const sheet = [
      ['M-001', '', '2025-03', '2100.50', '829.49'],
      ['', 'RV002', '202503', '640.25', '252.83'],
      ['M-003', '', '2025年3月', '120.00', '47.39'], // far below its estimate → under-performing
      ['M-004', '', '2025-01', '1000.10', '377.94'], // January was never estimated
    ];
    const res = await upload(sheet);
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toMatchObject({ imported: 4, unchanged: 0 });
    expect(await rowOf('RV001', '2025-03')).toMatchObject({ settled: true, actual_source: 'import', actual_kwh: '2100.50', actual_amount: '829.49', meter_no: 'M-001', under_performing: false });
    expect(await rowOf('RV002', '2025-03')).toMatchObject({ actual_kwh: '640.25', actual_amount: '252.83', meter_no: 'M-002' });
    const r3 = await rowOf('RV003', '2025-03');
    expect(r3!.ratio).toBe(new Money('120').div(r3!.estimated_kwh).toDecimalPlaces(4).toFixed(4));
    expect(r3!.under_performing).toBe(true);
    const r4 = await rowOf('RV004', '2025-01');
    expect(r4).toMatchObject({ active_days: 31, actual_kwh: '1000.10', settled: true });
    // each imported row has its history entry
    const hist = await get('revenue/history', { id: r4!.id });
    expect(hist.data.list.map((h: any) => h.action)).toEqual(['import']);

    const again = await upload(sheet);
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ imported: 0, unchanged: 4, message: '4 行与已导入的数据完全相同，未作改动' });
    expect((await rowOf('RV001', '2025-03'))!.version).toBe((await rowOf('RV001', '2025-03'))!.version);
  });

  it('refuses a row that differs from the stored actuals (a correction is its own action) and keeps the rest of the sheet out too', async () => {
    const v = (await rowOf('RV002', '2025-04'))!.version;
    const res = await upload([
      ['M-002', '', '2025-04', '500', '197.45'],
      ['M-001', '', '2025-03', '2100.51', '829.49'],
    ]);
    expect(res.status).toBe(400);
    expect(res.data.errors).toEqual([
      { row: 3, column: '上网电量', message: '电站 RV001 2025-03 已结算 2100.50 千瓦时 / 829.49 元，与本行不同；如需更正请使用“更正实际收益”' },
    ]);
    expect(await rowOf('RV002', '2025-04')).toMatchObject({ settled: false, version: v });
  });

  it('an agent imports only its own stations: another agent\'s meter is unknown to it', async () => {
    const res = await upload([['M-001', '', '2025-04', '1', '1']], 'zh', HEAD, hn);
    expect(res.status).toBe(400);
    expect(res.data.errors[0].message).toContain('M-001 未登记');
  });

  it('refuses what is not an .xlsx, and the template has the columns', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${S}/revenue/import`, payload: Buffer.from('period,kwh\n'), headers: { authorization: `Bearer ${admin}`, 'content-type': XLSX } });
    expect(res.statusCode).toBe(400);
    const tpl = await t.app.inject({ method: 'GET', url: `${S}/revenue/import_template`, headers: { authorization: `Bearer ${admin}` } });
    expect(tpl.statusCode).toBe(200);
  });
});

describe('correction, maintenance, threshold', () => {
  it('corrects settled actuals with a reason, logged; refuses without one, on an unsettled row, with a stale version', async () => {
    const r = (await rowOf('RV002', '2025-03'))!;
    expect((await post('revenue/correct', { id: r.id, version: r.version, actual_kwh: '650', actual_amount: '256.68' })).msg).toContain('此项不能为空');
    expect((await post('revenue/correct', { id: r.id, version: r.version, actual_kwh: '650', actual_amount: '-1', reason: 'x' })).msg).toContain('不能为负数');
    expect((await post('revenue/correct', { id: r.id, version: r.version - 1, actual_kwh: '650', actual_amount: '256.68', reason: '电网更正单' })).status).toBe(409);
    const unsettled = (await rowOf('RV002', '2025-04'))!;
    expect((await post('revenue/correct', { id: unsettled.id, version: unsettled.version, actual_kwh: '1', actual_amount: '1', reason: 'x' })).msg).toBe('该收益尚无实际结算数据，不能更正');
    const ok = await post('revenue/correct', { id: r.id, version: r.version, actual_kwh: '650', actual_amount: '256.68', reason: '电网更正单 2025-04-12' });
    expect(ok.status, ok.msg).toBe(200);
    expect(ok.data).toMatchObject({ actual_kwh: '650.00', actual_amount: '256.68', actual_source: 'correction', version: r.version + 1 });
    const log = await t.handle.db.select().from(sysLog).where(sql`${sysLog.resource} = 'revenue' and ${sysLog.action} = 'correct' and ${sysLog.record_id} = ${r.id}`);
    expect(log).toHaveLength(1);
    expect(log[0]!.after).toMatchObject({ reason: '电网更正单 2025-04-12', actual_amount: '256.68' });
    expect(log[0]!.before).toMatchObject({ actual_amount: '252.83' });
  });

  it('opens one maintenance order (source revenue) from an under-performing month, once', async () => {
    const fine = (await rowOf('RV001', '2025-03'))!;
    expect((await post('revenue/maintenance', { id: fine.id })).msg).toContain('未低于阈值');
    const low = (await rowOf('RV003', '2025-03'))!;
    const res = await post('revenue/maintenance', { id: low.id, priority: 'high' });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.order).toMatchObject({ source: 'revenue', source_id: low.id, station_id: ids.RV003, priority: 'high', status: 'pending_dispatch' });
    expect(res.data.revenue).toMatchObject({ maintenance_id: res.data.order.id, maintenance_no: res.data.order.order_no });
    const again = await post('revenue/maintenance', { id: low.id });
    expect(again.status).toBe(400);
    expect(again.msg).toBe(`该收益已转运维工单 ${res.data.order.order_no}`);
    expect(await t.handle.db.select().from(maintenanceOrders).where(eq(maintenanceOrders.source, 'revenue'))).toHaveLength(1);
    // HN's user cannot reach SD's row
    expect((await post('revenue/maintenance', { id: low.id }, hn)).status).toBe(404);
  });

  it('a new threshold re-flags the settled months; bad values and a stale version are refused', async () => {
    const s = (await get('revenue/settings')).data;
    expect(s.underperform_pct).toBe('80.0');
    for (const v of [0, 101, 'abc', 80.25]) {
      const bad = await post('revenue/settings', { underperform_pct: v, version: s.version });
      expect(bad.status).toBe(400);
      expect(bad.msg).toContain('阈值须在 1 到 100 之间');
    }
    // RV001 reached 2100.50 of its estimate: above 80 %, below 200 %
    const r1 = (await rowOf('RV001', '2025-03'))!;
    const ratio = new Money(r1.ratio).times(100);
    const above = ratio.plus(1).toDecimalPlaces(0).toFixed(1);
    const res = await post('revenue/settings', { underperform_pct: above, version: s.version });
    expect(res.status, res.msg).toBe(200);
    expect((await rowOf('RV001', '2025-03'))!.under_performing).toBe(true);
    expect((await post('revenue/settings', { underperform_pct: 80, version: s.version })).status).toBe(409);
    await post('revenue/settings', { underperform_pct: 80, version: res.data.version });
    expect((await rowOf('RV001', '2025-03'))!.under_performing).toBe(false);
  });
});

describe('lists, scope and sums', () => {
  it('list with filters; totals from the counters equal the rows; the agent sees its own tree only', async () => {
    const all = await get('revenue/index', { limit: 500 });
    const n = Number((await query<{ n: number }>(t.handle.db, sql`select count(*)::int as n from revenues`))[0]!.n);
    expect(all.data.total).toBe(n);
    const range = await get('revenue/index', { period_gte: '2025-03', period_lte: '2025-04', province_code: '370000', limit: 500 });
    expect(range.data.list.every((r: any) => r.period >= '2025-03' && r.period <= '2025-04' && r.province_code === '370000')).toBe(true);
    expect(range.data.total).toBe(range.data.list.length);
    const under = await get('revenue/index', { under_performing: 'true' });
    expect(under.data.list.map((r: any) => r.station_code)).toEqual(['RV003']);
    expect((await get('revenue/index', { keyword: 'RV00', settled: 'true', limit: 100 })).data.total).toBe(4);
    expect(new Set((await get('revenue/index', { keyword: 'M-004' })).data.list.map((r: any) => r.station_code))).toEqual(new Set(['RV004']));
    // a tariff used by estimates cannot be deleted (close it with an end date instead)
    const [sdT] = (await get('tariff/index', { province_code: '370000' })).data.list;
    const del = await get('tariff/del', { id: sdT.id });
    expect(del.status).toBe(400);
    expect(del.msg).toMatch(/^电价 山东省 2020-01-01 已用于 \d+ 条收益估算，不能删除/);
    // nor change its price or hours (estimates keep what they used), nor end before a month it priced
    const price = await post('tariff/edit', { id: sdT.id, version: sdT.version, price: '0.4' });
    expect(price.status).toBe(400);
    expect(price.msg).toMatch(/只能修改失效日期和备注/);
    const early = await post('tariff/edit', { id: sdT.id, version: sdT.version, effective_to: '2025-02-28' });
    expect(early.msg).toBe('电价 山东省 2020-01-01 已用于 2025-04 的收益估算，失效日期不能早于该月月底');
    const remark = await post('tariff/edit', { id: sdT.id, version: sdT.version, remark: '核对于 2026-11', effective_to: '2025-04-30' });
    expect(remark.status, remark.msg).toBe(200);
    expect((await get('revenue/index', { period_gte: '2025-99' })).status).toBe(400);

    const mine = await get('revenue/index', { limit: 500 }, sd);
    expect(mine.status).toBe(200);
    expect(new Set(mine.data.list.map((r: any) => r.agent_id))).toEqual(new Set([fx.sd.id, fx.sdc.id]));
    expect(mine.data.total).toBe(mine.data.list.length);
    const hnRow = (await rowOf('RV004', '2025-03'))!;
    expect((await get('revenue/get_info', { id: hnRow.id }, sd)).status).toBe(404);
    expect((await get('revenue/get_info', { id: 99999999 })).status).toBe(404);
  });

  it('the report by month and region reconciles to the fen with the rows, and the export opens', async () => {
    const rep = await get('revenue/report', { period_gte: '2025-01', period_lte: '2025-04' });
    expect(rep.status, rep.msg).toBe(200);
    const rows = (await get('revenue/index', { period_gte: '2025-01', period_lte: '2025-04', limit: 500 })).data.list as any[];
    expect(rep.data.totals.estimated_amount).toBe(sumMoney(rows.map((r) => r.estimated_amount ?? '0')));
    expect(rep.data.totals.actual_amount).toBe(sumMoney(rows.map((r) => r.actual_amount ?? '0')));
    expect(rep.data.totals.estimated_kwh).toBe(sumMoney(rows.map((r) => r.estimated_kwh)));
    expect(rep.data.totals.stations).toBe(rows.length);
    // the parts add up to the whole
    expect(sumMoney(rep.data.rows.map((r: any) => r.actual_amount))).toBe(rep.data.totals.actual_amount);
    const sdMarch = rep.data.rows.find((r: any) => r.period === '2025-03' && r.region_code === '370000');
    expect(sdMarch).toMatchObject({ stations: 3, settled: 3, actual_amount: sumMoney(['829.49', '256.68', '47.39']) });
    // a province gives its cities; an agent sees its own numbers only
    const cities = await get('revenue/report', { period_gte: '2025-03', period_lte: '2025-03', province_code: '370000' });
    expect(cities.data.level).toBe('city');
    expect(cities.data.rows.map((r: any) => r.region_code).sort()).toEqual(['370100', '370700']);
    const agent = await get('revenue/report', { period_gte: '2025-01', period_lte: '2025-04' }, hn);
    expect(agent.data.rows.every((r: any) => ['410000', '540000'].includes(r.region_code))).toBe(true);
    expect((await get('revenue/report', { period_gte: '2025-04', period_lte: '2025-01' })).status).toBe(400);
    const x = await t.app.inject({ method: 'GET', url: `${S}/revenue/report_export?period_gte=2025-01&period_lte=2025-04`, headers: { authorization: `Bearer ${admin}` } });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const e = await t.app.inject({ method: 'GET', url: `${S}/revenue/export?period=2025-03`, headers: { authorization: `Bearer ${admin}` } });
    expect(e.statusCode).toBe(200);
  });

  it('department and self scopes get the report recomputed from the rows they may see', async () => {
    const { db } = t.handle;
    const [role] = await db.insert(roles).values({ code: 'rev_self', name: '收益自查', permissions: ['revenue:index', 'revenue:report'], data_scope: 'self' } as never).returning();
    const [u] = await db.insert(users).values({ username: 'revself', password_hash: await hashPassword(USER_PASSWORD), full_name: '自查员', identity: 'staff' }).returning();
    await db.insert(userRoles).values({ user_id: u!.id, role_id: role!.id });
    // the user created RV002's station: its months are theirs
    await db.update(stations).set({ created_by: u!.id } as never).where(eq(stations.id, ids.RV002!));
    const token = await login(t.app, 'revself', USER_PASSWORD);
    const rep = await get('revenue/report', { period_gte: '2025-01', period_lte: '2025-04' }, token);
    expect(rep.status, rep.msg).toBe(200);
    const mine = (await get('revenue/index', { period_gte: '2025-01', period_lte: '2025-04', limit: 100 }, token)).data.list as any[];
    expect(new Set(mine.map((r) => r.station_code))).toEqual(new Set(['RV002']));
    expect(rep.data.totals).toMatchObject({ stations: mine.length, estimated_amount: sumMoney(mine.map((r) => r.estimated_amount ?? '0')), actual_amount: sumMoney(mine.map((r) => r.actual_amount ?? '0')) });
  });

  it('no permission: 403 for a user without revenue codes; anonymous 401', async () => {
    expect((await call(t.app, 'GET', `${S}/revenue/index`)).status).toBe(401);
    await t.handle.db.update(roles).set({ permissions: sql`'[]'::jsonb` }).where(eq(roles.code, 'agent'));
    const fresh = await login(t.app, 'hn', USER_PASSWORD);
    expect((await get('revenue/index', {}, fresh)).status).toBe(403);
    expect((await post('tariff/add', { province_code: '330000', price: '0.4', effective_from: '2031-01-01' }, fresh)).status).toBe(403);
  });
});
