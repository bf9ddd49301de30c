import { lazy } from 'react';
import { Admin, Resource } from 'react-admin';
import { authProvider } from './providers/authProvider.ts';
import { dataProvider } from './providers/dataProvider.ts';
import { i18nProvider } from './providers/i18nProvider.ts';
import { Layout } from './shell/Layout.tsx';
import { LoginPage } from './shell/LoginPage.tsx';
import { AppNotification } from './shell/AppNotification.tsx';
import { theme } from './shell/theme.ts';
import { intentionalCustomer, formalCustomer } from './resources/customer/index.ts';

// The home page and every resource screen are separate chunks: the login page loads only the shell.
const Home = lazy(() => import('./shell/Home.tsx'));

export const App = () => (
  <Admin
    title="运维后台管理"
    dataProvider={dataProvider}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    loginPage={LoginPage}
    layout={Layout}
    dashboard={Home}
    notification={AppNotification}
    theme={theme}
    requireAuth
    disableTelemetry
  >
    <Resource {...intentionalCustomer} />
    <Resource {...formalCustomer} />
    {/* agents: referenced by the customer filter and form (the agent screens come with their own issue) */}
    <Resource name="agent" recordRepresentation="name" />
  </Admin>
);
