import { bigint, boolean, date, index, integer, numeric, pgTable, serial, unique, varchar } from 'drizzle-orm/pg-core';
import { tstz } from './common.ts';

/**
 * Statistics rollups (modules/statistic/rollup.ts describes how each is computed; migrations
 * 0014_statistics_triggers, 0016_statistics_all_scope_triggers, 0020_statistics_team_rollups_triggers
 * and 0023_statistics_cohort_triggers keep them exact with statement-level triggers and backfill them).
 * Counts are bigint, kWp and day sums numeric (exact sums; averages are taken when read).
 */

const count = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const amount = (name: string) => numeric(name, { mode: 'number' }).notNull().default(0);

const flowMeasures = () => ({
  customers: count('customers'),
  customers_signed: count('customers_signed'),
  /** sum of days created → signed over the customers signed that day */
  sign_days: amount('sign_days'),
  stations: count('stations'),
  stations_kwp: amount('stations_kwp'),
  built: count('built'),
  built_kwp: amount('built_kwp'),
  /** sum of days station signed (created) → built */
  build_days: amount('build_days'),
  grid: count('grid'),
  grid_kwp: amount('grid_kwp'),
  /** sum of days built → grid-connected */
  grid_days: amount('grid_days'),
});

const cohortMeasures = () => ({
  customers: count('customers'),
  /** cohort members that have signed (formal, signed_at set) */
  signed: count('signed'),
  /** sum of days created → signed over those */
  sign_days: amount('sign_days'),
  /** signed members with at least one non-terminated station built (built_at, or grid_at) */
  built: count('built'),
  /** sum of days signed → the first station built */
  build_days: amount('build_days'),
  /** signed members with at least one non-terminated station grid-connected (grid_at) */
  grid: count('grid'),
  /** sum of days first built → first grid-connected */
  grid_days: amount('grid_days'),
});


const region = () => ({
  province_code: varchar('province_code', { length: 6 }).notNull(),
  city_code: varchar('city_code', { length: 6 }),
});

type Measures = typeof flowMeasures | typeof cohortMeasures;

/** Daily flows per (China day, province, city, agent): one table fed by customers, one by stations. */
const dailyAgent = (name: string, measures: Measures) =>
  pgTable(
    name,
    { day: date('day', { mode: 'string' }).notNull(), ...region(), agent_id: integer('agent_id'), ...measures() },
    (t) => [unique(`${name}_key`).on(t.day, t.province_code, t.city_code, t.agent_id).nullsNotDistinct(), index(`${name}_agent_idx`).on(t.agent_id, t.day)],
  );
/** The same without the agent (a few hundred rows a day), for the `all` scope. */
const dailyRegion = (name: string, measures: Measures) =>
  pgTable(name, { day: date('day', { mode: 'string' }).notNull(), ...region(), ...measures() }, (t) => [
    unique(`${name}_key`).on(t.day, t.province_code, t.city_code).nullsNotDistinct(),
  ]);

export const statDailyCustomers = dailyAgent('stat_daily_customers', flowMeasures);
export const statDailyStations = dailyAgent('stat_daily_stations', flowMeasures);
export const statDailyRegionCustomers = dailyRegion('stat_daily_region_customers', flowMeasures);
export const statDailyRegionStations = dailyRegion('stat_daily_region_stations', flowMeasures);
/** Per month (day = the 1st of the month), without the agent: the whole months of long ranges. */
export const statMonthlyRegionCustomers = dailyRegion('stat_monthly_region_customers', flowMeasures);
export const statMonthlyRegionStations = dailyRegion('stat_monthly_region_stations', flowMeasures);

/** Customers now by stage × status × province × city × agent. */
export const statCustomerNow = pgTable(
  'stat_customer_now',
  {
    stage: varchar('stage', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    ...region(),
    agent_id: integer('agent_id'),
    n: count('n'),
  },
  (t) => [unique('stat_customer_now_key').on(t.stage, t.status, t.province_code, t.city_code, t.agent_id).nullsNotDistinct(), index('stat_customer_now_agent_idx').on(t.agent_id)],
);

/** Stations now by status × province × city × agent, with kWp. */
export const statStationNow = pgTable(
  'stat_station_now',
  { status: varchar('status', { length: 24 }).notNull(), ...region(), agent_id: integer('agent_id'), n: count('n'), kwp: amount('kwp') },
  (t) => [unique('stat_station_now_key').on(t.status, t.province_code, t.city_code, t.agent_id).nullsNotDistinct(), index('stat_station_now_agent_idx').on(t.agent_id)],
);

/** Work orders now by kind × status × overdue × province × city × agent. */
export const statOrderNow = pgTable(
  'stat_order_now',
  {
    kind: varchar('kind', { length: 8 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    overdue: boolean('overdue').notNull(),
    ...region(),
    agent_id: integer('agent_id'),
    n: count('n'),
  },
  (t) => [unique('stat_order_now_key').on(t.kind, t.status, t.overdue, t.province_code, t.city_code, t.agent_id).nullsNotDistinct(), index('stat_order_now_agent_idx').on(t.agent_id)],
);

/** Per team and day: orders dispatched, completed, kWp built, dispatch → completion days. */
export const statTeamDaily = pgTable(
  'stat_team_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    team_id: integer('team_id').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    ...region(),
    agent_id: integer('agent_id'),
    dispatched: count('dispatched'),
    completed: count('completed'),
    kwp_built: amount('kwp_built'),
    lead_days: amount('lead_days'),
  },
  (t) => [unique('stat_team_daily_key').on(t.day, t.team_id, t.kind, t.province_code, t.city_code, t.agent_id).nullsNotDistinct(), index('stat_team_daily_day_idx').on(t.day), index('stat_team_daily_agent_idx').on(t.agent_id, t.day)],
);

/** Decided self-audits per review day (team = submitter); first attempts for the first-pass rate. */
export const statAuditDaily = pgTable(
  'stat_audit_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    ...region(),
    agent_id: integer('agent_id'),
    team_id: integer('team_id'),
    approved: count('approved'),
    rejected: count('rejected'),
    first_decided: count('first_decided'),
    first_approved: count('first_approved'),
  },
  (t) => [unique('stat_audit_daily_key').on(t.day, t.kind, t.province_code, t.city_code, t.agent_id, t.team_id).nullsNotDistinct(), index('stat_audit_daily_day_idx').on(t.day), index('stat_audit_daily_agent_idx').on(t.agent_id, t.day)],
);

/** Failed check items of rejected self-audits per review day. */
export const statRejectDaily = pgTable(
  'stat_reject_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    item: varchar('item', { length: 64 }).notNull(),
    ...region(),
    agent_id: integer('agent_id'),
    n: count('n'),
  },
  (t) => [unique('stat_reject_daily_key').on(t.day, t.kind, t.item, t.province_code, t.city_code, t.agent_id).nullsNotDistinct(), index('stat_reject_daily_day_idx').on(t.day), index('stat_reject_daily_agent_idx').on(t.agent_id, t.day)],
);

/** The same three per month (day = the 1st) without the agent, for the `all` scope. */
export const statTeamMonthly = pgTable(
  'stat_team_monthly',
  {
    day: date('day', { mode: 'string' }).notNull(),
    team_id: integer('team_id').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    ...region(),
    dispatched: count('dispatched'),
    completed: count('completed'),
    kwp_built: amount('kwp_built'),
    lead_days: amount('lead_days'),
  },
  // the city filter of the `all` scope reads one city's rows
  (t) => [unique('stat_team_monthly_key').on(t.day, t.team_id, t.kind, t.province_code, t.city_code).nullsNotDistinct(), index('stat_team_monthly_city_idx').on(t.city_code, t.day)],
);
export const statAuditMonthly = pgTable(
  'stat_audit_monthly',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    ...region(),
    team_id: integer('team_id'),
    approved: count('approved'),
    rejected: count('rejected'),
    first_decided: count('first_decided'),
    first_approved: count('first_approved'),
  },
  (t) => [unique('stat_audit_monthly_key').on(t.day, t.kind, t.province_code, t.city_code, t.team_id).nullsNotDistinct(), index('stat_audit_monthly_city_idx').on(t.city_code, t.day)],
);
export const statRejectMonthly = pgTable(
  'stat_reject_monthly',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    item: varchar('item', { length: 64 }).notNull(),
    ...region(),
    n: count('n'),
  },
  (t) => [unique('stat_reject_monthly_key').on(t.day, t.kind, t.item, t.province_code, t.city_code).nullsNotDistinct()],
);

/**
 * The same three country-wide (no region, no agent; team and audit also without the kind, which
 * nothing reads them by), per day and per month: the `all` scope without a region filter reads teams
 * rows, not teams × cities.
 */
const teamTotal = (name: string) =>
  pgTable(
    name,
    {
      day: date('day', { mode: 'string' }).notNull(),
      team_id: integer('team_id').notNull(),
      dispatched: count('dispatched'),
      completed: count('completed'),
      kwp_built: amount('kwp_built'),
      lead_days: amount('lead_days'),
    },
    (t) => [unique(`${name}_key`).on(t.day, t.team_id).nullsNotDistinct()],
  );
const auditTotal = (name: string) =>
  pgTable(
    name,
    {
      day: date('day', { mode: 'string' }).notNull(),
      team_id: integer('team_id'),
      approved: count('approved'),
      rejected: count('rejected'),
      first_decided: count('first_decided'),
      first_approved: count('first_approved'),
    },
    (t) => [unique(`${name}_key`).on(t.day, t.team_id).nullsNotDistinct()],
  );
const rejectTotal = (name: string) =>
  pgTable(
    name,
    { day: date('day', { mode: 'string' }).notNull(), kind: varchar('kind', { length: 8 }).notNull(), item: varchar('item', { length: 64 }).notNull(), n: count('n') },
    (t) => [unique(`${name}_key`).on(t.day, t.kind, t.item).nullsNotDistinct()],
  );
/**
 * ... and per month by province (the `all` scope with a province filter; team and audit without the
 * kind). The team and audit month tables here and below also have covering `*_read_idx` indexes
 * (migration 0025, raw SQL: drizzle has no INCLUDE) so a year is read from the index alone.
 */
export const statTeamProvinceMonthly = pgTable(
  'stat_team_province_monthly',
  {
    day: date('day', { mode: 'string' }).notNull(),
    team_id: integer('team_id').notNull(),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    dispatched: count('dispatched'),
    completed: count('completed'),
    kwp_built: amount('kwp_built'),
    lead_days: amount('lead_days'),
  },
  (t) => [unique('stat_team_province_monthly_key').on(t.province_code, t.day, t.team_id).nullsNotDistinct()],
);
export const statAuditProvinceMonthly = pgTable(
  'stat_audit_province_monthly',
  {
    day: date('day', { mode: 'string' }).notNull(),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    team_id: integer('team_id'),
    approved: count('approved'),
    rejected: count('rejected'),
    first_decided: count('first_decided'),
    first_approved: count('first_approved'),
  },
  (t) => [unique('stat_audit_province_monthly_key').on(t.province_code, t.day, t.team_id).nullsNotDistinct()],
);
export const statRejectProvinceMonthly = pgTable(
  'stat_reject_province_monthly',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    item: varchar('item', { length: 64 }).notNull(),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    n: count('n'),
  },
  (t) => [unique('stat_reject_province_monthly_key').on(t.province_code, t.day, t.kind, t.item).nullsNotDistinct()],
);
export const statTeamTotalDaily = teamTotal('stat_team_total_daily');
export const statTeamTotalMonthly = teamTotal('stat_team_total_monthly');
export const statAuditTotalDaily = auditTotal('stat_audit_total_daily');
export const statAuditTotalMonthly = auditTotal('stat_audit_total_monthly');
export const statRejectTotalDaily = rejectTotal('stat_reject_total_daily');
export const statRejectTotalMonthly = rejectTotal('stat_reject_total_monthly');

/** Current counts without the agent, for the `all` scope. */
export const statCustomerNowRegion = pgTable(
  'stat_customer_now_region',
  { stage: varchar('stage', { length: 16 }).notNull(), status: varchar('status', { length: 16 }).notNull(), ...region(), n: count('n') },
  (t) => [unique('stat_customer_now_region_key').on(t.stage, t.status, t.province_code, t.city_code).nullsNotDistinct()],
);
export const statStationNowRegion = pgTable(
  'stat_station_now_region',
  { status: varchar('status', { length: 24 }).notNull(), ...region(), n: count('n'), kwp: amount('kwp') },
  (t) => [unique('stat_station_now_region_key').on(t.status, t.province_code, t.city_code).nullsNotDistinct()],
);
export const statOrderNowRegion = pgTable(
  'stat_order_now_region',
  {
    kind: varchar('kind', { length: 8 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    overdue: boolean('overdue').notNull(),
    ...region(),
    n: count('n'),
  },
  (t) => [unique('stat_order_now_region_key').on(t.kind, t.status, t.overdue, t.province_code, t.city_code).nullsNotDistinct()],
);

/** Target rows (target/save_config replaces them all). */
export const statTargets = pgTable(
  'stat_targets',
  {
    id: serial('id').primaryKey(),
    /** YYYY or YYYY-MM */
    period_key: varchar('period_key', { length: 7 }).notNull(),
    province_code: varchar('province_code', { length: 6 }),
    kind: varchar('kind', { length: 16 }).notNull(),
    value: numeric('value', { mode: 'number' }).notNull(),
  },
  (t) => [unique('stat_targets_key').on(t.period_key, t.province_code, t.kind).nullsNotDistinct()],
);

/** The one row of benefit factors and the version of the whole target configuration. */
export const statTargetConfig = pgTable('stat_target_config', {
  id: integer('id').primaryKey(),
  utilisation_hours: numeric('utilisation_hours', { mode: 'number' }).notNull(),
  co2_kg_per_kwh: numeric('co2_kg_per_kwh', { mode: 'number' }).notNull(),
  coal_kg_per_kwh: numeric('coal_kg_per_kwh', { mode: 'number' }).notNull(),
  version: integer('version').notNull().default(0),
  updated_at: tstz('updated_at'),
  updated_by: integer('updated_by'),
});

/**
 * The funnel by cohort: customers per (China day of the CUSTOMER's creation, province, city, agent)
 * with how far they have got as of now — signed, a station built, a station grid-connected — and
 * the day sums behind the average lead times. Kept by the customers' triggers and by the stations'
 * (a station moving changes its customer's steps); modules/statistic/rollup.ts `COHORT_*`.
 */
export const statCohortDaily = dailyAgent('stat_cohort_daily', cohortMeasures);
/** The same without the agent for the `all` scope, per day and per month (day = the 1st). */
export const statCohortRegionDaily = dailyRegion('stat_cohort_region_daily', cohortMeasures);
export const statCohortRegionMonthly = dailyRegion('stat_cohort_region_monthly', cohortMeasures);
