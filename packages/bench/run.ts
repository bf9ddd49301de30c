/**
 * `pnpm bench`: measures what issue-level aims name, each beside a baseline run in the same process,
 * and writes docs/PERFORMANCE.md.
 *  1. Customer list endpoint over HTTP on loopback at N customers (default 1,000,000) — page 1, 20
 *     rows, filtered by province and stage, sorted by created time — beside the same SQL run directly
 *     through the driver on the same database handle.
 *  2. The gzip size of the JavaScript the browser loads to show the console's login page, beside a
 *     bare react-admin app built the same way (Vite production build).
 *  3. Excel export of 100,000 customers beside paging the same rows as JSON (lib/excel.ts).
 *  4. The station, work-order and self-audit lists on a seeded PostgreSQL (lib/operations.ts), when
 *     --ops-database-url is given (seeding 2M stations and 10M orders takes a while; see the section).
 * Options: --customers N (default 1000000), --requests N (default 2000), --skip-bundle, --skip-list,
 *  --skip-export, --export-rows N (default 100000), --ops-database-url URL, --ops-password P
 *  (default admin123), --ops-requests N (default 300),
 *  --skip-ops (with --ops-database-url: only the statistics on it), --stats-naive-requests N (default 20),
 *  --daping (lib/daping.ts: the big screen through 1,000 refreshes at 3840×2160, heap and longest frame; needs pnpm build),
 *  --daping-refreshes N (default 1000; e.g. 200 for a quick look), --daping-frames N (refreshes timed, default 20),
 *  --daping-screenshot FILE (the 4K screen after the timed refreshes), --daping-dist DIR (another daping build).
 *  5. The statistics endpoints beside the full-scan SQL they replace (lib/statistics.ts), with --stats:
 *     on --ops-database-url when given, else on a PGlite seeded with --stats-customers / --stats-stations
 *     (defaults 20000 / 8000, with as many work orders and 20 teams); --stats-agent user:password adds agent-scope cases.
 *  6. With --load (lib/load.ts): the compiled server under --load-clients users (default 100) for
 *     --load-seconds (default 60) mixing list, detail, edit and lifecycle requests, beside one user
 *     running the same mix; on PGlite seeded with --load-customers (default 100000), and on a fresh
 *     database of the PostgreSQL server at --load-postgres URL (created, seeded the same, dropped).
 *  7. With --keyword-postgres URL: the keyword cases of 1. and their index write cost on a PostgreSQL
 *     seeded beforehand (`DATABASE_URL=URL pnpm seed --customers 5000000`), signed in with --ops-password.
 *  8. With --inspections-postgres URL (lib/inspections.ts): one period of a plan generated over
 *     --inspections-stations connected stations (default 2000000) on a fresh database of that server, lists meanwhile and after;
 *     first --inspection-history past quarters (default 4: 10 M inspections in all at 2 M stations) inserted set-based;
 *     then --maintenance-orders 运维工单 (default 3000000) on those stations and their list, and --stock-movements
 *     ledger rows (default 20000000) with the ledger and balance lists.
 * Each run rewrites only the sections it measured in docs/PERFORMANCE.md (lib/report.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { REPO_ROOT } from '@pv/server/src/config.ts';
import { query } from '@pv/server/src/db/client.ts';
import type { AuthContext } from '@pv/server/src/modules/auth/context.ts';
import { customerResource } from '@pv/server/src/modules/customer/resource.ts';
import { listRecords } from '@pv/server/src/resources/service.ts';
import { measureLoginJs, serveBuild, type BundleMeasure } from './lib/bundle.ts';
import { benchExport } from './lib/excel.ts';
import { benchDaping } from './lib/daping.ts';
import { benchKeywords, customerKeywords, type KeywordResult, searchWriteCost, type WriteCost } from './lib/keyword.ts';
import { seed, serve } from './lib/server.ts';
import { benchOperations, type ListCase } from './lib/operations.ts';
import { type LoadResult, loadRows, runLoad, startBuiltServer } from './lib/load.ts';
import { writeReport } from './lib/report.ts';
import { benchInspections, inspectionsSection } from './lib/inspections.ts';
import { benchStatistics, statisticsTable } from './lib/statistics.ts';
import { drive, ms, summarize, type Summary } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '2000' },
    'skip-bundle': { type: 'boolean', default: false },
    'skip-list': { type: 'boolean', default: false },
    'skip-export': { type: 'boolean', default: false },
    daping: { type: 'boolean', default: false },
    'daping-refreshes': { type: 'string', default: '1000' },
    'daping-frames': { type: 'string', default: '20' },
    'daping-screenshot': { type: 'string' },
    'daping-dist': { type: 'string' },
    'export-rows': { type: 'string', default: '100000' },
    'ops-database-url': { type: 'string' },
    'ops-password': { type: 'string', default: 'admin123' },
    'ops-requests': { type: 'string', default: '300' },
    stats: { type: 'boolean', default: false },
    'stats-customers': { type: 'string', default: '20000' },
    'stats-stations': { type: 'string', default: '8000' },
    'stats-agent': { type: 'string' },
    'stats-naive-requests': { type: 'string', default: '20' },
    'skip-ops': { type: 'boolean', default: false },
    'keyword-postgres': { type: 'string' },
    load: { type: 'boolean', default: false },
    'load-clients': { type: 'string', default: '100' },
    'load-seconds': { type: 'string', default: '60' },
    'load-customers': { type: 'string', default: '100000' },
    'load-postgres': { type: 'string' },
    'inspections-postgres': { type: 'string' },
    'inspections-stations': { type: 'string', default: '2000000' },
    'maintenance-orders': { type: 'string', default: '3000000' },
    'inspection-history': { type: 'string', default: '4' },
    'stock-movements': { type: 'string', default: '20000000' },
  },
});
const CUSTOMERS = Number(values.customers);
const REQUESTS = Number(values.requests);
const PROVINCE = '370000';
const STAGE = 'intentional';

interface ListResult {
  customers: number;
  seedSeconds: number;
  matching: number;
  http: Summary;
  httpConcurrent: Summary;
  driver: Summary;
  naiveCount: Summary;
  keyword: KeywordResult;
  writeCost: WriteCost;
}

async function benchList(): Promise<ListResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pv-bench-'));
  try {
    console.log(`seeding ${CUSTOMERS} customers into ${dataDir} …`);
    const t0 = performance.now();
    seed(dataDir, CUSTOMERS, 200);
    const seedSeconds = (performance.now() - t0) / 1000;

    const { base, token, handle, close } = await serve(dataDir);
    try {
      const url = `${base}/api/system/customer/index?page=1&limit=20&province_code=${PROVINCE}&stage=${STAGE}&sort=created_at&order=DESC`;
      let matching = 0;
      const callApi = async () => {
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { code: number; data: { list: unknown[]; total: number } };
        if (body.code !== 200 || body.data.list.length === 0) throw new Error(`bad reply ${JSON.stringify(body).slice(0, 200)}`);
        matching = body.data.total;
      };
      // The endpoint's own queries (the page of rows with agent and owner names, then the total from
      // the trigger-kept counter table), called directly on the same handle: no HTTP, no auth.
      const admin: AuthContext = { userId: 1, sessionId: '', username: 'admin', fullName: '', identity: 'system', agentId: null, departmentId: null, avatar: null, isAdmin: true, roles: ['admin'], permissions: new Set(), scope: 'all' };
      const listQuery = { page: '1', limit: '20', province_code: PROVINCE, stage: STAGE, sort: 'created_at', order: 'DESC' };
      const callDriver = async () => {
        const result = await listRecords(handle.db, customerResource, listQuery, admin, 'zh');
        if (result.list.length !== 20) throw new Error('baseline returned a short page');
      };
      // What the counters save: the same total counted from the rows.
      const callNaiveCount = async () => {
        await query(handle.db, sql`select count(*) from customers where province_code = ${PROVINCE} and stage = ${STAGE}`);
      };
      for (let i = 0; i < 50; i++) { await callApi(); await callDriver(); } // warm caches and JIT
      const driverRun = await drive(REQUESTS, 1, callDriver);
      const naiveRun = await drive(Math.min(REQUESTS, 50), 1, callNaiveCount);
      const httpRun = await drive(REQUESTS, 1, callApi);
      const concurrentRun = await drive(REQUESTS, 8, callApi);
      const keyword = await benchKeywords(base, token, 'customer', await customerKeywords(handle), Math.min(REQUESTS, 200));
      const writeCost = await searchWriteCost(handle, 20_000);
      return {
        keyword,
        writeCost,
        customers: CUSTOMERS,
        seedSeconds,
        matching,
        http: summarize(httpRun.samples, httpRun.wallMs),
        httpConcurrent: summarize(concurrentRun.samples, concurrentRun.wallMs),
        driver: summarize(driverRun.samples, driverRun.wallMs),
        naiveCount: summarize(naiveRun.samples, naiveRun.wallMs),
      };
    } finally {
      await close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchBundle(): Promise<{ console: BundleMeasure; bare: BundleMeasure }> {
  execFileSync('pnpm', ['--filter', '@pv/console', 'build'], { stdio: 'inherit', cwd: REPO_ROOT });
  execFileSync('pnpm', ['exec', 'vite', 'build', '--config', 'bare-admin/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit', cwd: resolve(REPO_ROOT, 'packages/bench') });
  const served = await serveBuild(join(REPO_ROOT, 'console/dist'));
  const consoleJs = await measureLoginJs(join(REPO_ROOT, 'console/dist'), 'input[type=password]', served).finally(() => served.close());
  const bare = await measureLoginJs(join(REPO_ROOT, 'packages/bench/bare-admin/dist'), 'input[type=password]');
  return { console: consoleJs, bare };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const row = (name: string, s: Summary) => `| ${name} | ${s.n} | ${ms(s.p50)} | ${ms(s.p99)} | ${s.perSecond.toFixed(0)}/s |`;

async function main() {
  const list = values['skip-list'] ? null : await benchList();
  const bundle = values['skip-bundle'] ? null : await benchBundle();
  const xlsx = values['skip-export'] ? null : await benchExport(Number(values['export-rows']));
  const opsUrl = values['ops-database-url'];
  const ops = opsUrl && !values['skip-ops'] ? await benchOperations(opsUrl, values['ops-password'], Number(values['ops-requests'])) : null;
  const keywordPg = values['keyword-postgres'] ? await benchKeywordPostgres(values['keyword-postgres'], values['ops-password']) : null;
  const stats = values.stats ? await benchStats() : null;
  const daping = values.daping
    ? await benchDaping({ refreshes: Number(values['daping-refreshes']), frameSamples: Number(values['daping-frames']), screenshot: values['daping-screenshot'], dist: values['daping-dist'] })
    : null;
  if (daping) console.log('daping', daping);
  const load = values.load ? await benchLoad() : null;
  const inspections = values['inspections-postgres'] ? await benchInspections(values['inspections-postgres'], Number(values['inspections-stations']), Math.min(REQUESTS, 200), Number(values['maintenance-orders']), Number(values['inspection-history']), Number(values['stock-movements'])) : null;
  const date = new Date().toISOString().slice(0, 10);
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const measuredOn = `Measured by \`pnpm bench\` on ${date} — ${machine}.`;
  const header = [
    '# Performance',
    '',
    'Written by `pnpm bench`. Every number has its baseline measured in the same run; each section says when and where it was measured (a run rewrites only the sections it measured).',
  ];
  const sections: Record<string, string[]> = {};
  if (list) {
    sections['customer-list'] = [
      `## Customer list at ${list.customers.toLocaleString('en')} customers (embedded PGlite)`,
      '',
      `Seeded with \`pnpm seed --customers ${list.customers}\` in ${list.seedSeconds.toFixed(1)} s (set-based SQL, including start-up and index builds).`,
      `Query: page 1, 20 rows, \`province_code=${PROVINCE}\` and \`stage=${STAGE}\` (${list.matching.toLocaleString('en')} matching rows; the total is returned on every call), sorted by created time descending.`,
      '',
      '| what | requests | p50 | p99 | throughput |',
      '|---|---|---|---|---|',
      row('the same queries called directly on the database handle (baseline)', list.driver),
      row('HTTP on loopback, 1 in flight', list.http),
      row('HTTP on loopback, 8 in flight', list.httpConcurrent),
      row('for comparison: the total by count(*) over the rows', list.naiveCount),
      '',
      'PGlite runs every query on one connection, so with 8 requests in flight each waits its turn: throughput, not latency, is the number for that row. PostgreSQL (`DATABASE_URL`) serves them in parallel.',
      '',
      `Ratio HTTP / driver at p50: **${(list.http.p50 / list.driver.p50).toFixed(2)}×** (our overhead: routing, the token and session check, validation, JSON, the HTTP stack). The total comes from counter tables kept exact by statement-level triggers; counting the matching rows instead costs ${(list.naiveCount.p50 / list.driver.p50).toFixed(0)}× the whole baseline. Aim: p50 under 5 ms — ${list.http.p50 < 5 ? 'met' : 'not met'}.`,
      '',
      measuredOn,
    ];
  }
  if (list) sections['keyword-search'] = [...keywordSection(list, 'embedded PGlite'), '', measuredOn];
  if (keywordPg) sections['keyword-search-postgres'] = [...keywordSection(keywordPg, 'PostgreSQL'), '', measuredOn];
  if (daping) {
    const mib = (b: number) => `${(b / 2 ** 20).toFixed(2)} MiB`;
    const pct = (from: number, to: number) => `${to >= from ? '+' : ''}${(((to - from) / from) * 100).toFixed(1)}%`;
    const first = daping.heapCurve[0]![0];
    sections['daping'] = [
      `## Big screen: ${daping.refreshes.toLocaleString('en')} refreshes at ${daping.viewport} (Chromium)`,
      '',
      'The built daping app, every statistic answered with numbers that change each cycle (packages/bench/lib/daping-data.ts), refreshes driven back to back through its test hook. Heap: CDP HeapProfiler.collectGarbage, then Runtime.getHeapUsage; the split comes from a heap snapshot at both ends (V8 `code` nodes vs every other V8 node). Frames: requestAnimationFrame deltas over 1.5 s from the start of a refresh, after the memory cycles, each refresh sample followed by the same 1.5 s without a refresh.',
      '',
      '| what | value |',
      '|---|---|',
      `| JS heap after refresh ${first} (baseline) | ${mib(daping.heapAt10)} |`,
      `| JS heap after refresh ${daping.refreshes} | ${mib(daping.heapAtEnd)} (${pct(daping.heapAt10, daping.heapAtEnd)}) |`,
      `| JS heap along the way | ${daping.heapCurve.map(([c, b]) => `${c}: ${mib(b)}`).join(' → ')} |`,
      `| of which compiled code (V8 optimising hot functions) | ${mib(daping.codeAt10)} → ${mib(daping.codeAtEnd)} (${pct(daping.codeAt10, daping.codeAtEnd)}) |`,
      `| of which everything else: objects, arrays, strings, closures, shapes | ${mib(daping.objectsAt10)} → ${mib(daping.objectsAtEnd)} (${pct(daping.objectsAt10, daping.objectsAtEnd)}) |`,
      `| longest frame while a refresh draws and animates (${daping.frameSamples} refreshes) | ${daping.longestFrameMs} ms (95th percentile ${daping.p95FrameMs} ms) |`,
      `| floor on this machine: a bare 4K page changing at two opposite corners every frame, as long, same browser | ${daping.floorFrameMs} ms (95th percentile ${daping.floorP95FrameMs} ms) |`,
      `| baseline: longest frame over the same time without a refresh | ${daping.idleFrameMs} ms (95th percentile ${daping.idleP95FrameMs} ms) |`,
      `| longest long-animation-frame entry in those refreshes | ${daping.longestLoafMs ?? 'not supported'} ms |`,
      `| main thread busy between refreshes (10 s, clock and map pulses running) | ${(daping.idleMainThreadBusy * 100).toFixed(1)}% |`,
      `| time per refresh, back to back | ${(daping.secondsPerRefresh * 1000).toFixed(0)} ms |`,
      '',
      `Aims: heap within 10% — ${Math.abs(daping.growthPct) <= 10 ? 'met' : 'not met'} (everything but compiled code: ${pct(daping.objectsAt10, daping.objectsAtEnd)}); longest frame under 50 ms — ${daping.longestFrameMs < 50 ? 'met' : 'not met'} (a bare page changing across the screen, same run: ${daping.floorFrameMs} ms${daping.floorFrameMs >= 50 ? ', itself not under the aim' : ''}).`,
      '',
      measuredOn,
    ];
  }
  if (bundle) {
    const wire = bundle.console.wire;
    sections['login-js'] = [
      '## JavaScript loaded to show the login page',
      '',
      'Measured in Chromium: every script the page loads until it settles on the login form. Sizes of the built files: raw, gzip -9 and brotli 11 (what the build writes beside each file, scripts/precompress.ts). On the wire: the console served by the production static serving (packages/server/src/http/static.ts), script bytes as Chromium received them (CDP encodedDataLength, headers included), then a second visit in the same browser.',
      '',
      '| app | scripts | raw | gzip | brotli |',
      '|---|---|---|---|---|',
      `| bare react-admin app (baseline, packages/bench/bare-admin) | ${bundle.bare.files} | ${kb(bundle.bare.rawBytes)} | ${kb(bundle.bare.gzipBytes)} | ${kb(bundle.bare.brBytes)} |`,
      `| console | ${bundle.console.files} | ${kb(bundle.console.rawBytes)} | ${kb(bundle.console.gzipBytes)} | ${kb(bundle.console.brBytes)} |`,
      '',
      ...(wire
        ? [
            `Console on the wire, first visit: **${kb(wire.firstBytes)}** (content-encoding ${wire.firstEncodings.join(', ')}); second visit: ${wire.secondFromNetwork} scripts downloaded, ${wire.secondRevalidated} revalidated (304, headers only: the unhashed no-eval.js and ie-check.js are no-cache), ${kb(wire.secondBytes)} in all (hashed assets are \`immutable\` for a year and cache-first in the service worker).`,
            '',
            `Ratio console on the wire / bare app brotli: **${(wire.firstBytes / bundle.bare.brBytes).toFixed(2)}×**; console gzip / bare gzip: ${(bundle.console.gzipBytes / bundle.bare.gzipBytes).toFixed(2)}×. Aim: no larger than the bare app — ${wire.firstBytes <= bundle.bare.brBytes ? 'met' : 'not met'}; a second visit downloads no JavaScript — ${wire.secondFromNetwork === 0 ? 'met' : 'not met'}.`,
          ]
        : []),
      '',
      measuredOn,
    ];
  }
  if (xlsx) {
    const r = (what: string, m: { rows: number; seconds: number; rssGrowthMiB: number; rssPeakMiB: number; bytes: number }) =>
      `| ${what} | ${m.rows.toLocaleString('en')} | ${m.seconds.toFixed(2)} s | ${(m.rows / m.seconds).toFixed(0)}/s | ${(m.bytes / 2 ** 20).toFixed(1)} MiB | ${m.rssGrowthMiB.toFixed(0)} MiB | ${m.rssPeakMiB.toFixed(0)} MiB |`;
    sections['customer-export'] = [
      `## Excel export of ${xlsx.customers.toLocaleString('en')} customers (embedded PGlite)`,
      '',
      'GET /api/system/customer/export over HTTP on loopback, every row, every column of the customer export (labels, region names, China time); keyset batches of 1,000 written into a streamed zip. Peak RSS growth is of the whole process (server and client) above its RSS just before the run.',
      '',
      '| what | rows | time | rows/s | bytes | peak RSS growth | peak RSS |',
      '|---|---|---|---|---|---|---|',
      r('xlsx export, a fifth of the rows (first run on its database)', xlsx.small),
      r('xlsx export, all rows', xlsx.full),
      r('baseline: the same rows as JSON index pages of 500 (OFFSET paging)', xlsx.json),
      '',
      `Memory: ${xlsx.full.rssGrowthMiB.toFixed(0)} MiB at ${xlsx.full.rows.toLocaleString('en')} rows vs ${xlsx.small.rssGrowthMiB.toFixed(0)} MiB at ${xlsx.small.rows.toLocaleString('en')} (each export after a warm-up export; peak RSS is the better comparison across runs). Time ratio export / JSON pages: **${(xlsx.full.seconds / xlsx.json.seconds).toFixed(2)}×**.`,
      '',
      measuredOn,
    ];
  }
  if (stats) sections.statistics = [...stats, '', measuredOn];
  if (load) sections.load = [...loadSection(load), '', measuredOn];
  if (inspections) sections.inspections = [...inspectionsSection(inspections), '', measuredOn];
  if (ops) sections['operations-lists'] = [...operationsSection(ops), '', measuredOn];
  const out = join(REPO_ROOT, 'docs/PERFORMANCE.md');
  console.log(writeReport(out, header, sections, ['customer-list', 'keyword-search', 'keyword-search-postgres', 'operations-lists', 'statistics', 'login-js', 'customer-export', 'load', 'inspections', 'daping']));
  console.log(`\nwritten to ${out}`);
}

/** Statistics endpoints (lib/statistics.ts) on the ops PostgreSQL, or on a small PGlite seeded here. */
async function benchStats(): Promise<string[]> {
  const url = values['ops-database-url'];
  const dataDir = url ? null : mkdtempSync(join(tmpdir(), 'pv-bench-stats-'));
  try {
    const stationsN = String(values['stats-stations']);
    if (dataDir) seed(dataDir, Number(values['stats-customers']), 200, ['--stations', stationsN, '--teams', '20', '--work-orders', stationsN]);
    const server = await serve(url ? { databaseUrl: url, password: values['ops-password'] } : dataDir!);
    try {
      const [agentUser, agentPass] = (values['stats-agent'] ?? '').split(':');
      const agentToken = agentUser && agentPass ? await server.login(agentUser, agentPass) : undefined;
      const [n] = await query<{ c: number; s: number }>(server.handle.db, sql`select (select count(*) from customers)::bigint as c, (select count(*) from stations)::bigint as s`);
      const cases = await benchStatistics({ base: server.base, token: server.token, db: server.handle.db, agentToken, naiveRequests: Number(values['stats-naive-requests']) });
      const worst = Math.max(...cases.map((c) => c.http.p95));
      return [
        `## Statistics endpoints at ${Number(n!.c).toLocaleString('en')} customers and ${Number(n!.s).toLocaleString('en')} stations (${url ? 'PostgreSQL' : 'embedded PGlite'})`,
        '',
        `Each endpoint over HTTP on loopback, ${cases[0]?.http.n ?? 0} requests one at a time, beside the naive SQL it replaces (the same numbers counted from the base tables, ${values['stats-naive-requests']} runs each) run on the same handle. The endpoints read rollup tables kept by statement-level triggers (modules/statistic/rollup.ts).${agentToken ? ` "agent user" rows: ${String(values['stats-agent']).split(':')[0]} in the agent scope (its agent tree; the built-in agent role has no statistic:view, so it was granted for the run).` : ''}`,
        '',
        ...statisticsTable(cases),
        '',
        `Worst HTTP p95: **${ms(worst)}**. Aim: under 50 ms p95 — ${worst < 50 ? 'met' : 'not met'}.`,
      ];
    } finally {
      await server.close();
    }
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const caseRow = (c: ListCase) =>
  `| ${c.name} | ${c.total.toLocaleString('en')} | ${ms(c.http.p50)} | **${ms(c.http.p95)}** | ${ms(c.http.p99)} | ${ms(c.driver.p50)} | ${(c.http.p50 / c.driver.p50).toFixed(2)}× | ${ms(c.naiveCount.p50)} |`;

function operationsSection(ops: Awaited<ReturnType<typeof benchOperations>>): string[] {
  const all = ops.agent ? [...ops.cases, ops.agent] : ops.cases;
  const worst = Math.max(...all.map((c) => c.http.p95));
  return [
    `## Station, work-order and self-audit lists at ${ops.stations.toLocaleString('en')} stations and ${ops.workOrders.toLocaleString('en')} work orders (PostgreSQL)`,
    '',
    `Seeded with \`pnpm seed --agents 5000 --customers 5000000 --stations 2000000 --work-orders 10000000 --teams 2000 --formal-share 0.45\` into PostgreSQL 15 (DATABASE_URL); ${ops.selfAudits.toLocaleString('en')} self-audits. Every case: page 1 (unless said), 20 rows, the total returned on every call, ${all[0]?.http.n ?? 0} requests one at a time.`,
    '',
    '| list and filter | matching rows | HTTP p50 | HTTP p95 | HTTP p99 | baseline: same queries on the db handle, p50 | HTTP / baseline | for comparison: total by count(*) over the rows, p50 |',
    '|---|---|---|---|---|---|---|---|',
    ...all.map(caseRow),
    '',
    `Excel export of the station list (GET /api/system/station/export?province_code=…, streamed xlsx, keyset batches), after a warm-up run: ${ops.exports
      .map((e) => `${e.rows.toLocaleString('en')} rows in ${e.seconds.toFixed(1)} s, ${(e.bytes / 2 ** 20).toFixed(1)} MiB, peak RSS growth ${e.rssGrowthMiB.toFixed(0)} MiB (peak RSS ${e.rssPeakMiB.toFixed(0)} MiB)`)
      .join('; ')}.`,
    '',
    `Worst HTTP p95: **${ms(worst)}**. Aim: every list page under 50 ms p95 — ${worst < 50 ? 'met' : 'not met'}. Totals come from the trigger-kept counter tables (station_counts, work_order_counts, self_audit_counts and their per-region tables); a team filter is not a counter column, so that case counts its rows through the (team_id, status) index.`,
  ];
}

interface LoadRun {
  where: string;
  customers: number;
  stations: number;
  seedSeconds: number;
  baseline: LoadResult;
  loaded: LoadResult;
}

/** The load test (lib/load.ts) on PGlite, then on a fresh PostgreSQL database when --load-postgres is given. */
async function benchLoad(): Promise<LoadRun[]> {
  execFileSync('pnpm', ['--filter', '@pv/server', 'build'], { stdio: 'inherit', cwd: REPO_ROOT });
  const customers = Number(values['load-customers']);
  const seedArgs = ['--stations', String(customers * 0.4), '--work-orders', String(customers * 0.4), '--teams', '20'];
  const clients = Number(values['load-clients']);
  const seconds = Number(values['load-seconds']);
  const runs: LoadRun[] = [];
  const measure = async (where: string, target: string | { databaseUrl: string }, dataDir: string) => {
    const t0 = performance.now();
    seed(target, customers, 200, seedArgs);
    const seedSeconds = (performance.now() - t0) / 1000;
    const server = await startBuiltServer(typeof target === 'string' ? { DATA_DIR: dataDir } : { DATA_DIR: dataDir, DATABASE_URL: target.databaseUrl });
    try {
      const pid = server.child.pid!;
      console.log(`load on ${where}: baseline, 1 user for ${Math.min(seconds, 15)} s …`);
      const baseline = await runLoad({ base: server.base, serverPid: pid, clients: 1, seconds: Math.min(seconds, 15) });
      console.log(`load on ${where}: ${clients} users for ${seconds} s …`);
      const loaded = await runLoad({ base: server.base, serverPid: pid, clients, seconds });
      console.log(where, { requests: loaded.requests, errors: loaded.errorsByStatus, p50: loaded.all.p50, p99: loaded.all.p99, perSecond: loaded.perSecond });
      runs.push({ where, customers, stations: customers * 0.4, seedSeconds, baseline, loaded });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'pv-bench-load-'));
  try {
    await measure('PGlite', dataDir, dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const pgServer = values['load-postgres'];
  if (pgServer) {
    // a database of its own on that server (the test helper creates it and drops it on close)
    process.env.TEST_DATABASE_URL = pgServer;
    const { freshDb } = await import('@pv/server/test/helpers.ts');
    const db = await freshDb();
    const pgDataDir = mkdtempSync(join(tmpdir(), 'pv-bench-load-'));
    try {
      await measure('PostgreSQL', { databaseUrl: db.url! }, pgDataDir);
    } finally {
      await db.close();
      rmSync(pgDataDir, { recursive: true, force: true });
    }
  }
  return runs;
}

function loadSection(runs: LoadRun[]): string[] {
  const first = runs[0]!;
  const errors = runs.reduce((n, r) => n + r.loaded.errors, 0);
  return [
    `## Load: ${first.loaded.clients} users for ${first.loaded.seconds.toFixed(0)} s (${runs.map((r) => r.where).join(' and ')})`,
    '',
    `The compiled server (\`node packages/server/dist/main.js\`) as its own process, seeded with ${first.customers.toLocaleString('en')} customers, ${first.stations.toLocaleString('en')} stations and as many work orders (${runs.map((r) => `${r.where} ${r.seedSeconds.toFixed(0)} s`).join(', ')}). Each user, with its own keep-alive connection, loops through: 50% list pages (customers: newest, page 3 of a province and stage, a one-character and a phone-prefix keyword; stations: newest, page 2 of a status; work orders: newest), 25% a customer's or station's detail, 15% an edit of one of its own customers with the version it read, 10% freezing or unfreezing one of its own stations (a lifecycle action with a reason; timeline and system log rows written in its transaction). Baseline: one user running the same mix in the same run (15 s). The load client shares the machine's ${cpus().length} cores with the server.`,
    '',
    '| database | what | requests | p50 | p99 | throughput | p50 / one user |',
    '|---|---|---|---|---|---|---|',
    ...runs.flatMap((r) => [
      ...loadRows(`${r.where}, one user (baseline)`, r.baseline, r.baseline.all.p50).slice(0, 1),
      ...loadRows(`${r.where}, ${r.loaded.clients} users`, r.loaded, r.baseline.all.p50),
    ]),
    '',
    ...runs.map(
      (r) =>
        `${r.where}: **${r.loaded.perSecond.toFixed(0)} requests/s**, ${r.loaded.errors} errors of ${r.loaded.requests.toLocaleString('en')}${r.loaded.errors ? ` (${Object.entries(r.loaded.errorsByStatus).map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}, server peak RSS ${r.loaded.serverRssMiB.toFixed(0)} MiB; one user alone: ${r.baseline.perSecond.toFixed(0)}/s at p50 ${ms(r.baseline.all.p50)}.`,
    ),
    '',
    `Aim: 0 errors — ${errors === 0 ? 'met' : 'not met'}. PGlite runs every query on one connection, so 100 users queue for it: its latency under load is the queue, its throughput the number to read. PostgreSQL serves up to 10 at once (the pool of db/client.ts).`,
  ];
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Keyword search on a PostgreSQL seeded beforehand (\`pnpm seed --customers 5000000\` with DATABASE_URL):
 * the same cases and write cost as on PGlite, signed in with --ops-password.
 */
async function benchKeywordPostgres(databaseUrl: string, password: string): Promise<KeywordRun> {
  const { base, token, handle, close } = await serve({ databaseUrl, password });
  try {
    const [count] = await query<{ n: number }>(handle.db, sql`select count(*)::int as n from customers`);
    const keyword = await benchKeywords(base, token, 'customer', await customerKeywords(handle), 200);
    const writeCost = await searchWriteCost(handle, 20_000);
    return { customers: count?.n ?? 0, keyword, writeCost };
  } finally {
    await close();
  }
}

type KeywordRun = Pick<ListResult, 'customers' | 'keyword' | 'writeCost'>;

/** Keyword search beside the plain page (lib/keyword.ts) and what its trigram indexes cost on writes. */
function keywordSection(list: KeywordRun, where: string): string[] {
  const { keyword: k, writeCost: w } = list;
  const ratio = (s: Summary) => `${(s.p50 / k.plain.p50).toFixed(2)}×`;
  const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;
  const selective = k.cases.filter((c) => c.total <= 1000);
  const worst = Math.max(...selective.map((c) => c.run.p50 / k.plain.p50));
  const broad = k.cases.filter((c) => c.total > 1000);
  return [
    `## Keyword search at ${list.customers.toLocaleString('en')} customers (${where})`,
    '',
    `GET /api/system/customer/index?page=1&limit=20&q=… over HTTP on loopback, 1 in flight, beside the plain first page (no filter, ${k.plainTotal.toLocaleString('en')} rows) in the same run. \`q\` matches name, phone or address (resources/query.ts keywordMatch): three or more characters through a pg_trgm GIN index per column (migration 0027), two through the character-pair GIN index of name and address (migration 0028) and as a phone prefix; the total is counted over the matching rows.`,
    '',
    '| what | keyword | matching rows | p50 | p99 | p50 / plain |',
    '|---|---|---|---|---|---|',
    `| plain first page (baseline) | | ${k.plainTotal.toLocaleString('en')} | ${ms(k.plain.p50)} | ${ms(k.plain.p99)} | 1.00× |`,
    ...k.cases.map((c) => `| ${c.label} | ${c.q} | ${c.total.toLocaleString('en')} | ${ms(c.run.p50)} | ${ms(c.run.p99)} | ${ratio(c.run)} |`),
    '',
    `Aim: keyword p50 within 3× of the plain page — worst of the keywords a person looks someone up by (up to 1,000 matches): ${worst.toFixed(2)}×, ${worst <= 3 ? 'met' : 'not met'}.${broad.length ? ` A keyword matching thousands of rows pays for counting them: ${broad.map((c) => `${c.q} ${(c.run.p50 / k.plain.p50).toFixed(2)}×`).join(', ')}.` : ''} One character is not indexed (DECISIONS.md, "Keyword search").`,
    '',
    `Cost of the ${w.indexes.length} customer search indexes (${w.indexes.join(', ')}): ${mib(w.indexBytes)} beside a ${mib(w.tableBytes)} table; building them takes ${w.buildSeconds.toFixed(1)} s (the seed drops and rebuilds every index, so this is its share of the seed time). Inserting ${w.rows.toLocaleString('en')} customers in one statement: ${(w.insertWith / 1000).toFixed(2)} s with them, ${(w.insertWithout / 1000).toFixed(2)} s without (**${(w.insertWith / w.insertWithout).toFixed(2)}×**).`,
  ];
}
