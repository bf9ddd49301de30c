import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { expectRerunChangesNothing, expectRolesAndMenuAsFresh, menuEntries, removeMenuScreens, startApp, type TestApp } from './helpers.ts';

/**
 * Migrations 0030 and 0032 on a database seeded before 运维 existed: the menu group and its screens
 * are added as a fresh install seeds them (in its order, with other sort numbers), and the built-in
 * roles get the stock, plan and inspection codes a fresh install gives them — once.
 */
let t: TestApp;
const dir = join(import.meta.dirname, '..', 'drizzle');
// the 运维 migrations' data statements, in order (their triggers exist already on this database)
const files = readdirSync(dir).filter((f) => f.endsWith('_stock_ledger_menus.sql') || f.endsWith('_inspection_counts_menus.sql')).sort();
const migrate = async () => {
  for (const file of files) {
    for (const stmt of readFileSync(join(dir, file), 'utf8').split('--> statement-breakpoint')) {
      if (/INSERT INTO menus|UPDATE roles/.test(stmt)) await t.handle.db.execute(sql.raw(stmt));
    }
  }
};
const NAMES = ['Operation', 'operationPlan', 'inspectionList', 'inspectionDetail', 'materialList', 'warehouseList', 'stockLedger'];
const entries = () => menuEntries(t.handle.db, NAMES);
const STOCK = /^(material|warehouse|stock|operation_plan|inspection):/;

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
});
afterAll(async () => t.close());

describe('运维 entries and their permissions for a database seeded before them', () => {
  it('adds the group, its screens and the built-in roles’ codes once', async () => {
    const fresh = await entries();
    expect(fresh.map((e) => e.name)).toEqual(['Operation', 'inspectionDetail', 'inspectionList', 'materialList', 'operationPlan', 'stockLedger', 'warehouseList']);
    // the old state: no 运维 group, built-in roles without the stock codes
    await removeMenuScreens(t.handle.db, NAMES, STOCK);

    await migrate();
    // as a fresh install has them, except for the sort numbers: the group sorts between 电站管理 (30)
    // and 其他 (40), and its screens keep a fresh install's order with the numbers each migration gave
    const bySort = (rows: { name: string; sort: number }[]) => [...rows].sort((a, b) => a.sort - b.sort).map((e) => e.name);
    const upgradedEntries = await entries();
    expect(upgradedEntries.map(({ sort: _, ...e }) => e)).toEqual(fresh.map(({ sort: _, ...e }) => e));
    expect(upgradedEntries.find((e) => e.name === 'Operation')!.sort).toBe(35);
    expect(bySort(upgradedEntries.filter((e) => e.name !== 'Operation'))).toEqual(bySort(fresh.filter((e) => e.name !== 'Operation')));
    await expectRolesAndMenuAsFresh(t, NAMES, STOCK);

    // twice: nothing more
    await expectRerunChangesNothing(t.handle.db, migrate);
  });
});
