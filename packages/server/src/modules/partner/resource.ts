import { CERT_REMIND_DAYS, type Lang, PartnerKind, PartnerStatus, addDays, certificateState, maskMiddle, type PartnerCertificate } from '@pv/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { query } from '../../db/client.ts';
import { partners } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { defineResource, filterValue, range, sortBy } from '../../resources/define.ts';
import type { AuthContext } from '../auth/context.ts';
import { chinaDate } from '../inspection/generate.ts';
import { plainRow } from '../present.ts';

type Row = Record<string, unknown>;

const mask = (v: unknown) => (typeof v === 'string' && v ? maskMiddle(v) : (v ?? null));
/** A partner row (or a logged snapshot) with its account number masked: replies, history, exports. */
export const maskAccount = (row: Row): Row => ('account_no' in row ? { ...row, account_no: mask(row.account_no) } : row);

/**
 * Who sees which partners (docs/DECISIONS.md "Partners"). Partners are company-level records, not
 * an agent's or a department's: the `all` and `department` scopes see every one. An agent's user
 * sees only the partner record its own agent is linked to (agents.partner_id); a `self`-scope user
 * (a team) the ones it created or owns, and its own team's record (users.partner_id).
 */
export function partnerScope(auth: AuthContext): SQL | undefined {
  switch (auth.scope) {
    case 'all':
    case 'department':
      return undefined;
    case 'agent':
      return auth.agentId === null ? sql`false` : sql`${partners.id} in (select a.partner_id from agents a where a.id = ${auth.agentId} and a.partner_id is not null)`;
    case 'self':
      return sql`(${partners.created_by} = ${auth.userId} or ${partners.owner_id} = ${auth.userId} or ${partners.id} in (select u.partner_id from users u where u.id = ${auth.userId} and u.partner_id is not null))`;
  }
}

const P = '"partners"';
const extra = {
  owner_name: sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = coalesce(${sql.raw(P)}."owner_id", ${sql.raw(P)}."created_by"))`,
  certificates: sql<unknown>`(select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'cert_type', c.cert_type, 'cert_no', c.cert_no, 'issued_on', c.issued_on::text, 'expires_on', c.expires_on::text, 'file_id', c.file_id, 'reminded_at', c.reminded_at) order by c.expires_on, c.id), '[]'::json) from partner_certificates c where c.partner_id = ${sql.raw(P)}."id")`,
  next_expiry: sql<string | null>`(select min(c.expires_on)::text from partner_certificates c where c.partner_id = ${sql.raw(P)}."id")`,
  agent_count: sql<number>`(select count(*)::int from agents a where a.partner_id = ${sql.raw(P)}."id")`,
  team_count: sql<number>`(select count(*)::int from users u where u.partner_id = ${sql.raw(P)}."id")`,
};

/** Partners with a certificate that expires within CERT_REMIND_DAYS (from today, China time) — or, with false, none. */
const expiringWithin = (today: string) =>
  sql`exists (select 1 from partner_certificates c where c.partner_id = ${partners.id} and c.expires_on >= ${today}::date and c.expires_on <= ${addDays(today, CERT_REMIND_DAYS)}::date)`;
const expiredBy = (today: string) => sql`exists (select 1 from partner_certificates c where c.partner_id = ${partners.id} and c.expires_on < ${today}::date)`;

function presentPartner(row: Row, _lang: Lang): Row {
  const out = plainRow(maskAccount(row));
  const today = chinaDate(new Date());
  if (Array.isArray(row.certificates)) {
    out.certificates = (row.certificates as Omit<PartnerCertificate, 'state'>[]).map((c) => ({
      ...c,
      reminded_at: c.reminded_at ? new Date(c.reminded_at).toISOString() : null,
      state: certificateState(c.expires_on, today),
    }));
  }
  const contacts = Array.isArray(row.contacts) ? (row.contacts as { name: string; phone: string; primary?: boolean }[]) : [];
  const primary = contacts.find((c) => c.primary) ?? contacts[0];
  out.primary_contact = primary?.name ?? null;
  out.primary_phone = primary?.phone ?? null;
  delete out.contact_phones;
  return out;
}

/** /api/system/partner/*: index/get_info/del; add, edit, enable/disable, link and view_account are in service.ts. */
export const partnerResource = defineResource({
  name: 'partner',
  permission: 'partner',
  table: partners,
  ops: ['index', 'get_info', 'del'],
  sorts: {
    id: partners.id,
    name: partners.name,
    kind: partners.kind,
    credit_code: partners.credit_code,
    status: partners.status,
    created_at: partners.created_at,
    updated_at: partners.updated_at,
    next_expiry: sortBy(extra.next_expiry),
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: partners.id, op: 'eq', schema: filterValue.id, multi: true },
    kind: { column: partners.kind, op: 'eq', schema: filterValue.enumOf(PartnerKind.values), multi: true },
    status: { column: partners.status, op: 'eq', schema: filterValue.enumOf(PartnerStatus.values) },
    province_code: { column: partners.province_code, op: 'eq', schema: z.string().max(6), multi: true },
    city_code: { column: partners.city_code, op: 'eq', schema: z.string().max(6), multi: true },
    owner_id: { column: partners.owner_id, op: 'eq', schema: filterValue.id },
    cert_expiring: {
      column: partners.id,
      op: 'eq',
      schema: filterValue.bool,
      where: ([v]) => (v ? expiringWithin(chinaDate(new Date())) : sql`not ${expiringWithin(chinaDate(new Date()))}`),
    },
    cert_expired: {
      column: partners.id,
      op: 'eq',
      schema: filterValue.bool,
      where: ([v]) => (v ? expiredBy(chinaDate(new Date())) : sql`not ${expiredBy(chinaDate(new Date()))}`),
    },
    ...range('created_at', partners.created_at, filterValue.date),
  },
  // a company-level table of hundreds of rows: searched without a dedicated index
  search: [partners.name, partners.short_name, partners.credit_code, partners.contact_phones],
  quickFields: {},
  scope: partnerScope,
  extraColumns: extra,
  present: presentPartner,
  logRow: maskAccount,
  /** a partner still linked to agents or teams is kept (unlink first); its certificates go with it */
  async beforeDelete(rows, { tx }) {
    for (const r of rows) {
      const [n] = await query<{ n: number }>(tx, sql`select (select count(*) from agents where partner_id = ${r.id as number}) + (select count(*) from users where partner_id = ${r.id as number}) as n`);
      if (Number(n?.n ?? 0) > 0) throw new ApiError(400, 'error.partner_linked', { name: r.name, n: Number(n!.n) });
    }
  },
});
