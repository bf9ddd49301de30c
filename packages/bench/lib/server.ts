import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { buildApp } from '@pv/server/src/app.ts';
import { loadConfig, REPO_ROOT } from '@pv/server/src/config.ts';
import { openDb, type DbHandle } from '@pv/server/src/db/client.ts';

export const BENCH_PASSWORD = 'bench-admin-pass';

const benchEnv = (dataDir: string) => ({ ...process.env, DATA_DIR: dataDir, PV_ADMIN_PASSWORD: BENCH_PASSWORD, DEMO_DATA: '0', LOG_LEVEL: 'warn' });

/** `pnpm seed` into a data folder (a separate process, as a user would run it). */
export function seed(dataDir: string, customers: number, agents: number) {
  execFileSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'packages/server/src/cli/seed.ts'), '--customers', String(customers), '--agents', String(agents)], {
    env: benchEnv(dataDir),
    stdio: 'inherit',
    cwd: join(REPO_ROOT, 'packages/server'),
  });
}

/** The real server on that data folder, listening on a free loopback port, signed in as admin. */
export async function serve(dataDir: string): Promise<{ base: string; token: string; handle: DbHandle; close(): Promise<void> }> {
  const config = loadConfig({ ...benchEnv(dataDir), LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, { dataDir });
  const handle = await openDb({ dataDir });
  const app = await buildApp({ db: handle.db, config, dbKind: handle.kind });
  const close = async () => {
    await app.close();
    await handle.close();
  };
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const login = await fetch(`${base}/api/system/index/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    return { base, token, handle, close };
  } catch (err) {
    await close();
    throw err;
  }
}
