import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { query } from '../src/db/client.ts';
import { menus, roles } from '../src/db/schema/index.ts';
import { expectMenuUpgrade, menuEntries, runMigration, startApp, type TestApp } from './helpers.ts';

/**
 * Migration settlement_menus on a database from before settlements: 结算单, its hidden detail and 结算规则
 * join the 财务 group after its existing screens (sorts 100–120, after 付款批次) as a fresh install seeds
 * them, and the built-in roles get the settlement codes a fresh install gives them (operator: all but
 * dispute; agent: index, get_info, confirm, dispute) — once; an admin's own entry of the same name is left alone.
 */
let t: TestApp;
const migrate = () => runMigration(t.handle.db, '_settlement_menus.sql');
const NAMES = ['settlement', 'settlementDetail', 'settlementRule'];
const entries = () => menuEntries(t.handle.db, NAMES);
const PAYMENT = /^settlement(_rule)?:/;

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
});
afterAll(async () => t.close());

describe('结算单 for a database from before it', () => {
  it('adds its screens after the other 财务 screens and the roles’ codes, once, as a fresh install has them', async () => {
    const { db } = t.handle;
    const fresh = await entries();
    expect(fresh.map((e) => [e.name, e.sort])).toEqual([
      ['settlement', 100],
      ['settlementDetail', 110],
      ['settlementRule', 120],
    ]);
    // after every screen of the group that came before it (发票's and 对账单's, issue 15, come after)
    const siblings = await query<{ name: string; sort: number }>(db, sql`select m.name, m.sort from menus m join menus p on p.id = m.parent_id where p.name = 'Finance' and m.sort <= 120 order by m.sort`);
    expect(siblings.slice(-3).map((s) => s.name)).toEqual(NAMES);
    const freshRoles = await db.select({ code: roles.code, permissions: roles.permissions }).from(roles).orderBy(roles.code);
    expect(freshRoles.find((r) => r.code === 'operator')!.permissions.filter((c) => PAYMENT.test(c)).length).toBeGreaterThan(0);
    expect(freshRoles.find((r) => r.code === 'agent')!.permissions.filter((c) => PAYMENT.test(c)).sort()).toEqual(['settlement:confirm', 'settlement:dispute', 'settlement:get_info', 'settlement:index']);
    await expectMenuUpgrade(t, NAMES, PAYMENT, migrate);
  });

  it('leaves an entry of the same name alone', async () => {
    const { db } = t.handle;
    await db.delete(menus).where(inArray(menus.name, NAMES));
    const [finance] = await db.select().from(menus).where(eq(menus.name, 'Finance'));
    await db.insert(menus).values({ parent_id: finance!.id, path: 'mySettlements', name: 'settlement', component: 'finance/settlement', sort: 5, meta: { title: 'settlement' }, permission: 'settlement:index', status: 'enabled' });
    await migrate();
    expect((await entries()).map((e) => [e.name, e.sort])).toEqual([
      ['settlement', 5],
      ['settlementDetail', 110],
      ['settlementRule', 120],
    ]);
  });
});
