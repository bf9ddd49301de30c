import { useSyncExternalStore } from 'react';

/**
 * "Reload the current view" (the top bar's refresh, clicking the current menu entry): the routed
 * page under `path` is remounted (RefreshBoundary in Layout) and a `pv:refresh-view` window event
 * tells the page cache to drop that page.
 */
export const REFRESH_EVENT = 'pv:refresh-view';

let state = { path: '', count: 0 };
const listeners = new Set<() => void>();

export function refreshView(path: string) {
  state = { path, count: state.count + 1 };
  listeners.forEach((l) => l());
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(REFRESH_EVENT, { detail: { path } }));
}

export function useRefreshState() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}
