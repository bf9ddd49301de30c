import { beforeEach, describe, expect, it } from 'vitest';
import type { AppRoute } from '@pv/contract';
import {
  addressTabKey,
  addTab,
  closeAvailability,
  closeTabs,
  dropFromCache,
  normalize,
  parseTabs,
  pruneTabs,
  tabFor,
  tabKeyOf,
  touchCache,
  type Tab,
} from '../src/shell/tabs/tabsModel.ts';

const tab = (key: string, extra: Partial<Tab> = {}): Tab => ({ key, path: key, title: key.replace(/^\//, ''), noClosable: false, ...extra });
const keys = (tabs: Tab[]) => tabs.map((t) => t.key);
const route = (fullPath: string, meta: Partial<AppRoute['meta']> = {}, component: string | null = fullPath.slice(1)): AppRoute => ({
  path: fullPath,
  fullPath,
  name: fullPath,
  component,
  meta: { title: fullPath.split('/').pop()!, ...meta },
});

// home (non-closable), a, b, c, d — the usual bar
const HOME = tab('/index', { noClosable: true });
const BAR = [HOME, tab('/a'), tab('/b'), tab('/c'), tab('/d')];

describe('tab of a route (SPEC.md §2 Tabs)', () => {
  it('a visited route becomes a tab with title, icon and the noClosable flag', () => {
    expect(tabFor(route('/index', { icon: 'home', noClosable: true }), '/index')).toEqual({
      key: '/index',
      path: '/index',
      title: 'index',
      icon: 'home',
      noClosable: true,
      noKeepAlive: false,
    });
  });
  it('sub-paths of a route share its tab and remember the full path', () => {
    const t = tabFor(route('/customer/customerList'), '/customer/customerList/create', '?source=x')!;
    expect(t.key).toBe('/customer/customerList');
    expect(t.path).toBe('/customer/customerList/create?source=x');
  });
  it('dynamicNewTab: each parameter variant is its own tab', () => {
    const r = route('/customer/customerDetail', { dynamicNewTab: true });
    expect(tabKeyOf(r, '/customer/customerDetail', '?id=1')).toBe('/customer/customerDetail?id=1');
    expect(tabKeyOf(r, '/customer/customerDetail', '?id=2')).toBe('/customer/customerDetail?id=2');
    expect(tabKeyOf(r, '/customer/customerDetail/7', '')).toBe('/customer/customerDetail/7');
    expect(tabKeyOf(route('/x'), '/x', '?id=2')).toBe('/x');
  });
  it('the tab key of the address in the hash (ahead of the page React shows)', () => {
    const routes = [route('/customer/customerList'), route('/customer/customerDetail', { dynamicNewTab: true })];
    expect(addressTabKey(routes, '#/customer/customerList/create?source=x')).toBe('/customer/customerList');
    expect(addressTabKey(routes, '#/customer/customerDetail?id=3')).toBe('/customer/customerDetail?id=3');
    expect(addressTabKey(routes, '#/nowhere')).toBeNull();
    expect(addressTabKey(routes, '')).toBeNull();
  });
  it('tabHidden routes, containers and unknown paths get no tab', () => {
    expect(tabFor(route('/secret', { tabHidden: true }), '/secret')).toBeNull();
    expect(tabFor(route('/customer', {}, 'Layout'), '/customer')).toBeNull();
    expect(tabFor(route('/r', {}, null), '/r')).toBeNull();
    expect(tabFor(undefined, '/nowhere')).toBeNull();
  });
});

describe('opening tabs', () => {
  it('appends a new tab and updates an existing one in place', () => {
    let tabs = addTab([], tab('/index', { noClosable: true }));
    tabs = addTab(tabs, tab('/a'));
    tabs = addTab(tabs, tab('/b'));
    tabs = addTab(tabs, tab('/a', { path: '/a?filter=1' }));
    expect(keys(tabs)).toEqual(['/index', '/a', '/b']);
    expect(tabs[1]!.path).toBe('/a?filter=1');
  });
  it('the first tab is forced non-closable when none is', () => {
    const tabs = addTab(addTab([], tab('/a')), tab('/b'));
    expect(tabs.map((t) => t.noClosable)).toEqual([true, false]);
    expect(normalize([])).toEqual([]);
    expect(normalize(BAR)).toEqual(BAR);
    // and stays so when its tab is updated
    expect(addTab(tabs, tab('/a', { path: '/a?x' }))[0]!.noClosable).toBe(true);
  });
});

describe('close actions', () => {
  it('close: removes the tab; when it was active, goes to the last remaining tab', () => {
    expect(closeTabs(BAR, 'close', '/b', '/d')).toEqual({ tabs: [HOME, tab('/a'), tab('/c'), tab('/d')], navigateTo: null });
    const r = closeTabs(BAR, 'close', '/b', '/b');
    expect(keys(r.tabs)).toEqual(['/index', '/a', '/c', '/d']);
    expect(r.navigateTo).toBe('/d');
    expect(closeTabs(BAR, 'close', '/d', '/d').navigateTo).toBe('/c');
  });
  it('close: a non-closable tab stays', () => {
    expect(closeTabs(BAR, 'close', '/index', '/index')).toEqual({ tabs: BAR, navigateTo: null });
  });
  it('close: the last closable tab goes to / when nothing remains', () => {
    expect(closeTabs([tab('/a')], 'close', '/a', '/a')).toEqual({ tabs: [], navigateTo: '/' });
  });
  it('close others: keeps the tab and the non-closable ones; moves to the tab if the active one went', () => {
    expect(closeTabs(BAR, 'others', '/b', '/b')).toEqual({ tabs: [HOME, tab('/b')], navigateTo: null });
    expect(closeTabs(BAR, 'others', '/b', '/d')).toEqual({ tabs: [HOME, tab('/b')], navigateTo: '/b' });
    expect(closeTabs(BAR, 'others', '/b', '/index').navigateTo).toBeNull();
  });
  it('close left / right act on the clicked tab, not the active one', () => {
    expect(keys(closeTabs(BAR, 'left', '/c', '/a').tabs)).toEqual(['/index', '/c', '/d']);
    expect(closeTabs(BAR, 'left', '/c', '/a').navigateTo).toBe('/c');
    expect(closeTabs(BAR, 'left', '/c', '/d').navigateTo).toBeNull();
    expect(keys(closeTabs(BAR, 'right', '/b', '/d').tabs)).toEqual(['/index', '/a', '/b']);
    expect(closeTabs(BAR, 'right', '/b', '/d').navigateTo).toBe('/b');
    expect(closeTabs(BAR, 'right', '/b', '/a').navigateTo).toBeNull();
  });
  it('close left keeps non-closable tabs in the middle', () => {
    const bar = [tab('/a'), tab('/pinned', { noClosable: true }), tab('/b'), tab('/c')];
    expect(keys(closeTabs(bar, 'left', '/c', '/c').tabs)).toEqual(['/pinned', '/c']);
    expect(keys(closeTabs(bar, 'right', '/a', '/a').tabs)).toEqual(['/a', '/pinned']);
  });
  it('close all: keeps non-closable tabs and goes to the last remaining one, or /', () => {
    expect(closeTabs(BAR, 'all', '/b', '/c')).toEqual({ tabs: [HOME], navigateTo: '/index' });
    expect(closeTabs(BAR, 'all', '/b', '/index')).toEqual({ tabs: [HOME], navigateTo: null });
    expect(closeTabs([tab('/a'), tab('/b')], 'all', '/a', '/b')).toEqual({ tabs: [], navigateTo: '/' });
  });
  it('an unknown tab changes nothing', () => {
    expect(closeTabs(BAR, 'close', '/zzz', '/a')).toEqual({ tabs: BAR, navigateTo: null });
    expect(closeTabs(BAR, 'left', '/zzz', '/a')).toEqual({ tabs: BAR, navigateTo: null });
  });
  it('navigates to the tab’s remembered path', () => {
    const bar = [HOME, tab('/a', { path: '/a?filter=%7B%7D' }), tab('/b')];
    expect(closeTabs(bar, 'close', '/b', '/b').navigateTo).toBe('/a?filter=%7B%7D');
  });
});

describe('menu items disabled at the edges', () => {
  it('the first closable tab has nothing closable to its left; the last nothing to its right', () => {
    expect(closeAvailability(BAR, '/a')).toEqual({ close: true, others: true, left: false, right: true, all: true });
    expect(closeAvailability(BAR, '/d')).toEqual({ close: true, others: true, left: true, right: false, all: true });
    expect(closeAvailability(BAR, '/c')).toEqual({ close: true, others: true, left: true, right: true, all: true });
  });
  it('the home tab cannot close, and only home left disables everything', () => {
    expect(closeAvailability(BAR, '/index')).toEqual({ close: false, others: true, left: false, right: true, all: true });
    expect(closeAvailability([HOME], '/index')).toEqual({ close: false, others: false, left: false, right: false, all: false });
    expect(closeAvailability([HOME, tab('/a')], '/a')).toEqual({ close: true, others: false, left: false, right: false, all: true });
  });
  it('an unknown tab only allows close all', () => {
    expect(closeAvailability(BAR, '/zzz')).toEqual({ close: false, others: false, left: false, right: false, all: true });
  });
});

describe('persistence and pruning', () => {
  it('parses stored tabs and drops malformed entries', () => {
    expect(parseTabs(JSON.stringify(BAR))).toEqual(BAR.map((t) => ({ ...t, icon: undefined, noKeepAlive: false })));
    expect(parseTabs('not json')).toEqual([]);
    expect(parseTabs('{"a":1}')).toEqual([]);
    expect(parseTabs(null)).toEqual([]);
    expect(parseTabs(JSON.stringify([{ key: 1 }, null, tab('/a')]))).toHaveLength(1);
  });
  it('drops tabs the user no longer has and re-forces the first non-closable', () => {
    const tabs = pruneTabs(BAR, (t) => t.key !== '/index' && t.key !== '/b');
    expect(keys(tabs)).toEqual(['/a', '/c', '/d']);
    expect(tabs[0]!.noClosable).toBe(true);
  });
});

describe('page cache order (SPEC.md §9: at most 20 pages)', () => {
  it('most recent last; showing a cached page again moves it to the end', () => {
    let order: string[] = [];
    for (const k of ['a', 'b', 'c']) order = touchCache(order, k, 20).order;
    expect(touchCache(order, 'a', 20)).toEqual({ order: ['b', 'c', 'a'], evicted: [] });
  });
  it('evicts the least recently shown page past the limit', () => {
    let order: string[] = [];
    const evicted: string[] = [];
    for (let i = 0; i < 25; i++) {
      const r = touchCache(order, `p${i}`, 20);
      order = r.order;
      evicted.push(...r.evicted);
    }
    expect(order).toHaveLength(20);
    expect(order[0]).toBe('p5');
    expect(order[19]).toBe('p24');
    expect(evicted).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
    // p5 shown again: p6 is now the oldest and goes first
    const again = touchCache(order, 'p5', 20);
    expect(again.evicted).toEqual([]);
    expect(touchCache(again.order, 'new', 20).evicted).toEqual(['p6']);
  });
  it('closing or refreshing drops the page', () => {
    expect(dropFromCache(['a', 'b', 'c'], ['b'])).toEqual(['a', 'c']);
    expect(dropFromCache(['a'], ['zzz'])).toEqual(['a']);
  });
});

describe('tabs store', () => {
  const mem = new Map<string, string>();
  beforeEach(() => {
    mem.clear();
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: (k: string) => mem.get(k) ?? null,
      setItem: (k: string, v: string) => void mem.set(k, v),
      removeItem: (k: string) => void mem.delete(k),
      key: (i: number) => [...mem.keys()][i] ?? null,
      get length() {
        return mem.size;
      },
    };
  });
  it('persists tabs under admin-plus-tabs; clear removes every admin-plus-tabs* key; close drops the cache', async () => {
    const { tabsStore } = await import('../src/shell/tabs/store.ts');
    tabsStore.reload();
    tabsStore.open(tab('/index', { noClosable: true }));
    tabsStore.open(tab('/a'));
    tabsStore.touch('/index');
    tabsStore.touch('/a');
    expect(parseTabs(mem.get('admin-plus-tabs') ?? null).map((t) => t.key)).toEqual(['/index', '/a']);
    tabsStore.reload();
    expect(keys(tabsStore.get().tabs)).toEqual(['/index', '/a']);
    tabsStore.touch('/a');
    expect(tabsStore.close('close', '/a', '/a').navigateTo).toBe('/index');
    expect(keys(tabsStore.get().tabs)).toEqual(['/index']);
    expect(tabsStore.get().cache).toEqual([]);
    tabsStore.touch('/index');
    tabsStore.refresh('/index');
    expect(tabsStore.get().cache).toEqual([]);
    expect(tabsStore.get().generation['/index']).toBe(1);
    // logout elsewhere (the auth provider) removed the stored tabs: the next page starts a fresh bar
    tabsStore.open(tab('/a'));
    mem.delete('admin-plus-tabs');
    tabsStore.open(tab('/b'));
    expect(keys(tabsStore.get().tabs)).toEqual(['/b']);
    expect(tabsStore.get().tabs[0]!.noClosable).toBe(true);
    mem.set('admin-plus-tabs-extra', 'x');
    mem.set('other', 'y');
    tabsStore.clear();
    expect([...mem.keys()]).toEqual(['other']);
    expect(tabsStore.get().tabs).toEqual([]);
  });
});
