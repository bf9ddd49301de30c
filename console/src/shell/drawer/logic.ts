import {
  BACKGROUNDS,
  COLUMN_STYLES,
  DEFAULT_THEME,
  LAYOUTS,
  TABS_STYLES,
  THEME_NAMES,
  type LayoutName,
  type ThemeSettings,
} from '../settings/store.ts';

/** Which theme-drawer controls are disabled (SPEC.md §5 theme drawer dependencies). */
export interface DrawerDisabled {
  layout: boolean;
  background: boolean;
  tabsBarStyle: boolean;
  showTabsIcon: boolean;
  columnStyle: boolean;
  fixedHeader: boolean;
}

export function drawerDisabled(s: Pick<ThemeSettings, 'layout' | 'showTabs'>, device: 'desktop' | 'mobile'): DrawerDisabled {
  return {
    layout: device === 'mobile',
    background: s.layout === 'float' || s.layout === 'horizontal',
    tabsBarStyle: !s.showTabs,
    showTabsIcon: !s.showTabs,
    columnStyle: s.layout !== 'column',
    fixedHeader: s.layout === 'common',
  };
}

/** A random element of `list` other than `current` (lists here always have at least two). */
export function pickOther<T>(list: readonly T[], avoid: T | readonly T[], random: () => number = Math.random): T {
  const bad = Array.isArray(avoid) ? (avoid as readonly T[]) : [avoid as T];
  let others = list.filter((v) => !bad.includes(v));
  if (others.length === 0) others = list.filter((v) => v !== bad[0]);
  return others[Math.min(others.length - 1, Math.floor(random() * others.length))]!;
}

/**
 * Random skin (SPEC.md §4): start from the defaults, then a theme name, column style, background,
 * tabs style and tab icon each different from the default (theme name and layout also different from
 * the `current` ones, so the screen always changes); a random layout on desktop, vertical on mobile.
 * The caller applies and saves it.
 */
export function randomSkin(
  device: 'desktop' | 'mobile',
  current: Pick<ThemeSettings, 'themeName' | 'layout'> = DEFAULT_THEME,
  random: () => number = Math.random,
): ThemeSettings {
  const base = { ...DEFAULT_THEME };
  const layout: LayoutName = device === 'mobile' ? 'vertical' : pickOther(LAYOUTS, [base.layout, current.layout], random);
  return {
    ...base,
    themeName: pickOther(THEME_NAMES, [base.themeName, current.themeName], random),
    columnStyle: pickOther(COLUMN_STYLES, base.columnStyle, random),
    background: pickOther(BACKGROUNDS, base.background, random),
    tabsBarStyle: pickOther(TABS_STYLES, base.tabsBarStyle, random),
    showTabsIcon: !base.showTabsIcon,
    layout,
  };
}
