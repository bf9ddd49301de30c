import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, customerBody, freshDb, onPostgres, type TestDbHandle } from './helpers.ts';
import { api, type ServerProcess, startServer, until } from './process.ts';

/**
 * Drain without 502 (issue 29 point 3): two server processes on one PostgreSQL behind nginx running
 * deploy/nginx.conf (its upstreams pointed at them), writes going through nginx without a pause, and
 * a rolling restart — SIGTERM to one server, started again, then SIGTERM to the other. Before, nginx
 * reused a keep-alive connection the stopping server was closing and answered 502 to a POST it may
 * not retry. Needs nginx (/usr/sbin/nginx; CI installs it) and PostgreSQL (two servers share a database).
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const nginxBin = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((p) => existsSync(p));

const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

/** deploy/nginx.conf with its upstream servers at these ports, listening on `port`, files in `dir`. */
function nginxConf(dir: string, port: number, upstreams: number[]): string {
  let i = 0;
  return readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8')
    .replace(/server api\d+:8080/g, () => `server 127.0.0.1:${upstreams[i++]}`)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace(/\/var\/log\/nginx\//g, `${dir}/`)
    .replace(/\/var\/run\/nginx\.pid/, `${dir}/nginx.pid`)
    .replace(/worker_processes auto;/, 'worker_processes 1;');
}

describe.skipIf(!onPostgres || !nginxBin)('a rolling restart behind nginx under write load', { timeout: 420_000 }, () => {
  let db: TestDbHandle;
  let servers: ServerProcess[] = [];
  let nginx: ChildProcess;
  let base: string;
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await freshDb();
    env = { DATABASE_URL: db.url!, TRUST_PROXY: '1', SHUTDOWN_GRACE_SECONDS: '5' };
    const ports = [await freePort(), await freePort()];
    servers = [await startServer({ ...env, PORT: String(ports[0]) }), await startServer({ ...env, PORT: String(ports[1]) })];
    dir = mkdtempSync(join(tmpdir(), 'pv-nginx-'));
    const port = await freePort();
    writeFileSync(join(dir, 'nginx.conf'), nginxConf(dir, port, ports));
    nginx = spawn(nginxBin!, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: 'ignore' });
    base = `http://127.0.0.1:${port}`;
    await until(async () => (await fetch(`${base}/nginx-health`).catch(() => null))?.status === 200, 20_000, 'nginx to start');
  });
  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await db?.close();
  });

  it('SIGTERM to each server in turn while customers are added and edited through nginx: no write fails, each server exits 0', async () => {
    const login = await api(base, '/api/system/index/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(login.status, login.msg).toBe(200);
    const token = (login.data as { token: string }).token;

    /** Requests the server on `port` answered through nginx so far (the access log names the upstream). */
    const answeredBy = (port: number) => [...readFileSync(join(dir, 'access.log'), 'utf8').matchAll(/upstream=([\d.:, ]+)/g)].filter((m) => m[1]!.trim().endsWith(`:${port}`)).length;

    // six writers: add a customer, edit it, again, as fast as the servers answer
    let writing = true;
    let done = 0;
    const failures: string[] = [];
    let n = 0;
    const digits = '甲乙丙丁戊己庚辛壬癸';
    const writer = async () => {
      while (writing) {
        const i = n++;
        const added = await api(base, '/api/system/customer/add', { token, body: customerBody({ name: `排${digits[i % 10]}${digits[Math.floor(i / 10) % 10]}`, phone: `137${String(i).padStart(8, '0')}` }) }).catch(
          (err: Error) => ({ status: 0, msg: err.message, data: null }),
        );
        if (added.status !== 200) {
          failures.push(`add: ${added.status} ${added.msg}`);
          continue;
        }
        const { id, version } = added.data as { id: number; version: number };
        const edited = await api(base, '/api/system/customer/edit', { token, body: { id, version, remark: `第 ${i} 次` } }).catch((err: Error) => ({ status: 0, msg: err.message }));
        if (edited.status !== 200) failures.push(`edit: ${edited.status} ${edited.msg}`);
        else done += 2;
      }
    };
    const writers = Array.from({ length: 6 }, writer);
    const progress = async (more: number, what: string) => {
      const target = done + more;
      await until(() => done >= target || failures.length > 0, 120_000, what);
    };

    await progress(60, 'writes before the first restart');
    const [first, second] = servers as [ServerProcess, ServerProcess];
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    await progress(60, 'writes while the first server is down');
    // the first one comes back on its port (it holds requests nginx sends it while it starts), then the second
    // stops — once nginx sends the first one requests again: nginx learns a server is back only by trying it,
    // after fail_timeout, and until then a second stop leaves it no server (502, "no live upstreams"). The
    // runbook's rolling restart waits for the same.
    const servedBefore = answeredBy(first.port);
    servers[0] = await startServer({ ...env, PORT: String(first.port) });
    await until(() => answeredBy(first.port) > servedBefore || failures.length > 0, 30_000, 'nginx to send requests to the restarted server');
    await progress(60, 'writes after the first server is back');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    await progress(60, 'writes while the second server is down');
    writing = false;
    await Promise.all(writers);

    expect(failures).toEqual([]);
    expect(done).toBeGreaterThanOrEqual(240);
    // both servers answered through nginx (the access log names the upstream of each request)
    const upstreams = new Set([...readFileSync(join(dir, 'access.log'), 'utf8').matchAll(/upstream=127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1])));
    expect(upstreams).toEqual(new Set([first.port, second.port]));
    for (const s of [first, second]) expect(s.output()).toMatch(/stopped: drain \d+ ms/);
  });
});
