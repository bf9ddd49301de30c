import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar.tsx';
import { Menu } from './Menu.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';

export const Layout = ({ children }: { children: ReactNode }) => {
  useDocumentTitle();
  return (
    <RaLayout appBar={AppBar} menu={Menu} sx={{ minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } }}>
      {children}
    </RaLayout>
  );
};
