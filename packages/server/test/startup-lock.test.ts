import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type DbHandle, openDb } from '../src/db/client.ts';
import { bootstrap } from '../src/modules/system/bootstrap.ts';
import { ADMIN_PASSWORD, onPostgres } from './helpers.ts';

/** Servers started together on one PostgreSQL database (compose starts both API containers at once). */

const created: string[] = [];
let serial = 0;

/** A new, empty database (no migrations applied), dropped after the file. */
async function emptyDatabase(): Promise<string> {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `pv_lock_${process.pid}_${++serial}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  created.push(name);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}

afterAll(async () => {
  if (!onPostgres) return;
  const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  for (const name of created) await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
});

const config = loadConfig({}, { dataDir: null, logLevel: 'silent', adminPassword: ADMIN_PASSWORD, demoData: true, tokenSecret: 'lock-test-secret-lock-test' });

/** What main.ts does before listening: open (migrations under the lock), then bootstrap under the lock. */
async function start(url: string, onLockWait?: () => void): Promise<{ handle: DbHandle; created: boolean }> {
  const handle = await openDb({ databaseUrl: url, onLockWait });
  const boot = await handle.exclusive(() => bootstrap(handle.db, config));
  return { handle, created: boot.created };
}

/** Row counts of what start-up writes: migrations applied, the admin and demo users, roles, menus, demo data. */
async function state(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`select
      (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
      (select count(*)::int from users) as users,
      (select count(*)::int from users where username = 'admin') as admins,
      (select count(*)::int from roles) as roles,
      (select count(*)::int from user_roles) as user_roles,
      (select count(*)::int from menus) as menus,
      (select count(*)::int from agents) as agents,
      (select count(*)::int from customers) as customers,
      (select count(*)::int from stations) as stations`;
    return row!;
  } finally {
    await sql.end();
  }
}

describe.skipIf(!onPostgres)('start-up lock on PostgreSQL', () => {
  it('three servers starting at once on an empty database all start, one creates the admin, and the database ends as after a single start', async () => {
    const together = await emptyDatabase();
    const starts = await Promise.allSettled([start(together), start(together), start(together)]);
    const handles = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      expect(starts.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
      expect(handles.filter((h) => h.created)).toHaveLength(1);
    } finally {
      await Promise.all(handles.map((h) => h.handle.close()));
    }

    const alone = await emptyDatabase();
    const single = await start(alone);
    await single.handle.close();
    const expected = await state(alone);
    expect(expected.admins).toBe(1);
    expect(expected.migrations).toBeGreaterThan(20);
    expect(expected.menus).toBeGreaterThan(10);
    expect(expected.customers).toBeGreaterThan(0);
    expect(await state(together)).toEqual(expected);
  });

  it('exclusive() on one handle waits while another process-like handle holds the lock, and says so', async () => {
    const url = await emptyDatabase();
    const a = await openDb({ databaseUrl: url });
    let waited = 0;
    const b = await openDb({ databaseUrl: url, onLockWait: () => waited++ });
    try {
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const first = a.exclusive(async () => {
        order.push('a in');
        await held;
        order.push('a out');
      });
      await new Promise((r) => setTimeout(r, 100)); // a holds the lock
      const second = b.exclusive(async () => {
        order.push('b in');
        return 42;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(order).toEqual(['a in']); // b is still waiting
      expect(waited).toBe(1);
      release();
      expect(await second).toBe(42);
      await first;
      expect(order).toEqual(['a in', 'a out', 'b in']);
      // released again: a takes it at once
      expect(await a.exclusive(async () => 'again')).toBe('again');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
