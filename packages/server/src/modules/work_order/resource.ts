import { OPEN_WORK_ORDER_STATES, WorkOrderKind, WorkOrderStatus, workOrderEditSchema, type WorkOrderKindValue } from '@pv/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { workOrderCounts, workOrderCountsRegion, workOrders } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { recordTransition } from '../../lifecycle/engine.ts';
import { NUMBER_PREFIX, nextNumber } from '../../lifecycle/numbers.ts';
import { defineResource, range, filterValue, sortBy } from '../../resources/define.ts';
import { plainRow } from '../present.ts';
import { agentRegionCounters, ownershipScope } from '../scope.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { illegalOrderAction } from './labels.ts';


type Row = Record<string, unknown>;

const extraColumns = {
  station_code: sql<string | null>`(select s.code from stations s where s.id = "work_orders"."station_id")`,
  station_name: sql<string | null>`(select s.name from stations s where s.id = "work_orders"."station_id")`,
  station_status: sql<string | null>`(select s.status from stations s where s.id = "work_orders"."station_id")`,
  station_frozen: sql<boolean | null>`(select s.frozen from stations s where s.id = "work_orders"."station_id")`,
  capacity_kwp: sql<number | null>`(select s.capacity_kwp::float8 from stations s where s.id = "work_orders"."station_id")`,
  customer_id: sql<number | null>`(select s.customer_id from stations s where s.id = "work_orders"."station_id")`,
  customer_name: sql<string | null>`(select c.name from stations s join customers c on c.id = s.customer_id where s.id = "work_orders"."station_id")`,
  team_name: sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = "work_orders"."team_id")`,
  agent_name: sql<string | null>`(select a.name from agents a where a.id = "work_orders"."agent_id")`,
  last_audit_id: sql<number | null>`(select max(a.id) from self_audits a where a.work_order_id = "work_orders"."id")`,
};

/** A deadline as given: a date alone (the console's date picker) is the end of that day, China time; never in the past. */
export function deadlineOf(text: string): Date {
  const deadline = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T23:59:59+08:00`) : new Date(text);
  if (deadline.getTime() <= Date.now()) throw new ApiError(400, 'error.deadline_past');
  return deadline;
}

/** The station fields a new order copies (region and agent, so the lists filter on work_orders alone). */
export interface OrderStation {
  id: number;
  code: string;
  agent_id: number | null;
  province_code: string;
  city_code: string | null;
  district_code: string | null;
}

/**
 * Opens a work order of `kind` for a station in 待派单, in the caller's transaction: refused while
 * the station has an open order of that kind; numbered SG… / BW…; logged and put on the timeline.
 */
export async function openWorkOrder(tx: Queryable, station: OrderStation, kind: WorkOrderKindValue, actor: Actor, createdBy: number): Promise<Row> {
  const [open] = await tx
    .select({ order_no: workOrders.order_no })
    .from(workOrders)
    .where(and(eq(workOrders.station_id, station.id), eq(workOrders.kind, kind), inArray(workOrders.status, [...OPEN_WORK_ORDER_STATES])));
  if (open) {
    const params = { code: station.code, order_no: open.order_no };
    throw new ApiError(400, 'error.station_open_order', { ...params, kind }, (lang) => t('error.station_open_order', lang, { ...params, kind: WorkOrderKind.label(kind, lang) }));
  }
  const [row] = (await tx
    .insert(workOrders)
    .values({
      order_no: await nextNumber(tx, NUMBER_PREFIX[kind]),
      kind,
      station_id: station.id,
      agent_id: station.agent_id,
      province_code: station.province_code,
      city_code: station.city_code,
      district_code: station.district_code,
      status: 'pending_dispatch',
      created_by: createdBy,
    })
    .returning()) as Row[];
  await writeLog(tx, actor, { action: 'add', resource: 'work_order', recordId: row!.id as number, after: row });
  await recordTransition(tx, actor, { entity: 'work_order', entityId: row!.id as number, action: 'add', from: null, to: 'pending_dispatch', data: { station_code: station.code } });
  return row!;
}

/** /api/system/work_order/*: index/get_info/edit; add and the lifecycle actions are in actions.ts. */
export const workOrderResource = defineResource({
  name: 'work_order',
  permission: 'work_order',
  table: workOrders,
  ops: ['index', 'get_info', 'edit'],
  editSchema: workOrderEditSchema,
  sorts: {
    id: workOrders.id,
    order_no: workOrders.order_no,
    status: workOrders.status,
    created_at: workOrders.created_at,
    updated_at: workOrders.updated_at,
    deadline: workOrders.deadline,
    planned_date: workOrders.planned_date,
    dispatched_at: workOrders.dispatched_at,
    finished_at: workOrders.finished_at,
    province_code: workOrders.province_code,
    // the list's joined columns (no index: sorted per request; the default stays created_at)
    station_code: sortBy(extraColumns.station_code),
    customer_name: sortBy(extraColumns.customer_name),
    capacity_kwp: sortBy(extraColumns.capacity_kwp, 'float8'),
    team_name: sortBy(extraColumns.team_name),
    agent_name: sortBy(extraColumns.agent_name),
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: workOrders.id, op: 'eq', schema: filterValue.id, multi: true },
    kind: { column: workOrders.kind, op: 'eq', schema: filterValue.enumOf(WorkOrderKind.values) },
    status: { column: workOrders.status, op: 'eq', schema: filterValue.enumOf(WorkOrderStatus.values), multi: true },
    station_id: { column: workOrders.station_id, op: 'eq', schema: filterValue.id, multi: true },
    agent_id: { column: workOrders.agent_id, op: 'eq', schema: filterValue.id, multi: true },
    team_id: { column: workOrders.team_id, op: 'eq', schema: filterValue.id, multi: true },
    province_code: { column: workOrders.province_code, op: 'eq', schema: z.string().max(6), multi: true },
    city_code: { column: workOrders.city_code, op: 'eq', schema: z.string().max(6), multi: true },
    district_code: { column: workOrders.district_code, op: 'eq', schema: z.string().max(12), multi: true },
    overdue: { column: workOrders.overdue, op: 'eq', schema: filterValue.bool },
    ...range('deadline', workOrders.deadline, filterValue.date),
    ...range('created_at', workOrders.created_at, filterValue.date),
    ...range('dispatched_at', workOrders.dispatched_at, filterValue.date),
  },
  search: [workOrders.order_no],
  counters: agentRegionCounters(
    {
      table: workOrderCountsRegion,
      n: workOrderCountsRegion.n,
      columns: { kind: workOrderCountsRegion.kind, status: workOrderCountsRegion.status, province_code: workOrderCountsRegion.province_code, overdue: workOrderCountsRegion.overdue },
    },
    {
      table: workOrderCounts,
      n: workOrderCounts.n,
      columns: { kind: workOrderCounts.kind, status: workOrderCounts.status, province_code: workOrderCounts.province_code, overdue: workOrderCounts.overdue },
      agent: workOrderCounts.agent_id,
    },
  ),
  quickFields: {},
  // agent tree / department / self = created it or is its team
  scope: (auth) => ownershipScope(auth, { agent: workOrders.agent_id, createdBy: workOrders.created_by, owner: workOrders.team_id }),
  extraColumns,
  present: (row) => plainRow(row),
  async prepareEdit(input: Row, before: Row) {
    if (!(OPEN_WORK_ORDER_STATES as readonly string[]).includes(before.status as string)) throw illegalOrderAction(before.status as string, 'edit');
    const out: Row = { ...input };
    if (typeof input.deadline === 'string') out.deadline = deadlineOf(input.deadline);
    if (input.deadline !== undefined) out.overdue = false;
    return out;
  },
});

export type WorkOrderResource = typeof workOrderResource;
