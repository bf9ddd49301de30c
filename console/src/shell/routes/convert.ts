import { ROUTE_BOOL_KEYS, ROUTE_FLAG_KEYS, type AppRoute, type RouteMeta, type ServerRoute } from '@pv/contract';
import { hasPermission, type Acl } from '../../providers/permissions.ts';

/** Thrown when the menu reply is not an array (SPEC.md §8: 路由格式返回有误！). */
export class RouteFormatError extends Error {
  constructor() {
    super('pv.routing.format_error');
  }
}

export const NOT_FOUND_PATH = '/404';

const isExternal = (path: string) => /^(https?:|mailto:|tel:)/.test(path);

function joinPath(parent: string, path: string): string {
  if (isExternal(path) || path.startsWith('/')) return path;
  const base = parent.endsWith('/') ? parent.slice(0, -1) : parent;
  return `${base}/${path}`;
}

function toMeta(raw: ServerRoute['meta'] | undefined, name: string): RouteMeta {
  const meta = { ...(raw ?? {}) } as Record<string, unknown>;
  for (const key of [...ROUTE_FLAG_KEYS, ...ROUTE_BOOL_KEYS]) {
    if (key in meta) meta[key] = meta[key] === 1 || meta[key] === true || meta[key] === '1';
  }
  if (typeof meta.title !== 'string' || meta.title === '') meta.title = name;
  if (meta.badge !== undefined && meta.badge !== null) meta.badge = String(meta.badge);
  return meta as unknown as RouteMeta;
}

/**
 * The server's route array → the console's routes (SPEC.md §2 dynamic menu):
 * 1/0 flags become booleans, paths are resolved, routes whose guard the user fails are dropped
 * (with their children), and a catch-all not-found route is appended when missing.
 * `rolesControl` off (the configured value) ignores role guards; permission guards always apply.
 */
export function convertRoutes(reply: unknown, acl: Acl, options: { rolesControl?: boolean } = {}): AppRoute[] {
  if (!Array.isArray(reply)) throw new RouteFormatError();
  const allowed = (meta: RouteMeta) => {
    const guard = meta.guard;
    if (!guard) return true;
    if (Array.isArray(guard)) return !options.rolesControl || hasPermission(acl, guard);
    return hasPermission(acl, options.rolesControl ? guard : { permission: guard.permission, mode: guard.mode });
  };
  const walk = (list: ServerRoute[], parent: string): AppRoute[] =>
    list.flatMap((r) => {
      if (!r || typeof r !== 'object' || typeof r.path !== 'string') return [];
      const meta = toMeta(r.meta, r.name);
      if (!allowed(meta)) return [];
      const fullPath = joinPath(parent, r.path);
      const route: AppRoute = { path: r.path, fullPath, name: r.name, component: r.component ?? null, redirect: r.redirect ?? null, meta };
      if (Array.isArray(r.children) && r.children.length > 0) route.children = walk(r.children, fullPath);
      return [route];
    });
  const routes = walk(reply as ServerRoute[], '/');
  if (!routes.some((r) => r.path === '*' || r.path === '/:pathMatch(.*)*')) {
    routes.push({ path: '*', fullPath: '*', name: 'NotFound', redirect: NOT_FOUND_PATH, meta: { title: '404', hidden: true } });
  }
  return routes;
}

/** Depth-first list of every route (parents before children). */
export function flattenRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((r) => [r, ...flattenRoutes(r.children ?? [])]);
}

/** The route a path belongs to: exact match first, then the longest route prefix ('/customer/customerList/5' → customerList). */
export function matchRoute(routes: readonly AppRoute[], pathname: string): AppRoute | undefined {
  const all = flattenRoutes(routes).filter((r) => r.fullPath !== '*' && !isExternal(r.fullPath));
  const exact = all.find((r) => r.fullPath === pathname);
  if (exact) return exact;
  return all
    .filter((r) => r.fullPath !== '/' && pathname.startsWith(`${r.fullPath}/`))
    .sort((a, b) => b.fullPath.length - a.fullPath.length)[0];
}

/** The chain of routes from the first level down to the one matching the path (breadcrumb, activeMenu). */
export function routeTrail(routes: readonly AppRoute[], pathname: string): AppRoute[] {
  const target = matchRoute(routes, pathname);
  if (!target) return [];
  const find = (list: readonly AppRoute[], trail: AppRoute[]): AppRoute[] | null => {
    for (const r of list) {
      const next = [...trail, r];
      if (r === target) return next;
      const found = find(r.children ?? [], next);
      if (found) return found;
    }
    return null;
  };
  return find(routes, []) ?? [target];
}

export { isExternal };
