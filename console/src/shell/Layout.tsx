import type { ReactNode } from 'react';
import { Shell } from './layouts/Shell.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';
import { LocaleTheme } from './LocaleTheme.tsx';

/** react-admin's layout: the console shell (six layouts, menus, top bar, tabs, theme drawer), MUI's texts in the UI language. */
export const Layout = ({ children }: { children: ReactNode }) => {
  useDocumentTitle();
  return (
    <LocaleTheme>
      <Shell>{children}</Shell>
    </LocaleTheme>
  );
};
