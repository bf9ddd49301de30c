import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { Money, lineAmount, sumMoney } from '@pv/contract';
import { query } from '../src/db/client.ts';
import { customers, roles, selfAudits, settlementLines, settlementRules, settlements, stations, sysLog, transitions, userRoles, users, workOrders } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { generateSettlementMonth } from '../src/modules/settlement/generate.ts';
import { JOBS } from '../src/modules/task/jobs.ts';
import { settlementRuns } from '../src/db/schema/index.ts';
import { call, customerBody, fixtures, login, ok, startApp, type TestApp, USER_PASSWORD } from './helpers.ts';

/**
 * 结算单 (issue 15): rules (versions, overlaps refused), a month's generation (lines pointing at
 * their sources, exact sums to the fen, idempotent, two runners at once, an event never in two
 * months), every action (allowed, wrong state named in zh and en, no permission, another agent's
 * settlement), a confirmed settlement's lines never edited, dispute → resolve → adjustment, bad
 * input refused with nothing changed.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let op: string;
let sd: string;
let hn: string;
let teamUser: number;
let team2: number;
const S = '/api/system';
type Json = Record<string, any>;
const post = (url: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });
const get = (url: string, q: Record<string, string | number> = {}, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'GET', `${S}/${url}`, { token, query: q, lang });
/** The trigger's refusal, whatever wraps it (drizzle's "Failed query" has the database error as its cause). */
const lockedError = (e: unknown) => /never change/.test(`${String((e as Error).message)} ${String(((e as Error).cause as Error | undefined)?.message)}`);
/** China time → instant. */
const cn = (local: string) => new Date(`${local}+08:00`);

let seq = 0;
async function customer(agentId: number, signedAt: string, kwp: number) {
  seq++;
  const [c] = await t.handle.db
    .insert(customers)
    .values({ ...customerBody({ name: `结算客户${seq}`, phone: `1391111${String(seq).padStart(4, '0')}` }), stage: 'formal', status: 'signed', agent_id: agentId, signed_at: cn(signedAt), estimated_kwp: kwp } as never)
    .returning();
  return c!;
}
async function station(agentId: number, customerId: number | null, kwp: number, extra: Json = {}) {
  seq++;
  const [s] = await t.handle.db
    .insert(stations)
    .values({ code: `PVS${String(seq).padStart(5, '0')}`, name: `结算电站${seq}`, customer_id: customerId, agent_id: agentId, province_code: '370000', city_code: '370700', capacity_kwp: kwp, status: 'operating', ...extra } as never)
    .returning();
  return s!;
}
async function order(stationId: number, agentId: number, teamId: number, kind: 'build' | 'grid', extra: Json = {}) {
  seq++;
  const [w] = await t.handle.db
    .insert(workOrders)
    .values({ order_no: `WO-S${String(seq).padStart(6, '0')}`, kind, station_id: stationId, agent_id: agentId, province_code: '370000', team_id: teamId, status: 'completed', finished_at: new Date(), ...extra } as never)
    .returning();
  return w!;
}
async function rejectedAudit(w: Json, reviewedAt: string) {
  const [a] = await t.handle.db
    .insert(selfAudits)
    .values({ work_order_id: w.id, kind: w.kind, station_id: w.station_id, agent_id: w.agent_id, province_code: '370000', result: 'rejected', reject_reason: '照片不清', reviewed_at: cn(reviewedAt) } as never)
    .returning();
  return a!;
}
const linesOf = async (settlementId: number) => (await ok(get('settlement/lines', { id: settlementId }))).list as Json[];
const settlementOf = async (kind: 'agent' | 'team', partyId: number, month: string) =>
  (await t.handle.db.select().from(settlements).where(sql`${settlements.party_kind} = ${kind} and ${settlements.party_id} = ${partyId} and ${settlements.month} = ${month}`))[0];
const snapshot = async () => ({
  settlements: JSON.stringify(await t.handle.db.select().from(settlements).orderBy(settlements.id)),
  lines: JSON.stringify(await t.handle.db.select().from(settlementLines).orderBy(settlementLines.id)),
  rules: JSON.stringify(await t.handle.db.select().from(settlementRules).orderBy(settlementRules.id)),
  log: (await t.handle.db.select({ n: count() }).from(sysLog).where(inArray(sysLog.resource, ['settlement', 'settlement_line', 'settlement_rule'])))[0]!.n,
  timeline: (await t.handle.db.select({ n: count() }).from(transitions))[0]!.n,
});

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  fx = await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
  sd = await login(t.app, 'sd', USER_PASSWORD);
  hn = await login(t.app, 'hn', USER_PASSWORD);
  const { db } = t.handle;
  const [teamRole] = await db.select().from(roles).where(eq(roles.code, 'team'));
  const hash = await hashPassword(USER_PASSWORD);
  for (const name of ['team_a', 'team_b']) {
    const [u] = await db.insert(users).values({ username: name, password_hash: hash, full_name: name === 'team_a' ? '施工一队' : '施工二队' }).returning();
    await db.insert(userRoles).values({ user_id: u!.id, role_id: teamRole!.id });
    if (name === 'team_a') teamUser = u!.id;
    else team2 = u!.id;
  }
}, 60_000);
afterAll(async () => t?.close());

describe('rules', () => {
  it('a new version starts after the old one ends; overlaps are refused in zh and en, by the API and by the database', async () => {
    const list = (await ok(get('settlement_rule/index', { kind: 'commission', limit: 50 }))).list as Json[];
    const l1 = list.find((r) => r.agent_level === 1)!;
    expect(l1.rate).toBe('30.0000');
    // overlapping the open-ended default → refused, naming the period
    const before = await snapshot();
    const zh = await post('settlement_rule/add', { kind: 'commission', agent_level: 1, rate: '33.3333', effective_from: '2026-09-01' });
    expect(zh.status).toBe(400);
    expect(zh.msg).toContain('一级代理商');
    expect(zh.msg).toContain('2020-01-01');
    const en = await post('settlement_rule/add', { kind: 'commission', agent_level: 1, rate: '33.3333', effective_from: '2026-09-01' }, admin, 'en');
    expect(en.msg).toContain('Level 1 agent');
    // bad input: a commission without a level, a zero rate, an end before the start
    expect((await post('settlement_rule/add', { kind: 'commission', rate: '1', effective_from: '2030-01-01' })).msg).toContain('代理商级别');
    expect((await post('settlement_rule/add', { kind: 'grid_bonus', rate: '0', effective_from: '2030-01-01' }, admin, 'en')).msg).toContain('rate must be above 0');
    expect((await post('settlement_rule/add', { kind: 'grid_bonus', rate: '1', effective_from: '2030-02-01', effective_until: '2030-01-01' })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    // the old version ends (unused: allowed), the new one starts the next day
    await ok(post('settlement_rule/edit', { id: l1.id, version: l1.version, effective_until: '2026-08-31' }));
    const v2 = await ok(post('settlement_rule/add', { kind: 'commission', agent_level: 1, rate: '33.3333', effective_from: '2026-09-01', remark: '2026 下半年' }));
    expect(v2.rate).toBe('33.3333');
    // the exclusion constraint refuses what a writer without the API check would do
    await expect(t.handle.db.insert(settlementRules).values({ kind: 'commission', agent_level: 1, rate: '1', effective_from: '2026-10-01' })).rejects.toThrow();
    // only an agent level 1/2 for commission, 0 otherwise
    await expect(t.handle.db.insert(settlementRules).values({ kind: 'grid_bonus', agent_level: 1, rate: '1', effective_from: '2031-01-01' })).rejects.toThrow();
  });

  it('an operator without rule codes… agents cannot touch rules (403)', async () => {
    expect((await get('settlement_rule/index', {}, sd)).status).toBe(403);
    expect((await post('settlement_rule/add', { kind: 'grid_bonus', rate: '1', effective_from: '2031-01-01' }, sd)).status).toBe(403);
  });
});

describe('generation', () => {
  const M = '2026-09';
  let facts: Json;
  beforeAll(async () => {
    // SD (level 1): two signings in September (one at 00:00 on the 1st, China), one on 1 October 00:30 (China) — October's
    const c1 = await customer(fx.sd.id, '2026-09-01T00:00:00', 12.35);
    const c2 = await customer(fx.sd.id, '2026-09-30T23:59:59', 8);
    const cOct = await customer(fx.sd.id, '2026-10-01T00:30:00', 5);
    // a customer with a station: its kWp come from the station (10.01), not the estimate
    const c3 = await customer(fx.sdc.id, '2026-09-15T10:00:00', 99);
    const s3 = await station(fx.sdc.id, c3.id, 10.01, { grid_at: cn('2026-09-20T09:00:00'), built_at: cn('2026-09-10T09:00:00') });
    const w3 = await order(s3.id, fx.sdc.id, teamUser, 'build');
    // HN: one signing
    const c4 = await customer(fx.hn.id, '2026-09-05T10:00:00', 6.66);
    // team: a station built in September by team_a (installation), a rejected self-audit, an overdue order
    const s5 = await station(fx.sd.id, c1.id, 12.35, { built_at: cn('2026-09-02T08:00:00') });
    const w5 = await order(s5.id, fx.sd.id, teamUser, 'build');
    const a5 = await rejectedAudit(w5, '2026-09-03T12:00:00');
    const wOver = await order(s5.id, fx.sd.id, team2, 'grid', { status: 'in_progress', overdue: true, deadline: cn('2026-09-25T18:00:00') });
    facts = { c1, c2, cOct, c3, s3, w3, c4, s5, w5, a5, wOver };
  });

  it('makes each party its lines, each pointing at its source and rule version, amounts exact to the fen', async () => {
    const r = await ok(post('settlement/generate', { month: M }, op));
    expect(r.lines).toBe(9);
    const sdS = await settlementOf('agent', fx.sd.id, M);
    const lines = await linesOf(sdS!.id);
    const byKind = (k: string) => lines.filter((l) => l.kind === k);
    expect(byKind('commission').map((l) => [l.source_type, l.source_id, l.quantity, l.rate, l.amount])).toEqual([
      ['customer', facts.c1.id, '12.35', '33.3333', '411.67'],
      ['customer', facts.c2.id, '8.00', '33.3333', '266.67'],
    ]);
    expect(lineAmount('commission', '33.3333', '12.35')).toBe('411.67');
    expect(lines.every((l) => l.rule_id && l.rule_version === 1)).toBe(true);
    expect(lines.map((l) => l.source_label)).toContain(facts.c1.name);
    expect(sdS!.total_amount).toBe(sumMoney(lines.map((l) => l.amount)));
    expect(sdS!.total_amount).toBe('678.34');
    expect(sdS!.status).toBe('draft');
    // SDc (level 2, 20/kWp): 10.01 kWp from its station, and a grid bonus for the station (200)
    const sdcLines = await linesOf((await settlementOf('agent', fx.sdc.id, M))!.id);
    expect(sdcLines.map((l) => [l.kind, l.source_type, l.source_id, l.amount])).toEqual([
      ['commission', 'customer', facts.c3.id, '200.20'],
      ['grid_bonus', 'station', facts.s3.id, '200.00'],
    ]);
    // team_a: installation of two stations (10.01 × 150, 12.35 × 150), minus a rejected self-audit (100)
    const ta = (await settlementOf('team', teamUser, M))!;
    const taLines = await linesOf(ta.id);
    expect(taLines.map((l) => [l.kind, l.source_type, l.source_id, l.amount])).toEqual([
      ['audit_deduction', 'self_audit', facts.a5.id, '-100.00'],
      ['install_fee', 'station', facts.s3.id, '1501.50'],
      ['install_fee', 'station', facts.s5.id, '1852.50'],
    ]);
    expect(ta.total_amount).toBe('3254.00');
    // team_b: the overdue order (−200): a settlement may be negative
    const tb = (await settlementOf('team', team2, M))!;
    expect(tb.total_amount).toBe('-200.00');
    expect((await linesOf(tb.id))[0]).toMatchObject({ kind: 'overdue_deduction', source_type: 'work_order', source_id: facts.wOver.id });
  });

  it('running the month again makes nothing new; two runners at once count each event once', async () => {
    const before = await t.handle.db.select({ n: count() }).from(settlementLines);
    expect((await ok(post('settlement/generate', { month: M }, op))).lines).toBe(0);
    const [a, b] = await Promise.all([generateSettlementMonth(t.handle.db, M, { again: true, batch: 2 }), generateSettlementMonth(t.handle.db, M, { again: true, batch: 2 })]);
    expect(a.lines + b.lines).toBe(0);
    expect(await t.handle.db.select({ n: count() }).from(settlementLines)).toEqual(before);
    // a new September event, both runners at once, small batches: it is counted exactly once
    const late = await customer(fx.hn.id, '2026-09-28T10:00:00', 3.33);
    const [x, y] = await Promise.all([generateSettlementMonth(t.handle.db, M, { again: true, batch: 1 }), generateSettlementMonth(t.handle.db, M, { again: true, batch: 1 })]);
    expect(x.lines + y.lines).toBe(1);
    const [dups] = await query<{ n: number }>(t.handle.db, sql`select count(*)::int as n from (select kind, source_type, source_id from settlement_lines where adjustment_of is null group by 1, 2, 3 having count(*) > 1) d`);
    expect(Number(dups!.n)).toBe(0);
    expect((await linesOf((await settlementOf('agent', fx.hn.id, M))!.id)).map((l) => l.source_id)).toContain(late.id);
  });

  it('an event is never counted in two months: October takes only its own', async () => {
    const r = await generateSettlementMonth(t.handle.db, '2026-10');
    expect(r.lines).toBe(1);
    const oct = await linesOf((await settlementOf('agent', fx.sd.id, '2026-10'))!.id);
    expect(oct.map((l) => l.source_id)).toEqual([facts.cOct.id]);
    // a September event moved into October by a writer does not come back: its line exists already
    await t.handle.db.update(customers).set({ signed_at: cn('2026-10-02T10:00:00') }).where(eq(customers.id, facts.c2.id));
    expect((await generateSettlementMonth(t.handle.db, '2026-10', { again: true })).lines).toBe(0);
  });

  it('the scheduler job makes last month (China calendar) on the 1st, once', async () => {
    const job = JOBS.generate_settlements!;
    expect(job.cron).toBe('40 2 1 * *');
    // 1 October 01:00 in China is still 30 September UTC: last month is September, made already → nothing new
    const r = (await job.run({ db: t.handle.db, now: new Date('2026-09-30T17:00:00Z') })) as { month: string; lines: number };
    expect(r).toMatchObject({ month: '2026-09', lines: 0 });
    const runs = await t.handle.db.select().from(settlementRuns).where(eq(settlementRuns.month, '2026-09'));
    expect(runs.map((x) => [x.party_kind, x.finished_at !== null]).sort()).toEqual([
      ['agent', true],
      ['team', true],
    ]);
  });

  it('refuses a month that has not started and a malformed one, in zh and en', async () => {
    const zh = await post('settlement/generate', { month: '2999-01' }, op);
    expect(zh.status).toBe(400);
    expect(zh.msg).toContain('还未开始');
    const en = await post('settlement/generate', { month: '2026-13' }, op, 'en');
    expect(en.status).toBe(400);
    expect(en.msg).toContain('Not a month');
    expect((await post('settlement/generate', { month: '2026-09' }, sd)).status).toBe(403);
  });
});

describe('the lifecycle', () => {
  const M = '2026-09';
  it('submit → agent disputes a line → finance accepts (adjustment) → agent confirms → paid; refusals named', async () => {
    let s = await ok(get('settlement/get_info', { id: (await settlementOf('agent', fx.sd.id, M))!.id }));
    expect(s.party_name).toBe('山东测试代理');
    // the agent cannot submit (no permission); finance can
    expect((await post('settlement/submit', { id: s.id, version: s.version }, sd)).status).toBe(403);
    // a wrong state is named in zh and en
    const early = await post('settlement/confirm', { id: s.id, version: s.version }, sd);
    expect(early.status).toBe(400);
    expect(early.msg).toContain('草稿');
    expect(early.msg).toContain('确认');
    expect((await post('settlement/confirm', { id: s.id, version: s.version }, sd, 'en')).msg).toContain('Draft');
    s = await ok(post('settlement/submit', { id: s.id, version: s.version }, op));
    expect(s.status).toBe('pending');
    // another agent: 403 on read, lines and actions; out of its list
    expect((await get('settlement/get_info', { id: s.id }, hn)).status).toBe(404);
    expect((await get('settlement/lines', { id: s.id }, hn)).status).toBe(404);
    expect((await post('settlement/confirm', { id: s.id, version: s.version }, hn)).status).toBe(404);
    expect(((await ok(get('settlement/index', { limit: 100 }, hn))).list as Json[]).every((r) => r.party_id === fx.hn.id)).toBe(true);
    // SD sees its own tree (SD and its child SDc), never teams
    const mine = (await ok(get('settlement/index', { limit: 100 }, sd))).list as Json[];
    expect(new Set(mine.map((r) => r.party_id))).toEqual(new Set([fx.sd.id, fx.sdc.id]));
    const lines = await linesOf(s.id);
    const target = lines.find((l) => l.kind === 'commission' && l.amount === '266.67')!;
    // bad input: no reason, a line of another settlement — refused, nothing changed
    const before = await snapshot();
    expect((await post('settlement/dispute', { id: s.id, version: s.version, line_id: target.id, reason: ' ' }, sd)).msg).toContain('原因');
    const other = (await linesOf((await settlementOf('agent', fx.sdc.id, M))!.id))[0]!;
    const wrong = await post('settlement/dispute', { id: s.id, version: s.version, line_id: other.id, reason: '不对' }, sd, 'en');
    expect(wrong.status).toBe(400);
    expect(wrong.msg).toContain('is not a line of settlement');
    expect((await post('settlement/dispute', { id: s.id, version: s.version - 1, line_id: target.id, reason: '不对' }, sd)).status).toBe(409);
    expect(await snapshot()).toEqual(before);
    // the dispute
    s = await ok(post('settlement/dispute', { id: s.id, version: s.version, line_id: target.id, reason: '该客户实际签约 9 kWp' }, sd));
    expect(s.status).toBe('disputed');
    expect(s.disputed_lines).toBe(1);
    expect((await post('settlement/dispute', { id: s.id, version: s.version, line_id: target.id, reason: '再次' }, sd)).msg).toContain('有异议');
    expect((await post('settlement/confirm', { id: s.id, version: s.version }, sd)).msg).toContain('有异议');
    // the agent cannot resolve; finance must give the amount when accepting
    expect((await post('settlement/resolve', { id: s.id, version: s.version, line_id: target.id, decision: 'accept', amount: '300', reply: '好' }, sd)).status).toBe(403);
    expect((await post('settlement/resolve', { id: s.id, version: s.version, line_id: target.id, decision: 'accept', reply: '好' }, op)).msg).toContain('应有的金额');
    s = await ok(post('settlement/resolve', { id: s.id, version: s.version, line_id: target.id, decision: 'accept', amount: '300.00', reply: '核实为 9 kWp，补差额' }, op));
    expect(s.status).toBe('pending');
    const after = await linesOf(s.id);
    const adj = after.find((l) => l.kind === 'adjustment')!;
    expect(adj).toMatchObject({ adjustment_of: target.id, source_type: 'settlement_line', source_id: target.id, amount: '33.33' });
    expect(after.find((l) => l.id === target.id)).toMatchObject({ status: 'accepted', amount: '266.67', reply: '核实为 9 kWp，补差额' });
    expect(s.total_amount).toBe(sumMoney(after.map((l) => l.amount)));
    expect(s.total_amount).toBe(new Money('678.34').plus('33.33').toFixed(2));
    // the agent confirms
    s = await ok(post('settlement/confirm', { id: s.id, version: s.version }, sd));
    expect(s.status).toBe('confirmed');
    expect(s.confirmed_by_name).toBe('山东代理王');
    // a confirmed settlement's line is never edited: no action, and not even by SQL
    const dispute = await post('settlement/dispute', { id: s.id, version: s.version, line_id: lines[0]!.id, reason: '晚了' }, sd, 'en');
    expect(dispute.status).toBe(400);
    expect(dispute.msg).toContain('Confirmed');
    await expect(t.handle.db.update(settlementLines).set({ amount: '1.00' }).where(eq(settlementLines.id, lines[0]!.id))).rejects.toSatisfy(lockedError);
    await expect(t.handle.db.delete(settlementLines).where(eq(settlementLines.id, lines[0]!.id))).rejects.toSatisfy(lockedError);
    await expect(t.handle.db.insert(settlementLines).values({ settlement_id: s.id, kind: 'adjustment', source_type: 'settlement_line', source_id: lines[0]!.id, quantity: '1', rate: '1', amount: '1.00', adjustment_of: lines[0]!.id })).rejects.toSatisfy(lockedError);
    // pay: the bank serial is required; the agent cannot
    expect((await post('settlement/pay', { id: s.id, version: s.version, bank_serial: 'B-1' }, sd)).status).toBe(403);
    expect((await post('settlement/pay', { id: s.id, version: s.version, bank_serial: '' }, op)).status).toBe(400);
    s = await ok(post('settlement/pay', { id: s.id, version: s.version, bank_serial: 'BOC-20261010-0001', paid_at: '2026-10-10' }, op));
    expect(s.status).toBe('paid');
    expect(s.bank_serial).toBe('BOC-20261010-0001');
    // timeline and history
    const tl = (await ok(get('settlement/timeline', { id: s.id }, sd))).list as Json[];
    expect(tl.map((e) => e.action)).toEqual(['submit', 'dispute', 'resolve', 'confirm', 'pay']);
    expect((await ok(get('settlement/history', { id: s.id }))).total).toBeGreaterThanOrEqual(5);
  });

  it('a paid line is corrected in the next month: an adjustment line there, the paid settlement unchanged', async () => {
    const s = (await settlementOf('agent', fx.sd.id, M))!;
    const lines = await linesOf(s.id);
    const first = lines.find((l) => l.kind === 'commission')!;
    const before = JSON.stringify(await t.handle.db.select().from(settlementLines).where(eq(settlementLines.settlement_id, s.id)).orderBy(settlementLines.id));
    await ok(post('settlement/adjust', { id: s.id, version: s.version, line_id: first.id, amount: '400.00', reason: '客户容量复核' }, op));
    expect(JSON.stringify(await t.handle.db.select().from(settlementLines).where(eq(settlementLines.settlement_id, s.id)).orderBy(settlementLines.id))).toBe(before);
    const oct = (await settlementOf('agent', fx.sd.id, '2026-10'))!;
    const octLines = await linesOf(oct.id);
    expect(octLines.find((l) => l.kind === 'adjustment')).toMatchObject({ adjustment_of: first.id, amount: new Money('400.00').minus(first.amount).toFixed(2) });
    expect(oct.total_amount).toBe(sumMoney(octLines.map((l) => l.amount)));
    // an adjustment of a draft is refused (it is still open to disputes)
    const hnS = (await settlementOf('agent', fx.hn.id, M))!;
    const r = await post('settlement/adjust', { id: hnS.id, version: hnS.version, line_id: (await linesOf(hnS.id))[0]!.id, amount: '1.00', reason: 'x' }, op);
    expect(r.status).toBe(400);
    expect(r.msg).toContain('草稿');
  });

  it('reject keeps the line with a reply; lists filter by month range, party kind and status; export works', async () => {
    let s = await ok(get('settlement/get_info', { id: (await settlementOf('agent', fx.hn.id, M))!.id }));
    s = await ok(post('settlement/submit', { id: s.id, version: s.version }, op));
    const line = (await linesOf(s.id))[0]!;
    s = await ok(post('settlement/dispute', { id: s.id, version: s.version, line_id: line.id, reason: '金额不对' }, hn));
    s = await ok(post('settlement/resolve', { id: s.id, version: s.version, line_id: line.id, decision: 'reject', reply: '按签约容量计算，无误' }, op));
    expect(s.status).toBe('pending');
    expect((await linesOf(s.id)).find((l) => l.id === line.id)).toMatchObject({ status: 'rejected', reply: '按签约容量计算，无误', amount: line.amount });
    // finance confirms on the agent's behalf
    s = await ok(post('settlement/confirm', { id: s.id, version: s.version }, op));
    expect(s.status).toBe('confirmed');
    const teams = (await ok(get('settlement/index', { party_kind: 'team', month_gte: '2026-09', month_lte: '2026-09', limit: 50 }, op))).list as Json[];
    expect(teams.map((r) => r.party_name).sort()).toEqual(['施工一队', '施工二队']);
    expect((await ok(get('settlement/index', { status: 'paid', limit: 50 }, op))).total).toBe(1);
    expect((await get('settlement/index', { month_gte: '2026-9' }, op)).status).toBe(400);
    const res = await t.app.inject({ method: 'GET', url: `${S}/settlement/export?month=2026-09`, headers: { authorization: `Bearer ${op}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheet');
    expect((await get('settlement/export', {}, sd)).status).toBe(403);
    // team users see their own settlement only (self scope)
    const ta = await login(t.app, 'team_a', USER_PASSWORD);
    expect((await get('settlement/index', {}, ta)).status).toBe(403);
  });
});

describe('processes bound to 结算单有异议 (issue 16)', () => {
  it('the first disputed line starts the process in the dispute’s own transaction; a second disputed line starts no second one', async () => {
    const def = await ok(
      post('workflow/add', {
        key: 'settlement_dispute_review',
        name: '结算异议复核',
        record_type: 'settlement',
        event: 'settlement.disputed',
        event_match: { party_kind: 'agent' },
        graph: {
          nodes: [
            { id: 'start', kind: 'start' },
            { id: 'review', kind: 'user', name: '财务复核异议', data: { assignee: { type: 'role', roles: ['operator'] } } },
            { id: 'done', kind: 'end', data: { result: 'done' } },
          ],
          edges: [
            { id: 'e1', source: 'start', target: 'review' },
            { id: 'e2', source: 'review', target: 'done', default: true },
          ],
        },
      }),
    );
    await ok(post('workflow/publish', { id: def.id, version: def.version }));
    const instancesOf = (id: number) => query<Json>(t.handle.db, sql`select * from workflow_instances where record_type = 'settlement' and record_id = ${id} order by id`);

    let s = await ok(get('settlement/get_info', { id: (await settlementOf('agent', fx.sdc.id, '2026-09'))!.id }));
    s = await ok(post('settlement/submit', { id: s.id, version: s.version }, op));
    const [first, second] = (await linesOf(s.id)).filter((l) => l.status === 'normal');
    // a refused dispute starts nothing
    expect((await post('settlement/dispute', { id: s.id, version: s.version, line_id: first!.id, reason: ' ' }, sd)).status).toBe(400);
    expect(await instancesOf(s.id)).toEqual([]);

    s = await ok(post('settlement/dispute', { id: s.id, version: s.version, line_id: first!.id, reason: '容量不对' }, sd));
    const [inst] = await instancesOf(s.id);
    expect(inst).toMatchObject({ state: 'running', trigger: 'event', event: 'settlement.disputed', record_label: s.settlement_no, current_node: 'review' });
    const [task] = await query<Json>(t.handle.db, sql`select * from workflow_tasks where instance_id = ${inst!.id} and state = 'open'`);
    expect(task!.assignees).toContain(fx.op.id);

    s = await ok(post('settlement/dispute', { id: s.id, version: s.version, line_id: second!.id, reason: '并网奖励不对' }, sd));
    expect(s.disputed_lines).toBe(2);
    expect(await instancesOf(s.id)).toHaveLength(1);
    // the finance user finishes it from the to-do list; the settlement itself is resolved line by line
    await ok(post('workflow_instance/complete', { task_id: task!.id, outcome: 'approve', comment: '已核对' }, op));
    expect((await instancesOf(s.id))[0]).toMatchObject({ state: 'completed', result: 'done' });
    expect((await ok(get('settlement/get_info', { id: s.id }))).status).toBe('disputed');
  });
});
