import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { selfAudits, stations, workOrders } from '../src/db/schema/index.ts';
import { expectRerunChangesNothing, expectRolesAndMenuAsFresh, menuEntries, removeMenuScreens, startApp, type TestApp } from './helpers.ts';

/**
 * Migration revenue_rules on a database from before tariffs and revenue: the revenue screens join the
 * 财务 group (made by lease_menus) as a fresh install seeds them, after the lease screens; the built-in roles get the
 * revenue and tariff codes a fresh install gives them, and stations get the meter number of their
 * latest approved grid audit (a number two stations claim stays empty) — each once.
 */
let t: TestApp;
const dir = join(import.meta.dirname, '..', 'drizzle');
const file = readdirSync(dir).find((f) => f.endsWith('_revenue_rules.sql'))!;
const statements = readFileSync(join(dir, file), 'utf8').split('--> statement-breakpoint');
// the data statements (the constraint and the seed exist already on this database)
const migrate = async () => {
  for (const stmt of statements) if (/INSERT INTO menus|UPDATE roles|UPDATE stations/.test(stmt)) await t.handle.db.execute(sql.raw(stmt));
};
const NAMES = ['Finance', 'revenueList', 'revenueReport', 'tariffList'];
const entries = () => menuEntries(t.handle.db, NAMES);
const FINANCE = /^(revenue|tariff):/;

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
});
afterAll(async () => t.close());

describe('财务 for a database from before it', () => {
  it('adds the group, its screens and the roles’ codes once, as a fresh install has them', async () => {
    const fresh = await entries();
    expect(fresh.map((e) => e.name)).toEqual(['Finance', 'revenueList', 'revenueReport', 'tariffList']);
    // the old state: the 财务 group (0048 made it, with the lease screens) without the revenue screens
    const screens = NAMES.filter((n) => n !== 'Finance');
    await removeMenuScreens(t.handle.db, screens, FINANCE);

    await migrate();
    const upgraded = await entries();
    expect(upgraded.map(({ sort: _, ...e }) => e)).toEqual(fresh.map(({ sort: _, ...e }) => e));
    const bySort = (rows: { name: string; sort: number }[]) => rows.filter((e) => e.name !== 'Finance').sort((a, b) => a.sort - b.sort).map((e) => e.name);
    expect(bySort(upgraded)).toEqual(bySort(fresh));
    await expectRolesAndMenuAsFresh(t, screens, FINANCE);

    // twice: nothing more
    await expectRerunChangesNothing(t.handle.db, migrate);
  });

  it('backfills meter numbers from the latest approved grid audit; a number two stations claim stays empty', async () => {
    const db = t.handle.db;
    const mk = async (code: string) => (await db.insert(stations).values({ code, name: code, province_code: '370000', capacity_kwp: 10, status: 'operating' } as never).returning())[0]!;
    const audit = async (stationId: number, meter: string, result: string, reviewedAt: string) => {
      const [wo] = await db.insert(workOrders).values({ order_no: `BF-${stationId}-${meter}-${result}`, kind: 'grid', station_id: stationId, province_code: '370000', status: 'completed' } as never).returning();
      await db.insert(selfAudits).values({ work_order_id: wo!.id, kind: 'grid', station_id: stationId, province_code: '370000', result, reviewed_at: new Date(reviewedAt), items: [{ key: 'meter_number', value: ` ${meter} `, file_ids: [] }] } as never);
    };
    const a = await mk('BF-A');
    const b = await mk('BF-B');
    const c = await mk('BF-C');
    const d = await mk('BF-D');
    await audit(a.id, 'OLD-A', 'approved', '2025-01-01T00:00:00Z');
    await audit(a.id, 'NEW-A', 'approved', '2025-03-01T00:00:00Z');
    await audit(a.id, 'REJ-A', 'rejected', '2025-04-01T00:00:00Z');
    await audit(b.id, 'SAME', 'approved', '2025-01-01T00:00:00Z');
    await audit(c.id, 'SAME', 'approved', '2025-01-01T00:00:00Z');
    await db.update(stations).set({ meter_no: 'KEEP-D' } as never).where(eq(stations.id, d.id));
    await audit(d.id, 'OTHER-D', 'approved', '2025-01-01T00:00:00Z');
    await migrate();
    const meter = async (id: number) => (await db.select({ m: stations.meter_no }).from(stations).where(eq(stations.id, id)))[0]!.m;
    expect([await meter(a.id), await meter(b.id), await meter(c.id), await meter(d.id)]).toEqual(['NEW-A', null, null, 'KEEP-D']);
  });
});
