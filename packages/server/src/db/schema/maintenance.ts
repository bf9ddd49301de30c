import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, serial, smallint, text, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { agents } from './agent.ts';
import { searchIndexes, tstz, versioned } from './common.ts';
import { stations } from './station.ts';
import { users } from './system.ts';

/**
 * 运维工单 (MAINTENANCE_MACHINE of the contract). Region and agent are copied from the station so the
 * list filters on this table alone, like work_orders. response_due / repair_due are fixed at creation
 * from the SLA hours of the priority (maintenance_sla); the flags are set by the actions and by the
 * mark_maintenance_sla job.
 */
export const maintenanceOrders = pgTable(
  'maintenance_orders',
  {
    id: serial('id').primaryKey(),
    order_no: varchar('order_no', { length: 32 }).notNull().unique(),
    station_id: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    city_code: varchar('city_code', { length: 6 }),
    district_code: varchar('district_code', { length: 12 }),
    /** MaintenanceSource: manual | matter | inspection | alarm */
    source: varchar('source', { length: 16 }).notNull().default('manual'),
    source_id: integer('source_id'),
    /** source 'inspection': the checklist item key that failed */
    source_item: varchar('source_item', { length: 64 }),
    priority: varchar('priority', { length: 8 }).notNull().default('medium'),
    fault_category: varchar('fault_category', { length: 24 }).notNull(),
    fault_code: varchar('fault_code', { length: 64 }),
    description: text('description').notNull(),
    team_id: integer('team_id').references(() => users.id, { onDelete: 'set null' }),
    deadline: tstz('deadline'),
    response_due: tstz('response_due').notNull(),
    repair_due: tstz('repair_due').notNull(),
    response_breached: boolean('response_breached').notNull().default(false),
    repair_breached: boolean('repair_breached').notNull().default(false),
    dispatched_at: tstz('dispatched_at'),
    dispatched_by: integer('dispatched_by'),
    responded_at: tstz('responded_at'),
    started_at: tstz('started_at'),
    submitted_at: tstz('submitted_at'),
    finished_at: tstz('finished_at'),
    cancelled_at: tstz('cancelled_at'),
    reject_reason: varchar('reject_reason', { length: 500 }),
    cancel_reason: varchar('cancel_reason', { length: 500 }),
    /** the handling record of the last submit: cause, measures, photos and parts */
    cause: text('cause'),
    measures: text('measures'),
    labour_hours: numeric('labour_hours', { precision: 8, scale: 2 }),
    photos_before: jsonb('photos_before').$type<number[]>(),
    photos_after: jsonb('photos_after').$type<number[]>(),
    /** [{warehouse_id, material_id, qty, serials, old_serials, movement_id}] */
    parts: jsonb('parts').$type<Record<string, unknown>[]>(),
    submit_count: smallint('submit_count').notNull().default(0),
    /** MaintenanceStatus */
    status: varchar('status', { length: 16 }).notNull().default('pending_dispatch'),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    index('maintenance_orders_status_created_idx').on(t.status, t.created_at, t.id),
    index('maintenance_orders_created_idx').on(t.created_at, t.id),
    index('maintenance_orders_agent_created_idx').on(t.agent_id, t.created_at, t.id),
    index('maintenance_orders_province_created_idx').on(t.province_code, t.created_at, t.id),
    index('maintenance_orders_team_status_idx').on(t.team_id, t.status),
    index('maintenance_orders_station_idx').on(t.station_id),
    index('maintenance_orders_source_idx').on(t.source, t.source_id),
    // one live order per failed inspection item: the one-click button and the automatic opening on approval never both make one
    uniqueIndex('maintenance_orders_inspection_item_key').on(t.source_id, t.source_item).where(sql`${t.source} = 'inspection' and ${t.status} <> 'cancelled'`),
    ...searchIndexes('maintenance_orders', t.order_no, { code: true }),
    // the SLA job: open orders not yet flagged
    index('maintenance_orders_sla_open_idx')
      .on(t.response_due, t.repair_due)
      .where(sql`(${t.response_breached} = false or ${t.repair_breached} = false) and ${t.status} in ('pending_dispatch','dispatched','accepted','in_progress','review_pending')`),
  ],
);

/** SLA hours per priority (one row each; defaults seeded by the migration). */
export const maintenanceSla = pgTable('maintenance_sla', {
  priority: varchar('priority', { length: 8 }).primaryKey(),
  respond_hours: integer('respond_hours').notNull(),
  repair_hours: integer('repair_hours').notNull(),
  updated_at: tstz('updated_at').notNull().defaultNow(),
});

/**
 * Orders per state now (statistics rollups maintenance_counts, per agent, and maintenance_counts_region
 * for the `all` scope; declared in modules/statistic/rollup.ts): the list's totals and the open faults.
 */
const maintenanceCountColumns = () => ({
  status: varchar('status', { length: 16 }).notNull(),
  priority: varchar('priority', { length: 8 }).notNull(),
  province_code: varchar('province_code', { length: 6 }).notNull(),
  city_code: varchar('city_code', { length: 6 }),
  // the list's fault-category and 超时 (either SLA breached) filters count from here too
  fault_category: varchar('fault_category', { length: 24 }).notNull(),
  breached: boolean('breached').notNull(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});
export const maintenanceCounts = pgTable('maintenance_counts', { ...maintenanceCountColumns(), agent_id: integer('agent_id') }, (t) => [
  unique('maintenance_counts_key').on(t.status, t.priority, t.province_code, t.city_code, t.fault_category, t.breached, t.agent_id).nullsNotDistinct(),
  index('maintenance_counts_agent_idx').on(t.agent_id),
]);
export const maintenanceCountsRegion = pgTable('maintenance_counts_region', maintenanceCountColumns(), (t) => [
  unique('maintenance_counts_region_key').on(t.status, t.priority, t.province_code, t.city_code, t.fault_category, t.breached).nullsNotDistinct(),
]);

/**
 * O&M KPIs of maintenance orders by the day they were opened and fault category (stat_maintenance_daily
 * per agent, stat_maintenance_region_daily for the `all` scope): opened, completed, completed within
 * both SLA times, responded, and the seconds from opening to response and to completion (MTTR).
 */
const maintenanceKpiColumns = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  province_code: varchar('province_code', { length: 6 }).notNull(),
  city_code: varchar('city_code', { length: 6 }),
  fault_category: varchar('fault_category', { length: 24 }).notNull(),
  opened: bigint('opened', { mode: 'number' }).notNull().default(0),
  completed: bigint('completed', { mode: 'number' }).notNull().default(0),
  in_sla: bigint('in_sla', { mode: 'number' }).notNull().default(0),
  responded: bigint('responded', { mode: 'number' }).notNull().default(0),
  respond_seconds: bigint('respond_seconds', { mode: 'number' }).notNull().default(0),
  repair_seconds: bigint('repair_seconds', { mode: 'number' }).notNull().default(0),
});
export const statMaintenanceDaily = pgTable('stat_maintenance_daily', { ...maintenanceKpiColumns(), agent_id: integer('agent_id') }, (t) => [
  unique('stat_maintenance_daily_key').on(t.day, t.province_code, t.city_code, t.fault_category, t.agent_id).nullsNotDistinct(),
  index('stat_maintenance_daily_day_idx').on(t.day),
  index('stat_maintenance_daily_agent_idx').on(t.agent_id, t.day),
]);
export const statMaintenanceRegionDaily = pgTable('stat_maintenance_region_daily', maintenanceKpiColumns(), (t) => [
  unique('stat_maintenance_region_daily_key').on(t.day, t.province_code, t.city_code, t.fault_category).nullsNotDistinct(),
  index('stat_maintenance_region_daily_day_idx').on(t.day),
]);
