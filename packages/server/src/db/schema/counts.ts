import { bigint, boolean, index, integer, pgTable, primaryKey, unique, varchar } from 'drizzle-orm/pg-core';

/**
 * Exact row counts of the operations tables, kept by statement-level triggers (migration
 * 0011_operations_counts_triggers), so a list filtered by these columns takes its `total` from a
 * SUM over a few rows instead of counting millions (CounterSpec in resources/define.ts). Each table
 * has two: per agent (for agent filters and the agent data scope) and per region only (small, for
 * every other list).
 */

export const stationCounts = pgTable(
  'station_counts',
  {
    status: varchar('status', { length: 24 }).notNull(),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    frozen: boolean('frozen').notNull(),
    agent_id: integer('agent_id'),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('station_counts_key').on(t.status, t.province_code, t.frozen, t.agent_id).nullsNotDistinct(), index('station_counts_agent_idx').on(t.agent_id)],
);

export const stationCountsRegion = pgTable(
  'station_counts_region',
  {
    status: varchar('status', { length: 24 }).notNull(),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    frozen: boolean('frozen').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.province_code, t.frozen] })],
);

export const workOrderCounts = pgTable(
  'work_order_counts',
  {
    kind: varchar('kind', { length: 8 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    overdue: boolean('overdue').notNull(),
    agent_id: integer('agent_id'),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('work_order_counts_key').on(t.kind, t.status, t.province_code, t.overdue, t.agent_id).nullsNotDistinct(), index('work_order_counts_agent_idx').on(t.agent_id)],
);

export const workOrderCountsRegion = pgTable(
  'work_order_counts_region',
  {
    kind: varchar('kind', { length: 8 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    overdue: boolean('overdue').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.status, t.province_code, t.overdue] })],
);

export const selfAuditCounts = pgTable(
  'self_audit_counts',
  {
    kind: varchar('kind', { length: 8 }).notNull(),
    result: varchar('result', { length: 16 }).notNull(),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    agent_id: integer('agent_id'),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('self_audit_counts_key').on(t.kind, t.result, t.province_code, t.agent_id).nullsNotDistinct(), index('self_audit_counts_agent_idx').on(t.agent_id)],
);

export const selfAuditCountsRegion = pgTable(
  'self_audit_counts_region',
  {
    kind: varchar('kind', { length: 8 }).notNull(),
    result: varchar('result', { length: 16 }).notNull(),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.result, t.province_code] })],
);
