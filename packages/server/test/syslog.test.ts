import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysLog } from '../src/db/schema/index.ts';
import { call, customerBody, fixtures, login, startApp, USER_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let op: string;
let customerId: number;
const base = '/api/system/syslog';
const list = (query: Record<string, string | number> = {}, token = admin) => call(t.app, 'GET', `${base}/index`, { token, query });

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  fx = await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
  const c = await call(t.app, 'POST', '/api/system/customer/add', { token: admin, body: customerBody() });
  customerId = c.data.id;
  await call(t.app, 'POST', '/api/system/customer/edit', { token: admin, body: { id: customerId, version: c.data.version, name: '李四', remark: '改了名字' } });
  await call(t.app, 'POST', '/api/system/customer/add', { token: op, body: customerBody({ phone: '13900139000' }) });
});
afterAll(async () => t.close());

describe('system log', () => {
  it('lists newest first with who, what, which record and before/after', async () => {
    const res = await list({ resource: 'customer' });
    expect(res.status).toBe(200);
    expect(res.data.total).toBe(3);
    const [newest, edit] = res.data.list;
    expect(newest).toMatchObject({ action: 'add', username: 'op', full_name: '运营小李' });
    expect(edit).toMatchObject({ action: 'edit', resource: 'customer', record_id: customerId, username: 'admin', full_name: '系统管理员' });
    expect(edit.before.name).toBe('张三丰');
    expect(edit.after).toMatchObject({ name: '李四', remark: '改了名字' });
  });

  it('filters by user, action, resource, record id and time range; paginates', async () => {
    expect((await list({ action: 'edit' })).data.list.map((r: { record_id: number }) => r.record_id)).toEqual([customerId]);
    expect((await list({ username: 'op', resource: 'customer' })).data.total).toBe(1);
    expect((await list({ user_id: fx.op.id })).data.list.every((r: { username: string }) => r.username === 'op')).toBe(true);
    expect((await list({ resource: 'customer', record_id: customerId })).data.total).toBe(2);
    expect((await list({ action: 'add,edit', resource: 'customer' })).data.total).toBe(3);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await list({ created_at_gte: future })).data.total).toBe(0);
    expect((await list({ created_at_lte: future, resource: 'customer' })).data.total).toBe(3);
    const page = await list({ resource: 'customer', limit: 2, page: 2 });
    expect(page.data.list).toHaveLength(1);
    expect(page.data.total).toBe(3);
    const asc = await list({ resource: 'customer', sort: 'created_at', order: 'ASC' });
    expect(asc.data.list[0].action).toBe('add');
    expect(asc.data.list[0].username).toBe('admin');
  });

  it('bad filters are refused by name', async () => {
    const res = await list({ password_hash: 'x' });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('password_hash');
    expect((await list({ created_at_gte: 'yesterday' })).status).toBe(400);
    expect((await list({ sort: 'before' })).status).toBe(400);
  });

  it('get_info returns one entry; needs syslog permission', async () => {
    const [entry] = (await list({ action: 'edit' })).data.list;
    const res = await call(t.app, 'GET', `${base}/get_info`, { token: admin, query: { id: entry.id } });
    expect(res.data).toMatchObject({ id: entry.id, action: 'edit' });
    expect((await list({}, op)).status).toBe(403);
    expect((await call(t.app, 'GET', `${base}/get_info`, { token: admin, query: { id: 999999 } })).status).toBe(404);
  });

  it('id and bank card numbers are masked in before/after, as the customer API masks them', async () => {
    const c = await call(t.app, 'POST', '/api/system/customer/add', { token: admin, body: customerBody({ phone: '13700137000', id_card: '110101199003074514' }) });
    expect(c.status, c.msg).toBe(200);
    const [entry] = (await list({ resource: 'customer', record_id: c.data.id })).data.list;
    expect(entry.after.id_card).toBe('110101********4514');
    const [raw] = await t.handle.db.select().from(sysLog).where(eq(sysLog.id, entry.id));
    expect((raw!.after as { id_card: string }).id_card).toBe('110101199003074514');
  });

  it('is read-only over the API: no write routes exist', async () => {
    const count = (await t.handle.db.select().from(sysLog)).length;
    for (const op of ['add', 'edit', 'del', 'update_field']) {
      const res = await call(t.app, 'POST', `${base}/${op}`, { token: admin, body: { id: 1 } });
      expect(res.status).toBe(404);
    }
    expect((await call(t.app, 'GET', `${base}/del`, { token: admin, query: { id: 1 } })).status).toBe(404);
    expect((await t.handle.db.select().from(sysLog)).length).toBe(count);
  });
});
