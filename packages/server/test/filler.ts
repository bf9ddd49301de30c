import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../src/db/client.ts';

/**
 * A database made big on purpose (the backup test and `pnpm bench --backup`): system-log rows of about
 * 1.2 kB each, in the table that grows fastest in real use, part random (compresses like real data)
 * and part repeated; `action = 'bulk'` marks them.
 */
export async function fillSysLog(db: Queryable, mb: number): Promise<void> {
  const rows = Math.round((mb * 1024 * 1024) / 1200);
  for (let from = 1; from <= rows; from += 20_000) {
    await db.execute(
      sql.raw(`insert into sys_log (action, resource, username, record_id, before, after)
        select 'bulk', 'test', 'filler', g, jsonb_build_object('note', md5(g::text) || md5(random()::text) || md5(random()::text)),
               jsonb_build_object('text', repeat(md5((g % 997)::text), 24))
        from generate_series(${from}, ${Math.min(rows, from + 19_999)}) g`),
    );
  }
}

export interface Fingerprint {
  n: number;
  h: string;
}

/** The filler rows' count and a hash of their content: equal after a restore when nothing was lost or changed. */
export const fillerFingerprint = async (db: Queryable): Promise<Fingerprint> =>
  (await query<Fingerprint>(db, sql`select count(*)::int as n, coalesce(sum(hashtext(before::text || after::text)), 0)::text as h from sys_log where action = 'bulk'`))[0]!;
