import { type Lang, OPEN_WORK_ORDER_STATES, type StationAction, StationActionLabel, StationStatus, stationMoveSchema, stationReasonSchema } from '@pv/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { stations, workOrders } from '../../db/schema/index.ts';
import { conflict } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { illegalTransition, moveStation, recordTransition } from '../../lifecycle/engine.ts';
import { loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { raiseWorkflowEvent, requestApproval } from '../workflow/public.ts';
import { openWorkOrder } from '../work_order/resource.ts';
import { pauseStationBills, releaseStationBills } from '../lease/bills.ts';
import { stationResource } from './resource.ts';

type Row = Record<string, unknown>;

/**
 * The station's own buttons: finish_survey, finish_design (opens the construction order),
 * operate, terminate (cancels its open orders), freeze and unfreeze. Every other station move is
 * made by a work-order or self-audit action. Each locks the station, checks scope and version.
 */
export class StationActions {
  constructor(private readonly db: Db) {}

  private async locked(tx: Queryable, id: number, version: number, auth: AuthContext) {
    const before = await loadOne(tx, stationResource, id, auth, { lock: true });
    if (before.version !== version) throw conflict(before.version as number, version);
    return before;
  }

  /** finish_survey, finish_design, operate: {id, version}. */
  async move(action: Extract<StationAction, 'finish_survey' | 'finish_design' | 'operate'>, body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(stationMoveSchema, body);
    return this.db.transaction(async (tx) => {
      const before = await this.locked(tx, input.id, input.version, auth);
      const after = await moveStation(tx, input.id, action, actor);
      // the design is done: construction can be dispatched
      if (action === 'finish_design') await openWorkOrder(tx, before as never, 'build', actor, auth.userId);
      return after;
    });
  }

  /** 终止 with a reason (final): open work orders are cancelled with the same reason. */
  async terminate(body: unknown, auth: AuthContext, actor: Actor) {
    const input = parse(stationReasonSchema, body);
    return this.db.transaction(async (tx) => {
      await this.locked(tx, input.id, input.version, auth);
      const after = await moveStation(tx, input.id, 'terminate', actor, { reason: input.reason, set: { terminated_reason: input.reason } });
      const open = (await tx
        .select()
        .from(workOrders)
        .where(and(eq(workOrders.station_id, input.id), inArray(workOrders.status, [...OPEN_WORK_ORDER_STATES, 'audit_pending'])))
        .for('update')) as Row[];
      for (const order of open) {
        const [cancelled] = (await tx
          .update(workOrders)
          .set({ status: 'cancelled', cancel_reason: input.reason, cancelled_at: new Date(), version: sql`${workOrders.version} + 1`, updated_at: new Date() })
          .where(eq(workOrders.id, order.id as number))
          .returning()) as Row[];
        await writeLog(tx, actor, { action: 'cancel', resource: 'work_order', recordId: order.id as number, before: order, after: cancelled });
        await recordTransition(tx, actor, { entity: 'work_order', entityId: order.id as number, action: 'cancel', from: order.status as string, to: 'cancelled', reason: input.reason, data: { station_terminated: true } });
      }
      // its unpaid rent bills stop until the lease contract is settled
      await pauseStationBills(tx, input.id, actor, input.reason);
      await raiseWorkflowEvent(tx, 'station.terminated', input.id, actor);
      return after;
    });
  }

  /** 冻结 (reason) / 解冻: the status stays; a frozen station refuses every transition until unfrozen. */
  async setFrozen(frozen: boolean, body: unknown, auth: AuthContext, actor: Actor) {
    const action = frozen ? 'freeze' : 'unfreeze';
    const input = frozen ? parse(stationReasonSchema, body) : { ...parse(stationMoveSchema, body), reason: null };
    return this.db.transaction(async (tx) => {
      const before = await this.locked(tx, input.id, input.version, auth);
      const state = before.status as string;
      const refused = frozen ? before.frozen || state === 'terminated' : !before.frozen;
      if (refused) {
        // "当前状态为“已冻结”，不能冻结" / "…“待踏勘”，不能解冻"
        const shown = { label: (s: string | null | undefined, lang: Lang) => (before.frozen ? (lang === 'zh' ? '已冻结' : 'Frozen') : StationStatus.label(s, lang)) };
        throw illegalTransition(state, action, shown, StationActionLabel);
      }
      // a freeze a published process must approve waits for it
      const pending = frozen ? await requestApproval(tx, { type: 'station', action: 'freeze', record: before, params: { reason: input.reason }, actor }) : null;
      if (pending) return { ...before, workflow_request: pending };
      const [after] = (await tx
        .update(stations)
        .set({ frozen, frozen_reason: frozen ? input.reason : null, version: sql`${stations.version} + 1`, updated_at: new Date() })
        .where(eq(stations.id, input.id))
        .returning()) as Row[];
      await writeLog(tx, actor, { action, resource: 'station', recordId: input.id, before, after });
      await recordTransition(tx, actor, { entity: 'station', entityId: input.id, action, from: state, to: state, reason: input.reason });
      // a frozen station's unpaid rent bills are paused; unfreezing releases the ones it paused
      if (frozen) await pauseStationBills(tx, input.id, actor, input.reason);
      else await releaseStationBills(tx, input.id, actor);
      if (frozen) await raiseWorkflowEvent(tx, 'station.frozen', input.id, actor);
      return after!;
    });
  }
}
