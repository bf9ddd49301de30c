import { CITIES, previousMonth } from '@pv/contract';
import { sql } from 'drizzle-orm';
import { loadavg } from 'node:os';
import { query } from '@pv/server/src/db/client.ts';
import { loadConfig } from '@pv/server/src/config.ts';
import { chinaDate } from '@pv/server/src/modules/inspection/generate.ts';
import { generateSettlementMonth } from '@pv/server/src/modules/settlement/generate.ts';
import { bootstrap } from '@pv/server/src/modules/system/bootstrap.ts';
import type { AuthContext } from '@pv/server/src/modules/auth/context.ts';
import { settlementResource } from '@pv/server/src/modules/settlement/resource.ts';
import { listRecords } from '@pv/server/src/resources/service.ts';
import { BENCH_PASSWORD, pgSettings, serve } from './server.ts';
import { drive, ms, summarize, type Summary } from './stats.ts';

/**
 * 结算单 at scale (issue 15 "Scale"): a fresh database on a PostgreSQL server gets 5,000 agents
 * (1,000 first-level, 4,000 second-level), 2,000 team users and `stations` stations with their
 * customers, build orders, self-audits and overdue grid orders — a year of them, of which one month
 * (last month, China calendar) holds the events a settlement run prices: signings (commission),
 * grid connections (bonus), builds (installation fee), rejected self-audits and overdue orders
 * (deductions). Eleven earlier months of settlements stand in the table as history. Then the
 * month's generation for every agent and team (the scheduler's own function, timed), the same month
 * again (finished runs) and walked again from the first party (`again`: every event refused by the
 * unique event key — nothing made), the settlement list's common cases, and a payment batch of the
 * month's confirmed settlements made from the list's filter through the route.
 */
export interface SettlementBench {
  settings: string;
  agents: number;
  teams: number;
  stations: number;
  month: string;
  events: Record<string, number>;
  seedSeconds: number;
  loadBefore: number[];
  loadDuring: number[];
  loadAfter: number[];
  generate: { seconds: number; parties: number; lines: number; settlements: number; batches: number };
  rerun: { seconds: number; lines: number; rewalkSeconds: number; rewalkLines: number; settlementsAfter: number; linesAfter: number };
  sums: { exact: boolean; total: string };
  settlementsTotal: number;
  baseline: Summary;
  lists: { name: string; summary: Summary; direct: Summary; total: number }[];
  /** the station list called in-process, the same way (no HTTP) */
  baselineDirect: Summary;
  batch: { seconds: number; previewSeconds: number; lines: number; total: string };
}

export async function benchSettlements(pgServer: string, stations: number, requests: number): Promise<SettlementBench> {
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
    const month = previousMonth(chinaDate(new Date()).slice(0, 7));
    const from = `${month}-01 00:00:00+08`;
    const agents = 5000;
    const teams = 2000;
    console.log(`seeding ${agents} agents, ${teams} teams, ${stations.toLocaleString('en')} stations with customers and orders (events of ${month}) …`);
    const t0 = performance.now();
    await seedSettlementWorld(run, month, stations, agents, teams);
    const seedSeconds = (performance.now() - t0) / 1000;
    const events = (
      await query<Record<string, number>>(
        handle.db,
        sql.raw(`select
          (select count(*) from customers where signed_at >= '${from}' and signed_at < '${from}'::timestamptz + interval '1 month')::int as signed,
          (select count(*) from stations where grid_at >= '${from}' and grid_at < '${from}'::timestamptz + interval '1 month')::int as grid,
          (select count(*) from stations where built_at >= '${from}' and built_at < '${from}'::timestamptz + interval '1 month')::int as built,
          (select count(*) from self_audits where reviewed_at >= '${from}' and reviewed_at < '${from}'::timestamptz + interval '1 month')::int as rejected,
          (select count(*) from work_orders where overdue and deadline >= '${from}' and deadline < '${from}'::timestamptz + interval '1 month')::int as overdue`),
      )
    )[0]!;
    console.log(`  ${seedSeconds.toFixed(0)} s; events of ${month}:`, events);

    console.log(`generating ${month} for every agent and team …`);
    const g0 = performance.now();
    const loadDuringSamples: number[][] = [];
    const sampler = setInterval(() => loadDuringSamples.push(loadavg()), 5000);
    const generated = await generateSettlementMonth(handle.db, month);
    clearInterval(sampler);
    const generateSeconds = (performance.now() - g0) / 1000;
    const count = async () => (await query<{ s: number; l: number }>(handle.db, sql`select (select count(*) from settlements where month = ${month})::int as s, (select count(*) from settlement_lines)::int as l`))[0]!;
    const afterFirst = await count();
    console.log(`  ${afterFirst.s} settlements, ${generated.lines} lines in ${generateSeconds.toFixed(1)} s`);
    const r0 = performance.now();
    const again = await generateSettlementMonth(handle.db, month);
    const rerunSeconds = (performance.now() - r0) / 1000;
    const w0 = performance.now();
    const rewalk = await generateSettlementMonth(handle.db, month, { again: true });
    const rewalkSeconds = (performance.now() - w0) / 1000;
    const afterAll = await count();
    console.log(`  again: ${again.lines} lines (${rerunSeconds.toFixed(1)} s); walked again: ${rewalk.lines} lines (${rewalkSeconds.toFixed(1)} s)`);
    // every settlement's total is the exact sum of its lines
    const [sums] = await query<{ bad: number; total: string }>(
      handle.db,
      sql`select count(*) filter (where s.total_amount <> coalesce(x.t, 0))::int as bad, sum(s.total_amount)::text as total
          from settlements s left join (select settlement_id, sum(amount) as t from settlement_lines group by 1) x on x.settlement_id = s.id where s.month = ${month}`,
    );
    await run('vacuum analyze settlements');
    await run('vacuum analyze settlement_lines');

    const headers = { authorization: `Bearer ${token}` };
    const fetchOk = async (path: string, q: Record<string, string>) => {
      const res = await fetch(`${base}/api/system/${path}?${new URLSearchParams(q)}`, { headers });
      const body = (await res.json()) as { code: number; msg: string; data: { total?: number | null; list?: Array<Record<string, unknown>> } };
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.msg}`);
      return body.data;
    };
    const n = Math.min(requests, 200);
    const measure = async (path: string, q: Record<string, string>) => {
      const first = await fetchOk(path, { page: '1', limit: '20', ...q });
      const r = await drive(n, 1, async () => void (await fetchOk(path, { page: '1', limit: '20', ...q })));
      return { summary: summarize(r.samples, r.wallMs), total: Number(first.total ?? 0) };
    };
    const baseline = (await measure('station/index', {})).summary;
    // the same lists called in the process (listRecords: the statements and the row shaping, no HTTP), beside HTTP
    const admin: AuthContext = { userId: 1, sessionId: '', username: 'admin', fullName: '', identity: 'system', agentId: null, departmentId: null, avatar: null, isAdmin: true, roles: ['admin'], permissions: new Set(), scope: 'all' };
    const direct = async (q: Record<string, string>) => {
      const r = await drive(n, 1, async () => void (await listRecords(handle.db, settlementResource, { page: '1', limit: '20', ...q }, admin, 'zh')));
      return summarize(r.samples, r.wallMs);
    };
    const { stationResource } = await import('@pv/server/src/modules/station/resource.ts');
    const baselineRun = await drive(n, 1, async () => void (await listRecords(handle.db, stationResource, { page: '1', limit: '20' }, admin, 'zh')));
    const baselineDirect = summarize(baselineRun.samples, baselineRun.wallMs);
    const [one] = await query<{ settlement_no: string; agent_id: number }>(handle.db, sql`select settlement_no, agent_id from settlements where month = ${month} and party_kind = 'agent' order by id offset 1234 limit 1`);
    const lists: SettlementBench['lists'] = [];
    for (const [name, q] of [
      ['结算单: newest', {}],
      ['结算单: one agent', { agent_id: String(one!.agent_id) }],
      ['结算单: 草稿 (a status)', { status: 'draft' }],
      ['结算单: 已付款 (a status)', { status: 'paid' }],
      [`结算单: ${month} (a month)`, { month }],
      [`结算单: ${month}, agents, by total`, { month, party_kind: 'agent', sort: 'total_amount', order: 'DESC' }],
      ['结算单: keyword (a settlement number)', { q: one!.settlement_no }],
    ] as const) {
      const m = await measure('settlement/index', q);
      const d = await direct(q);
      lists.push({ name, ...m, direct: d });
      console.log(`  ${name}: ${m.total} rows, p95 ${ms(m.summary.p95)} (in-process ${ms(d.p95)})`);
    }
    const [{ total: settlementsTotal } = { total: 0 }] = await query<{ total: number }>(handle.db, sql`select count(*)::int as total from settlements`);

    // the month confirmed (as the agents and finance would have), then one payment batch from the list's filter
    await run(`update settlements set status = 'confirmed', confirmed_at = now() where month = '${month}'`);
    const postOk = async (path: string, body: unknown) => {
      const res = await fetch(`${base}/api/system/${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const b = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${b.msg}`);
      return b.data;
    };
    const p0 = performance.now();
    await postOk('payment_batch/preview', { selection: { settlement_filter: { month } } });
    const previewSeconds = (performance.now() - p0) / 1000;
    const b0 = performance.now();
    const made = await postOk('payment_batch/add', { name: `${month} 结算款`, selection: { settlement_filter: { month } } });
    const batchSeconds = (performance.now() - b0) / 1000;
    console.log(`  payment batch: ${made.line_count} settlements, ${made.total} in ${batchSeconds.toFixed(1)} s`);

    return {
      settings,
      agents,
      teams,
      stations,
      month,
      events,
      seedSeconds,
      loadBefore,
      loadDuring: loadDuringSamples.length ? loadDuringSamples.reduce((a, b) => a.map((v, i) => Math.max(v, b[i]!))) : loadavg(),
      loadAfter: loadavg(),
      generate: { seconds: generateSeconds, parties: generated.parties, lines: generated.lines, settlements: afterFirst.s, batches: generated.batches },
      rerun: { seconds: rerunSeconds, lines: again.lines, rewalkSeconds, rewalkLines: rewalk.lines, settlementsAfter: afterAll.s, linesAfter: afterAll.l },
      sums: { exact: Number(sums?.bad ?? 1) === 0, total: sums?.total ?? '0' },
      settlementsTotal,
      baseline,
      baselineDirect,
      lists,
      batch: { seconds: batchSeconds, previewSeconds, lines: Number(made.line_count), total: String(made.total) },
    };
  } finally {
    await server.close();
    await db.close();
  }
}

/** The world a month's settlements are made from (set-based; see benchSettlements). */
export async function seedSettlementWorld(run: (text: string) => Promise<unknown>, month: string, stations: number, agents: number, teams: number) {
  const from = `${month}-01 00:00:00+08`;
  const cities = CITIES.map((c) => c.code);
  // one station in `perMonth` has each of its events in the month (the rest in the eleven months before)
  const inMonth = (g: string, k: number) => `case when ${g} % 12 = ${k} then '${from}'::timestamptz + ((${g} * 7919) % 2592000) * interval '1 second' else '${from}'::timestamptz - (1 + (${g} * 31) % 330) * interval '1 day' end`;

  await run(`insert into agents (code, name, province_code, city_code, bank_name, bank_account)
    select 'AGS' || lpad(g::text, 5, '0'), '结算压测代理' || g, left(c, 2) || '0000', c, '中国工商银行', '62220202' || lpad(g::text, 11, '0')
    from generate_series(1, ${agents}) g, lateral (select ('{${cities.join(',')}}'::text[])[1 + g % ${cities.length}] as c) x`);
  // four in five are second-level agents under one of the first thousand
  await run(`update agents set parent_id = (select a.id from agents a where a.code = 'AGS' || lpad((1 + substr(agents.code, 4)::int % 1000)::text, 5, '0')) where substr(code, 4)::int > 1000 and code like 'AGS%'`);
  await run(`insert into users (username, password_hash, full_name, identity)
    select 'team' || lpad(g::text, 5, '0'), 'x', '施工队' || g, 'staff' from generate_series(1, ${teams}) g`);
  await run(`insert into customers (name, phone, province_code, city_code, agent_id, stage, status, signed_at, estimated_kwp)
    select '结算客户' || g, '13' || lpad(g::text, 9, '0'), a.province_code, a.city_code, a.id, 'formal', 'signed', ${inMonth('g', 0)}, 10 + g % 40
    from generate_series(1, ${stations}) g join agents a on a.code = 'AGS' || lpad((1 + (g / 12) % ${agents})::text, 5, '0')`);
  await run(`insert into stations (code, name, customer_id, agent_id, province_code, city_code, status, capacity_kwp, module_count, built_at, grid_at, created_at, updated_at)
    select 'PVS' || lpad(c.id::text, 9, '0'), '结算电站' || c.id, c.id, c.agent_id, c.province_code, c.city_code, 'operating', 10 + c.id % 40, 20 + c.id % 30,
           ${inMonth('c.id', 1)}, ${inMonth('c.id', 2)}, c.signed_at, c.signed_at
    from customers c`);
  const teamIds = `(select array_agg(id order by id) from users where username like 'team%')`;
  await run(`insert into work_orders (order_no, kind, station_id, agent_id, province_code, team_id, status, finished_at, deadline, overdue, created_at, updated_at)
    select 'WOB' || lpad(s.id::text, 9, '0'), 'build', s.id, s.agent_id, s.province_code, t.ids[1 + (s.id / 12) % ${teams}], 'completed', s.built_at, s.built_at, false, s.created_at, s.created_at
    from stations s, (select ${teamIds} as ids) t`);
  // overdue grid orders: one station in twelve, the deadline in the month or before
  await run(`insert into work_orders (order_no, kind, station_id, agent_id, province_code, team_id, status, deadline, overdue, created_at, updated_at)
    select 'WOG' || lpad(s.id::text, 9, '0'), 'grid', s.id, s.agent_id, s.province_code, t.ids[1 + (s.id / 12 + 7) % ${teams}], 'in_progress', ${inMonth('s.id', 3)}, true, s.created_at, s.created_at
    from stations s, (select ${teamIds} as ids) t where s.id % 12 in (3, 4)`);
  // rejected self-audits of build orders: one order in twelve has one, reviewed in the month or before
  await run(`insert into self_audits (work_order_id, kind, station_id, agent_id, province_code, attempt, result, reject_reason, reviewed_at)
    select w.id, 'build', w.station_id, w.agent_id, w.province_code, 1, 'rejected', '照片不清', ${inMonth('w.station_id', 5)}
    from work_orders w where w.kind = 'build' and w.station_id % 12 in (5, 6)`);
  // eleven earlier months of settlements (paid), as a year of history in the list
  await run(`insert into settlements (settlement_no, party_kind, party_id, agent_id, month, status, line_count, total_amount, paid_at, bank_serial, created_at, updated_at)
    select 'JSH' || lpad(m::text, 2, '0') || lpad(p.id::text, 6, '0') || p.k, p.kind, p.id, p.agent_id, to_char(('${month}-01'::date - m * interval '1 month'), 'YYYY-MM'), 'paid', 20, 1000 + p.id % 5000,
           '${month}-01'::date - m * interval '1 month' + interval '20 days', 'BS' || m || p.id, '${month}-01'::date - m * interval '1 month' + interval '1 day', '${month}-01'::date - m * interval '1 month' + interval '20 days'
    from generate_series(1, 11) m, (select id, 'agent' as kind, id as agent_id, 'a' as k from agents union all select id, 'team', null, 't' from users where username like 'team%') p`);
  for (const t of ['agents', 'users', 'customers', 'stations', 'work_orders', 'self_audits', 'settlements']) await run(`vacuum analyze ${t}`);
}

export function settlementsSection(r: SettlementBench): string[] {
  const n = (v: number) => v.toLocaleString('en');
  const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
  const worst = Math.max(...r.lists.map((c) => c.summary.p95));
  const worstDirect = Math.max(...r.lists.map((c) => c.direct.p95));
  const minutes = r.generate.seconds / 60;
  const ev = r.events;
  return [
    `## 结算单 at scale: ${n(r.agents)} agents, ${n(r.teams)} teams, one month's settlements (PostgreSQL)`,
    '',
    `A fresh database on the PostgreSQL server given with \`--settlements-postgres URL\` — ${r.settings} (packages/bench/lib/settlements.ts). Seeded set-based in ${r.seedSeconds.toFixed(0)} s: ${n(r.agents)} agents (1,000 first-level, 4,000 second-level), ${n(r.teams)} team users, ${n(r.stations)} formal customers with a station each, a completed build order per station (a team each), overdue grid orders and rejected self-audits, their dates spread over a year; ${r.month} holds ${n(ev.signed ?? 0)} signings, ${n(ev.grid ?? 0)} grid connections, ${n(ev.built ?? 0)} builds, ${n(ev.rejected ?? 0)} rejected self-audits and ${n(ev.overdue ?? 0)} overdue orders. Eleven earlier months of settlements stand in the table (${n(r.settlementsTotal)} settlements in all afterwards).`,
    '',
    `**${r.month} for every agent and team: ${n(r.generate.settlements)} settlements, ${n(r.generate.lines)} lines in ${r.generate.seconds.toFixed(1)} s** (${minutes.toFixed(2)} min; \`generateSettlementMonth\`, the scheduler's own function: ${n(r.generate.parties)} parties walked in ${r.generate.batches} batches of 500, each its own transaction; aim < 2 minutes${minutes < 2 ? ' — met' : ' — not met'}). Every settlement's total equals the sum of its lines to the fen (${r.sums.exact ? 'checked in SQL: yes' : 'checked in SQL: NO'}; the month ¥${r.sums.total}). **Run again: ${n(r.rerun.lines)} lines** (finished runs, ${r.rerun.seconds.toFixed(1)} s); **walked again from the first party** (\`settlement/generate\` on a finished month): ${n(r.rerun.rewalkLines)} lines in ${r.rerun.rewalkSeconds.toFixed(1)} s — every event refused by the unique event key; afterwards ${n(r.rerun.settlementsAfter)} settlements of ${r.month} and ${n(r.rerun.linesAfter)} lines, as before.`,
    '',
    `Lists afterwards (page 1 of 20 rows, the total on every call, one request at a time, over HTTP and called in the process — \`listRecords\`, the statements and the row shaping without HTTP; baseline: the station list in the same run, p95 ${ms(r.baseline.p95)} over HTTP, ${ms(r.baselineDirect.p95)} in the process):`,
    '',
    '| case | matching | HTTP p50 | HTTP p95 | p95 / baseline | in-process p50 | in-process p95 |',
    '|---|---|---|---|---|---|---|',
    ...r.lists.map((c) => `| ${c.name} | ${n(c.total)} | ${ms(c.summary.p50)} | ${ms(c.summary.p95)} | ${(c.summary.p95 / r.baseline.p95).toFixed(2)}× | ${ms(c.direct.p50)} | ${ms(c.direct.p95)} |`),
    '',
    `Worst list p95: **${ms(worst)}** over HTTP, ${ms(worstDirect)} in the process (aim < 50 ms — ${worst < 50 ? 'met' : worstDirect < 50 ? 'met in the process, not over HTTP on this loaded machine' : 'not met'}).`,
    '',
    `The month confirmed, one payment batch made from the settlement list's filter (month ${r.month}) through the routes: preview ${r.batch.previewSeconds.toFixed(2)} s, the batch of ${n(r.batch.lines)} settlements (¥${r.batch.total}) made in ${r.batch.seconds.toFixed(2)} s.`,
    '',
    `Load average of this 2-core machine (1 / 5 / 15 min): ${load(r.loadBefore)} before, at most ${load(r.loadDuring)} during generation, ${load(r.loadAfter)} after.`,
  ];
}
