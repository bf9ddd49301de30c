import { sql } from 'drizzle-orm';
import { type ExtraConfigColumn, index, integer, type PgColumn, timestamp } from 'drizzle-orm/pg-core';

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
/** table name → the columns of its character index, in the index's order (searchChars), for resources/query.ts */
export const CHARS_INDEXED = new Map<string, readonly string[]>();

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

/**
 * The characters of the given columns, lower-cased, as one text[] (`pv_chars`, migration 0094): the
 * expression of a table's character index and of the one-character keyword condition, which must
 * read the same for the planner to use the index. Characters need no boundary between the columns.
 */
export const charsOf = (columns: Array<ExtraConfigColumn | PgColumn>) =>
  sql`pv_chars(${sql.join(
    columns.map((c) => sql`coalesce(${c}, '')`),
    sql` || `,
  )})`;

/**
 * The index serving one-character keywords on a table (resources/query.ts, docs/DECISIONS.md
 * "Keyword search"): a GIN index over the characters of every column the table's list searches, so a
 * character (a surname, 张) is found through its posting list — rechecked per column by the same
 * ILIKE — instead of by walking the table. One index per table, not per column: a character has no
 * neighbour to match across a boundary, and one GIN entry list per row costs inserts less than three.
 */
export function searchChars(table: string, columns: ExtraConfigColumn[]) {
  CHARS_INDEXED.set(table, Object.freeze(columns.map((c) => c.name)));
  return index(`${table}_chars_idx`).using('gin', charsOf(columns));
}
