import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { roles, stations, userRoles, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { BUILTIN_ROLES } from '../src/modules/auth/permissions.ts';
import { LATER_ROLES, USER_PASSWORD, call, expectRerunChangesNothing, login, ok, runMigration, startApp, type TestApp } from './helpers.ts';

/**
 * The built-in roles of issue 26 — 财务制单 finance, 财务审批 finance_approver, 运维审核 om_reviewer:
 * a fresh install has them as BUILTIN_ROLES says; migration finance_om_roles brings them to a
 * database seeded before them, once, leaving a role an administrator made under the code alone;
 * the O&M reviewer reviews maintenance orders and may do nothing else to them.
 */
let t: TestApp;
const CODES = [...LATER_ROLES];
const migrate = () => runMigration(t.handle.db, '_finance_om_roles.sql');
const rolesNow = () => t.handle.db.select({ code: roles.code, name: roles.name, permissions: roles.permissions, data_scope: roles.data_scope }).from(roles).where(inArray(roles.code, CODES)).orderBy(roles.code);
const builtin = () =>
  BUILTIN_ROLES.filter((r) => LATER_ROLES.has(r.code))
    .map((r) => ({ code: r.code, name: r.name, permissions: [...r.permissions], data_scope: r.data_scope }))
    .sort((a, b) => a.code.localeCompare(b.code));

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
});
afterAll(async () => t.close());

describe('the finance and O&M review roles', () => {
  it('are on a fresh install as BUILTIN_ROLES says, and come to an older database once, as the fresh install has them', async () => {
    expect(await rolesNow()).toEqual(builtin());
    await t.handle.db.delete(roles).where(inArray(roles.code, CODES));
    await migrate();
    expect(await rolesNow()).toEqual(builtin());
    await expectRerunChangesNothing(t.handle.db, migrate);
  });

  it('leave a role an administrator made under the same code alone', async () => {
    await t.handle.db.delete(roles).where(eq(roles.code, 'om_reviewer'));
    await t.handle.db.insert(roles).values({ code: 'om_reviewer', name: '我们的运维审核', permissions: ['maintenance:index'], data_scope: 'self' });
    await migrate();
    expect((await rolesNow()).find((r) => r.code === 'om_reviewer')).toEqual({ code: 'om_reviewer', name: '我们的运维审核', permissions: ['maintenance:index'], data_scope: 'self' });
    await t.handle.db.delete(roles).where(eq(roles.code, 'om_reviewer'));
    await migrate();
  });

  it('运维审核 approves a submitted maintenance order; dispatching it, or reading customers, is refused (403)', async () => {
    const { db } = t.handle;
    const admin = await login(t.app);
    const [role] = await db.select().from(roles).where(eq(roles.code, 'om_reviewer'));
    const [u] = await db.insert(users).values({ username: 'yw', password_hash: await hashPassword(USER_PASSWORD), full_name: '吴海峰' }).returning();
    await db.insert(userRoles).values({ user_id: u!.id, role_id: role!.id });
    const reviewer = await login(t.app, 'yw', USER_PASSWORD);
    const [s] = await db.insert(stations).values({ code: 'PVR0001', name: '审核电站', province_code: '370000', city_code: '370100', capacity_kwp: 20, status: 'operating' } as never).returning();
    const post = (url: string, body: unknown, token: string) => call(t.app, 'POST', `/api/system/${url}`, { token, body });
    let o = await ok(post('maintenance/add', { station_id: s!.id, priority: 'medium', fault_category: 'communication', description: '采集器离线' }, admin));
    expect((await post('maintenance/dispatch', { id: o.id, version: o.version, team_id: 1, deadline: new Date(Date.now() + 86400_000).toISOString() }, reviewer)).status).toBe(403);
    o = await ok(post('maintenance/dispatch', { id: o.id, version: o.version, team_id: 1, deadline: new Date(Date.now() + 86400_000).toISOString() }, admin));
    for (const step of ['accept', 'start']) o = await ok(post(`maintenance/${step}`, { id: o.id, version: o.version }, admin));
    o = await ok(post('maintenance/submit', { id: o.id, version: o.version, cause: '4G 模块故障', measures: '更换采集器' }, admin));
    o = await ok(post('maintenance/approve', { id: o.id, version: o.version }, reviewer));
    expect(o).toMatchObject({ status: 'completed' });
    expect((await call(t.app, 'GET', '/api/system/customer/index', { token: reviewer })).status).toBe(403);
  });
});
