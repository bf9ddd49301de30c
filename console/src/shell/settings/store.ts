import { useSyncExternalStore } from 'react';
import { appConfig } from '../../config.ts';

/**
 * Shell settings (SPEC.md §3 "Settings (theme part)" and "other"), persisted in localStorage so a
 * reload keeps them. One small external store: any component reads it with useSettings() and
 * changes it with settings.set({...}); `save()` is what the theme drawer's save button persists.
 */
export const LAYOUTS = ['column', 'vertical', 'horizontal', 'comprehensive', 'float', 'common'] as const;
export const THEME_NAMES = ['blue-black', 'blue-white', 'ocean', 'green-black', 'green-white', 'purple-black', 'purple-white', 'red-black', 'red-white'] as const;
export const COLUMN_STYLES = ['vertical', 'horizontal', 'card', 'arrow'] as const;
export const BACKGROUNDS = ['none', 'vab-background'] as const;
export const TABS_STYLES = ['card', 'smart', 'smooth'] as const;
export const LANGUAGES = ['zh', 'en'] as const;

export type LayoutName = (typeof LAYOUTS)[number];
export type ThemeName = (typeof THEME_NAMES)[number];

export interface ThemeSettings {
  layout: LayoutName;
  themeName: ThemeName;
  background: (typeof BACKGROUNDS)[number];
  columnStyle: (typeof COLUMN_STYLES)[number];
  fixedHeader: boolean;
  showProgressBar: boolean;
  showTabs: boolean;
  tabsBarStyle: (typeof TABS_STYLES)[number];
  showTabsIcon: boolean;
  showLanguage: boolean;
  showRefresh: boolean;
  showSearch: boolean;
  showTheme: boolean;
  showNotice: boolean;
  showFullScreen: boolean;
  showThemeSetting: boolean;
  showLock: boolean;
  showPageTransition: boolean;
  /** the float layout keeps the sidebar folded */
  foldSidebar: boolean;
  menuWidth: number;
}

export interface ShellState extends ThemeSettings {
  /** sidebar folded */
  collapse: boolean;
  lock: boolean;
  device: 'desktop' | 'mobile';
}

export const DEFAULT_THEME: ThemeSettings = {
  layout: 'column',
  themeName: 'blue-black',
  background: 'none',
  columnStyle: 'card',
  fixedHeader: true,
  showProgressBar: true,
  showTabs: true,
  tabsBarStyle: 'smooth',
  showTabsIcon: true,
  showLanguage: true,
  showRefresh: true,
  showSearch: true,
  showTheme: true,
  showNotice: true,
  showFullScreen: true,
  showThemeSetting: true,
  showLock: true,
  showPageTransition: true,
  foldSidebar: false,
  menuWidth: appConfig.leftMenuWidth,
};

export const THEME_KEY = 'admin-plus-theme';
export const COLLAPSE_KEY = 'admin-plus-collapse';
export const LOCK_KEY = 'admin-plus-lock';

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

function readJson<T>(key: string): Partial<T> {
  try {
    const raw = storage()?.getItem(key);
    return raw ? (JSON.parse(raw) as Partial<T>) : {};
  } catch {
    return {};
  }
}

/** Only known keys with values of the default's type survive a stored (possibly stale) object. */
export function sanitizeTheme(stored: Partial<Record<keyof ThemeSettings, unknown>>): ThemeSettings {
  const out = { ...DEFAULT_THEME } as Record<string, unknown>;
  const lists: Partial<Record<keyof ThemeSettings, readonly string[]>> = {
    layout: LAYOUTS,
    themeName: THEME_NAMES,
    background: BACKGROUNDS,
    columnStyle: COLUMN_STYLES,
    tabsBarStyle: TABS_STYLES,
  };
  for (const key of Object.keys(DEFAULT_THEME) as Array<keyof ThemeSettings>) {
    const value = stored[key];
    if (value === undefined || typeof value !== typeof DEFAULT_THEME[key]) continue;
    const allowed = lists[key];
    if (allowed && !allowed.includes(value as string)) continue;
    out[key] = value;
  }
  return out as unknown as ThemeSettings;
}

function initialState(): ShellState {
  return {
    ...sanitizeTheme(readJson<ThemeSettings>(THEME_KEY)),
    collapse: storage()?.getItem(COLLAPSE_KEY) === 'true',
    lock: storage()?.getItem(LOCK_KEY) === 'true',
    device: 'desktop',
  };
}

let state: ShellState = initialState();
const listeners = new Set<() => void>();
/** the layout in use before the screen became mobile (restored when it grows again) */
let layoutBeforeMobile: LayoutName | null = null;

/**
 * The change a screen-width switch makes (SPEC.md §2): becoming mobile forces the vertical layout
 * with the sidebar folded; growing back restores the previous layout and opens the sidebar.
 */
export function deviceChange(
  current: Pick<ShellState, 'device' | 'layout' | 'collapse'>,
  mobile: boolean,
  previousLayout: LayoutName | null,
): { patch: Partial<ShellState>; previousLayout: LayoutName | null } {
  if (mobile && current.device !== 'mobile') return { patch: { device: 'mobile', layout: 'vertical', collapse: true }, previousLayout: current.layout };
  if (!mobile && current.device === 'mobile') return { patch: { device: 'desktop', layout: previousLayout ?? current.layout, collapse: false }, previousLayout: null };
  return { patch: {}, previousLayout };
}

/** The sidebar is drawn folded: folded by the user (or mobile), or by the float layout while it is in use. */
export const isFolded = (s: Pick<ShellState, 'collapse' | 'layout'>) => s.collapse || s.layout === 'float';

export const settings = {
  get: (): ShellState => state,
  /** Applies live (not yet saved for theme settings; collapse and lock persist at once). */
  set(patch: Partial<ShellState>) {
    state = { ...state, ...patch };
    // the fold a phone forces is not the user's choice: only a desktop fold persists
    if ('collapse' in patch && state.device === 'desktop') storage()?.setItem(COLLAPSE_KEY, String(state.collapse));
    if ('lock' in patch) storage()?.setItem(LOCK_KEY, String(state.lock));
    listeners.forEach((l) => l());
  },
  /** Persists the theme part (the drawer's save). */
  save() {
    const theme: Record<string, unknown> = Object.fromEntries(Object.keys(DEFAULT_THEME).map((k) => [k, state[k as keyof ShellState]]));
    // on a phone the vertical layout is forced, not chosen: keep the desktop layout
    if (state.device === 'mobile' && layoutBeforeMobile) theme.layout = layoutBeforeMobile;
    storage()?.setItem(THEME_KEY, JSON.stringify(theme));
  },
  /** Defaults back, applied and saved (the drawer's reset). */
  reset() {
    settings.apply({ ...DEFAULT_THEME });
    settings.save();
  },
  /**
   * Applies a whole theme (reset, random skin); on a phone the layout is remembered for the desktop
   * and the vertical layout stays.
   */
  apply(theme: ThemeSettings) {
    if (state.device === 'mobile') {
      layoutBeforeMobile = theme.layout;
      settings.set({ ...theme, layout: 'vertical' });
    } else settings.set({ ...theme });
  },
  /** The screen crossed the mobile breakpoint (or the first measurement). */
  applyDevice(mobile: boolean) {
    const { patch, previousLayout } = deviceChange(state, mobile, layoutBeforeMobile);
    layoutBeforeMobile = previousLayout;
    if (Object.keys(patch).length > 0) settings.set(patch);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Re-read localStorage (tests; another tab). */
  reload() {
    state = initialState();
    layoutBeforeMobile = null;
    listeners.forEach((l) => l());
  },
};

export function useSettings(): ShellState {
  return useSyncExternalStore(settings.subscribe, settings.get, settings.get);
}
