import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { query } from '../src/db/client.ts';
import { menus, roles } from '../src/db/schema/index.ts';
import { expectMenuUpgrade, menuEntries, runMigration, startApp, type TestApp } from './helpers.ts';

/**
 * Migration insurance_menus on a database from before insurance: 保单 and 理赔 with their hidden detail
 * pages join the 合作伙伴 group after its existing screens (sorts 30–60) as a fresh install seeds them,
 * and the built-in roles get the insurance codes a fresh install gives them (operator: all; dispatcher:
 * reads, files and submits claims) — once; an admin's own entry of the same name is left alone.
 */
let t: TestApp;
const migrate = () => runMigration(t.handle.db, '_insurance_menus.sql');
const NAMES = ['insuranceClaim', 'insuranceClaimDetail', 'insurancePolicy', 'insurancePolicyDetail'];
const entries = () => menuEntries(t.handle.db, NAMES);
const CODES = /^insurance_(policy|claim):/;

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
});
afterAll(async () => t.close());

describe('保单 and 理赔 for a database from before them', () => {
  it('adds its screens after the other 合作伙伴 screens and the roles’ codes, once, as a fresh install has them', async () => {
    const { db } = t.handle;
    const fresh = await entries();
    expect(fresh.map((e) => [e.name, e.sort])).toEqual([
      ['insuranceClaim', 50],
      ['insuranceClaimDetail', 60],
      ['insurancePolicy', 30],
      ['insurancePolicyDetail', 40],
    ]);
    // after every other screen of the group
    const siblings = await query<{ name: string; sort: number }>(db, sql`select m.name, m.sort from menus m join menus p on p.id = m.parent_id where p.name = 'Partner' order by m.sort`);
    expect(siblings.map((s) => s.name)).toEqual(['partnerList', 'partnerDetail', 'insurancePolicy', 'insurancePolicyDetail', 'insuranceClaim', 'insuranceClaimDetail']);
    const freshRoles = await db.select({ code: roles.code, permissions: roles.permissions }).from(roles).orderBy(roles.code);
    expect(freshRoles.find((r) => r.code === 'operator')!.permissions.filter((c) => CODES.test(c)).length).toBeGreaterThan(0);
    expect(freshRoles.find((r) => r.code === 'dispatcher')!.permissions.filter((c) => CODES.test(c)).sort()).toEqual(['insurance_claim:add', 'insurance_claim:get_info', 'insurance_claim:index', 'insurance_claim:submit', 'insurance_policy:get_info', 'insurance_policy:index']);
    expect(freshRoles.find((r) => r.code === 'agent')!.permissions.filter((c) => CODES.test(c))).toEqual([]);
    await expectMenuUpgrade(t, NAMES, CODES, migrate);
  });

  it('leaves an entry of the same name alone', async () => {
    const { db } = t.handle;
    await db.delete(menus).where(inArray(menus.name, NAMES));
    const [partner] = await db.select().from(menus).where(eq(menus.name, 'Partner'));
    await db.insert(menus).values({ parent_id: partner!.id, path: 'myPolicies', name: 'insurancePolicy', component: 'partner/insurancePolicy', sort: 5, meta: { title: 'insurancePolicy' }, permission: 'insurance_policy:index', status: 'enabled' });
    await migrate();
    expect((await entries()).map((e) => [e.name, e.sort])).toEqual([
      ['insuranceClaim', 50],
      ['insuranceClaimDetail', 60],
      ['insurancePolicy', 5],
      ['insurancePolicyDetail', 40],
    ]);
  });
});
