import { sql } from 'drizzle-orm';
import { type ExtraConfigColumn, index, integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns every business table carries: optimistic-lock version and audit times. */
export const versioned = () => ({
  version: integer('version').notNull().default(1),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The indexes serving the list keyword search on one column a resource's `search` names
 * (resources/query.ts, docs/DECISIONS.md "Keyword search"): a pg_trgm GIN index for keywords of
 * three or more characters (`column ILIKE '%q%'`), and a GIN index over the column's character
 * pairs (`pv_bigrams`, migration 0028) for two-character keywords — a Chinese given name, a city —
 * which have no trigram. One pair per column, so the planner ORs their bitmap scans.
 */
export const searchIndexes = (table: string, column: ExtraConfigColumn) => [
  index(`${table}_${column.name}_trgm_idx`).using('gin', column.op('gin_trgm_ops')),
  index(`${table}_${column.name}_bigram_idx`).using('gin', sql`pv_bigrams(${column})`),
];
