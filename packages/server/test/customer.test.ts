import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { customerFollowUps, customers, sysLog } from '../src/db/schema/index.ts';
import { call, customerBody, fixtures, login, startApp, type TestApp } from './helpers.ts';

let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let token: string;
const base = '/api/system/customer';

beforeAll(async () => {
  t = await startApp();
  fx = await fixtures(t);
  token = await login(t.app);
});
afterAll(async () => t.close());

const add = async (extra: Record<string, unknown> = {}) => {
  const res = await call(t.app, 'POST', `${base}/add`, { token, body: customerBody(extra) });
  expect(res.status, res.msg).toBe(200);
  return res.data;
};
const list = (query: Record<string, string | number>, tk = token) => call(t.app, 'GET', `${base}/index`, { token: tk, query });

describe('customer CRUD', () => {
  it('add returns the record: intentional, status new, version 1, masked cards, names of agent', async () => {
    const c = await add({ id_card: '110101199003074514', agent_id: fx.sd.id, estimated_kwp: 22.5, roof_type: 'flat' });
    expect(c).toMatchObject({
      name: '张三丰',
      phone: '13800138000',
      stage: 'intentional',
      status: 'new',
      version: 1,
      agent_id: fx.sd.id,
      agent_name: '山东测试代理',
      estimated_kwp: 22.5,
      id_card: '110101********4514',
      source: 'phone',
    });
    expect(c.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    // stored in full
    const [row] = await t.handle.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row!.id_card).toBe('110101199003074514');
    expect(row!.created_by).toBeGreaterThan(0);
  });

  it('get_info returns one record with agent_name and owner_name, cards masked', async () => {
    const c = await add({ owner_id: fx.op.id, agent_id: fx.hn.id, bank_card: '6228480012345678901', stage: 'formal' });
    const res = await call(t.app, 'GET', `${base}/get_info`, { token, query: { id: c.id } });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: c.id, owner_name: '运营小李', agent_name: '河南测试代理', bank_card: '622848*********8901', stage: 'formal', status: 'signed' });
    expect(res.data.signed_at).not.toBeNull();
  });

  it('get_info of an id that does not exist is 404 naming the id', async () => {
    const res = await call(t.app, 'GET', `${base}/get_info`, { token, query: { id: 999999 } });
    expect(res).toMatchObject({ status: 404, code: 404, msg: '记录不存在或已被删除（ID 999999）' });
    const en = await call(t.app, 'GET', `${base}/get_info`, { token, query: { id: 999999 }, lang: 'en' });
    expect(en.msg).toBe('The record does not exist or was deleted (ID 999999)');
  });

  it('edit with the current version changes only the sent fields and bumps the version', async () => {
    const c = await add({ address: '旧地址' });
    const res = await call(t.app, 'POST', `${base}/edit`, { token, body: { id: c.id, version: 1, address: '济南市历下区新地址1号', estimated_kwp: 30 } });
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({ id: c.id, version: 2, address: '济南市历下区新地址1号', estimated_kwp: 30, name: '张三丰' });
  });

  it('edit with a stale version is 409 naming both versions, and nothing is overwritten', async () => {
    const c = await add();
    await call(t.app, 'POST', `${base}/edit`, { token, body: { id: c.id, version: 1, remark: '第一次修改' } });
    const [before] = await t.handle.db.select().from(customers).where(eq(customers.id, c.id));
    const stale = await call(t.app, 'POST', `${base}/edit`, { token, body: { id: c.id, version: 1, remark: '过期的修改' } });
    expect(stale).toMatchObject({ status: 409, code: 409, msg: '该记录已被他人修改（当前版本 2，你编辑的是版本 1），请刷新后再改' });
    const en = await call(t.app, 'POST', `${base}/edit`, { token, body: { id: c.id, version: 1, remark: 'stale' }, lang: 'en' });
    expect(en.msg).toBe('Someone else changed this record (now version 2, you edited version 1); reload and try again');
    const [after] = await t.handle.db.select().from(customers).where(eq(customers.id, c.id));
    expect(after).toEqual(before);
    expect(after!.remark).toBe('第一次修改');
  });

  it('update_field changes whitelisted fields only, validating the value', async () => {
    const c = await add();
    const okRes = await call(t.app, 'POST', `${base}/update_field`, { token, body: { id: c.id, field: 'app_enabled', value: true } });
    expect(okRes.status).toBe(200);
    expect(okRes.data).toMatchObject({ app_enabled: true, version: 2 });
    const notAllowed = await call(t.app, 'POST', `${base}/update_field`, { token, body: { id: c.id, field: 'stage', value: 'formal' } });
    expect(notAllowed).toMatchObject({ status: 400, msg: '字段“stage”不允许单独修改' });
    const badValue = await call(t.app, 'POST', `${base}/update_field`, { token, body: { id: c.id, field: 'app_enabled', value: 'yes' } });
    expect(badValue.status).toBe(400);
    expect(badValue.msg).toBe('光E宝账号：类型不对，应为布尔值（true/false）');
    const badRemark = await call(t.app, 'POST', `${base}/update_field`, { token, body: { id: c.id, field: 'remark', value: 'x'.repeat(1001) }, lang: 'en' });
    expect(badRemark.msg).toBe('Remark: At most 1000 characters');
    const [row] = await t.handle.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row).toMatchObject({ stage: 'intentional', app_enabled: true, version: 2 });
    // SPEC.md's console sends update_field as query "params"; that works too
    const viaParams = await call(t.app, 'POST', `${base}/update_field`, { token, query: { id: c.id, field: 'remark', value: '重点客户' } });
    expect(viaParams.data).toMatchObject({ remark: '重点客户', version: 3 });
  });

  it('del removes one (GET ?id) or many (POST ids array or comma string) and returns the ids', async () => {
    const [a, b, c, d] = [await add(), await add(), await add(), await add()];
    const one = await call(t.app, 'GET', `${base}/del`, { token, query: { id: a.id } });
    expect(one).toMatchObject({ status: 200, data: { ids: [a.id] } });
    const many = await call(t.app, 'POST', `${base}/del`, { token, body: { ids: [b.id, c.id] } });
    expect(many.data).toEqual({ ids: [b.id, c.id] });
    const comma = await call(t.app, 'GET', `${base}/del`, { token, query: { ids: `${d.id}` } });
    expect(comma.data).toEqual({ ids: [d.id] });
    const left = await t.handle.db.select().from(customers).where(sql`${customers.id} in (${a.id}, ${b.id}, ${c.id}, ${d.id})`);
    expect(left).toEqual([]);
    const logs = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.action, 'del'), eq(sysLog.record_id, b.id)));
    expect(logs[0]!.before).toMatchObject({ id: b.id, name: '张三丰' });
  });

  it('del with a missing id deletes nothing (404 naming it)', async () => {
    const a = await add();
    const res = await call(t.app, 'POST', `${base}/del`, { token, body: { ids: `${a.id},987654` } });
    expect(res).toMatchObject({ status: 404, msg: '记录不存在或已被删除（ID 987654）' });
    expect(await t.handle.db.select().from(customers).where(eq(customers.id, a.id))).toHaveLength(1);
  });
});

describe('customer list', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    await t.handle.db.delete(customers);
    const mk = async (key: string, v: Record<string, unknown>) => [key, (await add(v)).id] as const;
    ids = Object.fromEntries([
      await mk('zhang', { name: '张伟', phone: '13900000001', province_code: '370000', city_code: '370100', agent_id: fx.sd.id, source: 'agent', estimated_kwp: 10, address: '济南市历城区王庄村' }),
      await mk('zhangsan', { name: '张三', phone: '13900000002', province_code: '370000', city_code: '370700', agent_id: fx.sdc.id, source: 'event', estimated_kwp: 40 }),
      await mk('li', { name: '李娜', phone: '15000000003', province_code: '410000', city_code: '410100', agent_id: fx.hn.id, source: 'phone', estimated_kwp: 25 }),
      await mk('wang', { name: '王芳', phone: '18600000004', province_code: '130000', city_code: '130100', source: 'referral', stage: 'formal', estimated_kwp: 55, address: '石家庄市光伏大道' }),
    ]);
    // distinct creation times for sort and range tests
    const times: Record<string, string> = { zhang: '2026-01-01T00:00:00Z', zhangsan: '2026-02-01T00:00:00Z', li: '2026-03-01T00:00:00Z', wang: '2026-04-01T00:00:00Z' };
    for (const [k, iso] of Object.entries(times)) await t.handle.db.update(customers).set({ created_at: new Date(iso) }).where(eq(customers.id, ids[k]!));
    await call(t.app, 'POST', `${base}/follow_up`, { token, body: { customer_id: ids.li, way: 'phone', content: '电话沟通' } });
  });
  const names = (res: { data: { list: Array<{ name: string }> } }) => res.data.list.map((c) => c.name);

  it('pages with {list,total}, newest first by default', async () => {
    const p1 = await list({ page: 1, limit: 3 });
    expect(p1.status).toBe(200);
    expect(p1.data.total).toBe(4);
    expect(names(p1)).toEqual(['王芳', '李娜', '张三']);
    const p2 = await list({ page: 2, limit: 3 });
    expect(names(p2)).toEqual(['张伟']);
  });

  it.each([
    [{ stage: 'formal' }, ['王芳']],
    [{ stage: 'intentional' }, ['李娜', '张三', '张伟']],
    [{ status: 'following' }, ['李娜']],
    [{ status: 'new,signed' }, ['王芳', '张三', '张伟']],
    [{ name: '张' }, ['张三', '张伟']],
    [{ name: '张三' }, ['张三']],
    [{ phone: '139' }, ['张三', '张伟']],
    [{ phone: '15000000003' }, ['李娜']],
    [{ province_code: '370000' }, ['张三', '张伟']],
    [{ city_code: '370700' }, ['张三']],
    [{ source: 'referral' }, ['王芳']],
    [{ created_at_gte: '2026-02-01T00:00:00Z' }, ['王芳', '李娜', '张三']],
    [{ created_at_lte: '2026-02-15' }, ['张三', '张伟']],
    [{ created_at_gte: '2026-01-15', created_at_lte: '2026-03-15' }, ['李娜', '张三']],
    [{ q: '光伏大道' }, ['王芳']],
    [{ q: '张' }, ['张三', '张伟']],
    [{ q: '186000' }, ['王芳']],
    [{ stage: 'intentional', province_code: '370000', q: '王庄' }, ['张伟']],
  ])('filter %j', async (query, expected) => {
    const res = await list(query as Record<string, string>);
    expect(res.status, res.msg).toBe(200);
    expect(names(res)).toEqual(expected);
    expect(res.data.total).toBe(expected.length);
  });

  it('filters by agent id (one or several)', async () => {
    expect(names(await list({ agent_id: fx.sd.id }))).toEqual(['张伟']);
    expect(names(await list({ agent_id: `${fx.sd.id},${fx.hn.id}` }))).toEqual(['李娜', '张伟']);
  });

  it('an empty filter value means no filter; % and _ are literal in name/q', async () => {
    expect((await list({ name: '' })).data.total).toBe(4);
    expect((await list({ q: '%' })).data.total).toBe(0);
    expect((await list({ name: '_' })).data.total).toBe(0);
  });

  it.each([
    ['id', 'ASC', ['zhang', 'zhangsan', 'li', 'wang']],
    ['created_at', 'DESC', ['wang', 'li', 'zhangsan', 'zhang']],
    ['created_at', 'asc', ['zhang', 'zhangsan', 'li', 'wang']],
    ['estimated_kwp', 'DESC', ['wang', 'zhangsan', 'li', 'zhang']],
    ['status', 'ASC', ['li', 'zhang', 'zhangsan', 'wang']], // ties broken by id
    ['signed_at', 'ASC', ['wang', 'zhang', 'zhangsan', 'li']], // nulls last, then id
  ])('sorts by %s %s', async (sort, order, expected) => {
    const res = await list({ sort, order });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.list.map((c: { id: number }) => c.id)).toEqual((expected as string[]).map((k) => ids[k]));
  });

  it('sorts by name and updated_at without error', async () => {
    expect((await list({ sort: 'name', order: 'ASC' })).data.total).toBe(4);
    expect((await list({ sort: 'updated_at', order: 'DESC' })).data.total).toBe(4);
  });

  it('list rows come masked and with agent_name', async () => {
    await t.handle.db.update(customers).set({ id_card: '370102199001011234' }).where(eq(customers.id, ids.zhang!));
    const res = await list({ name: '张伟' });
    expect(res.data.list[0]).toMatchObject({ id_card: '370102********1234', agent_name: '山东测试代理' });
  });
});

describe('customer lifecycle', () => {
  it('follow_up adds a record and moves new → following; follow_ups lists it', async () => {
    const c = await add();
    const res = await call(t.app, 'POST', `${base}/follow_up`, { token, body: { customer_id: c.id, way: 'visit', content: '上门看屋顶', next_date: '2026-12-01' } });
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({ customer_id: c.id, way: 'visit', content: '上门看屋顶', next_date: '2026-12-01', created_by_name: '系统管理员' });
    const info = await call(t.app, 'GET', `${base}/get_info`, { token, query: { id: c.id } });
    expect(info.data).toMatchObject({ status: 'following', version: 2 });
    const fus = await call(t.app, 'GET', `${base}/follow_ups`, { token, query: { customer_id: c.id } });
    expect(fus.data.total).toBe(1);
    expect(fus.data.list[0]).toMatchObject({ way: 'visit', created_by_name: '系统管理员' });
  });

  it('survey: following → surveyed; refused from surveyed', async () => {
    const c = await add();
    await call(t.app, 'POST', `${base}/follow_up`, { token, body: { customer_id: c.id, way: 'phone', content: '约踏勘' } });
    const ok = await call(t.app, 'POST', `${base}/survey`, { token, body: { id: c.id, version: 2 } });
    expect(ok.data).toMatchObject({ status: 'surveyed', version: 3 });
    const again = await call(t.app, 'POST', `${base}/survey`, { token, body: { id: c.id, version: 3 } });
    expect(again).toMatchObject({ status: 400, msg: '当前状态为“已踏勘”，不能标记为已踏勘' });
  });

  it('convert keeps the id and history, becomes formal/signed; a second convert is refused naming the state', async () => {
    const c = await add({ id_card: '110101199003074514' });
    await call(t.app, 'POST', `${base}/follow_up`, { token, body: { customer_id: c.id, way: 'phone', content: '有意向' } });
    const res = await call(t.app, 'POST', `${base}/convert`, { token, body: { id: c.id, version: 2, business_mode: 'lease', bank_name: '农业银行', bank_card: '6228480012345678901' } });
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({ id: c.id, stage: 'formal', status: 'signed', business_mode: 'lease', bank_card: '622848*********8901', version: 3 });
    expect(res.data.signed_at).not.toBeNull();
    const fus = await call(t.app, 'GET', `${base}/follow_ups`, { token, query: { customer_id: c.id } });
    expect(fus.data.total).toBe(1);
    const again = await call(t.app, 'POST', `${base}/convert`, { token, body: { id: c.id, version: 3, business_mode: 'loan' } });
    expect(again).toMatchObject({ status: 400, msg: '当前状态为“正式客户 · 已签约”，不能转为正式客户' });
    const en = await call(t.app, 'POST', `${base}/convert`, { token, body: { id: c.id, version: 3, business_mode: 'loan' }, lang: 'en' });
    expect(en.msg).toBe('The current state is "Formal · Signed"; cannot convert to a formal customer');
    const hist = await call(t.app, 'GET', `${base}/history`, { token, query: { id: c.id } });
    expect(hist.data.list.map((h: { action: string }) => h.action)).toEqual(['add', 'follow_up', 'convert']);
    const conv = hist.data.list[2];
    expect(conv.before).toMatchObject({ stage: 'intentional', status: 'following', version: 2 });
    expect(conv.after).toMatchObject({ stage: 'formal', status: 'signed', version: 3 });
    expect(conv).toMatchObject({ username: 'admin', full_name: '系统管理员', resource: 'customer', record_id: c.id });
    // history masks like the record (the log itself keeps the full values)
    expect(conv.after).toMatchObject({ id_card: '110101********4514', bank_card: '622848*********8901' });
    expect(hist.body).not.toContain('110101199003074514');
  });

  it('lose requires a reason, works from any state but lost; lost customers cannot convert or be followed up', async () => {
    const c = await add();
    const noReason = await call(t.app, 'POST', `${base}/lose`, { token, body: { id: c.id, version: 1, reason: '  ' } });
    expect(noReason).toMatchObject({ status: 400, msg: '原因：请填写流失原因' });
    const res = await call(t.app, 'POST', `${base}/lose`, { token, body: { id: c.id, version: 1, reason: '家人不同意' } });
    expect(res.data).toMatchObject({ status: 'lost', lost_reason: '家人不同意', version: 2 });
    expect((await call(t.app, 'POST', `${base}/lose`, { token, body: { id: c.id, version: 2, reason: '再次' } })).msg).toBe('当前状态为“已流失”，不能标记为流失');
    expect((await call(t.app, 'POST', `${base}/convert`, { token, body: { id: c.id, version: 2, business_mode: 'lease' } })).msg).toBe(
      '当前状态为“意向客户 · 已流失”，不能转为正式客户',
    );
    const fu = await call(t.app, 'POST', `${base}/follow_up`, { token, body: { customer_id: c.id, way: 'phone', content: 'x' } });
    expect(fu.status).toBe(400);
    expect(await t.handle.db.select().from(customerFollowUps).where(eq(customerFollowUps.customer_id, c.id))).toHaveLength(0);
  });

  it('a formal customer can be lost too; transitions check the version', async () => {
    const c = await add({ stage: 'formal' });
    const stale = await call(t.app, 'POST', `${base}/lose`, { token, body: { id: c.id, version: 7, reason: '退租' } });
    expect(stale.status).toBe(409);
    const ok = await call(t.app, 'POST', `${base}/lose`, { token, body: { id: c.id, version: 1, reason: '退租' } });
    expect(ok.data).toMatchObject({ stage: 'formal', status: 'lost' });
  });
});

describe('system log', () => {
  it('add and edit write sys_log rows with user, ip, before and after', async () => {
    const c = await add();
    await call(t.app, 'POST', `${base}/edit`, { token, body: { id: c.id, version: 1, remark: '改了备注' } });
    const rows = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'customer'), eq(sysLog.record_id, c.id)));
    expect(rows.map((r) => r.action)).toEqual(['add', 'edit']);
    expect(rows[0]).toMatchObject({ username: 'admin', before: null });
    expect(rows[0]!.ip).toBeTruthy();
    expect(rows[1]!.before).toMatchObject({ remark: null, version: 1 });
    expect(rows[1]!.after).toMatchObject({ remark: '改了备注', version: 2 });
  });

  it('the log is in the same transaction: when writing it fails, the edit is rolled back (500 without internals)', async () => {
    const c = await add();
    await t.handle.db.execute(sql.raw(`create or replace function pv_test_fail_log() returns trigger language plpgsql as $$
      begin if new.after->>'remark' = 'FAIL_LOG' then raise exception 'injected failure'; end if; return new; end $$`));
    await t.handle.db.execute(sql.raw(`create trigger pv_test_fail_log before insert on sys_log for each row execute function pv_test_fail_log()`));
    try {
      const res = await call(t.app, 'POST', `${base}/edit`, { token, body: { id: c.id, version: 1, remark: 'FAIL_LOG' } });
      expect(res.status).toBe(500);
      expect(res.msg).toBe('服务器内部错误，请稍后重试或联系管理员');
      expect(res.body).not.toMatch(/injected|stack|at /);
      const [row] = await t.handle.db.select().from(customers).where(eq(customers.id, c.id));
      expect(row).toMatchObject({ remark: null, version: 1 });
    } finally {
      await t.handle.db.execute(sql.raw('drop trigger pv_test_fail_log on sys_log'));
    }
  });
});

describe('customer counters', () => {
  it('customer_counts stays equal to a GROUP BY after adds, edits, transitions and deletes', async () => {
    const a = await add({ province_code: '410000', city_code: '410100', agent_id: fx.hn.id });
    await call(t.app, 'POST', `${base}/edit`, { token, body: { id: a.id, version: 1, province_code: '370000', city_code: '370100' } });
    await call(t.app, 'POST', `${base}/convert`, { token, body: { id: a.id, version: 2, business_mode: 'loan' } });
    const b = await add();
    await call(t.app, 'POST', `${base}/lose`, { token, body: { id: b.id, version: 1, reason: '不需要' } });
    await call(t.app, 'GET', `${base}/del`, { token, query: { id: b.id } });
    const real = await t.handle.db.execute(sql`select stage, status, province_code, agent_id, count(*)::int as n from customers group by 1,2,3,4 order by 1,2,3,4`);
    const counted = await t.handle.db.execute(
      sql`select stage, status, province_code, agent_id, n::int as n from customer_counts where n <> 0 order by 1,2,3,4`,
    );
    const rows = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows).map((x) => ({ ...(x as object) }));
    expect(rows(counted)).toEqual(rows(real));
    const realRegion = await t.handle.db.execute(sql`select stage, status, province_code, count(*)::int as n from customers group by 1,2,3 order by 1,2,3`);
    const region = await t.handle.db.execute(sql`select stage, status, province_code, n::int as n from customer_counts_region where n <> 0 order by 1,2,3`);
    expect(rows(region)).toEqual(rows(realRegion));
    // and the list's total (taken from the counters) matches a real count
    const res = await list({ stage: 'formal', province_code: '370000' });
    const [n] = rows(await t.handle.db.execute(sql`select count(*)::int as n from customers where stage = 'formal' and province_code = '370000'`));
    expect(res.data.total).toBe((n as { n: number }).n);
  });
});
