import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { Money, creditCodeCheck, invoiceTotals, sumMoney } from '@pv/contract';
import { zipSync } from 'fflate';
import { agents, invoiceLines, invoiceMatches, invoices, partners, settlements, statements, sysLog, transitions } from '../src/db/schema/index.ts';
import { call, fixtures, login, ok, startApp, type TestApp, testImage, testPdf, uploadFile, USER_PASSWORD } from './helpers.ts';

/**
 * 发票 (issue 15): entering an invoice (lines with rates, the tax of each line rounded once, the
 * totals checked against the paper: refused with the difference named), the unique code + number
 * (by the API and by the index, also at once), registering, voiding, red-letter invoices (never
 * more than is left, also two at once), matching to settlements with the three amounts, the PDF /
 * OFD attachment checked by content, permissions and the agent scope; nothing changes on a refusal.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let op: string;
let sd: string;
let hn: string;
const S = '/api/system';
type Json = Record<string, any>;
const post = (url: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });
const get = (url: string, q: Record<string, string | number> = {}, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'GET', `${S}/${url}`, { token, query: q, lang });
/** A valid 统一社会信用代码 from 17 characters. */
const cc = (body: string) => body + creditCodeCheck(body)!;
const US = cc('91370100MA3C00001'); // the operator
const SUPPLIER = cc('91370200MA3C00002');
const AGENT_CO = cc('91410100MA3C00003');
const FINANCIER = cc('91370100MA3C00004');
let supplier: Json;
let agentCo: Json;

let no = 10000000;
const nextNo = () => String(++no);
/** An incoming 专票 from the supplier: 100.05 at 13 % and 33.33 at 6 % by default. */
function body(extra: Json = {}): Json {
  const lines = (extra.lines as Json[] | undefined) ?? [
    { item: '光伏组件', spec: 'LR5-72 550W', unit: '块', quantity: '2', unit_price: '50.025', amount: '100.05', tax_rate: '13' },
    { item: '安装服务', unit: '次', quantity: '1', unit_price: '33.33', amount: '33.33', tax_rate: 6 },
  ];
  const totals = invoiceTotals(lines.map((l) => ({ amount: String(l.amount), tax_rate: String(l.tax_rate) })));
  return {
    direction: 'in', kind: 'special', invoice_code: '3700231130', invoice_no: nextNo(), issue_date: '2026-11-20',
    seller_name: '青岛组件供应有限公司', seller_tax_id: SUPPLIER, buyer_name: '光E宝能源科技有限公司', buyer_tax_id: US,
    partner_id: supplier.id, ...totals, ...extra, lines,
  };
}
const snapshot = async () => ({
  invoices: JSON.stringify(await t.handle.db.select().from(invoices).orderBy(invoices.id)),
  lines: (await t.handle.db.select({ n: count() }).from(invoiceLines))[0]!.n,
  matches: JSON.stringify(await t.handle.db.select().from(invoiceMatches).orderBy(invoiceMatches.id)),
  log: (await t.handle.db.select({ n: count() }).from(sysLog).where(eq(sysLog.resource, 'invoice')))[0]!.n,
  timeline: (await t.handle.db.select({ n: count() }).from(transitions).where(eq(transitions.entity, 'invoice')))[0]!.n,
});
async function registered(extra: Json = {}) {
  const d = await ok(post('invoice/add', body(extra)));
  return ok(post('invoice/register', { id: d.id, version: d.version }));
}
/** A red-letter body crediting `amount` excluding tax at 13 %. */
function red(original: Json, amount: string, extra: Json = {}): Json {
  const lines = [{ item: '光伏组件（退货）', amount: `-${amount}`, tax_rate: '13' }];
  return { id: original.id, version: original.version, kind: 'special', invoice_code: '3700231130', invoice_no: nextNo(), issue_date: '2026-11-25', reason: '部分退货', ...invoiceTotals(lines), ...extra, lines };
}
let sseq = 0;
async function settlement(agentId: number, total: string, status = 'confirmed') {
  sseq++;
  const [s] = await t.handle.db
    .insert(settlements)
    .values({ settlement_no: `JS-INV${sseq}`, party_kind: 'agent', party_id: agentId, agent_id: agentId, month: `2026-0${sseq}`, status, total_amount: total, line_count: 1 })
    .returning();
  return s!;
}

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  fx = await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
  sd = await login(t.app, 'sd', USER_PASSWORD);
  hn = await login(t.app, 'hn', USER_PASSWORD);
  const { db } = t.handle;
  supplier = (await db.insert(partners).values({ kind: 'supplier', name: '青岛组件供应有限公司', credit_code: SUPPLIER }).returning())[0]!;
  agentCo = (await db.insert(partners).values({ kind: 'other', name: '山东测试代理有限公司', credit_code: AGENT_CO }).returning())[0]!;
  await db.update(agents).set({ partner_id: agentCo!.id }).where(eq(agents.id, fx.sd.id));
}, 60_000);
afterAll(async () => t?.close());

describe('entering an invoice', () => {
  it('computes the tax per line (rounded once) and the totals, with a summary per rate that adds up', async () => {
    const d = await ok(post('invoice/add', body(), op));
    // 100.05 × 13 % = 13.0065 → 13.01; 33.33 × 6 % = 1.9998 → 2.00
    expect([d.amount_total, d.tax_total, d.total, d.status, d.match_state]).toEqual(['133.38', '15.01', '148.39', 'draft', 'none']);
    const l = await ok(get('invoice/lines', { id: d.id }));
    expect(l.list.map((x: Json) => [x.seq, x.tax_rate, x.amount, x.tax])).toEqual([
      [1, '13', '100.05', '13.01'],
      [2, '6', '33.33', '2.00'],
    ]);
    expect(l.summary).toEqual([
      { tax_rate: '13', lines: 1, amount: '100.05', tax: '13.01', total: '113.06' },
      { tax_rate: '6', lines: 1, amount: '33.33', tax: '2.00', total: '35.33' },
    ]);
    expect(l.totals.lines_total).toBe(d.total);
    // the database holds the rule too: a line whose tax is not round(amount × rate, 2) is refused
    await expect(t.handle.db.insert(invoiceLines).values({ invoice_id: d.id, seq: 9, item: 'x', amount: '10.00', tax_rate: 13, tax: '1.31' })).rejects.toThrow();
    const tl = await ok(get('invoice/timeline', { id: d.id }));
    expect(tl.list.map((e: Json) => e.action)).toEqual(['add']);
  });

  it('refuses totals that do not add up, naming the field, both amounts and the difference (zh, en), and writes nothing', async () => {
    const before = await snapshot();
    const zh = await post('invoice/add', body({ tax_total: '15.00', total: '148.38' }));
    expect(zh.status).toBe(400);
    expect(zh.msg).toBe('合计税额与明细不符：录入 15.00，按明细计算为 15.01，相差 -0.01');
    const en = await post('invoice/add', body({ total: '148.40' }), admin, 'en');
    expect(en.msg).toBe('The total does not match the lines: entered 148.40, the lines give 148.39, a difference of 0.01');
    // quantity × price far from the amount
    const price = await post('invoice/add', body({ lines: [{ item: '组件', quantity: '3', unit_price: '10', amount: '20.00', tax_rate: '13' }] }));
    expect(price.msg).toContain('第 1 行');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input: a tax id with a wrong check character, a rate of 10 %, a 数电票 with a code, a 专票 without the buyer tax id, a partner whose code is not the seller', async () => {
    const before = await snapshot();
    const badTax = await post('invoice/add', body({ seller_tax_id: `${SUPPLIER.slice(0, 17)}${SUPPLIER[17] === '0' ? '1' : '0'}` }));
    expect(badTax.msg).toContain('纳税人识别号');
    const rate = await post('invoice/add', body({ lines: [{ item: '组件', amount: '10.00', tax_rate: '10' }] }));
    expect(rate.msg).toContain('13%、9%、6%、3%、1% 或 0');
    const digital = await post('invoice/add', body({ kind: 'digital_special', invoice_no: '26372000000012345678' }));
    expect(digital.msg).toContain('数电票不填');
    expect((await post('invoice/add', body({ kind: 'digital_normal', invoice_code: '', invoice_no: '2637200000001234567' }))).msg).toContain('20 位');
    expect((await post('invoice/add', body({ buyer_tax_id: '' }))).msg).toContain('购买方纳税人识别号');
    const partner = await post('invoice/add', body({ partner_id: agentCo.id }), admin, 'en');
    expect(partner.msg).toContain("Partner 山东测试代理有限公司's credit code is");
    expect(partner.msg).toContain('seller');
    expect(await snapshot()).toEqual(before);
    // a 数电票: 20 digits and no code
    const d = await ok(post('invoice/add', body({ kind: 'digital_special', invoice_code: '', invoice_no: '26372000000012345678' })));
    expect([d.invoice_code, d.invoice_no]).toEqual(['', '26372000000012345678']);
  });

  it('a bad amount anywhere is a 400 naming its field (never a 500): "", "abc", "1,000", full-width digits, and a JSON number with more than two decimals', async () => {
    const before = await snapshot();
    const draft = await ok(post('invoice/add', body()));
    const original = await registered({ lines: [{ item: '组件', amount: '300.00', tax_rate: '13' }] });
    const after = await snapshot();
    /** the raw JSON text, so a number literal reaches the server as written */
    const raw = async (url: string, text: string, lang: 'zh' | 'en' = 'zh') => {
      const res = await t.app.inject({ method: 'POST', url: `${S}/${url}`, payload: text, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': lang } });
      return { status: res.statusCode, msg: res.json().msg as string };
    };
    const lineWith = (amount: unknown) => [{ item: '组件', amount, tax_rate: '13' }];
    const bodies: Array<[string, (amount: unknown) => Json]> = [
      ['invoice/add', (a) => ({ ...body(), lines: lineWith(a) })],
      ['invoice/edit', (a) => ({ id: draft.id, version: draft.version, lines: lineWith(a), amount_total: '1.00', tax_total: '0.13', total: '1.13' })],
      ['invoice/red_letter', (a) => ({ ...red(original, '1.00'), lines: lineWith(a) })],
    ];
    for (const [url, make] of bodies) {
      for (const bad of ['', 'abc', '1,000', '１２', '-1,000', '12.345']) {
        const res = await post(url, make(bad));
        expect([url, bad, res.status, res.msg]).toEqual([url, bad, 400, '金额：请输入正确的金额（最多两位小数）']);
      }
      // 12.3400000000000000001 as a JSON number: not taken as 12.34
      const text = JSON.stringify(make(0)).replace('"amount":0', '"amount":12.3400000000000000001');
      expect(await raw(url, text)).toEqual({ status: 400, msg: '金额：请输入正确的金额（最多两位小数）' });
      expect((await raw(url, text, 'en')).msg).toBe('Amount: Please enter a valid amount (at most 2 decimals)');
      // a total is named by its label
      const total = await post(url, { ...make('10.00'), total: 'abc' });
      expect([url, total.status, total.msg]).toEqual([url, 400, '价税合计：请输入正确的金额（最多两位小数）']);
    }
    // a number a double holds exactly is still a number
    expect((await raw('invoice/add', JSON.stringify(body()).replace(/"amount":"100\.05"/, '"amount":100.05'))).status).toBe(200);
    const renew = await post('insurance_policy/renew', { ids: [1], term_years: 1, premium_rule: 'percent', percent: 'abc', prefix: 'X-', seq_start: 1 });
    expect([renew.status, renew.msg]).toEqual([400, '调整比例（%）：调整比例为 -99.99 到 999.99 之间的百分数']);
    const renewNumber = await raw('insurance_policy/renew', '{"ids":[1],"term_years":1,"premium_rule":"percent","percent":5.0000000000000000001,"prefix":"X-","seq_start":1}');
    expect(renewNumber.status).toBe(400);
    // nothing but that last invoice was written
    expect(JSON.parse((await snapshot()).invoices).length).toBe(JSON.parse(after.invoices).length + 1);
    expect(JSON.parse(after.invoices).length).toBe(JSON.parse(before.invoices).length + 2);
  });

  it('a duplicate code + number is refused by name; the unique index decides two entries at once', async () => {
    const first = await ok(post('invoice/add', body()));
    const before = await snapshot();
    const dup = await post('invoice/add', body({ invoice_no: first.invoice_no }));
    expect(dup.status).toBe(400);
    expect(dup.msg).toBe(`发票代码 3700231130 号码 ${first.invoice_no} 已登记过（进项，2026-11-20，草稿），不能重复录入`);
    const en = await post('invoice/add', body({ invoice_no: first.invoice_no }), admin, 'en');
    expect(en.msg).toContain(`Invoice code 3700231130 number ${first.invoice_no} is already entered (Incoming, 2026-11-20, Draft)`);
    expect(await snapshot()).toEqual(before);
    // by the index, whatever the writer
    await expect(t.handle.db.insert(invoices).values({ direction: 'in', kind: 'special', invoice_code: '3700231130', invoice_no: first.invoice_no, issue_date: '2026-11-20', seller_name: 'x', seller_tax_id: SUPPLIER, buyer_name: 'y', amount_total: '1.00', tax_total: '0.00', total: '1.00' })).rejects.toThrow();
    // two at once: one lands, the other gets the same named 400
    const same = body();
    const both = await Promise.all([post('invoice/add', same), post('invoice/add', same)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.msg).toContain('已登记过');
    expect((await t.handle.db.select({ n: count() }).from(invoices).where(eq(invoices.invoice_no, same.invoice_no)))[0]!.n).toBe(1);
  });

  it('a draft is edited (lines complete) and deleted; a registered one is neither, only voided with a reason', async () => {
    const d = await ok(post('invoice/add', body()));
    const lines = [{ item: '逆变器', amount: '1000.00', tax_rate: '13' }];
    const e = await ok(post('invoice/edit', { id: d.id, version: d.version, lines, ...invoiceTotals(lines), remark: '更正' }));
    expect([e.total, e.version, e.remark]).toEqual(['1130.00', d.version + 1, '更正']);
    expect((await post('invoice/edit', { id: d.id, version: d.version, remark: 'stale' })).status).toBe(409);
    // lines without matching totals
    expect((await post('invoice/edit', { id: e.id, version: e.version, lines: [{ item: 'x', amount: '1.00', tax_rate: '13' }] })).msg).toContain('不符');
    const r = await ok(post('invoice/register', { id: e.id, version: e.version }));
    expect([r.status, r.registered_at !== null]).toEqual(['registered', true]);
    const before = await snapshot();
    expect((await post('invoice/edit', { id: r.id, version: r.version, remark: 'x' })).msg).toBe(`发票 ${r.invoice_no} 状态为“已登记”，只有草稿可以修改或删除`);
    expect((await post('invoice/del', { ids: [r.id] })).msg).toContain('只有草稿');
    expect((await post('invoice/register', { id: r.id, version: r.version }, admin, 'en')).status).toBe(400);
    expect((await post('invoice/void', { id: r.id, version: r.version, reason: '' })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    const v = await ok(post('invoice/void', { id: r.id, version: r.version, reason: '开错购买方' }));
    expect([v.status, v.void_reason]).toEqual(['voided', '开错购买方']);
    const tl = await ok(get('invoice/timeline', { id: r.id }));
    expect(tl.list.map((x: Json) => x.action)).toEqual(['add', 'register', 'void']);
    // a draft goes away with its lines
    const gone = await ok(post('invoice/add', body()));
    await ok(post('invoice/del', { ids: [gone.id] }));
    expect((await t.handle.db.select({ n: count() }).from(invoiceLines).where(eq(invoiceLines.invoice_id, gone.id)))[0]!.n).toBe(0);
  });
});

describe('red-letter invoices', () => {
  it('credit part of an original, never more than is left (the difference named), and fully credited shows 已全额冲红', async () => {
    const o = await registered({ lines: [{ item: '组件', amount: '1000.00', tax_rate: '13' }] }); // 1130.00
    const r1 = await ok(post('invoice/red_letter', red(o, '400.00')));
    expect([r1.is_red, r1.total, r1.status, r1.original_id, r1.original_no]).toEqual([true, '-452.00', 'registered', o.id, o.invoice_no]);
    let orig = await ok(get('invoice/get_info', { id: o.id }));
    expect([orig.credited_amount, orig.net_total, orig.status]).toEqual(['452.00', '678.00', 'registered']);
    // more than the 678.00 left: refused, naming both and the excess
    const before = await snapshot();
    const over = await post('invoice/red_letter', red(orig, '700.00'));
    expect(over.msg).toBe(`红字金额 791.00 超过原发票 ${o.invoice_no} 可冲红余额 678.00（原价税合计 1130.00，已冲红 452.00），超出 113.00`);
    // blue lines on a red-letter invoice, a red-letter of a red-letter
    expect((await post('invoice/red_letter', { ...red(orig, '1.00'), lines: [{ item: 'x', amount: '1.00', tax_rate: '13' }], amount_total: '1.00', tax_total: '0.13', total: '1.13' })).msg).toContain('负数');
    expect((await post('invoice/red_letter', red(r1, '1.00'))).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    // the rest exactly → 已全额冲红
    await ok(post('invoice/red_letter', red(orig, '600.00')));
    orig = await ok(get('invoice/get_info', { id: o.id }));
    expect([orig.credited_amount, orig.net_total, orig.status]).toEqual(['1130.00', '0.00', 'credited']);
    expect((await ok(get('invoice/red_letters', { id: o.id }))).total).toBe(2);
    // voiding a red-letter invoice gives its credit back
    const r1now = await ok(get('invoice/get_info', { id: r1.id }));
    await ok(post('invoice/void', { id: r1.id, version: r1now.version, reason: '红字发票开错' }));
    orig = await ok(get('invoice/get_info', { id: o.id }));
    expect([orig.credited_amount, orig.status]).toEqual(['678.00', 'registered']);
    // a credited original is not voided
    expect((await post('invoice/void', { id: o.id, version: orig.version, reason: 'x' })).msg).toContain('不能作废');
  });

  it('credited in thirds: the last third takes the rest of the tax, so the original is credited to the fen', async () => {
    const o = await registered({ lines: [{ item: '组件', amount: '100.00', tax_rate: '13' }] }); // 100.00 + 13.00
    let orig = o;
    for (let i = 0; i < 2; i++) {
      const r = await ok(post('invoice/red_letter', red(orig, '33.33'))); // 4.3329 → 4.33
      expect(r.total).toBe('-37.66');
      orig = await ok(get('invoice/get_info', { id: o.id }));
    }
    expect([orig.credited_amount, orig.net_total]).toEqual(['75.32', '37.68']);
    // the rest: 33.34 at 13 % would round to 4.33 and leave 0.01 no line could credit; the last third takes 4.34
    const naive = await post('invoice/red_letter', red(orig, '33.34'));
    expect(naive.status).toBe(400);
    expect(naive.msg).toBe('合计税额与明细不符：录入 -4.33，按明细计算为 -4.34，相差 0.01');
    const last = await ok(post('invoice/red_letter', { ...red(orig, '33.34'), tax_total: '-4.34', total: '-37.68' }));
    expect(last.total).toBe('-37.68');
    expect((await ok(get('invoice/lines', { id: last.id }))).list.map((l: Json) => l.tax)).toEqual(['-4.34']);
    orig = await ok(get('invoice/get_info', { id: o.id }));
    expect([orig.credited_amount, orig.net_total, orig.status]).toEqual(['113.00', '0.00', 'credited']);
  });

  it('two credits at once that together exceed the original: only one lands (the original is row-locked)', async () => {
    const o = await registered({ lines: [{ item: '组件', amount: '1000.00', tax_rate: '13' }] });
    const a = red(o, '600.00');
    const b = red(o, '600.00');
    // the same version: the second is decided after the first commits and sees its credit (or its version)
    const res = await Promise.all([post('invoice/red_letter', a), post('invoice/red_letter', b)]);
    expect(res.map((r) => r.status).sort()).toEqual([200, res.find((r) => r.status !== 200)!.status]);
    expect(res.filter((r) => r.status === 200)).toHaveLength(1);
    const after = await ok(get('invoice/get_info', { id: o.id }));
    expect(after.credited_amount).toBe('678.00');
    // with a fresh version the second is refused by the amount left
    const again = await post('invoice/red_letter', red(after, '600.00'));
    expect(again.msg).toContain('超过原发票');
    const reds = await t.handle.db.select({ total: invoices.total }).from(invoices).where(eq(invoices.original_id, o.id));
    expect(sumMoney(reds.map((r) => r.total))).toBe('-678.00');
  });
});

describe('matching to settlements', () => {
  it('matches within what is left of both; the three amounts and the mismatch; unmatch', async () => {
    const s = await settlement(fx.sd.id, '2000.00');
    const inv = await registered({ seller_name: '山东测试代理有限公司', seller_tax_id: AGENT_CO, partner_id: agentCo.id, lines: [{ item: '代理服务费', amount: '1000.00', tax_rate: '6' }] }); // 1060.00
    const m1 = await ok(post('invoice/match', { id: inv.id, version: inv.version, target_type: 'settlement', target_id: s.id, amount: '1060.00' }));
    expect([m1.status, m1.matched_amount, m1.match_state]).toEqual(['matched', '1060.00', 'full']);
    const matches = await ok(get('invoice/matches', { id: inv.id }));
    expect(matches.list[0]).toMatchObject({ target_no: s.settlement_no, amount: '1060.00', settled_amount: '2000.00', invoiced_amount: '1060.00', paid_amount: '0.00', uninvoiced: '940.00' });
    const view = await ok(get('invoice/for_target', { target_type: 'settlement', target_id: s.id }));
    expect([view.settled_amount, view.invoiced_amount, view.paid_amount, view.uninvoiced]).toEqual(['2000.00', '1060.00', '0.00', '940.00']);
    // a second invoice for more than the 940.00 not yet invoiced
    const inv2 = await registered({ seller_name: '山东测试代理有限公司', seller_tax_id: AGENT_CO, partner_id: agentCo.id, lines: [{ item: '代理服务费', amount: '1000.00', tax_rate: '6' }] });
    const draftS = await settlement(fx.sd.id, '100.00', 'pending');
    const out = await registered({ direction: 'out', seller_name: '光E宝', seller_tax_id: US, buyer_name: '山东测试代理有限公司', buyer_tax_id: AGENT_CO, partner_id: agentCo.id });
    const draft = await ok(post('invoice/add', body()));
    const before = await snapshot();
    const over = await post('invoice/match', { id: inv2.id, version: inv2.version, target_type: 'settlement', target_id: s.id, amount: '1000.00' });
    expect(over.msg).toBe('匹配金额 1000.00 超过结算单 JS-INV1 未开票金额 940.00（结算 2000.00，已开票 1060.00）');
    // more than the invoice has
    expect((await post('invoice/match', { id: inv2.id, version: inv2.version, target_type: 'settlement', target_id: s.id, amount: '1060.01' })).msg).toContain('未匹配余额 1060.00');
    // an unconfirmed settlement, an outgoing invoice, a draft invoice, a zero amount
    expect((await post('invoice/match', { id: inv2.id, version: inv2.version, target_type: 'settlement', target_id: draftS.id, amount: '1.00' })).msg).toBe('结算单 JS-INV2 状态为“待确认”，确认后才能匹配发票');
    expect((await post('invoice/match', { id: out.id, version: out.version, target_type: 'settlement', target_id: s.id, amount: '1.00' }, admin, 'en')).msg).toBe('A Settlement can be matched with Incoming invoices only');
    expect((await post('invoice/match', { id: draft.id, version: draft.version, target_type: 'settlement', target_id: s.id, amount: '1.00' })).msg).toContain('“草稿”');
    expect((await post('invoice/match', { id: inv2.id, version: inv2.version, target_type: 'settlement', target_id: s.id, amount: '0' })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    // partly: a mismatch the list filter finds
    const p = await ok(post('invoice/match', { id: inv2.id, version: inv2.version, target_type: 'settlement', target_id: s.id, amount: '940.00' }));
    expect([p.status, p.match_state]).toEqual(['registered', 'partial']);
    const partial = await ok(get('invoice/index', { match_state: 'partial' }));
    expect(partial.list.map((r: Json) => r.id)).toContain(inv2.id);
    // a matched invoice is not voided and not credited below its matches
    expect((await post('invoice/void', { id: inv.id, version: m1.version, reason: 'x' })).status).toBe(400);
    expect((await post('invoice/red_letter', red(p, '200.00'))).msg).toBe(`冲红后原发票 ${p.invoice_no} 余额为 834.00，少于已匹配的 940.00；请先取消部分匹配`);
    // paid: the paid amount follows the settlement
    await t.handle.db.update(settlements).set({ status: 'paid' }).where(eq(settlements.id, s.id));
    expect((await ok(get('invoice/for_target', { target_type: 'settlement', target_id: s.id }))).paid_amount).toBe('2000.00');
    // unmatch
    const un = await ok(post('invoice/unmatch', { id: inv.id, version: m1.version, match_id: matches.list[0].id }));
    expect([un.status, un.matched_amount, un.match_state]).toEqual(['registered', '0.00', 'none']);
    expect((await ok(get('invoice/timeline', { id: inv.id }))).list.map((x: Json) => x.action)).toEqual(['add', 'register', 'match', 'unmatch']);
    expect((await post('invoice/unmatch', { id: inv.id, version: un.version, match_id: matches.list[0].id })).msg).toContain('不属于发票');
  });
});

describe('matching statements (对账单)', () => {
  it('an incoming invoice matches a confirmed supplier statement, an outgoing one a financier statement, within the agreed amount', async () => {
    const { db } = t.handle;
    const financier = (await db.insert(partners).values({ kind: 'financier', name: '测试融资租赁有限公司', credit_code: FINANCIER }).returning())[0]!;
    const statement = async (no: string, kind: 'supplier' | 'financier', partnerId: number, status: string, agreed: string | null) =>
      (await db.insert(statements).values({ statement_no: no, kind, partner_id: partnerId, period_from: '2026-10-01', period_to: '2026-10-31', status, agreed_amount: agreed }).returning())[0]!;
    const supplied = await statement('DZ-INV1', 'supplier', supplier.id, 'confirmed', '500.00');
    const funded = await statement('DZ-INV2', 'financier', financier.id, 'confirmed', '2000.00');
    const open = await statement('DZ-INV3', 'supplier', supplier.id, 'imported', null);
    const inv = await registered({ lines: [{ item: '光伏组件', amount: '400.00', tax_rate: '13' }] }); // 452.00, incoming
    const out = await registered({ direction: 'out', seller_name: '光E宝', seller_tax_id: US, buyer_name: '测试融资租赁有限公司', buyer_tax_id: FINANCIER, partner_id: financier.id, lines: [{ item: '电站转让', amount: '1000.00', tax_rate: '13' }] });
    const before = await snapshot();
    // a financier is invoiced by us, a supplier invoices us; an unconfirmed statement has no agreed amount yet
    expect((await post('invoice/match', { id: out.id, version: out.version, target_type: 'statement', target_id: supplied.id, amount: '1.00' })).msg).toBe('对账单 DZ-INV1只能匹配进项发票');
    expect((await post('invoice/match', { id: inv.id, version: inv.version, target_type: 'statement', target_id: funded.id, amount: '1.00' }, admin, 'en')).msg).toBe('A Statement DZ-INV2 can be matched with Outgoing invoices only');
    expect((await post('invoice/match', { id: inv.id, version: inv.version, target_type: 'statement', target_id: open.id, amount: '1.00' })).msg).toContain('DZ-INV3');
    expect(await snapshot()).toEqual(before);
    expect((await ok(post('invoice/match', { id: out.id, version: out.version, target_type: 'statement', target_id: funded.id, amount: '1130.00' }))).match_state).toBe('full');
    await ok(post('invoice/match', { id: inv.id, version: inv.version, target_type: 'statement', target_id: supplied.id, amount: '452.00' }));
    const view = await ok(get('invoice/for_target', { target_type: 'statement', target_id: supplied.id }));
    // statements are not paid through the product: no paid amount (null, not 0) and no payment check
    expect([view.settled_amount, view.invoiced_amount, view.paid_amount, view.uninvoiced, view.unpaid_invoiced]).toEqual(['500.00', '452.00', null, '48.00', null]);
    const inv2 = await registered({ lines: [{ item: '光伏组件', amount: '100.00', tax_rate: '13' }] });
    expect((await post('invoice/match', { id: inv2.id, version: inv2.version, target_type: 'statement', target_id: supplied.id, amount: '48.01' })).msg).toContain('未开票金额 48.00');
    const matches = await ok(get('invoice/matches', { id: inv.id }));
    expect(matches.list[0]).toMatchObject({ target_type: 'statement', target_no: 'DZ-INV1', settled_amount: '500.00', invoiced_amount: '452.00', paid_amount: null });
  });
});

describe('lists, permissions and scope', () => {
  it('filters by direction, partner, status, date range and the number keyword (start or end)', async () => {
    const x = await ok(post('invoice/add', body({ invoice_no: '77123456', issue_date: '2026-10-05' })));
    const byNo = await ok(get('invoice/index', { q: '7712' }));
    expect(byNo.list.map((r: Json) => r.id)).toEqual([x.id]);
    expect((await ok(get('invoice/index', { q: '3456' }))).list.map((r: Json) => r.id)).toEqual([x.id]);
    const oct = await ok(get('invoice/index', { issue_date_gte: '2026-10-01', issue_date_lte: '2026-10-31' }));
    expect(oct.list.map((r: Json) => r.id)).toEqual([x.id]);
    const outs = await ok(get('invoice/index', { direction: 'out' }));
    expect(outs.list.every((r: Json) => r.direction === 'out')).toBe(true);
    const bySupplier = await ok(get('invoice/index', { partner_id: supplier.id, limit: 100 }));
    expect(bySupplier.list.every((r: Json) => r.partner_name === '青岛组件供应有限公司')).toBe(true);
    const newest = await ok(get('invoice/index', { limit: 3 }));
    const dates = newest.list.map((r: Json) => r.issue_date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('an agent user sees only the invoices of its own partner record and changes none; another agent sees none', async () => {
    const mine = await ok(get('invoice/index', { limit: 100 }, sd));
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.list.every((r: Json) => r.partner_id === agentCo.id)).toBe(true);
    const supplierInv = (await ok(get('invoice/index', { partner_id: supplier.id, limit: 1 }))).list[0];
    expect((await get('invoice/get_info', { id: supplierInv.id }, sd)).status).toBe(404);
    expect((await get('invoice/lines', { id: supplierInv.id }, sd)).status).toBe(404);
    expect((await ok(get('invoice/index', {}, hn))).total).toBe(0);
    const before = await snapshot();
    expect((await post('invoice/add', body(), sd)).status).toBe(403);
    expect((await post('invoice/register', { id: supplierInv.id, version: supplierInv.version }, sd)).status).toBe(403);
    expect((await post('invoice/match', { id: mine.list[0].id, version: mine.list[0].version, target_type: 'settlement', target_id: 1, amount: '1.00' }, sd)).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the invoice file', () => {
  it('takes a PDF or an OFD by content; an image or a renamed file is refused; attached on save', async () => {
    const pdf = await uploadFile(t.app, op, `${S}/file/upload?owner_type=invoice&name=发票.pdf`, testPdf('invoice'), 'application/pdf');
    expect(pdf.code, pdf.msg).toBe(200);
    const ofdBytes = Buffer.from(zipSync({ 'OFD.xml': new TextEncoder().encode('<ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016"/>'), 'Doc_0/Document.xml': new TextEncoder().encode('<ofd:Document/>') }, { level: 0 }));
    const ofd = await uploadFile(t.app, op, `${S}/file/upload?owner_type=invoice&name=发票.ofd`, ofdBytes, 'application/octet-stream', '发票.ofd');
    expect(ofd.code, ofd.msg).toBe(200);
    expect(ofd.data.content_type).toBe('application/ofd');
    const png = await uploadFile(t.app, op, `${S}/file/upload?owner_type=invoice&name=发票.pdf`, await testImage(20, 20, 'png'), 'application/pdf');
    expect(png.code).toBe(400);
    const zip = await uploadFile(t.app, op, `${S}/file/upload?owner_type=invoice&name=x.ofd`, Buffer.from(zipSync({ 'a.txt': new TextEncoder().encode('x') })), 'application/octet-stream');
    expect(zip.code).toBe(400);
    expect((await uploadFile(t.app, sd, `${S}/file/upload?owner_type=invoice&name=x.pdf`, testPdf(), 'application/pdf')).code).toBe(403);
    const d = await ok(post('invoice/add', body({ file_id: ofd.data.id }), op));
    const files = await ok(get('invoice/files', { id: d.id }, op));
    expect(files.list.map((f: Json) => f.id)).toEqual([ofd.data.id]);
    // someone else's file is not attached
    expect((await post('invoice/add', body({ file_id: pdf.data.id }))).status).toBe(400);
  });
});

describe('exact sums', () => {
  it('totals are the sums of rounded line taxes, never re-rounded', () => {
    const lines = Array.from({ length: 7 }, () => ({ amount: '0.05', tax_rate: '13' })); // 0.0065 → 0.01 each
    expect(invoiceTotals(lines)).toEqual({ amount_total: '0.35', tax_total: '0.07', total: '0.42' });
    expect(new Money('0.35').times('0.13').toFixed(2)).toBe('0.05'); // what one rounding of the sum would give
  });
});

