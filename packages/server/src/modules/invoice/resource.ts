import { InvoiceDirection, InvoiceKind, InvoiceMatchState, InvoiceStatus, Money } from '@pv/contract';
import { type SQL, sql } from 'drizzle-orm';
import { invoiceCounts, invoices } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { defineResource, filterValue, range, sortBy } from '../../resources/define.ts';
import type { AuthContext } from '../auth/context.ts';
import { plainRow } from '../present.ts';

type Row = Record<string, unknown>;

/**
 * Who sees which invoices (docs/DECISIONS.md "Invoices"): finance records of the company — the `all`
 * and `department` scopes see every one. An agent's user sees those whose counterpart is the
 * partner its own agent is linked to (what that agent invoiced us, or we it); a `self`-scope user
 * the ones it entered.
 */
export function invoiceScope(auth: AuthContext): SQL | undefined {
  switch (auth.scope) {
    case 'all':
    case 'department':
      return undefined;
    case 'agent':
      return auth.agentId === null ? sql`false` : sql`${invoices.partner_id} in (select a.partner_id from agents a where a.id = ${auth.agentId} and a.partner_id is not null)`;
    case 'self':
      return sql`${invoices.created_by} = ${auth.userId}`;
  }
}

const I = '"invoices"';
const extra = {
  partner_name: sql<string | null>`(select p.name from partners p where p.id = ${sql.raw(I)}."partner_id")`,
  original_no: sql<string | null>`(select o.invoice_no from invoices o where o.id = ${sql.raw(I)}."original_id")`,
};

export function presentInvoice(row: Row): Row {
  const out = plainRow(row);
  if (row.total !== undefined) {
    out.net_total = new Money(String(row.total)).minus(String(row.credited_amount ?? '0')).toFixed(2);
  }
  return out;
}

/** /api/system/invoice/*: index/get_info/del (drafts); add, edit and the named actions are in service.ts. */
export const invoiceResource = defineResource({
  name: 'invoice',
  permission: 'invoice',
  table: invoices,
  ops: ['index', 'get_info', 'del'],
  sorts: {
    id: invoices.id,
    issue_date: invoices.issue_date,
    invoice_no: invoices.invoice_no,
    total: invoices.total,
    status: invoices.status,
    created_at: invoices.created_at,
    updated_at: invoices.updated_at,
    partner_name: sortBy(extra.partner_name),
  },
  defaultSort: { field: 'issue_date', order: 'DESC' },
  filters: {
    id: { column: invoices.id, op: 'eq', schema: filterValue.id, multi: true },
    direction: { column: invoices.direction, op: 'eq', schema: filterValue.enumOf(InvoiceDirection.values) },
    kind: { column: invoices.kind, op: 'eq', schema: filterValue.enumOf(InvoiceKind.values), multi: true },
    status: { column: invoices.status, op: 'eq', schema: filterValue.enumOf(InvoiceStatus.values), multi: true },
    match_state: { column: invoices.match_state, op: 'eq', schema: filterValue.enumOf(InvoiceMatchState.values), multi: true },
    partner_id: { column: invoices.partner_id, op: 'eq', schema: filterValue.id, multi: true },
    original_id: { column: invoices.original_id, op: 'eq', schema: filterValue.id },
    is_red: { column: invoices.is_red, op: 'eq', schema: filterValue.bool },
    issue_date_gte: { column: invoices.issue_date, op: 'gte', schema: filterValue.day },
    issue_date_lte: { column: invoices.issue_date, op: 'lte', schema: filterValue.day },
    ...range('created_at', invoices.created_at, filterValue.date),
  },
  // number and code through their prefix and suffix b-trees (keywordMatch: starts or ends with)
  search: [invoices.invoice_no, invoices.invoice_code],
  // totals of lists filtered by these only come from invoice_counts (the `all` and `department` scopes see every invoice)
  counters: [
    {
      table: invoiceCounts,
      n: invoiceCounts.n,
      columns: { direction: invoiceCounts.direction, kind: invoiceCounts.kind, status: invoiceCounts.status, match_state: invoiceCounts.match_state, is_red: invoiceCounts.is_red },
      scope: (auth) => (auth.scope === 'all' || auth.scope === 'department' ? undefined : null),
    },
  ],
  quickFields: {},
  scope: invoiceScope,
  extraColumns: extra,
  present: (row) => presentInvoice(row),
  /** only a draft is deleted (its lines go with it); a registered invoice is voided */
  async beforeDelete(rows) {
    for (const r of rows) {
      if (r.status !== 'draft') {
        throw new ApiError(400, 'error.invoice_not_draft', { no: r.invoice_no, state: r.status }, (lang) => t('error.invoice_not_draft', lang, { no: String(r.invoice_no), state: InvoiceStatus.label(String(r.status), lang) }));
      }
    }
  },
});
