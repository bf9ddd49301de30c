import { index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { tstz } from './common.ts';
import { users } from './system.ts';

/**
 * Display tokens (大屏): issued by an administrator for a wall display, they read statistics and
 * nothing else. Only a SHA-256 hash of the token is stored; the whole token is shown once, on add.
 */
export const displayTokens = pgTable(
  'display_tokens',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    /** the first characters of the token, to tell tokens apart in the list */
    prefix: varchar('prefix', { length: 16 }).notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: tstz('created_at').notNull().defaultNow(),
    expires_at: tstz('expires_at'),
    revoked_at: tstz('revoked_at'),
    revoked_by: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    last_used_at: tstz('last_used_at'),
  },
  (t) => [index('display_tokens_created_idx').on(t.created_at)],
);
