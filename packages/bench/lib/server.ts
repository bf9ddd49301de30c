import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { join } from 'node:path';
import { buildApp } from '@pv/server/src/app.ts';
import { loadConfig, REPO_ROOT } from '@pv/server/src/config.ts';
import { openDb, query, type DbHandle } from '@pv/server/src/db/client.ts';

export const BENCH_PASSWORD = 'bench-admin-pass';

// the scheduler off: a bench times the generators itself, and a due job of the server's own scheduler
// (a plan just enabled, the day's rent run) would otherwise take part in a run being timed
const benchEnv = (dataDir: string) => ({ ...process.env, DATA_DIR: dataDir, PV_ADMIN_PASSWORD: BENCH_PASSWORD, DEMO_DATA: '0', LOG_LEVEL: 'warn', TASK_TICK_SECONDS: '0' });

/** `pnpm seed` into a data folder or a PostgreSQL database (a separate process, as a user would run it). */
export function seed(target: string | { databaseUrl: string }, customers: number, agents: number, extra: string[] = []) {
  const env = typeof target === 'string' ? benchEnv(target) : { ...benchEnv(''), DATA_DIR: '', DATABASE_URL: target.databaseUrl };
  execFileSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'packages/server/src/cli/seed.ts'), '--customers', String(customers), '--agents', String(agents), ...extra], {
    env,
    stdio: 'inherit',
    cwd: join(REPO_ROOT, 'packages/server'),
  });
}

/** Signs in on a running server; the access token. */
export async function loginAs(base: string, username: string, password = BENCH_PASSWORD): Promise<string> {
  const res = await fetch(`${base}/api/system/index/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { data?: { token: string }; msg?: string };
  if (!body.data?.token) throw new Error(`login ${username}: ${body.msg}`);
  return body.data.token;
}

/**
 * The real server on that data folder (or an already seeded PostgreSQL: `{ databaseUrl, password }`),
 * listening on a free loopback port, signed in as admin.
 */
export async function serve(
  target: string | { databaseUrl: string; password: string },
): Promise<{ base: string; token: string; handle: DbHandle; login(username: string, password: string): Promise<string>; close(): Promise<void> }> {
  const dataDir = typeof target === 'string' ? target : null;
  const databaseUrl = typeof target === 'string' ? null : target.databaseUrl;
  const password = typeof target === 'string' ? BENCH_PASSWORD : target.password;
  const config = loadConfig({ ...benchEnv(dataDir ?? ''), LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, { dataDir, databaseUrl });
  const handle = await openDb({ dataDir, databaseUrl });
  const app = await buildApp({ db: handle.db, config, dbKind: handle.kind });
  const close = async () => {
    await app.close();
    await handle.close();
  };
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const login = (username: string, pass: string) => loginAs(base, username, pass);
    return { base, token: await login('admin', password), handle, login, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The PostgreSQL server's version and memory settings, named in a section: its numbers depend on them. */
export async function pgSettings(db: DbHandle['db']): Promise<string> {
  const names = ['shared_buffers', 'work_mem', 'maintenance_work_mem', 'max_wal_size'];
  const [row] = await query<{ version: string } & Record<string, string>>(db, sql.raw(`select current_setting('server_version') as version, ${names.map((n) => `current_setting('${n}') as ${n}`).join(', ')}`));
  return `PostgreSQL ${row!.version} (${names.map((n) => `${n} ${row![n]}`).join(', ')})`;
}
