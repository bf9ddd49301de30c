import { StatementActionLabel, StatementKind, StatementStatus, statementCreateSchema } from '@pv/contract';
import { type SQL, sql } from 'drizzle-orm';
import { query } from '../../db/client.ts';
import { financierRates, partners, statements } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { illegalTransition, recordTransition } from '../../lifecycle/engine.ts';
import { defineResource, filterValue, range, sortBy } from '../../resources/define.ts';
import { registerRecordType } from '../../resources/refs.ts';
import type { AuthContext } from '../auth/context.ts';
import { plainRow } from '../present.ts';
import { buildOurSide, refreshTotals, statementNo } from './build.ts';

type Row = Record<string, unknown>;

export const illegalStatementAction = (state: string, action: string) => illegalTransition(state, action, StatementStatus, StatementActionLabel);

/**
 * Statements are company-level records (like partners): the all and department scopes see every
 * one; an agent's users none; a self-scope user those it made.
 */
export function statementScope(auth: AuthContext): SQL | undefined {
  if (auth.scope === 'agent') return sql`false`;
  if (auth.scope === 'self') return sql`${statements.created_by} = ${auth.userId}`;
  return undefined;
}

/** A financier's rates are the statements' data: the same scope (an agent's users see none). */
registerRecordType('financier_rate', {
  table: financierRates,
  scope: (auth) => (auth.scope === 'agent' ? sql`false` : auth.scope === 'self' ? sql`${financierRates.created_by} = ${auth.userId}` : undefined),
});

const S = '"statements"';
const extra = {
  partner_name: sql<string | null>`(select p.name from partners p where p.id = ${sql.raw(S)}."partner_id")`,
  confirmed_by_name: sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = ${sql.raw(S)}."confirmed_by")`,
};

/**
 * /api/system/statement/*: index, get_info, add (a draft with our side built at once) and del (a
 * draft only); everything else through the named actions (actions.ts).
 */
export const statementResource = defineResource({
  name: 'statement',
  permission: 'statement',
  table: statements,
  ops: ['index', 'get_info', 'add', 'del'],
  createSchema: statementCreateSchema,
  sorts: {
    id: statements.id,
    statement_no: statements.statement_no,
    period_from: statements.period_from,
    status: statements.status,
    our_amount: statements.our_amount,
    their_amount: statements.their_amount,
    diff_count: statements.diff_count,
    created_at: statements.created_at,
    updated_at: statements.updated_at,
    partner_name: sortBy(extra.partner_name),
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: statements.id, op: 'eq', schema: filterValue.id, multi: true },
    partner_id: { column: statements.partner_id, op: 'eq', schema: filterValue.id, multi: true },
    kind: { column: statements.kind, op: 'eq', schema: filterValue.enumOf(StatementKind.values) },
    status: { column: statements.status, op: 'eq', schema: filterValue.enumOf(StatementStatus.values), multi: true },
    has_differences: {
      column: statements.diff_count,
      op: 'eq',
      schema: filterValue.bool,
      where: ([v]) => (v ? sql`${statements.diff_count} > 0` : sql`${statements.diff_count} = 0`),
    },
    // periods that overlap [period_gte, period_lte]
    period_gte: { column: statements.period_to, op: 'gte', schema: filterValue.day },
    period_lte: { column: statements.period_from, op: 'lte', schema: filterValue.day },
    ...range('created_at', statements.created_at, filterValue.date),
  },
  search: [statements.statement_no, extra.partner_name],
  quickFields: {},
  scope: statementScope,
  extraColumns: extra,
  present: (row) => plainRow(row),
  async prepareCreate(input: Row, ctx) {
    const [p] = await ctx.tx.select().from(partners).where(sql`${partners.id} = ${input.partner_id as number}`).for('share');
    if (!p) throw new ApiError(400, 'error.invalid_params', { detail: 'partner_id' });
    if (p.kind !== 'financier' && p.kind !== 'supplier') {
      throw new ApiError(400, 'error.statement_partner_kind', { partner: p.name, kind: p.kind }, (lang) =>
        t('error.statement_partner_kind', lang, { partner: p.name, kind: lang === 'zh' ? kindZh(p.kind) : p.kind }),
      );
    }
    if (p.status !== 'enabled') throw new ApiError(400, 'error.statement_partner_disabled', { partner: p.name });
    const [no] = await query<{ no: string }>(ctx.tx, sql`select ${statementNo()} as no`);
    return { ...input, kind: p.kind, statement_no: no!.no, created_by: ctx.auth.userId };
  },
  async afterCreate(created: Row, _input, ctx) {
    await buildOurSide(ctx.tx, created as never);
    await refreshTotals(ctx.tx, created.id as number);
    await recordTransition(ctx.tx, { userId: ctx.auth.userId, username: ctx.auth.username, ip: null }, {
      entity: 'statement',
      entityId: created.id as number,
      action: 'add',
      from: null,
      to: 'draft',
      data: { partner_id: created.partner_id, period_from: created.period_from, period_to: created.period_to },
    });
  },
  async beforeDelete(rows: Row[]) {
    for (const r of rows) if (r.status !== 'draft') throw illegalStatementAction(r.status as string, 'del');
  },
});

const kindZh = (k: string) => ({ installer: '施工队', insurer: '保险公司', other: '其他' })[k] ?? k;
