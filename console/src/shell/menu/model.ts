import type { AppRoute } from '@pv/contract';
import { isExternal, matchRoute } from '../routes/convert.ts';

/**
 * The menu as drawn (SPEC.md §2 Menu rules), built from the user's route tree. Pure: every layout
 * (column rail, sidebar tree, top menu, float pop-outs) draws these entries.
 */
export interface MenuEntry {
  /** resolved path ('/customer/customerList', or an http(s) URL) */
  path: string;
  /** route meta title: an i18n route key (pv.route.<title>) or plain text */
  title: string;
  icon?: string;
  badge?: string;
  dot?: boolean;
  target?: '_blank' | '_self';
  /** present (non-empty) for a submenu; absent for an item */
  children?: MenuEntry[];
}

const isCatchAll = (r: AppRoute) => r.fullPath === '*' || r.path === '*' || r.path.includes(':pathMatch');

/**
 * Route tree → menu: hidden entries are skipped, levelHidden parents give their visible children
 * directly to their own parent, a parent with visible children becomes a submenu, anything else an item.
 */
export function buildMenu(routes: readonly AppRoute[]): MenuEntry[] {
  return routes.flatMap((r): MenuEntry[] => {
    if (r.meta.hidden || isCatchAll(r)) return [];
    const children = buildMenu(r.children ?? []);
    if (r.meta.levelHidden) return children;
    const entry: MenuEntry = { path: r.fullPath, title: r.meta.title };
    if (r.meta.icon) entry.icon = r.meta.icon;
    if (r.meta.badge) entry.badge = r.meta.badge;
    if (r.meta.dot) entry.dot = true;
    if (r.meta.target) entry.target = r.meta.target;
    if (children.length > 0) entry.children = children;
    return [entry];
  });
}

/** A branch with more than `threshold` (18) children gets a scroll area in horizontal or collapsed mode. */
export function needsScroll(entry: MenuEntry, mode: { horizontal: boolean; collapsed: boolean }, threshold = 18): boolean {
  return (mode.horizontal || mode.collapsed) && (entry.children?.length ?? 0) > threshold;
}

/**
 * The menu path to highlight for a location: the matching route's activeMenu when set (hidden
 * detail routes highlight their list), else the matching route's own path.
 */
export function activeMenuPath(routes: readonly AppRoute[], pathname: string): string {
  const route = matchRoute(routes, pathname);
  if (!route) return pathname;
  return route.meta.activeMenu || route.fullPath;
}

/** The entries from the first level down to the one with `path` (empty when it is not in the menu). */
export function entryTrail(menu: readonly MenuEntry[], path: string): MenuEntry[] {
  for (const e of menu) {
    if (e.path === path) return [e];
    const below = entryTrail(e.children ?? [], path);
    if (below.length > 0) return [e, ...below];
  }
  return [];
}

/** Whether an entry is the active one or holds it. */
export function containsPath(entry: MenuEntry, path: string): boolean {
  return entry.path === path || (entry.children ?? []).some((c) => containsPath(c, path));
}

/** The first-level entry that holds the active path (the column rail, the comprehensive top bar). */
export function activeRoot(menu: readonly MenuEntry[], path: string): MenuEntry | undefined {
  return menu.find((e) => containsPath(e, path));
}

/** The first item (leaf) under an entry, depth first: where openFirstMenu leads. */
export function firstLeaf(entry: MenuEntry): MenuEntry {
  const first = entry.children?.[0];
  return first ? firstLeaf(first) : entry;
}

export type MenuAction =
  | { kind: 'blank'; url: string }
  | { kind: 'external'; url: string }
  | { kind: 'reload' }
  | { kind: 'navigate'; to: string; foldFirst: boolean };

/**
 * What clicking an item does (SPEC.md §2): target _blank opens a new window (an internal path as
 * `#/path`), an external URL navigates away (after the 1 s delay), the current path reloads the
 * view, another path navigates there — on mobile after folding the sidebar.
 */
export function menuAction(entry: Pick<MenuEntry, 'path' | 'target'>, currentPath: string, mobile: boolean): MenuAction {
  const external = isExternal(entry.path);
  if (entry.target === '_blank') return { kind: 'blank', url: external ? entry.path : `#${entry.path}` };
  if (external) return { kind: 'external', url: entry.path };
  if (entry.path === currentPath) return { kind: 'reload' };
  return { kind: 'navigate', to: entry.path, foldFirst: mobile };
}

/** Every item (leaf) of the menu with its trail of titles, for the search box. */
export function menuLeaves(menu: readonly MenuEntry[], parents: string[] = []): Array<{ entry: MenuEntry; trail: string[] }> {
  return menu.flatMap((e) => (e.children ? menuLeaves(e.children, [...parents, e.title]) : [{ entry: e, trail: [...parents, e.title] }]));
}

/**
 * Menu search: items whose title in any of the given languages contains the
 * query, case-insensitive. `titleIn` translates a title key into each language.
 */
export function searchMenu(menu: readonly MenuEntry[], query: string, titleIn: ReadonlyArray<(title: string) => string>): MenuEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return menuLeaves(menu)
    .filter(({ entry }) => titleIn.some((tr) => tr(entry.title).toLowerCase().includes(q)))
    .map(({ entry }) => entry);
}

/** The i18n key of a route title (plain text titles fall back to themselves). */
export const titleKey = (title: string) => `pv.route.${title}`;
