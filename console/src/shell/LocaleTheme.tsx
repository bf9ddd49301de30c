import { useMemo, type ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import { ThemeProvider, createTheme, type Theme } from '@mui/material/styles';
import { enUS, zhCN } from '@mui/material/locale';

/**
 * MUI's own texts in the UI language: the Autocomplete's "No options" / "Loading…" / clear and open
 * buttons, an Alert's close button, TablePagination and Breadcrumbs (MUI's locale objects, merged into
 * the theme react-admin built from the theme drawer's choice). react-admin's own texts (its
 * pagination, buttons, notifications) come from the catalogues.
 */
export const LocaleTheme = ({ children }: { children: ReactNode }) => {
  const [locale] = useLocaleState();
  const localeTexts = locale?.startsWith('en') ? enUS : zhCN;
  const theme = useMemo(() => (outer: Theme) => createTheme(outer, localeTexts), [localeTexts]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
};
