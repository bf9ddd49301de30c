import { lazy, Suspense } from 'react';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { CustomRoutes, Loading, Resource, useTranslate } from 'react-admin';
import { Alert, Box } from '@mui/material';
import { MENU_TREE, type AppRoute, type MenuSeed } from '@pv/contract';
import type { AccessInfo } from '../../providers/authProvider.ts';
import { loadFullCatalogue } from '../../providers/i18nProvider.ts';
import { ForbiddenPage, NotFoundPage } from '../pages/ErrorPage.tsx';
import { flattenRoutes, isExternal } from './convert.ts';
import { VIEWS } from './views.tsx';

// self-registration and the social-login callback are rare: their own chunks, not the login page's
// (with the whole catalogue, as every screen after the login page: the login page ships only its own messages)
const RegisterPage = lazy(() => Promise.all([import('../pages/RegisterPage.tsx'), loadFullCatalogue()]).then(([m]) => ({ default: m.RegisterPage })));
const DapingRedirect = lazy(() => import('../DapingRedirect.tsx'));
const CallbackPage = lazy(() => Promise.all([import('../pages/CallbackPage.tsx'), loadFullCatalogue()]).then(([m]) => ({ default: m.CallbackPage })));

/**
 * Public views (no login, no layout): SPEC.md §2 /403, /404 (and /register, /callback), and /daping — the
 * way back to the big screen after signing in from it (its statistics check their own permissions).
 */
export const publicRoutes = () => (
  <CustomRoutes noLayout>
    <Route path="/403" element={<ForbiddenPage />} />
    <Route path="/404" element={<NotFoundPage />} />
    <Route path="/register" element={<Suspense fallback={<Loading />}><RegisterPage /></Suspense>} />
    <Route path="/callback" element={<Suspense fallback={<Loading />}><CallbackPage /></Suspense>} />
    <Route path="/daping" element={<Suspense fallback={<Loading />}><DapingRedirect /></Suspense>} />
  </CustomRoutes>
);

const MissingView = ({ component }: { component: string }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3 }}>
      <Alert severity="warning">{translate('pv.routing.view_missing', { component })}</Alert>
    </Box>
  );
};

/**
 * The user's route tree → react-admin routes: a resource view becomes a <Resource> named after its
 * path ('customer/intentionalCustomer'), a page view a custom route. Routes not in the tree are not
 * rendered at all, so a direct URL to them lands on the catch-all (403 for a known screen).
 */
export function renderRoutes(access: AccessInfo) {
  const leaves = flattenRoutes(access.routes).filter((r) => r.component && r.component !== 'Layout' && r.fullPath !== '*' && !isExternal(r.fullPath));
  const resources = leaves.filter((r) => VIEWS[r.component!]?.kind === 'resource');
  const pages = leaves.filter((r) => VIEWS[r.component!]?.kind !== 'resource');
  const route = (r: AppRoute) => {
    const view = VIEWS[r.component!];
    const element = view?.kind === 'page' ? <view.Component /> : <MissingView component={r.component!} />;
    return <Route key={r.fullPath} path={r.fullPath} element={element} />;
  };
  const redirects = flattenRoutes(access.routes).filter((r) => r.redirect && r.fullPath !== '*' && r.component === 'Layout' && r.fullPath !== '/');
  return [
    ...resources.map((r) => {
      const view = VIEWS[r.component!];
      return view?.kind === 'resource' ? <Resource key={r.fullPath} name={r.fullPath.replace(/^\//, '')} {...view.resource} /> : null;
    }),
    <CustomRoutes key="pages">
      {pages.filter((r) => !(VIEWS[r.component!]?.kind === 'page' && (VIEWS[r.component!] as { noLayout?: boolean }).noLayout)).map(route)}
      {redirects.map((r) => (
        <Route key={`redirect:${r.fullPath}`} path={r.fullPath} element={<Navigate to={r.redirect!} replace />} />
      ))}
    </CustomRoutes>,
    <CustomRoutes key="pages-no-layout" noLayout>
      {pages.filter((r) => VIEWS[r.component!]?.kind === 'page' && (VIEWS[r.component!] as { noLayout?: boolean }).noLayout).map(route)}
    </CustomRoutes>,
    // agents: referenced by the customer filter and form
    <Resource key="agent" name="agent" recordRepresentation="name" />,
    publicRoutes(),
  ];
}

const flattenSeeds = (tree: readonly MenuSeed[], parent = ''): string[] =>
  tree.flatMap((m) => {
    const full = m.path.startsWith('/') ? m.path : `${parent.replace(/\/$/, '')}/${m.path}`;
    return [full, ...flattenSeeds(m.children ?? [], full)];
  });
const PRODUCT_PATHS = flattenSeeds(MENU_TREE).filter((p) => p !== '/');

/** Unknown paths: a screen of the product the user may not open is 403; anything else is /404. */
export const CatchAll = () => {
  const { pathname } = useLocation();
  const known = PRODUCT_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  return known ? <ForbiddenPage /> : <Navigate to="/404" replace />;
};

/** '/' leads to the route tree's home (/index). */
export const RootRedirect = () => <Navigate to="/index" replace />;
