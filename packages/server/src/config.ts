import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_PACKAGE_DEFAULT_MAX_MB } from '@pv/contract';
import { DEFAULT_POOL_SIZE } from './db/pool.ts';

/**
 * packages/server: the nearest folder above this module holding the migrations, whether the server
 * runs from source (src/config.ts under tsx) or built (dist/main.js, one bundle).
 */
export const SERVER_ROOT = (() => {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    if (dirname(dir) === dir) throw new Error('packages/server/drizzle not found above ' + fileURLToPath(import.meta.url));
  }
})();

/** The repository root (packages/server → ../..), so defaults do not depend on the cwd. */
export const REPO_ROOT = resolve(SERVER_ROOT, '../..');

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** folder of the embedded database and the generated secrets; null = in-memory (tests) */
  dataDir: string | null;
  databaseUrl: string | null;
  /** PostgreSQL connections per process (DB_POOL_SIZE) */
  dbPoolSize: number;
  tokenSecret: string;
  /** DATA_DIR/backup-key: what `pnpm backup` shows GET /api/system/backup (null without a data folder) */
  backupKey: string | null;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  logLevel: LogLevel;
  adminPassword: string | null;
  demoData: boolean;
  consoleDir: string;
  dapingDir: string;
  bodyLimit: number;
  /** largest Android package (.apk) of an app release, in bytes (APP_PACKAGE_MAX_MB) */
  appPackageMaxBytes: number;
  /** failed logins per user name within the window before 429 */
  loginMaxFailures: number;
  loginWindowSeconds: number;
  /** behind a reverse proxy: take the client IP from X-Forwarded-For */
  trustProxy: boolean;
  /** failed sign-ins (password, SMS) from one address within the login window before 429 */
  loginIpMaxFailures: number;
  /** progressive delay: failures before slowing down, first delay (ms, doubles per failure), cap (ms) */
  loginDelayAfter: number;
  loginDelayMs: number;
  loginDelayMaxMs: number;
  /** SMS codes: lifetime, wrong tries per code, seconds between sends to a phone, sends per phone / per address per hour */
  smsCodeTtl: number;
  smsMaxAttempts: number;
  smsResendSeconds: number;
  smsMaxPerHour: number;
  smsMaxPerIpHour: number;
  /** POST /register (self sign-up with phone + SMS code) and the role new accounts get ('' = none) */
  registerEnabled: boolean;
  registerDefaultRole: string;
  /** login password encrypted with the RSA public key (GET /publicKey); off per SPEC.md §9 */
  loginRsa: boolean;
  /** PEM (PKCS#8) of the 1024-bit login RSA key; null = generated per process (in-memory) */
  rsaPrivateKey: string | null;
  /** external identity provider (OAuth2 authorization code): unset URLs = off */
  oauth: {
    provider: string;
    name: string;
    authorizeUrl: string;
    tokenUrl: string;
    userinfoUrl: string;
    clientId: string;
    clientSecret: string;
    redirectUri: string;
    scope: string;
    subjectField: string;
  };
  /** the 山海系统 link: base URL of the external system ('' = no link), its su_login path, the page opened, the shared ticket secret */
  externalSystemUrl: string;
  externalSuLoginPath: string;
  externalPagePath: string;
  externalSystemSecret: string;
  /** scheduled tasks: seconds between scheduler ticks; 0 = the scheduler does not run (tests) */
  taskTickSeconds: number;
  /** scheduled tasks: how long a claim holds without a heartbeat (a dead server's claim expires after this) */
  taskLeaseSeconds: number;
  /** requests slower than this (ms) are logged at info; all requests at debug */
  slowRequestMs: number;
  /** shutdown: how long requests in flight may take before connections and websockets are cut (ms) */
  shutdownGraceMs: number;
  /** idle keep-alive connections stay open this long (ms): longer than the proxy's upstream keepalive_timeout */
  keepAliveTimeoutMs: number;
  /** GET /metrics: the bearer token it wants ('' = loopback callers only) */
  metricsToken: string;
  /** sys_log months kept in the database; older months are detached and archived to DATA_DIR/archive (0 = keep all) */
  syslogRetentionMonths: number;
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
  { name: 'DB_POOL_SIZE', default: '10', meaning: 'PostgreSQL connections each server process keeps (besides one for LISTEN). Chosen by measurement on 2 cores (docs/PERFORMANCE.md: 5, 10 and 20 side by side): more connections than PostgreSQL has cores only queue inside PostgreSQL; N servers need N × this within `max_connections`.' },
  { name: 'TOKEN_SECRET', default: 'generated', meaning: 'HMAC secret for access tokens. When unset, a random one is generated once and kept in `DATA_DIR/token-secret` (mode 0600). Set it (same value) on every instance when running several.' },
  { name: 'ACCESS_TOKEN_TTL', default: '7200', meaning: 'Access-token lifetime in seconds (2 h).' },
  { name: 'REFRESH_TOKEN_TTL', default: '1209600', meaning: 'Session / refresh-token lifetime in seconds (14 days).' },
  { name: 'LOG_LEVEL', default: 'info', meaning: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.' },
  { name: 'PV_ADMIN_PASSWORD', default: '(unset)', meaning: 'Password of the `admin` user created on first start of an empty database. When unset a random one is printed once and written to `DATA_DIR/admin-password.txt` (mode 0600). Demo users get the same password.' },
  { name: 'DEMO_DATA', default: '1', meaning: 'Seed demo agents, customers and stations on first start of an empty database (`0` to start empty).' },
  { name: 'CONSOLE_DIR', default: '`<repo>/console/dist`', meaning: 'Built console served at `/`.' },
  { name: 'DAPING_DIR', default: '`<repo>/daping/dist`', meaning: 'Built big screen served at `/daping/`.' },
  { name: 'BODY_LIMIT', default: '1048576', meaning: 'Largest accepted request body in bytes (413 above).' },
  { name: 'APP_PACKAGE_MAX_MB', default: '200', meaning: 'Largest Android package (.apk) of a 光E宝 app release in MiB (`app_version/upload_package`; 413 above). Raise nginx `client_max_body_size` of that location with it.' },
  { name: 'LOGIN_MAX_FAILURES', default: '10', meaning: 'Failed logins per user name within `LOGIN_WINDOW_SECONDS` before further attempts get 429.' },
  { name: 'LOGIN_WINDOW_SECONDS', default: '900', meaning: 'Window of the login failure counter.' },
  { name: 'TRUST_PROXY', default: '0', meaning: 'Set `1` behind a reverse proxy so the client IP (logs, system log) comes from `X-Forwarded-For`.' },
  { name: 'LOGIN_IP_MAX_FAILURES', default: '50', meaning: 'Failed sign-ins (password or SMS code) from one client address within `LOGIN_WINDOW_SECONDS` before further attempts from it get 429.' },
  { name: 'LOGIN_DELAY_AFTER', default: '3', meaning: 'Failed sign-ins of an account (or, scaled, of an address) before each further attempt is slowed down.' },
  { name: 'LOGIN_DELAY_MS', default: '500', meaning: 'First progressive delay in ms; doubles with every further failure (`0` = no delay).' },
  { name: 'LOGIN_DELAY_MAX_MS', default: '5000', meaning: 'Cap of the progressive delay in ms.' },
  { name: 'SMS_CODE_TTL', default: '300', meaning: 'Lifetime of an SMS verification code in seconds.' },
  { name: 'SMS_MAX_ATTEMPTS', default: '5', meaning: 'Wrong entries of one SMS code before it is void.' },
  { name: 'SMS_RESEND_SECONDS', default: '60', meaning: 'Seconds between two codes sent to the same phone.' },
  { name: 'SMS_MAX_PER_HOUR', default: '5', meaning: 'Codes sent to one phone per hour.' },
  { name: 'SMS_MAX_PER_IP_HOUR', default: '20', meaning: 'Codes requested from one client address per hour.' },
  { name: 'REGISTER_ENABLED', default: '0', meaning: 'Set `1` to allow self sign-up (`POST /register`: user name, password, phone + SMS code).' },
  { name: 'REGISTER_DEFAULT_ROLE', default: '(empty)', meaning: 'Role code given to self-registered users (e.g. `agent`); empty = no role (they see only the home page until an admin assigns one).' },
  { name: 'LOGIN_RSA', default: '0', meaning: 'Set `1` to have the console encrypt the login password with the RSA public key (`GET /publicKey`, 117-byte chunks, PKCS#1 v1.5); the server then only accepts encrypted passwords. Use HTTPS regardless.' },
  { name: 'RSA_PRIVATE_KEY', default: 'generated', meaning: 'PEM of the 1024-bit login RSA key. When unset, one is generated once and kept in `DATA_DIR/login-rsa.pem` (mode 0600). Set it (same value) on every instance when running several.' },
  { name: 'OAUTH_AUTHORIZE_URL', default: '(unset)', meaning: 'External identity provider (OAuth2 authorization code flow): its authorize URL. Unset = no external sign-in.' },
  { name: 'OAUTH_TOKEN_URL', default: '(unset)', meaning: 'The provider endpoint exchanging the code for an access token (form POST, JSON reply with `access_token`).' },
  { name: 'OAUTH_USERINFO_URL', default: '(unset)', meaning: 'The provider endpoint returning the signed-in account (GET with the bearer access token).' },
  { name: 'OAUTH_CLIENT_ID', default: '(unset)', meaning: 'Client id registered with the provider.' },
  { name: 'OAUTH_CLIENT_SECRET', default: '(unset)', meaning: 'Client secret registered with the provider.' },
  { name: 'OAUTH_REDIRECT_URI', default: '(unset)', meaning: 'Where the provider sends the browser back: the console `/#/callback` URL, e.g. `https://ops.example.com/#/callback`.' },
  { name: 'OAUTH_PROVIDER', default: 'oauth', meaning: 'Provider key stored with linked accounts (`user_identities.provider`).' },
  { name: 'OAUTH_NAME', default: '(provider key)', meaning: 'Name shown on the login page button.' },
  { name: 'OAUTH_SCOPE', default: 'openid profile', meaning: 'Scope requested at the provider.' },
  { name: 'OAUTH_SUBJECT_FIELD', default: 'sub', meaning: 'Field of the userinfo reply that identifies the account (`sub`, `id`, ...).' },
  { name: 'EXTERNAL_SYSTEM_URL', default: '(unset)', meaning: 'Base URL of the external 山海系统. When set, the top bar shows the 山海系统 link: the console gets a one-time ticket (`ex_login`), posts it to `EXTERNAL_SU_LOGIN_PATH` there and opens `EXTERNAL_PAGE_PATH?token=...` in a new tab.' },
  { name: 'EXTERNAL_SU_LOGIN_PATH', default: '/api/system/index/su_login', meaning: 'su_login path on the external system.' },
  { name: 'EXTERNAL_PAGE_PATH', default: '/', meaning: 'Page of the external system opened with `?token=`.' },
  { name: 'EXTERNAL_SYSTEM_SECRET', default: '(token secret)', meaning: 'HMAC secret shared with the external system to verify `ex_login` tickets (60 s, single use by their `jti`).' },
  { name: 'TASK_TICK_SECONDS', default: '30', meaning: 'How often (seconds) each server looks for due scheduled tasks; `0` turns the scheduler off (tasks still run with run now).' },
  { name: 'TASK_LEASE_SECONDS', default: '45', meaning: 'A running task\'s claim lasts this long and is renewed by a heartbeat every third of it; the claim of a server that died expires after it, its run is recorded as interrupted and the task can run again.' },
  { name: 'SLOW_REQUEST_MS', default: '1000', meaning: 'Requests slower than this (ms) are logged at `info`, as are failed ones (4xx, 5xx at `error`); every request is logged at `debug`.' },
  { name: 'SHUTDOWN_GRACE_SECONDS', default: '5', meaning: 'On SIGTERM/SIGINT: how long requests in flight may finish (answered with `Connection: close`) before slow clients are cut (at most 7; websockets are cut after 1 s); the whole shutdown stays under 10 s and exits 0.' },
  { name: 'KEEP_ALIVE_TIMEOUT', default: '75', meaning: 'Seconds an idle keep-alive connection stays open. Keep it longer than the proxy\'s upstream `keepalive_timeout` (60 s in deploy/nginx.conf), so the proxy, not the server, closes idle connections.' },
  { name: 'METRICS_TOKEN', default: '(unset)', meaning: '`GET /metrics` (Prometheus text) wants `Authorization: Bearer <token>` when set; unset, it answers loopback callers only.' },
  { name: 'SYSLOG_RETENTION_MONTHS', default: '0', meaning: 'Months of the system log kept in the database (monthly partitions). Older months are detached and archived to `DATA_DIR/archive/sys_log/` as gzipped JSON lines by the task `maintain_sys_log`; `0` keeps everything.' },
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

/**
 * DATA_DIR/`name`, created with `make()` when missing (mode 0600); returns the content that is there.
 * Servers sharing one DATA_DIR (a volume under several containers) may start at the same moment and
 * must all end up with the same secret: the content goes to a temporary file that is then hard-linked
 * to the name — link() refuses a name that exists, so exactly one creator wins, the others read its
 * file, and nobody reads a half-written one.
 */
function sharedSecretFile(dataDir: string, name: string, make: () => string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  mkdirSync(dataDir, { recursive: true });
  const tmp = join(dataDir, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}`);
  const content = make();
  writeFileSync(tmp, content, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  try {
    linkSync(tmp, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST') {
      // a file system without hard links: exclusive create (a reader may then, rarely, be too early)
      try {
        writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
      } catch (inner) {
        if ((inner as NodeJS.ErrnoException).code !== 'EEXIST') throw inner;
      }
    }
  } finally {
    rmSync(tmp, { force: true });
  }
  return readFileSync(file, 'utf8');
}

/** Reads the token secret from the environment, else from DATA_DIR, else creates it there (0600). */
function tokenSecret(env: NodeJS.ProcessEnv, dataDir: string | null): string {
  if (env.TOKEN_SECRET) return env.TOKEN_SECRET;
  if (!dataDir) return randomBytes(32).toString('base64url'); // in-memory: a secret per process is fine
  return sharedSecretFile(dataDir, 'token-secret', () => randomBytes(48).toString('base64url') + '\n').trim();
}

/** The key of the backup endpoint, DATA_DIR/backup-key (0600): whoever can read the data folder may back it up. */
export function backupKey(dataDir: string): string {
  return sharedSecretFile(dataDir, 'backup-key', () => randomBytes(32).toString('base64url') + '\n').trim();
}

/** The login RSA key (PEM): from the environment, else DATA_DIR/login-rsa.pem, else created there (0600); in-memory: null (generated per process). */
function rsaPrivateKey(env: NodeJS.ProcessEnv, dataDir: string | null): string | null {
  if (env.RSA_PRIVATE_KEY) return env.RSA_PRIVATE_KEY.replace(/\\n/g, '\n');
  if (!dataDir) return null;
  return sharedSecretFile(dataDir, 'login-rsa.pem', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  });
}

/**
 * The last seconds of an access token's life in which the server already answers 405 ("about to
 * expire", SPEC.md §8): the client refreshes early and its session never lapses mid-request. Capped
 * at half the token's lifetime so a very short ACCESS_TOKEN_TTL still leaves usable tokens.
 */
export const ACCESS_TOKEN_REFRESH_WINDOW_SECONDS = 60;

/** DATA_DIR, or .data at the repository root. */
export function dataDirOf(env: NodeJS.ProcessEnv): string {
  return resolve(env.DATA_DIR || join(REPO_ROOT, '.data'));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = overrides.dataDir !== undefined ? overrides.dataDir : dataDirOf(env);
  const level = (env.LOG_LEVEL || 'info') as LogLevel;
  const config: Config = {
    port: int(env, 'PORT', 8080),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    dbPoolSize: Math.max(1, int(env, 'DB_POOL_SIZE', DEFAULT_POOL_SIZE)),
    tokenSecret: overrides.tokenSecret ?? tokenSecret(env, dataDir),
    backupKey: overrides.backupKey !== undefined ? overrides.backupKey : dataDir ? backupKey(dataDir) : null,
    accessTokenTtl: int(env, 'ACCESS_TOKEN_TTL', 7200),
    refreshTokenTtl: int(env, 'REFRESH_TOKEN_TTL', 14 * 24 * 3600),
    logLevel: level,
    adminPassword: env.PV_ADMIN_PASSWORD || null,
    demoData: flag(env, 'DEMO_DATA', true),
    consoleDir: resolve(env.CONSOLE_DIR || join(REPO_ROOT, 'console/dist')),
    dapingDir: resolve(env.DAPING_DIR || join(REPO_ROOT, 'daping/dist')),
    bodyLimit: int(env, 'BODY_LIMIT', 1024 * 1024),
    appPackageMaxBytes: int(env, 'APP_PACKAGE_MAX_MB', APP_PACKAGE_DEFAULT_MAX_MB) * 1024 * 1024,
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 10),
    loginWindowSeconds: int(env, 'LOGIN_WINDOW_SECONDS', 900),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    loginIpMaxFailures: int(env, 'LOGIN_IP_MAX_FAILURES', 50),
    loginDelayAfter: int(env, 'LOGIN_DELAY_AFTER', 3),
    loginDelayMs: int(env, 'LOGIN_DELAY_MS', 500),
    loginDelayMaxMs: int(env, 'LOGIN_DELAY_MAX_MS', 5000),
    smsCodeTtl: int(env, 'SMS_CODE_TTL', 300),
    smsMaxAttempts: int(env, 'SMS_MAX_ATTEMPTS', 5),
    smsResendSeconds: int(env, 'SMS_RESEND_SECONDS', 60),
    smsMaxPerHour: int(env, 'SMS_MAX_PER_HOUR', 5),
    smsMaxPerIpHour: int(env, 'SMS_MAX_PER_IP_HOUR', 20),
    registerEnabled: flag(env, 'REGISTER_ENABLED', false),
    registerDefaultRole: env.REGISTER_DEFAULT_ROLE?.trim() ?? '',
    loginRsa: flag(env, 'LOGIN_RSA', false),
    rsaPrivateKey: overrides.rsaPrivateKey !== undefined ? overrides.rsaPrivateKey : rsaPrivateKey(env, dataDir),
    oauth: {
      provider: env.OAUTH_PROVIDER?.trim() || 'oauth',
      name: env.OAUTH_NAME?.trim() || env.OAUTH_PROVIDER?.trim() || 'OAuth',
      authorizeUrl: env.OAUTH_AUTHORIZE_URL?.trim() ?? '',
      tokenUrl: env.OAUTH_TOKEN_URL?.trim() ?? '',
      userinfoUrl: env.OAUTH_USERINFO_URL?.trim() ?? '',
      clientId: env.OAUTH_CLIENT_ID?.trim() ?? '',
      clientSecret: env.OAUTH_CLIENT_SECRET ?? '',
      redirectUri: env.OAUTH_REDIRECT_URI?.trim() ?? '',
      scope: env.OAUTH_SCOPE?.trim() || 'openid profile',
      subjectField: env.OAUTH_SUBJECT_FIELD?.trim() || 'sub',
    },
    externalSystemUrl: (env.EXTERNAL_SYSTEM_URL?.trim() ?? '').replace(/\/+$/, ''),
    externalSuLoginPath: env.EXTERNAL_SU_LOGIN_PATH?.trim() || '/api/system/index/su_login',
    externalPagePath: env.EXTERNAL_PAGE_PATH?.trim() || '/',
    externalSystemSecret: env.EXTERNAL_SYSTEM_SECRET ?? '',
    taskTickSeconds: int(env, 'TASK_TICK_SECONDS', 30),
    taskLeaseSeconds: Math.max(3, int(env, 'TASK_LEASE_SECONDS', 45)),
    slowRequestMs: int(env, 'SLOW_REQUEST_MS', 1000),
    shutdownGraceMs: Math.min(7, int(env, 'SHUTDOWN_GRACE_SECONDS', 5)) * 1000,
    keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT', 75) * 1000,
    metricsToken: env.METRICS_TOKEN?.trim() ?? '',
    syslogRetentionMonths: int(env, 'SYSLOG_RETENTION_MONTHS', 0),
  };
  return { ...config, ...overrides };
}
