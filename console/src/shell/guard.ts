/** Public routes (SPEC.md §2) that need no login. */
export const PUBLIC_PATHS = ['/login', '/register', '/callback', '/403', '/404'];

/**
 * Where a visit must go before the app renders: `#/login?redirect=<requested>` when there is no
 * token and the route is not public (no redirect parameter for the home page), else null.
 */
export function loginRedirect(hash: string, hasToken: boolean): string | null {
  if (hasToken) return null;
  const route = hash.replace(/^#/, '') || '/';
  const path = route.split('?')[0] || '/';
  if (PUBLIC_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) return null;
  return path === '/' ? '#/login' : `#/login?redirect=${encodeURIComponent(route)}`;
}
