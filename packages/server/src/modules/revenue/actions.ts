import { revenueCorrectSchema, revenueEstimateSchema, revenueMaintenanceSchema, revenueSettingsSchema } from '@pv/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { maintenanceOrders, revenues, revenueSettings } from '../../db/schema/index.ts';
import { ApiError, conflict } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { openMaintenanceOrder } from '../maintenance/resource.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { raiseWorkflowEvent, requestApproval } from '../workflow/public.ts';
import { chinaMonth, estimateMonth } from './estimate.ts';
import { ratioSql, revenueResource as def, threshold, underSql } from './resource.ts';

type Row = Record<string, unknown>;

const pct = (ratio: unknown) => (ratio == null ? '-' : `${(Number(ratio) * 100).toFixed(1)}%`);

/** The named actions of revenue: correct (actuals, with a reason), maintenance (one click), threshold, estimate. */
export class RevenueActions {
  constructor(private readonly db: Db) {}

  /**
   * 更正实际收益: imported actuals are not free-editable; a correction names its reason, keeps the
   * version check, recomputes ratio and flag, and is logged with before/after and the reason.
   */
  async correct(body: unknown, auth: AuthContext, actor: Actor): Promise<Row> {
    const input = parse(revenueCorrectSchema, body);
    return this.db.transaction(async (tx) => {
      const before = await loadOne(tx, def, input.id, auth, { lock: true });
      if (before.version !== input.version) throw conflict(before.version as number, input.version);
      if (!before.settled) throw new ApiError(400, 'error.revenue_not_settled');
      if (before.actual_kwh === input.actual_kwh && before.actual_amount === input.actual_amount) throw new ApiError(400, 'error.revenue_correction_same');
      // 收益更正审批: a published process may have to approve the correction first
      const pending = await requestApproval(tx, { type: 'revenue', action: 'correct', record: before, params: { actual_kwh: input.actual_kwh, actual_amount: input.actual_amount, reason: input.reason }, actor });
      if (pending) return { ...before, workflow_request: pending };
      const [after] = await tx
        .update(revenues)
        .set({
          actual_kwh: input.actual_kwh,
          actual_amount: input.actual_amount,
          actual_source: 'correction',
          ratio: ratioSql(sql`${input.actual_kwh}::numeric`, sql`${revenues.estimated_kwh}`),
          under_performing: underSql(sql`${input.actual_kwh}::numeric`, sql`${revenues.estimated_kwh}`, sql`${(await threshold(tx)).underperform_pct}::numeric`),
          settled_at: new Date(),
          settled_by: auth.userId,
          version: sql`${revenues.version} + 1`,
          updated_at: new Date(),
        } as never)
        .where(eq(revenues.id, input.id))
        .returning();
      await writeLog(tx, actor, { action: 'correct', resource: def.name, recordId: input.id, before, after: { ...after, reason: input.reason } });
      await raiseWorkflowEvent(tx, 'revenue.corrected', input.id, actor);
      return after as Row;
    });
  }

  /**
   * 转运维工单 from an under-performing month, in one transaction: the revenue row is locked (two
   * clicks cannot open two orders), the order opened by openMaintenanceOrder with source 'revenue'
   * and linked back. A row whose order was cancelled may open a new one.
   */
  async maintenance(body: unknown, auth: AuthContext, actor: Actor): Promise<Row> {
    const input = parse(revenueMaintenanceSchema, body);
    return this.db.transaction(async (tx) => {
      const row = await loadOne(tx, def, input.id, auth, { lock: true });
      if (!row.under_performing) throw new ApiError(400, 'error.revenue_not_under', { ratio: pct(row.ratio) });
      if (row.maintenance_id) {
        const [open] = await tx.select({ order_no: maintenanceOrders.order_no, status: maintenanceOrders.status }).from(maintenanceOrders).where(eq(maintenanceOrders.id, row.maintenance_id as number));
        if (open && open.status !== 'cancelled') throw new ApiError(400, 'error.revenue_maintenance_linked', { order_no: open.order_no });
      }
      const order = await openMaintenanceOrder(
        tx,
        {
          station: row.station_id as number,
          source: 'revenue',
          source_id: row.id as number,
          priority: input.priority ?? 'medium',
          fault_category: input.fault_category ?? 'other',
          description:
            input.description ||
            `收益偏低：${row.period as string} 实际上网电量 ${row.actual_kwh as string} 千瓦时，为估算 ${row.estimated_kwh as string} 千瓦时的 ${pct(row.ratio)}（低于阈值），请排查组件、逆变器与电表`,
        },
        actor,
        auth.userId,
      );
      const [after] = await tx
        .update(revenues)
        .set({ maintenance_id: order.id as number, version: sql`${revenues.version} + 1`, updated_at: new Date() } as never)
        .where(eq(revenues.id, input.id))
        .returning();
      await writeLog(tx, actor, { action: 'maintenance', resource: def.name, recordId: input.id, before: row, after });
      return { revenue: after, order };
    });
  }

  async settings() {
    const s = await threshold(this.db);
    return { underperform_pct: s.underperform_pct, version: s.version, updated_at: s.updated_at };
  }

  /**
   * A new threshold, and every settled row re-flagged against it in the same transaction (only the
   * rows whose flag changes are written, so the rollups move by those). Rare, and a full pass over
   * the settled rows: docs/DECISIONS.md says what it costs at scale.
   */
  async setSettings(body: unknown, actor: Actor, userId: number) {
    const input = parse(revenueSettingsSchema, body);
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(revenueSettings).where(eq(revenueSettings.id, 1)).for('update');
      if (before && before.version !== input.version) throw conflict(before.version, input.version);
      const [after] = await tx
        .insert(revenueSettings)
        .values({ id: 1, underperform_pct: input.underperform_pct, updated_by: userId })
        .onConflictDoUpdate({ target: revenueSettings.id, set: { underperform_pct: input.underperform_pct, updated_by: userId, version: sql`${revenueSettings.version} + 1`, updated_at: new Date() } })
        .returning();
      const flag = underSql(sql`actual_kwh`, sql`estimated_kwh`, sql`${input.underperform_pct}::numeric`);
      const [moved] = await query<{ n: number }>(
        tx,
        sql`with u as (update revenues set under_performing = ${flag}, version = version + 1, updated_at = now()
                       where settled and under_performing is distinct from ${flag} returning 1)
            select count(*)::int as n from u`,
      );
      await writeLog(tx, actor, { action: 'settings', resource: def.name, before: before ?? null, after: { ...after, reflagged: Number(moved?.n ?? 0) } });
      return { underperform_pct: after!.underperform_pct, version: after!.version, updated_at: after!.updated_at, reflagged: Number(moved?.n ?? 0) };
    });
  }

  /** 生成估算: one month's estimates now (idempotent; fills in stations the last run did not have). */
  async estimate(body: unknown, actor: Actor) {
    const { period } = parse(revenueEstimateSchema, body);
    if (period > chinaMonth(new Date())) throw new ApiError(400, 'error.revenue_period_future', { period });
    const r = await estimateMonth(this.db, period, { fresh: true });
    await writeLog(this.db, actor, { action: 'estimate', resource: def.name, after: r });
    return r;
  }
}
