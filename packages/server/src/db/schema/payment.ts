import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tstz, versioned } from './common.ts';
import { rentBills } from './lease.ts';
import { settlements } from './settlement.ts';

const money = (name: string) => numeric(name, { precision: 16, scale: 2, mode: 'string' }).notNull().default('0');

/**
 * 付款批次 (PAYMENT_BATCH_MACHINE of the contract; docs/DECISIONS.md "Payment batches"). The counts
 * and amounts per line state are the sums of its lines, recomputed from them in the same
 * transaction as every change of a line (one aggregate statement under the batch's row lock), so
 * the list shows them without summing lines; the detail sums the lines again (reconciliation).
 */
export const paymentBatches = pgTable(
  'payment_batches',
  {
    id: serial('id').primaryKey(),
    batch_no: varchar('batch_no', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 100 }),
    /** PaymentPayableType: what its lines pay (rent_bill | settlement), one kind a batch */
    payable_type: varchar('payable_type', { length: 12 }).notNull().default('rent_bill'),
    /** 用途 written into the bank file */
    purpose: varchar('purpose', { length: 40 }).notNull(),
    /** PaymentBatchStatus */
    status: varchar('status', { length: 20 }).notNull().default('draft'),
    /** lines not removed (total = paid + failed + pending) */
    line_count: integer('line_count').notNull().default(0),
    total: money('total'),
    paid_count: integer('paid_count').notNull().default(0),
    paid_amount: money('paid_amount'),
    failed_count: integer('failed_count').notNull().default(0),
    failed_amount: money('failed_amount'),
    pending_count: integer('pending_count').notNull().default(0),
    pending_amount: money('pending_amount'),
    removed_count: integer('removed_count').notNull().default(0),
    removed_amount: money('removed_amount'),
    /** what the batch was made from: the bill list's filters, or the ticked bills' count */
    selection: jsonb('selection'),
    created_by: integer('created_by'),
    submitted_by: integer('submitted_by'),
    submitted_at: tstz('submitted_at'),
    approved_by: integer('approved_by'),
    approved_at: tstz('approved_at'),
    exported_by: integer('exported_by'),
    exported_at: tstz('exported_at'),
    export_count: integer('export_count').notNull().default(0),
    completed_at: tstz('completed_at'),
    cancelled_at: tstz('cancelled_at'),
    /** the last send-back or cancel reason */
    reason: varchar('reason', { length: 500 }),
    remark: varchar('remark', { length: 500 }),
    ...versioned(),
  },
  (t) => [
    index('payment_batches_created_idx').on(t.created_at, t.id),
    index('payment_batches_status_created_idx').on(t.status, t.created_at, t.id),
    check('payment_batches_sums', sql`${t.line_count} = ${t.paid_count} + ${t.failed_count} + ${t.pending_count} and ${t.total} = ${t.paid_amount} + ${t.failed_amount} + ${t.pending_amount}`),
  ],
);

/**
 * 付款明细: one bill of a batch, with the amount and the payee (name, bank, branch, full card) as
 * they were when the batch was made, and its own reference (业务参考号) the bank echoes. A pending
 * line holds its bill: the partial unique index `payment_lines_open_bill_key` is the database's
 * guarantee that a bill is on one open line at most (two batches made at once over the same bills
 * cannot both take one). Lines are never deleted: removed ones stay as `removed`.
 */
export const paymentLines = pgTable(
  'payment_lines',
  {
    id: serial('id').primaryKey(),
    batch_id: integer('batch_id')
      .notNull()
      .references(() => paymentBatches.id, { onDelete: 'restrict' }),
    /** PaymentPayableType: a rent bill (bill_id) or a confirmed settlement (settlement_id) */
    payable_type: varchar('payable_type', { length: 12 }).notNull().default('rent_bill'),
    bill_id: integer('bill_id').references(() => rentBills.id, { onDelete: 'restrict' }),
    settlement_id: integer('settlement_id').references(() => settlements.id, { onDelete: 'restrict' }),
    /** 1, 2, … within the batch (序号 of the bank file) */
    seq: integer('seq').notNull(),
    /** 业务参考号: unique across batches, so a result row names one line */
    reference: varchar('reference', { length: 32 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    payee_name: varchar('payee_name', { length: 100 }),
    payee_bank: varchar('payee_bank', { length: 100 }),
    payee_branch: varchar('payee_branch', { length: 100 }),
    /** a card (16–19 digits) or a corporate account (up to 32) */
    payee_card: varchar('payee_card', { length: 32 }),
    /** PaymentLineStatus: pending | paid | failed | removed */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    bank_serial: varchar('bank_serial', { length: 64 }),
    paid_at: tstz('paid_at'),
    fail_reason: varchar('fail_reason', { length: 500 }),
    /** when the bank's result was imported */
    result_at: tstz('result_at'),
    removed_reason: varchar('removed_reason', { length: 200 }),
    created_at: tstz('created_at').notNull().defaultNow(),
    updated_at: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_lines_reference_key').on(t.reference),
    // a bill is held by one open line at most
    uniqueIndex('payment_lines_open_bill_key').on(t.bill_id).where(sql`${t.status} = 'pending'`),
    uniqueIndex('payment_lines_batch_seq_key').on(t.batch_id, t.seq),
    // one batch's lines by state in file order (the bank file, the detail's list and sums)
    index('payment_lines_batch_status_idx').on(t.batch_id, t.status, t.seq),
    index('payment_lines_bill_idx').on(t.bill_id),
    // a settlement is held by one open line at most, as a bill
    uniqueIndex('payment_lines_open_settlement_key').on(t.settlement_id).where(sql`${t.status} = 'pending'`),
    index('payment_lines_settlement_idx').on(t.settlement_id),
    check('payment_lines_amount_positive', sql`${t.amount} > 0`),
    check(
      'payment_lines_payable',
      sql`(${t.payable_type} = 'rent_bill' and ${t.bill_id} is not null and ${t.settlement_id} is null) or (${t.payable_type} = 'settlement' and ${t.settlement_id} is not null and ${t.bill_id} is null)`,
    ),
  ],
);
