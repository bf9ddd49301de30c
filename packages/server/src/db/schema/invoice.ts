import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, pgTable, serial, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { searchIndexes, tstz, versioned } from './common.ts';

/**
 * 发票 invoices (issue 15; docs/DECISIONS.md "Invoices"). Money numeric(14,2) as text. The amounts
 * are the exact sums of the lines (a line's tax rounded once); `credited_amount` (what registered
 * red-letter invoices took off, positive) and `matched_amount` (what matches hold) are kept in the
 * same transactions as the rows they sum, under this row's lock.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** in | out */
    direction: varchar('direction', { length: 4 }).notNull(),
    /** InvoiceKind */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** '' for a 数电票 (no code): the unique key needs a value */
    invoice_code: varchar('invoice_code', { length: 12 }).notNull().default(''),
    invoice_no: varchar('invoice_no', { length: 20 }).notNull(),
    issue_date: date('issue_date', { mode: 'string' }).notNull(),
    seller_name: varchar('seller_name', { length: 100 }).notNull(),
    seller_tax_id: varchar('seller_tax_id', { length: 18 }).notNull(),
    buyer_name: varchar('buyer_name', { length: 100 }).notNull(),
    buyer_tax_id: varchar('buyer_tax_id', { length: 18 }),
    /** the counterpart: the seller of an incoming invoice, the buyer of an outgoing one */
    partner_id: integer('partner_id'),
    is_red: boolean('is_red').notNull().default(false),
    /** the invoice a red-letter one credits */
    original_id: integer('original_id'),
    red_reason: varchar('red_reason', { length: 500 }),
    amount_total: numeric('amount_total', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    tax_total: numeric('tax_total', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    total: numeric('total', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    credited_amount: numeric('credited_amount', { precision: 14, scale: 2, mode: 'string' }).notNull().default('0'),
    matched_amount: numeric('matched_amount', { precision: 14, scale: 2, mode: 'string' }).notNull().default('0'),
    /** none | partial | full: matched_amount against total − credited_amount */
    match_state: varchar('match_state', { length: 8 }).notNull().default('none'),
    /** InvoiceStatus */
    status: varchar('status', { length: 12 }).notNull().default('draft'),
    void_reason: varchar('void_reason', { length: 500 }),
    registered_at: tstz('registered_at'),
    registered_by: integer('registered_by'),
    voided_at: tstz('voided_at'),
    voided_by: integer('voided_by'),
    /** the PDF or OFD (files.owner_type = 'invoice') */
    file_id: integer('file_id'),
    remark: varchar('remark', { length: 200 }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    unique('invoices_code_no_key').on(t.invoice_code, t.invoice_no),
    index('invoices_issue_idx').on(t.issue_date, t.id),
    index('invoices_partner_issue_idx').on(t.partner_id, t.issue_date, t.id),
    index('invoices_match_issue_idx').on(t.match_state, t.issue_date, t.id),
    index('invoices_original_idx').on(t.original_id).where(sql`${t.original_id} is not null`),
    ...searchIndexes('invoices', t.invoice_no, { code: true }),
    ...searchIndexes('invoices', t.invoice_code, { code: true }),
    check('invoices_direction', sql`${t.direction} in ('in', 'out')`),
    check('invoices_red', sql`(${t.is_red} and ${t.original_id} is not null and ${t.total} < 0) or (not ${t.is_red} and ${t.original_id} is null and ${t.total} >= 0)`),
    check('invoices_sums', sql`${t.total} = ${t.amount_total} + ${t.tax_total}`),
    check('invoices_credit_range', sql`${t.credited_amount} >= 0 and ${t.credited_amount} <= greatest(${t.total}, 0)`),
    check('invoices_match_range', sql`${t.matched_amount} >= 0 and ${t.matched_amount} <= greatest(${t.total} - ${t.credited_amount}, 0)`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    item: varchar('item', { length: 100 }).notNull(),
    spec: varchar('spec', { length: 60 }),
    unit: varchar('unit', { length: 20 }),
    quantity: numeric('quantity', { precision: 18, scale: 8, mode: 'string' }),
    unit_price: numeric('unit_price', { precision: 18, scale: 8, mode: 'string' }),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    /** percent: 13, 9, 6, 3, 1, 0 */
    tax_rate: smallint('tax_rate').notNull(),
    /** round(amount × rate / 100, 2), once */
    tax: numeric('tax', { precision: 14, scale: 2, mode: 'string' }).notNull(),
  },
  (t) => [
    unique('invoice_lines_seq_key').on(t.invoice_id, t.seq),
    check('invoice_lines_rate', sql`${t.tax_rate} in (13, 9, 6, 3, 1, 0)`),
    // a line's tax is its amount × rate rounded once; the last red-letter line crediting the rest of
    // a rate takes the rest of that rate's tax (within the 0.06 a line may differ by rounding)
    check('invoice_lines_tax', sql`${t.tax} = round(${t.amount} * ${t.tax_rate} / 100, 2) or (${t.amount} < 0 and abs(${t.tax} - round(${t.amount} * ${t.tax_rate} / 100, 2)) <= 0.06)`),
  ],
);

/**
 * An invoice matched to a target for an amount. `target_type` names the kind of record (settlement
 * now, statement later); what a target's settled and paid amounts are is the one registry in
 * modules/invoice/targets.ts.
 */
export const invoiceMatches = pgTable(
  'invoice_matches',
  {
    id: serial('id').primaryKey(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    target_type: varchar('target_type', { length: 16 }).notNull(),
    target_id: integer('target_id').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    created_by: integer('created_by'),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('invoice_matches_key').on(t.invoice_id, t.target_type, t.target_id),
    index('invoice_matches_target_idx').on(t.target_type, t.target_id),
    check('invoice_matches_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * The invoice list's totals per direction, type, state, matching and colour, kept by statement
 * triggers generated from ROLLUPS (modules/statistic/rollup.ts): a list filtered by these only (the
 * `all` scope) sums a few dozen rows instead of counting hundreds of thousands.
 */
export const invoiceCounts = pgTable(
  'invoice_counts',
  {
    direction: varchar('direction', { length: 4 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    match_state: varchar('match_state', { length: 8 }).notNull(),
    is_red: boolean('is_red').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('invoice_counts_key').on(t.direction, t.kind, t.status, t.match_state, t.is_red).nullsNotDistinct()],
);
