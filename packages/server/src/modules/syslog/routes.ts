import { FIELD_DISPLAY, maskMiddle } from '@pv/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sysLog } from '../../db/schema/index.ts';
import { authOf, type Deps } from '../../http/deps.ts';
import { ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import { defineResource, range, type ResourceTable, filterValue } from '../../resources/define.ts';
import { idQuery } from '../../resources/history.ts';
import { namesFor } from '../../resources/names.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { loadOne } from '../../resources/service.ts';
import { plainRow } from '../present.ts';

/** Values the log keeps in full but the API never shows: masked like the records' own API does, secrets dropped. */
const MASKED = new Set(['id_card', 'bank_card', 'bank_account']);
const SECRET = new Set(['password_hash', 'refresh_hash', 'prev_refresh_hash', 'code_hash']);

export function redact(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (SECRET.has(k)) continue;
    out[k] = MASKED.has(k) && typeof v === 'string' && v !== '' ? maskMiddle(v) : v;
  }
  return out;
}

const word = z.string().trim().max(64, { error: 'validation.too_long|64' });

/**
 * The system log (系统日志), read-only over the API: entries are written only by the writes they
 * describe (writeLog in the same transaction). Filters map onto the sys_log indexes (user + time,
 * action + user name + time, resource + record, time). Callers whose data scope is not 'all' see
 * their own entries only.
 */
export const syslogResource = defineResource({
  name: 'syslog',
  permission: 'syslog',
  // read-only: the generic index/get_info need neither version nor updated_at
  table: sysLog as unknown as ResourceTable,
  ops: ['index', 'get_info'],
  sorts: { created_at: sysLog.created_at, id: sysLog.id },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    user_id: { column: sysLog.user_id, op: 'eq', schema: filterValue.id, multi: true },
    username: { column: sysLog.username, op: 'prefix', schema: word },
    action: { column: sysLog.action, op: 'eq', schema: word, multi: true },
    resource: { column: sysLog.resource, op: 'eq', schema: word, multi: true },
    record_id: { column: sysLog.record_id, op: 'eq', schema: filterValue.id },
    ip: { column: sysLog.ip, op: 'prefix', schema: word },
    ...range('created_at', sysLog.created_at, filterValue.date),
  },
  search: [sysLog.username, sysLog.resource, sysLog.action],
  quickFields: {},
  scope: (auth) => (auth.scope === 'all' || auth.isAdmin ? undefined : eq(sysLog.user_id, auth.userId)),
  extraColumns: {
    full_name: sql<string | null>`(select u.full_name from users u where u.id = "sys_log"."user_id")`,
  },
  present: (row) => {
    const out = plainRow(row);
    out.before = redact(row.before);
    out.after = redact(row.after);
    return out;
  },
});

export function syslogRoutes(app: FastifyInstance, deps: Deps) {
  resourceRoutes(app, deps, syslogResource);
  // the names of the users and records an entry's values point at (the diff shows 孙师傅, not 6)
  app.get(
    '/api/system/syslog/refs',
    { config: { permission: 'syslog:get_info' }, schema: doc('syslog', "Names of the records an entry's before/after point at → {user: {id: name}, station: {…}, …}", { querystring: z.object({ id: z.number() }) }) },
    async (req) => {
      const row = await loadOne(deps.db, syslogResource, parse(idQuery, req.query).id, authOf(req));
      const logged = [row.before, row.after].filter((v): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v));
      return ok(await namesFor(deps.db, logged, FIELD_DISPLAY[row.resource as string]));
    },
  );
}
