import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDb } from './db/client.ts';
import { DataDirBusyError, lockDataDir, type DataDirLock } from './backup/lock.ts';
import { bootstrap } from './modules/system/bootstrap.ts';

const SHUTDOWN_LIMIT_MS = 10_000;

/** Start: config → database (migrations) → first-start bootstrap (both under the start-up lock) → HTTP; clean shutdown on signals. */
async function main() {
  const config = loadConfig();
  // the embedded database is one process's: refuse to open it under another server (or a restore)
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl && config.dataDir) lock = lockDataDir(config.dataDir, 'server');
  // several servers on one PostgreSQL (containers started together) migrate and bootstrap one at a time
  const onLockWait = () => console.log('Another server is migrating or bootstrapping this database: waiting for it');
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize, onLockWait });
  const boot = await handle.exclusive(() => bootstrap(handle.db, config));
  const app = await buildApp({ db: handle.db, config, dbKind: handle.kind, dumpDatabase: handle.dump });

  // Stop within SHUTDOWN_LIMIT_MS whoever is signalled: fastify stops accepting, finishes the requests in
  // flight and runs its onClose hooks (websocket clients, scheduler, realtime listener), then the
  // database closes (PGlite otherwise keeps the process alive). Past the limit the process exits anyway.
  let closing = false;
  const shutdown = async (reason: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${reason}: shutting down`);
    let waitingFor = 'the HTTP server (requests, connections, onClose hooks)';
    setTimeout(() => {
      app.log.error(`shutdown took over ${SHUTDOWN_LIMIT_MS} ms waiting for ${waitingFor}: exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    let code = 0;
    const t0 = performance.now();
    // Node closes the connections idle at close(); a keep-alive connection whose request was in flight turns
    // idle only later and would hold close() until the client drops it: close those as they turn idle
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
    } catch (err) {
      app.log.error(err);
      code = 1;
    } finally {
      clearInterval(closeIdle);
      const t1 = performance.now();
      waitingFor = 'the database to close';
      await handle.close().catch((err: unknown) => app.log.error(err));
      lock?.release();
      // where the time went, for a shutdown that comes near the limit
      app.log.info(`stopped: server ${Math.round(t1 - t0)} ms, database ${Math.round(performance.now() - t1)} ms`);
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
  // A launcher (pnpm, a shell) that dies without passing the signal on leaves us re-parented: stop too.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown('parent process exited');
  }, 1000).unref();

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  lock?.listening(port, config.host);
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
