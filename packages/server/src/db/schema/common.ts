import { type ExtraConfigColumn, index, integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns every business table carries: optimistic-lock version and audit times. */
export const versioned = () => ({
  version: integer('version').notNull().default(1),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A trigram index (pg_trgm, migration 0027) serving the list keyword search `column ILIKE '%q%'`
 * for keywords of three or more characters; one per column a resource's `search` names, so the
 * planner ORs their bitmap scans (docs/DECISIONS.md, "Keyword search").
 */
export const trigramIndex = (name: string, column: ExtraConfigColumn) => index(name).using('gin', column.op('gin_trgm_ops'));
