import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns every business table carries: optimistic-lock version and audit times. */
export const versioned = () => ({
  version: integer('version').notNull().default(1),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
