import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { agents } from './agent.ts';
import { searchIndexes, tstz, versioned } from './common.ts';
import { stations } from './station.ts';
import { users } from './system.ts';

/**
 * Operation plans 运维计划, their generation runs and the inspections 巡检 they make (issue 13;
 * docs/DECISIONS.md "Operation plans and inspections").
 */

/** 运维计划: kind, station set (scope), recurrence, checklist template, team per region; status draft | enabled | disabled. */
export const operationPlans = pgTable(
  'operation_plans',
  {
    id: serial('id').primaryKey(),
    plan_no: varchar('plan_no', { length: 24 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('draft'),
    /** PlanScope of the contract: region codes, agents, capacity range, grid-connected window, or station ids */
    scope: jsonb('scope').notNull().default({}),
    every_months: integer('every_months'),
    cron: varchar('cron', { length: 64 }),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }),
    deadline_days: integer('deadline_days').notNull().default(30),
    checklist: jsonb('checklist').notNull().default([]),
    /** [{region_code, team_id}]: the most specific code matching a station wins */
    assignment: jsonb('assignment').notNull().default([]),
    default_team_id: integer('default_team_id').references(() => users.id, { onDelete: 'set null' }),
    /** the start of the next period to generate (set on enable, moved on when a period's run finishes) */
    next_period_at: tstz('next_period_at'),
    last_period: varchar('last_period', { length: 16 }),
    last_generated_at: tstz('last_generated_at'),
    generated_count: bigint('generated_count', { mode: 'number' }).notNull().default(0),
    /** who may see it: an agent's own plan, or the operator's (null) */
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    remark: varchar('remark', { length: 500 }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [index('operation_plans_status_due_idx').on(t.status, t.next_period_at), index('operation_plans_created_idx').on(t.created_at, t.id), ...searchIndexes('operation_plans', t.name)],
);

/**
 * One generation run per plan, period and lane: a cursor over station ids, so a run stopped half-way
 * (a crash, a restart) continues where it was; `finished_at` set when the lane's last batch is done.
 * A period's `lanes` lanes split its stations by city (modules/inspection/generate.ts) and run at once.
 */
export const inspectionRuns = pgTable(
  'inspection_runs',
  {
    plan_id: integer('plan_id')
      .notNull()
      .references(() => operationPlans.id, { onDelete: 'cascade' }),
    period: varchar('period', { length: 16 }).notNull(),
    lane: smallint('lane').notNull().default(0),
    lanes: smallint('lanes').notNull().default(1),
    period_start: tstz('period_start').notNull(),
    cursor: integer('cursor').notNull().default(0),
    stations_seen: integer('stations_seen').notNull().default(0),
    created: integer('created').notNull().default(0),
    batches: integer('batches').notNull().default(0),
    started_at: tstz('started_at').notNull().defaultNow(),
    finished_at: tstz('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.plan_id, t.period, t.lane] }), index('inspection_runs_open_idx').on(t.plan_id).where(sql`${t.finished_at} is null`)],
);

/** 巡检 (also 清洗 / 预防性维护 by the plan's kind): one per plan + station + period. */
export const inspections = pgTable(
  'inspections',
  {
    id: serial('id').primaryKey(),
    inspection_no: varchar('inspection_no', { length: 24 }).notNull().unique(),
    plan_id: integer('plan_id').references(() => operationPlans.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    period: varchar('period', { length: 16 }).notNull(),
    station_id: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    city_code: varchar('city_code', { length: 6 }),
    district_code: varchar('district_code', { length: 12 }),
    team_id: integer('team_id').references(() => users.id, { onDelete: 'set null' }),
    planned_date: date('planned_date', { mode: 'string' }).notNull(),
    deadline: tstz('deadline').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    overdue: boolean('overdue').notNull().default(false),
    /** the plan's checklist when generated (a later edit of the plan does not change open work) */
    checklist: jsonb('checklist').notNull().default([]),
    results: jsonb('results').notNull().default([]),
    failed_count: integer('failed_count').notNull().default(0),
    /** times rejected in review: 0 at completion = passed first time (the first-pass rate) */
    reject_count: integer('reject_count').notNull().default(0),
    remark: varchar('remark', { length: 500 }),
    lat: numeric('lat', { precision: 9, scale: 6 }),
    lng: numeric('lng', { precision: 9, scale: 6 }),
    started_at: tstz('started_at'),
    submitted_at: tstz('submitted_at'),
    submitted_by: integer('submitted_by'),
    finished_at: tstz('finished_at'),
    reviewed_by: integer('reviewed_by'),
    reject_reason: varchar('reject_reason', { length: 500 }),
    cancel_reason: varchar('cancel_reason', { length: 500 }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    // the generator's idempotence key (manual inspections have no plan: NULLs are distinct)
    uniqueIndex('inspections_plan_station_period_key').on(t.plan_id, t.station_id, t.period),
    index('inspections_created_idx').on(t.created_at, t.id),
    index('inspections_status_created_idx').on(t.status, t.created_at, t.id),
    index('inspections_agent_created_idx').on(t.agent_id, t.created_at, t.id),
    index('inspections_team_status_idx').on(t.team_id, t.status, t.created_at, t.id),
    index('inspections_province_created_idx').on(t.province_code, t.created_at, t.id),
    // a city (district) or a team member alone, newest first: the page and the row count without a sort
    index('inspections_city_created_idx').on(t.city_code, t.created_at, t.id),
    index('inspections_district_created_idx').on(t.district_code, t.created_at, t.id),
    index('inspections_team_created_idx').on(t.team_id, t.created_at, t.id),
    index('inspections_station_idx').on(t.station_id, t.created_at),
    index('inspections_open_deadline_idx').on(t.deadline).where(sql`${t.status} in ('pending', 'in_progress', 'rejected') and not ${t.overdue}`),
    index('inspections_overdue_created_idx').on(t.created_at, t.id).where(sql`${t.overdue}`),
    ...searchIndexes('inspections', t.inspection_no, { code: true }),
  ],
);

/** Inspections per plan and state (rollup inspection_plan_counts, modules/statistic/rollup.ts): the plan list's open count without counting rows. */
export const inspectionPlanCounts = pgTable('inspection_plan_counts', {
  plan_id: integer('plan_id').notNull(),
  status: varchar('status', { length: 16 }).notNull(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
}, (t) => [unique('inspection_plan_counts_key').on(t.plan_id, t.status)]);

/** List totals without counting rows (statistics rollups inspection_counts* in modules/statistic/rollup.ts keep them). */
const inspectionCountColumns = () => ({
  kind: varchar('kind', { length: 16 }).notNull(),
  status: varchar('status', { length: 16 }).notNull(),
  province_code: varchar('province_code', { length: 6 }).notNull(),
  overdue: boolean('overdue').notNull(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});
export const inspectionCounts = pgTable('inspection_counts', { ...inspectionCountColumns(), agent_id: integer('agent_id') }, (t) => [
  unique('inspection_counts_key').on(t.kind, t.status, t.province_code, t.overdue, t.agent_id).nullsNotDistinct(),
  index('inspection_counts_agent_idx').on(t.agent_id),
]);
export const inspectionCountsRegion = pgTable('inspection_counts_region', inspectionCountColumns(), (t) => [unique('inspection_counts_region_key').on(t.kind, t.status, t.province_code, t.overdue)]);
/**
 * The same totals by city and team (the `all` scope): a city or a team member's inspections are
 * counted here, not row by row (a city held 131,580 of 10 M rows: 93 ms counted, a few ms summed).
 */
export const inspectionCountsCity = pgTable(
  'inspection_counts_city',
  {
    ...inspectionCountColumns(),
    city_code: varchar('city_code', { length: 6 }),
    team_id: integer('team_id'),
  },
  (t) => [
    unique('inspection_counts_city_key').on(t.kind, t.status, t.province_code, t.city_code, t.team_id, t.overdue).nullsNotDistinct(),
    index('inspection_counts_city_city_idx').on(t.city_code),
    index('inspection_counts_city_team_idx').on(t.team_id),
  ],
);

/**
 * O&M KPIs of inspections by planned day (statistics rollups stat_inspection_daily, per agent, and
 * stat_inspection_region_daily for the `all` scope; declared in modules/statistic/rollup.ts):
 * planned, completed, completed without a rejection, open and overdue.
 */
const inspectionKpiColumns = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  province_code: varchar('province_code', { length: 6 }).notNull(),
  city_code: varchar('city_code', { length: 6 }),
  planned: bigint('planned', { mode: 'number' }).notNull().default(0),
  completed: bigint('completed', { mode: 'number' }).notNull().default(0),
  first_pass: bigint('first_pass', { mode: 'number' }).notNull().default(0),
  overdue: bigint('overdue', { mode: 'number' }).notNull().default(0),
  failed_items: bigint('failed_items', { mode: 'number' }).notNull().default(0),
});
export const statInspectionDaily = pgTable('stat_inspection_daily', { ...inspectionKpiColumns(), agent_id: integer('agent_id') }, (t) => [
  unique('stat_inspection_daily_key').on(t.day, t.province_code, t.city_code, t.agent_id).nullsNotDistinct(),
  index('stat_inspection_daily_day_idx').on(t.day),
  index('stat_inspection_daily_agent_idx').on(t.agent_id, t.day),
]);
export const statInspectionRegionDaily = pgTable('stat_inspection_region_daily', inspectionKpiColumns(), (t) => [
  unique('stat_inspection_region_daily_key').on(t.day, t.province_code, t.city_code).nullsNotDistinct(),
  index('stat_inspection_region_daily_day_idx').on(t.day),
]);
