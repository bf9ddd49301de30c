import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { Money, sumMoney } from '@pv/contract';
import { query } from '../src/db/client.ts';
import { customers, paymentBatches, paymentLines, rentBills, roles, stations, sysLog, transitions, userRoles, users } from '../src/db/schema/index.ts';
import { buildXlsx, readXlsx } from '../src/excel/xlsx.ts';
import { markFailedIn, markPaidIn } from '../src/modules/lease/bills.ts';
import { approveBatchIn } from '../src/modules/payment/actions.ts';
import { RESULT_MAX_BYTES } from '../src/modules/payment/result.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { contextOfUser } from '../src/modules/menu/tree.ts';
import { call, customerBody, fixtures, login, ok, startApp, type TestApp, USER_PASSWORD } from './helpers.ts';

/**
 * 付款批次 (issue 14): a batch made from the bill list's filters or ticked bills (count and exact
 * total), each action and its refusals (wrong state named, stale version, four eyes, permissions,
 * data scope, bad input in zh and en changing nothing), the bank file (xlsx and csv, full cards only
 * there, logged), the bank's result import (unknown references, amount mismatches, the same file
 * twice, all or nothing, the same effects as markPaidIn / markFailedIn), a failed bill paid by a later
 * batch, a bill never in two open batches (two batches made at once; the database index), a freeze
 * and a termination meeting a held bill, reconciliation to the fen.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let op: string;
let fin: string;
let hn: string;
const S = '/api/system';
const CARD = '6228480402564890018';
type Json = Record<string, any>;
const post = (url: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });
const get = (url: string, q: Record<string, string | number> = {}, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'GET', `${S}/${url}`, { token, query: q, lang });

let seq = 0;
/** A lease-mode owner's connected station with an active quarterly contract from 2026-01-01 (four bills through 2026-Q4). */
async function leased(opts: { rate?: string; card?: string } = {}) {
  const { db } = t.handle;
  seq++;
  const [c] = await db
    .insert(customers)
    .values({ ...customerBody({ name: '付款业主', phone: `1370000${String(seq).padStart(4, '0')}` }), stage: 'formal', status: 'signed', business_mode: 'lease', agent_id: fx.sdc.id } as never)
    .returning();
  const [s] = await db
    .insert(stations)
    .values({ code: `PVP${String(seq).padStart(5, '0')}`, name: `付款电站${seq}`, customer_id: c!.id, agent_id: fx.sdc.id, province_code: '370000', city_code: '370700', capacity_kwp: 22, module_count: 40, status: 'operating', grid_at: new Date('2025-12-01T02:00:00Z') } as never)
    .returning();
  let k = await ok(post('lease_contract/add', { station_id: s!.id, start_date: '2026-01-01', rent_rule: 'per_panel', rent_rate: opts.rate ?? '30.1234', pay_cycle: 'quarterly', payee_name: '付款业主', bank_name: '中国农业银行', bank_branch: '潍坊分行', bank_card: opts.card ?? CARD }));
  k = await ok(post('lease_contract/sign', { id: k.id, version: k.version, sign_method: 'paper', signed_date: '2025-12-20' }));
  k = await ok(post('lease_contract/activate', { id: k.id, version: k.version }));
  const bills = await t.handle.db.select().from(rentBills).where(eq(rentBills.contract_id, k.id)).orderBy(rentBills.period_start);
  return { contract: k, station: s!, bills };
}
const billRow = async (id: number) => (await t.handle.db.select().from(rentBills).where(eq(rentBills.id, id)))[0]!;
const linesOf = (batchId: number) => t.handle.db.select().from(paymentLines).where(eq(paymentLines.batch_id, batchId)).orderBy(paymentLines.seq);
/** Everything an import or a refused action could touch, comparable. */
const snapshot = async () => ({
  batches: JSON.stringify(await t.handle.db.select().from(paymentBatches).orderBy(paymentBatches.id)),
  lines: JSON.stringify(await t.handle.db.select().from(paymentLines).orderBy(paymentLines.id)),
  bills: JSON.stringify(await t.handle.db.select().from(rentBills).orderBy(rentBills.id)),
  // (sign-ins write the system log too: only the records' entries count here)
  log: (await t.handle.db.select({ n: count() }).from(sysLog).where(inArray(sysLog.resource, ['payment_batch', 'rent_bill'])))[0]!.n,
  timeline: (await t.handle.db.select({ n: count() }).from(transitions))[0]!.n,
});

/** A bank result file: a title line, the header (a bank's own extra columns too), the rows. */
function resultRows(rows: Array<Partial<Record<'reference' | 'card' | 'amount' | 'result' | 'reason' | 'serial' | 'time', string>>>, lang: 'zh' | 'en' = 'zh') {
  const header = lang === 'zh' ? ['序号', '业务参考号', '收款人户名', '收款账号', '金额', '处理结果', '失败原因', '银行流水号', '交易时间', '备注'] : ['No.', 'Reference', 'Payee', 'Card number', 'Amount', 'Result', 'Failure reason', 'Bank serial', 'Time', 'Memo'];
  return [['某银行批量代发处理结果', '', '', ''], header, ...rows.map((r, i) => [String(i + 1), r.reference ?? '', '付款业主', r.card ?? '', r.amount ?? '', r.result ?? '', r.reason ?? '', r.serial ?? '', r.time ?? '', '银行自有列'])];
}
const xlsxOf = (rows: string[][]) => buildXlsx(rows, { sheetName: '结果' });
const csvOf = (rows: string[][]) => Buffer.from('\uFEFF' + rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n'));

async function importFile(batch: Json, file: Buffer, type: string, token = admin, lang: 'zh' | 'en' = 'zh', version?: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${S}/payment_batch/import_result?id=${batch.id}${version !== undefined ? `&version=${version}` : ''}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': type, 'accept-language': lang === 'zh' ? 'zh-CN' : 'en' },
    payload: file,
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
}
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function exportFile(batch: Json, format: 'xlsx' | 'csv', token = admin) {
  return t.app.inject({ method: 'POST', url: `${S}/payment_batch/export_bank`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'zh-CN' }, payload: JSON.stringify({ id: batch.id, version: batch.version, format }) });
}

/** A batch of the given bills made by the operator, submitted by them and approved by the administrator. */
async function approved(billIds: number[], extra: Json = {}) {
  let b = await ok(post('payment_batch/add', { selection: { bill_ids: billIds }, ...extra }, op));
  b = await ok(post('payment_batch/submit', { id: b.id, version: b.version }, op));
  return ok(post('payment_batch/approve', { id: b.id, version: b.version }));
}

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  fx = await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
  hn = await login(t.app, 'hn', USER_PASSWORD);
  // a finance user: approves, exports and imports (every payment_batch code), scope all, not an administrator
  const { db } = t.handle;
  const [role] = await db.insert(roles).values({ code: 'finance_t', name: '财务（测试）', permissions: ['payment_batch:*', 'rent_bill:index', 'rent_bill:get_info'], data_scope: 'all' }).returning();
  const [u] = await db.insert(users).values({ username: 'fin', password_hash: await hashPassword(USER_PASSWORD), full_name: '财务小赵' }).returning();
  await db.insert(userRoles).values({ user_id: u!.id, role_id: role!.id });
  fin = await login(t.app, 'fin', USER_PASSWORD);
}, 60_000);
afterAll(async () => t?.close());

describe('making a batch', () => {
  it('refuses bad input with a clear message in zh and en, and changes nothing', async () => {
    const { bills } = await leased();
    const paid = bills[0]!;
    await t.handle.db.transaction((tx) => markPaidIn(tx, paid.id, { bank_serial: 'HAND-1' }, { userId: 1, username: 'admin', ip: null }));
    const before = await snapshot();
    const cases: Array<[unknown, string, string]> = [
      [{}, '所选账单：此项不能为空', 'Bills to pay'],
      [{ selection: {} }, '请选择要付款的账单', 'Choose the bills to pay'],
      [{ selection: { bill_ids: [bills[1]!.id], filter: { status: 'pending' } } }, '二选一', 'one or the other'],
      [{ selection: { bill_ids: [] } }, '请至少选择一张账单', 'Select at least one bill'],
      [{ selection: { bill_ids: Array.from({ length: 5001 }, (_, i) => i + 1) } }, '5000', '5,000'],
      [{ selection: { bill_ids: ['x'] } }, '数', 'number'],
      [{ selection: { filter: { nonsense: '1' } } }, 'nonsense', 'nonsense'],
      [{ selection: { filter: { status: 'pending', period: '2026-Q9' } } }, '账期格式', 'billing period'],
      [{ selection: { filter: { contract_id: '999999' } } }, '没有可付款的账单', 'No bills to pay'],
      [{ selection: { bill_ids: [paid.id, bills[1]!.id, 999999] } }, `${paid.bill_no} 状态为“已支付”`, `${paid.bill_no} is "Paid"`],
      [{ selection: { bill_ids: [bills[1]!.id] }, purpose: 'x'.repeat(41) }, '40', '40'],
      [{ selection: { bill_ids: [bills[1]!.id] }, surprise: 1 }, 'surprise', 'surprise'],
    ];
    for (const [body, zh, en] of cases) {
      const z = await post('payment_batch/add', body, op);
      expect(z.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(z.msg).toContain(zh);
      const e = await post('payment_batch/add', body, op, 'en');
      expect(e.msg).toContain(en);
    }
    // the missing bill is named too
    expect((await post('payment_batch/add', { selection: { bill_ids: [paid.id, 999999] } }, op)).msg).toContain('账单 999999 不存在');
    // an agent's user: no permission; an agent-scoped user holding it: batches are the finance office's
    expect((await post('payment_batch/add', { selection: { bill_ids: [bills[1]!.id] } }, hn)).status).toBe(403);
    const [agentAll] = await t.handle.db.insert(roles).values({ code: 'agent_pay', name: '代理付款', permissions: ['payment_batch:*', 'rent_bill:*'], data_scope: 'agent' }).returning();
    const [sdUser] = await t.handle.db.select().from(users).where(eq(users.username, 'sd'));
    await t.handle.db.insert(userRoles).values({ user_id: sdUser!.id, role_id: agentAll!.id });
    const sd = await login(t.app, 'sd', USER_PASSWORD);
    const scoped = await post('payment_batch/add', { selection: { bill_ids: [bills[1]!.id] } }, sd, 'en');
    expect(scoped.status).toBe(403);
    expect(scoped.msg).toContain('data scope is "all"');
    expect((await get('payment_batch/index', {}, sd)).data.total).toBe(0);
    await t.handle.db.delete(userRoles).where(and(eq(userRoles.user_id, sdUser!.id), eq(userRoles.role_id, agentAll!.id)));
    expect(await snapshot()).toEqual(before);
  });

  it('previews and makes a batch from the bill list’s filters: count and exact total, lines as the bills and payee were, bills held', async () => {
    const a = await leased();
    const b = await leased({ rate: '33.3333' });
    const c = await leased({ rate: '31.0101' });
    const ids = [...a.bills, ...b.bills, ...c.bills].map((x) => x.id);
    // odd cents: a deduction on one, one bill paused by hand, one with nothing left to pay
    const d = await ok(post('rent_bill/deduct', { id: a.bills[1]!.id, version: a.bills[1]!.version, amount: '0.37', reason: '清洗费' }));
    await ok(post('rent_bill/pause', { id: b.bills[0]!.id, version: b.bills[0]!.version, reason: '业主要求' }));
    const z = await billRow(c.bills[0]!.id);
    await ok(post('rent_bill/deduct', { id: z.id, version: z.version, amount: z.amount_payable, reason: '全额抵扣' }));
    expect(d.amount_payable).not.toBe(a.bills[1]!.amount_payable);

    const filter = { contract_id: [a.contract.id, b.contract.id, c.contract.id], status: ['pending', 'failed', 'paused'] };
    const preview = await ok(post('payment_batch/preview', { selection: { filter } }, op));
    const payable = (await t.handle.db.select().from(rentBills).where(inArray(rentBills.id, ids))).filter((x) => x.status === 'pending' && new Money(x.amount_payable).gt(0));
    expect(preview).toEqual({ count: 10, total: sumMoney(payable.map((x) => x.amount_payable)), excluded: { state: 1, zero: 1, held: 0, frozen: 0, no_card: 0 } });

    const batch = await ok(post('payment_batch/add', { selection: { filter }, name: '2026 第四季度租金', remark: '测试' }, op));
    expect(batch).toMatchObject({ status: 'draft', line_count: 10, total: preview.total, pending_count: 10, pending_amount: preview.total, paid_amount: '0.00', purpose: '屋顶租金', name: '2026 第四季度租金', created_by_name: '运营小李' });
    expect(batch.batch_no).toMatch(/^FK\d{14}$/);
    const lines = await linesOf(batch.id);
    expect(lines.map((l) => l.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(sumMoney(lines.map((l) => l.amount))).toBe(preview.total);
    expect(lines[0]).toMatchObject({ status: 'pending', payee_name: '付款业主', payee_bank: '中国农业银行', payee_branch: '潍坊分行', payee_card: CARD, reference: `P${String(batch.id).padStart(6, '0')}000001` });
    for (const l of lines) expect(l.amount).toBe((await billRow(l.bill_id!)).amount_payable);
    expect((await billRow(lines[0]!.bill_id!)).batch_id).toBe(batch.id);
    // the batch's money is not a free edit, and replies never hold the full card
    expect((await post('payment_batch/edit', { id: batch.id, version: batch.version, total: '1' })).status).toBe(404);
    const shown = await get('payment_batch/lines', { id: batch.id, limit: 100 });
    expect(shown.data.total).toBe(10);
    expect(shown.body).not.toContain(CARD);
    expect(shown.data.list[0].payee_card).toBe('622848*********0018');
    expect((await get('payment_batch/lines', { id: batch.id, q: a.bills[1]!.bill_no })).data.list.map((l: Json) => l.bill_no)).toEqual([a.bills[1]!.bill_no]);

    // a held bill keeps its amount: no deduction, pause, payment or failure by hand (the message names the batch)
    const held = await billRow(a.bills[2]!.id);
    for (const [act, extra] of [['deduct', { amount: '1', reason: 'x' }], ['pause', { reason: 'x' }], ['pay', { bank_serial: 'X' }], ['fail', { reason: 'x' }]] as const) {
      const r = await post(`rent_bill/${act}`, { id: held.id, version: held.version, ...extra });
      expect(r.status, act).toBe(400);
      expect(r.msg).toContain(`在付款批次 ${batch.batch_no} 中`);
    }
    // the same bills again: all held now
    const again = await post('payment_batch/preview', { selection: { filter } }, op);
    expect(again.data).toMatchObject({ count: 0, total: '0.00', excluded: { held: 10 } });
    expect((await post('payment_batch/add', { selection: { filter } }, op)).msg).toContain('没有可付款的账单');
    const ticked = await post('payment_batch/add', { selection: { bill_ids: [held.id] } }, op, 'en');
    expect(ticked.msg).toBe(`1 bill(s) cannot be paid, no batch made: ${held.bill_no} is in batch ${batch.batch_no}`);
    await ok(post('payment_batch/cancel', { id: batch.id, version: (await get('payment_batch/get_info', { id: batch.id })).data.version, reason: '测试完毕' }, op));
  });
});

describe('the lifecycle', () => {
  it('submit, four eyes, approve, send back, remove a line, cancel: versions, named states, permissions, timeline', async () => {
    const { bills } = await leased();
    let b = await ok(post('payment_batch/add', { selection: { bill_ids: bills.map((x) => x.id) } }, op));
    expect(b.line_count).toBe(4);
    // approve a draft: the state is named
    expect((await post('payment_batch/approve', { id: b.id, version: b.version })).msg).toBe('当前状态为“草稿”，不能审批通过');
    expect((await post('payment_batch/approve', { id: b.id, version: b.version }, admin, 'en')).msg).toBe('The current state is "Draft"; cannot approve');
    // a stale version
    expect((await post('payment_batch/submit', { id: b.id, version: b.version - 1 }, op)).status).toBe(409);
    // remove a line while draft: the sums follow, the bill is free again
    const [first] = await linesOf(b.id);
    b = await ok(post('payment_batch/remove_line', { id: b.id, version: b.version, line_id: first!.id }, op));
    expect(b).toMatchObject({ line_count: 3, removed_count: 1, removed_amount: first!.amount, total: sumMoney(bills.slice(1).map((x) => x.amount_payable)) });
    expect((await billRow(first!.bill_id!)).batch_id).toBeNull();
    expect((await post('payment_batch/remove_line', { id: b.id, version: b.version, line_id: first!.id }, op)).msg).toContain('状态为“已移出”，不能移出');
    expect((await post('payment_batch/remove_line', { id: b.id, version: b.version, line_id: 999999 }, op)).msg).toContain(`不属于批次 ${b.batch_no}`);
    b = await ok(post('payment_batch/submit', { id: b.id, version: b.version }, op));
    expect(b).toMatchObject({ status: 'pending_approval', submitted_by_name: '运营小李' });
    expect((await post('payment_batch/remove_line', { id: b.id, version: b.version, line_id: first!.id + 1 }, op)).msg).toBe('当前状态为“待审批”，不能移出批次');
    // four eyes: the maker may hold the permission (here: an operator given it) and is still refused
    const [opRole] = await t.handle.db.select().from(roles).where(eq(roles.code, 'operator'));
    await t.handle.db.update(roles).set({ permissions: [...opRole!.permissions, 'payment_batch:approve'] }).where(eq(roles.id, opRole!.id));
    const own = await post('payment_batch/approve', { id: b.id, version: b.version }, op);
    expect(own.status).toBe(403);
    expect(own.msg).toBe(`职责分离（四眼原则）：运营小李是付款批次 ${b.batch_no} 的制单人，不能审批通过`);
    expect((await post('payment_batch/approve', { id: b.id, version: b.version }, op, 'en')).msg).toBe(`Segregation of duties (four eyes): 运营小李 is the maker of Payment batch ${b.batch_no}, so may not approve`);
    await t.handle.db.update(roles).set({ permissions: opRole!.permissions }).where(eq(roles.id, opRole!.id));
    // the operator does not hold approve, export or import at all
    expect((await post('payment_batch/approve', { id: b.id, version: b.version }, op)).msg).toContain('payment_batch:approve');
    // send back with a reason, submit again, approve by the finance user
    expect((await post('payment_batch/reject', { id: b.id, version: b.version, reason: '' }, fin)).msg).toBe('原因：此项不能为空');
    b = await ok(post('payment_batch/reject', { id: b.id, version: b.version, reason: '金额待核对' }, fin));
    expect(b).toMatchObject({ status: 'draft', reason: '金额待核对', submitted_by: null });
    b = await ok(post('payment_batch/submit', { id: b.id, version: b.version }, op));
    b = await ok(post('payment_batch/approve', { id: b.id, version: b.version }, fin));
    expect(b).toMatchObject({ status: 'approved', approved_by_name: '财务小赵' });
    // cancel before the bank: the bills are free again
    b = await ok(post('payment_batch/cancel', { id: b.id, version: b.version, reason: '改期支付' }, op));
    expect(b).toMatchObject({ status: 'cancelled', pending_count: 0, line_count: 0, total: '0.00', removed_count: 4, reason: '改期支付' });
    for (const x of bills) expect((await billRow(x.id)).batch_id).toBeNull();
    expect((await post('payment_batch/submit', { id: b.id, version: b.version }, op)).msg).toBe('当前状态为“已取消”，不能提交审批');
    const timeline = (await get('payment_batch/timeline', { id: b.id })).data.list.map((e: Json) => [e.action, e.from_status, e.to_status, e.user_name]);
    expect(timeline).toEqual([
      ['add', null, 'draft', 'op'],
      ['remove_line', 'draft', 'draft', 'op'],
      ['submit', 'draft', 'pending_approval', 'op'],
      ['reject', 'pending_approval', 'draft', 'fin'],
      ['submit', 'draft', 'pending_approval', 'op'],
      ['approve', 'pending_approval', 'approved', 'fin'],
      ['cancel', 'approved', 'cancelled', 'op'],
    ]);
    const history = (await get('payment_batch/history', { id: b.id })).data.list.map((e: Json) => e.action);
    expect(history).toEqual(['add', 'remove_line', 'submit', 'reject', 'submit', 'approve', 'cancel']);
    // a new batch takes the bills again
    const again = await ok(post('payment_batch/add', { selection: { bill_ids: bills.map((x) => x.id) } }, op));
    expect(again.line_count).toBe(4);
    await ok(post('payment_batch/cancel', { id: again.id, version: again.version, reason: 'x' }, op));
  });

  it('approval is a function a caller’s transaction (the workflow engine) can run, and rolls back with it', async () => {
    const { bills } = await leased();
    let b = await ok(post('payment_batch/add', { selection: { bill_ids: [bills[0]!.id] } }, op));
    b = await ok(post('payment_batch/submit', { id: b.id, version: b.version }, op));
    const [finUser] = await t.handle.db.select().from(users).where(eq(users.username, 'fin'));
    const auth = (await contextOfUser(t.handle.db, finUser!.id))!;
    const actor = { userId: finUser!.id, username: 'fin', ip: null };
    await expect(
      t.handle.db.transaction(async (tx) => {
        await approveBatchIn(tx, b.id, b.version, auth, actor);
        throw new Error('the workflow step fails afterwards');
      }),
    ).rejects.toThrow('the workflow step fails afterwards');
    expect((await get('payment_batch/get_info', { id: b.id })).data.status).toBe('pending_approval');
    const done = await t.handle.db.transaction((tx) => approveBatchIn(tx, b.id, b.version, auth, actor));
    expect(done).toMatchObject({ status: 'approved', approved_by: finUser!.id });
    await ok(post('payment_batch/cancel', { id: b.id, version: done.version, reason: 'x' }, op));
  });
});

describe('the bank file and the bank’s result', () => {
  it('exports xlsx and csv with the full card only to payment_batch:export, logged each time; approved → sent to the bank', async () => {
    const a = await leased();
    await t.handle.db.execute(sql`update lease_contracts set payee_name = '=王"大"' where id = ${a.contract.id}`);
    const b = await approved(a.bills.map((x) => x.id), { purpose: '租金2026' });
    expect((await exportFile(b, 'xlsx', op)).statusCode).toBe(403);
    const draftLike = await exportFile({ ...b, version: b.version - 1 }, 'xlsx');
    expect(draftLike.statusCode).toBe(409);
    const logBefore = (await t.handle.db.select({ n: count() }).from(sysLog).where(and(eq(sysLog.resource, 'payment_batch'), eq(sysLog.action, 'export'))))[0]!.n;
    const x = await exportFile(b, 'xlsx');
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(x.headers['content-disposition']))).toContain(`银行代发文件_${b.batch_no}_`);
    const rows = readXlsx(x.rawPayload);
    expect(rows[0]).toEqual(['序号', '收款人户名', '收款账号', '收款银行', '开户网点', '金额', '用途', '业务参考号']);
    const lines = await linesOf(b.id);
    expect(rows.slice(1)).toEqual(lines.map((l, i) => [String(i + 1), '=王"大"', CARD, '中国农业银行', '潍坊分行', String(Number(l.amount)), '租金2026', l.reference]));
    expect(sumMoney(rows.slice(1).map((r) => r[5]!))).toBe(b.total);
    let after = (await get('payment_batch/get_info', { id: b.id })).data;
    expect(after).toMatchObject({ status: 'exported', export_count: 1, version: b.version + 1 });
    // csv: UTF-8 with BOM, quoted where needed, a formula-looking name defused
    const c = await exportFile(after, 'csv');
    expect(c.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = c.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF序号,收款人户名,收款账号,收款银行,开户网点,金额,用途,业务参考号\r\n')).toBe(true);
    expect(text.split('\r\n')[1]).toBe(`1,"'=王""大""",${CARD},中国农业银行,潍坊分行,${lines[0]!.amount},租金2026,${lines[0]!.reference}`);
    after = (await get('payment_batch/get_info', { id: b.id })).data;
    expect(after.export_count).toBe(2);
    const logs = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'payment_batch'), eq(sysLog.action, 'export'), eq(sysLog.record_id, b.id)));
    expect(logs.length).toBe(2);
    expect(Number(logBefore) + 2).toBe((await t.handle.db.select({ n: count() }).from(sysLog).where(and(eq(sysLog.resource, 'payment_batch'), eq(sysLog.action, 'export'))))[0]!.n);
    expect(logs.map((l) => (l.after as Json).status)).toEqual(['exported', 'exported']);
    expect(JSON.stringify(logs)).not.toContain(CARD);
    // sent to the bank: no cancel
    expect((await post('payment_batch/cancel', { id: b.id, version: after.version, reason: 'x' }, op)).msg).toBe('当前状态为“已提交银行”，不能取消');
  });

  it('imports the result: every bad row named (zh, en) with nothing changed; then paid with the bank’s time and serial, failed with its reason; the same file twice changes nothing', async () => {
    const a = await leased();
    const b0 = await leased();
    const ids = [...a.bills, ...b0.bills.slice(0, 2)].map((x) => x.id);
    let b = await approved(ids);
    // before the export: not yet
    const early = await importFile(b, xlsxOf(resultRows([])), XLSX);
    expect(early.msg).toBe('当前状态为“已审批”，不能导入银行结果');
    expect((await exportFile(b, 'csv')).statusCode).toBe(200);
    b = (await get('payment_batch/get_info', { id: b.id })).data;
    const lines = await linesOf(b.id);
    const other = await approved([b0.bills[2]!.id]);
    const otherLine = (await linesOf(other.id))[0]!;
    const good = lines.map((l, i) =>
      i === 2
        ? { reference: l.reference, card: '622848******0018', amount: l.amount, result: '失败', reason: '户名与账号不符' }
        : { reference: l.reference, card: CARD, amount: l.amount, result: '成功', serial: `BK2026112500${i}`, time: '2026-11-25 10:3' + i + ':00' },
    );
    const before = await snapshot();
    const bad = [
      ...good.slice(0, 1),
      { ...good[1]!, amount: new Money(good[1]!.amount!).plus('0.01').toFixed(2) },
      { ...good[3]!, reference: 'P999999000001' },
      { ...good[3]!, reference: otherLine.reference, amount: otherLine.amount },
      good[0]!,
      { ...good[4]!, card: '6212260200000000006' },
      { ...good[5]!, result: '处理中' },
      { ...good[5]!, serial: '' },
      { ...good[5]!, time: '2026-02-30 10:00:00' },
      { ...good[5]!, amount: '-5' },
    ];
    for (const [lang, words] of [
      ['zh', ['与批次明细的金额', '不是本批次', `属于批次 ${other.batch_no}`, '与第 3 行的业务参考号重复', '收款账号与批次明细的账号（622848*********0018）不符', '处理结果应为“成功”或“失败”', '支付成功的行须有银行流水号', '交易时间格式不正确', '金额格式不正确']],
      ['en', ['differs from the line’s', 'is not a line of this batch', `belongs to batch ${other.batch_no}`, 'The same reference as row 3', 'The card number differs', 'The result must be', 'needs the bank serial', 'The time is not valid', 'The amount is not valid']],
    ] as const) {
      const r = await importFile(b, xlsxOf(resultRows(bad, lang)), XLSX, admin, lang);
      expect(r.status).toBe(400);
      expect(r.msg).toContain(lang === 'zh' ? '9 行有错误，未导入任何数据' : '9 row(s) have errors; nothing was imported');
      const messages = (r.data.errors as Array<{ row: number; column: string; message: string }>).map((e) => `${e.row} ${e.column} ${e.message}`).join('\n');
      for (const w of words) expect(messages, w).toContain(w);
      // rows are numbered as in the file (a title line, then the header on row 2)
      expect(r.data.errors[0].row).toBe(4);
      expect(JSON.stringify(r)).not.toContain(CARD);
    }
    // not a spreadsheet, a file without the columns, an operator
    expect((await importFile(b, Buffer.from([0, 1, 2, 3, 0, 0]), 'application/octet-stream')).msg).toContain('.xlsx 或 .csv');
    expect((await importFile(b, xlsxOf([['a', 'b'], ['1', '2']]), XLSX)).msg).toContain('缺少必填列：业务参考号、金额、处理结果');
    expect((await importFile(b, xlsxOf(resultRows(good)), XLSX, op)).status).toBe(403);
    expect((await importFile(b, xlsxOf(resultRows(good)), XLSX, admin, 'zh', b.version - 1)).status).toBe(409);
    expect(await snapshot()).toEqual(before);

    // the good file, as GBK-free UTF-8 CSV with a BOM
    const r = await importFile(b, csvOf(resultRows(good)), 'text/csv', fin);
    expect(r.status, JSON.stringify(r.data)).toBe(200);
    const failedLine = lines[2]!;
    const paidAmount = sumMoney(lines.filter((l) => l.id !== failedLine.id).map((l) => l.amount));
    expect(r.data).toMatchObject({ imported: 6, rows: 6, paid: 5, failed: 1, unchanged: 0, paid_amount: paidAmount, failed_amount: failedLine.amount, completed: true });
    expect(r.data.message).toContain('5 笔成功');
    const now = await linesOf(b.id);
    expect(now.map((l) => l.status)).toEqual(['paid', 'paid', 'failed', 'paid', 'paid', 'paid']);
    const paidBill = await billRow(lines[0]!.bill_id!);
    expect(paidBill).toMatchObject({ status: 'paid', bank_serial: 'BK20261125000', channel: 'batch', batch_id: b.id, payee_name: '付款业主', payee_bank: '中国农业银行', payee_card: CARD, fail_reason: null });
    expect(paidBill.paid_at!.toISOString()).toBe('2026-11-25T02:30:00.000Z');
    const failedBill = await billRow(failedLine.bill_id!);
    expect(failedBill).toMatchObject({ status: 'failed', fail_reason: '户名与账号不符', batch_id: null });
    expect(now[2]).toMatchObject({ status: 'failed', fail_reason: '户名与账号不符', bank_serial: null });
    // reconciliation: total = paid + failed + pending, to the fen, from the lines
    const rec = (await get('payment_batch/reconcile', { id: b.id })).data;
    expect(rec).toEqual({ total: { n: 6, amount: b.total }, paid: { n: 5, amount: paidAmount }, failed: { n: 1, amount: failedLine.amount }, pending: { n: 0, amount: '0.00' }, removed: { n: 0, amount: '0.00' }, balanced: true });
    expect(new Money(paidAmount).plus(failedLine.amount).toFixed(2)).toBe(b.total);
    const batchNow = (await get('payment_batch/get_info', { id: b.id })).data;
    expect(batchNow).toMatchObject({ status: 'completed', paid_count: 5, paid_amount: paidAmount, failed_count: 1, failed_amount: failedLine.amount, pending_count: 0 });
    expect((await get('payment_batch/timeline', { id: b.id })).data.list.map((e: Json) => e.action)).toEqual(['add', 'submit', 'approve', 'export', 'import_result', 'complete']);

    // the same file twice: nothing changes, and the reply says so
    const same = await snapshot();
    for (const file of [csvOf(resultRows(good)), xlsxOf(resultRows(good, 'en'))]) {
      const again = await importFile(batchNow, file, file[0] === 0x50 ? XLSX : 'text/csv', admin);
      expect(again.status, again.msg).toBe(200);
      expect(again.data).toMatchObject({ imported: 0, unchanged: 6, completed: true, message: '6 行均已导入过，未作任何改动' });
      expect(await snapshot()).toEqual(same);
    }
    // a different answer for a recorded line is refused
    const changed = await importFile(batchNow, xlsxOf(resultRows([{ ...good[0]!, serial: 'OTHER' }])), XLSX);
    expect(changed.data.errors[0].message).toBe(`业务参考号 ${lines[0]!.reference} 已记录为“已支付”（银行流水号 BK20261125000），与本行不同；已记录的结果不能更改`);
    expect(await snapshot()).toEqual(same);
    await ok(post('payment_batch/cancel', { id: other.id, version: other.version, reason: 'x' }, op));
  });

  it('writes the same bill effects, system-log and timeline rows as markPaidIn / markFailedIn', async () => {
    const a = await leased();
    const byHand = await leased();
    const actor = { userId: 1, username: 'admin', ip: '127.0.0.1' };
    // by hand: the per-bill functions with the batch's arguments
    await t.handle.db.transaction(async (tx) => {
      await markPaidIn(tx, byHand.bills[0]!.id, { bank_serial: 'S1', paid_at: new Date('2026-11-25T02:00:00Z'), channel: 'batch', batch_id: 4242 }, actor);
      await markFailedIn(tx, byHand.bills[1]!.id, { reason: '账户冻结', batch_id: 4242 }, actor);
    });
    let b = await approved([a.bills[0]!.id, a.bills[1]!.id]);
    await exportFile(b, 'xlsx');
    b = (await get('payment_batch/get_info', { id: b.id })).data;
    const [l0, l1] = await linesOf(b.id);
    const r = await importFile(b, xlsxOf(resultRows([{ reference: l0!.reference, amount: l0!.amount, result: 'success', serial: 'S1', time: '2026-11-25 10:00:00' }, { reference: l1!.reference, amount: l1!.amount, result: 'failed', reason: '账户冻结' }])), XLSX);
    expect(r.status, r.msg).toBe(200);
    const shape = async (billId: number) => {
      const bill = await billRow(billId);
      const [log] = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'rent_bill'), eq(sysLog.record_id, billId), inArray(sysLog.action, ['pay', 'fail'])));
      const [tr] = await t.handle.db.select().from(transitions).where(and(eq(transitions.entity, 'rent_bill'), eq(transitions.entity_id, billId), inArray(transitions.action, ['pay', 'fail'])));
      const batchLess = (d: unknown) => JSON.parse(JSON.stringify(d).replace(/"batch_id":\d+/g, '"batch_id":0'));
      return {
        bill: { status: bill.status, bank_serial: bill.bank_serial, channel: bill.channel, fail_reason: bill.fail_reason, held: bill.batch_id !== null, paid_at: bill.paid_at?.toISOString() ?? null, failed: bill.failed_at !== null, payee_card: bill.payee_card, version: bill.version },
        log: { action: log!.action, username: log!.username, keys: Object.keys(log!.after as Json).sort(), card: (log!.after as Json).payee_card, status: [(log!.before as Json).status, (log!.after as Json).status], amount: typeof (log!.after as Json).amount_payable },
        timeline: { action: tr!.action, from: tr!.from_status, to: tr!.to_status, reason: tr!.reason, data: batchLess(tr!.data) },
      };
    };
    const [byHandPaid, importPaid] = [await shape(byHand.bills[0]!.id), await shape(a.bills[0]!.id)];
    // (a bill paid by hand keeps the batch it was given; its version moved once more when the batch took it)
    expect({ ...importPaid, bill: { ...importPaid.bill, version: 0 } }).toEqual({ ...byHandPaid, bill: { ...byHandPaid.bill, version: 0 } });
    expect(importPaid.log.card).toBe('622848*********0018');
    const [byHandFailed, importFailed] = [await shape(byHand.bills[1]!.id), await shape(a.bills[1]!.id)];
    expect({ ...importFailed, bill: { ...importFailed.bill, version: 0 } }).toEqual({ ...byHandFailed, bill: { ...byHandFailed.bill, version: 0 } });
    expect(importFailed.bill).toMatchObject({ status: 'failed', held: false, fail_reason: '账户冻结' });
  });

  it('a failed bill goes into a later batch and is paid there; its payments list both lines', async () => {
    const a = await leased();
    const bill = a.bills[3]!;
    let first = await approved([bill.id]);
    await exportFile(first, 'xlsx');
    first = (await get('payment_batch/get_info', { id: first.id })).data;
    const [l1] = await linesOf(first.id);
    expect((await importFile(first, xlsxOf(resultRows([{ reference: l1!.reference, amount: l1!.amount, result: '失败', reason: '账户已销户' }])), XLSX)).status).toBe(200);
    // failed and free: deduct works on it meanwhile (held by nothing)
    let fb = await billRow(bill.id);
    expect(fb).toMatchObject({ status: 'failed', batch_id: null });
    await ok(post('rent_bill/deduct', { id: fb.id, version: fb.version, amount: '0.01', reason: '手续费' }));
    fb = await billRow(bill.id);
    const preview = await ok(post('payment_batch/preview', { selection: { filter: { contract_id: a.contract.id, status: 'failed' } } }, op));
    expect(preview).toMatchObject({ count: 1, total: fb.amount_payable });
    let retry = await approved([bill.id], { name: '失败重付' });
    // the retry batch holds the failed bill: no deduction or pause now
    expect((await post('rent_bill/deduct', { id: fb.id, version: (await billRow(bill.id)).version, amount: '0.01', reason: 'x' })).msg).toContain(`在付款批次 ${retry.batch_no} 中`);
    expect((await post('rent_bill/pause', { id: fb.id, version: (await billRow(bill.id)).version, reason: 'x' })).msg).toContain(`在付款批次 ${retry.batch_no} 中`);
    await exportFile(retry, 'csv');
    retry = (await get('payment_batch/get_info', { id: retry.id })).data;
    const [l2] = await linesOf(retry.id);
    expect(l2!.amount).toBe(fb.amount_payable);
    expect((await importFile(retry, csvOf(resultRows([{ reference: l2!.reference, amount: l2!.amount, result: '成功', serial: 'RETRY-1' }])), 'text/csv')).status).toBe(200);
    expect(await billRow(bill.id)).toMatchObject({ status: 'paid', bank_serial: 'RETRY-1', batch_id: retry.id, fail_reason: null });
    const pays = (await get('payment_batch/bill_lines', { bill_id: bill.id })).data.list;
    expect(pays.map((p: Json) => [p.batch_no, p.status, p.fail_reason, p.bank_serial])).toEqual([
      [first.batch_no, 'failed', '账户已销户', null],
      [retry.batch_no, 'paid', null, 'RETRY-1'],
    ]);
    // the bill's owner agent may not read the payments' batches, but another agent may not read the bill's payments either
    expect((await get('payment_batch/bill_lines', { bill_id: bill.id }, hn)).status).toBe(404);
    expect((await get('rent_bill/timeline', { id: bill.id })).data.list.map((e: Json) => e.action)).toEqual(['generate', 'fail', 'deduct', 'pay']);
  });
});

describe('one open batch per bill', () => {
  it('two batches made at once over the same bills take each bill once; the database refuses a second open line', async () => {
    const a = await leased();
    const b = await leased();
    const filter = { contract_id: [a.contract.id, b.contract.id], status: 'pending' };
    const [r1, r2] = await Promise.all([post('payment_batch/add', { selection: { filter } }, op), post('payment_batch/add', { selection: { filter } }, fin)]);
    const made = [r1, r2].filter((r) => r.status === 200).map((r) => r.data as Json);
    expect(made.length).toBeGreaterThanOrEqual(1);
    for (const r of [r1, r2]) if (r.status !== 200) expect(r.msg).toMatch(/没有可付款的账单|未导入任何数据|被他人更改/);
    const billIds = [...a.bills, ...b.bills].map((x) => x.id);
    const open = await query<{ bill_id: number; n: number }>(t.handle.db, sql`select bill_id, count(*)::int as n from payment_lines where status = 'pending' and bill_id in ${billIds} group by bill_id`);
    expect(open.length).toBe(8);
    expect(open.every((o) => Number(o.n) === 1)).toBe(true);
    expect(made.reduce((n, m) => n + m.line_count, 0)).toBe(8);
    // the index itself: a second pending line for a held bill
    const [line] = await t.handle.db.select().from(paymentLines).where(and(eq(paymentLines.bill_id, a.bills[0]!.id), eq(paymentLines.status, 'pending')));
    await expect(t.handle.db.insert(paymentLines).values({ batch_id: line!.batch_id, bill_id: line!.bill_id, seq: 999, reference: 'PDUP000001', amount: line!.amount })).rejects.toThrow();
    const constraint = await query<{ indexdef: string }>(t.handle.db, sql`select indexdef from pg_indexes where indexname = 'payment_lines_open_bill_key'`);
    expect(constraint[0]!.indexdef).toContain(`WHERE ((status)::text = 'pending'::text)`);
    for (const m of made) await ok(post('payment_batch/cancel', { id: m.id, version: m.version, reason: 'x' }, op));
  });
});

describe('a freeze or a termination meeting a held bill', () => {
  it('a batch in preparation lets go of a frozen station’s bill (paused); one at the bank keeps it and the result pays it', async () => {
    const a = await leased();
    const b = await leased();
    const draft = await ok(post('payment_batch/add', { selection: { bill_ids: [a.bills[0]!.id, b.bills[0]!.id] } }, op));
    let atBank = await approved([a.bills[1]!.id, a.bills[2]!.id]);
    await exportFile(atBank, 'xlsx');
    atBank = (await get('payment_batch/get_info', { id: atBank.id })).data;
    const s = (await get('station/get_info', { id: a.station.id })).data;
    await ok(post('station/freeze', { id: s.id, version: s.version, reason: '产权纠纷' }));
    // the draft let go of the frozen station's bill (its line removed, the sums follow); the bill paused
    const d = (await get('payment_batch/get_info', { id: draft.id })).data;
    expect(d).toMatchObject({ line_count: 1, removed_count: 1, total: b.bills[0]!.amount_payable, version: draft.version + 1 });
    expect((await linesOf(draft.id)).map((l) => [l.status, l.removed_reason])).toEqual([
      ['removed', '电站冻结或终止'],
      ['pending', null],
    ]);
    expect(await billRow(a.bills[0]!.id)).toMatchObject({ status: 'paused', paused_by: 'station', batch_id: null });
    expect((await get('payment_batch/timeline', { id: draft.id })).data.list.at(-1)).toMatchObject({ action: 'remove_line', data: { by: 'frozen', bills: [a.bills[0]!.bill_no] } });
    // the bank's batch kept its bills (not paused), and its result settles them
    expect(await billRow(a.bills[1]!.id)).toMatchObject({ status: 'pending', batch_id: atBank.id });
    expect(await billRow(a.bills[2]!.id)).toMatchObject({ status: 'pending', batch_id: atBank.id });
    const [l, l2] = await linesOf(atBank.id);
    const rows = [{ reference: l!.reference, amount: l!.amount, result: '成功', serial: 'F-1' }, { reference: l2!.reference, amount: l2!.amount, result: '失败', reason: '账户冻结' }];
    expect((await importFile(atBank, xlsxOf(resultRows(rows)), XLSX)).status).toBe(200);
    expect(await billRow(a.bills[1]!.id)).toMatchObject({ status: 'paid', bank_serial: 'F-1' });
    // the failed one is free but its station frozen: no batch takes it (the rest are paused or paid)
    expect(await billRow(a.bills[2]!.id)).toMatchObject({ status: 'failed', batch_id: null });
    expect((await post('payment_batch/preview', { selection: { filter: { contract_id: a.contract.id } } }, op)).data).toMatchObject({ count: 0, excluded: { frozen: 1, state: 3 } });
    expect((await post('payment_batch/add', { selection: { bill_ids: [a.bills[2]!.id] } }, op)).msg).toContain(`${a.bills[2]!.bill_no} 的电站已冻结或终止`);
    await ok(post('payment_batch/cancel', { id: draft.id, version: d.version, reason: 'x' }, op));
  });

  it('terminating a contract whose bill is at the bank is refused until the result is in; one in a draft leaves it', async () => {
    const a = await leased();
    let atBank = await approved([a.bills[3]!.id]);
    await exportFile(atBank, 'xlsx');
    atBank = (await get('payment_batch/get_info', { id: atBank.id })).data;
    let k = (await get('lease_contract/get_info', { id: a.contract.id })).data;
    const refused = await post('lease_contract/terminate', { id: k.id, version: k.version, reason: '拆迁', terminate_date: '2026-11-01' });
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe(`账单 ${a.bills[3]!.bill_no} 在已提交银行的付款批次 ${atBank.batch_no} 中，请先导入银行结果再终止合同`);
    const [l] = await linesOf(atBank.id);
    expect((await importFile(atBank, xlsxOf(resultRows([{ reference: l!.reference, amount: l!.amount, result: '失败', reason: '账户冻结' }])), XLSX)).status).toBe(200);
    const draft = await ok(post('payment_batch/add', { selection: { bill_ids: [a.bills[3]!.id, a.bills[2]!.id] } }, op));
    k = (await get('lease_contract/get_info', { id: a.contract.id })).data;
    await ok(post('lease_contract/terminate', { id: k.id, version: k.version, reason: '拆迁', terminate_date: '2026-11-01' }));
    const lines = await linesOf(draft.id);
    expect(lines.map((x) => [x.bill_id, x.status])).toEqual([
      [a.bills[2]!.id, 'pending'],
      [a.bills[3]!.id, 'removed'],
    ]);
    expect((await billRow(a.bills[3]!.id)).batch_id).toBeNull();
    await ok(post('payment_batch/cancel', { id: draft.id, version: (await get('payment_batch/get_info', { id: draft.id })).data.version, reason: 'x' }, op));
  });
});

describe('lists', () => {
  it('filters, pages and exports the batch list; the result import has its own byte limit', async () => {
    const list = await get('payment_batch/index', { status: 'completed', limit: 2, page: 1, sort: 'total', order: 'DESC' });
    expect(list.status).toBe(200);
    expect(list.data.total).toBeGreaterThanOrEqual(2);
    expect(list.data.list.length).toBe(2);
    expect(new Money(list.data.list[0].total).gte(list.data.list[1].total)).toBe(true);
    expect((await get('payment_batch/index', { status: 'nonsense' })).status).toBe(400);
    const q = (await get('payment_batch/index', { q: list.data.list[0].batch_no })).data;
    expect(q.list.map((b: Json) => b.id)).toEqual([list.data.list[0].id]);
    const x = await t.app.inject({ method: 'GET', url: `${S}/payment_batch/export?status=completed`, headers: { authorization: `Bearer ${admin}` } });
    const rows = readXlsx(x.rawPayload);
    expect(rows[0]!.slice(0, 5)).toEqual(['批次号', '名称', '状态', '笔数', '总金额']);
    expect(rows.length - 1).toBe(list.data.total);
    const big = await importFile({ id: list.data.list[0].id }, Buffer.alloc(RESULT_MAX_BYTES + 10, 0x41), 'text/csv');
    expect(big.status).toBe(413);
    expect(big.msg).toContain('24 MB');
  });
});
