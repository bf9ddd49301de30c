import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { PartnerContact } from '@pv/contract';
import { tstz, versioned } from './common.ts';

/**
 * 合作伙伴 (issue 15; docs/DECISIONS.md "Partners"): a company-level record. The 统一社会信用代码 is
 * unique (the index decides a race two concurrent adds would otherwise both win). Contacts are a
 * small JSON list of the record (they change with it, in its version and log); `contact_phones`
 * repeats their numbers for the keyword search. The payee account number is stored in full and
 * leaves the server masked, except through view_account (logged). Agents (agents.partner_id) and
 * teams (users.partner_id) point at their partner record.
 */
export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    short_name: varchar('short_name', { length: 32 }),
    /** PartnerKind: financier | installer | supplier | insurer | other */
    kind: varchar('kind', { length: 16 }).notNull(),
    credit_code: varchar('credit_code', { length: 18 }).notNull(),
    legal_person: varchar('legal_person', { length: 32 }),
    province_code: varchar('province_code', { length: 6 }),
    city_code: varchar('city_code', { length: 6 }),
    address: varchar('address', { length: 200 }),
    /** the user told of expiring certificates; null = the creator */
    owner_id: integer('owner_id'),
    contacts: jsonb('contacts').$type<PartnerContact[]>().notNull().default(sql`'[]'::jsonb`),
    contact_phones: varchar('contact_phones', { length: 600 }).notNull().default(''),
    /** PartnerAccountType: corporate | personal */
    account_type: varchar('account_type', { length: 12 }).notNull().default('corporate'),
    account_holder: varchar('account_holder', { length: 100 }),
    bank_name: varchar('bank_name', { length: 100 }),
    bank_branch: varchar('bank_branch', { length: 100 }),
    account_no: varchar('account_no', { length: 32 }),
    /** the contract documents (files with owner_type partner_doc), in the order given */
    document_ids: jsonb('document_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    /** PartnerStatus: enabled | disabled */
    status: varchar('status', { length: 12 }).notNull().default('enabled'),
    remark: varchar('remark', { length: 500 }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    uniqueIndex('partners_credit_code_key').on(t.credit_code),
    index('partners_created_idx').on(t.created_at, t.id),
    index('partners_kind_created_idx').on(t.kind, t.created_at, t.id),
  ],
);

/**
 * 资质证书 of a partner. `reminded_at` is the sent-marker of the expiry reminder (set by the one
 * scheduler run that claims the row; cleared when the expiry date moves); `expired_at` when the job
 * found it past its last day.
 */
export const partnerCertificates = pgTable(
  'partner_certificates',
  {
    id: serial('id').primaryKey(),
    partner_id: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    cert_type: varchar('cert_type', { length: 50 }),
    cert_no: varchar('cert_no', { length: 64 }),
    issued_on: date('issued_on', { mode: 'string' }),
    expires_on: date('expires_on', { mode: 'string' }).notNull(),
    /** the scanned certificate (a file with owner_type partner_cert) */
    file_id: integer('file_id'),
    reminded_at: tstz('reminded_at'),
    expired: boolean('expired').notNull().default(false),
    ...versioned(),
  },
  (t) => [
    index('partner_certificates_partner_idx').on(t.partner_id),
    // the expiry job's two scans: not yet reminded, not yet marked expired
    index('partner_certificates_remind_idx').on(t.expires_on).where(sql`${t.reminded_at} is null`),
    index('partner_certificates_expire_idx').on(t.expires_on).where(sql`not ${t.expired}`),
    check('partner_certificates_dates', sql`${t.issued_on} is null or ${t.issued_on} <= ${t.expires_on}`),
  ],
);
