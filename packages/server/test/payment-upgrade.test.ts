import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { query } from '../src/db/client.ts';
import { menus, roles } from '../src/db/schema/index.ts';
import { BUILTIN_ROLES } from '../src/modules/auth/permissions.ts';
import { call, expectRerunChangesNothing, login, runMigration, startApp, type TestApp } from './helpers.ts';

/**
 * Migration payment_menus on a database from before payment batches: 付款批次 and its detail join the
 * 财务 group after its existing screens (sorts 80 and 90, after 租金报表) as a fresh install seeds them, and the
 * built-in roles get the payment_batch codes a fresh install gives them — once; an admin's own entry
 * of the same name is left alone.
 */
let t: TestApp;
const migrate = () => runMigration(t.handle.db, '_payment_menus.sql');
const NAMES = ['paymentBatch', 'paymentBatchDetail'];
const entries = async () =>
  query<{ name: string; sort: number }>(
    t.handle.db,
    sql`select m.name, p.name as parent, m.path, m.component, m.redirect, m.sort, m.meta, m.permission, m.status
        from menus m left join menus p on p.id = m.parent_id where m.name in ${NAMES} order by m.name`,
  );
const PAYMENT = /^payment_batch:/;

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
});
afterAll(async () => t.close());

describe('付款批次 for a database from before it', () => {
  it('adds its screens after the other 财务 screens and the roles’ codes, once, as a fresh install has them', async () => {
    const { db } = t.handle;
    const fresh = await entries();
    expect(fresh.map((e) => [e.name, e.sort])).toEqual([
      ['paymentBatch', 80],
      ['paymentBatchDetail', 90],
    ]);
    // after every screen of the group that came before it (结算单's, issue 15, come after)
    const siblings = await query<{ name: string; sort: number }>(db, sql`select m.name, m.sort from menus m join menus p on p.id = m.parent_id where p.name = 'Finance' and m.sort <= 90 order by m.sort`);
    expect(siblings.slice(-2).map((s) => s.name)).toEqual(NAMES);
    const freshRoles = await db.select({ code: roles.code, permissions: roles.permissions }).from(roles).orderBy(roles.code);
    expect(freshRoles.find((r) => r.code === 'operator')!.permissions.filter((c) => PAYMENT.test(c)).length).toBeGreaterThan(0);
    // the old state
    await db.delete(menus).where(inArray(menus.name, NAMES));
    for (const r of freshRoles) await db.update(roles).set({ permissions: r.permissions.filter((c) => !PAYMENT.test(c)) }).where(eq(roles.code, r.code));

    await migrate();
    expect(await entries()).toEqual(fresh);
    for (const r of await db.select({ code: roles.code, permissions: roles.permissions }).from(roles)) {
      const builtin = BUILTIN_ROLES.find((b) => b.code === r.code)!;
      expect(r.permissions.filter((c) => PAYMENT.test(c)).sort(), r.code).toEqual([...builtin.permissions].filter((c) => PAYMENT.test(c)).sort());
    }
    const admin = await login(t.app);
    const served = JSON.stringify((await call(t.app, 'GET', '/api/system/menu/index', { token: admin })).data);
    for (const name of NAMES) expect(served).toContain(`"name":"${name}"`);

    // twice: nothing more
    await expectRerunChangesNothing(db, migrate);
  });

  it('leaves an entry of the same name alone', async () => {
    const { db } = t.handle;
    await db.delete(menus).where(inArray(menus.name, NAMES));
    const [finance] = await db.select().from(menus).where(eq(menus.name, 'Finance'));
    await db.insert(menus).values({ parent_id: finance!.id, path: 'myBatches', name: 'paymentBatch', component: 'finance/paymentBatch', sort: 5, meta: { title: 'paymentBatch' }, permission: 'payment_batch:index', status: 'enabled' });
    await migrate();
    expect((await entries()).map((e) => [e.name, e.sort])).toEqual([
      ['paymentBatch', 5],
      ['paymentBatchDetail', 90],
    ]);
  });
});
