import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { addDays } from '@pv/contract';
import { insuranceClaims, insurancePolicies, insurancePolicyStations, maintenanceOrders, messages, partners, stations, sysLog, transitions } from '../src/db/schema/index.ts';
import { buildXlsx, readXlsx } from '../src/excel/xlsx.ts';
import { chinaDate } from '../src/modules/inspection/generate.ts';
import { remindPolicyExpiry } from '../src/modules/insurance/expiry.ts';
import { JOBS } from '../src/modules/task/jobs.ts';
import { call, fixtures, login, ok, startApp, type TestApp, testPdf, uploadFile, USER_PASSWORD } from './helpers.ts';

/**
 * 保险 (issue 15): policies with their cover (picked or by filter, preview count), an overlapping
 * cover refused by name and by the database, surrender, bulk renewal (same / ± %, numbers by
 * sequence or per policy, twice = nothing twice), the expiry job once per policy and term, claims
 * through 报案 → 资料提交 → 定损 → 已赔付 / 拒赔 with amounts in order, an uncovered incident date,
 * the wrong state, permissions and nothing changed by bad input.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let op: string;
let hn: string;
let insurer: number;
let other: number;
const S = '/api/system';
type Json = Record<string, any>;
const post = (url: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });
const get = (url: string, q: Record<string, string | number> = {}, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'GET', `${S}/${url}`, { token, query: q, lang });
const today = () => chinaDate(new Date());

let seq = 0;
async function station(extra: Json = {}) {
  seq++;
  const [s] = await t.handle.db
    .insert(stations)
    .values({ code: `PVI${String(seq).padStart(5, '0')}`, name: `保险电站${seq}`, agent_id: fx.sd.id, province_code: '370000', city_code: '370700', capacity_kwp: 20, status: 'operating', ...extra } as never)
    .returning();
  return s!;
}
const snapshot = async () => ({
  policies: JSON.stringify(await t.handle.db.select().from(insurancePolicies).orderBy(insurancePolicies.id)),
  cover: JSON.stringify(await t.handle.db.select().from(insurancePolicyStations).orderBy(insurancePolicyStations.id)),
  claims: JSON.stringify(await t.handle.db.select().from(insuranceClaims).orderBy(insuranceClaims.id)),
  log: (await t.handle.db.select({ n: count() }).from(sysLog).where(inArray(sysLog.resource, ['insurance_policy', 'insurance_claim'])))[0]!.n,
});
const policyBody = (extra: Json = {}) => ({ policy_no: `PI-${++seq}`, kind: 'property', insurer_id: insurer, start_date: addDays(today(), -100), end_date: addDays(today(), 265), premium: '1200.00', ...extra });

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  fx = await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
  hn = await login(t.app, 'hn', USER_PASSWORD);
  const [p] = await t.handle.db.insert(partners).values({ name: '测试财产保险股份有限公司', kind: 'insurer', credit_code: '91110000100000001X' }).returning();
  const [o] = await t.handle.db.insert(partners).values({ name: '测试供应商', kind: 'supplier', credit_code: '91110000100000002X' }).returning();
  insurer = p!.id;
  other = o!.id;
});
afterAll(async () => t.close());

describe('policies', () => {
  it('covers picked stations with their sums insured, totals exact, logged and on the timeline', async () => {
    const a = await station();
    const b = await station();
    const p = await ok(post('insurance_policy/add', policyBody({ stations: [{ station_id: a.id, sum_insured: '80000.10' }, { station_id: b.id, sum_insured: '60000.25' }] }), op));
    expect(p).toMatchObject({ status: 'active', state: 'active', station_count: 2, sum_insured_total: '140000.35', premium: '1200.00', insurer_name: '测试财产保险股份有限公司' });
    const cover = await ok(get('insurance_policy/stations', { id: p.id }));
    expect(cover.list.map((r: Json) => [r.station_id, r.sum_insured])).toEqual([
      [a.id, '80000.10'],
      [b.id, '60000.25'],
    ]);
    const tl = await t.handle.db.select().from(transitions).where(sql`${transitions.entity} = 'insurance_policy' and ${transitions.entity_id} = ${p.id}`);
    expect(tl.map((x) => x.action)).toEqual(['add']);
    // list filters: kind, insurer, station, keyword by the number's start and end
    expect((await ok(get('insurance_policy/index', { station_id: a.id }))).list.map((r: Json) => r.id)).toEqual([p.id]);
    expect((await ok(get('insurance_policy/index', { q: p.policy_no.slice(0, 4), insurer_id: insurer, kind: 'property' }))).list.map((r: Json) => r.id)).toContain(p.id);
    expect((await ok(get('insurance_policy/index', { kind: 'liability', station_id: a.id }))).list).toHaveLength(0);
  });

  it('refuses a station covered twice by overlapping policies of the same kind (by name, and by the database); another kind is fine', async () => {
    const a = await station();
    const first = await ok(post('insurance_policy/add', policyBody({ stations: [{ station_id: a.id, sum_insured: '50000' }] })));
    const before = await snapshot();
    const r = await post('insurance_policy/add', policyBody({ start_date: addDays(today(), 200), end_date: addDays(today(), 500), stations: [{ station_id: a.id, sum_insured: '50000' }] }), admin, 'en');
    expect(r.status).toBe(400);
    expect(r.msg).toContain(a.code);
    expect(r.msg).toContain(first.policy_no);
    expect(r.msg).toContain('Property all-risk');
    expect(await snapshot()).toEqual(before);
    // the exclusion constraint, without the action's check
    await expect(
      t.handle.db.insert(insurancePolicyStations).values({ policy_id: first.id, station_id: a.id, kind: 'property', start_date: addDays(today(), 300), end_date: addDays(today(), 400), sum_insured: '1.00' }),
    ).rejects.toThrow();
    // public liability on the same station and term: allowed
    await ok(post('insurance_policy/add', policyBody({ kind: 'liability', stations: [{ station_id: a.id, sum_insured: '100000' }] })));
  });

  it('refuses bad input and changes nothing: duplicate number, insurer not an insurer, term reversed, no stations, bad money', async () => {
    const a = await station();
    const p = await ok(post('insurance_policy/add', policyBody({ stations: [{ station_id: a.id, sum_insured: '1000' }] })));
    const b = await station();
    const before = await snapshot();
    const dup = await post('insurance_policy/add', policyBody({ policy_no: p.policy_no, stations: [{ station_id: b.id, sum_insured: '1000' }] }), admin, 'en');
    expect([dup.status, dup.msg]).toEqual([400, `Policy number ${p.policy_no} already exists`]);
    const notInsurer = await post('insurance_policy/add', policyBody({ insurer_id: other, stations: [{ station_id: b.id, sum_insured: '1000' }] }));
    expect([notInsurer.status, notInsurer.msg]).toEqual([400, '承保方须为启用的“保险公司”类合作伙伴']);
    const reversed = await post('insurance_policy/add', policyBody({ start_date: '2026-05-01', end_date: '2026-04-01', stations: [{ station_id: b.id, sum_insured: '1000' }] }));
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed)).toContain('保险止期不能早于起期');
    expect((await post('insurance_policy/add', policyBody())).status).toBe(400);
    expect((await post('insurance_policy/add', policyBody({ premium: 0.1 + 0.2, stations: [{ station_id: b.id, sum_insured: '1000' }] }))).status).toBe(400);
    expect((await post('insurance_policy/add', policyBody({ stations: [{ station_id: b.id, sum_insured: '0' }] }))).status).toBe(400);
    expect((await post('insurance_policy/add', policyBody({ stations: [{ station_id: 999999, sum_insured: '10' }] }))).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('adds stations by a filter after previewing the count; the ones already covered are counted', async () => {
    const grid = new Date(`2025-03-10T10:00:00+08:00`);
    const s1 = await station({ province_code: '610000', city_code: '610100', grid_at: grid });
    const s2 = await station({ province_code: '610000', city_code: '610100', grid_at: grid });
    await station({ province_code: '610000', city_code: '610100', grid_at: new Date('2024-01-01T10:00:00+08:00') });
    const filter = { province_code: '610000', grid_from: '2025-03-01', grid_to: '2025-03-31' };
    const body = policyBody({ filter, sum_insured: '30000' });
    expect(await ok(post('insurance_policy/preview', { kind: 'property', start_date: body.start_date, end_date: body.end_date, filter }))).toEqual({ count: 2, covered: 0 });
    const p = await ok(post('insurance_policy/add', body));
    expect(p).toMatchObject({ station_count: 2, sum_insured_total: '60000.00' });
    expect(await ok(post('insurance_policy/preview', { kind: 'property', start_date: body.start_date, end_date: body.end_date, filter }))).toEqual({ count: 2, covered: 2 });
    expect((await ok(get('insurance_policy/stations', { id: p.id }))).list.map((r: Json) => r.station_id)).toEqual([s1.id, s2.id]);
    // add_stations: a new station joins the same term
    const s3 = await station();
    const after = await ok(post('insurance_policy/add_stations', { id: p.id, version: p.version, stations: [{ station_id: s3.id, sum_insured: '10000' }] }));
    expect(after).toMatchObject({ station_count: 3, sum_insured_total: '70000.00', version: p.version + 1 });
    expect((await post('insurance_policy/add_stations', { id: p.id, version: p.version, stations: [{ station_id: s3.id, sum_insured: '10000' }] })).status).toBe(409);
    expect((await post('insurance_policy/add', policyBody({ filter: { province_code: '650000' }, sum_insured: '1' }))).msg).toBe('没有符合条件的电站');
  });

  it('surrenders within the term: the cover ends that day and a new policy may cover the station after it; a second surrender is the wrong state', async () => {
    const a = await station();
    const p = await ok(post('insurance_policy/add', policyBody({ stations: [{ station_id: a.id, sum_insured: '1000' }] })));
    const out = await post('insurance_policy/surrender', { id: p.id, version: p.version, surrender_date: addDays(p.end_date, 1), reason: '电站拆除' });
    expect(out.status).toBe(400);
    const s = await ok(post('insurance_policy/surrender', { id: p.id, version: p.version, surrender_date: today(), reason: '电站拆除' }));
    expect(s).toMatchObject({ status: 'surrendered', state: 'surrendered', surrender_date: today() });
    await ok(post('insurance_policy/add', policyBody({ start_date: addDays(today(), 1), stations: [{ station_id: a.id, sum_insured: '1000' }] })));
    const again = await post('insurance_policy/surrender', { id: p.id, version: s.version, surrender_date: today(), reason: 'x' }, admin, 'en');
    expect([again.status, again.msg]).toEqual([400, `Policy ${p.policy_no} is “Surrendered” and cannot surrender`]);
  });

  it('renews in bulk: new term, premium ± %, numbers by sequence, same stations; twice creates nothing twice', async () => {
    const a = await station();
    const b = await station();
    const c = await station();
    const p1 = await ok(post('insurance_policy/add', policyBody({ end_date: addDays(today(), 20), premium: '1000.00', stations: [{ station_id: a.id, sum_insured: '5000' }, { station_id: b.id, sum_insured: '6000' }] })));
    const p2 = await ok(post('insurance_policy/add', policyBody({ end_date: addDays(today(), 25), premium: '333.33', stations: [{ station_id: c.id, sum_insured: '7000' }] })));
    // the expiring filter finds both
    const expiring = (await ok(get('insurance_policy/index', { expiring: 'true', limit: 100 }))).list.map((r: Json) => r.id);
    expect(expiring).toEqual(expect.arrayContaining([p1.id, p2.id]));
    expect((await ok(get('insurance_policy/index', { id: p1.id }))).list[0].state).toBe('expiring');
    const body = { ids: [p1.id, p2.id], term_years: 1, premium_rule: 'percent', percent: '5', prefix: 'RN2027-', seq_start: 1, seq_width: 3 };
    const r = await ok(post('insurance_policy/renew', body));
    expect(r.created.map((x: Json) => [x.policy_no, x.premium, x.start_date, x.station_count])).toEqual([
      ['RN2027-001', '1050.00', addDays(p1.end_date, 1), 2],
      ['RN2027-002', '350.00', addDays(p2.end_date, 1), 1],
    ]);
    const n1 = await ok(get('insurance_policy/get_info', { id: r.created[0].id }));
    expect(n1).toMatchObject({ renewed_from: p1.id, renewed_from_no: p1.policy_no, station_count: 2, sum_insured_total: '11000.00', state: 'pending' });
    expect(await ok(get('insurance_policy/get_info', { id: p1.id }))).toMatchObject({ status: 'renewed', renewed_to: n1.id, renewed_to_no: 'RN2027-001' });
    const before = await snapshot();
    const again = await ok(post('insurance_policy/renew', body));
    expect(again.created).toEqual([]);
    expect(again.skipped.map((x: Json) => x.renewed_to_no)).toEqual(['RN2027-001', 'RN2027-002']);
    expect((await snapshot()).policies).toEqual(before.policies);
    // numbers per policy; a number taken refuses the whole run
    const d = await station();
    const p3 = await ok(post('insurance_policy/add', policyBody({ end_date: addDays(today(), 10), stations: [{ station_id: d.id, sum_insured: '100' }] })));
    const taken = await post('insurance_policy/renew', { ids: [p3.id], term_years: 1, premium_rule: 'same', numbers: { [p3.id]: 'RN2027-001' } });
    expect([taken.status, taken.msg]).toEqual([400, '保单号 RN2027-001 已存在']);
    const own = await ok(post('insurance_policy/renew', { ids: [p3.id], term_years: 2, premium_rule: 'same', numbers: { [p3.id]: 'own-777' } }));
    expect(own.created[0]).toMatchObject({ policy_no: 'OWN-777', premium: '1200.00' });
  });

  it('edits number, insurer and remark while in force (logged, on the history); a taken number, a non-insurer and a surrendered policy are refused; nothing changes', async () => {
    const a = await station();
    const p = await ok(post('insurance_policy/add', policyBody({ stations: [{ station_id: a.id, sum_insured: '1000' }] }), op));
    const [second] = await t.handle.db.insert(partners).values({ name: '第二财产保险股份有限公司', kind: 'insurer', credit_code: '91110000100000003X' }).returning();
    const e = await ok(post('insurance_policy/edit', { id: p.id, version: p.version, policy_no: 'pi-fixed-1', insurer_id: second!.id, remark: '保单号按纸质保单更正' }, op));
    expect(e).toMatchObject({ policy_no: 'PI-FIXED-1', insurer_id: second!.id, insurer_name: '第二财产保险股份有限公司', remark: '保单号按纸质保单更正', version: p.version + 1 });
    const history = await ok(get('insurance_policy/history', { id: p.id }));
    expect(JSON.stringify(history)).toContain('PI-FIXED-1');
    const before = await snapshot();
    const other2 = await ok(post('insurance_policy/add', policyBody({ stations: [{ station_id: (await station()).id, sum_insured: '1000' }] }), op));
    const mid = await snapshot();
    expect((await post('insurance_policy/edit', { id: p.id, version: e.version, policy_no: other2.policy_no }, op)).msg).toBe(`保单号 ${other2.policy_no} 已存在`);
    expect((await post('insurance_policy/edit', { id: p.id, version: e.version, insurer_id: other }, op)).msg).toBe('承保方须为启用的“保险公司”类合作伙伴');
    expect((await post('insurance_policy/edit', { id: p.id, version: p.version, remark: 'stale' }, op)).status).toBe(409);
    // premium and term are not free fields
    expect((await post('insurance_policy/edit', { id: p.id, version: e.version, premium: '1.00' }, op)).status).toBe(400);
    expect(await snapshot()).toEqual(mid);
    expect(before.policies).not.toEqual(mid.policies);
    const s = await ok(post('insurance_policy/surrender', { id: p.id, version: e.version, surrender_date: today(), reason: '电站拆除' }, op));
    const late = await post('insurance_policy/edit', { id: p.id, version: s.version, remark: 'x' }, op, 'en');
    expect([late.status, late.msg]).toEqual([400, `Policy PI-FIXED-1 is “Surrendered” and cannot edit`]);
  });

  it('removes a station from cover on a day with a reason: count, sum insured and premium follow, on the timeline; the renewal leaves it out; bad input changes nothing', async () => {
    const a = await station();
    const b = await station();
    const p = await ok(post('insurance_policy/add', policyBody({ premium: '1200.00', stations: [{ station_id: a.id, sum_insured: '80000.10' }, { station_id: b.id, sum_insured: '60000.25' }] }), op));
    const before = await snapshot();
    const bad = [
      { station_id: b.id, effective_date: addDays(p.end_date, 1), reason: '电站拆除' },
      { station_id: b.id, effective_date: today(), reason: '电站拆除', premium_refund: '1200.01' },
      { station_id: (await station()).id, effective_date: today(), reason: '电站拆除' },
      { station_id: b.id, effective_date: today(), reason: '' },
      { station_id: b.id, effective_date: today(), reason: '电站拆除', premium_refund: '-1.00' },
    ];
    const msgs = [];
    for (const body of bad) {
      const r = await post('insurance_policy/remove_station', { id: p.id, version: p.version, ...body }, op);
      expect(r.status).toBe(400);
      msgs.push(r.msg);
    }
    expect(msgs[0]).toBe(`移除日期须在电站的承保期 ${p.start_date} 至 ${p.end_date} 之内`);
    expect(msgs[1]).toBe('退还保费 1200.01 不能超过保单保费 1200.00');
    expect(msgs[2]).toContain(`不在保单 ${p.policy_no} 的承保范围内`);
    expect((await snapshot()).cover).toEqual(before.cover);
    expect((await snapshot()).policies).toEqual(before.policies);

    const r = await ok(post('insurance_policy/remove_station', { id: p.id, version: p.version, station_id: b.id, effective_date: today(), reason: '电站拆除', premium_refund: '300.50' }, op));
    expect(r).toMatchObject({ station_count: 1, sum_insured_total: '80000.10', premium: '899.50', status: 'active' });
    const cover = await ok(get('insurance_policy/stations', { id: p.id }));
    expect(cover.list.find((x: Json) => x.station_id === b.id)).toMatchObject({ end_date: today(), removed_on: today(), removed_reason: '电站拆除' });
    const tl = await t.handle.db.select().from(transitions).where(sql`${transitions.entity} = 'insurance_policy' and ${transitions.entity_id} = ${p.id}`);
    expect(tl.map((x) => x.action)).toEqual(['add', 'remove_station']);
    expect(tl[1]!.reason).toBe('电站拆除');
    // removed once: a second removal names it not covered; the station may be covered by another policy from the next day
    expect((await post('insurance_policy/remove_station', { id: p.id, version: r.version, station_id: b.id, effective_date: today(), reason: 'x' }, op)).msg).toContain('不在保单');
    await ok(post('insurance_policy/add', policyBody({ start_date: addDays(today(), 1), stations: [{ station_id: b.id, sum_insured: '1000' }] }), op));
    // a renewal covers only the stations still on it
    const renewed = await ok(post('insurance_policy/renew', { ids: [p.id], term_years: 1, premium_rule: 'same', numbers: { [p.id]: `${p.policy_no}-R` } }, op));
    expect(renewed.created[0]).toMatchObject({ station_count: 1, premium: '899.50' });
  });

  it('refuses removing a station whose claim is for an incident after the removal date', async () => {
    const a = await station();
    const p = await ok(post('insurance_policy/add', policyBody({ stations: [{ station_id: a.id, sum_insured: '5000' }] }), op));
    const c = await ok(post('insurance_claim/add', { station_id: a.id, policy_id: p.id, cause: 'hail', incident_date: addDays(today(), -5), description: '冰雹砸坏组件', amount_claimed: '100.00' }, op));
    const r = await post('insurance_policy/remove_station', { id: p.id, version: p.version, station_id: a.id, effective_date: addDays(today(), -10), reason: '电站拆除' }, op);
    expect([r.status, r.msg]).toEqual([400, `电站 ${a.code} ${a.name} 在 ${addDays(today(), -5)} 出险的理赔 ${c.claim_no} 晚于移除日期，移除日期不能早于 ${addDays(today(), -5)}`]);
    await ok(post('insurance_policy/remove_station', { id: p.id, version: p.version, station_id: a.id, effective_date: addDays(today(), -5), reason: '电站拆除' }, op));
  });

  it('renews from an Excel sheet (policy no, new no, new term, premium): every bad row reported and nothing written; then all in one go; the same sheet twice changes nothing', async () => {
    const sheet = (rows: string[][]) => buildXlsx([['原保单号', '新保单号', '新保险起期', '新保险止期', '保费(元)'], ...rows], { sheetName: '续保' });
    const upload = async (file: Buffer, token = op, lang: 'zh' | 'en' = 'zh') => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${S}/insurance_policy/import`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'accept-language': lang === 'zh' ? 'zh-CN' : 'en' },
        payload: file,
      });
      return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
    };
    const p1 = await ok(post('insurance_policy/add', policyBody({ end_date: addDays(today(), 20), premium: '1000.00', stations: [{ station_id: (await station()).id, sum_insured: '5000' }] }), op));
    const p2 = await ok(post('insurance_policy/add', policyBody({ end_date: addDays(today(), 30), premium: '800.00', stations: [{ station_id: (await station()).id, sum_insured: '6000' }, { station_id: (await station()).id, sum_insured: '7000' }] }), op));
    const from1 = addDays(p1.end_date, 1);
    const from2 = addDays(p2.end_date, 1);
    const good = [
      [p1.policy_no, 'XB-2027-001', from1, addDays(from1, 364), '1,050.00'],
      [p2.policy_no, 'XB-2027-002', from2.replaceAll('-', '/'), addDays(from2, 364), '840.5'],
    ];
    const before = await snapshot();
    const bad = await upload(
      sheet([
        ...good,
        ['NOPE-404', 'XB-2027-003', from1, addDays(from1, 364), '1.00'],
        [p1.policy_no, 'XB-2027-001', p1.end_date, addDays(from1, 364), '1.001'],
        [p2.policy_no, 'XB-2027-004', from2, addDays(from2, -10), '10.00'],
      ]),
    );
    expect(bad.status).toBe(400);
    const errs = bad.data.errors as Json[];
    expect(errs.map((e) => e.row)).toEqual(expect.arrayContaining([4, 5, 6]));
    expect(errs.find((e) => e.row === 4)!.message).toBe('保单 NOPE-404 不存在或不在您的数据范围内');
    expect(errs.filter((e) => e.row === 5).map((e) => e.column)).toEqual(expect.arrayContaining(['保费(元)']));
    expect(errs.find((e) => e.row === 6)!.column).toBe('新保险止期');
    expect(await snapshot()).toEqual(before);
    // a duplicate policy and a start inside the old term are named per row
    const twice = await upload(sheet([good[0]!, [p1.policy_no, 'XB-2027-009', from1, addDays(from1, 364), '1.00'], [p2.policy_no, 'XB-2027-002', p2.end_date, addDays(from2, 364), '840.50']]));
    expect(twice.data.errors.map((e: Json) => [e.row, e.message])).toEqual([
      [3, `保单 ${p1.policy_no} 在第 2 行已出现`],
      [4, `新保险起期 ${p2.end_date} 须晚于原保单止期 ${p2.end_date}`],
    ]);
    expect(await snapshot()).toEqual(before);

    const r = await upload(sheet(good));
    expect([r.status, r.data.imported, r.data.unchanged]).toEqual([200, 2, 0]);
    const n2 = (await ok(get('insurance_policy/index', { q: 'XB-2027-002' }))).list[0];
    expect(n2).toMatchObject({ policy_no: 'XB-2027-002', start_date: from2, end_date: addDays(from2, 364), premium: '840.50', station_count: 2, sum_insured_total: '13000.00', renewed_from: p2.id });
    expect(await ok(get('insurance_policy/get_info', { id: p1.id }))).toMatchObject({ status: 'renewed', renewed_to_no: 'XB-2027-001' });
    // the same sheet again: nothing changes, said so
    const after = await snapshot();
    const again = await upload(sheet(good), op, 'en');
    expect([again.status, again.data.imported, again.data.unchanged, again.data.message]).toEqual([200, 0, 2, '0 policies renewed, 2 already renewed by this sheet (unchanged)']);
    expect(await snapshot()).toEqual(after);
    // a sheet saying otherwise for a renewed policy names its successor
    const other = await upload(sheet([[p1.policy_no, 'XB-2027-001', from1, addDays(from1, 364), '999.00']]));
    expect(other.data.errors[0].message).toBe(`保单 ${p1.policy_no} 已续保为 XB-2027-001（${from1} 至 ${addDays(from1, 364)}，保费 1050.00），与本行不同`);
    // the template and the permission: an agent user may not renew
    expect((await call(t.app, 'GET', `${S}/insurance_policy/import_template`, { token: op })).status).toBe(200);
    expect((await upload(sheet(good), hn)).status).toBe(403);
  });

  it('the expiry job tells the owner once per policy and term', async () => {
    const a = await station();
    const p = await ok(post('insurance_policy/add', policyBody({ end_date: addDays(today(), 12), owner_id: fx.op.id, stations: [{ station_id: a.id, sum_insured: '100' }] })));
    const mine = async () => t.handle.db.select().from(messages).where(sql`${messages.recipient_id} = ${fx.op.id} and ${messages.link} = ${`/partner/insurancePolicyDetail?id=${p.id}`}`);
    expect(JOBS.insurance_policy_expiry).toBeDefined();
    const r1 = await JOBS.insurance_policy_expiry!.run({ db: t.handle.db, now: new Date() } as never);
    expect(r1).toMatchObject({ messages: expect.any(Number) });
    const m = await mine();
    expect(m).toHaveLength(1);
    expect(m[0]!.title).toBe(`保单即将到期：${p.policy_no}`);
    expect(m[0]!.content).toContain('还有 12 天');
    await remindPolicyExpiry(t.handle.db, new Date());
    expect(await mine()).toHaveLength(1);
    // the renewal is a new term with its own reminder later
    const r = await ok(post('insurance_policy/renew', { ids: [p.id], term_years: 1, premium_rule: 'same', numbers: { [p.id]: `${p.policy_no}-R` } }));
    const [n] = await t.handle.db.select().from(insurancePolicies).where(eq(insurancePolicies.id, r.created[0].id));
    expect(n!.reminded_at).toBeNull();
  });
});

describe('claims', () => {
  let s: Json;
  let policy: Json;
  let mo: Json;
  beforeAll(async () => {
    s = await station();
    policy = await ok(post('insurance_policy/add', policyBody({ start_date: '2026-01-01', end_date: addDays(today(), 200), stations: [{ station_id: s.id, sum_insured: '50000.00' }] })));
    const [m] = await t.handle.db
      .insert(maintenanceOrders)
      .values({ order_no: 'YW-INS-1', station_id: s.id, agent_id: s.agent_id, province_code: '370000', fault_category: 'module', description: '冰雹砸坏组件', response_due: new Date(), repair_due: new Date() } as never)
      .returning();
    mo = m!;
  });
  const claimBody = (extra: Json = {}) => ({ station_id: s.id, cause: 'hail', incident_date: addDays(today(), -3), description: '冰雹砸坏 12 块组件', amount_claimed: '18000.00', ...extra });

  it('walks 报案 → 资料提交 → 定损 → 已赔付 from a maintenance order, each step on the timeline', async () => {
    const c = await ok(post('insurance_claim/add', claimBody({ maintenance_id: mo.id }), op));
    expect(c).toMatchObject({ status: 'reported', policy_id: policy.id, policy_no: policy.policy_no, maintenance_no: 'YW-INS-1', sum_insured: '50000.00', kind: 'property' });
    expect(c.claim_no).toMatch(/^LP\d{14}$/);
    const noDocs = await post('insurance_claim/submit', { id: c.id, version: c.version, document_ids: [] });
    expect(noDocs.status).toBe(400);
    const up = await uploadFile(t.app, op, `${S}/file/upload?owner_type=insurance_claim&name=loss.pdf`, testPdf('loss'), 'application/pdf');
    expect(up.status, up.msg).toBe(200);
    const up2 = await uploadFile(t.app, op, `${S}/file/upload?owner_type=insurance_claim&name=photos.pdf`, testPdf('photos'), 'application/pdf');
    const up0 = await uploadFile(t.app, op, `${S}/file/upload?owner_type=insurance_claim&name=report.pdf`, testPdf('report'), 'application/pdf');
    const c0 = await ok(post('insurance_claim/add', claimBody({ maintenance_id: mo.id, incident_date: addDays(today(), -4), document_ids: [up0.data.id] }), op));
    const s0 = await ok(post('insurance_claim/submit', { id: c0.id, version: c0.version, document_ids: [up.data.id] }, op));
    // the documents of 报案 stay, those of 提交资料 join them
    expect(s0.document_ids).toEqual([up0.data.id, up.data.id]);
    const sub = await ok(post('insurance_claim/submit', { id: c.id, version: c.version, document_ids: [up2.data.id] }, op));
    expect(sub.status).toBe('submitted');
    expect((await ok(get('insurance_claim/documents', { id: c.id }))).list.map((d: Json) => d.id)).toEqual([up2.data.id]);
    const over = await post('insurance_claim/assess', { id: c.id, version: sub.version, amount_approved: '18000.01' }, op, 'en');
    expect([over.status, over.msg]).toEqual([400, 'The approved amount 18000.01 cannot exceed the amount claimed 18000.00']);
    const as = await ok(post('insurance_claim/assess', { id: c.id, version: sub.version, amount_approved: '15000.50', note: '定损 15000.50' }, op));
    expect(as).toMatchObject({ status: 'assessed', amount_approved: '15000.50' });
    const tooMuch = await post('insurance_claim/pay', { id: c.id, version: as.version, amount_received: '15000.51', paid_on: today() }, op);
    expect([tooMuch.status, tooMuch.msg]).toEqual([400, '到账金额 15000.51 不能超过核定金额 15000.50']);
    const paid = await ok(post('insurance_claim/pay', { id: c.id, version: as.version, amount_received: '15000.50', paid_on: today() }, op));
    expect(paid).toMatchObject({ status: 'paid', amount_received: '15000.50', paid_on: today() });
    const tl = await t.handle.db.select().from(transitions).where(sql`${transitions.entity} = 'insurance_claim' and ${transitions.entity_id} = ${c.id}`).orderBy(transitions.id);
    expect(tl.map((x) => [x.action, x.to_status])).toEqual([
      ['add', 'reported'],
      ['submit', 'submitted'],
      ['assess', 'assessed'],
      ['pay', 'paid'],
    ]);
    const wrong = await post('insurance_claim/reject', { id: c.id, version: paid.version, reason: 'x' }, op, 'en');
    expect(wrong.status).toBe(400);
    expect(wrong.msg).toContain('Paid');
    // lists: by maintenance order, station, status, cause, kind, insurer
    expect((await ok(get('insurance_claim/index', { maintenance_id: mo.id, status: 'paid', cause: 'hail', kind: 'property', insurer_id: insurer }))).list.map((r: Json) => r.id)).toEqual([c.id]);
    expect((await ok(get('insurance_claim/index', { maintenance_id: mo.id }))).total).toBe(2);
    expect((await ok(get('insurance_claim/index', { q: c.claim_no.slice(-6) }))).list.map((r: Json) => r.id)).toEqual([c.id]);
    const mine = await ok(get('insurance_policy/of_station', { station_id: s.id }));
    expect(mine.policies.map((p: Json) => p.id)).toEqual([policy.id]);
    expect(mine.claims.map((x: Json) => x.id)).toEqual([c.id, c0.id]);
  });

  it('refuses an incident date no policy covers, a claim above the sum insured, a maintenance order of another station; nothing changes', async () => {
    const bare = await station();
    const before = await snapshot();
    const uncovered = await post('insurance_claim/add', claimBody({ station_id: bare.id }), admin, 'en');
    expect([uncovered.status, uncovered.msg]).toEqual([400, `Station ${bare.code} ${bare.name} has no policy in force on the incident date ${addDays(today(), -3)}: no claim can be filed`]);
    const early = await post('insurance_claim/add', claimBody({ incident_date: '2025-12-31' }));
    expect([early.status, early.msg]).toEqual([400, `电站 ${s.code} ${s.name} 在出险日期 2025-12-31 没有生效的保单承保，不能报案`]);
    const over = await post('insurance_claim/add', claimBody({ amount_claimed: '50000.01' }));
    expect([over.status, over.msg]).toEqual([400, '索赔金额 50000.01 超过该电站的保额 50000.00']);
    const [m2] = await t.handle.db
      .insert(maintenanceOrders)
      .values({ order_no: 'YW-INS-2', station_id: bare.id, province_code: '370000', fault_category: 'module', description: 'x', response_due: new Date(), repair_due: new Date() } as never)
      .returning();
    expect((await post('insurance_claim/add', claimBody({ maintenance_id: m2!.id }))).msg).toBe('运维工单 YW-INS-2 不属于该电站');
    expect((await post('insurance_claim/add', claimBody({ incident_date: addDays(today(), 1) }))).status).toBe(400);
    expect((await post('insurance_claim/add', claimBody({ cause: 'flood' }))).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('rejects with a reason from 资料提交; wrong state named; no permission for an agent user', async () => {
    const c = await ok(post('insurance_claim/add', claimBody({ cause: 'typhoon' })));
    const early = await post('insurance_claim/assess', { id: c.id, version: c.version, amount_approved: '1.00' }, admin, 'en');
    expect([early.status, early.msg]).toEqual([400, expect.stringContaining('Reported')]);
    const up = await uploadFile(t.app, admin, `${S}/file/upload?owner_type=insurance_claim&name=a.pdf`, testPdf('a'), 'application/pdf');
    const sub = await ok(post('insurance_claim/submit', { id: c.id, version: c.version, document_ids: [up.data.id] }));
    const rej = await ok(post('insurance_claim/reject', { id: c.id, version: sub.version, reason: '台风等级未达条款约定' }));
    expect(rej).toMatchObject({ status: 'rejected', reject_reason: '台风等级未达条款约定' });
    expect((await post('insurance_claim/add', claimBody(), hn)).status).toBe(403);
    expect((await get('insurance_policy/index', {}, hn)).status).toBe(403);
  });

  it('exports policies and claims as Excel', async () => {
    const xlsx = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${S}/${url}`, headers: { authorization: `Bearer ${admin}` } });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      return readXlsx(res.rawPayload);
    };
    const policies = await xlsx('insurance_policy/export');
    expect(policies[0]).toEqual(expect.arrayContaining(['保单号', '险种', '保费', '保额合计']));
    expect(policies.some((r) => r.includes(policy.policy_no))).toBe(true);
    const claims = await xlsx('insurance_claim/export');
    expect(claims[0]).toEqual(expect.arrayContaining(['理赔单号', '索赔金额', '核定金额', '到账金额']));
    expect(claims.some((r) => r.includes('已赔付'))).toBe(true);
  });
});
