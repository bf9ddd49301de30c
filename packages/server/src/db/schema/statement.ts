import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tstz, versioned } from './common.ts';
import { partners } from './partner.ts';

/**
 * 对账单 statements with financiers and suppliers (issue 15; docs/DECISIONS.md "Statements"). Money
 * numeric(14,2) as text, quantities numeric(14,3), a financier's rate numeric(12,4) yuan per kWp.
 */

/**
 * What a delivered (grid-connected) station is worth to a financier: yuan per kWp from a day on,
 * until the partner's next rate starts. A station is priced by the rate in force on its grid day.
 */
export const financierRates = pgTable(
  'financier_rates',
  {
    id: serial('id').primaryKey(),
    partner_id: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    effective_from: date('effective_from', { mode: 'string' }).notNull(),
    rate_per_kwp: numeric('rate_per_kwp', { precision: 12, scale: 4, mode: 'string' }).notNull(),
    remark: varchar('remark', { length: 200 }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [uniqueIndex('financier_rates_partner_from_key').on(t.partner_id, t.effective_from), check('financier_rates_positive', sql`${t.rate_per_kwp} > 0`)],
);

/** A statement with one partner for a period (both days included, China calendar). */
export const statements = pgTable(
  'statements',
  {
    id: serial('id').primaryKey(),
    statement_no: varchar('statement_no', { length: 32 }).notNull().unique(),
    partner_id: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    /** StatementKind: financier | supplier (the partner's kind when made) */
    kind: varchar('kind', { length: 12 }).notNull(),
    period_from: date('period_from', { mode: 'string' }).notNull(),
    period_to: date('period_to', { mode: 'string' }).notNull(),
    /** StatementStatus */
    status: varchar('status', { length: 12 }).notNull().default('draft'),
    our_count: integer('our_count').notNull().default(0),
    our_amount: numeric('our_amount', { precision: 14, scale: 2, mode: 'string' }).notNull().default('0'),
    their_count: integer('their_count').notNull().default(0),
    their_amount: numeric('their_amount', { precision: 14, scale: 2, mode: 'string' }).notNull().default('0'),
    /** lines whose amount or quantity differs, or that are on one side only */
    diff_count: integer('diff_count').notNull().default(0),
    unexplained_count: integer('unexplained_count').notNull().default(0),
    /** set by confirm: the sum of each line's agreed amount */
    agreed_amount: numeric('agreed_amount', { precision: 14, scale: 2, mode: 'string' }),
    file_name: varchar('file_name', { length: 200 }),
    imported_by: integer('imported_by'),
    imported_at: tstz('imported_at'),
    sent_by: integer('sent_by'),
    sent_at: tstz('sent_at'),
    confirmed_by: integer('confirmed_by'),
    confirmed_at: tstz('confirmed_at'),
    remark: varchar('remark', { length: 200 }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    index('statements_partner_idx').on(t.partner_id, t.period_from, t.id),
    index('statements_status_idx').on(t.status, t.created_at, t.id),
    index('statements_created_idx').on(t.created_at, t.id),
    check('statements_kind', sql`${t.kind} in ('financier', 'supplier')`),
    check('statements_period', sql`${t.period_to} >= ${t.period_from}`),
  ],
);

/**
 * One key of the comparison (a station code; a supplier's reference / material code): our side
 * from our records, their side from their sheet; the group and differences follow from the two
 * (computed on every read from the two, so they can never disagree with them).
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: serial('id').primaryKey(),
    statement_id: integer('statement_id')
      .notNull()
      .references(() => statements.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 100 }).notNull(),
    label: varchar('label', { length: 200 }),
    /** station | receipt (our side's record) */
    source_type: varchar('source_type', { length: 12 }),
    source_id: integer('source_id'),
    our_qty: numeric('our_qty', { precision: 14, scale: 3, mode: 'string' }),
    our_amount: numeric('our_amount', { precision: 14, scale: 2, mode: 'string' }),
    /** a financier's station without a rate on its grid day */
    no_rate: boolean('no_rate').notNull().default(false),
    their_qty: numeric('their_qty', { precision: 14, scale: 3, mode: 'string' }),
    their_amount: numeric('their_amount', { precision: 14, scale: 2, mode: 'string' }),
    their_row: integer('their_row'),
    their_remark: varchar('their_remark', { length: 200 }),
    note: varchar('note', { length: 500 }),
    /** StatementAgreed: ours | theirs | none, set with the note */
    agreed: varchar('agreed', { length: 8 }),
    explained_by: integer('explained_by'),
    explained_at: tstz('explained_at'),
    ...versioned(),
  },
  (t) => [uniqueIndex('statement_lines_key').on(t.statement_id, t.key)],
);
