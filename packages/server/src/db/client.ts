import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/postgres-js';
import { migrate as migratePg } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { SERVER_ROOT } from '../config.ts';
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
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');

export interface OpenOptions {
  /** PostgreSQL URL; when absent PGlite is used */
  databaseUrl?: string | null;
  /** PGlite folder; null/undefined = in memory */
  dataDir?: string | null;
  /** apply the committed migrations (default true) */
  migrate?: boolean;
}

/** Opens PGlite (folder or memory) or PostgreSQL, applies the committed migrations, returns one typed db. */
export async function openDb(options: OpenOptions = {}): Promise<DbHandle> {
  let handle: DbHandle;
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePg(client, { schema });
    if (options.migrate !== false) await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    handle = { db: db as unknown as Db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
  } else {
    let dir: string | undefined;
    if (options.dataDir) {
      dir = join(options.dataDir, 'pglite');
      mkdirSync(dir, { recursive: true });
    }
    // pg_trgm backs the list keyword search (migration 0027); PostgreSQL ships it in contrib
    const client = new PGlite({ dataDir: dir, extensions: { pg_trgm } });
    const db = drizzlePglite(client, { schema });
    if (options.migrate !== false) await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    handle = { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
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
