import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDb } from './db/client.ts';
import { bootstrap } from './modules/system/bootstrap.ts';

/** Start: config → database (migrations) → first-start bootstrap → HTTP; clean shutdown on signals. */
async function main() {
  const config = loadConfig();
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const boot = await bootstrap(handle.db, config);
  const app = await buildApp({ db: handle.db, config, dbKind: handle.kind });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    try {
      await app.close();
    } finally {
      await handle.close(); // PGlite otherwise keeps the process alive
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${config.port}/`;
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
      `  demo users kefu (operator), paidan (dispatcher), shigong (construction team), agent_sd (Shandong agent), agent_hn (Henan agent) share the admin password.`,
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
