import { type AnyPgColumn, index, integer, numeric, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { searchIndexes, versioned } from './common.ts';
import { partners } from './partner.ts';

/** 代理商: two levels (parent_id), an authorised region, a status. */
export const agents = pgTable(
  'agents',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    parent_id: integer('parent_id').references((): AnyPgColumn => agents.id, { onDelete: 'set null' }),
    contact: varchar('contact', { length: 32 }),
    phone: varchar('phone', { length: 20 }),
    province_code: varchar('province_code', { length: 6 }),
    city_code: varchar('city_code', { length: 6 }),
    district_code: varchar('district_code', { length: 12 }),
    /** pending | enabled | disabled */
    status: varchar('status', { length: 16 }).notNull().default('enabled'),
    deposit: numeric('deposit', { precision: 14, scale: 2, mode: 'number' }),
    bank_name: varchar('bank_name', { length: 100 }),
    bank_account: varchar('bank_account', { length: 32 }),
    /** the agent's 合作伙伴 record, when it is one (partner/link) */
    partner_id: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    index('agents_parent_idx').on(t.parent_id),
    index('agents_province_idx').on(t.province_code),
    index('agents_partner_idx').on(t.partner_id),
    ...searchIndexes('agents', t.name, { pairs: true }),
    ...searchIndexes('agents', t.code, { code: true }),
    ...searchIndexes('agents', t.contact, { pairs: true }),
    ...searchIndexes('agents', t.phone, { code: true }),
  ],
);
