import {
  AgentLevel,
  type Lang,
  SettlementActionLabel,
  SettlementParty,
  SettlementRuleKind,
  SettlementStatus,
  isMonth,
  settlementRuleCreateSchema,
  settlementRuleEditSchema,
} from '@pv/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { settlementRules, settlements } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { t as translateKey } from '../../http/messages.ts';
import { illegalTransition } from '../../lifecycle/engine.ts';
import { defineResource, filterValue, range, sortBy } from '../../resources/define.ts';
import type { AuthContext } from '../auth/context.ts';
import { plainRow } from '../present.ts';
import { agentTree, ownershipScope } from '../scope.ts';

type Row = Record<string, unknown>;

export const illegalSettlementAction = (state: string, action: string) => illegalTransition(state, action, SettlementStatus, SettlementActionLabel);

/**
 * Whose settlements a caller sees: all → every one; agent → its agent tree's agent settlements
 * (agentTree: the agent and its second-level children); self → a team user's own; department →
 * those its department's users made (generated ones have no maker, so none).
 */
export function settlementScope(auth: AuthContext): SQL | undefined {
  if (auth.scope === 'agent') return auth.agentId === null ? sql`false` : sql`(${settlements.party_kind} = 'agent' and ${settlements.agent_id} in ${agentTree(auth.agentId)})`;
  if (auth.scope === 'self') return sql`(${settlements.party_kind} = 'team' and ${settlements.party_id} = ${auth.userId})`;
  return ownershipScope(auth, { agent: settlements.agent_id, createdBy: settlements.created_by });
}

const S = '"settlements"';
const extra = {
  party_name: sql<string | null>`(case when ${sql.raw(S)}."party_kind" = 'agent' then (select a.name from agents a where a.id = ${sql.raw(S)}."party_id")
    else (select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = ${sql.raw(S)}."party_id") end)`,
  confirmed_by_name: sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = ${sql.raw(S)}."confirmed_by")`,
  disputed_lines: sql<number>`(select count(*)::int from settlement_lines l where l.settlement_id = ${sql.raw(S)}."id" and l.status = 'disputed')`,
  batch_no: sql<string | null>`(select p.batch_no from payment_batches p where p.id = ${sql.raw(S)}."batch_id")`,
  payment_state: sql<string | null>`(case when ${sql.raw(S)}."status" = 'paid' then 'paid' when ${sql.raw(S)}."status" <> 'confirmed' then null
    when ${sql.raw(S)}."batch_id" is not null then 'in_batch' when ${sql.raw(S)}."fail_reason" is not null then 'failed' else 'unpaid' end)`,
};
const monthFilter = z.string().max(7).refine(isMonth, { error: 'validation.settlement_month' });

/** /api/system/settlement/*: index/get_info only; a settlement changes through its named actions (actions.ts). */
export const settlementResource = defineResource({
  name: 'settlement',
  permission: 'settlement',
  table: settlements,
  ops: ['index', 'get_info'],
  sorts: {
    id: settlements.id,
    settlement_no: settlements.settlement_no,
    month: settlements.month,
    status: settlements.status,
    total_amount: settlements.total_amount,
    created_at: settlements.created_at,
    updated_at: settlements.updated_at,
    party_name: sortBy(extra.party_name),
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: settlements.id, op: 'eq', schema: filterValue.id, multi: true },
    status: { column: settlements.status, op: 'eq', schema: filterValue.enumOf(SettlementStatus.values), multi: true },
    party_kind: { column: settlements.party_kind, op: 'eq', schema: filterValue.enumOf(SettlementParty.values) },
    party_id: { column: settlements.party_id, op: 'eq', schema: filterValue.id, multi: true },
    agent_id: { column: settlements.agent_id, op: 'eq', schema: filterValue.id, multi: true },
    month: { column: settlements.month, op: 'eq', schema: monthFilter, multi: true },
    month_gte: { column: settlements.month, op: 'gte', schema: monthFilter },
    month_lte: { column: settlements.month, op: 'lte', schema: monthFilter },
    ...range('created_at', settlements.created_at, filterValue.date),
  },
  search: [settlements.settlement_no],
  quickFields: {},
  scope: settlementScope,
  extraColumns: extra,
  present: (row) => plainRow(row),
});

// ---------------------------------------------------------------- rules

const ruleError = (key: string, r: Row, extra: Record<string, unknown> = {}) =>
  new ApiError(400, key, { ...extra, kind: r.kind, level: r.agent_level, from: r.effective_from, until: r.effective_until ?? null }, (lang: Lang) =>
    translateKey(key, lang, {
      ...extra,
      kind: SettlementRuleKind.label(String(r.kind), lang),
      level: AgentLevel.label(String(r.agent_level ?? 0), lang),
      from: String(r.effective_from),
      until: r.effective_until ? String(r.effective_until) : lang === 'zh' ? '至今' : 'open end',
    }),
  );

/** Names the rule a new or changed one would overlap; the exclusion constraint still decides under concurrency. */
async function refuseOverlap(tx: Queryable, v: Row, self: number | null) {
  const [hit] = await query<Row>(
    tx,
    sql`select kind, agent_level, effective_from::text as effective_from, effective_until::text as effective_until from settlement_rules
        where kind = ${v.kind as string} and agent_level = ${Number(v.agent_level ?? 0)}::smallint and ${self === null ? sql`true` : sql`id <> ${self}`}
          and daterange(effective_from, effective_until, '[]') && daterange(${v.effective_from as string}::date, ${(v.effective_until as string | null | undefined) ?? null}::date, '[]')
        order by effective_from limit 1`,
  );
  if (hit) throw ruleError('error.settlement_rule_overlap', hit);
}

const usedBy = async (tx: Queryable, id: number) => Number((await query<{ n: number }>(tx, sql`select count(*)::int as n from settlement_lines where rule_id = ${id}`))[0]?.n ?? 0);

/**
 * /api/system/settlement_rule/*: effective-dated rates. A rule that priced lines keeps its kind,
 * level, rate and start (a new rate is a new version starting after it ends) — lines name the rule
 * id and version they used, so a settlement stays explainable. Overlaps are refused.
 */
export const settlementRuleResource = defineResource({
  name: 'settlement_rule',
  permission: 'settlement_rule',
  table: settlementRules,
  ops: ['index', 'get_info', 'add', 'edit', 'del'],
  createSchema: settlementRuleCreateSchema,
  editSchema: settlementRuleEditSchema,
  sorts: { id: settlementRules.id, kind: settlementRules.kind, effective_from: settlementRules.effective_from, rate: settlementRules.rate, updated_at: settlementRules.updated_at },
  defaultSort: { field: 'kind', order: 'ASC' },
  filters: {
    id: { column: settlementRules.id, op: 'eq', schema: filterValue.id, multi: true },
    kind: { column: settlementRules.kind, op: 'eq', schema: filterValue.enumOf(SettlementRuleKind.values), multi: true },
    active_on: {
      column: settlementRules.effective_from,
      op: 'eq',
      schema: filterValue.day,
      where: ([d]) => sql`(${settlementRules.effective_from} <= ${d}::date and (${settlementRules.effective_until} is null or ${settlementRules.effective_until} >= ${d}::date))`,
    },
  },
  search: [],
  quickFields: {},
  scope: () => undefined,
  extraColumns: { used: sql<number>`(select count(*)::int from settlement_lines l where l.rule_id = "settlement_rules"."id")` },
  present: (row) => plainRow(row),
  async prepareCreate(input: Row, ctx) {
    await refuseOverlap(ctx.tx, input, null);
    return { ...input, created_by: ctx.auth.userId };
  },
  async prepareEdit(input: Row, before: Row, ctx) {
    const n = await usedBy(ctx.tx, before.id as number);
    if (n > 0) {
      const changed = ['kind', 'agent_level', 'rate', 'effective_from'].filter((k) => k in input && String(input[k] ?? '') !== String(before[k] ?? ''));
      if (changed.length) throw ruleError('error.settlement_rule_in_use_edit', before, { n });
    }
    const merged = { ...before, ...input };
    const level = Number(merged.agent_level ?? 0);
    if (merged.kind === 'commission' ? level !== 1 && level !== 2 : level !== 0) throw new ApiError(400, 'validation.settlement_rule_level');
    if (merged.effective_until && String(merged.effective_until) < String(merged.effective_from)) throw new ApiError(400, 'validation.settlement_rule_range');
    await refuseOverlap(ctx.tx, merged, before.id as number);
    return input;
  },
  async beforeDelete(rows: Row[], ctx) {
    for (const r of rows) {
      const n = await usedBy(ctx.tx, r.id as number);
      if (n > 0) throw ruleError('error.settlement_rule_in_use', r, { n });
    }
  },
});
