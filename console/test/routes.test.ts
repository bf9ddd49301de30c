import { describe, expect, it } from 'vitest';
import { LAYOUT_COMPONENT, MENU_TREE, VIEW_COMPONENTS, type ServerRoute } from '@pv/contract';
import { convertRoutes, flattenRoutes, matchRoute, NOT_FOUND_PATH, RouteFormatError, routeTrail } from '../src/shell/routes/convert.ts';
import type { Acl } from '../src/providers/permissions.ts';

const admin: Acl = { admin: true, roles: ['admin'], permissions: [] };
const staff: Acl = { admin: false, roles: ['operator'], permissions: ['customer:index'] };

const reply: ServerRoute[] = [
  {
    path: '/',
    name: 'Root',
    component: 'Layout',
    redirect: '/index',
    meta: { title: 'home', breadcrumbHidden: 1 },
    children: [{ path: 'index', name: 'index', component: 'index', meta: { title: 'index', noClosable: 1, dot: 0 } }],
  },
  {
    path: '/customer',
    name: 'Customer',
    component: 'Layout',
    meta: { title: 'customer' },
    children: [
      { path: 'customerList', name: 'customerList', component: 'customer/customerList', meta: { title: 'customerList', badge: 5 as unknown as string } },
      {
        path: 'customerDetail',
        name: 'customerDetail',
        component: 'customer/customerDetail',
        meta: { title: 'customerDetail', hidden: 1, dynamicNewTab: 1, activeMenu: '/customer/customerList', levelHidden: 0, isCustomSvg: true, tabHidden: 1 },
      },
    ],
  },
  { path: '/setting', name: 'Setting', component: 'Layout', meta: { title: 'setting', guard: ['Admin'] }, children: [{ path: 'menuManagement', name: 'menuManagement', component: 'setting/menuManagement', meta: { title: 'menuManagement' } }] },
  { path: '/audit', name: 'Audit', component: 'Layout', meta: { title: 'audit', guard: { permission: ['syslog:index'] } }, children: [] },
  { path: 'https://example.com/docs', name: 'Docs', meta: { title: 'docs', target: '_blank' } },
];

describe('convertRoutes (SPEC.md §2 dynamic menu)', () => {
  it('turns 1/0 flags into booleans and keeps other meta', () => {
    const routes = convertRoutes(reply, admin);
    const detail = routes[1]!.children![1]!;
    expect(detail.meta).toMatchObject({ hidden: true, dynamicNewTab: true, levelHidden: false, isCustomSvg: true, tabHidden: true, activeMenu: '/customer/customerList' });
    expect(routes[0]!.meta.breadcrumbHidden).toBe(true);
    expect(routes[0]!.children![0]!.meta).toMatchObject({ noClosable: true, dot: false });
    expect(routes[1]!.children![0]!.meta.badge).toBe('5');
  });

  it('resolves full paths of children and leaves external links alone', () => {
    const routes = convertRoutes(reply, admin);
    expect(routes[0]!.children![0]!.fullPath).toBe('/index');
    expect(routes[1]!.children![0]!.fullPath).toBe('/customer/customerList');
    expect(routes.find((r) => r.name === 'Docs')!.fullPath).toBe('https://example.com/docs');
  });

  it('appends a catch-all not-found route when missing, and not twice', () => {
    const routes = convertRoutes(reply, admin);
    const last = routes.at(-1)!;
    expect(last).toMatchObject({ path: '*', redirect: NOT_FOUND_PATH, meta: { hidden: true } });
    const again = convertRoutes([...reply, { path: '*', name: 'Any', redirect: '/404', meta: { title: '404' } }], admin);
    expect(again.filter((r) => r.path === '*')).toHaveLength(1);
  });

  it('rolesControl off (the configured value) ignores role guards; permission guards always apply', () => {
    const off = convertRoutes(reply, staff).map((r) => r.name);
    expect(off).toContain('Setting');
    expect(off).not.toContain('Audit');
    const withPermission = convertRoutes(reply, { ...staff, permissions: ['syslog:index'] }).map((r) => r.name);
    expect(withPermission).toContain('Audit');
  });

  it('rolesControl on drops routes whose role guard the user fails (with their children); admin passes', () => {
    const on = convertRoutes(reply, staff, { rolesControl: true });
    expect(on.map((r) => r.name)).not.toContain('Setting');
    expect(flattenRoutes(on).map((r) => r.name)).not.toContain('menuManagement');
    expect(convertRoutes(reply, { admin: false, roles: ['Admin'], permissions: [] }, { rolesControl: true }).map((r) => r.name)).toContain('Setting');
    expect(convertRoutes(reply, admin, { rolesControl: true }).map((r) => r.name)).toEqual(expect.arrayContaining(['Setting', 'Audit']));
  });

  it.each([null, undefined, {}, 'routes', 42, { list: [] }])('a reply that is not an array (%j) is a RouteFormatError (路由格式返回有误！)', (bad) => {
    expect(() => convertRoutes(bad, admin)).toThrow(RouteFormatError);
    expect(() => convertRoutes(bad, admin)).toThrow('pv.routing.format_error');
  });

  it('skips malformed entries and uses the name when the title is missing', () => {
    const routes = convertRoutes([null, { path: 5 }, { path: '/x', name: 'X', meta: {} }] as unknown[], admin);
    expect(routes.map((r) => r.name)).toEqual(['X', 'NotFound']);
    expect(routes[0]!.meta.title).toBe('X');
  });

  it('the seeded route tree converts (every entry kept for an admin)', () => {
    const routes = convertRoutes(MENU_TREE, admin);
    expect(flattenRoutes(routes).find((r) => r.name === 'taskManagement')!.meta.badge).toBe('New');
  });
});

describe('matchRoute and routeTrail', () => {
  const routes = convertRoutes(reply, admin);
  it('matches exactly first, then the longest prefix; never the catch-all or external links', () => {
    expect(matchRoute(routes, '/customer/customerList')!.name).toBe('customerList');
    expect(matchRoute(routes, '/customer/customerDetail/5')!.name).toBe('customerDetail');
    expect(matchRoute(routes, '/index')!.name).toBe('index');
    expect(matchRoute(routes, '/nowhere')).toBeUndefined();
    expect(matchRoute(routes, 'https://example.com/docs')).toBeUndefined();
  });

  it('gives the chain from the first level down', () => {
    expect(routeTrail(routes, '/customer/customerDetail').map((r) => r.name)).toEqual(['Customer', 'customerDetail']);
    expect(routeTrail(routes, '/setting/menuManagement').map((r) => r.name)).toEqual(['Setting', 'menuManagement']);
    expect(routeTrail(routes, '/nowhere')).toEqual([]);
  });
});

describe('view registry', () => {
  it('every registered view key is one menu management accepts (VIEW_COMPONENTS)', async () => {
    const { VIEW_KEYS } = await import('../src/shell/routes/views.tsx');
    const unknown = VIEW_KEYS.filter((k) => !VIEW_COMPONENTS.includes(k));
    expect(unknown).toEqual([]);
    expect(VIEW_KEYS).toEqual(expect.arrayContaining(['setting/menuManagement', 'setting/taskManagement', 'setting/systemLog']));
    expect(VIEW_COMPONENTS).not.toContain(LAYOUT_COMPONENT);
  }, 60_000); // the registry pulls in react-admin and MUI
});
