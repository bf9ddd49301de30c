import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { query } from '../src/db/client.ts';
import { menus, roles } from '../src/db/schema/index.ts';
import { BUILTIN_ROLES } from '../src/modules/auth/permissions.ts';
import { call, login, runMigration, startApp, type TestApp } from './helpers.ts';

/**
 * Migration 0048 on a database seeded before 财务 existed: the group and its screens are added as a
 * fresh install seeds them (right after 运维, whatever number it has there), and the built-in roles
 * get the lease and bill codes a fresh install gives them — once; an admin's own entry is left alone.
 */
let t: TestApp;
const migrate = () => runMigration(t.handle.db, '_lease_menus.sql');
const NAMES = ['Finance', 'leaseContract', 'leaseContractDetail', 'rentBill'];
const entries = async () =>
  query<{ name: string; sort: number }>(
    t.handle.db,
    sql`select m.name, p.name as parent, m.path, m.component, m.redirect, m.sort, m.meta, m.permission, m.status
        from menus m left join menus p on p.id = m.parent_id where m.name in ${NAMES} order by m.name`,
  );
// the codes 0048 brings (rent_bill:report came later with the finance reports' migration: finance-report-upgrade.test.ts)
const FINANCE = /^(lease_contract|rent_bill):(?!report$)/;
const sortOf = async (name: string) => (await t.handle.db.select({ sort: menus.sort }).from(menus).where(eq(menus.name, name)))[0]!.sort;

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
});
afterAll(async () => t.close());

describe('财务 entries and their permissions for a database seeded before them', () => {
  it('adds the group after 运维 and before 其他, its screens and the built-in roles’ codes, once', async () => {
    const { db } = t.handle;
    const fresh = await entries();
    expect(fresh.map((e) => e.name)).toEqual(['Finance', 'leaseContract', 'leaseContractDetail', 'rentBill']);
    const freshRoles = await db.select({ code: roles.code, permissions: roles.permissions }).from(roles).orderBy(roles.code);
    // the old state: no 财务 group, built-in roles without the finance codes
    await db.delete(menus).where(inArray(menus.name, NAMES));
    for (const r of freshRoles) await db.update(roles).set({ permissions: r.permissions.filter((c) => !FINANCE.test(c)) }).where(eq(roles.code, r.code));

    await migrate();
    const upgradedEntries = await entries();
    expect(upgradedEntries.map(({ sort: _, ...e }) => e)).toEqual(fresh.map(({ sort: _, ...e }) => e));
    const finance = await sortOf('Finance');
    expect(finance).toBeGreaterThan(await sortOf('Operation'));
    expect(finance).toBeLessThan(await sortOf('Other'));
    const upgraded = await db.select({ code: roles.code, permissions: roles.permissions, version: roles.version }).from(roles).orderBy(roles.code);
    for (const r of upgraded) {
      const builtin = BUILTIN_ROLES.find((b) => b.code === r.code)!;
      expect(r.permissions.filter((c) => FINANCE.test(c)).sort(), r.code).toEqual([...builtin.permissions].filter((c) => FINANCE.test(c)).sort());
    }
    const admin = await login(t.app);
    const served = JSON.stringify((await call(t.app, 'GET', '/api/system/menu/index', { token: admin })).data);
    for (const name of NAMES) expect(served).toContain(`"name":"${name}"`);

    // twice: nothing more
    const menuVersions = await db.select({ name: menus.name, version: menus.version }).from(menus).orderBy(menus.id);
    await migrate();
    expect(await db.select({ name: menus.name, version: menus.version }).from(menus).orderBy(menus.id)).toEqual(menuVersions);
    expect(await db.select({ code: roles.code, permissions: roles.permissions, version: roles.version }).from(roles).orderBy(roles.code)).toEqual(upgraded);
  });

  it('leaves an admin’s own entry on the path alone', async () => {
    const { db } = t.handle;
    await db.delete(menus).where(inArray(menus.name, NAMES));
    await db.insert(menus).values({ parent_id: null, path: '/finance', name: 'MyMoney', component: 'Layout', sort: 99, meta: { title: 'finance' }, permission: '', status: 'enabled' });
    await migrate();
    expect((await entries()).map((e) => e.name)).toEqual([]);
    expect(await sortOf('MyMoney')).toBe(99);
  });
});
