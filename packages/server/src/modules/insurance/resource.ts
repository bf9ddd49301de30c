import { ClaimCause, ClaimStatus, InsuranceKind, POLICY_REMIND_DAYS, PolicyActionLabel, PolicyState, PolicyStatus, policyEditSchema, policyState } from '@pv/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { query } from '../../db/client.ts';
import { insuranceClaims, insurancePolicies } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { defineResource, filterValue, range, sortBy } from '../../resources/define.ts';
import type { AuthContext } from '../auth/context.ts';
import { chinaDate } from '../inspection/generate.ts';
import { plainRow } from '../present.ts';
import { agentTree, ownershipScope } from '../scope.ts';

type Row = Record<string, unknown>;
const regionCode = z.string().regex(/^\d{2,12}$/, { error: 'validation.region' });

/** Today on the China calendar, in SQL (the state shown and the expiring filter). */
export const chinaToday = sql`(now() at time zone 'Asia/Shanghai')::date`;

const P = sql.raw('"insurance_policies"');
/** The state shown: an active policy is pending / active / expiring / expired by its dates. */
export const policyStateSql = sql<string>`(case when ${P}."status" <> 'active' then ${P}."status"
  when ${P}."end_date" < ${chinaToday} then 'expired'
  when ${P}."start_date" > ${chinaToday} then 'pending'
  when ${P}."end_date" <= ${chinaToday} + ${POLICY_REMIND_DAYS}::int then 'expiring'
  else 'active' end)`;

/**
 * Whose policies a caller sees: all → every one; agent → those covering a station of its agent tree;
 * department → made by its department's users or owned by the caller; self → made or owned by the caller.
 */
export function policyScope(auth: AuthContext): SQL | undefined {
  if (auth.scope === 'all') return undefined;
  if (auth.scope === 'agent') {
    if (auth.agentId === null) return sql`false`;
    return sql`exists (select 1 from insurance_policy_stations ps join stations s on s.id = ps.station_id where ps.policy_id = ${P}."id" and s.agent_id in ${agentTree(auth.agentId)})`;
  }
  const self = sql`(${insurancePolicies.created_by} = ${auth.userId} or ${insurancePolicies.owner_id} = ${auth.userId})`;
  if (auth.scope === 'department' && auth.departmentId !== null) return sql`(${insurancePolicies.created_by} in (select u.id from users u where u.department_id = ${auth.departmentId}) or ${self})`;
  return self;
}

const coverWhere = (cond: SQL) => sql`exists (select 1 from insurance_policy_stations ps join stations s on s.id = ps.station_id where ps.policy_id = ${P}."id" and ${cond})`;

const policyExtra = {
  insurer_name: sql<string | null>`(select p.name from partners p where p.id = ${P}."insurer_id")`,
  owner_name: sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = coalesce(${P}."owner_id", ${P}."created_by"))`,
  renewed_from_no: sql<string | null>`(select o.policy_no from insurance_policies o where o.id = ${P}."renewed_from")`,
  renewed_to_no: sql<string | null>`(select o.policy_no from insurance_policies o where o.id = ${P}."renewed_to")`,
  state: policyStateSql,
};

/** /api/system/insurance_policy/*: reads and a free edit of number, insurer, owner and remark while in force or not yet started; the rest through named actions (actions.ts). */
export const policyResource = defineResource({
  name: 'insurance_policy',
  permission: 'insurance_policy',
  table: insurancePolicies,
  ops: ['index', 'get_info', 'edit'],
  editSchema: policyEditSchema,
  sorts: {
    id: insurancePolicies.id,
    policy_no: insurancePolicies.policy_no,
    kind: insurancePolicies.kind,
    start_date: insurancePolicies.start_date,
    end_date: insurancePolicies.end_date,
    premium: insurancePolicies.premium,
    station_count: insurancePolicies.station_count,
    sum_insured_total: insurancePolicies.sum_insured_total,
    status: insurancePolicies.status,
    created_at: insurancePolicies.created_at,
    updated_at: insurancePolicies.updated_at,
    insurer_name: sortBy(policyExtra.insurer_name),
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: insurancePolicies.id, op: 'eq', schema: filterValue.id, multi: true },
    kind: { column: insurancePolicies.kind, op: 'eq', schema: filterValue.enumOf(InsuranceKind.values), multi: true },
    insurer_id: { column: insurancePolicies.insurer_id, op: 'eq', schema: filterValue.id, multi: true },
    status: { column: insurancePolicies.status, op: 'eq', schema: filterValue.enumOf(PolicyStatus.values), multi: true },
    state: {
      column: insurancePolicies.status,
      op: 'eq',
      schema: filterValue.enumOf(PolicyState.values),
      multi: true,
      where: (values) => sql`${policyStateSql} in ${values as string[]}`,
    },
    /** 30 天内到期: in force and ending within POLICY_REMIND_DAYS (served by the end-date index) */
    expiring: {
      column: insurancePolicies.end_date,
      op: 'eq',
      schema: filterValue.bool,
      where: ([v]) =>
        v
          ? sql`(${insurancePolicies.status} = 'active' and ${insurancePolicies.end_date} >= ${chinaToday} and ${insurancePolicies.end_date} <= ${chinaToday} + ${POLICY_REMIND_DAYS}::int)`
          : sql`true`,
    },
    station_id: { column: insurancePolicies.id, op: 'eq', schema: filterValue.id, where: ([v]) => coverWhere(sql`ps.station_id = ${v as number}`) },
    province_code: { column: insurancePolicies.id, op: 'eq', schema: regionCode, where: ([v]) => coverWhere(sql`s.province_code = ${String(v)}`) },
    city_code: { column: insurancePolicies.id, op: 'eq', schema: regionCode, where: ([v]) => coverWhere(sql`s.city_code = ${String(v)}`) },
    renewed_from: { column: insurancePolicies.renewed_from, op: 'eq', schema: filterValue.id },
    ...range('start_date', insurancePolicies.start_date, filterValue.day),
    ...range('end_date', insurancePolicies.end_date, filterValue.day),
  },
  search: [insurancePolicies.policy_no],
  quickFields: {},
  scope: policyScope,
  extraColumns: policyExtra,
  present: (row) => plainRow(row),
  async prepareEdit(input: Row, before: Row, ctx) {
    // in force or not yet started only: a surrendered, renewed or expired policy is history
    const state = policyState(before as { status: string; start_date: string; end_date: string }, chinaDate(new Date()));
    if (before.status !== 'active' || state === 'expired')
      throw new ApiError(400, 'error.policy_state', { no: before.policy_no, state, action: 'edit' }, (lang) =>
        t('error.policy_state', lang, { no: String(before.policy_no), state: PolicyState.label(state, lang), action: PolicyActionLabel.label('edit', lang) }),
      );
    if (input.policy_no != null && input.policy_no !== before.policy_no) {
      const [hit] = await query<Row>(ctx.tx, sql`select id from insurance_policies where policy_no = ${input.policy_no as string} and id <> ${before.id as number}`);
      if (hit) throw new ApiError(400, 'error.policy_no_taken', { no: input.policy_no });
    }
    if (input.insurer_id != null && input.insurer_id !== before.insurer_id) {
      const [p] = await query<Row>(ctx.tx, sql`select id from partners where id = ${input.insurer_id as number} and kind = 'insurer' and status = 'enabled'`);
      if (!p) throw new ApiError(400, 'error.policy_insurer', { id: input.insurer_id });
    }
    if (input.owner_id != null) {
      const [u] = await query<Row>(ctx.tx, sql`select id from users where id = ${input.owner_id as number} and status = 'enabled'`);
      if (!u) throw new ApiError(400, 'error.partner_owner_invalid', { id: input.owner_id });
    }
    return input;
  },
});

// ---------------------------------------------------------------- claims

const C = sql.raw('"insurance_claims"');
export const claimScope = (auth: AuthContext) => ownershipScope(auth, { agent: insuranceClaims.agent_id, createdBy: insuranceClaims.created_by });

const claimExtra = {
  policy_no: sql<string | null>`(select p.policy_no from insurance_policies p where p.id = ${C}."policy_id")`,
  kind: sql<string | null>`(select p.kind from insurance_policies p where p.id = ${C}."policy_id")`,
  insurer_name: sql<string | null>`(select pa.name from insurance_policies p join partners pa on pa.id = p.insurer_id where p.id = ${C}."policy_id")`,
  station_code: sql<string | null>`(select s.code from stations s where s.id = ${C}."station_id")`,
  station_name: sql<string | null>`(select s.name from stations s where s.id = ${C}."station_id")`,
  maintenance_no: sql<string | null>`(select m.order_no from maintenance_orders m where m.id = ${C}."maintenance_id")`,
  sum_insured: sql<string | null>`(select ps.sum_insured from insurance_policy_stations ps where ps.policy_id = ${C}."policy_id" and ps.station_id = ${C}."station_id")`,
};
const viaPolicy = (cond: SQL) => sql`exists (select 1 from insurance_policies p where p.id = ${C}."policy_id" and ${cond})`;

/** /api/system/insurance_claim/*: reads; a claim is filed and moves through its named actions (actions.ts). */
export const claimResource = defineResource({
  name: 'insurance_claim',
  permission: 'insurance_claim',
  table: insuranceClaims,
  ops: ['index', 'get_info'],
  sorts: {
    id: insuranceClaims.id,
    claim_no: insuranceClaims.claim_no,
    incident_date: insuranceClaims.incident_date,
    amount_claimed: insuranceClaims.amount_claimed,
    amount_approved: insuranceClaims.amount_approved,
    amount_received: insuranceClaims.amount_received,
    status: insuranceClaims.status,
    created_at: insuranceClaims.created_at,
    updated_at: insuranceClaims.updated_at,
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: insuranceClaims.id, op: 'eq', schema: filterValue.id, multi: true },
    status: { column: insuranceClaims.status, op: 'eq', schema: filterValue.enumOf(ClaimStatus.values), multi: true },
    cause: { column: insuranceClaims.cause, op: 'eq', schema: filterValue.enumOf(ClaimCause.values), multi: true },
    policy_id: { column: insuranceClaims.policy_id, op: 'eq', schema: filterValue.id },
    station_id: { column: insuranceClaims.station_id, op: 'eq', schema: filterValue.id },
    maintenance_id: { column: insuranceClaims.maintenance_id, op: 'eq', schema: filterValue.id },
    agent_id: { column: insuranceClaims.agent_id, op: 'eq', schema: filterValue.id },
    province_code: { column: insuranceClaims.province_code, op: 'eq', schema: regionCode },
    city_code: { column: insuranceClaims.city_code, op: 'eq', schema: regionCode },
    kind: { column: insuranceClaims.policy_id, op: 'eq', schema: filterValue.enumOf(InsuranceKind.values), where: ([v]) => viaPolicy(sql`p.kind = ${v as string}`) },
    insurer_id: { column: insuranceClaims.policy_id, op: 'eq', schema: filterValue.id, where: ([v]) => viaPolicy(sql`p.insurer_id = ${v as number}`) },
    ...range('incident_date', insuranceClaims.incident_date, filterValue.day),
    ...range('created_at', insuranceClaims.created_at, filterValue.date),
  },
  search: [insuranceClaims.claim_no],
  quickFields: {},
  scope: claimScope,
  extraColumns: claimExtra,
  present: (row) => plainRow(row),
});

