import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers } from '../src/db/schema/index.ts';
import { USER_PASSWORD, call, customerBody, fixtures, login, startApp, type TestApp } from './helpers.ts';

/** The agent data scope: an agent's users see and change only their agent's (and its children's) customers. */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let sd: string;
let hn: string;
let op: string;
const base = '/api/system/customer';
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startApp();
  fx = await fixtures(t);
  admin = await login(t.app);
  sd = await login(t.app, 'sd', USER_PASSWORD);
  hn = await login(t.app, 'hn', USER_PASSWORD);
  op = await login(t.app, 'op', USER_PASSWORD);
  for (const [key, agent] of [
    ['sd', fx.sd.id],
    ['sdc', fx.sdc.id],
    ['hn', fx.hn.id],
    ['none', null],
  ] as const) {
    const res = await call(t.app, 'POST', `${base}/add`, { token: admin, body: customerBody({ agent_id: agent, name: `客户${'甲乙丙丁'['sd sdc hn none'.split(' ').indexOf(key)]}` }) });
    ids[key] = res.data.id;
  }
});
afterAll(async () => t.close());

describe('agent data scope', () => {
  it('the list shows only the agent tree’s customers (own and child agents)', async () => {
    const res = await call(t.app, 'GET', `${base}/index`, { token: sd, query: { sort: 'id', order: 'ASC' } });
    expect(res.data.list.map((c: { id: number }) => c.id)).toEqual([ids.sd, ids.sdc]);
    expect(res.data.total).toBe(2);
    const hnList = await call(t.app, 'GET', `${base}/index`, { token: hn });
    expect(hnList.data.list.map((c: { id: number }) => c.id)).toEqual([ids.hn]);
    // filters cannot widen the scope: a filter naming another agent is as if that agent did not exist
    const sneaky = await call(t.app, 'GET', `${base}/index`, { token: hn, query: { agent_id: fx.sd.id } });
    expect(sneaky.status).toBe(404);
    expect(sneaky.msg).toBe(`代理商不存在或已被删除（ID ${fx.sd.id}）`);
  });

  it('operators (scope all) and admins see everything', async () => {
    expect((await call(t.app, 'GET', `${base}/index`, { token: op })).data.total).toBe(4);
    expect((await call(t.app, 'GET', `${base}/index`, { token: admin })).data.total).toBe(4);
  });

  it('reading another agent’s customer by id answers exactly as an unknown id: 404, the same message (no existence oracle)', async () => {
    const res = await call(t.app, 'GET', `${base}/get_info`, { token: hn, query: { id: ids.sd! } });
    expect(res).toMatchObject({ status: 404, code: 404, msg: `记录不存在或已被删除（ID ${ids.sd}）` });
    expect((await call(t.app, 'GET', `${base}/get_info`, { token: hn, query: { id: ids.none! }, lang: 'en' })).msg).toBe(`The record does not exist or was deleted (ID ${ids.none})`);
    const unknown = await call(t.app, 'GET', `${base}/get_info`, { token: hn, query: { id: 99999 } });
    expect(unknown).toMatchObject({ status: 404, code: 404, msg: '记录不存在或已被删除（ID 99999）' });
    expect((await call(t.app, 'GET', `${base}/get_info`, { token: sd, query: { id: ids.sdc! } })).status).toBe(200);
    expect((await call(t.app, 'GET', `${base}/follow_ups`, { token: hn, query: { customer_id: ids.sd! } })).status).toBe(404);
    expect((await call(t.app, 'GET', `${base}/history`, { token: hn, query: { id: ids.sd! } })).status).toBe(404);
  });

  it('editing or following up another agent’s customer is refused and changes nothing', async () => {
    const edit = await call(t.app, 'POST', `${base}/edit`, { token: hn, body: { id: ids.sd, version: 1, remark: '越权' } });
    expect(edit.status).toBe(404);
    const fu = await call(t.app, 'POST', `${base}/follow_up`, { token: hn, body: { customer_id: ids.sd, way: 'phone', content: '越权' } });
    expect(fu.status).toBe(404);
    const [row] = await t.handle.db.select().from(customers).where(eq(customers.id, ids.sd!));
    expect(row).toMatchObject({ remark: null, version: 1, status: 'new' });
  });

  it('update_field, survey and lose on another agent’s customer by id are refused too, nothing changes', async () => {
    const field = await call(t.app, 'POST', `${base}/update_field`, { token: hn, body: { id: ids.sd, field: 'remark', value: '越权' } });
    expect(field.status).toBe(403);
    const survey = await call(t.app, 'POST', `${base}/survey`, { token: hn, body: { id: ids.sd, version: 1 } });
    expect(survey.status).toBe(403);
    const lose = await call(t.app, 'POST', `${base}/lose`, { token: hn, body: { id: ids.sd, version: 1, lost_reason: '越权' } });
    expect(lose.status).toBe(403);
    const [row] = await t.handle.db.select().from(customers).where(eq(customers.id, ids.sd!));
    expect(row).toMatchObject({ remark: null, version: 1, status: 'new' });
  });

  it('an agent user adding a customer gets their own agent forced; naming another agent is refused', async () => {
    const own = await call(t.app, 'POST', `${base}/add`, { token: sd, body: customerBody({ name: '新客户' }) });
    expect(own.status, own.msg).toBe(200);
    expect(own.data).toMatchObject({ agent_id: fx.sd.id, agent_name: '山东测试代理' });
    const child = await call(t.app, 'POST', `${base}/add`, { token: sd, body: customerBody({ agent_id: fx.sdc.id }) });
    expect(child.data.agent_id).toBe(fx.sdc.id);
    const other = await call(t.app, 'POST', `${base}/add`, { token: sd, body: customerBody({ agent_id: fx.hn.id }) });
    expect(other.status).toBe(404);
    const move = await call(t.app, 'POST', `${base}/edit`, { token: sd, body: { id: own.data.id, version: 1, agent_id: fx.hn.id } });
    expect(move.status).toBe(404);
    expect((await call(t.app, 'GET', `${base}/get_info`, { token: sd, query: { id: own.data.id } })).data.version).toBe(1);
  });

  it('agent users lack del/convert; admins adding for an unknown agent get 400', async () => {
    expect((await call(t.app, 'GET', `${base}/del`, { token: sd, query: { id: ids.sd! } })).status).toBe(403);
    expect((await call(t.app, 'POST', `${base}/convert`, { token: sd, body: { id: ids.sd, version: 1, business_mode: 'lease' } })).status).toBe(403);
    const bad = await call(t.app, 'POST', `${base}/add`, { token: admin, body: customerBody({ agent_id: 424242 }) });
    expect(bad).toMatchObject({ status: 400, msg: '代理商不存在（ID 424242）' });
  });

  it('the agent list is scoped the same way', async () => {
    const res = await call(t.app, 'GET', '/api/system/agent/index', { token: sd, query: { sort: 'id', order: 'ASC' } });
    expect(res.data.list.map((a: { code: string }) => a.code)).toEqual(['T-SD', 'T-SDC']);
    expect(res.data.list[1].parent_name).toBe('山东测试代理');
    expect((await call(t.app, 'GET', '/api/system/agent/get_info', { token: sd, query: { id: fx.hn.id } })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/system/agent/index', { token: op })).data.total).toBe(3);
  });
});
