import type { AppRoute } from '@pv/contract';
import { matchRoute } from '../routes/convert.ts';

/**
 * The tab bar's pure operations (SPEC.md §2 Tabs). A tab is one visited route; its key is the
 * route's path, or — for dynamicNewTab routes — the full path with its query, so each parameter
 * variant is its own tab. `path` is where clicking the tab goes back to (the last URL seen under it,
 * e.g. /customer/customerList/create inside the customer-list tab).
 */
export interface Tab {
  key: string;
  /** pathname + search to navigate to */
  path: string;
  /** route meta title (an i18n route key or plain text) */
  title: string;
  icon?: string;
  noClosable: boolean;
  noKeepAlive?: boolean;
}

export type CloseAction = 'close' | 'others' | 'left' | 'right' | 'all';

/** Result of a close: the tabs left, and where to go when the active tab was closed (null: stay). */
export interface CloseResult {
  tabs: Tab[];
  navigateTo: string | null;
}

/** The tab key of a location under a route. */
export function tabKeyOf(route: Pick<AppRoute, 'fullPath' | 'meta'>, pathname: string, search = ''): string {
  return route.meta.dynamicNewTab ? `${pathname}${search}` : route.fullPath;
}

/**
 * The tab key of the address in the hash now (null: no route). A navigation still rendering (the
 * router renders it as a transition: the old page stays on screen until the new one is ready) is
 * already in the hash, so this can be ahead of the location React shows.
 */
export function addressTabKey(routes: readonly AppRoute[], hash: string): string | null {
  const { pathname, search } = new URL(hash.replace(/^#/, '') || '/', 'http://address.invalid');
  const route = matchRoute(routes, pathname);
  return route ? tabKeyOf(route, pathname, search) : null;
}

/** The tab a location opens, or null: tabHidden routes, containers and redirects get none. */
export function tabFor(route: AppRoute | undefined, pathname: string, search = ''): Tab | null {
  if (!route || route.meta.tabHidden || route.component === 'Layout' || !route.component) return null;
  return {
    key: tabKeyOf(route, pathname, search),
    path: `${pathname}${search}`,
    title: route.meta.title,
    icon: route.meta.icon,
    noClosable: !!route.meta.noClosable,
    noKeepAlive: !!route.meta.noKeepAlive,
  };
}

/** The first tab is forced non-closable when no tab is (SPEC.md §2). */
export function normalize(tabs: readonly Tab[]): Tab[] {
  if (tabs.length === 0 || tabs.some((t) => t.noClosable)) return [...tabs];
  return [{ ...tabs[0]!, noClosable: true }, ...tabs.slice(1)];
}

/** Opens (appends) a tab, or updates the path, title and icon of the tab with the same key. */
export function addTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const i = tabs.findIndex((t) => t.key === tab.key);
  if (i < 0) return normalize([...tabs, tab]);
  const old = tabs[i]!;
  if (old.path === tab.path && old.title === tab.title && old.icon === tab.icon) return [...tabs];
  const next = [...tabs];
  // a tab forced non-closable stays so
  next[i] = { ...tab, noClosable: tab.noClosable || old.noClosable };
  return normalize(next);
}

/** Which close actions are possible for the tab `key` (the menus disable the others). */
export function closeAvailability(tabs: readonly Tab[], key: string): Record<CloseAction, boolean> {
  const i = tabs.findIndex((t) => t.key === key);
  const closable = (t: Tab) => !t.noClosable;
  if (i < 0) return { close: false, others: false, left: false, right: false, all: tabs.some(closable) };
  return {
    close: closable(tabs[i]!),
    others: tabs.some((t, j) => j !== i && closable(t)),
    left: tabs.slice(0, i).some(closable),
    right: tabs.slice(i + 1).some(closable),
    all: tabs.some(closable),
  };
}

/**
 * Applies a close action to the tab `key` while `activeKey` is shown. Non-closable tabs always stay.
 * If the active tab went away: a plain close (or close all) moves to the last remaining tab or '/';
 * the others / left / right actions move to the tab they were applied to.
 */
export function closeTabs(tabs: readonly Tab[], action: CloseAction, key: string, activeKey: string | null): CloseResult {
  const i = tabs.findIndex((t) => t.key === key);
  if (i < 0 && action !== 'all') return { tabs: [...tabs], navigateTo: null };
  const keep = (t: Tab, j: number): boolean => {
    if (t.noClosable) return true;
    switch (action) {
      case 'close':
        return j !== i;
      case 'others':
        return j === i;
      case 'left':
        return j >= i;
      case 'right':
        return j <= i;
      case 'all':
        return false;
    }
  };
  const left = tabs.filter(keep);
  const activeGone = activeKey !== null && tabs.some((t) => t.key === activeKey) && !left.some((t) => t.key === activeKey);
  let navigateTo: string | null = null;
  if (activeGone) {
    const target = action === 'close' || action === 'all' ? left[left.length - 1] : tabs[i];
    navigateTo = target ? target.path : '/';
  }
  return { tabs: left, navigateTo };
}

/** Drops tabs whose route is no longer in the user's tree (another user, a menu change). */
export function pruneTabs(tabs: readonly Tab[], exists: (tab: Tab) => boolean): Tab[] {
  const kept = tabs.filter(exists);
  return kept.length === tabs.length ? [...tabs] : normalize(kept);
}

/** Parses stored tabs, dropping anything malformed. */
export function parseTabs(raw: string | null): Tab[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (t): t is Tab =>
        !!t && typeof t === 'object' && typeof (t as Tab).key === 'string' && typeof (t as Tab).path === 'string' && typeof (t as Tab).title === 'string',
    ).map((t) => ({ key: t.key, path: t.path, title: t.title, icon: typeof t.icon === 'string' ? t.icon : undefined, noClosable: !!t.noClosable, noKeepAlive: !!t.noKeepAlive }));
  } catch {
    return [];
  }
}

/**
 * The page cache's order: most recently shown last, at most `max` keys. Returns the new order and
 * the keys evicted (oldest first), never evicting the key just shown.
 */
export function touchCache(order: readonly string[], key: string, max: number): { order: string[]; evicted: string[] } {
  const next = [...order.filter((k) => k !== key), key];
  const evicted = next.length > max ? next.slice(0, next.length - max) : [];
  return { order: next.slice(next.length - Math.min(max, next.length)), evicted };
}

/** Removes keys from the cache order (closed tabs, refresh). */
export function dropFromCache(order: readonly string[], keys: readonly string[]): string[] {
  return order.filter((k) => !keys.includes(k));
}
