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
  type ChecklistItem,
  type InspectionResult,
  guessFaultCategory,
  maintenanceEditSchema,
  resultFailed,
} from '@pv/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { maintenanceCounts, maintenanceCountsRegion, maintenanceOrders, maintenanceSla, stations } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { illegalTransition, recordTransition, stationFrozen } from '../../lifecycle/engine.ts';
import { nextNumber } from '../../lifecycle/numbers.ts';
import { defineResource, filterValue, range, sortBy } from '../../resources/define.ts';
import { plainRow } from '../present.ts';
import { agentRegionCounters, ownershipScope } from '../scope.ts';
import { raiseWorkflowEvent } from '../workflow/public.ts';
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
  // the record it came from by its number, and the failed checklist item by its label (not #96 · bracket)
  source_no: sql<string | null>`(case ${sql.raw(T)}."source" when 'inspection' then (select i.inspection_no from inspections i where i.id = ${sql.raw(T)}."source_id")
    when 'matter' then (select m.matter_no from matters m where m.id = ${sql.raw(T)}."source_id") end)`,
  source_item_label: sql<string | null>`(select c->>'label' from inspections i, jsonb_array_elements(i.checklist) c
    where ${sql.raw(T)}."source" = 'inspection' and i.id = ${sql.raw(T)}."source_id" and c->>'key' = ${sql.raw(T)}."source_item" limit 1)`,
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
  /** source 'inspection': the failed checklist item's key */
  source_item?: string | null;
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
      source_item: input.source_item ?? null,
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
    data: { station_code: station.code, source: input.source, source_id: input.source_id ?? null, ...(input.source_item ? { source_item: input.source_item } : {}) },
  });
  await raiseWorkflowEvent(tx, 'maintenance.created', row!.id as number, actor);
  return row!;
}

/**
 * 转运维工单 from one failed item of a submitted inspection, in the caller's transaction (the caller
 * locked the inspection and checked its scope). `existing` says what an item that already has a live
 * order does: 'error' (the one-click button) or 'skip' (the automatic opening on approval). The
 * partial unique index maintenance_orders_inspection_item_key makes a race between the two lose.
 */
export async function openForFailedItem(
  tx: Queryable,
  inspection: Row,
  itemKey: string,
  opts: { priority?: MaintenancePriorityValue; fault_category?: FaultCategoryValue; description?: string | null; existing: 'error' | 'skip' },
  actor: Actor,
  userId: number,
): Promise<Row | null> {
  const item = (inspection.checklist as ChecklistItem[]).find((i) => i.key === itemKey);
  if (!item) throw new ApiError(400, 'error.inspection_item_unknown_key', { key: itemKey });
  const answer = (inspection.results as InspectionResult[] | null)?.find((r) => r.key === itemKey);
  if (!inspection.submitted_at || inspection.status === 'cancelled' || !resultFailed(item, answer)) throw new ApiError(400, 'error.maintenance_item_not_failed', { item: item.label });
  const [open] = await tx
    .select({ order_no: maintenanceOrders.order_no })
    .from(maintenanceOrders)
    .where(and(eq(maintenanceOrders.source, 'inspection'), eq(maintenanceOrders.source_id, inspection.id as number), eq(maintenanceOrders.source_item, itemKey), ne(maintenanceOrders.status, 'cancelled')));
  if (open) {
    if (opts.existing === 'skip') return null;
    throw new ApiError(400, 'error.maintenance_item_linked', { item: item.label, order_no: open.order_no });
  }
  const found = answer?.value != null && answer.value !== '' ? `：${answer.value}${item.unit ? ` ${item.unit}` : ''}` : answer?.text ? `：${answer.text}` : '';
  return openMaintenanceOrder(
    tx,
    {
      station: inspection.station_id as number,
      source: 'inspection',
      source_id: inspection.id as number,
      source_item: itemKey,
      priority: opts.priority ?? 'medium',
      fault_category: opts.fault_category ?? guessFaultCategory(item.label),
      description: opts.description || `巡检 ${inspection.inspection_no as string}「${item.label}」不合格${found}`.slice(0, 1000),
    },
    actor,
    userId,
  );
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
    source_item: { column: maintenanceOrders.source_item, op: 'eq', schema: z.string().max(64) },
    fault_category: { column: maintenanceOrders.fault_category, op: 'eq', schema: filterValue.enumOf(FaultCategory.values), multi: true },
    station_id: { column: maintenanceOrders.station_id, op: 'eq', schema: filterValue.id, multi: true },
    agent_id: { column: maintenanceOrders.agent_id, op: 'eq', schema: filterValue.id, multi: true },
    team_id: { column: maintenanceOrders.team_id, op: 'eq', schema: filterValue.id, multi: true },
    province_code: { column: maintenanceOrders.province_code, op: 'eq', schema: z.string().max(6), multi: true },
    city_code: { column: maintenanceOrders.city_code, op: 'eq', schema: z.string().max(6), multi: true },
    district_code: { column: maintenanceOrders.district_code, op: 'eq', schema: z.string().max(12), multi: true },
    response_breached: { column: maintenanceOrders.response_breached, op: 'eq', schema: filterValue.bool },
    // either SLA breached (the list's 超时 filter); the counters' `breached` column holds the same truth
    breached: {
      column: maintenanceOrders.response_breached,
      op: 'eq',
      schema: filterValue.bool,
      where: ([v]) => (v ? sql`(${maintenanceOrders.response_breached} or ${maintenanceOrders.repair_breached})` : sql`not (${maintenanceOrders.response_breached} or ${maintenanceOrders.repair_breached})`),
    },
    repair_breached: { column: maintenanceOrders.repair_breached, op: 'eq', schema: filterValue.bool },
    ...range('created_at', maintenanceOrders.created_at, filterValue.date),
    ...range('deadline', maintenanceOrders.deadline, filterValue.date),
  },
  search: [maintenanceOrders.order_no],
  counters: agentRegionCounters(
    {
      table: maintenanceCountsRegion,
      n: maintenanceCountsRegion.n,
      columns: {
        status: maintenanceCountsRegion.status,
        priority: maintenanceCountsRegion.priority,
        province_code: maintenanceCountsRegion.province_code,
        city_code: maintenanceCountsRegion.city_code,
        fault_category: maintenanceCountsRegion.fault_category,
        breached: maintenanceCountsRegion.breached,
      },
    },
    {
      table: maintenanceCounts,
      n: maintenanceCounts.n,
      columns: {
        status: maintenanceCounts.status,
        priority: maintenanceCounts.priority,
        province_code: maintenanceCounts.province_code,
        city_code: maintenanceCounts.city_code,
        fault_category: maintenanceCounts.fault_category,
        breached: maintenanceCounts.breached,
      },
      agent: maintenanceCounts.agent_id,
    },
  ),
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
