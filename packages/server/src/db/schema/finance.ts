import { bigint, date, index, integer, numeric, pgTable, unique, varchar } from 'drizzle-orm/pg-core';

/**
 * Finance reports (docs/DECISIONS.md "Finance reports"): rent bills summed by the month they fall
 * due, kept by the triggers generated from statistic/rollup.ts, so the rent report and the
 * dashboard's finance panel read a few hundred rows, never rent_bills.
 *
 * - stat_rent_monthly / stat_rent_region_monthly: per due month (YYYY-MM) × state × province × city
 *   (× agent): bills, due, deductions, payable. Paid, failed, paused and unpaid come from the state.
 * - stat_rent_unpaid_daily / stat_rent_unpaid_region_daily: the unpaid bills (待支付, 支付失败) per
 *   due DAY × province × city (× agent) — what "overdue" needs inside the current month (a bill due
 *   on the 20th is overdue from the 21st); earlier months' unpaid bills are all overdue and come from
 *   the monthly tables.
 */
const rentMonthlyColumns = () => ({
  month: varchar('month', { length: 7 }).notNull(),
  status: varchar('status', { length: 12 }).notNull(),
  province_code: varchar('province_code', { length: 6 }).notNull(),
  city_code: varchar('city_code', { length: 6 }),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
  amount_due: numeric('amount_due', { precision: 20, scale: 2, mode: 'string' }).notNull().default('0'),
  deduction: numeric('deduction', { precision: 20, scale: 2, mode: 'string' }).notNull().default('0'),
  amount_payable: numeric('amount_payable', { precision: 20, scale: 2, mode: 'string' }).notNull().default('0'),
});
export const statRentMonthly = pgTable('stat_rent_monthly', { ...rentMonthlyColumns(), agent_id: integer('agent_id') }, (t) => [
  unique('stat_rent_monthly_key').on(t.month, t.status, t.province_code, t.city_code, t.agent_id).nullsNotDistinct(),
  index('stat_rent_monthly_agent_idx').on(t.agent_id, t.month),
]);
export const statRentRegionMonthly = pgTable('stat_rent_region_monthly', rentMonthlyColumns(), (t) => [
  unique('stat_rent_region_monthly_key').on(t.month, t.status, t.province_code, t.city_code).nullsNotDistinct(),
]);

const rentUnpaidColumns = () => ({
  due_date: date('due_date', { mode: 'string' }).notNull(),
  province_code: varchar('province_code', { length: 6 }).notNull(),
  city_code: varchar('city_code', { length: 6 }),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
  amount_payable: numeric('amount_payable', { precision: 20, scale: 2, mode: 'string' }).notNull().default('0'),
});
export const statRentUnpaidDaily = pgTable('stat_rent_unpaid_daily', { ...rentUnpaidColumns(), agent_id: integer('agent_id') }, (t) => [
  unique('stat_rent_unpaid_daily_key').on(t.due_date, t.province_code, t.city_code, t.agent_id).nullsNotDistinct(),
  index('stat_rent_unpaid_daily_agent_idx').on(t.agent_id, t.due_date),
]);
export const statRentUnpaidRegionDaily = pgTable('stat_rent_unpaid_region_daily', rentUnpaidColumns(), (t) => [
  unique('stat_rent_unpaid_region_daily_key').on(t.due_date, t.province_code, t.city_code).nullsNotDistinct(),
]);
