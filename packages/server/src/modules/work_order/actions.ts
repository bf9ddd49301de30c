import {
  type StationAction,
  StationStatus,
  WORK_ORDER_MACHINE,
  type WorkOrderAction,
  WorkOrderKind,
  type WorkOrderKindValue,
  WorkOrderStatus,
  workOrderBatchDispatchSchema,
  workOrderDispatchSchema,
  workOrderMoveSchema,
  workOrderReasonSchema,
  numeric,
} from '@pv/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Queryable } from '../../db/client.ts';
import { stations, users } from '../../db/schema/index.ts';
import { sendMessage } from '../message/centre.ts';
import { ApiError, conflict, notFound } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { parse } from '../../http/validate.ts';
import { assertTransition, moveStation, recordTransition, stationFrozen } from '../../lifecycle/engine.ts';
import { loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { stationResource } from '../station/resource.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { raiseWorkflowEvent } from '../workflow/public.ts';
import { orderActionLabels } from './labels.ts';
import { deadlineOf, openWorkOrder, workOrderResource } from './resource.ts';

type Row = Record<string, unknown>;

/** What a transition changes besides the status, and what the timeline keeps of it. */
export interface OrderMove {
  set?: Row;
  reason?: string | null;
  data?: Record<string, unknown>;
  /** the station's own transition that goes with this one (same transaction) */
  station?: { action: StationAction; set?: Row };
}

/** The console page a team member's message points at. */
export const orderListPath = (kind: string) => (kind === 'grid' ? '/stationManagement/ongridWorkOrderList' : '/stationManagement/buildWorkOrderList');

/** Users holding a permission code (`work_order:accept`): admins and users whose roles grant it, its prefix or '*'. */
export const holding = (code: string) => sql`(${users.is_admin} or exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
  where ur.user_id = ${users.id} and r.permissions ?| array['*', ${`${code.split(':')[0]}:*`}, ${code}]))`;
/** Who can take orders: enabled admins and users whose roles grant work_order:accept. */
const canTakeOrders = holding('work_order:accept');

/**
 * Team members for a picker (?q= name): enabled users holding `code`, with their open work count
 * from `openCount` (a correlated count over "users"."id"), at most 50.
 */
export async function teamCandidates(db: Queryable, query: unknown, code: string, openCount: SQL<number>) {
  const { q } = parse(z.object({ q: z.string().max(50).optional(), kind: z.string().optional() }), query);
  const like_ = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select({ id: users.id, username: users.username, full_name: users.full_name, open_orders: openCount })
    .from(users)
    .where(and(eq(users.status, 'enabled'), holding(code), like_ ? sql`(${users.username} ilike ${like_} or ${users.full_name} ilike ${like_})` : undefined))
    .orderBy(asc(users.id))
    .limit(50);
  return { list: rows.map((r) => ({ ...r, name: r.full_name || r.username })), total: rows.length };
}

/**
 * The work-order lifecycle (WORK_ORDER_MACHINE). Every action locks the station first, then the
 * order (one lock order everywhere, so a station action and an order action cannot deadlock),
 * checks the caller's data scope and the version they read, refuses a frozen station or a state
 * the action cannot start from (naming the state), and writes the order's change, the station's
 * change, sys_log and the timeline in one transaction.
 */
/** work_order/add {station_id, kind}: validated here and documented by the route. */
export const workOrderAddSchema = z.strictObject({
  station_id: numeric(z.number({ error: 'validation.number' }).int().positive()),
  kind: z.enum(WorkOrderKind.values, { error: 'validation.enum' }),
});

export class WorkOrderActions {
  constructor(private readonly db: Db) {}

  /** Locks the order's station (refusing a frozen one) and then the order, scope-checked. */
  async lock(tx: Queryable, id: number, version: number | null, auth: AuthContext, action: string) {
    const [ref] = await tx.select({ station_id: sql<number>`station_id` }).from(workOrderResource.table).where(eq(workOrderResource.table.id, id));
    if (!ref) throw notFound(id);
    const [station] = (await tx.select().from(stations).where(eq(stations.id, ref.station_id)).for('update')) as Row[];
    const order = await loadOne(tx, workOrderResource, id, auth, { lock: true });
    if (version !== null && order.version !== version) throw conflict(order.version as number, version);
    if (station!.frozen) throw stationFrozen(station!.code as string, action, orderActionLabels);
    return { order, station: station! };
  }

  /** Applies one transition to a locked order (and its station), logs it, returns the new row. */
  async apply(tx: Queryable, order: Row, actor: Actor, action: WorkOrderAction, move: OrderMove = {}): Promise<Row> {
    const to = assertTransition(WORK_ORDER_MACHINE, order.status as string, action, WorkOrderStatus, orderActionLabels);
    const [after] = (await tx
      .update(workOrderResource.table)
      .set({ ...(move.set ?? {}), status: to, version: sql`${workOrderResource.table.version} + 1`, updated_at: new Date() } as any)
      .where(eq(workOrderResource.table.id, order.id as number))
      .returning()) as Row[];
    await writeLog(tx, actor, { action, resource: 'work_order', recordId: order.id as number, before: order, after });
    await recordTransition(tx, actor, { entity: 'work_order', entityId: order.id as number, action, from: order.status as string, to, reason: move.reason, data: move.data });
    if (move.station) {
      await moveStation(tx, order.station_id as number, move.station.action, actor, { reason: move.reason, set: move.station.set, data: { order_no: order.order_no, ...(move.data ?? {}) } });
    }
    return after!;
  }

  private run(body: unknown, schema: typeof workOrderMoveSchema | typeof workOrderReasonSchema, auth: AuthContext, actor: Actor, action: WorkOrderAction, plan: (order: Row, input: Row) => OrderMove) {
    const input = parse(schema, body) as Row & { id: number; version: number };
    return this.db.transaction(async (tx) => {
      const { order } = await this.lock(tx, input.id, input.version, auth, action);
      return this.apply(tx, order, actor, action, plan(order, input));
    });
  }

  /** work_order/add {station_id, kind}: a new order when the station needs one and has none open. */
  async add(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(workOrderAddSchema, body);
    return this.db.transaction(async (tx) => {
      const station = await loadOne(tx, stationResource, input.station_id, auth, { lock: true });
      if (station.frozen) throw stationFrozen(station.code as string, 'add_order', { label: (_a, lang) => (lang === 'zh' ? '新建派单' : 'get a new order') });
      const needs: Record<WorkOrderKindValue, string[]> = { build: ['build_pending'], grid: ['grid_pending', 'grid_rejected'] };
      if (!needs[input.kind].includes(station.status as string)) {
        const params = { state: station.status, kind: input.kind };
        throw new ApiError(400, 'error.order_not_needed', params, (lang) =>
          t('error.order_not_needed', lang, { state: StationStatus.label(station.status as string, lang), kind: WorkOrderKind.label(input.kind, lang) }),
        );
      }
      return openWorkOrder(tx, station as never, input.kind, actor, auth.userId);
    });
  }

  /** The team member: an enabled user who can take orders. */
  private async team(tx: Queryable, teamId: number) {
    const [u] = await tx
      .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.full_name}, ''), ${users.username})` })
      .from(users)
      .where(and(eq(users.id, teamId), eq(users.status, 'enabled'), canTakeOrders));
    if (!u) throw new ApiError(400, 'error.team_invalid', { id: teamId });
    return u;
  }

  private dispatchMove(input: z.infer<typeof workOrderDispatchSchema> | z.infer<typeof workOrderBatchDispatchSchema>, team: { id: number; name: string }, auth: AuthContext, batch = false): OrderMove {
    const deadline = deadlineOf(input.deadline);
    return {
      set: {
        team_id: team.id,
        deadline,
        planned_date: input.planned_date ? input.planned_date.slice(0, 10) : null,
        dispatch_type: input.dispatch_type,
        ...(input.remark != null ? { remark: input.remark } : {}),
        dispatched_at: new Date(),
        dispatched_by: auth.userId,
        overdue: false,
        refuse_reason: null,
      },
      data: { team_id: team.id, team_name: team.name, deadline: deadline.toISOString(), ...(batch ? { batch: true } : {}) },
    };
  }

  /** A to-do message to the team member (the bell and the message centre); pushed after commit by the route. */
  private async notify(tx: Queryable, auth: AuthContext, teamId: number, rows: Row[]) {
    const first = rows[0]!;
    const kind = WorkOrderKind.labels[first.kind as keyof typeof WorkOrderKind.labels] ?? String(first.kind);
    const msg = await sendMessage(tx, {
      key: rows.length === 1 ? 'msg.work_order_dispatched' : 'msg.work_orders_dispatched',
      params: { kind, order_no: first.order_no as string, count: rows.length },
      content: rows.map((r) => r.order_no as string).join('\n'),
      link: orderListPath(first.kind as string),
      sender: auth.userId,
      to: teamId,
    });
    return { id: msg.id, recipient_id: teamId };
  }

  /** 派单: 待派单 → 已派单 with a team and a deadline; the team member gets a message. */
  async dispatch(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(workOrderDispatchSchema, body);
    return this.db.transaction(async (tx) => {
      const team = await this.team(tx, input.team_id);
      const { order } = await this.lock(tx, input.id, input.version, auth, 'dispatch');
      const row = await this.apply(tx, order, actor, 'dispatch', this.dispatchMove(input, team, auth));
      await raiseWorkflowEvent(tx, 'work_order.dispatched', row.id as number, actor);
      return { row, message: await this.notify(tx, auth, team.id, [row]) };
    });
  }

  /** Batch dispatch: every selected order to one team, all or nothing (a wrong state names the order's state). */
  async batchDispatch(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(workOrderBatchDispatchSchema, body);
    return this.db.transaction(async (tx) => {
      const team = await this.team(tx, input.team_id);
      const move = this.dispatchMove(input, team, auth, true);
      const rows: Row[] = [];
      // a fixed order, so two batch dispatches over overlapping rows cannot deadlock
      for (const id of [...new Set(input.ids)].sort((a, b) => a - b)) {
        const { order } = await this.lock(tx, id, null, auth, 'dispatch');
        rows.push(await this.apply(tx, order, actor, 'dispatch', move));
        await raiseWorkflowEvent(tx, 'work_order.dispatched', id, actor);
      }
      return { rows, message: await this.notify(tx, auth, team.id, rows) };
    });
  }

  /** 接单: 已派单 → 已接单. */
  accept(body: unknown, auth: AuthContext, actor: Actor) {
    return this.run(body, workOrderMoveSchema, auth, actor, 'accept', () => ({ set: { accepted_at: new Date() } }));
  }

  /** 拒单: 已派单 → 待派单 with a reason; the team is cleared so the order can be dispatched again. */
  refuse(body: unknown, auth: AuthContext, actor: Actor) {
    return this.run(body, workOrderReasonSchema, auth, actor, 'reject_order', (order, input) => ({
      set: { refuse_reason: input.reason, team_id: null, dispatched_at: null, accepted_at: null },
      reason: input.reason as string,
      data: { team_id: order.team_id },
    }));
  }

  /** 开工: 已接单 → 施工中; a construction order moves its station 待施工 → 施工中. */
  start(body: unknown, auth: AuthContext, actor: Actor) {
    return this.run(body, workOrderMoveSchema, auth, actor, 'start', (order) => ({
      set: { started_at: new Date() },
      ...(order.kind === 'build' ? { station: { action: 'start_build' as const } } : {}),
    }));
  }

  /** 开始整改: 已驳回 → 整改中. */
  rectify(body: unknown, auth: AuthContext, actor: Actor) {
    return this.run(body, workOrderMoveSchema, auth, actor, 'rectify', () => ({}));
  }

  /**
   * 取消 with a reason (not while a self-audit is in review). Cancelling a construction order whose
   * station is 施工中 / 完工驳回 returns the station to 待施工.
   */
  cancel(body: unknown, auth: AuthContext, actor: Actor) {
    return this.db.transaction(async (tx) => {
      const input = parse(workOrderReasonSchema, body);
      const { order, station } = await this.lock(tx, input.id, input.version, auth, 'cancel');
      const backToPending = order.kind === 'build' && ['building', 'build_rejected'].includes(station.status as string);
      return this.apply(tx, order, actor, 'cancel', {
        set: { cancel_reason: input.reason, cancelled_at: new Date() },
        reason: input.reason,
        ...(backToPending ? { station: { action: 'cancel_build' as const } } : {}),
      });
    });
  }

  /** GET work_order/teams?q=: enabled users who can take orders, with their open order count. */
  teams(query: unknown) {
    // qualified by hand: inside a subquery drizzle writes a bare "id", which would mean w.id
    return teamCandidates(this.db, query, 'work_order:accept', sql<number>`(select count(*)::int from work_orders w where w.team_id = "users"."id"
          and w.status in ('dispatched','accepted','in_progress','audit_pending','rejected','rectifying'))`);
  }
}
