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
/** `table.column` of every column with a trigram index (searchIndexes without `code`) */
export const TRGM_INDEXED = new Set<string>();
/** `table.column` of every document number or code searched by its start or its end (searchIndexes with `code`) */
export const CODE_INDEXED = new Set<string>();

/**
 * The indexes serving the list keyword search on one column a resource's `search` names
 * (resources/query.ts, docs/DECISIONS.md "Keyword search"):
 * - free text and phone numbers: a pg_trgm GIN index for keywords of three or more characters
 *   (`column ILIKE '%q%'`, and `'q%'`, a prefix). With `pairs` — names, addresses, titles — also a GIN
 *   index over the column's character pairs (`pv_bigrams`, migration 0028) for two-character keywords
 *   such as a Chinese given name or a city, which have no trigram;
 * - `code` — document numbers and codes (XJ20261127000042, a station or material code): two b-tree
 *   indexes, on the upper-cased value and on it reversed, so a keyword finds the numbers that start or
 *   end with it (a full or pasted number, a prefix, the last digits read out on the phone). Sequential
 *   numbers share almost every trigram, so a trigram index read millions of entries for one number.
 */
export function searchIndexes(table: string, column: ExtraConfigColumn, opts: { pairs?: boolean; code?: boolean } = {}) {
  const key = `${table}.${column.name}`;
  if (opts.code) {
    CODE_INDEXED.add(key);
    return [
      index(`${table}_${column.name}_prefix_idx`).using('btree', sql`upper(${column}) text_pattern_ops`),
      index(`${table}_${column.name}_suffix_idx`).using('btree', sql`reverse(upper(${column})) text_pattern_ops`),
    ];
  }
  TRGM_INDEXED.add(key);
  const indexes = [index(`${table}_${column.name}_trgm_idx`).using('gin', column.op('gin_trgm_ops'))];
  if (opts.pairs) {
    PAIR_INDEXED.add(key);
    indexes.push(index(`${table}_${column.name}_bigram_idx`).using('gin', sql`pv_bigrams(${column})`));
  }
  return indexes;
}
