import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { query } from '../src/db/client.ts';
import { menus, roles } from '../src/db/schema/index.ts';
import { call, expectRerunChangesNothing, expectRolesAndMenuAsFresh, login, removeMenuScreens, runMigration, startApp, type TestApp } from './helpers.ts';

/**
 * Migration workflow_menus on a database seeded before the workflow screens: 其他 and 工作流 were
 * seeded disabled; they are enabled (unless an admin edited them) and 流程设计 joins the group — as
 * a fresh install has them, once; the built-in roles get the workflow codes a fresh install gives them.
 */
let t: TestApp;
const migrate = () => runMigration(t.handle.db, '_workflow_menus.sql');
const NAMES = ['Other', 'workflow', 'workflowDesigner', 'workflowInstance'];
const WORKFLOW = /^workflow/;
const entries = async () =>
  query<{ name: string; status: string }>(
    t.handle.db,
    sql`select m.name, p.name as parent, m.path, m.component, m.redirect, m.sort, m.meta, m.permission, m.status
        from menus m left join menus p on p.id = m.parent_id where m.name in ${NAMES} order by m.name`,
  );

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
});
afterAll(async () => t.close());

describe('工作流 menus for a database from before them', () => {
  it('enables 其他 and 工作流 and adds 流程设计, once, as a fresh install has them', async () => {
    const { db } = t.handle;
    const fresh = await entries();
    expect(fresh.map((e) => [e.name, e.status])).toEqual([
      ['Other', 'enabled'],
      ['workflow', 'enabled'],
      ['workflowDesigner', 'enabled'],
      ['workflowInstance', 'enabled'],
    ]);
    const freshRoles = await db.select({ code: roles.code, permissions: roles.permissions }).from(roles).orderBy(roles.code);
    expect(freshRoles.find((r) => r.code === 'operator')!.permissions.filter((c) => WORKFLOW.test(c)).length).toBeGreaterThan(0);
    // the old state: the group and its entry seeded disabled (version 1), no designer, no workflow codes
    await removeMenuScreens(db, ['workflowDesigner', 'workflowInstance'], WORKFLOW);
    await db.update(menus).set({ status: 'disabled', version: 1 }).where(inArray(menus.name, ['Other', 'workflow']));
    const admin = await login(t.app);
    expect(JSON.stringify((await call(t.app, 'GET', '/api/system/menu/index', { token: admin })).data)).not.toContain('"name":"workflow"');

    await migrate();
    expect(await entries()).toEqual(fresh);
    await expectRolesAndMenuAsFresh(t, NAMES, WORKFLOW);

    // twice: nothing more
    await expectRerunChangesNothing(db, migrate);
  });

  it('leaves an entry an admin disabled on purpose (edited since the seed) alone', async () => {
    const { db } = t.handle;
    await db.update(menus).set({ status: 'disabled', version: 3 }).where(eq(menus.name, 'workflow'));
    await migrate();
    expect((await entries()).find((e) => e.name === 'workflow')!.status).toBe('disabled');
  });
});
