import { sql } from 'drizzle-orm';
import { bigint, boolean, date, doublePrecision, index, integer, numeric, pgTable, primaryKey, serial, text, unique, varchar } from 'drizzle-orm/pg-core';
import { searchChars, searchIndexes, tstz, versioned } from './common.ts';
import { agents } from './agent.ts';
import { users } from './system.ts';
import { partners } from './partner.ts';

/**
 * 客户: intentional and formal customers in one table (stage), so conversion keeps id and history.
 * Indexes follow the list's filters: every list is "filter, then newest first", so each filter
 * index ends with created_at (and id, the tie-break) to serve ORDER BY ... LIMIT without a sort.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    id_card: varchar('id_card', { length: 18 }),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    city_code: varchar('city_code', { length: 6 }),
    district_code: varchar('district_code', { length: 12 }),
    town_code: varchar('town_code', { length: 12 }),
    address: varchar('address', { length: 200 }),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    roof_type: varchar('roof_type', { length: 16 }),
    roof_area_m2: numeric('roof_area_m2', { precision: 10, scale: 2, mode: 'number' }),
    has_property_deed: boolean('has_property_deed'),
    estimated_kwp: numeric('estimated_kwp', { precision: 10, scale: 2, mode: 'number' }),
    source: varchar('source', { length: 16 }).notNull().default('phone'),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    owner_id: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** intentional | formal */
    stage: varchar('stage', { length: 16 }).notNull().default('intentional'),
    /** new | following | surveyed | signed | lost */
    status: varchar('status', { length: 16 }).notNull().default('new'),
    lost_reason: varchar('lost_reason', { length: 500 }),
    app_enabled: boolean('app_enabled').notNull().default(false),
    /** the owner's 光E宝 app password (modify_password); null = not set */
    app_password_hash: text('app_password_hash'),
    business_mode: varchar('business_mode', { length: 16 }),
    financier: varchar('financier', { length: 100 }),
    /** the financier partner (资方) funding the customer's stations: what 对账单 with financiers count (docs/DECISIONS.md "Statements") */
    financier_id: integer('financier_id').references(() => partners.id, { onDelete: 'restrict' }),
    bank_name: varchar('bank_name', { length: 100 }),
    bank_card: varchar('bank_card', { length: 19 }),
    signed_at: tstz('signed_at'),
    remark: text('remark'),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    index('customers_stage_province_created_idx').on(t.stage, t.province_code, t.created_at, t.id),
    index('customers_stage_created_idx').on(t.stage, t.created_at, t.id),
    index('customers_stage_status_created_idx').on(t.stage, t.status, t.created_at, t.id),
    index('customers_agent_created_idx').on(t.agent_id, t.created_at, t.id),
    index('customers_city_idx').on(t.city_code),
    index('customers_financier_idx').on(t.financier_id).where(sql`${t.financier_id} is not null`),
    index('customers_created_idx').on(t.created_at, t.id),
    // plain ascending btree: a backward scan serves ORDER BY created_at DESC, id DESC (NULLS FIRST) exactly
    // text_pattern_ops: prefix LIKE 'x%' uses the index whatever the database collation
    index('customers_phone_idx').on(t.phone.op('text_pattern_ops')),
    index('customers_name_idx').on(t.name.op('text_pattern_ops')),
    index('customers_owner_idx').on(t.owner_id),
    // the formal-customer list sorts by signing time (only formal rows have one)
    index('customers_formal_signed_idx').on(t.signed_at, t.id).where(sql`${t.stage} = 'formal'`),
    ...searchIndexes('customers', t.name, { pairs: true }),
    ...searchIndexes('customers', t.phone, { code: true }),
    ...searchIndexes('customers', t.address, { pairs: true }),
    searchChars('customers', [t.name, t.phone, t.address]),
  ],
);

/** 跟进记录: one row per contact with an (intentional) customer. */
export const customerFollowUps = pgTable(
  'customer_follow_ups',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    way: varchar('way', { length: 16 }).notNull(),
    content: text('content').notNull(),
    next_date: date('next_date', { mode: 'string' }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [index('follow_ups_customer_idx').on(t.customer_id, t.created_at)],
);

/**
 * Row counts of customers per (stage, status, province, agent), kept exact by statement-level
 * triggers (migration 0002). A list filtered only by these columns takes its `total` from here
 * instead of counting up to millions of rows per request.
 */
export const customerCounts = pgTable(
  'customer_counts',
  {
    stage: varchar('stage', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    agent_id: integer('agent_id'),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('customer_counts_key').on(t.stage, t.status, t.province_code, t.agent_id).nullsNotDistinct(),
    index('customer_counts_agent_idx').on(t.agent_id),
    index('customer_counts_province_idx').on(t.province_code, t.stage, t.status),
  ],
);

/** The same counts without the agent: a few hundred rows, for lists not filtered or scoped by agent. */
export const customerCountsRegion = pgTable(
  'customer_counts_region',
  {
    stage: varchar('stage', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.stage, t.status, t.province_code] })],
);

export type CustomerRow = typeof customers.$inferSelect;
export type UserRow = typeof users.$inferSelect;
