/**
 * "Reload the current view" (the top bar's refresh, clicking the current menu entry): a
 * `pv:refresh-view` window event tells the page cache to drop and remount the page under `path`.
 */
export const REFRESH_EVENT = 'pv:refresh-view';

export function refreshView(path: string) {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(REFRESH_EVENT, { detail: { path } }));
}
