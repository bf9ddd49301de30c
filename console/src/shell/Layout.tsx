import type { ReactNode } from 'react';
import { Shell } from './layouts/Shell.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';

/** react-admin's layout: the console shell (six layouts, menus, top bar, tabs, theme drawer). */
export const Layout = ({ children }: { children: ReactNode }) => {
  useDocumentTitle();
  return <Shell>{children}</Shell>;
};
