import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { searchIndexes, tstz, versioned } from './common.ts';
import { maintenanceOrders } from './maintenance.ts';
import { partners } from './partner.ts';
import { stations } from './station.ts';

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'string' });

/**
 * 保单 (issue 15; docs/DECISIONS.md "Insurance"): one policy of an insurer partner covering one
 * station or a batch (insurance_policy_stations). `status` is what happened to it (active, renewed,
 * surrendered); the state shown (即将到期, 已到期 …) is computed from the dates on every read.
 * `reminded_at` is the expiry reminder's sent-marker (a renewal is a new policy with its own).
 * `renewed_from` is unique: one successor per policy, whoever runs the renewal.
 */
export const insurancePolicies = pgTable(
  'insurance_policies',
  {
    id: serial('id').primaryKey(),
    policy_no: varchar('policy_no', { length: 40 }).notNull(),
    /** InsuranceKind: property | liability */
    kind: varchar('kind', { length: 16 }).notNull(),
    insurer_id: integer('insurer_id')
      .notNull()
      .references(() => partners.id),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    premium: money('premium').notNull(),
    /** PolicyStatus: active | renewed | surrendered */
    status: varchar('status', { length: 12 }).notNull().default('active'),
    station_count: integer('station_count').notNull().default(0),
    sum_insured_total: money('sum_insured_total').notNull().default('0'),
    /** told of the expiry; null = the creator */
    owner_id: integer('owner_id'),
    renewed_from: integer('renewed_from'),
    renewed_to: integer('renewed_to'),
    surrender_date: date('surrender_date', { mode: 'string' }),
    surrender_reason: varchar('surrender_reason', { length: 500 }),
    reminded_at: tstz('reminded_at'),
    remark: varchar('remark', { length: 500 }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    uniqueIndex('insurance_policies_policy_no_key').on(t.policy_no),
    uniqueIndex('insurance_policies_renewed_from_key').on(t.renewed_from).where(sql`${t.renewed_from} is not null`),
    index('insurance_policies_created_idx').on(t.created_at, t.id),
    index('insurance_policies_end_idx').on(t.end_date, t.id),
    index('insurance_policies_insurer_idx').on(t.insurer_id, t.created_at),
    index('insurance_policies_remind_idx').on(t.end_date).where(sql`${t.reminded_at} is null and ${t.status} = 'active'`),
    ...searchIndexes('insurance_policies', t.policy_no, { code: true }),
    check('insurance_policies_term', sql`${t.end_date} >= ${t.start_date}`),
    check('insurance_policies_premium', sql`${t.premium} >= 0`),
  ],
);

/**
 * A station covered by a policy with its sum insured, over the cover's dates (the policy's term, cut
 * short by a surrender). kind and dates are the policy's, repeated so the exclusion constraint
 * insurance_cover_no_overlap (in the migration: btree_gist) refuses a station covered twice by
 * overlapping policies of the same kind, whoever writes at the same moment.
 */
export const insurancePolicyStations = pgTable(
  'insurance_policy_stations',
  {
    id: serial('id').primaryKey(),
    policy_id: integer('policy_id')
      .notNull()
      .references(() => insurancePolicies.id, { onDelete: 'cascade' }),
    station_id: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    sum_insured: money('sum_insured').notNull(),
    /** 移除承保电站: the day the cover was cut to (end_date then equals it) and why; null while on the policy */
    removed_on: date('removed_on', { mode: 'string' }),
    removed_reason: varchar('removed_reason', { length: 500 }),
    ...versioned(),
  },
  (t) => [
    uniqueIndex('insurance_policy_stations_key').on(t.policy_id, t.station_id),
    index('insurance_policy_stations_station_idx').on(t.station_id, t.start_date),
    check('insurance_policy_stations_sum', sql`${t.sum_insured} > 0`),
    check('insurance_policy_stations_dates', sql`${t.end_date} >= ${t.start_date}`),
  ],
);

/**
 * 理赔 against a policy covering its station on the incident date. Amounts: claimed ≤ the station's
 * sum insured, approved ≤ claimed, received ≤ approved (checked by the actions and by the table).
 * Documents are files with owner_type insurance_claim, bound on add / submit.
 */
export const insuranceClaims = pgTable(
  'insurance_claims',
  {
    id: serial('id').primaryKey(),
    claim_no: varchar('claim_no', { length: 32 }).notNull(),
    policy_id: integer('policy_id')
      .notNull()
      .references(() => insurancePolicies.id),
    station_id: integer('station_id')
      .notNull()
      .references(() => stations.id),
    agent_id: integer('agent_id'),
    province_code: varchar('province_code', { length: 6 }),
    city_code: varchar('city_code', { length: 6 }),
    maintenance_id: integer('maintenance_id').references(() => maintenanceOrders.id, { onDelete: 'set null' }),
    /** ClaimCause */
    cause: varchar('cause', { length: 16 }).notNull(),
    incident_date: date('incident_date', { mode: 'string' }).notNull(),
    description: varchar('description', { length: 1000 }).notNull(),
    amount_claimed: money('amount_claimed').notNull(),
    amount_approved: money('amount_approved'),
    amount_received: money('amount_received'),
    document_ids: jsonb('document_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    /** ClaimStatus: reported | submitted | assessed | paid | rejected */
    status: varchar('status', { length: 12 }).notNull().default('reported'),
    assess_note: varchar('assess_note', { length: 500 }),
    paid_on: date('paid_on', { mode: 'string' }),
    reject_reason: varchar('reject_reason', { length: 500 }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    uniqueIndex('insurance_claims_claim_no_key').on(t.claim_no),
    index('insurance_claims_created_idx').on(t.created_at, t.id),
    index('insurance_claims_policy_idx').on(t.policy_id),
    index('insurance_claims_station_idx').on(t.station_id, t.incident_date),
    index('insurance_claims_maintenance_idx').on(t.maintenance_id).where(sql`${t.maintenance_id} is not null`),
    ...searchIndexes('insurance_claims', t.claim_no, { code: true }),
    check('insurance_claims_amounts', sql`${t.amount_claimed} > 0 and (${t.amount_approved} is null or ${t.amount_approved} <= ${t.amount_claimed}) and (${t.amount_received} is null or (${t.amount_approved} is not null and ${t.amount_received} <= ${t.amount_approved}))`),
  ],
);
