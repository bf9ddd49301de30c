/**
 * Route/menu records (SPEC.md §3). The server sends meta flags as 1/0 (`ServerRoute`); the console
 * turns them into booleans (`AppRoute`) and every shell part (menu, tabs, breadcrumb, guard, title)
 * reads that one typed object.
 */

/** Meta flags that arrive as 1/0 and become booleans. */
export const ROUTE_FLAG_KEYS = ['dot', 'hidden', 'levelHidden', 'noKeepAlive', 'dynamicNewTab', 'breadcrumbHidden', 'noClosable'] as const;
export type RouteFlagKey = (typeof ROUTE_FLAG_KEYS)[number];

/** Flags that are booleans on both sides (a 1/0 is accepted for them too). */
export const ROUTE_BOOL_KEYS = ['isCustomSvg', 'tabHidden', 'noColumn'] as const;

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
