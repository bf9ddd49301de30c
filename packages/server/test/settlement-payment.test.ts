import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { Money, sumMoney } from '@pv/contract';
import { agents, partners, paymentLines, roles, settlements, userRoles, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { call, fixtures, login, ok, startApp, type TestApp, USER_PASSWORD } from './helpers.ts';

/**
 * Confirmed settlements paid through payment batches (docs/DECISIONS.md "Settlements", "Payment
 * batches"): the payee from the agent's account or the partner record's, the preview's count and
 * exact total, a negative settlement refused by name, a settlement never on two open batches (the
 * API and the database index), four eyes, the bank file and the result import marking settlements
 * paid or failed, a failed one taken by the next batch, reconciliation to the fen, the manual pay
 * refused while a batch holds it, cancel freeing the settlements.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let op: string;
const S = '/api/system';
type Json = Record<string, any>;
const post = (url: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });
const get = (url: string, q: Record<string, string | number> = {}, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'GET', `${S}/${url}`, { token, query: q, lang });
const csvOf = (rows: string[][]) => Buffer.from('\uFEFF' + rows.map((r) => r.join(',')).join('\r\n'));
async function importFile(batch: Json, file: Buffer, token = admin) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${S}/payment_batch/import_result?id=${batch.id}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', 'accept-language': 'zh-CN' },
    payload: file,
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
}
const exportCsv = (batch: Json) =>
  t.app.inject({ method: 'POST', url: `${S}/payment_batch/export_bank`, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, payload: JSON.stringify({ id: batch.id, version: batch.version, format: 'csv' }) });
const row = async (id: number) => (await t.handle.db.select().from(settlements).where(eq(settlements.id, id)))[0]!;

const SD_ACCOUNT = '6222020200112233445';
const PARTNER_ACCOUNT = '110060224018800012345';
let s1: number; // 山东代理 (own account) 1234.56
let s2: number; // 河南代理 (its partner record's account) 800.00
let s3: number; // team (its partner record's account) 500.10
let s4: number; // 山东代理 another month: negative
let s5: number; // 二级代理 without an account
let s6: number; // 山东代理: still to confirm
let teamId: number;

async function settlement(kind: 'agent' | 'team', partyId: number, month: string, total: string, status = 'confirmed') {
  const [s] = await t.handle.db
    .insert(settlements)
    .values({ settlement_no: `JSPAY${month.replace('-', '')}${partyId}${kind[0]}`, party_kind: kind, party_id: partyId, agent_id: kind === 'agent' ? partyId : null, month, status, line_count: 1, total_amount: total, confirmed_at: new Date() })
    .returning();
  return s!.id;
}

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  fx = await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
  const { db } = t.handle;
  const [partner] = await db
    .insert(partners)
    .values({ name: '河南光伏工程有限公司', kind: 'installer', credit_code: '91410100MA44XXXX1K', account_holder: '河南光伏工程有限公司', bank_name: '中国建设银行', bank_branch: '郑州金水支行', account_no: PARTNER_ACCOUNT })
    .returning();
  await db.update(agents).set({ bank_name: '中国工商银行', bank_account: SD_ACCOUNT }).where(eq(agents.id, fx.sd.id));
  await db.update(agents).set({ partner_id: partner!.id }).where(eq(agents.id, fx.hn.id));
  const [teamRole] = await db.select().from(roles).where(eq(roles.code, 'team'));
  const [u] = await db.insert(users).values({ username: 'team_pay', password_hash: await hashPassword(USER_PASSWORD), full_name: '施工付款队', partner_id: partner!.id }).returning();
  await db.insert(userRoles).values({ user_id: u!.id, role_id: teamRole!.id });
  teamId = u!.id;
  s1 = await settlement('agent', fx.sd.id, '2026-09', '1234.56');
  s2 = await settlement('agent', fx.hn.id, '2026-09', '800.00');
  s3 = await settlement('team', teamId, '2026-09', '500.10');
  s4 = await settlement('agent', fx.sd.id, '2026-08', '-200.00');
  s5 = await settlement('agent', fx.sdc.id, '2026-09', '100.00');
  s6 = await settlement('agent', fx.sd.id, '2026-07', '50.00', 'pending');
}, 60_000);
afterAll(async () => t?.close());

describe('settlements in payment batches', () => {
  let a: Json;

  it('the preview counts and sums what the settlement list’s filters would pay, each exclusion counted', async () => {
    const p = await ok(post('payment_batch/preview', { selection: { settlement_filter: { month: '2026-09' } } }, op));
    // s1 + s2 + s3 qualify; s5 has no payee account
    expect(p).toMatchObject({ count: 3, total: '2534.66', excluded: { state: 0, negative: 0, zero: 0, held: 0, no_card: 1 } });
    const all = await ok(post('payment_batch/preview', { selection: { settlement_filter: {} } }, op));
    expect(all).toMatchObject({ count: 3, total: '2534.66', excluded: { state: 1, negative: 1, no_card: 1 } });
  });

  it('a negative settlement, one not confirmed and one without an account are refused by name; nothing is made', async () => {
    const before = await t.handle.db.select().from(paymentLines);
    const zh = await post('payment_batch/add', { selection: { settlement_ids: [s4, s6, s5] } }, op);
    expect(zh.status).toBe(400);
    expect(zh.msg).toContain('3 张结算单不能付款');
    expect(zh.msg).toContain('负数结算单不能付款');
    expect(zh.msg).toContain('-200.00');
    expect(zh.msg).toContain('须为已确认');
    expect(zh.msg).toContain('没有收款账户');
    const en = await post('payment_batch/add', { selection: { settlement_ids: [s4] } }, op, 'en');
    expect(en.msg).toContain('a negative settlement cannot be paid');
    // bills and settlements are not mixed in one selection
    expect((await post('payment_batch/add', { selection: { settlement_ids: [s1], bill_ids: [1] } }, op)).status).toBe(400);
    expect(await t.handle.db.select().from(paymentLines)).toEqual(before);
  });

  it('ticked settlements make a draft with the payee accounts; a settlement is never on two open batches', async () => {
    a = await ok(post('payment_batch/add', { selection: { settlement_ids: [s1, s2] } }, op));
    expect(a).toMatchObject({ status: 'draft', payable_type: 'settlement', purpose: '结算款', line_count: 2, total: '2034.56' });
    const lines = (await ok(get('payment_batch/lines', { id: a.id }))).list as Json[];
    expect(lines.map((l) => [l.payable_type, l.settlement_id, l.settlement_no, l.bill_id, l.amount, l.payee_name, l.payee_bank])).toEqual([
      ['settlement', s1, expect.stringMatching(/^JSPAY/), null, '1234.56', '山东测试代理', '中国工商银行'],
      ['settlement', s2, expect.stringMatching(/^JSPAY/), null, '800.00', '河南光伏工程有限公司', '中国建设银行'],
    ]);
    expect(lines[0]!.party_name).toBe('山东测试代理');
    // cards masked in replies
    expect(JSON.stringify(lines)).not.toContain(SD_ACCOUNT);
    // the settlement shows its batch
    const d = await ok(get('settlement/get_info', { id: s1 }));
    expect(d).toMatchObject({ batch_id: a.id, batch_no: a.batch_no, payment_state: 'in_batch' });
    // a second batch over the same settlement: refused, naming the first
    const again = await post('payment_batch/add', { selection: { settlement_ids: [s1] } }, op);
    expect(again.status).toBe(400);
    expect(again.msg).toContain(`已在批次 ${a.batch_no} 中`);
    // the database says so too, whoever writes
    await expect(
      t.handle.db.execute(sql`insert into payment_lines (batch_id, payable_type, settlement_id, seq, reference, amount) values (${a.id}, 'settlement', ${s1}, 99, 'PTEST0001', 1)`),
    ).rejects.toThrow();
    // and the manual pay is refused while a batch holds it
    const paid = await post('settlement/pay', { id: s1, version: d.version, bank_serial: 'HAND-1' });
    expect(paid.status).toBe(400);
    expect(paid.msg).toContain(a.batch_no);
    expect((await row(s1)).status).toBe('confirmed');
  });

  it('four eyes: the maker cannot approve; then the bank file carries the full account and the result marks paid and failed', async () => {
    a = await ok(post('payment_batch/submit', { id: a.id, version: a.version }, op));
    // op made and submitted it; an administrator who did neither approves (op has no approve code either)
    const self = await post('payment_batch/approve', { id: a.id, version: a.version }, op);
    expect(self.status).toBe(403);
    a = await ok(post('payment_batch/approve', { id: a.id, version: a.version }));
    const file = await exportCsv(a);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(SD_ACCOUNT);
    expect(file.body).toContain(PARTNER_ACCOUNT);
    expect(file.body).toContain('结算款');
    a = await ok(get('payment_batch/get_info', { id: a.id }));
    expect(a.status).toBe('exported');
    const lines = await t.handle.db.select().from(paymentLines).where(eq(paymentLines.batch_id, a.id)).orderBy(paymentLines.seq);
    const r = await importFile(
      a,
      csvOf([
        ['业务参考号', '金额', '处理结果', '失败原因', '银行流水号', '交易时间'],
        [lines[0]!.reference, '1234.56', '成功', '', 'BKSET0001', '2026-11-26 10:00:00'],
        [lines[1]!.reference, '800.00', '失败', '账户已冻结', '', ''],
      ]),
    );
    expect(r.status, JSON.stringify(r.data)).toBe(200);
    expect(r.data).toMatchObject({ imported: 2, paid: 1, failed: 1, paid_amount: '1234.56', failed_amount: '800.00', completed: true });
    expect(await row(s1)).toMatchObject({ status: 'paid', bank_serial: 'BKSET0001', batch_id: a.id, fail_reason: null });
    expect((await row(s1)).paid_at!.toISOString()).toBe('2026-11-26T02:00:00.000Z');
    expect(await row(s2)).toMatchObject({ status: 'confirmed', fail_reason: '账户已冻结', batch_id: null });
    expect(await ok(get('settlement/get_info', { id: s1 }))).toMatchObject({ payment_state: 'paid', batch_no: a.batch_no });
    expect(await ok(get('settlement/get_info', { id: s2 }))).toMatchObject({ payment_state: 'failed', batch_no: null });
    // the timeline of each settlement names what happened
    expect(((await ok(get('settlement/timeline', { id: s1 }))).list as Json[]).map((e) => e.action)).toContain('pay');
    expect(((await ok(get('settlement/timeline', { id: s2 }))).list as Json[]).map((e) => e.action)).toContain('pay_failed');
    // reconciliation to the fen
    const rec = await ok(get('payment_batch/reconcile', { id: a.id }));
    expect(rec).toEqual({ total: { n: 2, amount: '2034.56' }, paid: { n: 1, amount: '1234.56' }, failed: { n: 1, amount: '800.00' }, pending: { n: 0, amount: '0.00' }, removed: { n: 0, amount: '0.00' }, balanced: true });
    // the same file again changes nothing
    const again = await importFile(
      a,
      csvOf([
        ['业务参考号', '金额', '处理结果', '失败原因', '银行流水号'],
        [lines[0]!.reference, '1234.56', '成功', '', 'BKSET0001'],
      ]),
    );
    expect(again.data).toMatchObject({ imported: 0, unchanged: 1 });
  });

  it('a failed settlement goes into the next batch (made from the list’s filters); cancel frees them again', async () => {
    const p = await ok(post('payment_batch/preview', { selection: { settlement_filter: { month: '2026-09' } } }, op));
    // s2 (failed, free again) and s3; s1 is paid
    expect(p).toMatchObject({ count: 2, total: sumMoney(['800.00', '500.10']), excluded: { state: 1, no_card: 1 } });
    const b = await ok(post('payment_batch/add', { selection: { settlement_filter: { month: '2026-09' } } }, op));
    expect(b).toMatchObject({ line_count: 2, total: '1300.10', selection: { settlement_filter: { month: '2026-09' } } });
    const lines = (await ok(get('payment_batch/lines', { id: b.id }))).list as Json[];
    expect(lines.map((l) => l.settlement_id).sort()).toEqual([s2, s3].sort());
    expect(lines.find((l) => l.settlement_id === s3)!.payee_name).toBe('河南光伏工程有限公司');
    expect(await ok(get('settlement/get_info', { id: s2 }))).toMatchObject({ payment_state: 'in_batch', batch_no: b.batch_no });
    // a line removed from the draft frees its settlement
    const removed = await ok(post('payment_batch/remove_line', { id: b.id, version: b.version, line_id: lines.find((l) => l.settlement_id === s3)!.id }, op));
    expect(removed).toMatchObject({ line_count: 1, total: '800.00' });
    expect((await row(s3)).batch_id).toBeNull();
    const c = await ok(post('payment_batch/cancel', { id: b.id, version: removed.version, reason: '重新安排' }, op));
    expect(c.status).toBe('cancelled');
    const rows = await t.handle.db.select().from(settlements).where(inArray(settlements.id, [s2, s3]));
    expect(rows.map((r) => r.batch_id)).toEqual([null, null]);
    expect(new Money(p.total).toFixed(2)).toBe('1300.10');
  });

  it('four eyes holds for an administrator too: who made and submitted a settlement batch cannot approve it', async () => {
    let b = await ok(post('payment_batch/add', { selection: { settlement_ids: [s3] } }));
    b = await ok(post('payment_batch/submit', { id: b.id, version: b.version }));
    const r = await post('payment_batch/approve', { id: b.id, version: b.version });
    expect(r.status).toBe(403);
    expect(r.msg).toContain('四眼原则');
    expect((await ok(get('payment_batch/get_info', { id: b.id }))).status).toBe('pending_approval');
    await ok(post('payment_batch/cancel', { id: b.id, version: b.version, reason: '测试' }));
    expect((await row(s3)).batch_id).toBeNull();
  });

  it('an agent user cannot make a settlement batch (data scope)', async () => {
    const sd = await login(t.app, 'sd', USER_PASSWORD);
    expect((await post('payment_batch/preview', { selection: { settlement_ids: [s2] } }, sd)).status).toBe(403);
  });
});
