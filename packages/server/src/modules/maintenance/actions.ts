import {
  MAINTENANCE_MACHINE,
  type MaintenanceAction,
  MaintenancePriority,
  MaintenanceStatus,
  maintenanceAddSchema,
  maintenanceDispatchSchema,
  maintenanceFromInspectionSchema,
  maintenanceMoveSchema,
  maintenanceReasonSchema,
  maintenanceSlaSchema,
  maintenanceSubmitSchema,
} from '@pv/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { maintenanceOrders, maintenanceSla, matters, stations, stockSerials, users } from '../../db/schema/index.ts';
import { sendMessage } from '../message/centre.ts';
import { ApiError, conflict, notFound } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { assertTransition, recordTransition, stationFrozen } from '../../lifecycle/engine.ts';
import { loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import type { FileService } from '../file/service.ts';
import { inspectionResource } from '../inspection/resource.ts';
import { resolveMatterIn } from '../matter/actions.ts';
import { stationResource } from '../station/resource.ts';
import type { Notice, StockService } from '../stock/service.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { deadlineOf } from '../work_order/resource.ts';
import { maintenanceActionLabels, maintenanceResource as def, openForFailedItem, openMaintenanceOrder, slaHours } from './resource.ts';
import { raiseWorkflowEvent } from '../workflow/public.ts';
import { assertSod } from '../../lifecycle/sod.ts';

type Row = Record<string, unknown>;
interface Move {
  set?: Row;
  reason?: string | null;
  data?: Record<string, unknown>;
}

export const MAINTENANCE_LIST_PATH = '/operation/maintenanceList';
export const maintenanceLink = (id: number) => `/operation/maintenanceDetail?id=${id}`;

/** Who can take maintenance orders: enabled admins and users whose roles grant maintenance:accept. */
const canTakeMaintenance = sql`(${users.is_admin} or exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
  where ur.user_id = ${users.id} and r.permissions ?| array['*', 'maintenance:*', 'maintenance:accept']))`;

/**
 * The maintenance lifecycle (MAINTENANCE_MACHINE). Every action locks the station first, then the
 * order (the work orders' lock order), checks the caller's data scope and the version they read,
 * refuses a frozen station or a state the action cannot start from (naming the state), and writes
 * the change, sys_log and the timeline in one transaction. A submit issues its parts from stock in
 * that same transaction; an approve of an order raised from a 光E宝 matter resolves the matter in it.
 * `lockMaintenance` + `applyMaintenance` are that rule; the `…In(tx, …)` functions below are the
 * actions other modules run in their own transaction (the workflow's end node), the same as the routes.
 */
export async function lockMaintenance(tx: Queryable, id: number, version: number | null, auth: AuthContext, action: string) {
  const [ref] = await tx.select({ station_id: maintenanceOrders.station_id }).from(maintenanceOrders).where(eq(maintenanceOrders.id, id));
  if (!ref) throw notFound(id);
  const [station] = (await tx.select().from(stations).where(eq(stations.id, ref.station_id)).for('update')) as Row[];
  const order = await loadOne(tx, def, id, auth, { lock: true });
  if (version !== null && order.version !== version) throw conflict(order.version as number, version);
  if (station!.frozen) throw stationFrozen(station!.code as string, action, maintenanceActionLabels);
  return { order, station: station! };
}

export async function applyMaintenance(tx: Queryable, order: Row, actor: Actor, action: MaintenanceAction, move: Move = {}): Promise<Row> {
  const to = assertTransition(MAINTENANCE_MACHINE, order.status as string, action, MaintenanceStatus, maintenanceActionLabels);
  const [after] = (await tx
    .update(maintenanceOrders)
    .set({ ...(move.set ?? {}), status: to, version: sql`${maintenanceOrders.version} + 1`, updated_at: new Date() } as any)
    .where(eq(maintenanceOrders.id, order.id as number))
    .returning()) as Row[];
  await writeLog(tx, actor, { action, resource: 'maintenance', recordId: order.id as number, before: order, after });
  await recordTransition(tx, actor, { entity: 'maintenance', entityId: order.id as number, action, from: order.status as string, to, reason: move.reason, data: move.data });
  return after!;
}

/** 审核通过: 待审核 → 已完成; finished_at; the repair SLA is breached when past repair_due; a matter source is resolved. */
export async function approveMaintenanceIn(tx: Queryable, id: number, version: number | null, auth: AuthContext, actor: Actor): Promise<Row> {
  const { order } = await lockMaintenance(tx, id, version, auth, 'approve');
  await assertSod(tx, 'maintenance', order, auth.userId, 'approve');
  const now = new Date();
  const row = await applyMaintenance(tx, order, actor, 'approve', { set: { finished_at: now, ...(now > (order.repair_due as Date) ? { repair_breached: true } : {}) } });
  if (row.source === 'matter' && row.source_id) {
    const result = `运维工单 ${row.order_no as string} 已处理完成：${(row.measures as string | null) ?? ''}`.slice(0, 1000);
    await resolveMatterIn(tx, row.source_id as number, result, auth, actor, { maintenance_id: row.id, order_no: row.order_no });
  }
  return row;
}

/** 审核驳回 with a reason: 待审核 → 处理中. */
export async function rejectMaintenanceIn(tx: Queryable, id: number, version: number | null, reason: string, auth: AuthContext, actor: Actor): Promise<Row> {
  const { order } = await lockMaintenance(tx, id, version, auth, 'reject');
  return applyMaintenance(tx, order, actor, 'reject', { set: { reject_reason: reason }, reason });
}

/** 取消 with a reason, from any open state. */
export async function cancelMaintenanceIn(tx: Queryable, id: number, version: number | null, reason: string, auth: AuthContext, actor: Actor): Promise<Row> {
  const { order } = await lockMaintenance(tx, id, version, auth, 'cancel');
  return applyMaintenance(tx, order, actor, 'cancel', { set: { cancel_reason: reason, cancelled_at: new Date() }, reason });
}

/** The maintenance routes: validation, then the lifecycle above in a transaction of their own. */
export class MaintenanceActions {
  constructor(
    private readonly db: Db,
    private readonly stock: StockService,
    private readonly files: FileService,
  ) {}

  private run(body: unknown, auth: AuthContext, actor: Actor, action: MaintenanceAction, plan: (order: Row, input: Row) => Move, schema: typeof maintenanceMoveSchema | typeof maintenanceReasonSchema = maintenanceMoveSchema) {
    const input = parse(schema, body) as Row & { id: number; version: number };
    return this.db.transaction(async (tx) => {
      const { order } = await lockMaintenance(tx, input.id, input.version, auth, action);
      return applyMaintenance(tx, order, actor, action, plan(order, input));
    });
  }

  /** maintenance/add: manual, or from a 光E宝 fault matter (matter_id: the matter links to the order). */
  async add(body: unknown, auth: AuthContext, actor: Actor): Promise<Row> {
    const input = parse(maintenanceAddSchema, body);
    return this.db.transaction(async (tx) => {
      // the caller's data scope on the station (404 outside it)
      await loadOne(tx, stationResource, input.station_id, auth);
      if (input.matter_id) {
        const [m] = await tx.select().from(matters).where(eq(matters.id, input.matter_id)).for('update');
        if (!m) throw notFound(input.matter_id);
        if (m.type !== 'fault') throw new ApiError(400, 'error.maintenance_matter_not_fault', { matter_no: m.matter_no });
        const [open] = await tx
          .select({ order_no: maintenanceOrders.order_no })
          .from(maintenanceOrders)
          .where(and(eq(maintenanceOrders.source, 'matter'), eq(maintenanceOrders.source_id, m.id), sql`${maintenanceOrders.status} <> 'cancelled'`));
        if (open) throw new ApiError(400, 'error.maintenance_matter_linked', { matter_no: m.matter_no, order_no: open.order_no });
      }
      return openMaintenanceOrder(
        tx,
        {
          station: input.station_id,
          source: input.matter_id ? 'matter' : 'manual',
          source_id: input.matter_id ?? null,
          priority: input.priority,
          fault_category: input.fault_category,
          fault_code: input.fault_code ?? null,
          description: input.description,
        },
        actor,
        auth.userId,
      );
    });
  }

  /** maintenance/from_inspection: 转运维工单 from a failed item of an inspection the caller can see. */
  async fromInspection(body: unknown, auth: AuthContext, actor: Actor): Promise<Row> {
    const input = parse(maintenanceFromInspectionSchema, body);
    return this.db.transaction(async (tx) => {
      const inspection = await loadOne(tx, inspectionResource, input.inspection_id, auth, { lock: true });
      const row = await openForFailedItem(tx, inspection, input.item_key, { ...input, existing: 'error' }, actor, auth.userId);
      return row!;
    });
  }

  private async team(tx: Queryable, teamId: number) {
    const [u] = await tx
      .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.full_name}, ''), ${users.username})` })
      .from(users)
      .where(and(eq(users.id, teamId), eq(users.status, 'enabled'), canTakeMaintenance));
    if (!u) throw new ApiError(400, 'error.team_invalid', { id: teamId });
    return u;
  }

  /** 派单: 待派单 → 已派单 with a team member and a deadline; the team member gets a message. */
  async dispatch(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(maintenanceDispatchSchema, body);
    return this.db.transaction(async (tx) => {
      const team = await this.team(tx, input.team_id);
      const { order } = await lockMaintenance(tx, input.id, input.version, auth, 'dispatch');
      const deadline = deadlineOf(input.deadline);
      const row = await applyMaintenance(tx, order, actor, 'dispatch', {
        set: { team_id: team.id, deadline, dispatched_at: new Date(), dispatched_by: auth.userId },
        data: { team_id: team.id, team_name: team.name, deadline: deadline.toISOString() },
      });
      const priority = MaintenancePriority.labels[row.priority as keyof typeof MaintenancePriority.labels] ?? String(row.priority);
      const msg = await sendMessage(tx, {
        key: 'msg.maintenance_dispatched',
        params: { order_no: row.order_no as string, priority, description: String(row.description ?? '').slice(0, 480) },
        level: row.priority === 'urgent' ? 'warning' : 'info',
        link: maintenanceLink(row.id as number),
        sender: auth.userId,
        to: team.id,
      });
      return { row, message: { id: msg.id, recipient_id: team.id } };
    });
  }

  /** 接单: 已派单 → 已接单; responded_at, and the response SLA is breached when past response_due. */
  accept(body: unknown, auth: AuthContext, actor: Actor) {
    return this.run(body, auth, actor, 'accept', (order) => {
      const now = new Date();
      return { set: { responded_at: now, ...(now > (order.response_due as Date) ? { response_breached: true } : {}) } };
    });
  }

  /** 开始处理: 已接单 → 处理中. */
  start(body: unknown, auth: AuthContext, actor: Actor) {
    return this.run(body, auth, actor, 'start', () => ({ set: { started_at: new Date() } }));
  }

  /**
   * 提交处理记录: 处理中 → 待审核 with cause, measures, labour hours, photos and the parts used. Each
   * part is issued from stock (ref maintenance / the order number, to the order's station) in this
   * transaction: a shortage or a serial not in stock refuses the whole submit and changes nothing.
   * Replaced serials (old_serials) must be installed on the station; they become 已拆回 there.
   */
  async submit(body: unknown, auth: AuthContext, actor: Actor): Promise<{ row: Row; notices: Notice[] }> {
    const input = parse(maintenanceSubmitSchema, body);
    return this.db.transaction(async (tx) => {
      const { order, station } = await lockMaintenance(tx, input.id, input.version, auth, 'submit');
      // the state first, so a wrong state is named before any stock moves
      assertTransition(MAINTENANCE_MACHINE, order.status as string, 'submit', MaintenanceStatus, maintenanceActionLabels);
      await this.files.attach(tx, [...(input.photos_before ?? []), ...(input.photos_after ?? [])], 'maintenance', order.id as number, auth);
      const parts: Row[] = [];
      const notices: Notice[] = [];
      for (const p of input.parts ?? []) {
        const res = await this.stock.issueIn(
          tx,
          { warehouse_id: p.warehouse_id, material_id: p.material_id, qty: p.qty, serials: p.serials, ref_type: 'maintenance', ref_no: order.order_no as string, station_id: order.station_id as number, remark: null },
          auth,
          actor,
          { orderStation: true },
        );
        notices.push(...res.notices);
        if (p.old_serials?.length) {
          // the replaced units: 已拆回, still recorded at the station (its parts list shows them) until a return brings them into a warehouse
          const removed = await tx
            .update(stockSerials)
            .set({ status: 'removed', last_movement_id: res.rows[0]!.id as number, version: sql`${stockSerials.version} + 1`, updated_at: new Date() })
            .where(and(eq(stockSerials.material_id, p.material_id), inArray(stockSerials.serial_no, p.old_serials), eq(stockSerials.station_id, order.station_id as number), eq(stockSerials.status, 'issued')))
            .returning({ serial_no: stockSerials.serial_no });
          const missing = p.old_serials.filter((s) => !removed.some((r) => r.serial_no === s));
          if (missing.length) throw new ApiError(400, 'error.serials_not_on_station', { station: station.code, serials: missing.join(', ') });
        }
        parts.push({ ...p, movement_id: res.rows[0]!.id, doc_no: res.rows[0]!.doc_no });
      }
      const row = await applyMaintenance(tx, order, actor, 'submit', {
        set: {
          cause: input.cause,
          measures: input.measures,
          labour_hours: input.labour_hours ?? null,
          photos_before: input.photos_before ?? [],
          photos_after: input.photos_after ?? [],
          parts,
          submitted_at: new Date(),
          submit_count: sql`${maintenanceOrders.submit_count} + 1`,
          reject_reason: null,
        },
        data: { parts: parts.length },
      });
      await raiseWorkflowEvent(tx, 'maintenance.submitted', row.id as number, actor);
      return { row, notices };
    });
  }

  /** 审核通过 (approveMaintenanceIn). */
  approve(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(maintenanceMoveSchema, body);
    return this.db.transaction((tx) => approveMaintenanceIn(tx, input.id, input.version, auth, actor));
  }

  /** 审核驳回 with a reason (rejectMaintenanceIn). */
  reject(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(maintenanceReasonSchema, body);
    return this.db.transaction((tx) => rejectMaintenanceIn(tx, input.id, input.version, input.reason, auth, actor));
  }

  /** 取消 with a reason (cancelMaintenanceIn). */
  cancel(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(maintenanceReasonSchema, body);
    return this.db.transaction((tx) => cancelMaintenanceIn(tx, input.id, input.version, input.reason, auth, actor));
  }

  /** GET maintenance/sla: hours per priority. */
  sla() {
    return slaHours(this.db);
  }

  /** POST maintenance/sla: new hours per priority (orders opened from now on). */
  async setSla(body: unknown, actor: Actor) {
    const input = parse(maintenanceSlaSchema, body);
    return this.db.transaction(async (tx) => {
      const before = await slaHours(tx);
      for (const [priority, h] of Object.entries(input)) {
        await tx
          .insert(maintenanceSla)
          .values({ priority, respond_hours: h.respond_hours, repair_hours: h.repair_hours })
          .onConflictDoUpdate({ target: maintenanceSla.priority, set: { respond_hours: h.respond_hours, repair_hours: h.repair_hours, updated_at: new Date() } });
      }
      const after = await slaHours(tx);
      await writeLog(tx, actor, { action: 'sla', resource: 'maintenance_sla', recordId: 0, before, after });
      return after;
    });
  }
}
