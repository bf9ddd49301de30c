import { z } from 'zod';
import { numeric } from './fields.ts';
import { ROUTE_BOOL_KEYS, ROUTE_FLAG_KEYS, type RouteFlagKey } from './route-keys.ts';

/**
 * Route/menu records (SPEC.md §3). The server sends meta flags as 1/0 (`ServerRoute`); the console
 * turns them into booleans (`AppRoute`) and every shell part (menu, tabs, breadcrumb, guard, title)
 * reads that one typed object.
 */


/** A route guard: roles (any of), or the object form of the permission check (SPEC.md §6). */
export type RouteGuard = string[] | { role?: string[]; permission?: string[]; mode?: 'allOf' | 'oneOf' | 'except' };

export interface RouteMeta {
  /**
   * An i18n route key (`pv.route.<title>` in the console catalogues) or, for entries created in menu
   * management, plain text shown as is.
   */
  title: string;
  icon?: string;
  isCustomSvg?: boolean;
  hidden?: boolean;
  levelHidden?: boolean;
  dot?: boolean;
  badge?: string;
  noKeepAlive?: boolean;
  noClosable?: boolean;
  dynamicNewTab?: boolean;
  breadcrumbHidden?: boolean;
  guard?: RouteGuard;
  activeMenu?: string;
  tabHidden?: boolean;
  target?: '_blank' | '_self';
  noColumn?: boolean;
}

export type ServerRouteMeta = Omit<RouteMeta, RouteFlagKey | (typeof ROUTE_BOOL_KEYS)[number]> &
  Partial<Record<RouteFlagKey | (typeof ROUTE_BOOL_KEYS)[number], 0 | 1 | boolean>>;

/** What GET /api/system/menu/index returns: an array of these. */
export interface ServerRoute {
  /** absolute for first-level entries ('/customer'), relative below ('intentionalCustomer'); http(s) URLs are external */
  path: string;
  name: string;
  /** 'Layout' for a first-level container, else a view path such as 'customer/intentionalCustomer' */
  component?: string | null;
  redirect?: string | null;
  meta: ServerRouteMeta;
  children?: ServerRoute[];
}

/** The console's form: flags are booleans and `fullPath` is resolved. */
export interface AppRoute {
  path: string;
  fullPath: string;
  name: string;
  component?: string | null;
  redirect?: string | null;
  meta: RouteMeta;
  children?: AppRoute[];
}

// ---------------------------------------------------------------------------------------------
// Menu management (/setting/menuManagement) and the menu endpoint's parameters

const FLAG_VALUES: readonly unknown[] = [0, 1, '0', '1', true, false];
/** 1/0 (or true/false, '1'/'0'); anything else says "only 1 or 0". */
export const menuFlagSchema = z
  .unknown()
  .refine((v) => FLAG_VALUES.includes(v), { error: 'validation.menu_flag' })
  .transform((v) => (v === 1 || v === '1' || v === true ? 1 : 0));
const flag01 = menuFlagSchema;

/** Every flag a menu entry may carry (stored and served as 1/0). */
export const MENU_FLAG_KEYS = [...ROUTE_FLAG_KEYS, ...ROUTE_BOOL_KEYS] as const;

const guardSchema = z.union(
  [
    z.array(z.string().trim().min(1).max(64)).max(20),
    z.strictObject({
      role: z.array(z.string().trim().min(1).max(64)).max(20).optional(),
      permission: z.array(z.string().trim().min(1).max(64)).max(20).optional(),
      mode: z.enum(['allOf', 'oneOf', 'except'], { error: 'validation.enum' }).optional(),
    }),
  ],
  { error: 'validation.menu_guard' },
);

/**
 * A menu entry's meta as menu management writes it (SPEC.md §3 route meta). Flags are 1/0 (true/false
 * and '1'/'0' are accepted and stored as 1/0; 0 is dropped). `identity` limits the entry to one user
 * identity (大屏: 'system').
 */
export const menuMetaSchema = z
  .strictObject({
    title: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.too_long|64' }),
    icon: z.string().trim().max(64, { error: 'validation.too_long|64' }).nullish(),
    badge: z.string().trim().max(16, { error: 'validation.too_long|16' }).nullish(),
    activeMenu: z
      .string()
      .trim()
      .max(200, { error: 'validation.too_long|200' })
      .refine((v) => v === '' || v.startsWith('/'), { error: 'validation.menu_active' })
      .nullish(),
    target: z.enum(['_blank', '_self'], { error: 'validation.menu_target' }).nullish().or(z.literal('')),
    guard: guardSchema.nullish(),
    identity: z.string().trim().max(32, { error: 'validation.too_long|32' }).nullish(),
    ...Object.fromEntries(MENU_FLAG_KEYS.map((k) => [k, flag01.optional()])),
  })
  .transform((meta) => {
    // stored compactly: flags only when on, empty strings and nulls dropped
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(meta)) {
      if (v === null || v === undefined || v === '' || (v as unknown) === 0) continue;
      if (Array.isArray(v) && v.length === 0) continue;
      out[k] = v;
    }
    return out as ServerRouteMeta & { identity?: string };
  });

export const MENU_STATUSES = ['enabled', 'disabled'] as const;

const menuPath = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.menu_path_required' })
  .max(200, { error: 'validation.too_long|200' })
  .refine((v) => !/\s/.test(v), { error: 'validation.menu_path' });
const menuName = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(64, { error: 'validation.too_long|64' })
  .refine((v) => /^[A-Za-z][A-Za-z0-9_-]*$/.test(v), { error: 'validation.menu_name' });
const optionalId = numeric(z.number({ error: 'validation.number' }).int().positive()).nullish();
const menuFields = {
  parent_id: optionalId,
  path: menuPath,
  name: menuName,
  /** 'Layout' or a view key of VIEW_COMPONENTS (checked on the server) */
  component: z.string().trim().max(200, { error: 'validation.too_long|200' }).nullish(),
  redirect: z.string().trim().max(200, { error: 'validation.too_long|200' }).nullish(),
  sort: numeric(z.number({ error: 'validation.number' }).int().min(0).max(1_000_000)).optional(),
  meta: menuMetaSchema,
  /** '' = every signed-in user; else a permission code such as customer:index */
  permission: z
    .string()
    .trim()
    .max(64, { error: 'validation.too_long|64' })
    .refine((v) => v === '' || /^[a-z][a-z0-9_]*:[a-z_*][a-z0-9_]*$/.test(v), { error: 'validation.permission_code' })
    .optional(),
  status: z.enum(MENU_STATUSES, { error: 'validation.enum' }).optional(),
};

export const menuCreateSchema = z.strictObject(menuFields);
export const menuEditSchema = menuCreateSchema.partial().extend({
  id: numeric(z.number({ error: 'validation.number' }).int().positive()),
  version: numeric(z.number({ error: 'validation.number' }).int().positive()),
});
export type MenuCreate = z.output<typeof menuCreateSchema>;

/** Fields update_field may change on a menu entry: status, sort, parent_id, permission and every meta flag. */
export const MENU_QUICK_FIELDS = ['status', 'sort', 'parent_id', 'permission', ...MENU_FLAG_KEYS, 'badge', 'icon'] as const;

const bit = z
  .unknown()
  .refine((v) => [...FLAG_VALUES, 'true', 'false'].includes(v), { error: 'validation.menu_flag' })
  .transform((v) => v === '1' || v === 1 || v === 'true' || v === true);

/**
 * GET /api/system/menu/index parameters (SPEC.md §7 Menu). Without any: the caller's own route tree.
 * - all=1: the whole table as a tree, disabled entries included, with id/parent_id/sort/permission/
 *   status/version (needs menu:index).
 * - admin_id=<user id>: the tree that user is served (needs menu:index).
 * - hide=1: leave out entries whose meta.hidden is 1 (the menu as drawn).
 * - filter=<keyword>: keep entries whose title, path or name contains it (case-insensitive), with
 *   their ancestors; a matching parent keeps its children.
 * - filter_checkout=1: a flat list {id, parent_id, name, path, full_path, title, depth, status},
 *   parents before children, for check-box pickers.
 */
export const menuIndexQuerySchema = z.strictObject({
  hide: bit.optional(),
  all: bit.optional(),
  admin_id: numeric(z.number({ error: 'validation.number' }).int().positive()).optional(),
  filter: z.string().trim().max(64, { error: 'validation.too_long|64' }).optional(),
  filter_checkout: bit.optional(),
});
export type MenuIndexQuery = z.output<typeof menuIndexQuerySchema>;

/** One row of the filter_checkout=1 reply. */
export interface MenuCheckItem {
  id: number;
  parent_id: number | null;
  name: string;
  path: string;
  full_path: string;
  title: string;
  depth: number;
  status: string;
}

/** A menu row as menu management sees it (all=1, get_info). */
export interface MenuRecord extends ServerRoute {
  id: number;
  parent_id: number | null;
  sort: number;
  permission: string;
  status: (typeof MENU_STATUSES)[number];
  version: number;
  children?: MenuRecord[];
}
