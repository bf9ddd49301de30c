import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { query } from '../src/db/client.ts';
import { menus } from '../src/db/schema/index.ts';
import { call, login, runMigration, startApp, type TestApp } from './helpers.ts';

/**
 * The data migration that brings a menus table seeded by an older MENU_TREE up to date (看板, 工作台,
 * 大屏令牌): run on a database where those entries are missing or left disabled by the old seed.
 */
let t: TestApp;
const migrate = () => runMigration(t.handle.db, '_menu_statistics_entries.sql');
const ENTRIES = ['dashboard', 'workbench', 'displayToken'];
/** the entries as a fresh install seeds them (parent by name; no ids, no timestamps) */
const entries = async () =>
  query<{ name: string }>(
    t.handle.db,
    sql`select m.name, p.name as parent, m.path, m.component, m.redirect, m.sort, m.meta, m.permission, m.status
        from menus m left join menus p on p.id = m.parent_id where m.name in ${ENTRIES} order by m.name`,
  );
const total = async () => (await t.handle.db.select({ id: menus.id }).from(menus)).length;

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
});
afterAll(async () => t.close());

describe('menu entries for a database seeded before the statistics screens', () => {
  it('inserts the missing entries once, as a fresh install has them, and enables the ones the old seed left disabled', async () => {
    const fresh = await entries();
    expect(fresh.map((e) => e.name)).toEqual(['dashboard', 'displayToken', 'workbench']);
    const n = await total();
    // the old state: 大屏令牌 and 工作台 missing, 看板 seeded disabled (never edited: version 1)
    await t.handle.db.delete(menus).where(inArray(menus.name, ['displayToken', 'workbench']));
    await t.handle.db.update(menus).set({ status: 'disabled' }).where(eq(menus.name, 'dashboard'));
    expect(await total()).toBe(n - 2);

    await migrate();
    expect(await entries()).toEqual(fresh);
    expect(await total()).toBe(n);
    const admin = await login(t.app);
    const served = JSON.stringify((await call(t.app, 'GET', '/api/system/menu/index', { token: admin })).data);
    for (const name of ENTRIES) expect(served).toContain(`"name":"${name}"`);

    // twice: nothing more
    const versions = await t.handle.db.select({ name: menus.name, version: menus.version }).from(menus).orderBy(menus.id);
    await migrate();
    expect(await total()).toBe(n);
    expect(await t.handle.db.select({ name: menus.name, version: menus.version }).from(menus).orderBy(menus.id)).toEqual(versions);
  });

  it("leaves an admin's choice alone: an entry disabled by an edit, one renamed on the same path, a deleted parent", async () => {
    const db = t.handle.db;
    // disabled through an edit (version bumped)
    await db.update(menus).set({ status: 'disabled', version: sql`${menus.version} + 1` }).where(eq(menus.name, 'workbench'));
    // 看板 renamed by the admin, same path under 首页
    await db.update(menus).set({ name: 'myDashboard' }).where(eq(menus.name, 'dashboard'));
    // 系统设置 group deleted with its entries (cascade)
    await db.delete(menus).where(eq(menus.name, 'Setting'));
    const n = await total();
    await migrate();
    expect(await total()).toBe(n);
    const byName = async (name: string) => (await db.select().from(menus).where(eq(menus.name, name)))[0];
    expect((await byName('workbench'))!.status).toBe('disabled');
    expect(await byName('dashboard')).toBeUndefined();
    expect(await byName('displayToken')).toBeUndefined();
  });
});
