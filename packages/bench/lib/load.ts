/**
 * Load test: the compiled server (`node packages/server/dist/main.js`, its own process, as in
 * production) under C virtual users for S seconds, each looping through a mix of what office staff
 * do all day: list pages (filters, sorting, a keyword, later pages), a record's detail, an edit with
 * the version it read, and a lifecycle action. Every reply that is not 200 counts as an error.
 *
 * Each user edits only its own customers and freezes/unfreezes only its own stations, so a 409 would
 * be a real lost-update bug, not two users racing on purpose.
 */
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { type ServerProcess, startServer } from '@pv/server/test/process.ts';
import { BENCH_PASSWORD } from './server.ts';
import { type Summary, summarize } from './stats.ts';
import { cpuMs } from './throughput.ts';

export type LoadAction = 'list' | 'detail' | 'edit' | 'lifecycle';

/** Share of each action in a user's loop (sums to 1). */
const MIX: [LoadAction, number][] = [
  ['list', 0.5],
  ['detail', 0.25],
  ['edit', 0.15],
  ['lifecycle', 0.1],
];

export interface LoadResult {
  clients: number;
  /** mean think time between a user's requests (ms; 0 = back to back) */
  thinkMs: number;
  seconds: number;
  requests: number;
  errors: number;
  errorsByStatus: Record<string, number>;
  perSecond: number;
  all: Summary;
  byAction: Record<LoadAction, Summary>;
  serverRssMiB: number;
  /** the server process's CPU time per request (ms) */
  serverCpuPerRequest: number;
  /** with an exporter: the time each full customer export took (ms) */
  exports: number[];
  /** each list page of the mix on its own */
  byList: Record<string, Summary>;
}

interface Owned {
  customers: { id: number; version: number }[];
  stations: { id: number; version: number; frozen: boolean }[];
}

/**
 * The built server (dist/main.js, as production runs it) on a free port with `env` (DATA_DIR or
 * DATABASE_URL): the server tests' own launcher, at LOG_LEVEL warn so request logging is not measured.
 */
export function startBuiltServer(env: Record<string, string>): Promise<ServerProcess> {
  return startServer({ LOG_LEVEL: 'warn', PV_ADMIN_PASSWORD: BENCH_PASSWORD, ...env }, undefined, { built: true });
}

/** Resident memory of a process in MiB (Linux /proc), 0 elsewhere. */
async function rssMiB(pid: number): Promise<number> {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Runs the mix with `clients` users for `seconds`. The same function with one user is the baseline:
 * the same requests, unloaded, in the same run.
 */
export async function runLoad(opts: { base: string; serverPid: number; clients: number; seconds: number; thinkMs?: number; exporter?: boolean }): Promise<LoadResult> {
  const thinkMs = opts.thinkMs ?? 0;
  // a person's pause between two actions: exponential around the mean, users out of step with each other
  const think = () => (thinkMs ? new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * thinkMs)) : null);
  // one keep-alive connection per virtual user, as browsers behind one proxy would hold
  const agent = new Agent({ keepAlive: true, maxSockets: opts.clients });
  const url = new URL(opts.base);
  const call = (path: string, token: string, body?: unknown) =>
    new Promise<{ status: number; data: unknown }>((resolve, reject) => {
      const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
      const req = request(
        { agent, host: url.hostname, port: url.port, path, method: payload ? 'POST' : 'GET', headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, data: (JSON.parse(Buffer.concat(chunks).toString()) as { data: unknown }).data });
            } catch (err) {
              reject(err as Error);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload ?? undefined);
    });

  const login = await fetch(`${opts.base}/api/system/index/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;

  // Records to work on: customers to edit and stations to freeze, split between the users.
  const customerPage = await call(`/api/system/customer/index?page=1&limit=500&sort=id&order=ASC`, token);
  const stationPage = await call(`/api/system/station/index?page=1&limit=500&status=operating&sort=id&order=ASC`, token);
  const customers = (customerPage.data as { list: { id: number; version: number }[] }).list;
  const stations = (stationPage.data as { list: { id: number; version: number; frozen: boolean }[] }).list;
  if (customers.length < opts.clients || stations.length < opts.clients) throw new Error(`load: need ${opts.clients} customers and operating stations, have ${customers.length} and ${stations.length}`);
  const owned: Owned[] = Array.from({ length: opts.clients }, (_, k) => ({
    customers: customers.filter((_, i) => i % opts.clients === k).map((c) => ({ id: c.id, version: c.version })),
    stations: stations.filter((_, i) => i % opts.clients === k).map((s) => ({ id: s.id, version: s.version, frozen: s.frozen })),
  }));
  const customerIds = customers.map((c) => c.id);
  const stationIds = stations.map((s) => s.id);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const lists = [
    '/api/system/customer/index?page=1&limit=20&sort=created_at&order=DESC',
    '/api/system/customer/index?page=3&limit=20&province_code=370000&stage=intentional&sort=created_at&order=DESC',
    '/api/system/customer/index?page=1&limit=20&q=%E5%BC%A0',
    '/api/system/customer/index?page=1&limit=20&q=138',
    '/api/system/station/index?page=1&limit=20&sort=created_at&order=DESC',
    '/api/system/station/index?page=2&limit=20&status=operating',
    '/api/system/work_order/index?page=1&limit=20&kind=build&sort=created_at&order=DESC', // 施工派单: the console always sends the kind
  ];

  const samples: Record<LoadAction, number[]> = { list: [], detail: [], edit: [], lifecycle: [] };
  const errorsByStatus: Record<string, number> = {};
  const fail = (what: string, status: number | string) => {
    const key = `${what} ${status}`;
    errorsByStatus[key] = (errorsByStatus[key] ?? 0) + 1;
  };
  const chooseAction = (): LoadAction => {
    let r = Math.random();
    for (const [action, share] of MIX) if ((r -= share) < 0) return action;
    return 'list';
  };

  const byList: Record<string, number[]> = Object.fromEntries(lists.map((l) => [l, []]));
  const step = async (mine: Owned, action: LoadAction) => {
    if (action === 'list') {
      const path = pick(lists);
      const t0 = performance.now();
      const res = await call(path, token);
      byList[path]!.push(performance.now() - t0);
      return res;
    }
    if (action === 'detail') return Math.random() < 0.5 ? call(`/api/system/customer/get_info?id=${pick(customerIds)}`, token) : call(`/api/system/station/get_info?id=${pick(stationIds)}`, token);
    if (action === 'edit') {
      const c = pick(mine.customers);
      const res = await call('/api/system/customer/edit', token, { id: c.id, version: c.version, remark: `load ${Date.now()}` });
      if (res.status === 200) c.version = (res.data as { version: number }).version;
      return res;
    }
    const s = pick(mine.stations);
    const res = await call(`/api/system/station/${s.frozen ? 'unfreeze' : 'freeze'}`, token, s.frozen ? { id: s.id, version: s.version } : { id: s.id, version: s.version, reason: '压力测试 load test' });
    if (res.status === 200) {
      s.version = (res.data as { version: number }).version;
      s.frozen = !s.frozen;
    }
    return res;
  };

  const cpuBefore = cpuMs(opts.serverPid);
  const rssBefore = await rssMiB(opts.serverPid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => void rssMiB(opts.serverPid).then((v) => (rssPeak = Math.max(rssPeak, v))), 1000);
  const started = performance.now();
  const end = started + opts.seconds * 1000;
  const user = async (mine: Owned) => {
    await (thinkMs ? new Promise((r) => setTimeout(r, Math.random() * thinkMs)) : null); // staggered start
    while (performance.now() < end) {
      const action = chooseAction();
      const t0 = performance.now();
      try {
        const res = await step(mine, action);
        if (res.status !== 200) fail(action, res.status);
      } catch (err) {
        fail(action, (err as Error).message);
      }
      samples[action].push(performance.now() - t0);
      await think();
    }
  };
  // the slow report beside them: one more person exporting every customer to Excel, again and again
  const exports: number[] = [];
  const exporter = async () => {
    const download = new Agent({ keepAlive: true, maxSockets: 1 });
    while (performance.now() < end) {
      const t0 = performance.now();
      await new Promise<void>((resolve) => {
        const req = request({ agent: download, host: url.hostname, port: url.port, path: '/api/system/customer/export', headers: { authorization: `Bearer ${token}` } }, (res) => {
          res.on('data', () => {});
          res.on('end', () => resolve());
          res.on('error', () => resolve());
        });
        req.on('error', () => resolve());
        req.end();
      });
      exports.push(performance.now() - t0);
    }
    download.destroy();
  };
  await Promise.all([...owned.map(user), ...(opts.exporter ? [exporter()] : [])]);
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  agent.destroy();

  const every = Object.values(samples).flat();
  const errors = Object.values(errorsByStatus).reduce((a, b) => a + b, 0);
  return {
    clients: opts.clients,
    thinkMs,
    seconds: wallMs / 1000,
    requests: every.length,
    errors,
    errorsByStatus,
    perSecond: (every.length / wallMs) * 1000,
    all: summarize(every, wallMs),
    byAction: Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, summarize(v, wallMs)])) as Record<LoadAction, Summary>,
    serverRssMiB: rssPeak,
    serverCpuPerRequest: (cpuMs(opts.serverPid) - cpuBefore) / Math.max(1, every.length),
    exports,
    byList: Object.fromEntries(Object.entries(byList).map(([k, v]) => [decodeURIComponent(k.replace('/api/system/', '')), summarize(v, wallMs)])),
  };
}

/** The load section's table rows for one database. */
export function loadRows(where: string, r: LoadResult, baselineP50: number): string[] {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const line = (what: string, s: Summary) => `| ${where} | ${what} | ${s.n.toLocaleString('en')} | ${ms(s.p50)} | ${ms(s.p99)} | ${(s.n / r.seconds).toFixed(0)}/s | ${(s.p50 / baselineP50).toFixed(1)}× |`;
  return [line('all', r.all), ...(['list', 'detail', 'edit', 'lifecycle'] as const).map((a) => line(a, r.byAction[a]))];
}
