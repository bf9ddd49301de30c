import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar.tsx';
import { Menu } from './Menu.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';

export const Layout = ({ children }: { children: ReactNode }) => {
  useDocumentTitle();
  return (
    <RaLayout appBar={AppBar} menu={Menu}>
      {children}
    </RaLayout>
  );
};
