import { useMemo } from 'react';
import type { RaThemeOptions } from 'react-admin';
import { buildTheme } from './themes/buildTheme.ts';
import { useSettings } from './settings/store.ts';

/** Blue-black, the product's default theme (SPEC.md §9). */
export const theme: RaThemeOptions = buildTheme('blue-black');

/**
 * The theme of the current settings: App passes it to <Admin theme>, whose ThemeProvider rebuilds the
 * MUI theme when it changes, so every react-admin screen (lists, forms, dialogs, notifications)
 * follows the theme drawer live.
 */
export function useLiveTheme(): RaThemeOptions {
  const { themeName } = useSettings();
  return useMemo(() => buildTheme(themeName), [themeName]);
}
