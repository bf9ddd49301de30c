import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (packages/server/src → ../../..), so defaults do not depend on the cwd. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** folder of the embedded database and the generated secrets; null = in-memory (tests) */
  dataDir: string | null;
  databaseUrl: string | null;
  tokenSecret: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  logLevel: LogLevel;
  adminPassword: string | null;
  demoData: boolean;
  consoleDir: string;
  dapingDir: string;
  bodyLimit: number;
  /** failed logins per user name within the window before 429 */
  loginMaxFailures: number;
  loginWindowSeconds: number;
  /** behind a reverse proxy: take the client IP from X-Forwarded-For */
  trustProxy: boolean;
}

/**
 * Every environment variable the server reads, with its default. CONFIG.md is generated from the
 * same facts (keep them together when adding one).
 */
export const ENV_DOCS: ReadonlyArray<{ name: string; default: string; meaning: string }> = [
  { name: 'PORT', default: '8080', meaning: 'HTTP port.' },
  { name: 'HOST', default: '127.0.0.1', meaning: 'Interface to listen on. Loopback by default so a first run is not exposed; set `0.0.0.0` in a container or behind a proxy.' },
  { name: 'DATA_DIR', default: '`<repo>/.data`', meaning: 'Folder of the embedded PGlite database, the generated token secret and the first admin password file.' },
  { name: 'DATABASE_URL', default: '(unset)', meaning: 'PostgreSQL connection string (e.g. `postgres://user:pass@host:5432/pv`). When set, PostgreSQL is used instead of PGlite; same migrations.' },
  { name: 'TOKEN_SECRET', default: 'generated', meaning: 'HMAC secret for access tokens. When unset, a random one is generated once and kept in `DATA_DIR/token-secret` (mode 0600). Set it (same value) on every instance when running several.' },
  { name: 'ACCESS_TOKEN_TTL', default: '7200', meaning: 'Access-token lifetime in seconds (2 h).' },
  { name: 'REFRESH_TOKEN_TTL', default: '1209600', meaning: 'Session / refresh-token lifetime in seconds (14 days).' },
  { name: 'LOG_LEVEL', default: 'info', meaning: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.' },
  { name: 'PV_ADMIN_PASSWORD', default: '(unset)', meaning: 'Password of the `admin` user created on first start of an empty database. When unset a random one is printed once and written to `DATA_DIR/admin-password.txt` (mode 0600). Demo users get the same password.' },
  { name: 'DEMO_DATA', default: '1', meaning: 'Seed demo agents, customers and stations on first start of an empty database (`0` to start empty).' },
  { name: 'CONSOLE_DIR', default: '`<repo>/console/dist`', meaning: 'Built console served at `/`.' },
  { name: 'DAPING_DIR', default: '`<repo>/daping/dist`', meaning: 'Built big screen served at `/daping/`.' },
  { name: 'BODY_LIMIT', default: '1048576', meaning: 'Largest accepted request body in bytes (413 above).' },
  { name: 'LOGIN_MAX_FAILURES', default: '10', meaning: 'Failed logins per user name within `LOGIN_WINDOW_SECONDS` before further attempts get 429.' },
  { name: 'LOGIN_WINDOW_SECONDS', default: '900', meaning: 'Window of the login failure counter.' },
  { name: 'TRUST_PROXY', default: '0', meaning: 'Set `1` behind a reverse proxy so the client IP (logs, system log) comes from `X-Forwarded-For`.' },
];

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  return !['0', 'false', 'no', 'off'].includes(raw);
}

/** Reads the token secret from the environment, else from DATA_DIR, else creates it there (0600). */
function tokenSecret(env: NodeJS.ProcessEnv, dataDir: string | null): string {
  if (env.TOKEN_SECRET) return env.TOKEN_SECRET;
  if (!dataDir) return randomBytes(32).toString('base64url'); // in-memory: a secret per process is fine
  const file = join(dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = overrides.dataDir !== undefined ? overrides.dataDir : resolve(env.DATA_DIR || join(REPO_ROOT, '.data'));
  const level = (env.LOG_LEVEL || 'info') as LogLevel;
  const config: Config = {
    port: int(env, 'PORT', 8080),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    tokenSecret: overrides.tokenSecret ?? tokenSecret(env, dataDir),
    accessTokenTtl: int(env, 'ACCESS_TOKEN_TTL', 7200),
    refreshTokenTtl: int(env, 'REFRESH_TOKEN_TTL', 14 * 24 * 3600),
    logLevel: level,
    adminPassword: env.PV_ADMIN_PASSWORD || null,
    demoData: flag(env, 'DEMO_DATA', true),
    consoleDir: resolve(env.CONSOLE_DIR || join(REPO_ROOT, 'console/dist')),
    dapingDir: resolve(env.DAPING_DIR || join(REPO_ROOT, 'daping/dist')),
    bodyLimit: int(env, 'BODY_LIMIT', 1024 * 1024),
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 10),
    loginWindowSeconds: int(env, 'LOGIN_WINDOW_SECONDS', 900),
    trustProxy: flag(env, 'TRUST_PROXY', false),
  };
  return { ...config, ...overrides };
}
