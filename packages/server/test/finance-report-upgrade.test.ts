import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { query } from '../src/db/client.ts';
import { menus } from '../src/db/schema/index.ts';
import { expectRerunChangesNothing, expectRolesAndMenuAsFresh, removeMenuScreens, startApp, type TestApp } from './helpers.ts';

/**
 * Migration finance_report_menus on a database from before the finance reports: 租金报表 joins the 财务
 * group after its other screens, as a fresh install seeds it, and the built-in roles get rent_bill:report
 * as a fresh install gives it — once; an administrator's own entry of that name is left alone.
 */
let t: TestApp;
const dir = join(import.meta.dirname, '..', 'drizzle');
const file = readdirSync(dir).find((f) => f.endsWith('_finance_report_menus.sql'))!;
const statements = readFileSync(join(dir, file), 'utf8').split('--> statement-breakpoint');
const migrate = async () => {
  for (const stmt of statements) await t.handle.db.execute(sql.raw(stmt));
};
const financeScreens = async () =>
  query<{ name: string; path: string; component: string; meta: unknown; permission: string; status: string; sort: number }>(
    t.handle.db,
    sql`select m.name, m.path, m.component, m.meta, m.permission, m.status, m.sort from menus m join menus p on p.id = m.parent_id where p.name = 'Finance' order by m.sort, m.id`,
  );
const CODE = 'rent_bill:report';
/** screens later migrations (0057 payment_menus, 0074 settlement_menus) add after this one: not there yet on a database this migration meets */
const LATER = ['paymentBatch', 'paymentBatchDetail', 'settlement', 'settlementDetail', 'settlementRule', 'invoice', 'invoiceDetail', 'statement', 'statementDetail'];

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
});
afterAll(async () => t.close());

describe('租金报表 for a database from before it', () => {
  it('adds the screen last in 财务 and the roles’ code once, as a fresh install has them', async () => {
    const fresh = (await financeScreens()).filter((e) => !LATER.includes(e.name));
    expect(fresh.at(-1)).toMatchObject({ name: 'rentReport', path: 'rentReport', component: 'finance/rentReport', permission: CODE, status: 'enabled' });
    // the old state: no entry, no code
    await removeMenuScreens(t.handle.db, ['rentReport', ...LATER], new RegExp(`^${CODE}$`));

    await migrate();
    const upgraded = await financeScreens();
    expect(upgraded.map(({ sort: _, ...e }) => e)).toEqual(fresh.map(({ sort: _, ...e }) => e));
    await expectRolesAndMenuAsFresh(t, ['rentReport'], new RegExp(`^${CODE}$`));

    // twice: nothing more
    await expectRerunChangesNothing(t.handle.db, migrate);
  });

  it('leaves an administrator’s own entry of that name alone', async () => {
    await t.handle.db.update(menus).set({ component: 'finance/myOwnReport', sort: 5 }).where(eq(menus.name, 'rentReport'));
    const before = await query(t.handle.db, sql`select id, parent_id, path, component, sort, version from menus order by id`);
    await migrate();
    expect(await query(t.handle.db, sql`select id, parent_id, path, component, sort, version from menus order by id`)).toEqual(before);
  });
});
