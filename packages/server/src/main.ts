import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { type DbHandle, openDb } from './db/client.ts';
import { ServerLifecycle } from './http/lifecycle.ts';
import { DataDirBusyError, lockDataDir, type DataDirLock } from './backup/lock.ts';
import { bootstrap } from './modules/system/bootstrap.ts';

/** The last resort: a shutdown that has not ended by then exits 1 (the steps below end well within it). */
const SHUTDOWN_LIMIT_MS = 10_000;

/**
 * Start: config → HTTP listening at once (readiness "starting") → database (migrations) → first-start
 * bootstrap (both under the start-up lock) → the app takes the server over (ready). Signals drain it.
 */
async function main() {
  const config = loadConfig();
  // the embedded database is one process's: refuse to open it under another server (or a restore)
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl && config.dataDir) lock = lockDataDir(config.dataDir, 'server');
  const lifecycle = new ServerLifecycle({ keepAliveTimeoutMs: config.keepAliveTimeoutMs });
  const port = await lifecycle.listen(config.port, config.host);
  lock?.listening(port, config.host);

  let handle: DbHandle | null = null;
  let app: FastifyInstance | null = null;
  const log = (msg: string) => (app ? app.log.info(msg) : console.log(msg));

  /**
   * Stops within SHUTDOWN_LIMIT_MS whatever clients do, and exits 0: the HTTP server drains (requests
   * in flight get up to SHUTDOWN_GRACE_SECONDS, answered with Connection: close; websockets hear 1001
   * and are terminated a second later; slow clients are cut at the end of the grace), then the app's
   * onClose hooks run (scheduler, realtime listener), then the database closes (PGlite otherwise keeps
   * the process alive and its folder locked).
   */
  let closing = false;
  const shutdown = async (reason: string) => {
    if (closing) return;
    closing = true;
    log(`${reason}: shutting down`);
    let waitingFor = 'the HTTP server to drain';
    setTimeout(() => {
      console.error(`shutdown took over ${SHUTDOWN_LIMIT_MS} ms waiting for ${waitingFor}: exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    let code = 0;
    const t0 = performance.now();
    const drained = await lifecycle.drain(config.shutdownGraceMs, app ? app.websocketServer : null);
    const t1 = performance.now();
    try {
      waitingFor = 'the app (scheduler, realtime)';
      await app?.close();
    } catch (err) {
      app?.log.error(err);
      code = 1;
    }
    const t2 = performance.now();
    waitingFor = 'the database to close';
    await handle?.close().catch((err: unknown) => (app ? app.log.error(err) : console.error(err)));
    lock?.release();
    // where the time went, for a shutdown that comes near the limit
    log(
      `stopped: drain ${Math.round(t1 - t0)} ms (${drained.cut} connections cut, ${drained.websockets} websockets closed, ${drained.terminated} terminated), ` +
        `app ${Math.round(t2 - t1)} ms, database ${Math.round(performance.now() - t2)} ms`,
    );
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));

  // several servers on one PostgreSQL (containers started together) migrate and bootstrap one at a time
  const onLockWait = () => console.log('Another server is migrating or bootstrapping this database: waiting for it');
  handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize, onLockWait });
  const db = handle;
  const boot = await db.exclusive(() => bootstrap(db.db, config));
  if (closing) return;
  app = await buildApp({ db: db.db, config, dbKind: db.kind, backup: db.backup, lifecycle });
  await app.ready();
  if (closing) return;
  lifecycle.serve();
  const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${port}/`;
  const where = handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const lines = [``, `  PV operations back office is running: ${url}`, `  big screen: ${url}daping/   API docs: ${url}api/docs`, `  database: ${where}`];
  if (boot.created && boot.generatedPassword) {
    lines.push(
      ``,
      `  ┌─ First start: administrator account created (shown only this once) ─────`,
      `  │  user name: admin`,
      `  │  password:  ${boot.generatedPassword}`,
      boot.passwordFile ? `  │  also saved to ${boot.passwordFile} (mode 0600)` : `  │`,
      `  └─ set PV_ADMIN_PASSWORD before the first start to choose it yourself ─────`,
    );
  } else if (boot.created) {
    lines.push(``, `  Administrator account created: admin / (the PV_ADMIN_PASSWORD you set)`);
  } else {
    const file = config.dataDir ? join(config.dataDir, 'admin-password.txt') : null;
    lines.push(``, file && existsSync(file) ? `  Sign in as admin (first password in ${file})` : `  Sign in as admin (the password set at first start)`);
  }
  if (boot.demo) {
    lines.push(
      `  Demo data: ${boot.demo.agents} agents, ${boot.demo.customers} customers, ${boot.demo.stations} stations;`,
      `  demo users kefu (operator), paidan (dispatcher), shigong (construction team), agent_sd (Shandong agent), agent_hn (Henan agent), caiwu (finance maker), caiwu_sp (finance approver), yunwei (O&M reviewer) share the admin password.`,
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  if (err instanceof DataDirBusyError) console.error(`Cannot start: ${err.message}. Stop it first, or give this server another DATA_DIR.`);
  else console.error(err);
  process.exit(1);
});
