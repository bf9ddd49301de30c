import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/postgres-js';
import { migrate as migratePg } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { SERVER_ROOT } from '../config.ts';
import { DEFAULT_POOL_SIZE } from './pool.ts';
import { instrumentPglite, instrumentPostgres, registerDbStats } from './instrument.ts';
import { type BackupControl, pgliteBackupControl } from '../backup/pgdata.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the code sees, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, any>;
/** Anything that runs queries: the database or an open transaction. */
export type Queryable = Db | Tx;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` holding the database's start-up lock, so that servers starting at the same moment on one
   * database migrate and bootstrap one after the other (see STARTUP_LOCK). PGlite has one process per
   * folder: `fn` just runs.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** PGlite only: a consistent copy of the data folder as a tar in memory (PGlite's dumpDataDir; the tests' template) */
  dump?: () => Promise<Blob>;
  /** PGlite in a folder: the online backup of that folder (backup/pgdata.ts) */
  backup?: BackupControl;
  close(): Promise<void>;
}

/**
 * Key of the PostgreSQL advisory lock around start-up work — the migrations, the first-start bootstrap.
 * Without it two servers starting on an empty database both apply the migrations (the second fails on
 * tables that already exist) and both create the admin. Any constant; these are "pvboot" in ASCII.
 */
export const STARTUP_LOCK = 0x7076_626f_6f74;

export const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');

export interface OpenOptions {
  /** PostgreSQL URL; when absent PGlite is used */
  databaseUrl?: string | null;
  /** PostgreSQL: connections in the pool (DB_POOL_SIZE; default DEFAULT_POOL_SIZE) */
  poolSize?: number;
  /** PGlite folder; null/undefined = in memory */
  dataDir?: string | null;
  /** apply the committed migrations (default true) */
  migrate?: boolean;
  /** called when the start-up lock is held by another process and this one waits for it */
  onLockWait?: () => void;
  /** PGlite in memory only: start from this data-folder tar (a `dump()` of a migrated database) */
  template?: Blob;
}

/**
 * Pool timeouts: a connection idle this long is closed (a quiet server holds none), connecting gives up
 * after CONNECT_TIMEOUT_S (the request fails instead of hanging), and every connection is replaced
 * after about MAX_LIFETIME_S, which also bounds the prepared statements each connection keeps.
 */
const IDLE_TIMEOUT_S = 60;
const CONNECT_TIMEOUT_S = 10;
const MAX_LIFETIME_S = 30 * 60;

/**
 * The postgres-js client as drizzle sees it, with every parameterised statement prepared: drizzle asks
 * for unnamed statements (`prepare: false`), for which postgres-js sends Parse + Describe, waits, then
 * Bind + Execute — two round trips and a parse per query. Prepared, a statement text is parsed once per
 * connection and each later run is one round trip. Transactions and savepoints hand out their own
 * client: wrapped the same way.
 */
function preparing(client: postgres.Sql): postgres.Sql {
  return new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (prop === 'unsafe') {
        return (query: string, args?: unknown[], options?: Record<string, unknown>) =>
          target.unsafe(query, args as postgres.ParameterOrJSON<never>[], { ...options, prepare: true });
      }
      if (prop === 'begin' || prop === 'savepoint') {
        return (...args: unknown[]) => {
          const fn = args.pop() as (sql: postgres.Sql) => unknown;
          return (value as (...a: unknown[]) => unknown).apply(target, [...args, (inner: postgres.Sql) => fn(preparing(inner))]);
        };
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The embedded databases (PGlite): one statement at a time, in this process's own thread. */
const embedded = new WeakSet<object>();

/** Whether `db` is an embedded PGlite, where a long statement or a long loop of them makes every other request wait. */
export const isEmbedded = (db: Queryable): boolean => embedded.has(db);

/**
 * PGlite runs a statement inside this thread and resolves its promise before any I/O is looked at: a
 * loop of awaited statements — an export's batches, a generator's — never lets the event loop turn,
 * and every other request (even /api/health) waits for the whole loop (an export of 100,000 customers
 * held the server for over a minute). Each statement's result is handed back after a turn of the event
 * loop (setImmediate), so other requests' statements get the database between two of them.
 */
function yielding<T extends object>(client: T): T {
  const turn = <R>(result: R) => new Promise<R>((resolve) => setImmediate(resolve, result));
  return new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (typeof value !== 'function') return value;
      if (prop === 'query' || prop === 'exec') return (...args: unknown[]) => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args).then(turn);
      if (prop === 'transaction') return (fn: (tx: object) => unknown) => (value as (f: (tx: object) => unknown) => Promise<unknown>).call(target, (tx: object) => fn(yielding(tx))).then(turn);
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

/** Who wants to see every statement a db runs (before it runs): the auth cache, metrics. */
type StatementObserver = (sql: string, params: readonly unknown[]) => void;
const statementObservers = new WeakMap<object, Set<StatementObserver>>();

/**
 * Calls `fn` with the text and parameters of every statement run through `db` (its transactions
 * included), before it runs; returns the unsubscribe. Observers must be cheap: they run on every query.
 */
export function observeStatements(db: Queryable, fn: StatementObserver): () => void {
  let set = statementObservers.get(db);
  if (!set) statementObservers.set(db, (set = new Set()));
  set.add(fn);
  return () => set.delete(fn);
}

/** drizzle's logger hook, handing each statement to the observers of the db it belongs to (set once drizzle made it). */
function statementLogger() {
  return {
    db: undefined as object | undefined,
    logQuery(query: string, params: unknown[]) {
      const set = this.db && statementObservers.get(this.db);
      if (set) for (const fn of set) fn(query, params);
    },
  };
}

/**
 * `fn` under a session advisory lock taken on a connection reserved for it (the lock belongs to that
 * session; `fn`'s own queries run on the pool's other connections). PostgreSQL releases the lock by
 * itself if the process dies holding it.
 */
async function withAdvisoryLock<T>(client: postgres.Sql, key: number, onWait: (() => void) | undefined, fn: () => Promise<T>): Promise<T> {
  const session = await client.reserve();
  try {
    const [got] = await session<Array<{ locked: boolean }>>`select pg_try_advisory_lock(${key}::bigint) as locked`;
    if (!got?.locked) {
      onWait?.();
      await session`select pg_advisory_lock(${key}::bigint)`;
    }
    try {
      return await fn();
    } finally {
      await session`select pg_advisory_unlock(${key}::bigint)`;
    }
  } finally {
    session.release();
  }
}

/**
 * Opens PGlite (folder or memory) or PostgreSQL, applies the committed migrations (under the start-up
 * lock on PostgreSQL), returns one typed db.
 */
export async function openDb(options: OpenOptions = {}): Promise<DbHandle> {
  let handle: DbHandle;
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, {
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      idle_timeout: IDLE_TIMEOUT_S,
      connect_timeout: CONNECT_TIMEOUT_S,
      max_lifetime: MAX_LIFETIME_S,
      onnotice: () => {},
      // prepared statements keep a plan per run (PostgreSQL's generic plan ignores the values: a list
      // filtered by a rare status would be planned like one filtered by the commonest)
      connection: { plan_cache_mode: 'force_custom_plan' },
    });
    // the metrics wrap the client's own entry points; the prepared-statement proxy calls through them
    const stats = instrumentPostgres(client);
    const logger = statementLogger();
    const db = drizzlePg(preparing(client), { schema, logger });
    logger.db = db;
    registerDbStats(db, stats);
    handle = {
      db: db as unknown as Db,
      kind: 'postgres',
      exclusive: (fn) => withAdvisoryLock(client, STARTUP_LOCK, options.onLockWait, fn),
      close: () => client.end({ timeout: 5 }),
    };
    if (options.migrate !== false) await handle.exclusive(() => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }));
  } else {
    let dir: string | undefined;
    if (options.dataDir) {
      dir = join(options.dataDir, 'pglite');
      mkdirSync(dir, { recursive: true });
    }
    // pg_trgm backs the list keyword search (migration 0027), btree_gist the tariffs' no-overlap
    // constraint (revenue_rules); PostgreSQL ships both in contrib
    const client = new PGlite({ dataDir: dir, extensions: { pg_trgm, btree_gist }, ...(options.template && !dir ? { loadDataDir: options.template } : {}) });
    const stats = instrumentPglite(client);
    const logger = statementLogger();
    const db = drizzlePglite(yielding(client), { schema, logger });
    logger.db = db;
    embedded.add(db);
    registerDbStats(db, stats);
    if (options.migrate !== false) await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    const dump = async () => {
      await client.exec('CHECKPOINT'); // flushes the buffers: the copy needs less WAL replay when restored
      return client.dumpDataDir('none');
    };
    handle = { db: db as unknown as Db, kind: 'pglite', exclusive: (fn) => fn(), dump, ...(dir ? { backup: pgliteBackupControl(client, dir) } : {}), close: () => client.close() };
  }
  return handle;
}

/** Rows of a raw `execute`, whose result shape differs per driver (PGlite: {rows}, postgres-js: an array). */
export async function query<T = Record<string, unknown>>(db: Queryable, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown;
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Runs a script of several statements (seed SQL); each statement in turn. */
export async function runScript(db: Queryable, statements: string[]): Promise<void> {
  for (const s of statements) await db.execute(sql.raw(s));
}

export { schema };
