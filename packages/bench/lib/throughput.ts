/**
 * Throughput against the database's own speed (issue 30): the product's customer list page and
 * customer detail beside a bare Node HTTP server (lib/bare-server.ts) running the statements the
 * product runs for the same request, through the same driver and pool size, at the same concurrency.
 * Both are driven by one lean client (lib/hammer.ts, its own process) in interleaved blocks — bare,
 * product, product, bare, … — so a change in the machine's load (other work on its 2 cores) falls on
 * both sides alike. Besides requests per second, the CPU time each server process spent per request
 * (/proc) — a number the machine's load disturbs far less.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { observeStatements, openDb, query } from '@pv/server/src/db/client.ts';
import type { AuthContext } from '@pv/server/src/modules/auth/context.ts';
import { customerResource } from '@pv/server/src/modules/customer/resource.ts';
import { getRecord, listRecords } from '@pv/server/src/resources/service.ts';
import type { Statement } from './bare-server.ts';
import type { HammerOptions, HammerResult } from './hammer.ts';
import { type Summary, summarize } from './stats.ts';

const BENCH_DIR = join(import.meta.dirname, '..');

/** The customer list page as the console asks for it (意向客户, newest first) and one customer's detail. */
export const LIST_QUERY = { page: '1', limit: '20', stage: 'intentional', sort: 'created_at', order: 'DESC' };
const listPath = (q: Record<string, string>) => `/api/system/customer/index?${new URLSearchParams(q)}`;

/** Runs lib/hammer.ts as its own process (pinned to `cpus` with taskset when given). */
export function runHammer(opts: HammerOptions, cpus?: string): Promise<HammerResult> {
  const args = ['--import', 'tsx', join(BENCH_DIR, 'lib/hammer.ts'), JSON.stringify(opts)];
  const [file, argv] = cpus ? ['taskset', ['-c', cpus, process.execPath, ...args]] : [process.execPath, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { cwd: BENCH_DIR, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as HammerResult) : reject(new Error(`hammer exited ${code}`))));
  });
}

/** CPU time (user + system) a process has used, in ms (Linux /proc; 0 elsewhere). */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in ticks of 1/100 s
  } catch {
    return 0;
  }
}

/** The statements `fn` runs on a handle of that database (text and parameters, in order). */
async function capture(databaseUrl: string, fn: (db: Awaited<ReturnType<typeof openDb>>['db']) => Promise<unknown>): Promise<Statement[]> {
  const handle = await openDb({ databaseUrl, migrate: false });
  try {
    await fn(handle.db); // once to warm, then the statements of the second run
    const seen: Statement[] = [];
    const stop = observeStatements(handle.db, (text, params) => seen.push({ text, params: [...params] }));
    await fn(handle.db);
    stop();
    return seen;
  } finally {
    await handle.close();
  }
}

export interface Side {
  requests: number;
  errors: number;
  perSecond: number;
  latency: Summary;
  /** the server process's CPU ms per request */
  cpuPerRequest: number;
}

export interface ThroughputCase {
  name: string;
  statements: Statement[];
  single: { product: Summary; bare: Summary };
  product: Side;
  bare: Side;
}

export interface ThroughputResult {
  connections: number;
  rounds: number;
  blockSeconds: number;
  poolSize: number;
  cases: ThroughputCase[];
  loadBefore: number[];
  loadAfter: number[];
}

interface Server {
  port: number;
  pid: number;
}

/** Starts the bare server for these routes; resolves when it listens. */
async function startBare(databaseUrl: string, poolSize: number, routes: Record<string, Statement[]>): Promise<Server & { child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(BENCH_DIR, 'lib/bare-server.ts'), JSON.stringify({ databaseUrl, poolSize, routes })], { cwd: BENCH_DIR, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`bare server exited ${code}`)));
  });
  return { port, pid: child.pid!, child };
}

/**
 * Product (its server already running on `product`, signed in with `token`) against the bare server,
 * list then detail: a warm-up, the single-client latency (one connection), then `rounds` pairs of
 * blocks of `blockSeconds` at `connections` connections, the order alternating.
 */
export async function benchThroughput(opts: {
  databaseUrl: string;
  product: Server;
  token: string;
  poolSize: number;
  connections?: number;
  rounds?: number;
  blockSeconds?: number;
  clientCpus?: string;
}): Promise<ThroughputResult> {
  const connections = opts.connections ?? 100;
  const rounds = opts.rounds ?? 4;
  const blockMs = (opts.blockSeconds ?? 5) * 1000;
  const loadBefore = loadavg();
  const admin: AuthContext = { userId: 1, sessionId: '', username: 'admin', fullName: '', identity: 'system', agentId: null, departmentId: null, avatar: null, isAdmin: true, roles: ['admin'], permissions: new Set(), scope: 'all' };
  const probe = await openDb({ databaseUrl: opts.databaseUrl, migrate: false });
  const [someone] = await query<{ id: number }>(probe.db, sql`select id from customers where stage = 'intentional' order by id limit 1 offset 100`);
  await probe.close();
  const id = someone!.id;
  const cases = [
    { name: 'customer list (意向客户 page 1, newest first)', path: listPath(LIST_QUERY), bare: '/list', statements: await capture(opts.databaseUrl, (db) => listRecords(db, customerResource, LIST_QUERY, admin, 'zh')) },
    { name: 'customer detail (get_info)', path: `/api/system/customer/get_info?id=${id}`, bare: '/detail', statements: await capture(opts.databaseUrl, (db) => getRecord(db, customerResource, id, admin, 'zh')) },
  ];
  const bare = await startBare(opts.databaseUrl, opts.poolSize, Object.fromEntries(cases.map((c) => [c.bare, c.statements])));
  const headers = { authorization: `Bearer ${opts.token}` };
  const results: ThroughputCase[] = [];
  try {
    for (const c of cases) {
      const target = (side: 'product' | 'bare') => (side === 'product' ? { port: opts.product.port, paths: [c.path], headers, pid: opts.product.pid } : { port: bare.port, paths: [c.bare], headers: {}, pid: bare.pid });
      const block = async (side: 'product' | 'bare', conns: number, ms: number) => {
        const { pid, ...t } = target(side);
        const cpu0 = cpuMs(pid);
        const r = await runHammer({ ...t, connections: conns, ms }, opts.clientCpus);
        return { ...r, cpu: cpuMs(pid) - cpu0 };
      };
      for (const side of ['bare', 'product'] as const) await block(side, connections, 1500); // warm-up: connections, prepared statements, JIT
      const single = { product: [] as number[], bare: [] as number[] };
      let singleMs = 0;
      for (const side of ['bare', 'product', 'product', 'bare'] as const) {
        const r = await block(side, 1, 1500);
        single[side].push(...r.samples);
        singleMs += r.wallMs / 2;
      }
      const acc = { product: { requests: 0, errors: 0, wallMs: 0, cpu: 0, samples: [] as number[] }, bare: { requests: 0, errors: 0, wallMs: 0, cpu: 0, samples: [] as number[] } };
      for (let i = 0; i < rounds; i++) {
        for (const side of i % 2 ? (['product', 'bare'] as const) : (['bare', 'product'] as const)) {
          const r = await block(side, connections, blockMs);
          const a = acc[side];
          a.requests += r.requests;
          a.errors += r.errors;
          a.wallMs += r.wallMs;
          a.cpu += r.cpu;
          a.samples.push(...r.samples);
          console.log(`  ${c.name} ${side}: ${((r.requests / r.wallMs) * 1000).toFixed(0)}/s, ${r.errors} errors, load ${loadavg()[0]!.toFixed(1)}`);
        }
      }
      const side = (s: 'product' | 'bare'): Side => ({
        requests: acc[s].requests,
        errors: acc[s].errors,
        perSecond: (acc[s].requests / acc[s].wallMs) * 1000,
        latency: summarize(acc[s].samples, acc[s].wallMs),
        cpuPerRequest: acc[s].cpu / acc[s].requests,
      });
      results.push({ name: c.name, statements: c.statements, single: { product: summarize(single.product, singleMs), bare: summarize(single.bare, singleMs) }, product: side('product'), bare: side('bare') });
    }
  } finally {
    bare.child.kill('SIGTERM');
  }
  return { connections, rounds, blockSeconds: blockMs / 1000, poolSize: opts.poolSize, cases: results, loadBefore, loadAfter: loadavg() };
}

const f1 = (v: number) => v.toFixed(1);
const f2 = (v: number) => v.toFixed(2);
const la = (l: number[]) => l.map(f1).join(' / ');

/** The section's lines. */
export function throughputSection(r: ThroughputResult): string[] {
  const ratios = r.cases.map((c) => c.product.perSecond / c.bare.perSecond);
  const worst = Math.min(...ratios);
  return [
    `## Throughput: the customer list and detail beside the driver alone (PostgreSQL, ${r.connections} connections)`,
    '',
    `The compiled server and a bare Node HTTP server (packages/bench/lib/bare-server.ts: no framework, no auth, no row shaping) running the statements the product runs for the same request — captured from the product's own code, text and parameters — through the same driver (postgres-js, prepared statements, custom plans) with the same pool size (${r.poolSize}). One lean client (lib/hammer.ts, its own process, keep-alive sockets, no think time) drives both in interleaved blocks: ${r.rounds} blocks of ${r.blockSeconds} s per side and case, the order alternating, after a warm-up; single-client latency from one connection, 2 × 1.5 s per side. CPU per request: the server process's user + system time over its blocks divided by its requests (/proc), steadier than req/s on a shared machine. Signed in as admin.`,
    '',
    '| case | statements per request | bare req/s | product req/s | **product / bare** | bare p50 / p99 | product p50 / p99 | single client: bare p50 | product p50 | CPU per request: bare | product |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...r.cases.map(
      (c) =>
        `| ${c.name} | ${c.statements.length} | ${c.bare.perSecond.toFixed(0)} | ${c.product.perSecond.toFixed(0)} | **${f2(c.product.perSecond / c.bare.perSecond)}** | ${f1(c.bare.latency.p50)} / ${f1(c.bare.latency.p99)} ms | ${f1(c.product.latency.p50)} / ${f1(c.product.latency.p99)} ms | ${f2(c.single.bare.p50)} ms | ${f2(c.single.product.p50)} ms | ${f2(c.bare.cpuPerRequest)} ms | ${f2(c.product.cpuPerRequest)} ms |`,
    ),
    '',
    `Errors: ${r.cases.map((c) => `${c.name.split(' (')[0]} ${c.product.errors} product, ${c.bare.errors} bare`).join('; ')}.`,
    '',
    `The statements (the product's, run by both): ${r.cases.map((c) => `${c.name.split(' (')[0]}: ${c.statements.map((s) => `\`${s.text.replace(/\s+/g, ' ').slice(0, 90)}…\``).join(' and ')}`).join('; ')}.`,
    '',
    `Aim: the product at ≥ 50 % of the bare server's throughput for both — worst ${f2(worst)}, ${worst >= 0.5 ? 'met' : 'not met'}.`,
    '',
    `Load average of the 2-core machine (1 / 5 / 15 min): ${la(r.loadBefore)} before, ${la(r.loadAfter)} after.`,
  ];
}
