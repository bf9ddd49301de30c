import {
  canTransition,
  type Lang,
  type Machine,
  STATION_MACHINE,
  type StationAction,
  StationActionLabel,
  StationStatus,
} from '@pv/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { stations, transitions } from '../db/schema/index.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { t } from '../http/messages.ts';
import { type Actor, writeLog } from '../modules/system/syslog.ts';

type Row = Record<string, unknown>;
interface Labels {
  label(value: string | null | undefined, lang: Lang): string;
}

/** 400 naming the current state and the refused action, in the caller's language. */
export function illegalTransition(state: string, action: string, stateLabels: Labels, actionLabels: Labels): ApiError {
  return new ApiError(400, 'error.illegal_transition', { state, action }, (lang) =>
    t('error.illegal_transition', lang, { state: stateLabels.label(state, lang), action: actionLabels.label(action, lang) }),
  );
}

/** Throws illegalTransition unless `action` may start from `state`; returns the target state. */
export function assertTransition<S extends string, A extends string>(
  machine: Machine<S, A>,
  state: string,
  action: A,
  stateLabels: Labels,
  actionLabels: Labels,
): S {
  if (!canTransition(machine, state, action)) throw illegalTransition(state, action, stateLabels, actionLabels);
  return machine[action].to;
}

/** 400: a frozen station refuses every transition until unfrozen. */
export function stationFrozen(code: string, action: string, actionLabels: Labels = StationActionLabel): ApiError {
  return new ApiError(400, 'error.station_frozen', { code, action }, (lang) =>
    t('error.station_frozen', lang, { code, action: actionLabels.label(action, lang) }),
  );
}

export interface TransitionEntry {
  entity: 'station' | 'work_order' | 'self_audit' | 'matter' | 'customer' | 'inspection' | 'maintenance' | 'lease_contract' | 'rent_bill' | 'payment_batch' | 'app_version' | 'partner' | 'settlement' | 'insurance_policy' | 'insurance_claim' | 'invoice' | 'statement';
  entityId: number;
  action: string;
  from: string | null;
  to: string | null;
  reason?: string | null;
  data?: Record<string, unknown> | null;
}

/** One timeline row, in the caller's transaction (it commits or rolls back with the change). */
export async function recordTransition(tx: Queryable, actor: Actor, e: TransitionEntry): Promise<void> {
  await tx.insert(transitions).values({
    entity: e.entity,
    entity_id: e.entityId,
    action: e.action,
    from_status: e.from,
    to_status: e.to,
    reason: e.reason ?? null,
    data: e.data ? JSON.parse(JSON.stringify(e.data)) : null,
    user_id: actor.userId,
    user_name: actor.username,
  });
}

/** The timeline of one record, oldest first, with the actor's full name. */
export async function listTransitions(db: Queryable, entity: TransitionEntry['entity'], id: number) {
  const rows = await db
    .select({
      id: transitions.id,
      action: transitions.action,
      from_status: transitions.from_status,
      to_status: transitions.to_status,
      reason: transitions.reason,
      data: transitions.data,
      user_id: transitions.user_id,
      user_name: transitions.user_name,
      full_name: sql<string | null>`(select u.full_name from users u where u.id = "transitions"."user_id")`,
      created_at: transitions.created_at,
    })
    .from(transitions)
    .where(and(eq(transitions.entity, entity), eq(transitions.entity_id, id)))
    .orderBy(asc(transitions.id));
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

/**
 * Moves a station along STATION_MACHINE inside the caller's transaction: locks the row, refuses a
 * frozen station or a wrong state, sets status (+ `set`), bumps version, writes sys_log and the
 * timeline. The caller has already checked permission and data scope (on the station or on the
 * work order / self-audit that drives it). Returns the updated row.
 */
export async function moveStation(
  tx: Queryable,
  stationId: number,
  action: StationAction,
  actor: Actor,
  opts: { reason?: string | null; data?: Record<string, unknown>; set?: Row; expectVersion?: number | null } = {},
): Promise<Row> {
  const [before] = (await tx.select().from(stations).where(eq(stations.id, stationId)).for('update')) as Row[];
  if (!before) throw notFound(stationId);
  if (opts.expectVersion != null && before.version !== opts.expectVersion) {
    throw new ApiError(409, 'error.version_conflict', { current: before.version, yours: opts.expectVersion });
  }
  if (before.frozen) throw stationFrozen(before.code as string, action);
  const to = assertTransition(STATION_MACHINE, before.status as string, action, StationStatus, StationActionLabel);
  const [after] = (await tx
    .update(stations)
    .set({ ...(opts.set ?? {}), status: to, status_at: new Date(), version: sql`${stations.version} + 1`, updated_at: new Date() } as any)
    .where(eq(stations.id, stationId))
    .returning()) as Row[];
  await writeLog(tx, actor, { action, resource: 'station', recordId: stationId, before, after });
  await recordTransition(tx, actor, { entity: 'station', entityId: stationId, action, from: before.status as string, to, reason: opts.reason, data: opts.data });
  return after!;
}
