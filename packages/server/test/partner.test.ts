import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, like } from 'drizzle-orm';
import { addDays, creditCodeCheck } from '@pv/contract';
import { agents, messages, partnerCertificates, partners, roles, sysLog, transitions, userRoles, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { readXlsx } from '../src/excel/xlsx.ts';
import { chinaDate } from '../src/modules/inspection/generate.ts';
import { JOBS } from '../src/modules/task/jobs.ts';
import { call, fixtures, login, ok, startApp, type TestApp, testPdf, uploadFile, USER_PASSWORD } from './helpers.ts';

/**
 * 合作伙伴 (issue 15, first slice): create / edit / delete with contacts, account, documents and
 * certificates; bad input (the credit code's check character, a duplicate — also two at once)
 * refused in zh and en changing nothing; stale version, permission and data scope; the account
 * number masked everywhere but view_account (logged); links of agents and teams; the expiry job
 * sending one message per certificate however many runs race; Excel export.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let op: string;
let sd: string;
let hn: string;
const S = '/api/system';
const CORP = '37001618900050012345';
const post = (url: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });
const get = (url: string, q: Record<string, string | number> = {}, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'GET', `${S}/${url}`, { token, query: q, lang });
let seq = 0;
/** A fresh valid 统一社会信用代码. */
const newCode = () => {
  const body = `913701007${String(++seq).padStart(8, '0')}`;
  return body + creditCodeCheck(body)!;
};
/** The same code with a wrong check character. */
const badCheck = (code: string) => code.slice(0, 17) + (code[17] === '0' ? '1' : '0');
const body = (over: Record<string, unknown> = {}) => ({
  name: `山东光伏建设有限公司${seq}`,
  kind: 'installer',
  credit_code: newCode(),
  province_code: '370000',
  city_code: '370100',
  contacts: [
    { name: '王工', phone: `1390531${String(seq).padStart(4, '0')}`, role: '项目经理', primary: true },
    { name: '李会计', phone: '0531-88886666', role: '财务' },
  ],
  account_type: 'corporate',
  account_holder: '山东光伏建设有限公司',
  bank_name: '中国农业银行',
  bank_branch: '济南分行',
  account_no: CORP,
  ...over,
});
const partnerCount = async () => (await t.handle.db.select({ n: count() }).from(partners))[0]!.n;
const today = () => chinaDate(new Date());

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  fx = await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
  sd = await login(t.app, 'sd', USER_PASSWORD);
  hn = await login(t.app, 'hn', USER_PASSWORD);
});
afterAll(async () => t.close());

describe('partners', () => {
  it('refuses bad input with a clear message in zh and en, and changes nothing', async () => {
    const before = await partnerCount();
    const good = body();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ credit_code: badCheck(good.credit_code) }, '统一社会信用代码：请输入正确的统一社会信用代码', 'Unified social credit code: Please enter a valid unified social credit code'],
      [{ credit_code: '12345' }, '校验位不符', 'check character'],
      [{ kind: 'bank' }, '类型', 'Kind'],
      [{ account_type: 'personal', account_no: '6228480402564890017' }, '银行卡号', 'bank card number'],
      [{ account_no: '12ab' }, '账号', 'Account number'],
      [{ contacts: [{ name: '王工', phone: '123', primary: true }] }, '联系电话', 'phone number'],
      [{ contacts: [{ name: '甲', phone: '13800138000', primary: true }, { name: '乙', phone: '13800138001', primary: true }] }, '只能有一位主要联系人', 'Only one contact'],
      [{ certificates: [{ name: '承装(修、试)电力设施许可证', issued_on: '2027-01-02', expires_on: '2027-01-01' }] }, '到期日期不能早于发证日期', 'expiry date cannot be before'],
      [{ certificates: [{ name: '安全生产许可证', expires_on: '2026-02-30' }] }, '日期', 'date'],
    ];
    for (const [over, zh, en] of cases) {
      const rz = await post('partner/add', { ...good, ...over });
      expect(rz.status, JSON.stringify(over)).toBe(400);
      expect(rz.msg).toContain(zh);
      const re = await post('partner/add', { ...good, ...over }, admin, 'en');
      expect(re.status).toBe(400);
      expect(re.msg).toContain(en);
    }
    expect(await partnerCount()).toBe(before);
  });

  it('creates a partner with contacts, account, a document and a certificate; the account is masked everywhere but view_account, which is logged', async () => {
    const doc = await uploadFile(t.app, admin, `${S}/file/upload?owner_type=partner_doc&name=合作协议.pdf`, testPdf('agreement'), 'application/pdf');
    expect(doc.code, doc.msg).toBe(200);
    const scan = await uploadFile(t.app, admin, `${S}/file/upload?owner_type=partner_cert&name=许可证.pdf`, testPdf('licence'), 'application/pdf');
    const expires = addDays(today(), 200);
    const p = await ok(post('partner/add', body({ kind: 'supplier', credit_code: ` ${newCode().toLowerCase()} `, document_ids: [doc.data.id], certificates: [{ name: '安全生产许可证', cert_no: '(鲁)JZ安许证字[2024]000123', issued_on: '2024-01-01', expires_on: expires, file_id: scan.data.id }] })));
    expect(p).toMatchObject({ kind: 'supplier', status: 'enabled', version: 1, account_no: '370016**********2345', primary_contact: '王工', agent_count: 0, team_count: 0, next_expiry: expires, owner_name: expect.any(String) });
    expect(p.credit_code).toMatch(/^[0-9A-Z]{18}$/);
    expect(p.certificates).toMatchObject([{ name: '安全生产许可证', expires_on: expires, issued_on: '2024-01-01', file_id: scan.data.id, state: 'valid', reminded_at: null }]);
    expect(p.contact_phones).toBeUndefined();
    const files = await get('partner/files', { id: p.id });
    expect(files.data.documents.map((f: { id: number }) => f.id)).toEqual([doc.data.id]);
    expect(files.data.certificates.map((f: { id: number }) => f.id)).toEqual([scan.data.id]);

    for (const r of [await get('partner/get_info', { id: p.id }), await get('partner/index', { id: p.id }), await get('partner/history', { id: p.id }), await get('syslog/index', { resource: 'partner', record_id: p.id })]) {
      expect(r.status).toBe(200);
      expect(r.body).not.toContain(CORP);
    }
    const shown = await get('partner/view_account', { id: p.id });
    expect(shown.data).toMatchObject({ account_no: CORP, account_holder: '山东光伏建设有限公司', bank_name: '中国农业银行' });
    const [log] = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.action, 'view_account'), eq(sysLog.record_id, p.id)));
    expect(log).toMatchObject({ resource: 'partner', username: 'admin' });
    expect(JSON.stringify(log)).not.toContain(CORP);
    // the operator keeps partners but does not see the full number, enable/disable or delete them
    expect((await get('partner/view_account', { id: p.id }, op)).status).toBe(403);
    expect((await post('partner/disable', { id: p.id, version: p.version }, op)).status).toBe(403);
    expect((await post('partner/del', { id: p.id }, op)).status).toBe(403);
    expect((await get('partner/get_info', { id: p.id }, op)).status).toBe(200);
    // the list: by kind, by keyword (name, code, a contact's phone), by an expiring certificate
    const byKind = await get('partner/index', { kind: 'supplier' });
    expect(byKind.data.list.map((r: { id: number }) => r.id)).toContain(p.id);
    expect((await get('partner/index', { kind: 'financier', id: p.id })).data.total).toBe(0);
    for (const q of [p.credit_code.slice(-6), '0531-88886666', p.name.slice(2, 8)]) expect((await get('partner/index', { q })).data.list.map((r: { id: number }) => r.id), q).toContain(p.id);
    expect((await get('partner/index', { id: p.id, cert_expiring: 'true' })).data.total).toBe(0);
    // the timeline
    const tl = await get('partner/timeline', { id: p.id });
    expect(tl.data.list.map((e: { action: string }) => e.action)).toEqual(['add']);
  });

  it('refuses a duplicate credit code by name in zh and en, also when two adds race; nothing changed', async () => {
    const first = await ok(post('partner/add', body({ name: '济南电力工程有限公司' })));
    const before = await partnerCount();
    const dz = await post('partner/add', body({ credit_code: first.credit_code.toLowerCase() }));
    expect(dz.status).toBe(400);
    expect(dz.msg).toBe(`统一社会信用代码“${first.credit_code}”已被合作伙伴“济南电力工程有限公司”使用`);
    const de = await post('partner/add', body({ credit_code: first.credit_code }), admin, 'en');
    expect(de.msg).toBe(`The unified social credit code "${first.credit_code}" is already used by partner "济南电力工程有限公司"`);
    // an edit onto another's code
    const second = await ok(post('partner/add', body()));
    const ed = await post('partner/edit', { id: second.id, version: second.version, credit_code: first.credit_code });
    expect(ed.status).toBe(400);
    expect(ed.msg).toContain('济南电力工程有限公司');
    expect((await get('partner/get_info', { id: second.id })).data.version).toBe(second.version);
    // two adds of one new code at once: one wins, the other gets the same message
    const code = newCode();
    const both = await Promise.all([post('partner/add', body({ credit_code: code, name: '并发甲' })), post('partner/add', body({ credit_code: code, name: '并发乙' }))]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.msg).toContain(code);
    expect(await partnerCount()).toBe(before + 2);
  });

  it('edits with the version read: a stale one gets 409; certificates are kept by id, a new expiry clears the reminder', async () => {
    const p = await ok(post('partner/add', body({ certificates: [{ name: '营业执照', expires_on: addDays(today(), 400) }, { name: 'ISO9001', expires_on: addDays(today(), 500) }] })));
    const [keep, drop] = p.certificates;
    await t.handle.db.update(partnerCertificates).set({ reminded_at: new Date() }).where(eq(partnerCertificates.id, keep.id));
    const e = await ok(post('partner/edit', { id: p.id, version: p.version, kind: 'financier', contacts: [{ name: '赵总', phone: '13700001111', primary: true }], certificates: [{ id: keep.id, name: '营业执照（副本）', expires_on: addDays(today(), 900) }, { name: '电力承装许可证', expires_on: addDays(today(), 100) }] }));
    expect(e).toMatchObject({ version: p.version + 1, kind: 'financier', primary_contact: '赵总', primary_phone: '13700001111' });
    expect(e.certificates.map((c: { name: string }) => c.name)).toEqual(['电力承装许可证', '营业执照（副本）']);
    expect(e.certificates.find((c: { id: number }) => c.id === keep.id).reminded_at).toBeNull();
    expect(e.certificates.some((c: { id: number }) => c.id === drop.id)).toBe(false);
    // stale
    const stale = await post('partner/edit', { id: p.id, version: p.version, name: '旧版本' });
    expect(stale.status).toBe(409);
    expect((await get('partner/get_info', { id: p.id })).data.name).toBe(p.name);
    // a certificate of another partner cannot be taken over
    const other = await ok(post('partner/add', body({ certificates: [{ name: '外部证书', expires_on: addDays(today(), 50) }] })));
    const steal = await post('partner/edit', { id: p.id, version: e.version, certificates: [{ id: other.certificates[0].id, name: 'x', expires_on: addDays(today(), 50) }] });
    expect(steal.status).toBe(400);
    // the log keeps before/after with the certificates, the account masked
    const [log] = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'partner'), eq(sysLog.action, 'edit'), eq(sysLog.record_id, p.id)));
    expect(JSON.stringify(log!.before)).toContain('ISO9001');
    expect(JSON.stringify(log!.after)).toContain('电力承装许可证');
    expect(JSON.stringify(log)).not.toContain(CORP);
    // a personal card must pass its check digit against the stored account type too
    const personal = await post('partner/edit', { id: p.id, version: e.version, account_type: 'personal' });
    expect(personal.status).toBe(400);
    expect(personal.msg).toContain('银行卡号');
    // disable / enable with the timeline; a wrong state is named
    const d = await ok(post('partner/disable', { id: p.id, version: e.version }));
    expect(d.status).toBe('disabled');
    const again = await post('partner/disable', { id: p.id, version: d.version });
    expect(again.status).toBe(400);
    expect(again.msg).toContain('停用');
    await ok(post('partner/enable', { id: p.id, version: d.version }));
    expect((await t.handle.db.select().from(transitions).where(and(eq(transitions.entity, 'partner'), eq(transitions.entity_id, p.id)))).map((r) => r.action)).toEqual(['add', 'disable', 'enable']);
  });

  it('links agents and teams; an agent’s user sees only its own agent’s partner; a linked partner is not deleted', async () => {
    const p = await ok(post('partner/add', body({ kind: 'installer', name: '山东代理施工公司' })));
    // before the link: the agent's users see no partner at all
    expect((await get('partner/index', {}, sd)).data.total).toBe(0);
    expect((await get('partner/get_info', { id: p.id }, sd)).status).toBe(404);
    const [team] = await t.handle.db.insert(users).values({ username: 'team-p', password_hash: 'x', full_name: '鲁建施工一队', is_admin: true }).returning();
    const cand = await get('partner/link_candidates', { kind: 'agent', q: '山东' });
    expect(cand.data.list.map((a: { id: number }) => a.id)).toContain(fx.sd.id);
    const linked = await ok(post('partner/link', { id: p.id, version: p.version, agent_ids: [fx.sd.id], team_ids: [team!.id] }));
    expect(linked).toMatchObject({ agent_count: 1, team_count: 1, version: p.version + 1 });
    const links = await get('partner/links', { id: p.id });
    expect(links.data).toMatchObject({ agents: [{ id: fx.sd.id, name: '山东测试代理' }], teams: [{ id: team!.id, full_name: '鲁建施工一队' }] });
    // the agent's page names its partner record
    expect((await get('agent/get_info', { id: fx.sd.id })).data).toMatchObject({ partner_id: p.id, partner_name: '山东代理施工公司' });
    // SD's user sees it, HN's does not
    expect((await get('partner/index', {}, sd)).data.list.map((r: { id: number }) => r.id)).toEqual([p.id]);
    expect((await get('partner/get_info', { id: p.id }, sd)).status).toBe(200);
    expect((await get('partner/get_info', { id: p.id }, hn)).status).toBe(404);
    expect((await get('partner/index', {}, hn)).data.total).toBe(0);
    // an agent user cannot change it, nor link
    expect((await post('partner/edit', { id: p.id, version: linked.version, name: 'x' }, sd)).status).toBe(403);
    // another partner may not take SD over; a user who takes no orders is no team
    const q = await ok(post('partner/add', body()));
    const taken = await post('partner/link', { id: q.id, version: q.version, agent_ids: [fx.sd.id], team_ids: [] });
    expect(taken.status).toBe(400);
    expect(taken.msg).toContain('山东代理施工公司');
    const notTeam = await post('partner/link', { id: q.id, version: q.version, agent_ids: [], team_ids: [fx.op.id] }, admin, 'en');
    expect(notTeam.status).toBe(400);
    expect(notTeam.msg).toContain('not a team');
    expect((await post('partner/link', { id: q.id, version: q.version - 1, agent_ids: [], team_ids: [] })).status).toBe(409);
    // delete refused while linked, then allowed (certificates go with it)
    const del = await post('partner/del', { id: p.id });
    expect(del.status).toBe(400);
    expect(del.msg).toContain('取消关联');
    const unl = await ok(post('partner/link', { id: p.id, version: linked.version, agent_ids: [], team_ids: [] }));
    expect((await t.handle.db.select().from(agents).where(eq(agents.id, fx.sd.id)))[0]!.partner_id).toBeNull();
    expect(unl.agent_count).toBe(0);
    expect((await post('partner/del', { id: p.id })).status).toBe(200);
    expect((await get('partner/get_info', { id: p.id })).status).toBe(404);
  });

  it('department scope sees every partner (company-level records); self scope its own and its team’s record', async () => {
    const { db } = t.handle;
    const hash = await hashPassword(USER_PASSWORD);
    const mk = async (username: string, scope: string) => {
      const [role] = await db.insert(roles).values({ code: `p-${scope}`, name: `合作伙伴只读-${scope}`, permissions: ['partner:index', 'partner:get_info'], data_scope: scope }).returning();
      const [u] = await db.insert(users).values({ username, password_hash: hash, full_name: username, department_id: 1 }).returning();
      await db.insert(userRoles).values({ user_id: u!.id, role_id: role!.id });
      return { user: u!, token: await login(t.app, username, USER_PASSWORD) };
    };
    const dept = await mk('p-dept', 'department');
    const self = await mk('p-self', 'self');
    const all = (await get('partner/index', { limit: 100 })).data.total;
    expect(all).toBeGreaterThan(3);
    expect((await get('partner/index', { limit: 100 }, dept.token)).data.total).toBe(all);
    expect((await get('partner/index', {}, self.token)).data.total).toBe(0);
    const p = await ok(post('partner/add', body({ name: '自有施工队' })));
    await db.update(users).set({ partner_id: p.id }).where(eq(users.id, self.user.id));
    expect((await get('partner/index', {}, self.token)).data.list.map((r: { id: number }) => r.id)).toEqual([p.id]);
    await db.update(users).set({ partner_id: null }).where(eq(users.id, self.user.id));
  });

  it('reminds the owner once per certificate 30 days before expiry, however many runs race; marks expired ones', async () => {
    const { db } = t.handle;
    const p = await ok(post('partner/add', body({ name: '证书到期测试公司', owner_id: fx.op.id, certificates: [{ name: '安全生产许可证', cert_no: 'AQ-1', expires_on: addDays(today(), 20) }, { name: '资质证书乙', expires_on: addDays(today(), 45) }, { name: '旧证书', expires_on: addDays(today(), -3) }] })));
    expect(p.owner_name).toBe('运营小李');
    // the owner picker: enabled staff users by name, not agents' users
    const owners = (await get('partner/owners', { q: '运营' })).data.list as Array<{ id: number }>;
    expect(owners.map((o) => o.id)).toEqual([fx.op.id]);
    expect(((await get('partner/owners', { q: '代理' })).data.list as unknown[]).length).toBe(0);
    expect(((await get('partner/owners', { user_id: fx.op.id })).data.list as Array<{ id: number }>).map((o) => o.id)).toContain(fx.op.id);
    const link = `/partner/partnerDetail?id=${p.id}`;
    const sent = () => db.select().from(messages).where(eq(messages.link, link));
    const run = () => JOBS.partner_certificate_expiry!.run({ db, now: new Date() });
    const [a, b] = await Promise.all([run(), run()]);
    expect(Number(a.reminded) + Number(b.reminded)).toBeGreaterThanOrEqual(1);
    let list = await sent();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ recipient_id: fx.op.id, type: 'business', level: 'warning' });
    expect(list[0]!.title).toContain('安全生产许可证');
    expect(list[0]!.content).toContain('（AQ-1）');
    expect(list[0]!.content).toContain('还有 20 天');
    // again: nothing more
    await run();
    expect(await sent()).toHaveLength(1);
    const certs = await db.select().from(partnerCertificates).where(eq(partnerCertificates.partner_id, p.id));
    expect(certs.find((c) => c.name === '旧证书')!.expired).toBe(true);
    expect(certs.find((c) => c.name === '资质证书乙')!.reminded_at).toBeNull();
    // the list filter and the reminded state
    expect((await get('partner/index', { id: p.id, cert_expiring: 'true' })).data.total).toBe(1);
    expect((await get('partner/index', { id: p.id, cert_expired: 'true' })).data.total).toBe(1);
    const info = (await get('partner/get_info', { id: p.id })).data;
    expect(info.certificates.map((c: { state: string }) => c.state)).toEqual(['expired', 'expiring', 'valid']);
    // the owner reads it in the message center
    const mine = await get('message/get_message_list', {}, op);
    expect(mine.status, mine.msg).toBe(200);
    expect(JSON.stringify(mine.data)).toContain('安全生产许可证');
    // later, the 45-day one comes within 30 days: one more message, once
    list = await sent();
    await Promise.all([JOBS.partner_certificate_expiry!.run({ db, now: new Date(Date.now() + 16 * 86400_000) }), JOBS.partner_certificate_expiry!.run({ db, now: new Date(Date.now() + 16 * 86400_000) })]);
    expect(await db.select().from(messages).where(and(eq(messages.link, link), like(messages.title, '%资质证书乙%')))).toHaveLength(1);
    expect(await sent()).toHaveLength(list.length + 1);
  });

  it('exports the list as Excel with the account masked, for partner:export only', async () => {
    const p = await ok(post('partner/add', body({ name: '导出测试资方', kind: 'financier' })));
    const res = await t.app.inject({ method: 'GET', url: `${S}/partner/export`, query: { kind: 'financier', q: '导出测试' }, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const rows = readXlsx(res.rawPayload);
    expect(rows[0]).toContain('统一社会信用代码');
    const row = rows.find((r) => r.includes('导出测试资方'))!;
    expect(row).toContain(p.credit_code);
    expect(row).toContain('资方');
    expect(row).toContain('370016**********2345');
    expect(JSON.stringify(rows)).not.toContain(CORP);
    expect((await t.app.inject({ method: 'GET', url: `${S}/partner/export`, headers: { authorization: `Bearer ${sd}` } })).statusCode).toBe(403);
  });
});
