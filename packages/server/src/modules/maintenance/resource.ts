import {
  DEFAULT_MAINTENANCE_SLA,
  FaultCategory,
  MaintenanceActionLabel,
  MaintenancePriority,
  type MaintenancePriorityValue,
  MaintenanceSource,
  type MaintenanceSourceValue,
  MaintenanceStatus,
  OPEN_MAINTENANCE_STATES,
  type FaultCategoryValue,
  type Lang,
  maintenanceEditSchema,
} from '@pv/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { maintenanceOrders, maintenanceSla, stations } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { illegalTransition, recordTransition, stationFrozen } from '../../lifecycle/engine.ts';
import { nextNumber } from '../../lifecycle/numbers.ts';
import { defineResource, filterValue, range, sortBy } from '../../resources/define.ts';
import { plainRow } from '../present.ts';
import { ownershipScope } from '../scope.ts';
import { type Actor, writeLog } from '../system/syslog.ts';

type Row = Record<string, unknown>;

/** Number prefix of 运维工单: YW + yyyymmdd + sequence. */
export const MAINTENANCE_PREFIX = 'YW';

/** Maintenance actions by name, including the generic edit and add. */
export const maintenanceActionLabels = {
  label(action: string | null | undefined, lang: Lang): string {
    if (action === 'edit') return lang === 'zh' ? '修改' : 'edit';
    if (action === 'add') return lang === 'zh' ? '新建运维工单' : 'open a maintenance order';
    return MaintenanceActionLabel.label(action, lang);
  },
};
export const illegalMaintenanceAction = (state: string, action: string) => illegalTransition(state, action, MaintenanceStatus, maintenanceActionLabels);

const T = '"maintenance_orders"';
const extraColumns = {
  station_code: sql<string | null>`(select s.code from stations s where s.id = ${sql.raw(T)}."station_id")`,
  station_name: sql<string | null>`(select s.name from stations s where s.id = ${sql.raw(T)}."station_id")`,
  station_frozen: sql<boolean | null>`(select s.frozen from stations s where s.id = ${sql.raw(T)}."station_id")`,
  team_name: sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = ${sql.raw(T)}."team_id")`,
  agent_name: sql<string | null>`(select a.name from agents a where a.id = ${sql.raw(T)}."agent_id")`,
};

/** SLA hours per priority: the maintenance_sla rows, the contract's defaults for any missing. */
export async function slaHours(tx: Queryable): Promise<Record<MaintenancePriorityValue, { respond_hours: number; repair_hours: number }>> {
  const rows = await tx.select().from(maintenanceSla);
  const out = structuredClone(DEFAULT_MAINTENANCE_SLA);
  for (const r of rows) if (r.priority in out) out[r.priority as MaintenancePriorityValue] = { respond_hours: r.respond_hours, repair_hours: r.repair_hours };
  return out;
}

export interface OpenMaintenanceInput {
  station: number;
  source: MaintenanceSourceValue;
  source_id?: number | null;
  priority: MaintenancePriorityValue;
  fault_category: FaultCategoryValue;
  fault_code?: string | null;
  description: string;
  /** when the fault was raised (an alarm's time); the SLA clock starts here, default now */
  raised_at?: Date;
}

/**
 * Opens a 运维工单 in 待派单 inside the caller's transaction, free of HTTP (the inspection module
 * calls it with source 'inspection'): the station is locked and must not be frozen; region and
 * agent are copied from it; response_due / repair_due come from the SLA hours of the priority;
 * logged and put on the timeline. The caller is responsible for the data scope.
 */
export async function openMaintenanceOrder(tx: Queryable, input: OpenMaintenanceInput, actor: Actor, userId: number): Promise<Row> {
  const [station] = await tx.select().from(stations).where(eq(stations.id, input.station)).for('update');
  if (!station) throw notFound(input.station);
  if (station.frozen) throw stationFrozen(station.code, 'add', maintenanceActionLabels);
  const sla = (await slaHours(tx))[input.priority];
  const start = input.raised_at ?? new Date();
  const [row] = (await tx
    .insert(maintenanceOrders)
    .values({
      order_no: await nextNumber(tx, MAINTENANCE_PREFIX),
      station_id: station.id,
      agent_id: station.agent_id,
      province_code: station.province_code,
      city_code: station.city_code,
      district_code: station.district_code,
      source: input.source,
      source_id: input.source_id ?? null,
      priority: input.priority,
      fault_category: input.fault_category,
      fault_code: input.fault_code ?? null,
      description: input.description,
      response_due: new Date(start.getTime() + sla.respond_hours * 3600_000),
      repair_due: new Date(start.getTime() + sla.repair_hours * 3600_000),
      status: 'pending_dispatch',
      created_by: userId,
    })
    .returning()) as Row[];
  await writeLog(tx, actor, { action: 'add', resource: 'maintenance', recordId: row!.id as number, after: row });
  await recordTransition(tx, actor, {
    entity: 'maintenance',
    entityId: row!.id as number,
    action: 'add',
    from: null,
    to: 'pending_dispatch',
    data: { station_code: station.code, source: input.source, source_id: input.source_id ?? null },
  });
  return row!;
}

/** /api/system/maintenance/*: index/get_info/edit; add and the lifecycle actions are in actions.ts. */
export const maintenanceResource = defineResource({
  name: 'maintenance',
  permission: 'maintenance',
  table: maintenanceOrders,
  ops: ['index', 'get_info', 'edit'],
  editSchema: maintenanceEditSchema,
  sorts: {
    id: maintenanceOrders.id,
    order_no: maintenanceOrders.order_no,
    status: maintenanceOrders.status,
    priority: maintenanceOrders.priority,
    created_at: maintenanceOrders.created_at,
    updated_at: maintenanceOrders.updated_at,
    deadline: maintenanceOrders.deadline,
    response_due: maintenanceOrders.response_due,
    repair_due: maintenanceOrders.repair_due,
    finished_at: maintenanceOrders.finished_at,
    station_code: sortBy(extraColumns.station_code),
    team_name: sortBy(extraColumns.team_name),
    agent_name: sortBy(extraColumns.agent_name),
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: maintenanceOrders.id, op: 'eq', schema: filterValue.id, multi: true },
    status: { column: maintenanceOrders.status, op: 'eq', schema: filterValue.enumOf(MaintenanceStatus.values), multi: true },
    priority: { column: maintenanceOrders.priority, op: 'eq', schema: filterValue.enumOf(MaintenancePriority.values), multi: true },
    source: { column: maintenanceOrders.source, op: 'eq', schema: filterValue.enumOf(MaintenanceSource.values), multi: true },
    source_id: { column: maintenanceOrders.source_id, op: 'eq', schema: filterValue.id },
    fault_category: { column: maintenanceOrders.fault_category, op: 'eq', schema: filterValue.enumOf(FaultCategory.values), multi: true },
    station_id: { column: maintenanceOrders.station_id, op: 'eq', schema: filterValue.id, multi: true },
    agent_id: { column: maintenanceOrders.agent_id, op: 'eq', schema: filterValue.id, multi: true },
    team_id: { column: maintenanceOrders.team_id, op: 'eq', schema: filterValue.id, multi: true },
    province_code: { column: maintenanceOrders.province_code, op: 'eq', schema: z.string().max(6), multi: true },
    city_code: { column: maintenanceOrders.city_code, op: 'eq', schema: z.string().max(6), multi: true },
    district_code: { column: maintenanceOrders.district_code, op: 'eq', schema: z.string().max(12), multi: true },
    response_breached: { column: maintenanceOrders.response_breached, op: 'eq', schema: filterValue.bool },
    repair_breached: { column: maintenanceOrders.repair_breached, op: 'eq', schema: filterValue.bool },
    ...range('created_at', maintenanceOrders.created_at, filterValue.date),
    ...range('deadline', maintenanceOrders.deadline, filterValue.date),
  },
  search: [maintenanceOrders.order_no],
  quickFields: {},
  // agent tree / department / self = created it or is its team
  scope: (auth) => ownershipScope(auth, { agent: maintenanceOrders.agent_id, createdBy: maintenanceOrders.created_by, owner: maintenanceOrders.team_id }),
  extraColumns,
  present: (row) => plainRow(row),
  async prepareEdit(input: Row, before: Row) {
    if (!(OPEN_MAINTENANCE_STATES as readonly string[]).includes(before.status as string)) throw illegalMaintenanceAction(before.status as string, 'edit');
    return { ...input };
  },
});

export type MaintenanceResource = typeof maintenanceResource;
