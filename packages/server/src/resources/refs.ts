import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { fieldLabel } from '../http/labels.ts';
import { t } from '../http/messages.ts';
import type { AuthContext } from '../modules/auth/context.ts';

/**
 * The data scope as a property of every route (docs/DECISIONS.md "Data scope on every route").
 *
 * Every query or body field of a route that names a record (`id`, `ids`, `*_id`, `*_ids`) says what
 * it names: a record type of this registry, whose rows the caller may or may not see, or one of
 * three markers — `filter` (a list filter: the list's own scope decides which rows come back),
 * `shared` (reference data without a data scope — products, materials, roles, teams — the handler
 * checks it exists), `own` (a row of the route's own record or the caller's own upload, looked up
 * within it by the handler), `handler` (a record whose type only the database knows, e.g. the
 * process a workflow starts: the handler loads it through its type's scope). The names mean the same on every route (FIELD_TYPES); a route declares
 * only what differs (`config.refs`). app.ts reads each route's documented fields when the route is
 * registered, refuses to start on a field that names nothing, and before each handler checks every
 * record the request names, for a caller whose data scope is narrower than `all`: one that does
 * not exist and one outside the scope get the same 404 (no existence oracle), before anything is
 * read or written. Handlers keep their own checks; this one cannot be forgotten.
 */

/** What a table must offer to be checked: an integer id and the caller's scope over it. */
export interface RecordType {
  table: PgTable & { id: PgColumn };
  /** rows the caller may see; undefined = every row */
  scope(auth: AuthContext): SQL | undefined;
}

export type RefMarker = 'filter' | 'shared' | 'own' | 'handler';
/** A record type's name, a marker, or a choice made from the request (e.g. by `record_type`). */
export type RefTarget = string | ((input: Record<string, unknown>) => string | null);
export type RouteRefs = Record<string, RefTarget>;

const MARKERS: readonly string[] = ['filter', 'shared', 'own', 'handler'] satisfies RefMarker[];
const types = new Map<string, RecordType>();

/** Makes a record type checkable by name (defineResource registers every resource). */
export function registerRecordType(name: string, type: RecordType): void {
  if (!types.has(name)) types.set(name, type);
}
export const isRecordType = (name: string) => types.has(name);

/** The field names every route uses alike. */
const FIELD_TYPES: Record<string, string> = {
  agent_id: 'agent',
  agent_ids: 'agent',
  parent_agent_id: 'agent',
  customer_id: 'customer',
  station_id: 'station',
  work_order_id: 'work_order',
  matter_id: 'matter',
  inspection_id: 'inspection',
  maintenance_id: 'maintenance',
  contract_id: 'lease_contract',
  bill_id: 'rent_bill',
  policy_id: 'insurance_policy',
  plan_id: 'operation_plan',
  warehouse_id: 'warehouse',
  from_warehouse_id: 'warehouse',
  to_warehouse_id: 'warehouse',
  partner_id: 'partner',
  // the company's counterparts named on a record (a customer's financier, a policy's insurer, the
  // supplier of goods received): reference data picked from a list, checked for their kind by the handler
  insurer_id: 'shared',
  supplier_id: 'shared',
  financier_id: 'shared',
  user_id: 'user',
  owner_id: 'user',
  keeper_id: 'user',
  recipient_id: 'user',
  sender_id: 'user',
  // teams and handlers are a company-wide pool (work_order/teams lists them): the handler checks the role
  team_id: 'shared',
  team_ids: 'shared',
  default_team_id: 'shared',
  handler_id: 'shared',
  product_id: 'shared',
  material_id: 'shared',
  role_id: 'shared',
  role_ids: 'shared',
  department_id: 'shared',
  definition_id: 'shared',
  task_id: 'shared',
  // uploads are attached only when the caller's own or already the record's (file service)
  file_id: 'own',
  file_ids: 'own',
  audio_file_id: 'own',
  document_ids: 'own',
  line_id: 'own',
  match_id: 'own',
};

/** Names a record: `id`, `ids`, `…_id`, `…_ids` (a tax id or a device id names none). */
export const isIdField = (name: string) => /(^|_)ids?$/.test(name) && !/(tax|device)_id$/.test(name);
const LIST_ROUTE = /\/(index|export|summary)$/;

/**
 * The refs of a route: for each record-naming field of its documented query and body, what it names
 * (declared, else — `id`/`ids`/`parent_id` — the route's own resource, else by its name; on a list
 * route a field naming no known type is a filter). Throws naming the field when nothing says what it is.
 */
export function routeRefs(url: string, fields: readonly string[], declared: RouteRefs = {}): RouteRefs {
  const own = /^\/api\/system\/([a-z_]+)\//.exec(url)?.[1] ?? '';
  const list = LIST_ROUTE.test(url);
  const out: RouteRefs = {};
  for (const field of fields) {
    if (!isIdField(field) && !(field in declared)) continue;
    let target: RefTarget | undefined = declared[field];
    if (target === undefined && (field === 'id' || field === 'ids' || field === 'parent_id') && types.has(own)) target = own;
    target ??= FIELD_TYPES[field];
    // a list filter naming a record is checked like any other (filtering by another agent's station must
    // not tell which of my policies cover it); one naming no known type is left to the list's own scope
    if (target === undefined && list) target = 'filter';
    if (target === undefined) throw new Error(`route ${url}: field ${field} names a record; say which in config.refs`);
    if (typeof target === 'string' && !MARKERS.includes(target) && !types.has(target)) throw new Error(`route ${url}: field ${field} names ${target}, which is not a record type`);
    out[field] = target;
  }
  return out;
}

/** Positive integer ids out of a field's value (a number, a numeric string, "1,2,3", an array); anything else is the handler's to refuse. */
function idsOf(value: unknown): number[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  const out: number[] = [];
  for (const v of list) {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : NaN;
    if (Number.isSafeInteger(n) && n > 0 && n <= 2147483647) out.push(n);
  }
  return out;
}

/**
 * Every record the request names, for a caller with a narrower scope than `all`: each must exist
 * and be in the caller's scope, else 404 — the same answer for both. One query per field.
 */
export async function checkRefs(db: Queryable, refs: RouteRefs, input: Record<string, unknown>, auth: AuthContext): Promise<void> {
  for (const [field, target] of Object.entries(refs)) {
    if (!(field in input)) continue;
    const name = typeof target === 'function' ? target(input) : target;
    if (!name || MARKERS.includes(name)) continue;
    const type = types.get(name);
    if (!type) continue;
    const scope = type.scope(auth);
    if (scope === undefined) continue;
    const ids = [...new Set(idsOf(input[field]))];
    if (!ids.length) continue;
    const rows = (await db
      .select({ id: type.table.id, ok: sql<boolean>`coalesce((${scope}), false)` })
      .from(type.table as PgTable)
      .where(inArray(type.table.id, ids))) as Array<{ id: number; ok: boolean }>;
    const visible = new Set(rows.filter((r) => r.ok).map((r) => Number(r.id)));
    const hidden = ids.filter((id) => !visible.has(id));
    if (!hidden.length) continue;
    if (field === 'id' || field === 'ids') throw notFound(hidden.join(', '));
    const id = hidden.join(', ');
    throw new ApiError(404, 'error.ref_not_found', { field, id }, (lang) => t('error.ref_not_found', lang, { field: fieldLabel(field, lang) ?? field, id }));
  }
}
