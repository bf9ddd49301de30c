import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { query } from '../src/db/client.ts';
import { menus, roles } from '../src/db/schema/index.ts';
import { expectMenuUpgrade, menuEntries, runMigration, startApp, type TestApp } from './helpers.ts';

/**
 * Migration statement_menus on a database from before statements: 对账单 and its hidden detail join the
 * 财务 group after its existing screens (sorts 150–160, after 结算规则 and 发票) as a fresh install seeds them, and
 * the built-in operator gets the statement codes a fresh install gives it (all but confirm; no other
 * built-in role has any) — once; an admin's own entry of the same name is left alone.
 */
let t: TestApp;
const migrate = () => runMigration(t.handle.db, '_statement_menus.sql');
const NAMES = ['statement', 'statementDetail'];
const entries = () => menuEntries(t.handle.db, NAMES);
const CODES = /^statement:/;

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
});
afterAll(async () => t.close());

describe('对账单 for a database from before it', () => {
  it('adds its screens after the other 财务 screens and the roles’ codes, once, as a fresh install has them', async () => {
    const { db } = t.handle;
    const fresh = await entries();
    expect(fresh.map((e) => [e.name, e.sort])).toEqual([
      ['statement', 150],
      ['statementDetail', 160],
    ]);
    // after every other screen of the group
    const siblings = await query<{ name: string; sort: number }>(db, sql`select m.name, m.sort from menus m join menus p on p.id = m.parent_id where p.name = 'Finance' order by m.sort`);
    expect(siblings.slice(-2).map((s) => s.name)).toEqual(NAMES);
    const freshRoles = await db.select({ code: roles.code, permissions: roles.permissions }).from(roles).orderBy(roles.code);
    expect(freshRoles.find((r) => r.code === 'operator')!.permissions.filter((c) => CODES.test(c)).length).toBeGreaterThan(0);
    expect(freshRoles.find((r) => r.code === 'operator')!.permissions).not.toContain('statement:confirm');
    expect(freshRoles.find((r) => r.code === 'agent')!.permissions.filter((c) => CODES.test(c))).toEqual([]);
    await expectMenuUpgrade(t, NAMES, CODES, migrate);
  });

  it('leaves an entry of the same name alone', async () => {
    const { db } = t.handle;
    await db.delete(menus).where(inArray(menus.name, NAMES));
    const [finance] = await db.select().from(menus).where(eq(menus.name, 'Finance'));
    await db.insert(menus).values({ parent_id: finance!.id, path: 'myStatements', name: 'statement', component: 'finance/statement', sort: 5, meta: { title: 'statement' }, permission: 'statement:index', status: 'enabled' });
    await migrate();
    expect((await entries()).map((e) => [e.name, e.sort])).toEqual([
      ['statement', 5],
      ['statementDetail', 160],
    ]);
  });
});
