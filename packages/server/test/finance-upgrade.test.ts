import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { menus } from '../src/db/schema/index.ts';
import { expectRerunChangesNothing, expectRolesAndMenuAsFresh, menuEntries, removeMenuScreens, runMigration, startApp, type TestApp } from './helpers.ts';

/**
 * Migration 0048 on a database seeded before 财务 existed: the group and its screens are added as a
 * fresh install seeds them (right after 运维, whatever number it has there), and the built-in roles
 * get the lease and bill codes a fresh install gives them — once; an admin's own entry is left alone.
 */
let t: TestApp;
const migrate = () => runMigration(t.handle.db, '_lease_menus.sql');
const NAMES = ['Finance', 'leaseContract', 'leaseContractDetail', 'rentBill'];
const entries = () => menuEntries(t.handle.db, NAMES);
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
    // the old state: no 财务 group, built-in roles without the finance codes
    await removeMenuScreens(db, NAMES, FINANCE);

    await migrate();
    const upgradedEntries = await entries();
    expect(upgradedEntries.map(({ sort: _, ...e }) => e)).toEqual(fresh.map(({ sort: _, ...e }) => e));
    const finance = await sortOf('Finance');
    expect(finance).toBeGreaterThan(await sortOf('Operation'));
    expect(finance).toBeLessThan(await sortOf('Other'));
    await expectRolesAndMenuAsFresh(t, NAMES, FINANCE);

    // twice: nothing more
    await expectRerunChangesNothing(db, migrate);
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
