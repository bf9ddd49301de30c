import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { query } from '../src/db/client.ts';
import { menus, roles } from '../src/db/schema/index.ts';
import { BUILTIN_ROLES } from '../src/modules/auth/permissions.ts';
import { call, login, runMigration, startApp, type TestApp } from './helpers.ts';

/**
 * Migration partner_menus on a database seeded before 合作伙伴: the group and its two screens are added
 * as a fresh install seeds them (after 财务 and before 其他, whatever numbers they have there), and the
 * built-in roles get the partner codes a fresh install gives them — once; an admin's own entry on the
 * path is left alone.
 */
let t: TestApp;
const migrate = () => runMigration(t.handle.db, '_partner_menus.sql');
const NAMES = ['Partner', 'partnerList', 'partnerDetail'];
const entries = async () =>
  query<{ name: string; sort: number }>(
    t.handle.db,
    sql`select m.name, p.name as parent, m.path, m.component, m.redirect, m.sort, m.meta, m.permission, m.status
        from menus m left join menus p on p.id = m.parent_id where m.name in ${NAMES} order by m.name`,
  );
const PARTNER = /^partner:/;
const sortOf = async (name: string) => (await t.handle.db.select({ sort: menus.sort }).from(menus).where(eq(menus.name, name)))[0]!.sort;

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
});
afterAll(async () => t.close());

describe('合作伙伴 entries and their permissions for a database seeded before them', () => {
  it('adds the group after 财务 and before 其他, its screens and the built-in roles’ codes, once', async () => {
    const { db } = t.handle;
    const fresh = await entries();
    expect(fresh.map((e) => e.name)).toEqual(['Partner', 'partnerDetail', 'partnerList']);
    expect(await sortOf('Partner')).toBeGreaterThan(await sortOf('Finance'));
    expect(await sortOf('Partner')).toBeLessThan(await sortOf('Other'));
    const freshRoles = await db.select({ code: roles.code, permissions: roles.permissions }).from(roles).orderBy(roles.code);
    expect(freshRoles.find((r) => r.code === 'operator')!.permissions.filter((c) => PARTNER.test(c)).length).toBeGreaterThan(0);
    // the old state: no 合作伙伴 group, built-in roles without the partner codes, 其他 right after 财务 as 0048 left it
    await db.delete(menus).where(inArray(menus.name, NAMES));
    await db.update(menus).set({ sort: (await sortOf('Finance')) + 10 }).where(eq(menus.name, 'Other'));
    for (const r of freshRoles) await db.update(roles).set({ permissions: r.permissions.filter((c) => !PARTNER.test(c)) }).where(eq(roles.code, r.code));

    await migrate();
    const upgraded = await entries();
    expect(upgraded.map(({ sort: _, ...e }) => e)).toEqual(fresh.map(({ sort: _, ...e }) => e));
    const partner = await sortOf('Partner');
    expect(partner).toBeGreaterThan(await sortOf('Finance'));
    expect(partner).toBeLessThan(await sortOf('Other'));
    const upgradedRoles = await db.select({ code: roles.code, permissions: roles.permissions, version: roles.version }).from(roles).orderBy(roles.code);
    for (const r of upgradedRoles) {
      const builtin = BUILTIN_ROLES.find((b) => b.code === r.code)!;
      expect(r.permissions.filter((c) => PARTNER.test(c)).sort(), r.code).toEqual([...builtin.permissions].filter((c) => PARTNER.test(c)).sort());
    }
    const admin = await login(t.app);
    const served = JSON.stringify((await call(t.app, 'GET', '/api/system/menu/index', { token: admin })).data);
    for (const name of NAMES) expect(served).toContain(`"name":"${name}"`);

    // twice: nothing more
    const menuVersions = await db.select({ name: menus.name, version: menus.version }).from(menus).orderBy(menus.id);
    await migrate();
    expect(await db.select({ name: menus.name, version: menus.version }).from(menus).orderBy(menus.id)).toEqual(menuVersions);
    expect(await db.select({ code: roles.code, permissions: roles.permissions, version: roles.version }).from(roles).orderBy(roles.code)).toEqual(upgradedRoles);
  });

  it('leaves an admin’s own entry on the path alone', async () => {
    const { db } = t.handle;
    await db.delete(menus).where(inArray(menus.name, NAMES));
    await db.insert(menus).values({ parent_id: null, path: '/partner', name: 'MyPartners', component: 'Layout', sort: 99, meta: { title: 'partner' }, permission: '', status: 'enabled' });
    await migrate();
    expect((await entries()).map((e) => e.name)).toEqual([]);
    expect(await sortOf('MyPartners')).toBe(99);
  });
});
