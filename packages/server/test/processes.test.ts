import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import WebSocket from 'ws';
import { ADMIN_PASSWORD, customerBody, freshDb, onPostgres, type TestDbHandle } from './helpers.ts';
import { alive, api, type ServerProcess, serverEnv, slowPost, startServer, until } from './process.ts';

const SERVER_ROOT = resolve(import.meta.dirname, '..');

/** Server processes as production starts them: shutdown on signals, and two instances on one PostgreSQL. */

async function openSocket(base: string, token: string): Promise<{ ws: WebSocket; frames: Array<{ type: string; [k: string]: unknown }>; closed: Promise<number> }> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/system/ws?token=${token}`);
  const frames: Array<{ type: string }> = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  await until(() => frames.some((f) => f.type === 'ready'), 10_000, 'the ready frame');
  return { ws, frames, closed };
}

const loginAt = async (base: string, username = 'admin', password = ADMIN_PASSWORD) => api(base, '/api/system/index/login', { body: { username, password } });

// a real server process on a fresh database: tsx compiles the server and the migrations run before it listens —
// on a busy 2-core machine that alone took 50 s of the default 60 (these tests time nothing)
describe('shutdown', { timeout: 180_000 }, () => {
  let db: TestDbHandle | null = null;
  const dbEnv = async (): Promise<Record<string, string>> => {
    if (!onPostgres) return {};
    db = await freshDb();
    return { DATABASE_URL: db.url! };
  };
  afterAll(async () => db?.close());

  it('SIGTERM finishes the request in flight, closes websocket clients with 1001, then exits 0', async () => {
    // trace: the server logs each request as it arrives, so the test knows the request is in flight
    const server = await startServer({ ...(await dbEnv()), LOG_LEVEL: 'trace' });
    const { data } = await loginAt(server.base);
    const socket = await openSocket(server.base, (data as { token: string }).token);
    // a sign-in whose body is half sent when the signal arrives still gets its answer
    const requests = () => server.output().split('incoming request').length;
    const before = requests();
    const inFlight = await slowPost(server.base, '/api/system/index/login', { username: 'admin', password: ADMIN_PASSWORD }, async () => {
      await until(() => requests() > before, 10_000, 'the server to receive the request head');
      server.child.kill('SIGTERM');
      await until(() => server.output().includes('SIGTERM: shutting down'), 10_000, 'the shutdown log line');
    });
    expect(inFlight.status).toBe(200);
    expect(inFlight.json.code).toBe(200);
    // the answer given while draining closes its connection: the client (a proxy) opens the next one elsewhere
    expect(inFlight.headers.connection).toBe('close');
    expect(await socket.closed).toBe(1001); // going away
    expect(await server.exited).toBe(0);
    // nothing is listening any more
    await expect(fetch(`${server.base}/api/health`)).rejects.toThrow();
  });

  it('a websocket client that stops reading and a request whose body never ends do not hold SIGTERM: cut after the grace, exit 0', async () => {
    const server = await startServer({ ...(await dbEnv()), LOG_LEVEL: 'trace', SHUTDOWN_GRACE_SECONDS: '2' });
    const token = ((await loginAt(server.base)).data as { token: string }).token;
    const stuck = await openSocket(server.base, token);
    // the client stops reading: the server's close frame is never read and never answered
    (stuck.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    // a client that sends half a body and then nothing
    const requests = () => server.output().split('incoming request').length;
    const before = requests();
    const half = slowPost(server.base, '/api/system/index/login', { username: 'admin', password: ADMIN_PASSWORD }, async () => {
      await until(() => requests() > before, 10_000, 'the server to receive the request head');
      server.child.kill('SIGTERM');
      await new Promise(() => {}); // never sends the rest
    });
    half.catch(() => {}); // its connection is destroyed
    expect(await server.exited).toBe(0);
    await expect(half).rejects.toThrow();
    // the log says what was cut
    expect(server.output()).toMatch(/stopped: drain \d+ ms \(1 connections cut, 1 websockets closed, 1 terminated\)/);
  });

  it('started by a shell that exits (nohup, setsid, a double-forking supervisor), the server keeps running', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pv-daemon-'));
    const log = join(dir, 'server.log');
    const pidFile = join(dir, 'server.pid');
    const env = { ...process.env, ...serverEnv({ ...(await dbEnv()) }), PORT: '0' };
    // setsid + nohup + & : the shell exits at once, the server is re-parented
    const launcher = spawn('setsid', ['sh', '-c', `nohup '${process.execPath}' --import tsx src/main.ts > '${log}' 2>&1 & echo $! > '${pidFile}'`], { cwd: SERVER_ROOT, env, stdio: 'ignore' });
    await new Promise((r) => launcher.on('exit', r));
    const pid = Number(readFileSync(pidFile, 'utf8'));
    try {
      await until(() => existsSync(log) && /is running: http:\/\/[^:]+:\d+\//.test(readFileSync(log, 'utf8')), 90_000, 'the server to start');
      const port = Number(/is running: http:\/\/[^:]+:(\d+)\//.exec(readFileSync(log, 'utf8'))![1]);
      await new Promise((r) => setTimeout(r, 3000)); // the former watchdog stopped a re-parented server within a second
      expect(alive(pid)).toBe(true);
      expect((await api(`http://127.0.0.1:${port}`, '/api/health/ready')).status).toBe(200);
    } finally {
      process.kill(pid, 'SIGTERM');
      await until(() => !alive(pid), 15_000, 'the server to stop');
    }
    expect(readFileSync(log, 'utf8')).toContain('SIGTERM: shutting down');
  });

  // (Ctrl-C in a terminal sends SIGINT to pnpm and the server alike; pnpm forwards SIGINT as it does SIGTERM)
  it('`pnpm start` runs the server with exec: a SIGTERM sent to pnpm reaches the server, which drains and exits', async () => {
    for (const signal of ['SIGTERM'] as const) {
      // a package whose start script has the shape of the root one (`… && exec node …`), on the sources
      const dir = mkdtempSync(join(tmpdir(), 'pv-pnpm-start-'));
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'pv-start-probe', private: true, scripts: { start: `cd '${SERVER_ROOT}' && exec '${process.execPath}' --import tsx src/main.ts` } }));
      const server = await startServer(await dbEnv(), () => ['pnpm', '--dir', dir, 'run', '--silent', 'start']);
      const pid = Number(/"pid":(\d+)/.exec(server.output())![1]); // the server's own (pino's lines name it)
      server.child.kill(signal); // to pnpm only, as a supervisor or `kill <pid of pnpm>` does
      await server.exited;
      await until(() => !alive(pid), 15_000, 'the server to stop');
      expect(server.output()).toContain(`${signal}: shutting down`);
      expect(server.output()).toMatch(/stopped: drain/);
    }
  });
});

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL', { timeout: 180_000 }, () => {
  let db: TestDbHandle;
  let a: ServerProcess;
  let b: ServerProcess;
  let sql: postgres.Sql;

  beforeAll(async () => {
    db = await freshDb();
    // the first start migrates and creates admin; the second finds them
    const env = { DATABASE_URL: db.url!, TASK_TICK_SECONDS: '1', LOGIN_MAX_FAILURES: '4', LOGIN_DELAY_MS: '0' };
    a = await startServer(env);
    b = await startServer(env);
    sql = postgres(db.url!, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    for (const s of [a, b]) s?.child.kill('SIGTERM');
    await Promise.all([a?.exited, b?.exited]);
    await sql?.end();
    await db?.close();
  });

  it('a session opened on one works on the other, and signing out on one ends it on both (402: the session is over)', async () => {
    const { data } = await loginAt(a.base);
    const token = (data as { token: string }).token;
    expect((await api(b.base, '/api/system/customer/index', { token })).status).toBe(200);
    expect((await api(b.base, '/api/system/index/login_out', { token })).status).toBe(200);
    expect((await api(a.base, '/api/system/customer/index', { token })).status).toBe(402);
  });

  it('login throttling counts the failures made on both', async () => {
    // LOGIN_MAX_FAILURES=4: two wrong passwords on each instance lock the name on either
    for (const s of [a, b, a, b]) expect((await loginAt(s.base, 'admin', 'wrong-password')).status).toBe(401);
    expect((await loginAt(b.base, 'admin', ADMIN_PASSWORD)).status).toBe(429);
    expect((await loginAt(a.base, 'admin', ADMIN_PASSWORD)).status).toBe(429);
    await sql`delete from sys_log where action in ('login_failed', 'sms_login_failed')`;
    expect((await loginAt(a.base)).status).toBe(200);
  });

  it('a message added through one reaches a websocket client of the other', async () => {
    const token = ((await loginAt(a.base)).data as { token: string }).token;
    const [admin] = await sql<Array<{ id: number }>>`select id from users where username = 'admin'`;
    const socket = await openSocket(b.base, token);
    const res = await api(a.base, '/api/system/message/add', { token, body: { title: '两个实例', recipient_id: admin!.id } });
    expect(res.status, res.msg).toBe(200);
    await until(() => socket.frames.some((f) => f.type === 'message'), 10_000, 'the message frame on B');
    expect(socket.frames.find((f) => f.type === 'message')).toMatchObject({ message: { title: '两个实例' } });
    socket.ws.close();
  });

  it('a due scheduled task runs exactly once although both schedulers tick every second', async () => {
    const [task] = await sql<Array<{ id: number }>>`select id from scheduled_tasks order by id limit 1`;
    // due now, then yearly: a second run within this test would be a double claim
    await sql`update scheduled_tasks set cron = '0 0 1 1 *', enabled = true, next_run_at = now() - interval '1 minute' where id = ${task!.id}`;
    await until(async () => (await sql`select 1 from task_runs where task_id = ${task!.id} and status <> 'running'`).length > 0, 20_000, 'the run');
    await new Promise((r) => setTimeout(r, 3000)); // three more ticks of each scheduler
    const runs = await sql`select trigger from task_runs where task_id = ${task!.id}`;
    expect(runs.map((r) => r.trigger)).toEqual(['schedule']);
  });

  it('an edit with a version made stale on one is refused by the other', async () => {
    const token = ((await loginAt(a.base)).data as { token: string }).token;
    const added = await api(a.base, '/api/system/customer/add', { token, body: customerBody({ phone: '13900000001' }) });
    expect(added.status, added.msg).toBe(200);
    const { id } = added.data as { id: number };
    expect((await api(a.base, '/api/system/customer/edit', { token, body: { id, version: 1, remark: '在 A 修改' } })).status).toBe(200);
    const stale = await api(b.base, '/api/system/customer/edit', { token, body: { id, version: 1, remark: '在 B 用旧版本修改' } });
    expect(stale.status).toBe(409);
    const [row] = await sql<Array<{ remark: string; version: number }>>`select remark, version from customers where id = ${id}`;
    expect(row).toEqual({ remark: '在 A 修改', version: 2 });
  });
});

describe.skipIf(!onPostgres)('a server killed (kill -9) in the middle of a scheduled task', { timeout: 240_000 }, () => {
  let db: TestDbHandle;
  let servers: ServerProcess[] = [];
  let sql: postgres.Sql;
  beforeAll(async () => {
    db = await freshDb();
    // a 5 s lease (renewed every ~1.7 s) and a tick every second: recovery in seconds instead of a minute
    const env = { DATABASE_URL: db.url!, TASK_TICK_SECONDS: '1', TASK_LEASE_SECONDS: '5' };
    servers = [await startServer(env), await startServer(env)];
    sql = postgres(db.url!, { max: 2, onnotice: () => {} });
  });
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await sql?.end();
    await db?.close();
  });

  it('its claim expires, its run is closed as interrupted by the other server, the task runs again and 立即执行 works', async () => {
    const [task] = await sql<Array<{ id: number }>>`select id from scheduled_tasks where code = 'refresh_customer_counters'`;
    // the job locks customers in share mode first: holding an exclusive lock keeps it mid-run
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const locking = sql.begin(async (tx) => {
      await tx`lock table customers in exclusive mode`;
      await held;
    });
    await sql`update scheduled_tasks set enabled = true, cron = '0 0 1 1 *', next_run_at = now() - interval '1 minute' where id = ${task!.id}`;
    await until(async () => (await sql`select 1 from task_runs where task_id = ${task!.id} and status = 'running'`).length > 0, 30_000, 'a server to start the run');
    const [claim] = await sql<Array<{ lease_owner: string }>>`select lease_owner from scheduled_tasks where id = ${task!.id}`;
    const lease_owner = claim!.lease_owner;
    const pid = Number(lease_owner.split('/')[1]);
    const victim = servers.find((s) => s.child.pid === pid)!;
    const survivor = servers.find((s) => s !== victim)!;
    expect(victim, `the lease owner ${lease_owner} is one of the servers`).toBeDefined();
    victim.child.kill('SIGKILL');
    expect(await victim.exited).toBe('SIGKILL');
    release();
    await locking;

    // within the lease (5 s) plus a tick, the survivor closes the dead run and runs the still-due task itself
    await until(async () => (await sql`select 1 from task_runs where task_id = ${task!.id} and status = 'success'`).length > 0, 60_000, 'the task to run again');
    const runs = await sql<Array<{ status: string }>>`select status from task_runs where task_id = ${task!.id} order by id`;
    expect(runs.map((r) => r.status)).toEqual(['interrupted', 'success']);
    const token = ((await loginAt(survivor.base)).data as { token: string }).token;
    const now = await api(survivor.base, '/api/system/task/run', { token, body: { id: task!.id } });
    expect(now.status, now.msg).toBe(200);
    expect(now.data.run.status).toBe('success');
  });
});
