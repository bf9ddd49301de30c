/**
 * Two API processes behind the proxy against one (issue 30): two compiled servers on one PostgreSQL
 * database, and two nginx instances in front — one proxying to the first server only, one to both (the
 * production shape of deploy/nginx.conf: an upstream with keep-alive connections). The lean client
 * (lib/hammer.ts) drives the customer list through each in interleaved blocks, pinned to the last CPU
 * with taskset when the machine has more than one, so it does not take the servers' cores.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerProcess } from '@pv/server/test/process.ts';
import { startBuiltServer } from './load.ts';
import { cpuMs, LIST_QUERY, runHammer } from './throughput.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/** nginx in the foreground on `port`, proxying to `backends` (its own prefix folder under `dir`). */
async function startNginx(dir: string, port: number, backends: number[]): Promise<ChildProcess> {
  const prefix = join(dir, `nginx-${port}`);
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `worker_processes 1;
error_log ${prefix}/logs/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  upstream api { ${backends.map((p) => `server 127.0.0.1:${p};`).join(' ')} keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / { proxy_pass http://api; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host $http_host; }
  }
}
`,
  );
  const child = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  await new Promise((r) => setTimeout(r, 500));
  if (child.exitCode !== null) throw new Error(`nginx exited ${child.exitCode}`);
  return child;
}

export interface ScalingResult {
  one: { perSecond: number; cpuPerRequest: number; errors: number };
  two: { perSecond: number; cpuPerRequest: number; errors: number };
  rounds: number;
  blockSeconds: number;
  clientCpus: string | null;
  cores: number;
  loadBefore: number[];
  loadAfter: number[];
}

/** `first` is a server already running on the database; a second one is started on it for the run. */
export async function benchScaling(opts: { first: ServerProcess; databaseUrl: string; token: string; rounds?: number; blockSeconds?: number; env?: Record<string, string> }): Promise<ScalingResult> {
  const rounds = opts.rounds ?? 3;
  const blockMs = (opts.blockSeconds ?? 5) * 1000;
  const cores = cpus().length;
  const clientCpus = cores > 1 ? String(cores - 1) : null;
  const loadBefore = loadavg();
  const dir = mkdtempSync(join(tmpdir(), 'pv-bench-scaling-'));
  const second = await startBuiltServer({ DATA_DIR: dir, DATABASE_URL: opts.databaseUrl, ...(opts.env ?? {}) });
  const nginx: ChildProcess[] = [];
  try {
    const [p1, p2] = [await freePort(), await freePort()];
    nginx.push(await startNginx(dir, p1, [opts.first.port]), await startNginx(dir, p2, [opts.first.port, second.port]));
    const path = `/api/system/customer/index?${new URLSearchParams(LIST_QUERY)}`;
    const headers = { authorization: `Bearer ${opts.token}` };
    const pids = [opts.first.child.pid!, second.child.pid!];
    const acc = { one: { requests: 0, wallMs: 0, cpu: 0, errors: 0 }, two: { requests: 0, wallMs: 0, cpu: 0, errors: 0 } };
    const block = async (which: 'one' | 'two', ms: number) => {
      const cpu0 = pids.reduce((n, p) => n + cpuMs(p), 0);
      const r = await runHammer({ port: which === 'one' ? p1 : p2, paths: [path], headers, connections: 100, ms }, clientCpus ?? undefined);
      return { ...r, cpu: pids.reduce((n, p) => n + cpuMs(p), 0) - cpu0 };
    };
    await block('one', 1500);
    await block('two', 1500);
    for (let i = 0; i < rounds; i++) {
      for (const which of i % 2 ? (['two', 'one'] as const) : (['one', 'two'] as const)) {
        const r = await block(which, blockMs);
        const a = acc[which];
        a.requests += r.requests;
        a.wallMs += r.wallMs;
        a.cpu += r.cpu;
        a.errors += r.errors;
        console.log(`  scaling ${which}: ${((r.requests / r.wallMs) * 1000).toFixed(0)}/s, load ${loadavg()[0]!.toFixed(1)}`);
      }
    }
    const side = (a: (typeof acc)['one']) => ({ perSecond: (a.requests / a.wallMs) * 1000, cpuPerRequest: a.cpu / a.requests, errors: a.errors });
    return { one: side(acc.one), two: side(acc.two), rounds, blockSeconds: blockMs / 1000, clientCpus, cores, loadBefore, loadAfter: loadavg() };
  } finally {
    for (const n of nginx) n.kill('SIGQUIT');
    second.child.kill('SIGTERM');
    await second.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

export function scalingLines(r: ScalingResult): string[] {
  const ratio = r.two.perSecond / r.one.perSecond;
  return [
    `**Two API processes behind the proxy** (two nginx in front of the same servers, one proxying to one of them, one to both; the customer list at 100 connections, ${r.rounds} blocks of ${r.blockSeconds} s each, interleaved${r.clientCpus ? `; the client pinned to CPU ${r.clientCpus} with taskset` : ''}): one process ${r.one.perSecond.toFixed(0)} req/s, two ${r.two.perSecond.toFixed(0)} req/s — **${ratio.toFixed(2)}×** (errors ${r.one.errors + r.two.errors}). API CPU per request ${r.one.cpuPerRequest.toFixed(2)} ms with one, ${r.two.cpuPerRequest.toFixed(2)} ms with two. Aim ≥ 1.6× when the machine has the cores: ${ratio >= 1.6 ? 'met' : `not met here — this machine has ${r.cores} cores for the client, nginx, PostgreSQL and the servers together, and one server with PostgreSQL already keeps both busy; a second process only shares the same cores. Each process needs about its CPU per request × its rate of one core, so with a core per process (and PostgreSQL's own) the processes add up`}. Load average: ${r.loadBefore.map((v) => v.toFixed(1)).join(' / ')} before, ${r.loadAfter.map((v) => v.toFixed(1)).join(' / ')} after.`,
  ];
}
