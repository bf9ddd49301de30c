import { sql } from 'drizzle-orm';
import { query, type Queryable } from './client.ts';

/**
 * Large loads (`pnpm seed`, the benchmarks' seeding): building a table's secondary indexes once at the
 * end (a sort) is about twice as fast as maintaining them row by row. Indexes that back a constraint
 * (primary keys, unique constraints) stay. Run inside the caller's transaction, so a failure restores them.
 */
export async function withIndexesRebuilt(tx: Queryable, tables: string[], enabled: boolean, load: () => Promise<unknown>, workMem = '256MB') {
  if (!enabled) return load();
  const indexes = await query<{ name: string; def: string }>(
    tx,
    sql`select i.indexname as name, i.indexdef as def from pg_indexes i
        where i.schemaname = current_schema() and i.tablename in ${tables}
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const i of indexes) await tx.execute(sql.raw(`drop index "${i.name}"`));
  await tx.execute(sql.raw(`set local maintenance_work_mem = '${workMem.replace(/[^0-9A-Za-z]/g, '')}'`));
  await load();
  const t0 = performance.now();
  for (const i of indexes) await tx.execute(sql.raw(i.def));
  console.log(`    (rebuilt ${indexes.length} indexes of ${tables.join(', ')} in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}
