import type { FastifyInstance } from 'fastify';
import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import { FIELD_DISPLAY, numeric, type TimelineEntry } from '@pv/contract';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { sysLog, users } from '../db/schema/index.ts';
import { authOf, type Deps } from '../http/deps.ts';
import { ok } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { parse } from '../http/validate.ts';
import { listTransitions, type TransitionEntry } from '../lifecycle/engine.ts';
import type { AuthContext } from '../modules/auth/context.ts';
import { plainRow } from '../modules/present.ts';
import type { ResourceDef } from './define.ts';
import { namesFor } from './names.ts';
import { loadOne } from './service.ts';

type Row = Record<string, unknown>;
/** `?id=N` of a record's side lists (history, timeline, photos, …). */
export const idQuery = z.object({ id: numeric(z.number({ error: 'validation.number' }).int().positive()) });

/**
 * A record's system-log entries (before/after), oldest first, with the actor's full name, and `refs`:
 * the names of the users and records the logged values point at (refs.ts), so the history shows
 * 处理人: ∅ → 孙师傅, not an id. `mask` turns a logged row into what may leave the server (the log
 * keeps full values).
 */
export async function recordHistory(db: Db, def: ResourceDef, id: number, auth: AuthContext, mask: (row: Row) => Row = (r) => r) {
  await loadOne(db, def, id, auth);
  const rows = await db
    .select({ ...getTableColumns(sysLog), full_name: users.full_name })
    .from(sysLog)
    .leftJoin(users, eq(users.id, sysLog.user_id))
    .where(and(eq(sysLog.resource, def.name), eq(sysLog.record_id, id)))
    .orderBy(asc(sysLog.id));
  const safe = (v: unknown) => (v && typeof v === 'object' ? mask(v as Row) : v);
  const list = rows.map((r) => ({ ...plainRow(r as Row), before: safe(r.before), after: safe(r.after) }));
  const logged = list.flatMap((e) => [e.before, e.after]).filter((v): v is Row => !!v && typeof v === 'object' && !Array.isArray(v));
  return { list, total: rows.length, refs: await namesFor(db, logged, FIELD_DISPLAY[def.name]) };
}

/**
 * `GET /api/system/<name>/history?id=` (the change log) and, for records with a lifecycle,
 * `GET /api/system/<name>/timeline?id=` (every transition: action, from → to, who, when, reason).
 * Both need `<permission>:get_info` and respect the data scope.
 */
export function historyRoutes(
  app: FastifyInstance,
  { db }: Deps,
  def: ResourceDef,
  opts: {
    entity?: TransitionEntry['entity'];
    mask?: (row: Row) => Row;
    /**
     * The first entry a record implies without a transitions row of its own (records a generator
     * writes by the million): put first unless a stored entry has the same action.
     */
    origin?: (row: Row) => TimelineEntry | null;
  } = {},
) {
  const base = `/api/system/${def.name}`;
  const permission = `${def.permission}:get_info`;
  app.get(
    `${base}/history`,
    { config: { permission }, schema: doc(def.name, "The record's system-log entries (before/after), oldest first, and the names of the records their values point at → {list,total,refs}", { querystring: z.object({ id: z.number() }) }) },
    async (req) => ok(await recordHistory(db, def, parse(idQuery, req.query).id, authOf(req), opts.mask)),
  );
  if (!opts.entity) return;
  const entity = opts.entity;
  app.get(
    `${base}/timeline`,
    { config: { permission }, schema: doc(def.name, 'Every lifecycle transition of the record (action, from_status → to_status, reason, who, when), oldest first → {list,total}', { querystring: z.object({ id: z.number() }) }) },
    async (req) => {
      const { id } = parse(idQuery, req.query);
      const row = await loadOne(db, def, id, authOf(req));
      const list = (await listTransitions(db, entity, id)) as TimelineEntry[];
      const origin = opts.origin?.(row);
      if (origin && !list.some((e) => e.action === origin.action)) list.unshift(origin);
      return ok({ list, total: list.length });
    },
  );
}
