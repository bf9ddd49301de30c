import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { roles, stations, stockBalances, stockMovements, userRoles, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { USER_PASSWORD, call, login, ok, startApp, type TestApp } from './helpers.ts';

/**
 * Parts at the field handler's hand (issue 26): a warehouse names the team member it serves; a
 * field team member (built-in role team, data scope self) sees and issues from exactly his team's
 * van and the central / regional warehouses whose region covers the van's — with their stock — and
 * a handling record taking a part from any other warehouse is refused by name, changing nothing.
 */
let t: TestApp;
let admin: string;
let team: string;
let teamId: number;
let otherTeamId: number;
const S = '/api/system';
const get = (url: string, query: Record<string, string | number>, token: string, lang: 'zh' | 'en' = 'zh') => call(t.app, 'GET', `${S}/${url}`, { token, query, lang });
const post = (url: string, body: unknown, token: string, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });
const W: Record<string, number> = {};
let material: number;
let stationId: number;

const qty = async (w: number) =>
  (await t.handle.db.select({ q: sql<string>`${stockBalances.qty}::text` }).from(stockBalances).where(and(eq(stockBalances.warehouse_id, w), eq(stockBalances.material_id, material))))[0]?.q;

beforeAll(async () => {
  t = await startApp();
  const { db } = t.handle;
  admin = await login(t.app);
  const hash = await hashPassword(USER_PASSWORD);
  const [role] = await db.select().from(roles).where(eq(roles.code, 'team'));
  const mk = async (username: string, full_name: string) => {
    const [u] = await db.insert(users).values({ username, password_hash: hash, full_name }).returning();
    await db.insert(userRoles).values({ user_id: u!.id, role_id: role!.id });
    return u!.id;
  };
  teamId = await mk('tm', '孙师傅');
  otherTeamId = await mk('tm2', '钱师傅');
  team = await login(t.app, 'tm', USER_PASSWORD);
  material = (await ok(post('material/add', { code: 'MC4-T', name: 'MC4 连接器', unit: '对', category: 'cable' }, admin))).id;
  const add = async (code: string, kind: string, region: Record<string, string>, extra: Record<string, unknown> = {}) => {
    W[code] = (await ok(post('warehouse/add', { code, name: `仓库${code}`, kind, ...region, ...extra }, admin))).id;
    await ok(post('stock_movement/in', { warehouse_id: W[code], material_id: material, qty: '10' }, admin));
  };
  const jinan = { province_code: '370000', city_code: '370100' };
  await add('VAN1', 'van', jinan, { team_id: teamId });
  await add('VAN2', 'van', jinan, { team_id: otherTeamId });
  await add('JN', 'central', jinan);
  await add('SD', 'regional', { province_code: '370000' });
  await add('JN-LX', 'regional', { ...jinan, district_code: '370102' });
  await add('ZZ', 'regional', { province_code: '410000', city_code: '410100' });
  const [s] = await db.insert(stations).values({ code: 'PVT0001', name: '历城屋顶电站', province_code: '370000', city_code: '370100', capacity_kwp: 20, status: 'operating' } as never).returning();
  stationId = s!.id;
});
afterAll(async () => t.close());

/** A maintenance order dispatched to the team member, accepted and started by him. */
async function orderInProgress() {
  let o = await ok(post('maintenance/add', { station_id: stationId, priority: 'high', fault_category: 'cable', description: 'MC4 接头烧蚀' }, admin));
  o = await ok(post('maintenance/dispatch', { id: o.id, version: o.version, team_id: teamId, deadline: new Date(Date.now() + 86400_000).toISOString() }, admin));
  o = await ok(post('maintenance/accept', { id: o.id, version: o.version }, team));
  return ok(post('maintenance/start', { id: o.id, version: o.version }, team));
}
const handling = (o: { id: number; version: number }, warehouse: number) => ({ id: o.id, version: o.version, cause: '接头氧化', measures: '更换 MC4 接头', parts: [{ warehouse_id: warehouse, material_id: material, qty: '2' }] });

describe('the warehouses of a field team member', () => {
  it('are his van and the central and regional warehouses covering its region, with their stock', async () => {
    const seen = await ok(get('warehouse/index', { status: 'enabled', limit: 50 }, team));
    expect(seen.list.map((w: { code: string }) => w.code).sort()).toEqual(['JN', 'SD', 'VAN1']);
    expect(seen.list.find((w: { code: string }) => w.code === 'VAN1')).toMatchObject({ team_id: teamId, team_name: '孙师傅' });
    const stock = await ok(get('stock_balance/index', { limit: 50, nonzero: 'true' }, team));
    expect(stock.list.map((b: { warehouse_code: string; qty: string }) => `${b.warehouse_code}:${b.qty}`).sort()).toEqual(['JN:10', 'SD:10', 'VAN1:10']);
    // another team's van, a district his van is not in, another province: out of scope
    for (const code of ['VAN2', 'JN-LX', 'ZZ']) expect((await get('warehouse/get_info', { id: W[code]! }, team)).status).toBe(403);
    // the administrator (scope all) still sees every warehouse
    expect((await ok(get('warehouse/index', { limit: 50 }, admin))).total).toBe(6);
  });

  it('follow the van: a disabled van takes its region warehouses away', async () => {
    const van = await ok(get('warehouse/get_info', { id: W.VAN1! }, admin));
    const off = await ok(post('warehouse/edit', { id: van.id, version: van.version, status: 'disabled' }, admin));
    expect((await ok(get('warehouse/index', { limit: 50 }, team))).list.map((w: { code: string }) => w.code)).toEqual(['VAN1']);
    await ok(post('warehouse/edit', { id: off.id, version: off.version, status: 'enabled' }, admin));
  });

  it('a handling record issues from his van (and from the covering warehouse); another warehouse is refused by name, in the reader’s language, changing nothing', async () => {
    const o = await orderInProgress();
    for (const [lang, text] of [
      ['zh', '你不能使用仓库“仓库ZZ”出库：现场人员只能使用本班组的车载库和覆盖其所在区域的仓库'],
      ['en', 'You cannot use warehouse "仓库ZZ" (to issue stock): field staff use their team’s van and the warehouses covering its region'],
    ] as const) {
      const refused = await post('maintenance/submit', handling(o, W.ZZ!), team, lang);
      expect(refused.status).toBe(403);
      expect(refused.msg).toBe(text);
    }
    expect((await post('maintenance/submit', handling(o, W.VAN2!), team)).msg).toContain('仓库VAN2');
    expect(await qty(W.ZZ!)).toBe('10.000');
    expect((await ok(get('maintenance/get_info', { id: o.id }, team))).status).toBe('in_progress');

    const done = await ok(post('maintenance/submit', handling(o, W.VAN1!), team));
    expect(done.status).toBe('review_pending');
    expect(await qty(W.VAN1!)).toBe('8.000');
    const [row] = await t.handle.db.select().from(stockMovements).where(and(eq(stockMovements.warehouse_id, W.VAN1!), eq(stockMovements.kind, 'issue')));
    expect(row).toMatchObject({ ref_type: 'maintenance', ref_no: o.order_no, station_id: stationId, created_by: teamId });

    const second = await orderInProgress();
    await ok(post('maintenance/submit', handling(second, W.JN!), team));
    expect(await qty(W.JN!)).toBe('8.000');
  });

  it('has no direct issue (no stock:issue): 403', async () => {
    const res = await post('stock_movement/issue', { warehouse_id: W.VAN1!, material_id: material, qty: '1', ref_type: 'other', ref_no: '自用' }, team);
    expect(res.status).toBe(403);
  });

  it('a warehouse names an enabled user as its team, else 400', async () => {
    const res = await post('warehouse/add', { code: 'VAN9', name: '无人车载库', kind: 'van', team_id: 99999 }, admin);
    expect(res.status).toBe(400);
    expect(res.msg).toBe('班组成员不存在或已停用（ID 99999）');
  });
});
