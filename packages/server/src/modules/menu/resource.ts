import { LAYOUT_COMPONENT, MENU_QUICK_FIELDS, MENU_STATUSES, MENU_TREE_PERMISSIONS, VIEW_COMPONENTS, menuCreateSchema, menuEditSchema, menuFlagSchema, menuMetaSchema, numeric } from '@pv/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { menus } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { validationError } from '../../http/validate.ts';
import { defineResource, type WriteContext } from '../../resources/define.ts';
import { ALL_PERMISSIONS, PERMISSIONS } from '../auth/permissions.ts';
import { plainRow } from '../present.ts';
import { type Actor, writeLog } from '../system/syslog.ts';

type Row = Record<string, unknown>;

const isExternal = (path: string) => /^(https?:)\/\//.test(path);

/** 'Layout', a known view key, or nothing (an external link). */
export function checkComponent(component: unknown) {
  if (component === undefined || component === null || component === '') return;
  if (component !== LAYOUT_COMPONENT && !VIEW_COMPONENTS.includes(String(component))) throw new ApiError(400, 'error.menu_component', { component });
}

/** Known codes: the server's permissions, a whole prefix (`customer:*`), and the codes the route tree names. */
export function checkPermission(code: unknown) {
  if (code === undefined || code === null || code === '') return;
  const c = String(code);
  const prefix = c.split(':')[0] ?? '';
  const known = ALL_PERMISSIONS.includes(c) || MENU_TREE_PERMISSIONS.includes(c) || (c.endsWith(':*') && prefix in PERMISSIONS);
  if (!known) throw new ApiError(400, 'error.permission_unknown', { codes: c });
}

/** The parent exists and is not the entry itself nor one of its descendants. */
async function checkParent(tx: Queryable, parentId: number | null, selfId: number | null) {
  if (parentId === null) return;
  if (selfId !== null && parentId === selfId) throw new ApiError(400, 'error.menu_cycle');
  const [parent] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.id, parentId));
  if (!parent) throw new ApiError(400, 'error.menu_parent_not_found', { id: parentId });
  if (selfId === null) return;
  const ancestors = await query<{ id: number }>(
    tx,
    sql`with recursive up(id, parent_id) as (
          select id, parent_id from menus where id = ${parentId}
          union all select m.id, m.parent_id from menus m join up on m.id = up.parent_id)
        select id from up`,
  );
  if (ancestors.some((a) => Number(a.id) === selfId)) throw new ApiError(400, 'error.menu_cycle');
}

async function checkUnique(tx: Queryable, values: { parent_id: number | null; path: string; name: string }, selfId: number | null) {
  const notSelf = selfId === null ? undefined : ne(menus.id, selfId);
  const [samePath] = await tx
    .select({ id: menus.id })
    .from(menus)
    .where(and(values.parent_id === null ? isNull(menus.parent_id) : eq(menus.parent_id, values.parent_id), eq(menus.path, values.path), notSelf));
  if (samePath) throw new ApiError(400, 'error.menu_path_taken', { path: values.path });
  const [sameName] = await tx.select({ id: menus.id }).from(menus).where(and(eq(menus.name, values.name), notSelf));
  if (sameName) throw new ApiError(400, 'error.menu_name_taken', { name: values.name });
}

/** Every rule of a menu row as it will be after the write. */
async function checkRow(tx: Queryable, row: Row, selfId: number | null) {
  const parentId = (row.parent_id as number | null | undefined) ?? null;
  const path = String(row.path);
  if (parentId === null && !path.startsWith('/') && !isExternal(path)) throw new ApiError(400, 'error.menu_path_absolute');
  checkComponent(row.component);
  checkPermission(row.permission);
  await checkParent(tx, parentId, selfId);
  await checkUnique(tx, { parent_id: parentId, path, name: String(row.name) }, selfId);
}

const flag = menuFlagSchema.transform((v) => v === 1);

/** update_field: a column, or one key of meta (flags on/off, badge, icon). */
export const MENU_QUICK_SCHEMAS: Record<(typeof MENU_QUICK_FIELDS)[number], z.ZodType> = {
  status: z.enum(MENU_STATUSES, { error: 'validation.enum' }),
  sort: numeric(z.number({ error: 'validation.number' }).int().min(0).max(1_000_000)),
  parent_id: z.union([numeric(z.number({ error: 'validation.number' }).int().positive()), z.null(), z.literal('').transform(() => null)]),
  permission: menuCreateSchema.shape.permission.unwrap(),
  dot: flag,
  hidden: flag,
  levelHidden: flag,
  noKeepAlive: flag,
  dynamicNewTab: flag,
  breadcrumbHidden: flag,
  noClosable: flag,
  isCustomSvg: flag,
  tabHidden: flag,
  noColumn: flag,
  badge: z.string().trim().max(16, { error: 'validation.too_long|16' }).nullable(),
  icon: z.string().trim().max(64, { error: 'validation.too_long|64' }).nullable(),
};

/** update_field's value checked by its field's schema (400 naming the field; unknown field: not editable). */
export function quickValue(schemas: Record<string, z.ZodType>, body: { field: string; value: unknown }): unknown {
  const schema = schemas[body.field];
  if (!schema) throw new ApiError(400, 'error.field_not_editable', { field: body.field });
  const result = schema.safeParse(body.value);
  if (!result.success) {
    // name the field, not "value"
    throw validationError({ ...result.error, issues: result.error.issues.map((i) => ({ ...i, path: [body.field, ...i.path] })) } as z.ZodError, { [body.field]: body.value });
  }
  return result.data;
}

const COLUMN_FIELDS = new Set(['status', 'sort', 'parent_id', 'permission']);

/** The values update_field writes for one field (validated by the caller), after the rules are checked. */
export async function quickChange(tx: Queryable, before: Row, field: string, value: unknown): Promise<Row> {
  if (COLUMN_FIELDS.has(field)) {
    const next = { ...before, [field]: value };
    if (field === 'parent_id' || field === 'permission') await checkRow(tx, next, before.id as number);
    return { [field]: value };
  }
  const meta = { ...(before.meta as Row) };
  if (value === false || value === null || value === '') delete meta[field];
  else meta[field] = value === true ? 1 : value;
  // the whole meta passes the same schema as a form edit
  return { meta: menuMetaSchema.parse(meta) };
}

/** Logs the entries a delete takes with it (children are removed by the foreign key's cascade). */
async function logDescendants(rows: Row[], { tx, auth }: WriteContext) {
  const actor: Actor = { userId: auth.userId, username: auth.username, ip: null };
  const ids = rows.map((r) => r.id as number);
  const below = await query<Row>(
    tx,
    sql`with recursive down as (
          select * from menus where parent_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
          union all select m.* from menus m join down on m.parent_id = down.id)
        select * from down`,
  );
  for (const row of below) await writeLog(tx, actor, { action: 'del', resource: 'menu', recordId: Number(row.id), before: row });
}

/** Menu entries (menuManagement): the generic get_info/add/edit/del; index is the tree (routes.ts). */
export const menuResource = defineResource({
  name: 'menu',
  permission: 'menu',
  table: menus,
  ops: ['get_info', 'add', 'edit', 'del'],
  createSchema: menuCreateSchema,
  editSchema: menuEditSchema,
  sorts: { id: menus.id, sort: menus.sort },
  defaultSort: { field: 'sort', order: 'ASC' },
  filters: {},
  search: [menus.name, menus.path],
  quickFields: {},
  scope: () => undefined,
  present: (row) => plainRow(row),
  async prepareCreate(input, { tx }) {
    const values: Row = { ...input, parent_id: input.parent_id ?? null, permission: input.permission ?? '', status: input.status ?? 'enabled' };
    if (values.sort === undefined) {
      const [last] = await query<{ max: number | null }>(
        tx,
        sql`select max(sort) as max from menus where ${values.parent_id === null ? sql`parent_id is null` : sql`parent_id = ${values.parent_id}`}`,
      );
      values.sort = Number(last?.max ?? 0) + 10;
    }
    await checkRow(tx, values, null);
    return values;
  },
  async prepareEdit(input, before, { tx }) {
    await checkRow(tx, { ...before, ...input }, before.id as number);
    return input;
  },
  async beforeDelete(rows, ctx) {
    await logDescendants(rows, ctx);
  },
});
