import {
  InspectionStatus,
  OperationPlanKind,
  OperationPlanStatus,
  cronProblem,
  operationPlanCreateSchema,
  operationPlanEditSchema,
  type PlanScope,
} from '@pv/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { inspectionCounts, inspectionCountsCity, inspectionCountsRegion, inspections, operationPlans, users } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { NUMBER_PREFIX, nextNumber } from '../../lifecycle/numbers.ts';
import { defineResource, filterValue, range, sortBy } from '../../resources/define.ts';
import type { AuthContext } from '../auth/context.ts';
import { plainRow } from '../present.ts';
import { agentRegionCounters, ownershipScope } from '../scope.ts';

type Row = Record<string, unknown>;

const teamName = (column: string) => sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = ${sql.raw(column)})`;

/** Every team member a plan names must be an enabled user. */
async function checkTeams(tx: Queryable, input: Row) {
  const ids = new Set<number>();
  if (typeof input.default_team_id === 'number') ids.add(input.default_team_id);
  for (const r of (input.assignment as { team_id: number }[] | undefined) ?? []) ids.add(r.team_id);
  if (ids.size === 0) return;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.status, 'enabled')));
  const missing = [...ids].filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw new ApiError(400, 'error.team_invalid', { id: missing.join(', ') });
}

function checkRecurrence(input: Row) {
  if (typeof input.cron === 'string' && input.cron) {
    const problem = cronProblem(input.cron);
    if (problem) throw new ApiError(400, 'error.plan_cron', { cron: input.cron });
  }
  if (typeof input.end_date === 'string' && typeof input.start_date === 'string' && input.end_date < input.start_date) throw new ApiError(400, 'error.plan_end_before_start');
}

/** An agent's user makes plans for its own agent; the operator's staff make the operator's (agent null). */
const planAgent = (auth: AuthContext) => (auth.scope === 'agent' ? auth.agentId : null);

/** /api/system/operation_plan/*: index/get_info/add/edit/del (del in draft only); enable, disable, preview, run in actions.ts. */
export const operationPlanResource = defineResource({
  name: 'operation_plan',
  permission: 'operation_plan',
  table: operationPlans,
  ops: ['index', 'get_info', 'add', 'edit', 'del'],
  createSchema: operationPlanCreateSchema,
  editSchema: operationPlanEditSchema,
  sorts: {
    id: operationPlans.id,
    plan_no: operationPlans.plan_no,
    name: operationPlans.name,
    kind: operationPlans.kind,
    status: operationPlans.status,
    start_date: operationPlans.start_date,
    next_period_at: operationPlans.next_period_at,
    generated_count: operationPlans.generated_count,
    created_at: operationPlans.created_at,
    updated_at: operationPlans.updated_at,
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: operationPlans.id, op: 'eq', schema: filterValue.id, multi: true },
    kind: { column: operationPlans.kind, op: 'eq', schema: filterValue.enumOf(OperationPlanKind.values), multi: true },
    status: { column: operationPlans.status, op: 'eq', schema: filterValue.enumOf(OperationPlanStatus.values), multi: true },
    agent_id: { column: operationPlans.agent_id, op: 'eq', schema: filterValue.id, multi: true },
    ...range('created_at', operationPlans.created_at, filterValue.date),
  },
  search: [operationPlans.plan_no, operationPlans.name],
  quickFields: {},
  scope: (auth) => ownershipScope(auth, { agent: operationPlans.agent_id, createdBy: operationPlans.created_by }),
  extraColumns: {
    default_team_name: teamName('"operation_plans"."default_team_id"'),
    agent_name: sql<string | null>`(select a.name from agents a where a.id = "operation_plans"."agent_id")`,
    // from the rollup inspection_plan_counts: a plan of two million stations is not counted per list row
    open_inspections: sql<number>`(select coalesce(sum(c.n), 0)::int from inspection_plan_counts c where c.plan_id = "operation_plans"."id" and c.status in ('pending', 'in_progress', 'rejected'))`,
    // names for the ids the plan keeps (team per region, the agents of its station set)
    team_names: sql<Record<string, string> | null>`(select jsonb_object_agg(u.id, coalesce(nullif(u.full_name, ''), u.username)) from users u
      where u.id in (select (r->>'team_id')::int from jsonb_array_elements("operation_plans"."assignment") r))`,
    agent_names: sql<Record<string, string> | null>`(select jsonb_object_agg(a.id, a.name) from agents a
      where a.id in (select x::int from jsonb_array_elements_text(coalesce("operation_plans"."scope"->'agent_ids', '[]'::jsonb)) x))`,
    station_codes: sql<Record<string, string> | null>`(select jsonb_object_agg(s.id, s.code) from stations s
      where s.id in (select x::int from jsonb_array_elements_text(coalesce("operation_plans"."scope"->'station_ids', '[]'::jsonb)) x))`,
  },
  present: (row) => plainRow(row),
  async prepareCreate(input, { auth, tx }) {
    checkRecurrence(input);
    await checkTeams(tx, input);
    return { ...input, plan_no: await nextNumber(tx, NUMBER_PREFIX.plan), status: 'draft', agent_id: planAgent(auth), created_by: auth.userId };
  },
  async prepareEdit(input, before, { tx }) {
    checkRecurrence({ ...before, ...input });
    await checkTeams(tx, input);
    // an enabled plan keeps generating on its recurrence: a changed recurrence restarts from now
    const recurrenceChanged = ['every_months', 'cron', 'start_date', 'end_date'].some((k) => k in input);
    if (recurrenceChanged && before.status === 'enabled') throw new ApiError(400, 'error.plan_enabled_recurrence');
    return input;
  },
  async beforeDelete(rows) {
    for (const r of rows) if (r.status !== 'draft') throw new ApiError(400, 'error.plan_not_draft', { name: r.name });
  },
});

export type PlanScopeInput = PlanScope;

const inspectionExtra = {
  plan_name: sql<string | null>`(select p.name from operation_plans p where p.id = "inspections"."plan_id")`,
  plan_no: sql<string | null>`(select p.plan_no from operation_plans p where p.id = "inspections"."plan_id")`,
  station_code: sql<string | null>`(select s.code from stations s where s.id = "inspections"."station_id")`,
  station_name: sql<string | null>`(select s.name from stations s where s.id = "inspections"."station_id")`,
  station_address: sql<string | null>`(select s.address from stations s where s.id = "inspections"."station_id")`,
  station_frozen: sql<boolean | null>`(select s.frozen from stations s where s.id = "inspections"."station_id")`,
  capacity_kwp: sql<number | null>`(select s.capacity_kwp::float8 from stations s where s.id = "inspections"."station_id")`,
  team_name: teamName('"inspections"."team_id"'),
  agent_name: sql<string | null>`(select a.name from agents a where a.id = "inspections"."agent_id")`,
};

/** /api/system/inspection/*: index/get_info; the lifecycle actions are in actions.ts (no free edit). */
export const inspectionResource = defineResource({
  name: 'inspection',
  permission: 'inspection',
  table: inspections,
  ops: ['index', 'get_info'],
  sorts: {
    id: inspections.id,
    inspection_no: inspections.inspection_no,
    status: inspections.status,
    planned_date: inspections.planned_date,
    deadline: inspections.deadline,
    submitted_at: inspections.submitted_at,
    finished_at: inspections.finished_at,
    created_at: inspections.created_at,
    updated_at: inspections.updated_at,
    province_code: inspections.province_code,
    station_code: sortBy(inspectionExtra.station_code),
    team_name: sortBy(inspectionExtra.team_name),
    agent_name: sortBy(inspectionExtra.agent_name),
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: inspections.id, op: 'eq', schema: filterValue.id, multi: true },
    kind: { column: inspections.kind, op: 'eq', schema: filterValue.enumOf(OperationPlanKind.values) },
    status: { column: inspections.status, op: 'eq', schema: filterValue.enumOf(InspectionStatus.values), multi: true },
    plan_id: { column: inspections.plan_id, op: 'eq', schema: filterValue.id, multi: true },
    station_id: { column: inspections.station_id, op: 'eq', schema: filterValue.id, multi: true },
    agent_id: { column: inspections.agent_id, op: 'eq', schema: filterValue.id, multi: true },
    team_id: { column: inspections.team_id, op: 'eq', schema: filterValue.id, multi: true },
    period: { column: inspections.period, op: 'eq', schema: z.string().max(16) },
    province_code: { column: inspections.province_code, op: 'eq', schema: z.string().max(6), multi: true },
    city_code: { column: inspections.city_code, op: 'eq', schema: z.string().max(6), multi: true },
    district_code: { column: inspections.district_code, op: 'eq', schema: z.string().max(12), multi: true },
    overdue: { column: inspections.overdue, op: 'eq', schema: filterValue.bool },
    ...range('planned_date', inspections.planned_date, filterValue.day),
    ...range('deadline', inspections.deadline, filterValue.date),
    ...range('created_at', inspections.created_at, filterValue.date),
  },
  search: [inspections.inspection_no],
  counters: agentRegionCounters(
    {
      table: inspectionCountsRegion,
      n: inspectionCountsRegion.n,
      columns: { kind: inspectionCountsRegion.kind, status: inspectionCountsRegion.status, province_code: inspectionCountsRegion.province_code, overdue: inspectionCountsRegion.overdue },
    },
    {
      table: inspectionCounts,
      n: inspectionCounts.n,
      columns: { kind: inspectionCounts.kind, status: inspectionCounts.status, province_code: inspectionCounts.province_code, overdue: inspectionCounts.overdue },
      agent: inspectionCounts.agent_id,
    },
  ).concat({
    // tried after the province and agent tables: a city or a team (the `all` scope only)
    table: inspectionCountsCity,
    n: inspectionCountsCity.n,
    columns: {
      kind: inspectionCountsCity.kind,
      status: inspectionCountsCity.status,
      province_code: inspectionCountsCity.province_code,
      city_code: inspectionCountsCity.city_code,
      team_id: inspectionCountsCity.team_id,
      overdue: inspectionCountsCity.overdue,
    },
    scope: (auth) => (auth.scope === 'all' ? undefined : null),
  }),
  quickFields: {},
  // agent tree / department / self = created it or is its team member
  scope: (auth) => ownershipScope(auth, { agent: inspections.agent_id, createdBy: inspections.created_by, owner: inspections.team_id }),
  extraColumns: inspectionExtra,
  present: (row) => plainRow(row),
});
