import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, inject } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type DbHandle, openDb, query, type Queryable } from '../src/db/client.ts';
import { agents, menus, roles, userRoles, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { BUILTIN_ROLES } from '../src/modules/auth/permissions.ts';
import { bootstrap } from '../src/modules/system/bootstrap.ts';
import { JOBS, type JobDef } from '../src/modules/task/jobs.ts';

export const ADMIN_PASSWORD = 'admin-pass-1';
export const USER_PASSWORD = 'user-pass-1';
export const onPostgres = !!process.env.TEST_DATABASE_URL;

/** A database of a test: the handle plus, on PostgreSQL, its connection URL. */
export interface TestDbHandle extends DbHandle {
  url: string | null;
}

let databases = 0;
declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite runs: a tar of an empty database with every migration applied (global-setup.ts; freshDb copies it) */
    pgliteTemplate: string | null;
    /** PostgreSQL runs: a migrated empty database freshDb copies (`create database … template`) */
    pgTemplate: string | null;
  }
}

/** What global-setup.ts provided; null outside a vitest run (the bench calls freshDb too). */
function provided<K extends 'pgliteTemplate' | 'pgTemplate'>(key: K): string | null {
  try {
    return inject(key) ?? null;
  } catch {
    return null;
  }
}

/** PGlite: the migrated empty database global-setup.ts saved for this run (none when a test runs without it). */
let template: Blob | null | undefined;
function pgliteTemplate(): Blob | undefined {
  if (template === undefined) {
    const file = provided('pgliteTemplate');
    template = file ? new Blob([readFileSync(file)]) : null;
  }
  return template ?? undefined;
}

/**
 * A fresh database: in-memory PGlite, or (TEST_DATABASE_URL) a new PostgreSQL database of its own,
 * dropped on close — so a test may start a second app with other settings without touching the
 * first app's data.
 */
export async function freshDb(): Promise<TestDbHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { ...(await openDb({ template: pgliteTemplate() })), url: null };
  const name = `pv_test_${process.pid}_${++databases}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  const template = provided('pgTemplate');
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: own.toString() });
  return {
    ...handle,
    url: own.toString(),
    close: async () => {
      await handle.close();
      const cleanup = postgres(url, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  handle: TestDbHandle;
  config: Config;
  close(): Promise<void>;
}

export async function startApp(overrides: Partial<Config> = {}, opts: { staticApps?: boolean; logStream?: NodeJS.WritableStream } = {}): Promise<TestApp> {
  const staticRoot = mkdtempSync(join(tmpdir(), 'pv-static-'));
  const config = loadConfig({}, {
    dataDir: null,
    logLevel: 'silent',
    adminPassword: ADMIN_PASSWORD,
    demoData: false,
    tokenSecret: 'test-secret-test-secret',
    consoleDir: join(staticRoot, 'console'),
    dapingDir: join(staticRoot, 'daping'),
    ...overrides,
  });
  if (opts.staticApps) writeStatic(config);
  const handle = await freshDb();
  await bootstrap(handle.db, config);
  const app = await buildApp({ db: handle.db, config, dbKind: handle.kind, logStream: opts.logStream });
  await app.ready();
  return {
    app,
    handle,
    config,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

export interface Call {
  token?: string;
  body?: unknown;
  query?: Record<string, string | number>;
  lang?: 'zh' | 'en';
  headers?: Record<string, string>;
  raw?: string;
}

/** One API call through fastify.inject; returns HTTP status and the parsed envelope. */
/** A reply that must be 200 (else the test fails with the server's message): its data. */
export async function ok(reply: Promise<{ status: number; msg: string; data: any }>): Promise<any> {
  const r = await reply;
  expect(r.status, r.msg).toBe(200);
  return r.data;
}

export async function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, c: Call = {}) {
  const headers: Record<string, string> = { ...(c.headers ?? {}) };
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  if (c.lang) headers['accept-language'] = c.lang === 'en' ? 'en-US,en;q=0.9' : 'zh-CN,zh;q=0.9';
  let payload: string | undefined;
  if (c.raw !== undefined) {
    payload = c.raw;
    headers['content-type'] ??= 'application/json';
  } else if (c.body !== undefined) {
    payload = JSON.stringify(c.body);
    headers['content-type'] = 'application/json';
  }
  const res = await app.inject({ method, url, query: c.query as Record<string, string> | undefined, headers, payload });
  let json: { code: number; msg: string; data: any };
  try {
    json = res.json();
  } catch {
    json = { code: -1, msg: res.body, data: null };
  }
  return { status: res.statusCode, ...json, headers: res.headers, body: res.body };
}

export async function login(app: FastifyInstance, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const res = await call(app, 'POST', '/api/system/index/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.msg}`);
  return res.data.token as string;
}

/** Registers a job for a test only (yearly cron, no description); `delete JOBS[code]` takes it away. */
export function registerTestJob(code: string, zhName: string, run: JobDef['run']): JobDef {
  return (JOBS[code] = { code, name: { zh: zhName, en: code }, description: { zh: '', en: '' }, cron: '0 0 1 1 *', run });
}

/** Agents and users for scope tests: SD (top) with child SDc, HN; users op (operator), sd (agent SD), hn (agent HN). */
export async function fixtures(t: TestApp) {
  const { db } = t.handle;
  const [sd] = await db.insert(agents).values({ code: 'T-SD', name: '山东测试代理', province_code: '370000', city_code: '370100' }).returning();
  const [sdc] = await db.insert(agents).values({ code: 'T-SDC', name: '潍坊测试二级代理', parent_id: sd!.id, province_code: '370000', city_code: '370700' }).returning();
  const [hn] = await db.insert(agents).values({ code: 'T-HN', name: '河南测试代理', province_code: '410000', city_code: '410100' }).returning();
  const hash = await hashPassword(USER_PASSWORD);
  const roleId = async (code: string) => (await db.select().from(roles).where(eq(roles.code, code)))[0]!.id;
  const mk = async (username: string, full_name: string, role: string, agent_id: number | null) => {
    const [u] = await db.insert(users).values({ username, password_hash: hash, full_name, agent_id, identity: agent_id ? 'agent' : 'staff' }).returning();
    await db.insert(userRoles).values({ user_id: u!.id, role_id: await roleId(role) });
    return u!;
  };
  const op = await mk('op', '运营小李', 'operator', null);
  const sdUser = await mk('sd', '山东代理王', 'agent', sd!.id);
  const hnUser = await mk('hn', '河南代理陈', 'agent', hn!.id);
  return { sd: sd!, sdc: sdc!, hn: hn!, op, sdUser, hnUser };
}

/** A valid customer body (name, phone, province, source). */
export function customerBody(extra: Record<string, unknown> = {}) {
  return { name: '张三丰', phone: '13800138000', province_code: '370000', city_code: '370100', source: 'phone', ...extra };
}

/** Writes a minimal built console and big screen, to test static serving. */
/** A script as a build writes it: the file, and its brotli and gzip copies (scripts/precompress.ts). */
export const STATIC_SCRIPT = `console.log(${JSON.stringify('光伏运维 '.repeat(200))});\n`;

function writeStatic(config: Config) {
  for (const [dir, title, asset] of [
    [config.consoleDir, 'console', 'index-AbCd1234.js'],
    [config.dapingDir, 'daping', 'main-XyZ98765.js'],
  ] as const) {
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), `<!doctype html><title>${title}</title>`);
    writeFileSync(join(dir, 'assets', asset), STATIC_SCRIPT);
    writeFileSync(join(dir, 'assets', `${asset}.br`), brotliCompressSync(STATIC_SCRIPT));
    writeFileSync(join(dir, 'assets', `${asset}.gz`), gzipSync(STATIC_SCRIPT));
  }
  writeFileSync(join(config.consoleDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
}

/** Uploads raw bytes (as the console does: the file is the body) → {status, code, msg, data}. */
export async function uploadFile(app: FastifyInstance, token: string, url: string, body: Buffer, contentType: string, name = 'file') {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'x-file-name': encodeURIComponent(name), 'accept-language': 'zh-CN' },
    payload: body,
  });
  return { status: res.statusCode, ...res.json() };
}

/** Real image bytes (sharp renders them) for upload tests. */
export async function testImage(width = 640, height = 480, format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })[format]().toBuffer();
}

/** A minimal valid one-page PDF. */
export function testPdf(text = 'PV'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%${text}\n%%EOF\n`,
  );
}

/** The statements of the committed migration whose file name ends with `suffix` (drizzle/), run in order: the upgrade tests apply one to a database put back in its old state. */
export async function runMigration(db: Queryable, suffix: string): Promise<void> {
  const dir = join(import.meta.dirname, '..', 'drizzle');
  const file = readdirSync(dir).find((f) => f.endsWith(suffix));
  if (!file) throw new Error(`no migration ending with ${suffix}`);
  for (const stmt of readFileSync(join(dir, file), 'utf8').split('--> statement-breakpoint')) await db.execute(sql.raw(stmt));
}

/** A menu migration's screens with their parent's name, by name: what its upgrade must leave as a fresh install has them. */
export function menuEntries(db: Queryable, names: string[]) {
  return query<{ name: string; sort: number }>(
    db,
    sql`select m.name, p.name as parent, m.path, m.component, m.redirect, m.sort, m.meta, m.permission, m.status
        from menus m left join menus p on p.id = m.parent_id where m.name in ${names} order by m.name`,
  );
}

/** The state before a menu migration: its screens gone and no role holding the codes it adds. */
export async function removeMenuScreens(db: DbHandle['db'], names: string[], codes: RegExp): Promise<void> {
  await db.delete(menus).where(inArray(menus.name, names));
  for (const r of await db.select({ code: roles.code, permissions: roles.permissions }).from(roles)) {
    await db.update(roles).set({ permissions: r.permissions.filter((c) => !codes.test(c)) }).where(eq(roles.code, r.code));
  }
}

/**
 * Built-in roles a later migration brings whole (finance_om_roles, issue 26): the menu migrations
 * before it neither know them nor give them codes, so their upgrade checks leave them out
 * (finance-roles-upgrade.test.ts checks these).
 */
export const LATER_ROLES = new Set(['finance', 'finance_approver', 'om_reviewer']);

/** After a menu migration: every role holds exactly the built-in codes `codes` matches, and the admin is served the screens. */
export async function expectRolesAndMenuAsFresh(t: TestApp, names: string[], codes: RegExp): Promise<void> {
  for (const r of await t.handle.db.select({ code: roles.code, permissions: roles.permissions }).from(roles)) {
    if (LATER_ROLES.has(r.code)) continue;
    const builtin = BUILTIN_ROLES.find((b) => b.code === r.code)!;
    expect(r.permissions.filter((c) => codes.test(c)).sort(), r.code).toEqual([...builtin.permissions].filter((c) => codes.test(c)).sort());
  }
  const admin = await login(t.app);
  const served = JSON.stringify((await call(t.app, 'GET', '/api/system/menu/index', { token: admin })).data);
  for (const name of names) expect(served).toContain(`"name":"${name}"`);
}

/**
 * A menu migration's whole upgrade check: from the old state (its screens gone, no role with `codes`), the
 * migration leaves the screens as a fresh install has them, the roles exactly the built-in codes, the admin
 * served the screens; a second run changes nothing.
 */
export async function expectMenuUpgrade(t: TestApp, names: string[], codes: RegExp, migrate: () => Promise<unknown>): Promise<void> {
  const fresh = await menuEntries(t.handle.db, names);
  await removeMenuScreens(t.handle.db, names, codes);
  await migrate();
  expect(await menuEntries(t.handle.db, names)).toEqual(fresh);
  await expectRolesAndMenuAsFresh(t, names, codes);
  await expectRerunChangesNothing(t.handle.db, migrate);
}

/** Runs an upgrade migration a second time and expects it to change no menu entry and no role (their versions stay). */
export async function expectRerunChangesNothing(db: DbHandle['db'], migrate: () => Promise<unknown>): Promise<void> {
  const versions = async () => [
    await db.select({ id: menus.id, version: menus.version }).from(menus).orderBy(menus.id),
    await db.select({ code: roles.code, version: roles.version }).from(roles).orderBy(roles.code),
  ];
  const before = await versions();
  await migrate();
  expect(await versions()).toEqual(before);
}
