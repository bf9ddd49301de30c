import { useSyncExternalStore } from 'react';
import { appConfig } from '../../config.ts';
import { addTab, closeTabs, dropFromCache, parseTabs, pruneTabs, touchCache, type CloseAction, type CloseResult, type Tab } from './tabsModel.ts';

/**
 * The open tabs and the page cache's order, one small external store. Tabs persist in localStorage
 * under 'admin-plus-tabs' (a reload keeps them); logout clears every key with that prefix.
 */
export const TABS_KEY_PREFIX = 'admin-plus-tabs';
export const TABS_KEY = TABS_KEY_PREFIX;

export interface TabsState {
  tabs: Tab[];
  /** keys of cached pages, least recently shown first (at most appConfig.keepAliveMaxNum) */
  cache: string[];
  /** bumped by refresh: the page under the key mounts anew */
  generation: Record<string, number>;
}

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

const initial = (): TabsState => ({ tabs: parseTabs(storage()?.getItem(TABS_KEY) ?? null), cache: [], generation: {} });

let state: TabsState = initial();
const listeners = new Set<() => void>();

function update(next: Partial<TabsState>) {
  const tabsChanged = next.tabs && next.tabs !== state.tabs;
  state = { ...state, ...next };
  if (tabsChanged) {
    try {
      storage()?.setItem(TABS_KEY, JSON.stringify(state.tabs));
    } catch {
      // storage full or unavailable: the tabs just do not survive a reload
    }
  }
  listeners.forEach((l) => l());
}

export const tabsStore = {
  get: (): TabsState => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  open(tab: Tab) {
    // the stored tabs were removed behind our back (logout in the auth provider): start afresh
    if (state.tabs.length > 0 && storage() && storage()!.getItem(TABS_KEY) === null) state = { tabs: [], cache: [], generation: {} };
    const tabs = addTab(state.tabs, tab);
    if (JSON.stringify(tabs) !== JSON.stringify(state.tabs)) update({ tabs });
  },
  /** Applies a close action; closed tabs lose their cached page. Returns where to navigate, if anywhere. */
  close(action: CloseAction, key: string, activeKey: string | null): CloseResult {
    const result = closeTabs(state.tabs, action, key, activeKey);
    const gone = state.tabs.filter((t) => !result.tabs.some((r) => r.key === t.key)).map((t) => t.key);
    update({ tabs: result.tabs, cache: dropFromCache(state.cache, gone) });
    return result;
  },
  prune(exists: (tab: Tab) => boolean) {
    const tabs = pruneTabs(state.tabs, exists);
    if (tabs.length !== state.tabs.length || tabs.some((t, i) => t !== state.tabs[i])) update({ tabs });
  },
  /** The page under `key` was shown: most recent in the cache; the oldest past the limit is evicted. */
  touch(key: string) {
    if (state.cache[state.cache.length - 1] === key) return;
    const { order } = touchCache(state.cache, key, appConfig.keepAliveMaxNum);
    update({ cache: order });
  },
  /** "Refresh": drops the cached page; the page shown under `key` mounts anew. */
  refresh(key: string) {
    update({ cache: dropFromCache(state.cache, [key]), generation: { ...state.generation, [key]: (state.generation[key] ?? 0) + 1 } });
  },
  /** Logout: every 'admin-plus-tabs*' key goes, and the tabs and cache with them. */
  clear() {
    const s = storage();
    if (s) {
      const keys: string[] = [];
      for (let i = 0; i < s.length; i++) {
        const k = s.key(i);
        if (k && k.startsWith(TABS_KEY_PREFIX)) keys.push(k);
      }
      keys.forEach((k) => s.removeItem(k));
    }
    state = { tabs: [], cache: [], generation: {} };
    listeners.forEach((l) => l());
  },
  /** Re-read localStorage (tests). */
  reload() {
    state = initial();
    listeners.forEach((l) => l());
  },
};

export function useTabsState(): TabsState {
  return useSyncExternalStore(tabsStore.subscribe, tabsStore.get, tabsStore.get);
}

/** The key of the page shown now (set by PageCache), for "refresh the current view" elsewhere in the shell. */
let currentKey: string | null = null;
export const setCurrentTabKey = (key: string | null) => {
  currentKey = key;
};
export const getCurrentTabKey = () => currentKey;

/** Reloads the view shown now (the top bar's refresh, a click on the current menu entry). */
export function refreshCurrentView() {
  if (currentKey) tabsStore.refresh(currentKey);
}
