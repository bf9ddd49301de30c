import { KEYWORD_COUNT_CAP, type Lang } from '@pv/contract';
import { asc, count, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client.ts';
import { ApiError, conflict, notFound, outOfScope } from '../http/errors.ts';
import { parse, validationError } from '../http/validate.ts';
import type { AuthContext } from '../modules/auth/context.ts';
import { type Actor, writeLog } from '../modules/system/syslog.ts';
import type { ResourceDef } from './define.ts';
import { inScopeExpr, isSortExpr, planList } from './query.ts';

type Row = Record<string, unknown>;

const logged = (def: ResourceDef, row: Row) => (def.logRow ? def.logRow(row) : row);

const selections = new WeakMap<object, Record<string, unknown>>();

/** What index, get_info and export read of a resource: its columns but the unread ones, and its extra columns (built once). */
export function selection(def: Pick<ResourceDef, 'table' | 'extraColumns' | 'unread'>): Record<string, any> {
  let cols = selections.get(def);
  if (!cols) {
    const unread = new Set(def.unread ?? []);
    cols = { ...Object.fromEntries(Object.entries(getTableColumns(def.table)).filter(([k]) => !unread.has(k))), ...(def.extraColumns ?? {}) };
    selections.set(def, cols);
  }
  return cols;
}

/**
 * get_info of a caller who sees every row: the same statement every time, so drizzle builds its SQL
 * once per resource and handle (prepared) instead of on every request.
 */
const byIdQueries = new WeakMap<Db, Map<ResourceDef, { execute(values: { id: number }): Promise<unknown[]> }>>();

function byIdQuery(db: Db, def: ResourceDef) {
  let perDb = byIdQueries.get(db);
  if (!perDb) byIdQueries.set(db, (perDb = new Map()));
  let q = perDb.get(def);
  if (!q) {
    q = db
      .select(selection(def))
      .from(def.table as any)
      .where(eq(def.table.id, sql.placeholder('id')))
      .prepare(`${def.name}_by_id`);
    perDb.set(def, q);
  }
  return q;
}

export async function listRecords(db: Db, def: ResourceDef, query: Record<string, unknown>, auth: AuthContext, lang: Lang) {
  const plan = planList(def, query, auth);
  const pageOf = (where: SQL | undefined) =>
    db
      .select(selection(def))
      .from(def.table as any)
      .where(where)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset);
  const present = (rows: unknown[]) => rows.map((r) => def.present(r as Row, lang));
  if (plan.keyword && !plan.count) {
    // A keyword: its matches are read once through the search indexes, at most plan.rankLimit + 1 of them
    // with their sort key, and the page is ranked among those. Sorting the table with the keyword as a
    // filter instead lets the planner walk the sort index testing row after row: for a rare name pair
    // at 5 M customers it tested ~90,000 rows (1.4 s) to find 20.
    const key = isSortExpr(plan.sort.key) ? plan.sort.key.expr : plan.sort.key;
    const matches = db.$with('matches').as(
      db
        .select({ id: sql<number>`${def.table.id}`.as('match_id'), k: sql`${key}`.as('match_key') })
        .from(def.table as any)
        .where(plan.where)
        .limit(plan.rankLimit + 1),
    );
    const dir = plan.sort.desc ? desc : asc;
    // without parallel workers: starting them cost more than the scan (a pair with 422 matches at 5 M
    // customers, 8.9 ms with two workers, 4.1 ms without); the planner, estimating 0.5 % of the table, chose them
    const ranked = await db.transaction(async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      return tx
        .with(matches)
        .select({ id: matches.id, n: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(matches)
        .orderBy(dir(matches.k), dir(matches.id))
        .limit(plan.limit)
        .offset(plan.offset);
    });
    const n = ranked.length ? ranked[0]!.n : plan.offset ? Number((await db.with(matches).select({ n: count() }).from(matches))[0]!.n) : 0;
    // the total is exact up to KEYWORD_COUNT_CAP, then "more than" (the console pages on without a last page)
    const total = n > KEYWORD_COUNT_CAP ? { total: KEYWORD_COUNT_CAP, total_exact: false as const } : { total: n };
    // more matches than may be ranked: dense enough for the ordered walk
    if (n > plan.rankLimit) return { list: present(await pageOf(plan.where)), ...total };
    const rows = ranked.length ? await db.select(selection(def)).from(def.table as any).where(inArray(def.table.id, ranked.map((r) => r.id))) : [];
    const byId = new Map(rows.map((r) => [(r as Row).id, r]));
    return { list: present(ranked.map((r) => byId.get(r.id)).filter((r) => r !== undefined)), ...total };
  }
  // total from the counter table when the filters allow it, else a real count; both queries run
  // concurrently (on PostgreSQL they take two pool connections)
  const totalQuery = plan.count
    ? db.select({ n: sql<string>`coalesce(sum(${plan.count.counter.n}), 0)` }).from(plan.count.counter.table).where(plan.count.where)
    : db.select({ n: count() }).from(def.table as any).where(plan.where);
  const [rows, [totalRow]] = await Promise.all([pageOf(plan.where), totalQuery]);
  return { list: present(rows), total: Number(totalRow?.n ?? 0) };
}

/**
 * One row in the caller's data scope, optionally FOR UPDATE — one query, the scope evaluated as a
 * column; a row outside the scope answers exactly as a missing one (404, no existence oracle). A
 * lifecycle module may pass only its table and scope.
 */
export async function loadOne(db: Queryable, def: Pick<ResourceDef, 'table' | 'scope' | 'extraColumns'>, id: number, auth: AuthContext, opts: { lock?: boolean; extra?: boolean } = {}): Promise<Row> {
  const cols = opts.extra ? selection(def) : getTableColumns(def.table);
  let q = db
    .select({ ...cols, __in_scope: inScopeExpr(def.scope(auth)) })
    .from(def.table as any)
    .where(eq(def.table.id, id))
    .$dynamic();
  if (opts.lock) q = q.for('update', { of: def.table as any });
  const [row] = await q;
  if (!row) throw notFound(id);
  const { __in_scope, ...rest } = row as Row;
  if (!__in_scope) throw outOfScope(id);
  return rest;
}

export async function getRecord(db: Db, def: ResourceDef, id: number, auth: AuthContext, lang: Lang) {
  if (def.scope(auth) === undefined) {
    const [row] = await byIdQuery(db, def).execute({ id });
    if (!row) throw notFound(id);
    return def.present(row as Row, lang);
  }
  return def.present(await loadOne(db, def, id, auth, { extra: true }), lang);
}

async function reread(db: Queryable, def: ResourceDef, id: number, lang: Lang) {
  const [row] = await db.select(selection(def)).from(def.table as any).where(eq(def.table.id, id));
  return def.present(row as Row, lang);
}

export async function createRecord(db: Db, def: ResourceDef, body: unknown, auth: AuthContext, actor: Actor, lang: Lang) {
  if (!def.createSchema) throw new Error(`${def.name}: no create schema`);
  const input = parse(def.createSchema, body) as Row;
  return db.transaction(async (tx) => {
    const created = await insertRecord(tx, def, input, auth, actor);
    return reread(tx, def, created.id as number, lang);
  });
}

/** Inserts one validated row inside the caller's transaction: prepareCreate, scope check, afterCreate, sys_log. */
export async function insertRecord(tx: Queryable, def: ResourceDef, input: Row, auth: AuthContext, actor: Actor, action = 'add'): Promise<Row> {
  const values = def.prepareCreate ? await def.prepareCreate(input, { auth, tx }) : input;
  const [row] = await tx.insert(def.table).values(values as any).returning();
  const created = row as Row;
  // the new row must be one the caller may see (e.g. an agent adding for another agent)
  await loadOne(tx, def, created.id as number, auth);
  if (def.afterCreate) await def.afterCreate(created, input, { auth, tx });
  await writeLog(tx, actor, { action, resource: def.name, recordId: created.id as number, after: logged(def, created) });
  return created;
}

/**
 * The one way a row changes: lock it, check scope and (when given) the version the caller read,
 * apply `change`, bump version, log before/after — all in one transaction.
 */
export async function mutate(
  db: Db,
  def: ResourceDef,
  id: number,
  version: number | null,
  auth: AuthContext,
  actor: Actor,
  action: string,
  change: (before: Row, tx: Queryable) => Promise<Row> | Row,
  after?: (tx: Queryable, updated: Row) => Promise<void>,
): Promise<Row> {
  return db.transaction(async (tx) => {
    const before = await loadOne(tx, def, id, auth, { lock: true });
    if (version !== null && before.version !== version) throw conflict(before.version as number, version);
    const values = await change(before, tx);
    const [updated] = await tx
      .update(def.table)
      .set({ ...values, version: sql`${def.table.version} + 1`, updated_at: new Date() } as any)
      .where(eq(def.table.id, id))
      .returning();
    if (after) await after(tx, updated as Row);
    await writeLog(tx, actor, { action, resource: def.name, recordId: id, before: logged(def, before), after: logged(def, updated as Row) });
    return updated as Row;
  });
}

export async function editRecord(db: Db, def: ResourceDef, body: unknown, auth: AuthContext, actor: Actor, lang: Lang) {
  if (!def.editSchema) throw new Error(`${def.name}: no edit schema`);
  const { id, version, ...input } = parse(def.editSchema, body) as Row & { id: number; version: number };
  const updated = await mutate(db, def, id, version, auth, actor, 'edit', async (before, tx) =>
    def.prepareEdit ? def.prepareEdit(input, before, { auth, tx }) : input,
  );
  return reread(db, def, updated.id as number, lang);
}

export async function updateField(db: Db, def: ResourceDef, body: { id: number; field: string; value: unknown }, auth: AuthContext, actor: Actor, lang: Lang) {
  const schema = def.quickFields[body.field];
  if (!schema) throw new ApiError(400, 'error.field_not_editable', { field: body.field });
  const result = schema.safeParse(body.value);
  if (!result.success) {
    // name the field, not "value": the person toggled "remark", not a parameter called value
    throw validationError({ ...result.error, issues: result.error.issues.map((i) => ({ ...i, path: [body.field, ...i.path] })) } as any, { [body.field]: body.value });
  }
  const updated = await mutate(db, def, body.id, null, auth, actor, 'update_field', () => ({ [body.field]: result.data }));
  return reread(db, def, updated.id as number, lang);
}

export async function deleteRecords(db: Db, def: ResourceDef, ids: number[], auth: AuthContext, actor: Actor) {
  return db.transaction(async (tx) => {
    const rows = (await tx
      .select({ ...getTableColumns(def.table), __in_scope: inScopeExpr(def.scope(auth)) })
      .from(def.table as any)
      .where(inArray(def.table.id, ids))
      .for('update')) as Row[];
    const found = new Set(rows.map((r) => r.id as number));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw notFound(missing.join(', '));
    const hidden = rows.filter((r) => !r.__in_scope).map((r) => r.id);
    if (hidden.length) throw outOfScope(hidden.join(', '));
    if (def.beforeDelete) await def.beforeDelete(rows, { auth, tx });
    await tx.delete(def.table).where(inArray(def.table.id, ids));
    for (const { __in_scope: _, ...before } of rows) await writeLog(tx, actor, { action: 'del', resource: def.name, recordId: before.id as number, before: logged(def, before) });
    return ids;
  });
}

