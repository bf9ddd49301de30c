import { describe, expect, it } from 'vitest';
import type { ServerRoute } from '@pv/contract';
import { convertRoutes } from '../src/shell/routes/convert.ts';
import {
  activeMenuPath,
  activeRoot,
  buildMenu,
  entryTrail,
  firstLeaf,
  menuAction,
  needsScroll,
  searchMenu,
  type MenuEntry,
} from '../src/shell/menu/model.ts';

const admin = { admin: true, roles: [], permissions: [] };
const server: ServerRoute[] = [
  {
    path: '/',
    name: 'Root',
    component: 'Layout',
    redirect: '/index',
    meta: { title: 'home', icon: 'home', breadcrumbHidden: 1 },
    children: [{ path: 'index', name: 'index', component: 'index', meta: { title: 'index', icon: 'home', noClosable: 1 } }],
  },
  {
    path: '/customer',
    name: 'Customer',
    component: 'Layout',
    meta: { title: 'customer', icon: 'customer' },
    children: [
      { path: 'intentionalCustomer', name: 'i', component: 'customer/intentionalCustomer', meta: { title: 'intentionalCustomer', icon: 'intentional', dot: 1 } },
      { path: 'customerList', name: 'c', component: 'customer/customerList', meta: { title: 'customerList', icon: 'formal' } },
      { path: 'customerDetail', name: 'd', component: 'customer/customerDetail', meta: { title: 'customerDetail', hidden: 1, activeMenu: '/customer/customerList' } },
    ],
  },
  {
    path: '/group',
    name: 'Group',
    component: 'Layout',
    meta: { title: 'group', levelHidden: 1 },
    children: [
      { path: 'a', name: 'a', component: 'a', meta: { title: 'a', badge: 'New' } },
      { path: 'b', name: 'b', component: 'b', meta: { title: 'b', hidden: 1 } },
    ],
  },
  { path: '/empty', name: 'Empty', component: 'Layout', meta: { title: 'empty' }, children: [{ path: 'x', name: 'x', meta: { title: 'x', hidden: 1 } }] },
  { path: '/daping', name: 'Daping', component: 'daping', meta: { title: 'daping', icon: 'daping', target: '_blank' } },
  { path: 'https://example.com/docs', name: 'Docs', meta: { title: 'docs' } },
];
const routes = convertRoutes(server, admin);
const menu = buildMenu(routes);

describe('buildMenu (SPEC.md §2 menu rules)', () => {
  it('skips hidden entries and the catch-all route', () => {
    const paths = menu.map((e) => e.path);
    expect(paths).not.toContain('*');
    expect(entryTrail(menu, '/customer/customerDetail')).toEqual([]);
    expect(entryTrail(menu, '/group/b')).toEqual([]);
  });
  it('a levelHidden parent gives its visible children to its own level', () => {
    expect(menu.map((e) => e.path)).toEqual(['/', '/customer', '/group/a', '/empty', '/daping', 'https://example.com/docs']);
  });
  it('a parent with visible children is a submenu, anything else an item with icon, badge or dot', () => {
    const customer = menu[1]!;
    expect(customer.children?.map((c) => c.title)).toEqual(['intentionalCustomer', 'customerList']);
    expect(customer.icon).toBe('customer');
    expect(customer.children?.[0]?.dot).toBe(true);
    expect(menu[2]).toEqual({ path: '/group/a', title: 'a', badge: 'New' });
    // all children hidden: an item, not an empty submenu
    expect(menu[3]!.children).toBeUndefined();
    expect(menu[4]!.target).toBe('_blank');
  });
});

describe('menu behaviour', () => {
  const big: MenuEntry = { path: '/big', title: 'big', children: Array.from({ length: 19 }, (_, i) => ({ path: `/big/${i}`, title: `t${i}` })) };
  const eighteen: MenuEntry = { ...big, children: big.children!.slice(0, 18) };
  it('more than 18 children scroll in horizontal or collapsed mode only', () => {
    expect(needsScroll(big, { horizontal: true, collapsed: false })).toBe(true);
    expect(needsScroll(big, { horizontal: false, collapsed: true })).toBe(true);
    expect(needsScroll(big, { horizontal: false, collapsed: false })).toBe(false);
    expect(needsScroll(eighteen, { horizontal: true, collapsed: true })).toBe(false);
  });
  it('activeMenu highlights the parent list of a hidden detail route', () => {
    expect(activeMenuPath(routes, '/customer/customerDetail')).toBe('/customer/customerList');
    expect(activeMenuPath(routes, '/customer/intentionalCustomer/12')).toBe('/customer/intentionalCustomer');
    expect(activeRoot(menu, activeMenuPath(routes, '/customer/customerDetail'))?.path).toBe('/customer');
  });
  it('openFirstMenu leads a first-level entry to its first item', () => {
    expect(firstLeaf(menu[1]!).path).toBe('/customer/intentionalCustomer');
    expect(firstLeaf(menu[0]!).path).toBe('/index');
    expect(firstLeaf(menu[4]!).path).toBe('/daping');
  });
  it('a click: _blank opens a window, external waits then leaves, the current path reloads, else navigate (fold first on mobile)', () => {
    expect(menuAction(menu[4]!, '/index', false)).toEqual({ kind: 'blank', url: '#/daping' });
    expect(menuAction(menu[5]!, '/index', false)).toEqual({ kind: 'external', url: 'https://example.com/docs' });
    expect(menuAction({ path: '/index' }, '/index', false)).toEqual({ kind: 'reload' });
    expect(menuAction({ path: '/group/a' }, '/index', false)).toEqual({ kind: 'navigate', to: '/group/a', foldFirst: false });
    expect(menuAction({ path: '/group/a' }, '/index', true)).toEqual({ kind: 'navigate', to: '/group/a', foldFirst: true });
  });
  it('search finds items by their title in either language', () => {
    const zh = (t: string) => ({ intentionalCustomer: '意向客户', customerList: '正式客户' })[t] ?? t;
    const en = (t: string) => ({ intentionalCustomer: 'Prospects', customerList: 'Customers' })[t] ?? t;
    expect(searchMenu(menu, '意向', [zh, en]).map((e) => e.path)).toEqual(['/customer/intentionalCustomer']);
    expect(searchMenu(menu, 'customers', [zh, en]).map((e) => e.path)).toEqual(['/customer/customerList']);
    expect(searchMenu(menu, '客户', [zh, en])).toHaveLength(2);
    expect(searchMenu(menu, '  ', [zh, en])).toEqual([]);
  });
});
