import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { agents } from './agent.ts';
import { searchIndexes, tstz, versioned } from './common.ts';
import { customers } from './customer.ts';
import { stations } from './station.ts';

/**
 * 租赁合同 (LEASE_MACHINE of the contract; docs/DECISIONS.md "Lease contracts and rent bills"). Region
 * and agent are copied from the station so the list filters on this table alone. The rent rule is
 * kept as its terms (rate numeric(12,4), quantity snapshot); amounts are computed per bill. The
 * payee's card is stored in full and leaves the server masked, except through view_card.
 */
export const leaseContracts = pgTable(
  'lease_contracts',
  {
    id: serial('id').primaryKey(),
    contract_no: varchar('contract_no', { length: 32 }).notNull().unique(),
    station_id: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'restrict' }),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    city_code: varchar('city_code', { length: 6 }),
    district_code: varchar('district_code', { length: 12 }),
    /** SignMethod: paper | electronic */
    sign_method: varchar('sign_method', { length: 12 }).notNull().default('paper'),
    signed_date: date('signed_date', { mode: 'string' }),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    term_years: smallint('term_years').notNull().default(25),
    /** RentRule: per_panel | per_kwp | fixed */
    rent_rule: varchar('rent_rule', { length: 12 }).notNull(),
    rent_rate: numeric('rent_rate', { precision: 12, scale: 4, mode: 'string' }).notNull(),
    panel_count: integer('panel_count'),
    capacity_kwp: numeric('capacity_kwp', { precision: 10, scale: 2, mode: 'string' }),
    escalation_pct: numeric('escalation_pct', { precision: 7, scale: 4, mode: 'string' }).notNull().default('0'),
    escalation_years: smallint('escalation_years'),
    /** PayCycle: annual | semiannual | quarterly */
    pay_cycle: varchar('pay_cycle', { length: 12 }).notNull(),
    payee_name: varchar('payee_name', { length: 32 }),
    bank_name: varchar('bank_name', { length: 100 }),
    bank_branch: varchar('bank_branch', { length: 100 }),
    bank_card: varchar('bank_card', { length: 19 }),
    /** the 光E宝 银行卡变更 matter behind the last card change */
    card_matter_id: integer('card_matter_id'),
    pdf_file_id: integer('pdf_file_id'),
    /** LeaseStatus */
    status: varchar('status', { length: 12 }).notNull().default('draft'),
    /** manual | grid (made when the station was grid-connected) */
    source: varchar('source', { length: 8 }).notNull().default('manual'),
    activated_at: tstz('activated_at'),
    terminated_at: tstz('terminated_at'),
    terminate_date: date('terminate_date', { mode: 'string' }),
    terminate_reason: varchar('terminate_reason', { length: 500 }),
    remark: varchar('remark', { length: 500 }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    // one open contract per station (a new one after expiry or termination)
    uniqueIndex('lease_contracts_station_live_key').on(t.station_id).where(sql`${t.status} in ('draft', 'signed', 'active')`),
    index('lease_contracts_station_idx').on(t.station_id),
    index('lease_contracts_customer_idx').on(t.customer_id),
    index('lease_contracts_created_idx').on(t.created_at, t.id),
    index('lease_contracts_status_created_idx').on(t.status, t.created_at, t.id),
    index('lease_contracts_agent_created_idx').on(t.agent_id, t.created_at, t.id),
    index('lease_contracts_province_created_idx').on(t.province_code, t.created_at, t.id),
    // a pay cycle, newest first: its contracts may all lie below the newest days (107 ms walking the created index at 2 M)
    index('lease_contracts_cycle_created_idx').on(t.pay_cycle, t.created_at, t.id),
    // the finance report's station list by city (rent_bill/margin)
    index('lease_contracts_city_created_idx').on(t.city_code, t.created_at, t.id),
    index('lease_contracts_end_idx').on(t.end_date).where(sql`${t.status} = 'active'`),
    // the generator walks active contracts of one cycle by id
    index('lease_contracts_cycle_live_idx').on(t.pay_cycle, t.id).where(sql`${t.status} in ('active', 'expired')`),
    ...searchIndexes('lease_contracts', t.contract_no, { code: true }),
    ...searchIndexes('lease_contracts', t.payee_name, { pairs: true }),
    check('lease_contracts_rate_positive', sql`${t.rent_rate} > 0`),
    check('lease_contracts_dates', sql`${t.end_date} >= ${t.start_date}`),
  ],
);

/**
 * 租金账单: one per contract and period (unique), made by the generator or by a single-contract path
 * (activation, termination), both with ON CONFLICT DO NOTHING. Amounts numeric(14,2); the payable
 * is always due − deduction (CHECK). Changes only through named actions. `batch_id`, `paid_at`,
 * `bank_serial`, `fail_reason` and the payee snapshot are for payment batches.
 */
export const rentBills = pgTable(
  'rent_bills',
  {
    id: serial('id').primaryKey(),
    bill_no: varchar('bill_no', { length: 32 }).notNull().unique(),
    contract_id: integer('contract_id')
      .notNull()
      .references(() => leaseContracts.id, { onDelete: 'restrict' }),
    station_id: integer('station_id').notNull(),
    customer_id: integer('customer_id'),
    agent_id: integer('agent_id'),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    city_code: varchar('city_code', { length: 6 }),
    district_code: varchar('district_code', { length: 12 }),
    /** 2026 | 2026-H1 | 2026-Q1 */
    period: varchar('period', { length: 8 }).notNull(),
    period_start: date('period_start', { mode: 'string' }).notNull(),
    period_end: date('period_end', { mode: 'string' }).notNull(),
    cover_start: date('cover_start', { mode: 'string' }).notNull(),
    cover_end: date('cover_end', { mode: 'string' }).notNull(),
    days: smallint('days').notNull(),
    period_days: smallint('period_days').notNull(),
    /** the rate after escalation used for this bill */
    rate: numeric('rate', { precision: 12, scale: 4, mode: 'string' }).notNull(),
    amount_due: numeric('amount_due', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    deduction: numeric('deduction', { precision: 14, scale: 2, mode: 'string' }).notNull().default('0'),
    amount_payable: numeric('amount_payable', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    /** RentBillStatus */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    /** station | manual (who paused it; unfreezing releases only 'station') */
    paused_by: varchar('paused_by', { length: 8 }),
    /** the status a pause came from (release goes back to pending either way) */
    pause_reason: varchar('pause_reason', { length: 500 }),
    batch_id: integer('batch_id'),
    paid_at: tstz('paid_at'),
    bank_serial: varchar('bank_serial', { length: 64 }),
    channel: varchar('channel', { length: 16 }),
    failed_at: tstz('failed_at'),
    fail_reason: varchar('fail_reason', { length: 500 }),
    /** the account paid, as it was at payment time */
    payee_name: varchar('payee_name', { length: 32 }),
    payee_bank: varchar('payee_bank', { length: 100 }),
    payee_card: varchar('payee_card', { length: 19 }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    unique('rent_bills_contract_period_key').on(t.contract_id, t.period),
    index('rent_bills_created_idx').on(t.created_at, t.id),
    index('rent_bills_status_created_idx').on(t.status, t.created_at, t.id),
    // one period's bills newest first (the list's usual question: this quarter's bills), with or without a state
    index('rent_bills_period_created_idx').on(t.period, t.created_at, t.id),
    index('rent_bills_period_status_created_idx').on(t.period, t.status, t.created_at, t.id),
    index('rent_bills_agent_created_idx').on(t.agent_id, t.created_at, t.id),
    index('rent_bills_province_created_idx').on(t.province_code, t.created_at, t.id),
    index('rent_bills_due_idx').on(t.due_date, t.id).where(sql`${t.status} in ('pending', 'failed')`),
    index('rent_bills_station_idx').on(t.station_id),
    index('rent_bills_customer_idx').on(t.customer_id),
    index('rent_bills_batch_idx').on(t.batch_id).where(sql`${t.batch_id} is not null`),
    ...searchIndexes('rent_bills', t.bill_no, { code: true }),
    check('rent_bills_amounts', sql`${t.amount_due} >= 0 and ${t.deduction} >= 0 and ${t.amount_payable} >= 0 and ${t.amount_payable} = ${t.amount_due} - ${t.deduction}`),
  ],
);

/**
 * 扣款: each deduction of a bill with its reason and who made it (append-only). A negative entry is
 * the one correction there is: a termination that cuts the bill below its deductions records the
 * part given back, so the entries always add up to the bill's deduction.
 */
export const rentDeductions = pgTable(
  'rent_deductions',
  {
    id: serial('id').primaryKey(),
    bill_id: integer('bill_id')
      .notNull()
      .references(() => rentBills.id, { onDelete: 'restrict' }),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    created_by: integer('created_by'),
    created_by_name: varchar('created_by_name', { length: 64 }),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('rent_deductions_bill_idx').on(t.bill_id), check('rent_deductions_nonzero', sql`${t.amount} <> 0`)],
);

/** One generation run per period key (2026-Q4 is quarterly contracts' run): a cursor over contract ids. */
export const rentBillRuns = pgTable(
  'rent_bill_runs',
  {
    period: varchar('period', { length: 8 }).notNull(),
    cycle: varchar('cycle', { length: 12 }).notNull(),
    period_start: date('period_start', { mode: 'string' }).notNull(),
    period_end: date('period_end', { mode: 'string' }).notNull(),
    cursor: integer('cursor').notNull().default(0),
    contracts_seen: integer('contracts_seen').notNull().default(0),
    created: integer('created').notNull().default(0),
    batches: integer('batches').notNull().default(0),
    started_at: tstz('started_at').notNull().defaultNow(),
    finished_at: tstz('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.period] }), index('rent_bill_runs_cycle_idx').on(t.cycle, t.period_start)],
);

/**
 * List totals (rollups in modules/statistic/rollup.ts, triggers generated): bills per state, period,
 * due day and region (the `all` scope), and per state, due day, region and agent; each with the
 * amounts, so a list's total and its sums come from a few rows — also for a due-date range (the
 * dashboard's "this year" and overdue links). Due days are few: a period's bills fall due together,
 * only first bills on their own day.
 */
const billCountColumns = () => ({
  status: varchar('status', { length: 12 }).notNull(),
  due_date: date('due_date', { mode: 'string' }).notNull(),
  province_code: varchar('province_code', { length: 6 }).notNull(),
  city_code: varchar('city_code', { length: 6 }),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
  amount_due: numeric('amount_due', { precision: 18, scale: 2, mode: 'string' }).notNull().default('0'),
  deduction: numeric('deduction', { precision: 18, scale: 2, mode: 'string' }).notNull().default('0'),
  amount_payable: numeric('amount_payable', { precision: 18, scale: 2, mode: 'string' }).notNull().default('0'),
});
export const rentBillCountsRegion = pgTable('rent_bill_counts_region', { ...billCountColumns(), period: varchar('period', { length: 8 }).notNull() }, (t) => [
  unique('rent_bill_counts_region_key').on(t.status, t.period, t.province_code, t.city_code, t.due_date).nullsNotDistinct(),
]);
export const rentBillCounts = pgTable('rent_bill_counts', { ...billCountColumns(), agent_id: integer('agent_id') }, (t) => [
  unique('rent_bill_counts_key').on(t.status, t.province_code, t.city_code, t.agent_id, t.due_date).nullsNotDistinct(),
  index('rent_bill_counts_agent_idx').on(t.agent_id),
]);

const leaseCountColumns = () => ({
  status: varchar('status', { length: 12 }).notNull(),
  pay_cycle: varchar('pay_cycle', { length: 12 }).notNull(),
  province_code: varchar('province_code', { length: 6 }).notNull(),
  city_code: varchar('city_code', { length: 6 }),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});
export const leaseContractCountsRegion = pgTable('lease_contract_counts_region', leaseCountColumns(), (t) => [
  unique('lease_contract_counts_region_key').on(t.status, t.pay_cycle, t.province_code, t.city_code).nullsNotDistinct(),
]);
export const leaseContractCounts = pgTable('lease_contract_counts', { ...leaseCountColumns(), agent_id: integer('agent_id') }, (t) => [
  unique('lease_contract_counts_key').on(t.status, t.pay_cycle, t.province_code, t.city_code, t.agent_id).nullsNotDistinct(),
  index('lease_contract_counts_agent_idx').on(t.agent_id),
]);
