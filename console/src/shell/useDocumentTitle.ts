import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { AppRoute } from '@pv/contract';
import { matchRoute } from './routes/convert.ts';
import { useAppRoutes } from './routes/useAppRoutes.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Public pages are not in the route tree: their titles by path (pv.route.<key>). */
const PUBLIC_TITLES: Record<string, string> = { '/login': 'login', '/register': 'register', '/callback': 'callback', '/403': '403', '/404': '404' };

/** A route title translates as pv.route.<title>, falling back to the title as typed. */
export const routeTitle = (translate: Translate, title: string) => translate(`pv.route.${title}`, { _: title });

/**
 * Page title = translated route title + ' - ' + site title (SPEC.md §2), from the user's route tree.
 * Home ('/') is the index route; a path outside the tree is the not-found page.
 */
export function pageTitle(pathname: string, routes: readonly AppRoute[], translate: Translate): string {
  const site = translate('pv.title');
  const publicKey = Object.entries(PUBLIC_TITLES).find(([p]) => pathname === p || pathname.startsWith(`${p}/`))?.[1];
  const match = publicKey ? null : matchRoute(routes, pathname === '/' ? '/index' : pathname);
  const title = publicKey ?? match?.meta.title ?? (pathname === '/' || routes.length === 0 ? 'index' : '404');
  return `${routeTitle(translate, title)} - ${site}`;
}

export function useDocumentTitle() {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const routes = useAppRoutes();
  useEffect(() => {
    document.title = pageTitle(pathname, routes, translate);
  }, [pathname, routes, translate]);
}
