import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { menus, roles } from '../src/db/schema/index.ts';
import { expectRerunChangesNothing, expectRolesAndMenuAsFresh, menuEntries, removeMenuScreens, runMigration, startApp, type TestApp } from './helpers.ts';

/**
 * Migration partner_menus on a database seeded before 合作伙伴: the group and its two screens are added
 * as a fresh install seeds them (after 财务 and before 其他, whatever numbers they have there), and the
 * built-in roles get the partner codes a fresh install gives them — once; an admin's own entry on the
 * path is left alone.
 */
let t: TestApp;
const migrate = () => runMigration(t.handle.db, '_partner_menus.sql');
const NAMES = ['Partner', 'partnerList', 'partnerDetail'];
const entries = () => menuEntries(t.handle.db, NAMES);
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
    await removeMenuScreens(db, NAMES, PARTNER);
    await db.update(menus).set({ sort: (await sortOf('Finance')) + 10 }).where(eq(menus.name, 'Other'));

    await migrate();
    const upgraded = await entries();
    expect(upgraded.map(({ sort: _, ...e }) => e)).toEqual(fresh.map(({ sort: _, ...e }) => e));
    const partner = await sortOf('Partner');
    expect(partner).toBeGreaterThan(await sortOf('Finance'));
    expect(partner).toBeLessThan(await sortOf('Other'));
    await expectRolesAndMenuAsFresh(t, NAMES, PARTNER);

    // twice: nothing more
    await expectRerunChangesNothing(db, migrate);
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
