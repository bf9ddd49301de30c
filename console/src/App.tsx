import { lazy, Suspense, type ReactNode } from 'react';
import { Admin, Loading } from 'react-admin';
import { authProvider, type AccessInfo } from './providers/authProvider.ts';
import { dataProvider } from './providers/lazyDataProvider.ts';
import { i18nProvider, loadFullCatalogue } from './providers/i18nProvider.ts';
import { LoginPage } from './shell/LoginPage.tsx';
import { AppNotification } from './shell/AppNotification.tsx';
import { useLiveTheme } from './shell/theme.ts';
import { appConfig } from './config.ts';
import { CatchAll, RootRedirect, renderRoutes } from './shell/routes/AppRoutes.tsx';

/**
 * The shell (menus, top bar, tabs, theme drawer) loads after sign-in, with the whole zh-CN catalogue:
 * the login page does not pay for them.
 */
const Shell = lazy(() => Promise.all([import('./shell/Layout.tsx'), loadFullCatalogue()]).then(([m]) => ({ default: m.Layout })));
const Layout = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Loading />}>
    <Shell>{children}</Shell>
  </Suspense>
);

/**
 * Routes come from the server's menu (getPermissions → AccessInfo.routes): every screen is a lazy
 * chunk registered only when the user's route tree contains it, so the login page loads the shell only.
 */
export const App = () => {
  // the theme drawer's theme, live (shell/theme.ts)
  const theme = useLiveTheme();
  return (
  <Admin
    title={appConfig.title}
    dataProvider={dataProvider}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    loginPage={LoginPage}
    layout={Layout}
    dashboard={RootRedirect}
    catchAll={CatchAll}
    notification={AppNotification}
    theme={theme}
    requireAuth
    disableTelemetry
  >
    {(permissions: AccessInfo) => renderRoutes(permissions ?? { admin: false, roles: [], permissions: [], routes: [] })}
  </Admin>
  );
};
