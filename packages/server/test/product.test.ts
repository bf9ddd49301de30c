import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { products, stations, sysLog } from '../src/db/schema/index.ts';
import { DEMO_PRODUCTS } from '@pv/contract';
import { call, fixtures, login, startApp, type TestApp, USER_PASSWORD } from './helpers.ts';

let t: TestApp;
let token: string;
const base = '/api/system/product';

beforeAll(async () => {
  t = await startApp();
  await fixtures(t);
  token = await login(t.app);
});
afterAll(async () => t.close());

const add = async (body: Record<string, unknown>) => {
  const res = await call(t.app, 'POST', `${base}/add`, { token, body });
  expect(res.status, res.msg).toBe(200);
  return res.data;
};

describe('products (PV packages)', () => {
  it('add computes capacity_kwp = count × power / 1000; a matching capacity is accepted', async () => {
    const a = await add(DEMO_PRODUCTS[0]!);
    expect(a).toMatchObject({ capacity_kwp: 19.8, enabled: true, version: 1 });
    const b = await add({ ...DEMO_PRODUCTS[1]!, capacity_kwp: 11 });
    expect(b.capacity_kwp).toBe(11);
    await add(DEMO_PRODUCTS[2]!);
  });

  it('refuses a capacity that does not match, a fractional module count, missing fields — nothing stored', async () => {
    const before = (await t.handle.db.select().from(products)).length;
    const wrong = await call(t.app, 'POST', `${base}/add`, { token, body: { ...DEMO_PRODUCTS[0]!, name: '错', capacity_kwp: 20 } });
    expect(wrong.status).toBe(400);
    expect(wrong.msg).toContain('装机容量须等于');
    const frac = await call(t.app, 'POST', `${base}/add`, { token, body: { ...DEMO_PRODUCTS[0]!, module_count: 2.5 } });
    expect(frac.msg).toContain('请输入整数');
    const missing = await call(t.app, 'POST', `${base}/add`, { token, lang: 'en', body: { name: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.msg).toContain('required');
    expect((await t.handle.db.select().from(products)).length).toBe(before);
  });

  it('edit recomputes from stored values; a mismatch on edit is refused; update_field toggles enabled; logged', async () => {
    const p = await add({ ...DEMO_PRODUCTS[0]!, name: '可改套餐' });
    const e = await call(t.app, 'POST', `${base}/edit`, { token, body: { id: p.id, version: p.version, module_count: 40 } });
    expect(e.data).toMatchObject({ module_count: 40, capacity_kwp: 22, version: 2 });
    const bad = await call(t.app, 'POST', `${base}/edit`, { token, body: { id: p.id, version: 2, capacity_kwp: 5 } });
    expect(bad.status).toBe(400);
    const off = await call(t.app, 'POST', `${base}/update_field`, { token, body: { id: p.id, field: 'enabled', value: false } });
    expect(off.data.enabled).toBe(false);
    const enabled = await call(t.app, 'GET', `${base}/index`, { token, query: { enabled: 1, limit: 100 } });
    expect(enabled.data.list.map((r: { id: number }) => r.id)).not.toContain(p.id);
    const logs = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'product'), eq(sysLog.record_id, p.id)));
    expect(logs.map((l) => l.action)).toEqual(['add', 'edit', 'update_field']);
  });

  it('a package used by a station cannot be deleted; an unused one can', async () => {
    const used = await add({ ...DEMO_PRODUCTS[1]!, name: '已用套餐' });
    const [st] = await t.handle.db.select().from(stations).limit(1);
    if (st) {
      await t.handle.db.update(stations).set({ product_id: used.id }).where(eq(stations.id, st.id));
      const refused = await call(t.app, 'POST', `${base}/del`, { token, body: { id: used.id } });
      expect(refused.status).toBe(400);
      expect(refused.msg).toContain('不能删除');
    }
    const free = await add({ ...DEMO_PRODUCTS[2]!, name: '闲置套餐' });
    expect((await call(t.app, 'POST', `${base}/del`, { token, body: { id: free.id } })).status).toBe(200);
  });

  it('permissions: agents read, cannot write', async () => {
    const sd = await login(t.app, 'sd', USER_PASSWORD);
    expect((await call(t.app, 'GET', `${base}/index`, { token: sd })).status).toBe(200);
    expect((await call(t.app, 'POST', `${base}/add`, { token: sd, body: DEMO_PRODUCTS[0] })).status).toBe(403);
  });
});
