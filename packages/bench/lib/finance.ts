import { CITIES, nextPeriod, type PayCycleValue, type Period, periodOf } from '@pv/contract';
import { sql } from 'drizzle-orm';
import { query } from '@pv/server/src/db/client.ts';
import { loadConfig } from '@pv/server/src/config.ts';
import { billInsert, generateDueRent } from '@pv/server/src/modules/lease/generate.ts';
import { chinaDate } from '@pv/server/src/modules/inspection/generate.ts';
import { bootstrap } from '@pv/server/src/modules/system/bootstrap.ts';
import { loadavg } from 'node:os';
import { BENCH_PASSWORD, pgSettings, serve } from './server.ts';
import { drive, ms, summarize, type Summary } from './stats.ts';
import { benchPayment, paymentSection, type PaymentBench } from './payment.ts';

/**
 * 财务 at scale (issue 14): a fresh database on a PostgreSQL server gets `stations` connected
 * stations over every city and 2,000 agents, one lease contract each (set-based SQL: rules per panel /
 * per kWp / fixed, a fifth escalating, pay cycles 2 : 3 : 5 quarterly / semiannual / annual, starts
 * spread over the nine months from eighteen months before this quarter), their earlier periods' bills
 * made set-based with the generator's own statement (`billInsert`, one statement per period over every
 * contract of its cycle, finished run rows written as the scheduler leaves them) and mostly paid; then
 * the scheduler's job (`generateDueRent`) makes the period running now for every contract — timed —
 * while a client pages the contract and bill lists of the server in this process, and is run again
 * (nothing made: timed). Then the lists with their common filters, the finance reports and the
 * revenue list (a month of revenue per station seeded set-based), each beside the station list in
 * the same run; then a payment batch of about 100,000 of the due bills, its bank file and result (lib/payment.ts).
 */
export interface FinanceBench {
  settings: string;
  stations: number;
  contracts: number;
  agents: number;
  loadBefore: number[];
  loadAfter: number[];
  seedSeconds: { stations: number; contracts: number; history: number; status: number; revenue: number };
  history: { periods: string[]; bills: number };
  generate: { seconds: number; bills: number; periods: number; contracts: number };
  /** the job again (finished runs), and the current runs walked again from cursor 0 */
  rerun: { seconds: number; bills: number; rewalkSeconds: number };
  billsTotal: number;
  idle: Summary;
  during: Summary;
  duringErrors: number;
  baseline: Summary;
  lists: Case[];
  reports: Case[];
  naive: { name: string; summary: Summary }[];
  flagRare: { name: string; summary: Summary; rows: number } | null;
  payment: PaymentBench;
}
export interface Case {
  name: string;
  summary: Summary;
  total: number | string;
}

const CYCLES: PayCycleValue[] = ['quarterly', 'semiannual', 'annual'];

export async function benchFinance(pgServer: string, stations: number, requests: number): Promise<FinanceBench> {
  process.env.TEST_DATABASE_URL = pgServer;
  const { freshDb } = await import('@pv/server/test/helpers.ts');
  const db = await freshDb();
  await bootstrap(db.db, loadConfig({}, { dataDir: null, databaseUrl: db.url, adminPassword: BENCH_PASSWORD, demoData: false }));
  const server = await serve({ databaseUrl: db.url!, password: BENCH_PASSWORD });
  const loadBefore = loadavg();
  try {
    const { handle, base, token } = server;
    const run = (text: string) => handle.db.execute(sql.raw(text));
    const settings = await pgSettings(handle.db);
    const now = new Date();
    const today = chinaDate(now);
    const cities = CITIES.map((c) => c.code);
    const agents = 2000;

    console.log(`seeding ${stations.toLocaleString('en')} stations and ${agents} agents …`);
    let t0 = performance.now();
    await run(`insert into agents (code, name, province_code, city_code)
      select 'AGB' || lpad(g::text, 5, '0'), '压测代理' || g, left(c, 2) || '0000', c
      from generate_series(1, ${agents}) g, lateral (select ('{${cities.join(',')}}'::text[])[1 + g % ${cities.length}] as c) x`);
    await run(`insert into stations (code, name, agent_id, province_code, city_code, status, capacity_kwp, module_count, grid_at, created_at, updated_at)
      select 'PVB' || lpad(g::text, 9, '0'), '压测电站' || g, a.id, a.province_code, a.city_code, case when g % 3 = 0 then 'grid_connected' else 'operating' end,
             10 + (g % 50), 20 + g % 30, now() - interval '600 days', now(), now()
      from generate_series(1, ${stations}) g join agents a on a.code = 'AGB' || lpad((1 + g % ${agents})::text, 5, '0')`);
    await run('analyze stations');
    const stationSeconds = (performance.now() - t0) / 1000;
    console.log(`  ${stationSeconds.toFixed(0)} s`);

    // contracts start over nine months from eighteen months before the current quarter
    const quarter = periodOf('quarterly', today);
    const [{ first } = { first: '' }] = await query<{ first: string }>(handle.db, sql`select to_char(${quarter.start}::date - interval '18 months', 'YYYY-MM-DD') as first`);
    console.log(`seeding ${stations.toLocaleString('en')} lease contracts (starting ${first} + 0–274 days) …`);
    t0 = performance.now();
    const chunk = 500_000;
    for (let from = 1; from <= stations; from += chunk) {
      const to = Math.min(stations, from + chunk - 1);
      await run(`insert into lease_contracts (contract_no, station_id, agent_id, province_code, city_code, sign_method, signed_date, start_date, end_date, term_years,
          rent_rule, rent_rate, panel_count, capacity_kwp, escalation_pct, escalation_years, pay_cycle, payee_name, status, activated_at, created_at, updated_at)
        select 'ZLB' || lpad(s.id::text, 9, '0'), s.id, s.agent_id, s.province_code, s.city_code, 'electronic', d, d, (d + interval '25 years' - interval '1 day')::date, 25,
               (array['per_panel','per_kwp','fixed'])[1 + s.id % 3], (array[30, 55, 800 + s.id % 400])[1 + s.id % 3], s.module_count, s.capacity_kwp,
               case when s.id % 5 = 0 then 3 else 0 end, case when s.id % 5 = 0 then 1 end,
               case when s.id % 10 < 2 then 'quarterly' when s.id % 10 < 5 then 'semiannual' else 'annual' end, '业主' || s.id, 'active', d, d, d
        from stations s cross join lateral (select '${first}'::date + (s.id * 7 % 275) as d) x
        where s.id between ${from} and ${to}`);
    }
    await run('analyze lease_contracts');
    const contractSeconds = (performance.now() - t0) / 1000;
    console.log(`  ${contractSeconds.toFixed(0)} s`);

    // every earlier period of each cycle, one generator statement each, and its finished run row
    console.log('seeding the earlier periods’ bills …');
    t0 = performance.now();
    const periods: Period[] = [];
    for (const cycle of CYCLES) {
      const current = periodOf(cycle, today);
      for (let p = periodOf(cycle, first); p.start < current.start; p = nextPeriod(p)) periods.push(p);
    }
    for (const p of periods) {
      const p0 = performance.now();
      const [r] = await query<{ created: number }>(
        handle.db,
        sql`with ${billInsert(p, sql`select lc.* from lease_contracts lc where lc.pay_cycle = ${p.cycle} and lc.status in ('active', 'expired') and lc.start_date <= ${p.end}::date and lc.end_date >= ${p.start}::date order by lc.id`, null)}
            select (select count(*) from ins)::int as created`,
      );
      await run(`insert into rent_bill_runs (period, cycle, period_start, period_end, cursor, contracts_seen, created, batches, finished_at)
        values ('${p.key}', '${p.cycle}', '${p.start}', '${p.end}', ${stations}, ${r!.created}, ${r!.created}, 1, now())`);
      console.log(`  ${p.key}: ${r!.created.toLocaleString('en')} bills in ${((performance.now() - p0) / 1000).toFixed(0)} s`);
    }
    const historySeconds = (performance.now() - t0) / 1000;
    // paid as a finance team would have: 90 % paid, 3 % failed, the rest still pending (overdue now)
    console.log('paying most of them …');
    t0 = performance.now();
    for (const p of periods) {
      await run(`update rent_bills set status = case when id % 100 < 90 then 'paid' else 'failed' end,
                   paid_at = case when id % 100 < 90 then due_date + interval '3 days' end, bank_serial = case when id % 100 < 90 then 'BS' || id end, channel = case when id % 100 < 90 then 'bank' end,
                   failed_at = case when id % 100 >= 90 then due_date + interval '3 days' end, fail_reason = case when id % 100 >= 90 then '账户已销户' end
                 where period = '${p.key}' and id % 100 < 93`);
    }
    await run('analyze rent_bills');
    const statusSeconds = (performance.now() - t0) / 1000;
    const [{ n: historyBills } = { n: 0 }] = await query<{ n: number }>(handle.db, sql`select count(*)::int as n from rent_bills`);
    console.log(`  ${historyBills.toLocaleString('en')} bills of ${periods.length} earlier periods in ${historySeconds.toFixed(0)} s, paid in ${statusSeconds.toFixed(0)} s`);

    // a month of revenue per station (the month before last), two in three settled, one in ten of those under-performing
    const lastMonth = new Date(Date.parse(`${today.slice(0, 7)}-01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 7);
    console.log(`seeding ${stations.toLocaleString('en')} revenue rows (${lastMonth}) …`);
    t0 = performance.now();
    for (let from = 1; from <= stations; from += chunk) {
      const to = Math.min(stations, from + chunk - 1);
      await run(`insert into revenues (station_id, period, agent_id, province_code, city_code, capacity_kwp, active_days, utilisation_hours, tariff_price,
          estimated_kwh, estimated_amount, actual_kwh, actual_amount, actual_source, settled, ratio, under_performing)
        select s.id, '${lastMonth}', s.agent_id, s.province_code, s.city_code, s.capacity_kwp, 31, 1286, 0.3949,
               round(s.capacity_kwp * 1286 * 31 / 365, 2), round(s.capacity_kwp * 1286 * 31 * 0.3949 / 365, 2),
               case when s.id % 3 > 0 then round(s.capacity_kwp * 1286 * 31 / 365 * f, 2) end, case when s.id % 3 > 0 then round(s.capacity_kwp * 1286 * 31 * 0.3949 / 365 * f, 2) end,
               case when s.id % 3 > 0 then 'import' end, s.id % 3 > 0, case when s.id % 3 > 0 then f end, s.id % 3 > 0 and f < 0.8
        from stations s cross join lateral (select case when s.id % 10 = 1 then 0.7 else 1.05 end::numeric as f) x
        where s.id between ${from} and ${to}`);
    }
    await run('analyze revenues');
    const revenueSeconds = (performance.now() - t0) / 1000;
    console.log(`  ${revenueSeconds.toFixed(0)} s`);

    const headers = { authorization: `Bearer ${token}` };
    const fetchOk = async (path: string, q: Record<string, string>, auth: Record<string, string> = headers) => {
      const res = await fetch(`${base}/api/system/${path}?${new URLSearchParams(q)}`, { headers: auth });
      const body = (await res.json()) as { code: number; msg: string; data: { total?: number | null } & Record<string, unknown> };
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.msg}`);
      return body.data;
    };
    const list = (resource: string, q: Record<string, string>, auth: Record<string, string> = headers) => async () => void (await fetchOk(`${resource}/index`, { page: '1', limit: '20', ...q }, auth));
    const stationPage = list('station', {});
    const idleRun = await drive(Math.min(requests, 200), 1, stationPage);

    // the period running now, for every cycle: the scheduler's job, while a client pages the lists
    let generating = true;
    const duringSamples: number[] = [];
    const duringErrors: string[] = [];
    const current = CYCLES.map((c) => periodOf(c, today).key);
    const pager = (async () => {
      const pages = [stationPage, list('lease_contract', {}), list('rent_bill', {}), list('rent_bill', { period: current[0]! })];
      for (let i = 0; generating; i++) {
        const s = performance.now();
        try {
          await pages[i % pages.length]!();
          duringSamples.push(performance.now() - s);
        } catch (err) {
          duringErrors.push(`${((performance.now() - s) / 1000).toFixed(1)} s: ${(err as Error).message}`);
        }
      }
    })();
    console.log(`generating ${current.join(', ')} …`);
    const g0 = performance.now();
    const generated = await generateDueRent(handle.db, now);
    const generateSeconds = (performance.now() - g0) / 1000;
    generating = false;
    await pager;
    console.log(`  ${generated.bills.toLocaleString('en')} bills for ${generated.periods} periods in ${generateSeconds.toFixed(1)} s; list errors meanwhile: ${duringErrors.length}`, duringErrors.slice(0, 3));
    const [{ seen } = { seen: 0 }] = await query<{ seen: number }>(handle.db, sql`select coalesce(sum(contracts_seen), 0)::int as seen from rent_bill_runs where period in ${current}`);
    const r0 = performance.now();
    const again = await generateDueRent(handle.db, now);
    const rerunSeconds = (performance.now() - r0) / 1000;
    // and the current periods' runs walked once more from the start (a stopped run resumed from cursor 0): the unique key refuses every bill
    await run(`update rent_bill_runs set cursor = 0, finished_at = null where period in (${current.map((k) => `'${k}'`).join(', ')})`);
    const w0 = performance.now();
    const rewalk = await generateDueRent(handle.db, now);
    const rewalkSeconds = (performance.now() - w0) / 1000;
    console.log(`  again: ${again.bills} bills in ${rerunSeconds.toFixed(1)} s; walked again from the start: ${rewalk.bills} bills in ${rewalkSeconds.toFixed(1)} s`);
    await run('analyze rent_bills');
    const [{ n: billsTotal } = { n: 0 }] = await query<{ n: number }>(handle.db, sql`select count(*)::int as n from rent_bills`);

    const baseline = summarize(...((r) => [r.samples, r.wallMs] as const)(await drive(requests, 1, stationPage)));
    // an agent's user (the built-in agent role) of the largest agent
    await run(`insert into users (username, password_hash, full_name, agent_id, identity) select 'agent_bench', u.password_hash, '压测代理员', 1, 'agent' from users u where u.username = 'admin'`);
    await run(`insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where u.username = 'agent_bench' and r.code = 'agent'`);
    const agentHeaders = { authorization: `Bearer ${await server.login('agent_bench', BENCH_PASSWORD)}` };

    const measure = async (cases: Array<[string, string, Record<string, string>, Record<string, string>?]>) => {
      const out: Case[] = [];
      for (const [name, path, q, auth] of cases) {
        const params = path.endsWith('/index') ? { page: '1', limit: '20', ...q } : q;
        const data = await fetchOk(path, params, auth ?? headers);
        const total = typeof data.total === 'number' ? data.total : (data as { totals?: { bills?: number; stations?: number } }).totals?.bills ?? (data as { totals?: { stations?: number } }).totals?.stations ?? (data.total === null ? 'n/a (flag)' : '');
        const r = await drive(requests, 1, async () => void (await fetchOk(path, params, auth ?? headers)));
        out.push({ name, summary: summarize(r.samples, r.wallMs), total });
        console.log(`  ${name}: p95 ${ms(out.at(-1)!.summary.p95)}`);
      }
      return out;
    };
    const [bill] = await query<{ no: string }>(handle.db, sql`select bill_no as no from rent_bills order by id desc limit 1 offset 5000`);
    const [contract] = await query<{ no: string }>(handle.db, sql`select contract_no as no from lease_contracts order by id desc limit 1 offset 5000`);
    const year = today.slice(0, 4);
    const month = today.slice(0, 7);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    console.log('lists …');
    const lists = await measure([
      ['租赁合同: newest', 'lease_contract/index', {}],
      ['租赁合同: 履行中, one province', 'lease_contract/index', { status: 'active', province_code: '370000' }],
      ['租赁合同: one agent', 'lease_contract/index', { agent_id: '1' }],
      ['租赁合同: quarterly', 'lease_contract/index', { pay_cycle: 'quarterly' }],
      ['租赁合同: keyword (a contract number)', 'lease_contract/index', { q: contract!.no }],
      ['租金账单: newest', 'rent_bill/index', {}],
      [`租金账单: period ${current[0]}`, 'rent_bill/index', { period: current[0]! }],
      [`租金账单: period ${current[0]}, 待支付`, 'rent_bill/index', { period: current[0]!, status: 'pending' }],
      ['租金账单: 支付失败', 'rent_bill/index', { status: 'failed' }],
      ['租金账单: one province', 'rent_bill/index', { province_code: '370000' }],
      ['租金账单: one agent', 'rent_bill/index', { agent_id: '1' }],
      ['租金账单: keyword (a bill number)', 'rent_bill/index', { q: bill!.no }],
      [`租金账单 summary: period ${current[0]}`, 'rent_bill/summary', { period: current[0]! }],
      ['租金账单 as the agent user', 'rent_bill/index', {}, agentHeaders],
      [`租金账单: due in ${year} (the dashboard's "this year" link)`, 'rent_bill/index', { status: 'pending,failed,paused,paid', due_date_gte: `${year}-01-01`, due_date_lte: `${year}-12-31` }],
      ['租金账单: overdue (the dashboard\'s link: 待支付 / 支付失败 due before today)', 'rent_bill/index', { status: 'pending,failed', due_date_lte: yesterday }],
      [`收益: ${lastMonth}`, 'revenue/index', { period: lastMonth }],
      [`收益: ${lastMonth}, one province`, 'revenue/index', { period: lastMonth, province_code: '370000' }],
      [`收益: ${lastMonth}, 偏低`, 'revenue/index', { period: lastMonth, under_performing: 'true' }],
    ]);
    console.log('reports …');
    const reports = await measure([
      ['租金报表: twelve months, by province', 'rent_bill/report', {}],
      ['租金报表: twelve months, one province by city', 'rent_bill/report', { province_code: '370000' }],
      ['租金报表: this month (dashboard)', 'rent_bill/report', { month_gte: month, month_lte: month }],
      ['租金报表: this year (dashboard)', 'rent_bill/report', { month_gte: `${year}-01`, month_lte: `${year}-12` }],
      ['租金报表: one agent', 'rent_bill/report', { agent_id: '1' }],
      ['租金报表 as the agent user', 'rent_bill/report', {}, agentHeaders],
      ['收益报表: twelve months (for comparison)', 'revenue/report', {}],
      ['收益与租金: newest stations, twelve months', 'rent_bill/margin', {}],
      ['收益与租金: one province', 'rent_bill/margin', { province_code: '370000' }],
      ['收益与租金: one city, page 5', 'rent_bill/margin', { city_code: '370100', page: '5' }],
      ['收益与租金: one agent', 'rent_bill/margin', { agent_id: '1' }],
      ['收益与租金: rent above revenue (common over twelve months)', 'rent_bill/margin', { rent_above_revenue: '1' }],
      ['收益与租金 as the agent user', 'rent_bill/margin', {}, agentHeaders],
    ]);
    // the same numbers as the rent report counted from the bills (what the rollups replace)
    const naiveSql = (where: string) =>
      sql.raw(`select to_char(due_date, 'YYYY-MM'), province_code, count(*) filter (where status <> 'cancelled'), sum(amount_payable) filter (where status <> 'cancelled'),
        sum(amount_payable) filter (where status = 'paid'), sum(amount_payable) filter (where status in ('pending', 'failed') and due_date < '${today}')
        from rent_bills where ${where} group by 1, 2`);
    const naive = [];
    for (const [name, where] of [
      ['租金报表 twelve months by province, counted from rent_bills', `due_date >= '${month}-01'::date - interval '11 months'`],
      ['租金报表 this year, counted from rent_bills', `due_date >= '${year}-01-01' and due_date <= '${year}-12-31'`],
    ] as const) {
      const r = await drive(3, 1, async () => void (await handle.db.execute(naiveSql(where))));
      naive.push({ name, summary: summarize(r.samples, r.wallMs) });
    }
    // the flag when it matches almost nothing: each request walks its window of contracts and says where to go on
    let flagRare: FinanceBench['flagRare'] = null;
    {
      const quiet = new Date(Date.parse(`${quarter.start}T00:00:00Z`) - 20 * 86_400_000).toISOString().slice(0, 7);
      const q = { month_gte: quiet, month_lte: quiet, rent_above_revenue: '1' };
      const first = (await fetchOk('rent_bill/margin', q)) as { list?: unknown[]; walked?: number };
      const r = await drive(Math.min(requests, 50), 1, async () => void (await fetchOk('rent_bill/margin', q)));
      flagRare = { name: `收益与租金: rent above revenue in ${quiet} (a month with almost no bill due: each request walks ${first.walked ?? 0} contracts and finds ${first.list?.length ?? 0})`, summary: summarize(r.samples, r.wallMs), rows: first.list?.length ?? 0 };
    }
    console.log('payment batch …');
    const payment = await benchPayment(handle, server, token);
    return {
      settings,
      stations,
      contracts: stations,
      agents,
      loadBefore,
      loadAfter: loadavg(),
      seedSeconds: { stations: stationSeconds, contracts: contractSeconds, history: historySeconds, status: statusSeconds, revenue: revenueSeconds },
      history: { periods: periods.map((p) => p.key), bills: historyBills },
      generate: { seconds: generateSeconds, bills: generated.bills, periods: generated.periods, contracts: seen },
      rerun: { seconds: rerunSeconds, bills: again.bills + rewalk.bills, rewalkSeconds },
      billsTotal,
      idle: summarize(idleRun.samples, idleRun.wallMs),
      during: summarize(duringSamples, generateSeconds * 1000),
      duringErrors: duringErrors.length,
      baseline,
      lists,
      reports,
      naive,
      flagRare,
      payment,
    };
  } finally {
    await server.close();
    await db.close();
  }
}

export function financeSection(r: FinanceBench): string[] {
  const n = (v: number) => v.toLocaleString('en');
  const table = (cases: Case[]) => [
    '| case | matching | p50 | p95 | p95 / baseline |',
    '|---|---|---|---|---|',
    ...cases.map((c) => `| ${c.name} | ${typeof c.total === 'number' ? n(c.total) : c.total} | ${ms(c.summary.p50)} | ${ms(c.summary.p95)} | ${(c.summary.p95 / r.baseline.p95).toFixed(2)}× |`),
  ];
  const worst = Math.max(...r.lists.map((c) => c.summary.p95));
  const worstReport = Math.max(...r.reports.map((c) => c.summary.p95));
  const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
  const minutes = r.generate.seconds / 60;
  return [
    `## 财务 at scale: ${n(r.contracts)} lease contracts, ${n(r.billsTotal)} rent bills (PostgreSQL)`,
    '',
    `A fresh database on the PostgreSQL server given with \`--finance-postgres URL\` — ${r.settings} (packages/bench/lib/finance.ts). Seeded set-based: ${n(r.stations)} connected stations over every city with ${n(r.agents)} agents (${r.seedSeconds.stations.toFixed(0)} s); one lease contract each (${r.seedSeconds.contracts.toFixed(0)} s) — per panel / per kWp / fixed, a fifth escalating 3 % a year, pay cycles 2 : 3 : 5 quarterly / semiannual / annual, starts spread over nine months from eighteen months before this quarter; the bills of their ${r.history.periods.length} earlier periods (${r.history.periods.join(', ')}) made with the generator's own statement (\`billInsert\`, one statement per period over every contract of its cycle, rollup triggers on) — ${n(r.history.bills)} bills in ${r.seedSeconds.history.toFixed(0)} s — and 90 % of them paid, 3 % failed (${r.seedSeconds.status.toFixed(0)} s); a month of revenue per station (${r.seedSeconds.revenue.toFixed(0)} s).`,
    '',
    `**The period running now for all ${n(r.generate.contracts)} contracts: ${n(r.generate.bills)} bills in ${r.generate.seconds.toFixed(1)} s** (${minutes.toFixed(1)} min, ${(r.generate.bills / r.generate.seconds).toFixed(0)} bills/s; the scheduler's job \`generateDueRent\`: ${r.generate.periods} period runs, one per pay cycle, batches of 5,000 contracts, each its own transaction; aim < 5 minutes${minutes < 5 ? ' — met' : ' — not met'}). **Run again: ${n(r.rerun.bills)} bills made** — the finished runs make nothing (${r.rerun.seconds.toFixed(1)} s), and the same runs walked again from their first contract (cursor reset, as a stopped run resumes) insert nothing either, the unique (contract, period) key refusing every bill (${r.rerun.rewalkSeconds.toFixed(1)} s).`,
    '',
    '| what | requests | p50 | p95 | p95 / station list idle |',
    '|---|---|---|---|---|',
    `| station list page 1, before generating (baseline) | ${r.idle.n} | ${ms(r.idle.p50)} | ${ms(r.idle.p95)} | 1.00× |`,
    `| station, contract and bill list pages, during generation (${r.duringErrors} failed) | ${r.during.n} | ${ms(r.during.p50)} | ${ms(r.during.p95)} | ${(r.during.p95 / r.idle.p95).toFixed(2)}× |`,
    '',
    `Lists afterwards (page 1 of 20 rows, the total on every call, one request at a time; baseline: the station list in the same run, p95 ${ms(r.baseline.p95)}):`,
    '',
    ...table(r.lists),
    '',
    `Worst list p95: **${ms(worst)}** (aim < 50 ms${worst < 50 ? ' — met' : ' — not met'}).`,
    '',
    'The finance reports (rent report from the rollups stat_rent_*; revenue against rent per station paged over the contracts, revenue and bills read for the page only):',
    '',
    ...table(r.reports),
    '',
    ...r.naive.map((x) => `For comparison, ${x.name}: p50 ${ms(x.summary.p50)} (${x.summary.n} runs).`),
    '',
    r.flagRare ? `Worst case of the station list, ${r.flagRare.name}: p50 ${ms(r.flagRare.summary.p50)}, p95 ${ms(r.flagRare.summary.p95)} (${r.flagRare.summary.n} requests) — the flag is judged per contract while walking, at most 5,000 contracts a request, the reply naming where to go on (DECISIONS.md "Finance reports").` : '',
    '',
    `Worst report p95 (without that case): **${ms(worstReport)}**.`,
    '',
    ...paymentSection(r.payment),
    '',
    `Load average of this shared 2-core machine (1 / 5 / 15 min): ${load(r.loadBefore)} at the start, ${load(r.loadAfter)} at the end.`,
  ];
}
