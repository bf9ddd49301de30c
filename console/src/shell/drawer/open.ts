/** The theme event (SPEC.md §4): the top bar's theme button (or anyone) opens the theme drawer with it. */
export const THEME_EVENT = 'pv:theme-drawer';

export function openThemeDrawer() {
  window.dispatchEvent(new Event(THEME_EVENT));
}
