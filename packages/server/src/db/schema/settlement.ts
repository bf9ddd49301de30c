import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { searchIndexes, tstz, versioned } from './common.ts';

/**
 * 结算单 settlements with agents and teams (issue 15; docs/DECISIONS.md "Settlements"). Money is
 * numeric(14,2) as text (mode 'string'); rates numeric(12,4).
 */

/**
 * A priced rule for a run of days: one kind (and, for commission, one agent level). No two rules
 * of one kind and level overlap: the exclusion constraint settlement_rules_no_overlap (btree_gist,
 * migration settlements) refuses it whatever the writer. A rule used by lines changes only its end.
 */
export const settlementRules = pgTable(
  'settlement_rules',
  {
    id: serial('id').primaryKey(),
    /** SettlementRuleKind */
    kind: varchar('kind', { length: 24 }).notNull(),
    /** 1 | 2 for commission (parent_id null = level 1), 0 for the other kinds */
    agent_level: smallint('agent_level').notNull().default(0),
    rate: numeric('rate', { precision: 12, scale: 4, mode: 'string' }).notNull(),
    effective_from: date('effective_from', { mode: 'string' }).notNull(),
    /** inclusive; null = until further notice */
    effective_until: date('effective_until', { mode: 'string' }),
    remark: varchar('remark', { length: 200 }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    index('settlement_rules_kind_from_idx').on(t.kind, t.agent_level, t.effective_from),
    check('settlement_rules_rate_positive', sql`${t.rate} > 0`),
    check('settlement_rules_range', sql`${t.effective_until} is null or ${t.effective_until} >= ${t.effective_from}`),
    check('settlement_rules_level', sql`(${t.kind} = 'commission' and ${t.agent_level} in (1, 2)) or (${t.kind} <> 'commission' and ${t.agent_level} = 0)`),
  ],
);

/** One party (agent or team user) × one month. */
export const settlements = pgTable(
  'settlements',
  {
    id: serial('id').primaryKey(),
    settlement_no: varchar('settlement_no', { length: 32 }).notNull().unique(),
    /** agent | team */
    party_kind: varchar('party_kind', { length: 8 }).notNull(),
    /** agents.id or users.id (the team account) */
    party_id: integer('party_id').notNull(),
    /** the agent of an agent settlement (data scope); null for a team */
    agent_id: integer('agent_id'),
    /** YYYY-MM */
    month: varchar('month', { length: 7 }).notNull(),
    /** SettlementStatus */
    status: varchar('status', { length: 12 }).notNull().default('draft'),
    line_count: integer('line_count').notNull().default(0),
    /** the exact sum of the lines (may be negative when deductions outweigh) */
    total_amount: numeric('total_amount', { precision: 14, scale: 2, mode: 'string' }).notNull().default('0'),
    submitted_by: integer('submitted_by'),
    submitted_at: tstz('submitted_at'),
    confirmed_by: integer('confirmed_by'),
    confirmed_at: tstz('confirmed_at'),
    disputed_by: integer('disputed_by'),
    disputed_at: tstz('disputed_at'),
    paid_by: integer('paid_by'),
    paid_at: tstz('paid_at'),
    bank_serial: varchar('bank_serial', { length: 64 }),
    /** the open payment batch holding it, or the batch that paid it (null: paid by hand, or not in a batch) */
    batch_id: integer('batch_id'),
    /** the bank's reason when a batch's transfer failed (cleared when paid); a later batch may take it */
    fail_reason: varchar('fail_reason', { length: 500 }),
    failed_at: tstz('failed_at'),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    unique('settlements_party_month_key').on(t.party_kind, t.party_id, t.month),
    index('settlements_month_status_idx').on(t.month, t.status, t.id),
    index('settlements_agent_month_idx').on(t.agent_id, t.month, t.id),
    index('settlements_created_idx').on(t.created_at, t.id),
    // the list by a status, newest first, and its total (an index-only count)
    index('settlements_status_created_idx').on(t.status, t.created_at, t.id),
    index('settlements_batch_idx').on(t.batch_id).where(sql`${t.batch_id} is not null`),
    // the list's keyword: a settlement number, whole, its start or its last digits
    ...searchIndexes('settlements', t.settlement_no, { code: true }),
    check('settlements_party_kind', sql`${t.party_kind} in ('agent', 'team')`),
  ],
);

/**
 * A line: what happened (kind, source record, when), how it was priced (quantity × rate of rule
 * id + version) and the amount, rounded once to the fen. An event line is unique on (kind,
 * source_type, source_id): an event is counted once ever, in whichever month first took it.
 * Adjustment lines point at the line they correct (adjustment_of).
 */
export const settlementLines = pgTable(
  'settlement_lines',
  {
    id: serial('id').primaryKey(),
    settlement_id: integer('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'restrict' }),
    /** SettlementLineKind */
    kind: varchar('kind', { length: 24 }).notNull(),
    /** customer | station | work_order | self_audit | settlement_line */
    source_type: varchar('source_type', { length: 16 }).notNull(),
    source_id: integer('source_id').notNull(),
    /** when the event happened (signing, build approval, grid connection, rejection, deadline) */
    event_at: tstz('event_at'),
    quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    rate: numeric('rate', { precision: 12, scale: 4, mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    rule_id: integer('rule_id').references(() => settlementRules.id, { onDelete: 'restrict' }),
    rule_version: integer('rule_version'),
    /** normal | disputed | accepted | rejected */
    status: varchar('status', { length: 12 }).notNull().default('normal'),
    dispute_reason: varchar('dispute_reason', { length: 500 }),
    disputed_by: integer('disputed_by'),
    disputed_at: tstz('disputed_at'),
    reply: varchar('reply', { length: 500 }),
    resolved_by: integer('resolved_by'),
    resolved_at: tstz('resolved_at'),
    adjustment_of: integer('adjustment_of'),
    note: varchar('note', { length: 500 }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    index('settlement_lines_settlement_idx').on(t.settlement_id, t.kind, t.id),
    uniqueIndex('settlement_lines_event_key').on(t.kind, t.source_type, t.source_id).where(sql`${t.adjustment_of} is null`),
    index('settlement_lines_adjustment_idx').on(t.adjustment_of).where(sql`${t.adjustment_of} is not null`),
    index('settlement_lines_rule_idx').on(t.rule_id),
  ],
);

/** One generation run per month and party kind: a cursor over party ids (lifecycle/cursor-run.ts). */
export const settlementRuns = pgTable(
  'settlement_runs',
  {
    month: varchar('month', { length: 7 }).notNull(),
    party_kind: varchar('party_kind', { length: 8 }).notNull(),
    cursor: integer('cursor').notNull().default(0),
    parties_seen: integer('parties_seen').notNull().default(0),
    created: integer('created').notNull().default(0),
    batches: integer('batches').notNull().default(0),
    started_at: tstz('started_at').notNull().defaultNow(),
    finished_at: tstz('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.month, t.party_kind] })],
);
