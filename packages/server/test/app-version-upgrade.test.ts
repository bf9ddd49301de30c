import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { query } from '../src/db/client.ts';
import { menus } from '../src/db/schema/index.ts';
import { call, login, runMigration, startApp, type TestApp } from './helpers.ts';

/**
 * Migration app_version_menus on a database seeded before 版本管理: the 其他 group, seeded off, is
 * switched on with 版本管理 and its hidden detail after the workflow screens, as a fresh install seeds
 * them; once. The workflow entry is left as it is (workflow_menus, later, switches it on). A group
 * already switched on (by an administrator) is not touched.
 */
let t: TestApp;
const migrate = () => runMigration(t.handle.db, '_app_version_menus.sql');
const NAMES = ['appVersion', 'appVersionDetail'];
const entries = async () =>
  query<{ name: string; sort: number; status: string }>(
    t.handle.db,
    sql`select m.name, p.name as parent, m.path, m.component, m.redirect, m.sort, m.meta, m.permission, m.status
        from menus m left join menus p on p.id = m.parent_id where m.name in ('Other', 'workflow', 'appVersion', 'appVersionDetail') order by m.name collate "C"`,
  );
const oldState = async () => {
  const { db } = t.handle;
  await db.delete(menus).where(inArray(menus.name, NAMES));
  await db.update(menus).set({ status: 'disabled' }).where(eq(menus.name, 'Other'));
  await db.update(menus).set({ status: 'disabled' }).where(eq(menus.name, 'workflow'));
};

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
});
afterAll(async () => t.close());

describe('版本管理 for a database from before it', () => {
  it('switches 其他 on with 版本管理 and its detail, leaves the workflow entry to its own migration, once, as a fresh install has them', async () => {
    const { db } = t.handle;
    const fresh = await entries();
    expect(fresh.map((e) => [e.name, e.sort, e.status])).toEqual([
      ['Other', expect.any(Number), 'enabled'], // its place among the groups depends on the groups before it
      ['appVersion', 40, 'enabled'],
      ['appVersionDetail', 50, 'enabled'],
      ['workflow', 10, 'enabled'],
    ]);
    await oldState();
    const admin = await login(t.app);
    const before = JSON.stringify((await call(t.app, 'GET', '/api/system/menu/index', { token: admin })).data);
    expect(before).not.toContain('"name":"Other"');

    await migrate();
    const upgraded = await entries();
    expect(upgraded.filter((e) => e.name !== 'workflow')).toEqual(fresh.filter((e) => e.name !== 'workflow'));
    expect(upgraded.find((e) => e.name === 'workflow')).toMatchObject({ status: 'disabled' });
    const served = JSON.stringify((await call(t.app, 'GET', '/api/system/menu/index', { token: admin })).data);
    for (const name of ['Other', ...NAMES]) expect(served).toContain(`"name":"${name}"`);

    // twice: nothing more
    const versions = await db.select({ id: menus.id, version: menus.version }).from(menus).orderBy(menus.id);
    await migrate();
    expect(await db.select({ id: menus.id, version: menus.version }).from(menus).orderBy(menus.id)).toEqual(versions);
  });

  it('leaves a group already switched on, its workflow entry and an entry of the same name alone', async () => {
    const { db } = t.handle;
    await oldState();
    await db.update(menus).set({ status: 'enabled' }).where(eq(menus.name, 'Other'));
    const [other] = await db.select().from(menus).where(eq(menus.name, 'Other'));
    await db.insert(menus).values({ parent_id: other!.id, path: 'releases', name: 'appVersion', component: 'other/appVersion', sort: 5, meta: { title: 'appVersion' }, permission: 'app_version:index', status: 'enabled' });
    await migrate();
    const after = await entries();
    expect(after.map((e) => [e.name, e.sort, e.status])).toEqual([
      ['Other', expect.any(Number), 'enabled'], // its place among the groups depends on the groups before it
      ['appVersion', 5, 'enabled'],
      ['appVersionDetail', 50, 'enabled'],
      ['workflow', 10, 'disabled'],
    ]);
  });
});
