import { sql } from 'drizzle-orm';
import { type ExtraConfigColumn, index, integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns every business table carries: optimistic-lock version and audit times. */
export const versioned = () => ({
  version: integer('version').notNull().default(1),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `table.column` of every column with a character-pair index (searchIndexes with pairs), for resources/query.ts */
export const PAIR_INDEXED = new Set<string>();
/** `table.column` of every column with a trigram index (every searchIndexes column) */
export const TRGM_INDEXED = new Set<string>();

/**
 * The indexes serving the list keyword search on one column a resource's `search` names
 * (resources/query.ts, docs/DECISIONS.md "Keyword search"): a pg_trgm GIN index for keywords of
 * three or more characters (`column ILIKE '%q%'`, and `'q%'`, a prefix). With `pairs` — free text:
 * names, addresses, titles — also a GIN index over the column's character pairs (`pv_bigrams`,
 * migration 0028) for two-character keywords such as a Chinese given name or a city, which have no
 * trigram. Codes and phone numbers go without: two characters there are a prefix.
 */
export function searchIndexes(table: string, column: ExtraConfigColumn, opts: { pairs?: boolean } = {}) {
  TRGM_INDEXED.add(`${table}.${column.name}`);
  const indexes = [index(`${table}_${column.name}_trgm_idx`).using('gin', column.op('gin_trgm_ops'))];
  if (opts.pairs) {
    PAIR_INDEXED.add(`${table}.${column.name}`);
    indexes.push(index(`${table}_${column.name}_bigram_idx`).using('gin', sql`pv_bigrams(${column})`));
  }
  return indexes;
}
