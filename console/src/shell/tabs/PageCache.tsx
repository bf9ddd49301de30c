import { createElement, isValidElement, memo, Suspense, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { UNSAFE_LocationContext, useLocation, useNavigationType, type Location, type NavigationType } from 'react-router-dom';
import { matchRoute } from '../routes/convert.ts';
import { useAppRoutes } from '../routes/useAppRoutes.ts';
import { REFRESH_EVENT } from '../layouts/refresh.ts';
import { setCurrentTabKey, tabsStore, useTabsState } from './store.ts';
import { addressTabKey, tabFor, tabKeyOf } from './tabsModel.ts';
import { PageLoading } from '../PageLoading.tsx';
import { pageQueries, refetchPageQueries, type PageQueries } from './pageQueries.ts';

interface Scroll {
  x: number;
  y: number;
  /** scrollTop of scrolling ancestors of the cache (a layout whose main area scrolls) */
  containers: Array<[Element, number]>;
}

interface CachedPageProps {
  active: boolean;
  location: Location;
  navigationType: NavigationType;
  /** the page's view of the query client (notes which queries it uses) */
  queries: PageQueries;
  children: ReactNode;
}

/**
 * One cached page: rendered under its own (frozen) location, hidden with display:none while another
 * page is shown. It stays mounted — effects included — so react-admin forms are not reset when it
 * shows again (see docs/DECISIONS.md "Page cache"). A hidden page does not re-render on navigation
 * (only through contexts it reads, e.g. the language).
 */
const CachedPage = memo(
  ({ active, location, navigationType, queries, children }: CachedPageProps) => (
    <div className="pv-cached-page" data-active={active} data-route={location.pathname} style={active ? { display: 'contents' } : { display: 'none' }}>
      <QueryClientProvider client={queries.client}>
        <UNSAFE_LocationContext.Provider value={{ location, navigationType }}>
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </UNSAFE_LocationContext.Provider>
      </QueryClientProvider>
    </div>
  ),
  (prev, next) => !prev.active && !next.active && prev.location === next.location,
);

/**
 * The page cache (SPEC.md §2: up to 20 pages). Every visited route's page stays mounted, hidden
 * while another is shown: it keeps its state (filters, unsaved form input), and renders under the
 * location it was last shown at, so it does not re-route while another page is on screen.
 * noKeepAlive and tabHidden pages are not cached; closing a tab or refreshing it drops its page; past 20 the least recently shown page is evicted. Window scroll is
 * remembered per page. Also tracks visited routes as tabs (so the tab bar may be switched on and off).
 * A page shown again refetches the queries it uses (pageQueries.ts), so it does not show the data
 * as of when it was hidden; an edit or create form is left alone (a refetched record would reset
 * the user's unsaved input; a stale save is caught by the version check).
 */
export const PageCache = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  const navigationType = useNavigationType();
  const routes = useAppRoutes();
  const { cache, generation, tabs } = useTabsState();
  const route = matchRoute(routes, location.pathname);
  const key = route ? tabKeyOf(route, location.pathname, location.search) : location.pathname;
  // containers and redirects ('/' → /index) are not pages: only routes that get a tab are cached
  const cacheable = !!tabFor(route, location.pathname) && !route?.meta.noKeepAlive;
  const gen = generation[key] ?? 0;
  const queryClient = useQueryClient();
  /** each cached page's view of the query client, by `key#generation` */
  const queries = useRef(new Map<string, PageQueries>());
  const queriesOf = (k: string) => {
    const id = `${k}#${generation[k] ?? 0}`;
    let q = queries.current.get(id);
    if (!q) queries.current.set(id, (q = pageQueries(queryClient)));
    return q;
  };
  /** pages (`key#generation`) shown before: showing one of them again refetches its queries */
  const shownBefore = useRef(new Set<string>());

  /** last location of each cached page */
  const locations = useRef(new Map<string, Location>());
  if (cacheable) locations.current.set(key, location);
  /** stable render order (first shown first): moving a mounted page in the DOM would cost it its state */
  const order = useRef(new Map<string, number>());
  if (!order.current.has(key)) order.current.set(key, order.current.size);

  // the route becomes a tab; the page becomes the most recent in the cache
  useEffect(() => {
    setCurrentTabKey(key);
    const tab = tabFor(route, location.pathname, location.search);
    if (tab) tabsStore.open(tab);
    if (cacheable) tabsStore.touch(key);
  }, [key, gen, cacheable, route, location.pathname, location.search]);
  // The shown page's tab was closed and the address came back to it before React painted the page
  // in between (a slow render: the router shows only the last location, so `key` never changed and
  // the effect above did not run again): it is a tab again. Not while a close of the shown tab is
  // navigating away — the address has already moved on then.
  useEffect(() => {
    const tab = tabFor(route, location.pathname, location.search);
    if (!tab || tabs.some((t) => t.key === tab.key) || addressTabKey(routes, window.location.hash) !== tab.key) return;
    tabsStore.open(tab);
    if (cacheable) tabsStore.touch(key);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the tabs change, reads the rest as they are
  }, [tabs]);

  // once routes are known, tabs of routes the user no longer has go
  useEffect(() => {
    if (routes.length > 0) tabsStore.prune((t) => !!matchRoute(routes, t.path.split('?')[0]!));
  }, [routes]);

  // "reload the current view" (top-bar refresh, a click on the current menu entry) drops that page
  useEffect(() => {
    const onRefresh = (e: Event) => {
      const path = (e as CustomEvent<{ path?: string }>).detail?.path ?? '';
      const r = matchRoute(routes, path);
      tabsStore.refresh(r ? tabKeyOf(r, path, path === location.pathname ? location.search : '') : path);
    };
    window.addEventListener(REFRESH_EVENT, onRefresh);
    return () => window.removeEventListener(REFRESH_EVENT, onRefresh);
  }, [routes, location.pathname, location.search]);

  // forget locations of pages no longer cached (no leak over many opened and closed tabs)
  useEffect(() => {
    for (const k of [...locations.current.keys()]) if (k !== key && !cache.includes(k)) locations.current.delete(k);
    for (const k of [...order.current.keys()]) if (k !== key && !cache.includes(k)) order.current.delete(k);
    const live = new Set([...cache, key].map((k) => `${k}#${generation[k] ?? 0}`));
    for (const id of [...queries.current.keys()]) if (!live.has(id)) queries.current.delete(id);
    for (const id of [...shownBefore.current]) if (!live.has(id)) shownBefore.current.delete(id);
  }, [cache, key, tabs, generation]);

  // scroll per page: remembered while shown, restored when shown again
  const scrolls = useRef(new Map<string, Scroll>());
  const shownKey = useRef(key);
  const box = useRef<HTMLDivElement>(null);

  // a cached page shown again: fresh data for it (not for an edit/create form, see above)
  useEffect(() => {
    const id = `${key}#${gen}`;
    if (!shownBefore.current.has(id)) {
      shownBefore.current.add(id);
      return;
    }
    const active = box.current?.querySelector('.pv-cached-page[data-active="true"]');
    if (active?.querySelector('.RaEdit-main, .RaCreate-main')) return;
    const page = queries.current.get(id);
    if (page) void refetchPageQueries(queryClient, page);
  }, [key, gen, queryClient]);

  useEffect(() => {
    const onScroll = () => {
      const containers: Array<[Element, number]> = [];
      for (let el = box.current?.parentElement; el; el = el.parentElement) if (el.scrollTop > 0) containers.push([el, el.scrollTop]);
      scrolls.current.set(shownKey.current, { x: window.scrollX, y: window.scrollY, containers });
    };
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => window.removeEventListener('scroll', onScroll, { capture: true });
  }, []);
  useLayoutEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    const saved = scrolls.current.get(key);
    for (let el = box.current?.parentElement; el; el = el.parentElement) if (el.scrollTop > 0) el.scrollTop = 0;
    if (saved) {
      window.scrollTo(saved.x, saved.y);
      for (const [el, top] of saved.containers) el.scrollTop = top;
    } else window.scrollTo(0, 0);
    for (const k of [...scrolls.current.keys()]) if (k !== key && !cache.includes(k)) scrolls.current.delete(k);
  }, [key, cache]);

  const keys = useMemo(() => {
    const list = cache.filter((k) => locations.current.has(k));
    if (!list.includes(key)) list.push(key);
    return list.sort((a, b) => (order.current.get(a) ?? 0) - (order.current.get(b) ?? 0));
  }, [cache, key]);

  // the same page element goes under every cached location: a key on it (e.g. the live pathname)
  // would remount every cached page on each navigation, so it is dropped
  const page = isValidElement(children) && children.key !== null ? createElement(children.type, children.props as object) : children;

  return (
    <div ref={box} className="pv-page-cache" style={{ display: 'contents' }}>
      {keys.map((k) => (
        <CachedPage
          key={`${k}#${generation[k] ?? 0}`}
          active={k === key}
          location={k === key ? location : locations.current.get(k)!}
          navigationType={navigationType}
          queries={queriesOf(k)}
        >
          {page}
        </CachedPage>
      ))}
    </div>
  );
};
