import { appConfig } from '../config.ts';

/** Public routes (SPEC.md §2) that need no login: the configured whitelist. */
export const PUBLIC_PATHS: readonly string[] = appConfig.routesWhiteList;

const isPublic = (path: string) => PUBLIC_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
const routePath = (hash: string) => (hash.replace(/^#/, '') || '/').split('?')[0] || '/';

/**
 * Where a visit must go before the app renders (SPEC.md §2):
 * - without a token: `#/login?redirect=<requested>` unless the route is public (no redirect
 *   parameter for the home page, nor with recordRoute off);
 * - with a token: /login goes to / (the session loads; a failure resets it and comes back here);
 * - with loginInterception off (SPEC.md §6) there is no login at all: the user is a virtual admin
 *   (authProvider), every route passes without a token and /login goes to /.
 */
export function loginRedirect(
  hash: string,
  hasToken: boolean,
  options: Pick<typeof appConfig, 'loginInterception' | 'recordRoute'> = appConfig,
): string | null {
  const route = hash.replace(/^#/, '') || '/';
  const path = routePath(hash);
  if (hasToken || !options.loginInterception) return path === '/login' ? '#/' : null;
  if (isPublic(path)) return null;
  return path === '/' || !options.recordRoute ? '#/login' : `#/login?redirect=${encodeURIComponent(route)}`;
}

export interface UrlToken {
  /** the `token` query parameter, when on any route but login */
  token: string | null;
  /** the address without any `token` parameter (page query and hash query), or null when unchanged */
  cleanUrl: string | null;
}

function strip(query: string): { rest: string; token: string | null } {
  const params = new URLSearchParams(query);
  const token = params.get('token');
  if (token === null) return { rest: query ? `?${query}` : '', token: null };
  params.delete('token');
  const rest = params.toString();
  return { rest: rest ? `?${rest}` : '', token };
}

/**
 * A `token` query parameter on any route but login is taken as the token (SPEC.md §2). With hash
 * routing it may sit in the hash query (`#/x?token=`) or, when another system builds the link, in
 * the page query (`/?token=#/x`). Either way it is removed from the visible address.
 */
export function extractUrlToken(href: string): UrlToken {
  const url = new URL(href);
  const hash = url.hash.replace(/^#/, '');
  const [hashPath = '', hashQuery = ''] = hash.split(/\?(.*)/s);
  const page = strip(url.search.replace(/^\?/, ''));
  const inHash = strip(hashQuery);
  const token = inHash.token ?? page.token;
  if (token === null) return { token: null, cleanUrl: null };
  const cleanUrl = `${url.pathname}${page.rest}${hash ? `#${hashPath}${inHash.rest}` : ''}`;
  const onLogin = routePath(hashPath) === '/login';
  return { token: onLogin || token === '' ? null : token, cleanUrl };
}

/**
 * Runs before the app renders and on in-page address changes: adopts a link's token (identity
 * 'system'), strips it from the address, then applies loginRedirect. Returns true when a token was
 * adopted (a running app must reload to start the new session).
 */
export function applyNavigationGuard(
  win: Pick<Window, 'location' | 'history'>,
  session: { getToken(): string | null; adopt(token: string): void },
): boolean {
  const { token, cleanUrl } = extractUrlToken(win.location.href);
  if (cleanUrl !== null) win.history.replaceState(win.history.state, '', cleanUrl);
  if (token) session.adopt(token);
  const target = loginRedirect(win.location.hash, !!session.getToken());
  if (target) win.history.replaceState(win.history.state, '', target);
  return !!token;
}
