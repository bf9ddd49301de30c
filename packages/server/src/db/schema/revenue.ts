import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, pgTable, serial, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { agents } from './agent.ts';
import { tstz, versioned } from './common.ts';
import { stations } from './station.ts';

/**
 * Tariffs 电价 and station revenue 收益 (issue 14; docs/DECISIONS.md "Tariffs and revenue").
 * Money is numeric with its scale and travels as text (mode 'string'), never a JavaScript number.
 */

/**
 * A province's benchmark price for a run of whole months. No two periods of a province overlap:
 * the exclusion constraint tariffs_no_overlap (btree_gist, migration revenue_rules) refuses it in
 * the database, whatever the writer.
 */
export const tariffs = pgTable(
  'tariffs',
  {
    id: serial('id').primaryKey(),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    /** yuan/kWh */
    price: numeric('price', { precision: 8, scale: 4, mode: 'string' }).notNull(),
    /** the 1st of a month */
    effective_from: date('effective_from', { mode: 'string' }).notNull(),
    /** a month's last day, inclusive; null = until further notice */
    effective_to: date('effective_to', { mode: 'string' }),
    /** equivalent utilisation hours per year for estimates; null = the national figure (stat_target_config) */
    utilisation_hours: numeric('utilisation_hours', { precision: 6, scale: 1, mode: 'string' }),
    remark: varchar('remark', { length: 200 }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    index('tariffs_province_from_idx').on(t.province_code, t.effective_from),
    check('tariffs_price_positive', sql`${t.price} > 0`),
    check('tariffs_whole_months', sql`extract(day from ${t.effective_from}) = 1 and (${t.effective_to} is null or (${t.effective_to} >= ${t.effective_from} and extract(day from ${t.effective_to} + 1) = 1))`),
    check('tariffs_hours_range', sql`${t.utilisation_hours} is null or (${t.utilisation_hours} > 0 and ${t.utilisation_hours} <= 8760)`),
  ],
);

/**
 * One station × one month. Region and agent are copied from the station (the list filters on this
 * table alone, like maintenance orders). Estimates are written by the estimate_revenue job (or
 * revenue/estimate, or an import for a month not estimated yet), actuals by the settlement import
 * and the correct action only.
 */
export const revenues = pgTable(
  'revenues',
  {
    id: serial('id').primaryKey(),
    station_id: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** YYYY-MM */
    period: varchar('period', { length: 7 }).notNull(),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    city_code: varchar('city_code', { length: 6 }),
    district_code: varchar('district_code', { length: 12 }),
    capacity_kwp: numeric('capacity_kwp', { precision: 10, scale: 2, mode: 'string' }).notNull(),
    /** days of the month the station was connected (a station connected on the 21st of a 30-day month: 10) */
    active_days: smallint('active_days').notNull(),
    /** the annual hours the estimate used (the tariff's, else the national figure) */
    utilisation_hours: numeric('utilisation_hours', { precision: 6, scale: 1, mode: 'string' }).notNull(),
    tariff_id: integer('tariff_id').references(() => tariffs.id, { onDelete: 'restrict' }),
    tariff_price: numeric('tariff_price', { precision: 8, scale: 4, mode: 'string' }),
    estimated_kwh: numeric('estimated_kwh', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    /** null when no tariff covers the month */
    estimated_amount: numeric('estimated_amount', { precision: 14, scale: 2, mode: 'string' }),
    /** the meter the settlement named */
    meter_no: varchar('meter_no', { length: 32 }),
    actual_kwh: numeric('actual_kwh', { precision: 14, scale: 2, mode: 'string' }),
    actual_amount: numeric('actual_amount', { precision: 14, scale: 2, mode: 'string' }),
    /** RevenueActualSource: import | correction */
    actual_source: varchar('actual_source', { length: 16 }),
    settled: boolean('settled').notNull().default(false),
    settled_at: tstz('settled_at'),
    settled_by: integer('settled_by'),
    /** actual_kwh ÷ estimated_kwh, 4 decimals */
    ratio: numeric('ratio', { precision: 12, scale: 4, mode: 'string' }),
    /** ratio below the threshold of revenue_settings (recomputed when it changes) */
    under_performing: boolean('under_performing').notNull().default(false),
    /** the maintenance order opened from this row (revenue/maintenance) */
    maintenance_id: integer('maintenance_id'),
    ...versioned(),
  },
  (t) => [
    unique('revenues_station_period_key').on(t.station_id, t.period),
    // newest month first, alone and within the usual filters
    index('revenues_period_idx').on(t.period, t.id),
    index('revenues_province_period_idx').on(t.province_code, t.period, t.id),
    index('revenues_city_period_idx').on(t.city_code, t.period, t.id),
    index('revenues_agent_period_idx').on(t.agent_id, t.period, t.id),
    index('revenues_under_period_idx').on(t.period, t.id).where(sql`${t.under_performing}`),
    index('revenues_meter_idx').on(t.meter_no).where(sql`${t.meter_no} is not null`),
    check('revenues_amounts_nonnegative', sql`${t.estimated_kwh} >= 0 and coalesce(${t.actual_kwh}, 0) >= 0 and coalesce(${t.actual_amount}, 0) >= 0 and coalesce(${t.estimated_amount}, 0) >= 0`),
    check('revenues_period_format', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('revenues_settled_has_actuals', sql`${t.settled} = (${t.actual_kwh} is not null and ${t.actual_amount} is not null)`),
  ],
);

/** The under-performance threshold (one row, id 1): actual ÷ estimate below pct % flags a row. */
export const revenueSettings = pgTable(
  'revenue_settings',
  {
    id: smallint('id').primaryKey().default(1),
    underperform_pct: numeric('underperform_pct', { precision: 4, scale: 1, mode: 'string' }).notNull().default('80.0'),
    version: integer('version').notNull().default(1),
    updated_by: integer('updated_by'),
    updated_at: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('revenue_settings_one_row', sql`${t.id} = 1`), check('revenue_settings_pct', sql`${t.underperform_pct} >= 1 and ${t.underperform_pct} <= 100`)],
);

/**
 * One estimate run per month (estimate_revenue job, revenue/estimate): the stations are walked by id
 * in batches, each its own short transaction that locks this row and moves the cursor (the
 * inspection generator's pattern, lifecycle/cursor-run.ts).
 */
export const revenueRuns = pgTable('revenue_runs', {
  period: varchar('period', { length: 7 }).primaryKey(),
  cursor: integer('cursor').notNull().default(0),
  stations_seen: integer('stations_seen').notNull().default(0),
  created: integer('created').notNull().default(0),
  batches: integer('batches').notNull().default(0),
  started_at: tstz('started_at').notNull().defaultNow(),
  finished_at: tstz('finished_at'),
});

/**
 * Revenue per month × region (× agent) × flags: the list's totals and the report's sums, kept by
 * the triggers generated from statistic/rollup.ts (stat_revenue_monthly per agent,
 * stat_revenue_region_monthly for the `all` scope). Sums are exact numerics.
 */
const revenueRollupColumns = () => ({
  period: varchar('period', { length: 7 }).notNull(),
  province_code: varchar('province_code', { length: 6 }).notNull(),
  city_code: varchar('city_code', { length: 6 }),
  settled: boolean('settled').notNull(),
  under_performing: boolean('under_performing').notNull(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
  estimated_kwh: numeric('estimated_kwh', { precision: 20, scale: 2, mode: 'string' }).notNull().default('0'),
  estimated_amount: numeric('estimated_amount', { precision: 20, scale: 2, mode: 'string' }).notNull().default('0'),
  actual_kwh: numeric('actual_kwh', { precision: 20, scale: 2, mode: 'string' }).notNull().default('0'),
  actual_amount: numeric('actual_amount', { precision: 20, scale: 2, mode: 'string' }).notNull().default('0'),
});
export const statRevenueMonthly = pgTable('stat_revenue_monthly', { ...revenueRollupColumns(), agent_id: integer('agent_id') }, (t) => [
  unique('stat_revenue_monthly_key').on(t.period, t.province_code, t.city_code, t.settled, t.under_performing, t.agent_id).nullsNotDistinct(),
  index('stat_revenue_monthly_agent_idx').on(t.agent_id, t.period),
]);
export const statRevenueRegionMonthly = pgTable('stat_revenue_region_monthly', revenueRollupColumns(), (t) => [
  unique('stat_revenue_region_monthly_key').on(t.period, t.province_code, t.city_code, t.settled, t.under_performing).nullsNotDistinct(),
]);
