import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { PartnerKind, isBankCard, isChineseName, isCreditCode, isIdCard, isPhone, sumMoney } from '@pv/contract';
import { agents, customerFollowUps, customers, leaseContracts, messages, partnerCertificates, partners, paymentBatches, paymentLines, rentBills, stations, users } from '../src/db/schema/index.ts';
import { JOBS } from '../src/modules/task/jobs.ts';
import { query, runScript } from '../src/db/client.ts';
import { agentsSql, bulkCustomersSql, bulkPoolsSql, followUpsSql, stationsSql } from '../src/seed/generate.ts';
import { ADMIN_PASSWORD, call, login, startApp, type TestApp } from './helpers.ts';

/** First-start demo data and the set-based generators behind `pnpm seed`. */
let t: TestApp;
beforeAll(async () => {
  t = await startApp({ demoData: true });
});
afterAll(async () => t.close());

const n = async (table: typeof customers | typeof stations | typeof agents | typeof customerFollowUps) =>
  (await t.handle.db.select({ n: count() }).from(table))[0]!.n;

describe('demo data on first start', () => {
  it('has agents on two levels, ~600 customers in every stage and status, ~300 stations of 10–60 kWp', async () => {
    expect(await n(agents)).toBe(13);
    expect((await t.handle.db.select().from(agents).where(sql`${agents.parent_id} is not null`)).length).toBeGreaterThan(3);
    expect(await n(customers)).toBe(600);
    const statuses = await t.handle.db.select({ stage: customers.stage, status: customers.status, n: count() }).from(customers).groupBy(customers.stage, customers.status);
    expect(statuses.map((s) => `${s.stage}/${s.status}`).sort()).toEqual(
      ['formal/signed', 'intentional/following', 'intentional/lost', 'intentional/new', 'intentional/surveyed'].sort(),
    );
    const st = await n(stations);
    expect(st).toBeGreaterThan(250);
    expect(st).toBeLessThanOrEqual(300);
    const [range] = await t.handle.db.select({ min: sql<number>`min(capacity_kwp)::float8`, max: sql<number>`max(capacity_kwp)::float8` }).from(stations);
    expect(Number(range!.min)).toBeGreaterThanOrEqual(10);
    expect(Number(range!.max)).toBeLessThanOrEqual(60);
    expect(await n(customerFollowUps)).toBeGreaterThan(100);
  });

  it('has roof leases in every state, with bills paid, to pay, failed, paused and void whose list sums reconcile', async () => {
    const { db } = t.handle;
    const contracts = await db.select().from(leaseContracts);
    expect([...new Set(contracts.map((c) => c.status))].sort()).toEqual(['active', 'draft', 'signed', 'terminated']);
    for (const c of contracts) expect(isBankCard(c.bank_card!), c.bank_card!).toBe(true);
    const bills = await db.select().from(rentBills);
    expect([...new Set(bills.map((b) => b.status))].sort()).toEqual(expect.arrayContaining(['failed', 'paid', 'paused', 'pending']));
    expect(bills.some((b) => b.deduction !== '0.00')).toBe(true);
    const admin = await login(t.app);
    const summary = (await call(t.app, 'GET', '/api/system/rent_bill/summary', { token: admin })).data;
    expect(summary).toEqual({ total: bills.length, amount_due: sumMoney(bills.map((b) => b.amount_due)), deduction: sumMoney(bills.map((b) => b.deduction)), amount_payable: sumMoney(bills.map((b) => b.amount_payable)) });
  });

  it('has payment batches: one completed with a failed line, that bill paid by a later batch, one awaiting approval; each reconciles', async () => {
    const { db } = t.handle;
    const batches = await db.select().from(paymentBatches).orderBy(paymentBatches.id);
    expect(batches.map((b) => [b.status, b.line_count, b.paid_count, b.failed_count, b.pending_count])).toEqual([
      ['completed', 2, 1, 1, 0],
      ['completed', 1, 1, 0, 0],
      ['pending_approval', batches[2]!.line_count, 0, 0, batches[2]!.line_count],
    ]);
    const [failed] = await db.select().from(paymentLines).where(and(eq(paymentLines.batch_id, batches[0]!.id), eq(paymentLines.status, 'failed')));
    const [retried] = await db.select().from(paymentLines).where(eq(paymentLines.batch_id, batches[1]!.id));
    expect(retried!.bill_id).toBe(failed!.bill_id);
    expect((await db.select().from(rentBills).where(eq(rentBills.id, failed!.bill_id!)))[0]).toMatchObject({ status: 'paid', batch_id: batches[1]!.id });
    // four eyes: made and sent to the bank by 财务制单 caiwu, approved by 财务审批 caiwu_sp
    const [caiwu] = await db.select().from(users).where(eq(users.username, 'caiwu'));
    const [checker] = await db.select().from(users).where(eq(users.username, 'caiwu_sp'));
    for (const b of batches) expect([b.created_by, b.submitted_by]).toEqual([caiwu!.id, caiwu!.id]);
    expect(batches[0]!.approved_by).toBe(checker!.id);
    const admin = await login(t.app);
    for (const b of batches) {
      const rec = (await call(t.app, 'GET', '/api/system/payment_batch/reconcile', { token: admin, query: { id: b.id } })).data;
      expect(rec.balanced, b.batch_no).toBe(true);
      expect(rec.total.amount).toBe(b.total);
    }
    // unpaid bills are left for a new batch
    expect((await call(t.app, 'POST', '/api/system/payment_batch/preview', { token: admin, body: { selection: { filter: { status: 'pending' } } } })).data.count).toBeGreaterThan(0);
  });

  it('looks real: Chinese names, valid phones and ID cards, addresses in the province of the customer', async () => {
    const rows = await t.handle.db.select().from(customers).limit(200);
    for (const c of rows) {
      expect(isChineseName(c.name), c.name).toBe(true);
      expect(isPhone(c.phone), c.phone).toBe(true);
      if (c.id_card) expect(isIdCard(c.id_card), c.id_card).toBe(true);
      expect(c.city_code!.slice(0, 2)).toBe(c.province_code.slice(0, 2));
      expect(c.address).toMatch(/^[\u4e00-\u9fa5]+(省|市|区)/);
    }
  });

  it('has partners of every kind with valid credit codes, a certificate expiring in 20 days, the demo agents linked', async () => {
    const { db } = t.handle;
    const list = await db.select().from(partners);
    expect([...new Set(list.map((p) => p.kind))].sort()).toEqual([...PartnerKind.values].sort());
    for (const p of list) expect(isCreditCode(p.credit_code), p.name).toBe(true);
    const linked = await db.select({ code: agents.code, partner_id: agents.partner_id }).from(agents).where(sql`${agents.partner_id} is not null`);
    expect(linked.map((a) => a.code).sort()).toEqual(['HN001', 'SD001']);
    const [team] = await db.select().from(users).where(eq(users.username, 'shigong'));
    expect(team!.partner_id).not.toBeNull();
    const certs = await db.select().from(partnerCertificates);
    const soon = certs.filter((c) => c.expires_on === new Date(Date.now() + 8 * 3600_000 + 20 * 86400_000).toISOString().slice(0, 10));
    expect(soon).toHaveLength(1);
    // the reminder goes to the records' owner, 运营客服 kefu
    const [kefu] = await db.select().from(users).where(eq(users.username, 'kefu'));
    await JOBS.partner_certificate_expiry!.run({ db, now: new Date() });
    const sent = await db.select().from(messages).where(sql`${messages.link} like '/partner/partnerDetail%'`);
    expect(sent.map((m) => m.recipient_id)).toEqual([kefu!.id]);
  });

  it('demo users share the admin password; agent_sd sees only its Shandong agent tree', async () => {
    expect((await t.handle.db.select().from(users)).map((u) => u.username).sort()).toEqual(['admin', 'agent_hn', 'agent_sd', 'caiwu', 'caiwu_sp', 'kefu', 'paidan', 'shigong', 'yunwei']);
    const token = await login(t.app, 'agent_sd', ADMIN_PASSWORD);
    const res = await call(t.app, 'GET', '/api/system/customer/index', { token, query: { limit: 500 } });
    expect(res.data.total).toBeGreaterThan(20);
    expect(new Set(res.data.list.map((c: { province_code: string }) => c.province_code))).toEqual(new Set(['370000']));
    const kefu = await login(t.app, 'kefu', ADMIN_PASSWORD);
    const all = await call(t.app, 'GET', '/api/system/customer/index', { token: kefu });
    expect(all.data.total).toBe(600);
    const stat = await call(t.app, 'POST', '/api/system/statistic/user_area', { token: kefu });
    expect(stat.data.provinces.reduce((s: number, p: { customers: number }) => s + p.customers, 0)).toBe(600);
  });

  it('demo work orders and self-audits agree with each station: open orders match the station state', async () => {
    const rows = await query<{ status: string; kind: string; order_status: string }>(
      t.handle.db,
      sql`select s.status, w.kind, w.status as order_status, count(*)::int as n,
                 count(a.id) filter (where a.result = 'pending')::int as pending_audits
          from stations s join work_orders w on w.station_id = s.id left join self_audits a on a.work_order_id = w.id
          group by 1, 2, 3`,
    );
    const pairs = new Set(rows.map((r) => `${r.status}/${r.kind}/${r.order_status}`));
    expect(pairs.has('building/build/in_progress')).toBe(true);
    expect(pairs.has('build_review/build/audit_pending')).toBe(true);
    expect(pairs.has('grid_review/grid/audit_pending')).toBe(true);
    // no station has an open order that its state does not allow
    expect([...pairs].filter((p) => p.startsWith('build_pending/') && !p.endsWith('/pending_dispatch'))).toEqual([]);
    expect([...pairs].filter((p) => p.startsWith('operating/') && !p.endsWith('/completed'))).toEqual([]);
    // the team member works them and sees only its own
    const team = await login(t.app, 'shigong', ADMIN_PASSWORD);
    const mine = await call(t.app, 'GET', '/api/system/work_order/index', { token: team, query: { limit: 5, status: 'in_progress' } });
    expect(mine.data.total).toBeGreaterThan(0);
  });
});

describe('set-based generators (pnpm seed)', () => {
  it('generates agents, customers, stations and follow-ups in a few statements', async () => {
    const db = t.handle.db;
    const [max] = await db.select({ id: sql<number>`max(id)` }).from(customers);
    await runScript(db, agentsSql(40, null));
    expect(await n(agents)).toBe(53);
    await db.transaction(async (tx) => {
      await runScript(tx, bulkPoolsSql());
      await tx.execute(sql.raw(bulkCustomersSql(5000, null)));
    });
    expect(await n(customers)).toBe(5600);
    await db.execute(sql.raw(stationsSql(800, Number(max!.id), null)));
    await db.execute(sql.raw(followUpsSql(1000, Number(max!.id))));
    const fresh = await db.select().from(customers).where(sql`${customers.id} > ${max!.id}`).limit(300);
    for (const c of fresh) {
      expect(isChineseName(c.name), c.name).toBe(true);
      expect(isPhone(c.phone), c.phone).toBe(true);
      if (c.id_card) expect(isIdCard(c.id_card), c.id_card).toBe(true);
    }
    const [withAgent] = await db.select({ n: count() }).from(customers).where(sql`${customers.id} > ${max!.id} and ${customers.agent_id} is not null`);
    expect(withAgent!.n).toBeGreaterThan(3000);
    // an agent's customers live in the agent's city
    const [mismatch] = await db
      .select({ n: count() })
      .from(customers)
      .innerJoin(agents, eq(agents.id, customers.agent_id))
      .where(sql`${customers.id} > ${max!.id} and ${agents.city_code} <> ${customers.city_code}`);
    expect(mismatch!.n).toBe(0);
    const st = await db.select().from(stations).where(sql`${stations.customer_id} > ${max!.id}`);
    expect(st.length).toBeGreaterThan(700);
    expect(new Set(st.map((s) => s.code)).size).toBe(st.length);
  });
});

describe('demo settlements', () => {
  it("has last month's settlements of agents and teams, their totals the sums of their lines, and one disputed", async () => {
    const rows = await query<{ month: string; party_kind: string; status: string; total_amount: string; sum: string; disputed: number }>(
      t.handle.db,
      sql`select s.month, s.party_kind, s.status, s.total_amount::text, (select coalesce(sum(l.amount), 0)::numeric(14,2)::text from settlement_lines l where l.settlement_id = s.id) as sum,
                 (select count(*)::int from settlement_lines l where l.settlement_id = s.id and l.status = 'disputed') as disputed
          from settlements s`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.month)).size).toBe(1);
    expect(rows.every((r) => r.total_amount === r.sum)).toBe(true);
    expect(rows.some((r) => r.party_kind === 'agent')).toBe(true);
    expect(rows.filter((r) => r.status === 'disputed').map((r) => Number(r.disputed))).toEqual([1]);
  });
});

describe('demo insurance', () => {
  it('has policies over a batch of stations (one expiring soon, its owner told once by the job) and claims in several states with documents', async () => {
    const policies = await query<{ kind: string; station_count: number; sum_insured_total: string; sum: string; days: number }>(
      t.handle.db,
      sql`select p.kind, p.station_count, p.sum_insured_total::text, (select coalesce(sum(ps.sum_insured), 0)::numeric(14,2)::text from insurance_policy_stations ps where ps.policy_id = p.id) as sum,
                 (p.end_date - (now() at time zone 'Asia/Shanghai')::date)::int as days
          from insurance_policies p order by p.id`,
    );
    expect(policies.map((p) => p.kind)).toEqual(['property', 'liability', 'property']);
    expect(policies[0]!.station_count).toBe(10);
    expect(policies.every((p) => p.sum_insured_total === p.sum)).toBe(true);
    expect(policies.filter((p) => p.days <= 30).length).toBe(2);
    const claims = await query<{ status: string; docs: number; maintenance_id: number | null }>(t.handle.db, sql`select status, jsonb_array_length(document_ids) as docs, maintenance_id from insurance_claims order by id`);
    expect(claims.map((c) => c.status)).toEqual(['paid', 'assessed', 'rejected', 'reported']);
    expect(claims[0]!.docs).toBe(2);
    const r = await JOBS.insurance_policy_expiry!.run({ db: t.handle.db, now: new Date() });
    expect(r).toMatchObject({ reminded: 2, messages: 2 });
    expect((await JOBS.insurance_policy_expiry!.run({ db: t.handle.db, now: new Date() }) as { reminded: number }).reminded).toBe(0);
  });
});

describe('demo invoices', () => {
  it('has incoming and outgoing invoices with valid tax ids, one red-letter crediting part of its original, one matched to a confirmed settlement, a draft', async () => {
    const rows = await query<{ id: number; direction: string; status: string; is_red: boolean; original_id: number | null; total: string; credited_amount: string; matched_amount: string; seller_tax_id: string; lines_tax: string; tax_total: string }>(
      t.handle.db,
      sql`select i.id, i.direction, i.status, i.is_red, i.original_id, i.total::text, i.credited_amount::text, i.matched_amount::text, i.seller_tax_id, i.tax_total::text,
                 (select sum(l.tax)::numeric(14,2)::text from invoice_lines l where l.invoice_id = i.id) as lines_tax
          from invoices i order by i.id`,
    );
    expect(new Set(rows.map((r) => r.direction))).toEqual(new Set(['in', 'out']));
    expect(rows.every((r) => isCreditCode(r.seller_tax_id) && r.lines_tax === r.tax_total)).toBe(true);
    const red = rows.filter((r) => r.is_red);
    expect(red).toHaveLength(1);
    const original = rows.find((r) => r.id === red[0]!.original_id)!;
    expect(sumMoney([original.credited_amount, red[0]!.total])).toBe('0.00');
    const matched = rows.filter((r) => Number(r.matched_amount) > 0);
    expect(matched).toHaveLength(1);
    const [m] = await query<{ status: string }>(t.handle.db, sql`select s.status from invoice_matches m join settlements s on s.id = m.target_id where m.target_type = 'settlement'`);
    expect(m!.status).toBe('confirmed');
    expect(rows.some((r) => r.status === 'draft')).toBe(true);
  });
});

describe('demo statements', () => {
  it('has a financier statement with one difference, explained, and a supplier statement confirmed', async () => {
    const rows = await query<{ kind: string; status: string; our_count: number; diff_count: number; unexplained_count: number; agreed_amount: string | null; our_amount: string; their_amount: string }>(
      t.handle.db,
      sql`select kind, status, our_count, diff_count, unexplained_count, agreed_amount::text, our_amount::text, their_amount::text from statements order by kind`,
    );
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['financier', 'imported'],
      ['supplier', 'confirmed'],
    ]);
    const [fin, sup] = rows;
    expect(fin!.our_count).toBeGreaterThan(0);
    expect([fin!.diff_count, fin!.unexplained_count]).toEqual([1, 0]);
    expect(sup).toMatchObject({ diff_count: 0, agreed_amount: sup!.our_amount, their_amount: sup!.our_amount });
    // 4 × 3800.00 + 500 × 3.80
    expect(sup!.our_amount).toBe('17100.00');
  });
});
