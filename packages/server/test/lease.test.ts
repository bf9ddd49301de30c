import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { Money, billFor, billsThrough, periodByKey, periodOf, sumMoney, termEnd, type LeaseTerms } from '@pv/contract';
import { query } from '../src/db/client.ts';
import { customers, leaseContracts, matters, rentBillCountsRegion, rentBillRuns, rentBills, rentDeductions, selfAudits, stations, sysLog, transitions, workOrders } from '../src/db/schema/index.ts';
import { runBatch } from '../src/lifecycle/cursor-run.ts';
import { chinaDate } from '../src/modules/inspection/generate.ts';
import { markFailedIn, markPaidIn, termsOf } from '../src/modules/lease/bills.ts';
import { generateRentPeriod, rentRun } from '../src/modules/lease/generate.ts';
import { JOBS } from '../src/modules/task/jobs.ts';
import type { AuthContext } from '../src/modules/auth/context.ts';
import { rentBillResource } from '../src/modules/lease/resource.ts';
import type { ResourceDef } from '../src/resources/define.ts';
import { planList } from '../src/resources/query.ts';
import { readXlsx } from '../src/excel/xlsx.ts';
import { call, customerBody, fixtures, login, ok, startApp, type TestApp, testPdf, uploadFile, USER_PASSWORD } from './helpers.ts';

/**
 * 租赁合同 and 租金账单 (issue 14): every action and its refusals (bad input in zh and en changing
 * nothing, wrong state named, stale version, permission, another agent's record, frozen station),
 * the card masked everywhere but view_card, generation idempotent under two concurrent runs and
 * resumable, amounts equal to the contract's rule over random contracts, sums exact to the fen.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let op: string;
let hn: string;
const S = '/api/system';
const CARD = '6228480402564890018';
const CARD2 = '6212260200000000006';
const today = () => chinaDate(new Date());
const post = (url: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });
const get = (url: string, q: Record<string, string | number> = {}, token = admin) => call(t.app, 'GET', `${S}/${url}`, { token, query: q });
let seq = 0;
/** A lease-mode owner and a connected station of agent `agent` (SD's child by default). */
async function stationOf(opts: { agent?: number; mode?: string; status?: string; panels?: number | null; card?: string | null } = {}) {
  const { db } = t.handle;
  seq++;
  const [c] = await db
    .insert(customers)
    .values({ ...customerBody({ name: '租赁业主', phone: `1390000${String(seq).padStart(4, '0')}` }), stage: 'formal', status: 'signed', business_mode: opts.mode ?? 'lease', bank_name: '中国农业银行', bank_card: opts.card === undefined ? CARD : opts.card, agent_id: opts.agent ?? fx.sdc.id } as never)
    .returning();
  const [s] = await db
    .insert(stations)
    .values({ code: `PVL${String(seq).padStart(5, '0')}`, name: `租赁电站${seq}`, customer_id: c!.id, agent_id: opts.agent ?? fx.sdc.id, province_code: '370000', city_code: '370700', capacity_kwp: 22, module_count: opts.panels === undefined ? 40 : opts.panels, status: opts.status ?? 'operating', grid_at: new Date('2026-03-16T02:00:00Z') } as never)
    .returning();
  return { customer: c!, station: s! };
}
const body = (station_id: number, over: Record<string, unknown> = {}) => ({ station_id, start_date: '2026-03-16', rent_rule: 'per_panel', rent_rate: '30', pay_cycle: 'annual', payee_name: '租赁业主', bank_name: '中国农业银行', bank_branch: '潍坊分行', bank_card: CARD, ...over });
/** A contract signed and active from 2026-03-16 (its bills made through today). */
async function activeContract(over: Record<string, unknown> = {}, station?: { id: number }) {
  const s = station ?? (await stationOf()).station;
  let c = await ok(post('lease_contract/add', body(s.id, over)));
  c = await ok(post('lease_contract/sign', { id: c.id, version: c.version, sign_method: 'paper', signed_date: '2026-03-10' }));
  return ok(post('lease_contract/activate', { id: c.id, version: c.version }));
}
const billsOf = (contractId: number) => t.handle.db.select().from(rentBills).where(eq(rentBills.contract_id, contractId)).orderBy(rentBills.period_start);
const tableCounts = async () => ({
  contracts: (await t.handle.db.select({ n: count() }).from(leaseContracts))[0]!.n,
  bills: (await t.handle.db.select({ n: count() }).from(rentBills))[0]!.n,
  deductions: (await t.handle.db.select({ n: count() }).from(rentDeductions))[0]!.n,
});

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  fx = await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
  hn = await login(t.app, 'hn', USER_PASSWORD);
});
afterAll(async () => t.close());

describe('lease contracts', () => {
  it('refuses bad input with a clear message in zh and en, and changes nothing', async () => {
    const { station } = await stationOf();
    const before = await tableCounts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ rent_rate: '-30' }, '租金单价', 'rent rate above 0'],
      [{ rent_rate: 0.1 + 0.2 }, '租金单价', 'rent rate above 0'],
      [{ bank_card: '6228480402564890017' }, '校验位不符', 'check digit does not match'],
      [{ bank_card: '62284804' }, '银行卡号', 'bank card number'],
      [{ start_date: '2026-02-30' }, '日期', 'date'],
      [{ pay_cycle: 'monthly' }, '有效的选项', 'valid option'],
      [{ escalation_pct: '3' }, '递增间隔', 'escalation interval'],
      [{ escalation_pct: '150', escalation_years: 5 }, '递增比例', 'percentage from 0 to 100'],
      [{ term_years: 99 }, '租期', 'term is 1 to 30 years'],
      [{ surprise: 1 }, 'surprise', 'surprise'],
    ];
    for (const [over, zh, en] of cases) {
      const z = await post('lease_contract/add', body(station.id, over));
      expect(z.status, JSON.stringify(over)).toBe(400);
      expect(z.msg).toContain(zh);
      const e = await post('lease_contract/add', body(station.id, over), admin, 'en');
      expect(e.status).toBe(400);
      expect(e.msg).toContain(en);
    }
    // a purchase-mode owner, a station without panels on a per-panel rule
    const purchase = await stationOf({ mode: 'purchase' });
    expect((await post('lease_contract/add', body(purchase.station.id))).msg).toContain('不是屋顶租赁');
    const bare = await stationOf({ panels: null });
    expect((await post('lease_contract/add', body(bare.station.id), admin, 'en')).msg).toContain('Per panel per year needs the number of panels');
    expect(await tableCounts()).toEqual(before);
  });

  it('adds a draft with the card masked everywhere; view_card shows it and is logged; one open contract per station', async () => {
    const { station } = await stationOf();
    const c = await ok(post('lease_contract/add', body(station.id, { escalation_pct: '3', escalation_years: 5 })));
    expect(c).toMatchObject({ status: 'draft', start_date: '2026-03-16', end_date: '2051-03-15', rent_rate: '30.0000', panel_count: 40, capacity_kwp: '22.00', escalation_pct: '3.0000', annual_rent: '1200.00', station_code: station.code });
    expect(c.contract_no).toMatch(/^ZL\d{14}$/);
    expect(c.bank_card).toBe('622848*********0018');
    const again = await post('lease_contract/add', body(station.id));
    expect(again.status).toBe(400);
    expect(again.msg).toContain(c.contract_no);
    for (const r of [await get('lease_contract/get_info', { id: c.id }), await get('lease_contract/index', { station_id: station.id }), await get('lease_contract/history', { id: c.id }), await get('syslog/index', { resource: 'lease_contract', record_id: c.id })]) {
      expect(r.status).toBe(200);
      expect(r.body).not.toContain(CARD);
    }
    const logsBefore = (await t.handle.db.select({ n: count() }).from(sysLog).where(and(eq(sysLog.action, 'view_card'), eq(sysLog.record_id, c.id))))[0]!.n;
    const shown = await get('lease_contract/view_card', { id: c.id });
    expect(shown.data.bank_card).toBe(CARD);
    const [log] = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.action, 'view_card'), eq(sysLog.record_id, c.id)));
    expect(logsBefore).toBe(0);
    expect(log).toMatchObject({ resource: 'lease_contract', username: 'admin' });
    expect(JSON.stringify(log)).not.toContain(CARD);
    // the operator may read contracts but not the full card
    expect((await get('lease_contract/view_card', { id: c.id }, op)).status).toBe(403);
    expect((await get('lease_contract/get_info', { id: c.id }, op)).status).toBe(200);
  });

  it('goes 草稿 → 已签署 → 履行中 with version checks, named wrong states, permissions and data scope; activation makes the bills so far', async () => {
    const { station } = await stationOf();
    let c = await ok(post('lease_contract/add', body(station.id)));
    c = await ok(post('lease_contract/edit', { id: c.id, version: c.version, term_years: 20, rent_rate: '32.5' }));
    expect(c).toMatchObject({ end_date: '2046-03-15', rent_rate: '32.5000', annual_rent: '1300.00' });
    // stale version
    expect((await post('lease_contract/sign', { id: c.id, version: c.version - 1, sign_method: 'paper', signed_date: '2026-03-10' })).status).toBe(409);
    // activate before signing: the state is named
    const early = await post('lease_contract/activate', { id: c.id, version: c.version });
    expect(early.status).toBe(400);
    expect(early.msg).toBe('当前状态为“草稿”，不能开始履行');
    expect((await post('lease_contract/activate', { id: c.id, version: c.version }, admin, 'en')).msg).toBe('The current state is "Draft"; cannot activate');
    // another agent's contract, and a role without the action
    expect((await post('lease_contract/sign', { id: c.id, version: c.version, sign_method: 'paper', signed_date: '2026-03-10' }, hn)).status).toBe(403);
    expect((await get('lease_contract/get_info', { id: c.id }, hn)).status).toBe(404);
    expect((await post('lease_contract/activate', { id: c.id, version: c.version }, op)).status).toBe(403);
    c = await ok(post('lease_contract/sign', { id: c.id, version: c.version, sign_method: 'electronic', signed_date: '2026-03-10' }, op));
    expect(c).toMatchObject({ status: 'signed', sign_method: 'electronic', signed_date: '2026-03-10' });
    // a signed contract is no longer freely edited
    const edit = await post('lease_contract/edit', { id: c.id, version: c.version, rent_rate: '99' });
    expect(edit.msg).toBe('当前状态为“已签署”，不能修改');
    expect((await post('lease_contract/del', { id: c.id })).msg).toBe('当前状态为“已签署”，不能删除');
    c = await ok(post('lease_contract/activate', { id: c.id, version: c.version }));
    expect(c.status).toBe('active');
    const bills = await billsOf(c.id);
    const expected = billsThrough(termsOf(c), today());
    expect(bills.map((b) => [b.period, b.cover_start, b.cover_end, b.amount_due, b.amount_payable, b.status])).toEqual(expected.map((e) => [e.period, e.cover_start, e.cover_end, e.amount, e.amount, 'pending']));
    expect(bills[0]!.amount_due).toBe('1036.44'); // 1300 × 291 / 365
    const timeline = (await get('lease_contract/timeline', { id: c.id })).data.list.map((e: { action: string }) => e.action);
    // the draft's edit is in the history (sys_log), not on the lifecycle timeline
    expect(timeline).toEqual(['add', 'sign', 'activate', 'bills']);
    // an agent sees its own contracts only (SD's user sees this one, HN's user does not)
    const sd = await login(t.app, 'sd', USER_PASSWORD);
    expect((await get('lease_contract/index', { station_id: station.id }, sd)).data.total).toBe(1);
    // another agent filtering by SD's station or contract: as if they did not exist
    expect((await get('lease_contract/index', { station_id: station.id }, hn)).status).toBe(404);
    expect((await get('rent_bill/index', { contract_id: c.id }, hn)).status).toBe(404);
  });

  it('refuses to activate before the station is connected and every action on a frozen station', async () => {
    const { station } = await stationOf({ status: 'grid_pending' });
    let c = await ok(post('lease_contract/add', body(station.id)));
    c = await ok(post('lease_contract/sign', { id: c.id, version: c.version, sign_method: 'paper', signed_date: '2026-03-10' }));
    const r = await post('lease_contract/activate', { id: c.id, version: c.version });
    expect(r.msg).toBe(`电站 ${station.code} 当前状态为“待并网”，并网后才能开始履行合同`);
    await t.handle.db.update(stations).set({ status: 'operating', frozen: true }).where(eq(stations.id, station.id));
    const frozen = await post('lease_contract/activate', { id: c.id, version: c.version }, admin, 'en');
    expect(frozen.msg).toBe(`Station ${station.code} is frozen and cannot activate; unfreeze it first`);
    expect((await billsOf(c.id)).length).toBe(0);
  });

  it('changes the payee account with a valid card only, linked to the owner’s 银行卡变更 matter, logged masked', async () => {
    const { station, customer } = await stationOf();
    const c = await ok(post('lease_contract/add', body(station.id)));
    const [m] = await t.handle.db.insert(matters).values({ matter_no: `SX-L-${c.id}`, type: 'bank_card', station_id: station.id, customer_id: customer.id, title: '银行卡变更', content: '换卡' } as never).returning();
    const [other] = await t.handle.db.insert(matters).values({ matter_no: `SX-F-${c.id}`, type: 'fault', station_id: station.id, customer_id: customer.id, title: '故障', content: '坏了' } as never).returning();
    const bad = await post('lease_contract/change_card', { id: c.id, version: c.version, payee_name: '张三', bank_name: '中国银行', bank_card: '6212260200000000007' }, admin, 'en');
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('check digit');
    expect((await post('lease_contract/change_card', { id: c.id, version: c.version, payee_name: '张三', bank_name: '中国银行', bank_card: CARD2, matter_id: other!.id })).msg).toContain('不是本合同业主的银行卡变更事项');
    const changed = await ok(post('lease_contract/change_card', { id: c.id, version: c.version, payee_name: '张三', bank_name: '中国银行', bank_card: CARD2, matter_id: m!.id }));
    expect(changed).toMatchObject({ payee_name: '张三', bank_card: '621226*********0006', card_matter_id: m!.id, version: c.version + 1 });
    // the page links the matter by its number
    expect((await get('lease_contract/get_info', { id: c.id })).data.card_matter_no).toBe(m!.matter_no);
    const [tr] = await t.handle.db.select().from(transitions).where(and(eq(transitions.entity, 'lease_contract'), eq(transitions.entity_id, c.id), eq(transitions.action, 'change_card')));
    expect(tr!.data).toMatchObject({ matter_no: m!.matter_no, card: '621226*********0006', was: '622848*********0018' });
    const logs = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'lease_contract'), eq(sysLog.record_id, c.id)));
    expect(JSON.stringify(logs)).not.toContain(CARD2);
    expect(JSON.stringify(logs)).toContain('621226*********0006');
  });

  it('exports the contract list and a contract’s bills as Excel, cards masked, amounts as the server computed them', async () => {
    const c = await activeContract({ pay_cycle: 'annual', start_date: '2026-03-16', contract_no: `XL-${Date.now()}` });
    const xlsx = async (url: string, q: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: `${S}/${url}`, query: q, headers: { authorization: `Bearer ${admin}` } });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      return readXlsx(res.rawPayload);
    };
    const contracts = await xlsx('lease_contract/export', { q: c.contract_no });
    expect(contracts[0]).toContain('银行卡号');
    const row = contracts.find((r) => r.includes(c.contract_no))!;
    expect(row).toContain('622848*********0018');
    expect(JSON.stringify(contracts)).not.toContain(CARD);
    expect(row).toContain('履行中');
    const bills = await xlsx('rent_bill/export', { contract_id: String(c.id) });
    const first = bills.find((r) => r.includes('2026'))!;
    // 1200 × 291 ÷ 365, rounded once
    expect(first.map(String)).toContain('956.71');
    // an agent's users read bills but do not export them
    const res = await t.app.inject({ method: 'GET', url: `${S}/rent_bill/export`, query: { contract_id: String(c.id) }, headers: { authorization: `Bearer ${hn}` } });
    expect(res.statusCode).toBe(403);
  });

  it('uploads the contract PDF (PDF only) and lists it', async () => {
    const { station } = await stationOf();
    const c = await ok(post('lease_contract/add', body(station.id)));
    const up = await uploadFile(t.app, admin, `${S}/lease_contract/upload_pdf?id=${c.id}&name=租赁合同.pdf`, testPdf(), 'application/pdf');
    expect(up.status, up.msg).toBe(200);
    const notPdf = await uploadFile(t.app, admin, `${S}/lease_contract/upload_pdf?id=${c.id}`, Buffer.from('hello'), 'application/pdf');
    expect(notPdf.status).toBe(400);
    const list = (await get('lease_contract/pdf', { id: c.id })).data;
    expect(list.total).toBe(1);
    expect((await get('lease_contract/get_info', { id: c.id })).data.pdf_file_id).toBe(up.data.id);
  });

  it('grid-connection approval makes a draft for a lease-mode owner only, in the same transaction', async () => {
    const { db } = t.handle;
    const drafts: Record<string, unknown>[] = [];
    for (const mode of ['lease', 'purchase']) {
      const { station } = await stationOf({ mode, status: 'grid_review' });
      await db.update(stations).set({ grid_at: null }).where(eq(stations.id, station.id));
      const at = { agent_id: station.agent_id, province_code: '370000', city_code: '370700' };
      const [o] = await db.insert(workOrders).values({ order_no: `BW-L-${station.id}`, kind: 'grid', station_id: station.id, status: 'audit_pending', audit_count: 1, ...at } as never).returning();
      const [a] = await db.insert(selfAudits).values({ work_order_id: o!.id, kind: 'grid', station_id: station.id, attempt: 1, items: [], submitted_by: fx.op.id, ...at } as never).returning();
      await ok(post('self_audit/approve', { id: a!.id, version: a!.version }));
      drafts.push(...(await db.select().from(leaseContracts).where(eq(leaseContracts.station_id, station.id))));
      expect((await db.select().from(stations).where(eq(stations.id, station.id)))[0]!.status).toBe('grid_connected');
    }
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ status: 'draft', source: 'grid', start_date: today(), rent_rule: 'per_panel', rent_rate: '30.0000', panel_count: 40, pay_cycle: 'annual', bank_card: CARD, term_years: 25 });
  });
});

describe('rent bills', () => {
  it('deducts with a reason (never below zero, exact sums), pays and fails by named actions only', async () => {
    const c = await activeContract({ pay_cycle: 'quarterly', start_date: '2026-01-01' });
    const [b] = await billsOf(c.id);
    expect(b).toMatchObject({ period: '2026-Q1', amount_due: '300.00', status: 'pending' });
    const before = await tableCounts();
    for (const [amount, msg] of [['-5', '金额：请输入正确的金额'], ['0', '金额必须大于 0'], ['1.005', '两位小数'], ['300.01', '超过账单应付金额 300.00 元']] as const) {
      const r = await post('rent_bill/deduct', { id: b!.id, version: b!.version, amount, reason: '损坏赔偿' });
      expect(r.status, amount).toBe(400);
      expect(r.msg).toContain(msg);
    }
    expect((await post('rent_bill/deduct', { id: b!.id, version: b!.version, amount: '5' })).msg).toContain('原因');
    expect(await tableCounts()).toEqual(before);
    let bill = await ok(post('rent_bill/deduct', { id: b!.id, version: b!.version, amount: '100.10', reason: '屋顶维修费' }));
    bill = await ok(post('rent_bill/deduct', { id: bill.id, version: bill.version, amount: 0.2, reason: '手续费' }));
    expect(bill).toMatchObject({ amount_due: '300.00', deduction: '100.30', amount_payable: '199.70' });
    const ded = (await get('rent_bill/deductions', { id: bill.id })).data.list;
    expect(ded.map((d: { amount: string; reason: string; created_by_name: string }) => [d.amount, d.reason, d.created_by_name])).toEqual([['100.10', '屋顶维修费', '系统管理员'], ['0.20', '手续费', '系统管理员']]);
    // no free edit of a bill
    expect((await post('rent_bill/edit', { id: bill.id, version: bill.version, amount_due: '1' })).status).toBe(404);
    // pay needs the bank serial; fail then pay
    expect((await post('rent_bill/pay', { id: bill.id, version: bill.version })).msg).toContain('不能为空');
    bill = await ok(post('rent_bill/fail', { id: bill.id, version: bill.version, reason: '户名不符' }));
    expect(bill).toMatchObject({ status: 'failed', fail_reason: '户名不符' });
    bill = await ok(post('rent_bill/pay', { id: bill.id, version: bill.version, bank_serial: 'B20260101001' }));
    expect(bill).toMatchObject({ status: 'paid', bank_serial: 'B20260101001', payee_name: '租赁业主', payee_card: '622848*********0018', fail_reason: null });
    const again = await post('rent_bill/deduct', { id: bill.id, version: bill.version, amount: '1', reason: 'x' }, admin, 'en');
    expect(again.msg).toBe('The current state is "Paid"; cannot deduct');
    const timeline = (await get('rent_bill/timeline', { id: bill.id })).data.list.map((e: { action: string }) => e.action);
    expect(timeline).toEqual(['generate', 'deduct', 'deduct', 'fail', 'pay']);
    expect((await get('rent_bill/get_info', { id: bill.id })).body).not.toContain(CARD);
  });

  it('markPaidIn / markFailedIn run inside a caller’s transaction and roll back with it; a paused bill cannot be paid', async () => {
    const c = await activeContract({ pay_cycle: 'semiannual', start_date: '2026-01-01' });
    const [b1, b2] = await billsOf(c.id);
    const actor = { userId: 1, username: 'admin', ip: null };
    await expect(
      t.handle.db.transaction(async (tx) => {
        await markPaidIn(tx, b1!.id, { bank_serial: 'BATCH-1', batch_id: 77 }, actor);
        await markFailedIn(tx, b2!.id, { reason: '账户冻结', batch_id: 77 }, actor);
        throw new Error('the batch fails afterwards');
      }),
    ).rejects.toThrow('the batch fails afterwards');
    expect((await billsOf(c.id)).map((b) => b.status)).toEqual(['pending', 'pending']);
    await t.handle.db.transaction(async (tx) => {
      await markPaidIn(tx, b1!.id, { bank_serial: 'BATCH-1', batch_id: 77 }, actor);
      await markFailedIn(tx, b2!.id, { reason: '账户冻结', batch_id: 77 }, actor);
    });
    const [p1, p2] = await billsOf(c.id);
    expect(p1).toMatchObject({ status: 'paid', batch_id: 77, bank_serial: 'BATCH-1', payee_card: CARD });
    // a failed bill is held by no batch any more (the timeline names the batch that failed it)
    expect(p2).toMatchObject({ status: 'failed', batch_id: null, fail_reason: '账户冻结' });
    const [failedEntry] = await t.handle.db.select().from(transitions).where(and(eq(transitions.entity, 'rent_bill'), eq(transitions.entity_id, p2!.id), eq(transitions.action, 'fail')));
    expect(failedEntry!.data).toEqual({ batch_id: 77 });
    // a bill a batch holds keeps its amount (pending or failed: a retry batch holds a failed bill)
    for (const status of ['pending', 'failed']) {
      await t.handle.db.update(rentBills).set({ status, batch_id: 77 }).where(eq(rentBills.id, p2!.id));
      const held = await post('rent_bill/deduct', { id: p2!.id, version: p2!.version, amount: '1', reason: '扣' });
      expect(held.msg).toBe(`账单 ${p2!.bill_no} 在付款批次 #77 中，不能扣款`);
    }
    await expect(t.handle.db.transaction((tx) => markPaidIn(tx, p1!.id, { bank_serial: 'X' }, actor))).rejects.toMatchObject({ key: 'error.illegal_transition' });
  });

  it('a frozen station pauses its unpaid bills and unfreezing releases them (not the ones paused by hand); terminating the station pauses them', async () => {
    const { station } = await stationOf();
    const c = await activeContract({ pay_cycle: 'quarterly', start_date: '2026-01-01' }, station);
    const bills = await billsOf(c.id);
    expect(bills.length).toBeGreaterThanOrEqual(4);
    const manual = await ok(post('rent_bill/pause', { id: bills[0]!.id, version: bills[0]!.version, reason: '业主要求暂缓' }));
    let s = (await get('station/get_info', { id: station.id })).data;
    s = await ok(post('station/freeze', { id: s.id, version: s.version, reason: '产权纠纷' }));
    const paused = await billsOf(c.id);
    expect(paused.map((b) => [b.status, b.paused_by])).toEqual(bills.map((_, i) => ['paused', i === 0 ? 'manual' : 'station']));
    const release = await post('rent_bill/release', { id: manual.id, version: manual.version });
    expect(release.msg).toContain(`电站 ${station.code} 已冻结`);
    expect((await post('rent_bill/pay', { id: paused[1]!.id, version: paused[1]!.version, bank_serial: 'X' })).msg).toContain('已冻结');
    s = await ok(post('station/unfreeze', { id: s.id, version: s.version }));
    const released = await billsOf(c.id);
    expect(released.map((b) => b.status)).toEqual(bills.map((_, i) => (i === 0 ? 'paused' : 'pending')));
    await ok(post('rent_bill/release', { id: released[0]!.id, version: released[0]!.version }));
    await ok(post('station/terminate', { id: s.id, version: s.version, reason: '业主拆除' }));
    expect((await billsOf(c.id)).every((b) => b.status === 'paused' && b.paused_by === 'station')).toBe(true);
  });

  it('terminating a contract cuts the bill holding the day pro rata and voids the unpaid ones after it', async () => {
    const c = await activeContract({ pay_cycle: 'quarterly', start_date: '2026-01-01' });
    const bills = await billsOf(c.id);
    const q2 = bills.find((b) => b.period === '2026-Q2')!;
    await ok(post('rent_bill/deduct', { id: q2.id, version: q2.version, amount: '250', reason: '提前扣除' }));
    expect((await post('lease_contract/terminate', { id: c.id, version: c.version, reason: '拆除', terminate_date: '2025-12-31' })).msg).toBe('终止日期须在合同期内（2026-01-01 至 2050-12-31）');
    const done = await ok(post('lease_contract/terminate', { id: c.id, version: c.version, reason: '业主拆除电站', terminate_date: '2026-05-10' }));
    expect(done).toMatchObject({ status: 'terminated', terminate_date: '2026-05-10' });
    const after = await billsOf(c.id);
    const cut = after.find((b) => b.period === '2026-Q2')!;
    // 2026-04-01 … 05-10 = 40 of 91 days of 300 a quarter
    expect(cut).toMatchObject({ cover_end: '2026-05-10', days: 40, amount_due: '131.87', deduction: '131.87', amount_payable: '0.00', status: 'pending' });
    expect(cut.amount_due).toBe(billFor(termsOf(c), periodByKey('2026-Q2')!, '2026-05-10')!.amount);
    // the deduction records agree with the bill: the 250 entered, and the 118.13 the termination gave back
    const ded = (await get('rent_bill/deductions', { id: cut.id })).data.list as Array<{ amount: string; reason: string }>;
    expect(ded.map((d) => d.amount)).toEqual(['250.00', '-118.13']);
    expect(sumMoney(ded.map((d) => d.amount))).toBe(cut.deduction);
    expect(ded[1]!.reason).toContain('终止结算（2026-05-10）');
    expect(after.filter((b) => b.period_start > '2026-05-10').every((b) => b.status === 'cancelled')).toBe(true);
    expect(after.find((b) => b.period === '2026-Q1')!.status).toBe('pending');
    // nothing more is generated for it
    const n = after.length;
    await generateRentPeriod(t.handle.db, periodOf('quarterly', today()).key);
    expect((await billsOf(c.id)).length).toBe(n);
  });

  it('generation is idempotent under two concurrent runs and resumes a run stopped half-way', async () => {
    const { db } = t.handle;
    const made: number[] = [];
    for (let i = 0; i < 7; i++) made.push((await activeContract({ pay_cycle: 'annual', start_date: '2026-01-01' })).id);
    // a fresh period no contract has yet: 2027 ends its run by itself; two runners at once
    await db.delete(rentBills).where(eq(rentBills.period, '2026'));
    await db.delete(rentBillRuns);
    const eligible = (await query<{ n: number }>(db, sql`select count(*)::int as n from lease_contracts where pay_cycle = 'annual' and status in ('active','expired') and start_date <= '2026-12-31' and coalesce(terminate_date, end_date) >= '2026-01-01'`))[0]!.n;
    const [a, b] = await Promise.all([generateRentPeriod(db, '2026', 3), generateRentPeriod(db, '2026', 3)]);
    expect(a.bills + b.bills).toBe(eligible);
    const rows = await db.select({ contract_id: rentBills.contract_id }).from(rentBills).where(eq(rentBills.period, '2026'));
    expect(rows.length).toBe(eligible);
    expect(new Set(rows.map((r) => r.contract_id)).size).toBe(eligible);
    expect((await generateRentPeriod(db, '2026', 3)).bills).toBe(0);
    // resumable: a run that stopped after its first batch (a crash, a restart) continues at its cursor
    await db.delete(rentBills).where(eq(rentBills.period, '2026'));
    await db.delete(rentBillRuns);
    await db.insert(rentBillRuns).values({ period: '2026', cycle: 'annual', period_start: '2026-01-01', period_end: '2026-12-31' });
    const first = await runBatch(db, rentRun(periodByKey('2026')!), 2);
    expect(first).toEqual({ seen: 2, created: 2, done: false });
    const [stopped] = await db.select().from(rentBillRuns);
    expect(stopped).toMatchObject({ contracts_seen: 2, created: 2, batches: 1, finished_at: null });
    const resumed = await generateRentPeriod(db, '2026', 2);
    expect(resumed.bills).toBe(eligible - 2);
    const after = await db.select({ contract_id: rentBills.contract_id }).from(rentBills).where(eq(rentBills.period, '2026'));
    expect(new Set(after.map((r) => r.contract_id)).size).toBe(eligible);
    expect(after.length).toBe(eligible);
    const [finished] = await db.select().from(rentBillRuns);
    expect(finished!.contracts_seen).toBe(eligible);
    expect(finished!.finished_at).not.toBeNull();
    expect(made.length).toBe(7);
  });

  it('the job makes every started period since the last finished run, and expires contracts past their end', async () => {
    const { db } = t.handle;
    const c = await activeContract({ pay_cycle: 'annual', start_date: '2024-01-01', term_years: 2 });
    await db.update(leaseContracts).set({ status: 'active', end_date: '2025-12-31' }).where(eq(leaseContracts.id, c.id));
    await db.delete(rentBillRuns);
    await db.insert(rentBillRuns).values({ period: '2024', cycle: 'annual', period_start: '2024-01-01', period_end: '2024-12-31', finished_at: new Date() });
    await db.delete(rentBills).where(eq(rentBills.contract_id, c.id));
    const res = await JOBS.generate_rent_bills!.run({ db, now: new Date() });
    expect(Number(res.expired)).toBeGreaterThanOrEqual(1);
    // 2025 was missed (the last finished annual run was 2024): made now; 2026 is after its end
    expect((await billsOf(c.id)).map((b) => b.period)).toEqual(['2025']);
    expect((await db.select().from(leaseContracts).where(eq(leaseContracts.id, c.id)))[0]!.status).toBe('expired');
    const runs = (await db.select({ period: rentBillRuns.period }).from(rentBillRuns)).map((r) => r.period).sort();
    expect(runs).toEqual(expect.arrayContaining(['2025', String(new Date().getUTCFullYear()), periodOf('quarterly', today()).key, periodOf('semiannual', today()).key]));
  });

  it('property: over random contracts the SQL generator bills exactly the contract rule, and the list sums reconcile to the fen', async () => {
    const { db } = t.handle;
    let seed = 2026;
    const r = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const { station } = await stationOf();
    const terms: Map<number, LeaseTerms> = new Map();
    for (let i = 0; i < 60; i++) {
      const cycle = (['annual', 'semiannual', 'quarterly'] as const)[Math.floor(r() * 3)]!;
      const rule = (['per_panel', 'per_kwp', 'fixed'] as const)[Math.floor(r() * 3)]!;
      const start = `20${10 + Math.floor(r() * 16)}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
      const years = 1 + Math.floor(r() * 25);
      const row = {
        contract_no: `P-${i}-${seed}`,
        station_id: station.id,
        province_code: '370000',
        rent_rule: rule,
        rent_rate: new Money(1 + Math.floor(r() * 9_999_999)).div(10_000).toFixed(4),
        panel_count: 1 + Math.floor(r() * 120),
        capacity_kwp: new Money(Math.floor(r() * 10_000)).div(100).plus('0.01').toFixed(2),
        escalation_pct: r() < 0.5 ? '0.0000' : new Money(Math.floor(r() * 100_000)).div(10_000).toFixed(4),
        escalation_years: 1 + Math.floor(r() * 6),
        pay_cycle: cycle,
        start_date: start,
        end_date: termEnd(start, years),
        term_years: years,
        status: 'expired',
      };
      const [c] = await db.insert(leaseContracts).values(row).returning();
      terms.set(c!.id, termsOf(c!));
    }
    // every period of every cycle from 2010 to 2050 that any of them covers
    const keys = new Set<string>();
    for (const t2 of terms.values()) for (const b of billsThrough(t2, t2.end_date)) keys.add(b.period);
    // runs of these periods finished in earlier tests (a finished run does nothing: activation makes a late contract's bills)
    await db.delete(rentBillRuns);
    for (const k of keys) await generateRentPeriod(db, k, 500);
    const bills = await db.select().from(rentBills).where(sql`${rentBills.contract_id} in (${sql.join([...terms.keys()].map((id) => sql`${id}`), sql`, `)})`);
    const expected = [...terms.entries()].flatMap(([id, t2]) => billsThrough(t2, t2.end_date).map((b) => `${id} ${b.period} ${b.cover_start} ${b.cover_end} ${b.rate} ${b.amount}`));
    expect(bills.map((b) => `${b.contract_id} ${b.period} ${b.cover_start} ${b.cover_end} ${b.rate} ${b.amount_due}`).sort()).toEqual(expected.sort());
    // the list's sums (from the counters) equal the sum of the bills' amounts, to the fen
    const all = await db.select({ due: rentBills.amount_due, ded: rentBills.deduction, pay: rentBills.amount_payable }).from(rentBills);
    const summary = (await get('rent_bill/summary')).data;
    expect(summary).toEqual({ total: all.length, amount_due: sumMoney(all.map((b) => b.due)), deduction: sumMoney(all.map((b) => b.ded)), amount_payable: sumMoney(all.map((b) => b.pay)) });
    const filtered = (await get('rent_bill/summary', { status: 'pending' })).data;
    const pending = await db.select({ pay: rentBills.amount_payable }).from(rentBills).where(eq(rentBills.status, 'pending'));
    expect(filtered.amount_payable).toBe(sumMoney(pending.map((b) => b.pay)));
    expect((await get('rent_bill/index', { status: 'pending', limit: 1 })).data.total).toBe(pending.length);
    // and with a keyword (no counter): the same sums by rows
    expect((await get('rent_bill/summary', { q: 'ZJ' })).data.amount_payable).toBe(sumMoney(all.map((b) => b.pay)));
    // a due-date range over several states (the dashboard's this-year and overdue links) from the counters, by due day
    const due = await db
      .select({ pay: rentBills.amount_payable })
      .from(rentBills)
      .where(sql`${rentBills.status} in ('pending', 'failed', 'paid') and ${rentBills.due_date} between '2031-04-02' and '2044-07-01'`);
    expect(due.length).toBeGreaterThan(10);
    const dueRange = { status: 'pending,failed,paid', due_date_gte: '2031-04-02', due_date_lte: '2044-07-01' };
    expect((await get('rent_bill/index', { ...dueRange, limit: 1 })).data.total).toBe(due.length);
    expect((await get('rent_bill/summary', dueRange)).data.amount_payable).toBe(sumMoney(due.map((b) => b.pay)));
    const adminContext = { scope: 'all', isAdmin: true, userId: 1, agentId: null, permissions: new Set<string>() } as unknown as AuthContext;
    const plan = planList(rentBillResource as ResourceDef, dueRange, adminContext);
    expect(plan.count?.counter.table).toBe(rentBillCountsRegion);
  });

  it('refuses bad list filters and periods with a message', async () => {
    expect((await get('rent_bill/index', { period: '2026-Q5' })).status).toBe(400);
    expect((await post('rent_bill/generate', { period: '2026-13' })).msg).toContain('账期格式');
    const future = `${new Date().getUTCFullYear() + 2}`;
    expect((await post('rent_bill/generate', { period: future }, admin, 'en')).msg).toBe(`The period ${future} has not started yet (it starts on ${future}-01-01)`);
    expect((await post('rent_bill/generate', { period: '2026' }, op)).status).toBe(403);
    expect((await get('rent_bill/index', { due_date_gte: 'yesterday' })).status).toBe(400);
  });
});
