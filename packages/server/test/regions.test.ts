import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers } from '../src/db/schema/index.ts';
import { call, customerBody, login, startApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
const base = '/api/system/customer';

beforeAll(async () => {
  t = await startApp();
  token = await login(t.app);
});
afterAll(async () => t.close());

const add = (extra: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${base}/add`, { token, lang, body: customerBody(extra) });
const count = async () => (await t.handle.db.select({ id: customers.id }).from(customers)).length;

describe('customer regions (province → city → district)', () => {
  it('accepts a district of the city of the province, also a city outside the demo list', async () => {
    const jinan = await add({ province_code: '370000', city_code: '370100', district_code: '370102' });
    expect(jinan.status, jinan.msg).toBe(200);
    expect(jinan.data).toMatchObject({ province_code: '370000', city_code: '370100', district_code: '370102' });
    // 菏泽市 牡丹区 (not among the demo CITIES)
    const heze = await add({ province_code: '370000', city_code: '371700', district_code: '371702' });
    expect(heze.status, heze.msg).toBe(200);
    // a province alone, and a city without counties (东莞市)
    expect((await add({ province_code: '810000', city_code: null })).status).toBe(200);
    expect((await add({ province_code: '440000', city_code: '441900' })).status).toBe(200);
  });

  it('refuses a district of another city, a city of another province, a district without a city; nothing is written', async () => {
    const before = await count();
    // 郑州市 金水区 under 济南市
    const district = await add({ province_code: '370000', city_code: '370100', district_code: '410105' });
    expect(district).toMatchObject({ status: 400, code: 400, msg: '所选区县不属于该城市' });
    const en = await add({ province_code: '370000', city_code: '370100', district_code: '410105' }, 'en');
    expect(en.msg).toBe('The chosen district is not in that city');
    // 郑州市 under 山东省; a made-up city code of the right shape
    expect(await add({ province_code: '370000', city_code: '410100' })).toMatchObject({ status: 400, msg: '所选城市不属于该省份' });
    expect(await add({ province_code: '370000', city_code: '410100' }, 'en')).toMatchObject({ status: 400, msg: 'The chosen city is not in that province' });
    // a code of no city at all: the contract schema already refuses it
    const unknown = await add({ province_code: '370000', city_code: '379900' });
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toContain('请选择有效的地区');
    expect(await add({ province_code: '370000', city_code: null, district_code: '370102' })).toMatchObject({ status: 400, msg: '所选区县不属于该城市' });
    expect(await count()).toBe(before);
  });

  it('edit checks the changed level against the stored ones', async () => {
    const created = await add({ province_code: '370000', city_code: '370100', district_code: '370102' });
    const { id, version } = created.data;
    // a district of 青岛市 while the city stays 济南市
    const bad = await call(t.app, 'POST', `${base}/edit`, { token, body: { id, version, district_code: '370202' } });
    expect(bad).toMatchObject({ status: 400, msg: '所选区县不属于该城市' });
    const [row] = await t.handle.db.select().from(customers).where(eq(customers.id, id));
    expect(row).toMatchObject({ district_code: '370102', version });
    // city and district together
    const good = await call(t.app, 'POST', `${base}/edit`, { token, body: { id, version, city_code: '370200', district_code: '370202' } });
    expect(good.status, good.msg).toBe(200);
    expect(good.data).toMatchObject({ city_code: '370200', district_code: '370202', version: version + 1 });
    // changing the province alone leaves a city of the old one: refused
    const moved = await call(t.app, 'POST', `${base}/edit`, { token, body: { id, version: version + 1, province_code: '410000' } });
    expect(moved).toMatchObject({ status: 400, msg: '所选城市不属于该省份' });
  });

  it('filters the list by district', async () => {
    const res = await call(t.app, 'GET', `${base}/index`, { token, query: { district_code: '371702' } });
    expect(res.status).toBe(200);
    expect(res.data.list.length).toBeGreaterThan(0);
    expect(res.data.list.every((c: { district_code: string }) => c.district_code === '371702')).toBe(true);
  });
});
