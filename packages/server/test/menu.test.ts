import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { VIEW_COMPONENTS } from '@pv/contract';
import { menus, sysLog } from '../src/db/schema/index.ts';
import { call, fixtures, login, startApp, USER_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let op: string;
let sd: string;
const base = '/api/system/menu';

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  fx = await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
  sd = await login(t.app, 'sd', USER_PASSWORD);
});
afterAll(async () => t.close());

type R = { path: string; name: string; meta: Record<string, unknown>; children?: R[]; id?: number; status?: string };
const names = (routes: R[]): string[] => routes.flatMap((r) => [r.name, ...names(r.children ?? [])]);
const menu = (token: string, query: Record<string, string | number> = {}) => call(t.app, 'GET', `${base}/index`, { token, query });
const row = async (name: string) => (await t.handle.db.select().from(menus).where(eq(menus.name, name)))[0]!;

describe('menu index: what each user is served', () => {
  it('admin (identity system) gets enabled entries incl. 大屏, without internal columns, flags as 1/0', async () => {
    const res = await menu(admin);
    expect(res.status).toBe(200);
    const all = names(res.data);
    expect(all).toEqual(expect.arrayContaining(['Root', 'index', 'intentionalCustomer', 'menuManagement', 'taskManagement', 'systemLog', 'Daping']));
    // 工作流 and 版本管理 have their screens (issue 16)
    expect(all).toEqual(expect.arrayContaining(['Other', 'workflow', 'workflowInstance', 'appVersion']));
    expect(all).toEqual(expect.arrayContaining(['stationList', 'buildWorkOrderList', 'ongridSelfAuditList']));
    const root = res.data.find((r: R) => r.name === 'Root');
    expect(root.meta.breadcrumbHidden).toBe(1);
    expect(root).not.toHaveProperty('id');
    expect(root).not.toHaveProperty('permission');
    const task = res.data.find((r: R) => r.name === 'Setting').children.find((c: R) => c.name === 'taskManagement');
    expect(task.meta.badge).toBe('New');
  });

  it('filters by permission and identity: the operator sees customers but no system screens and no 大屏', async () => {
    const all = names((await menu(op)).data);
    expect(all).toEqual(expect.arrayContaining(['index', 'intentionalCustomer', 'customerList', 'personalCenter']));
    // 其他 shows them 流程实例 (workflow_instance:index) but not 版本管理 (app_version:index)
    expect(all).toEqual(expect.arrayContaining(['Other', 'workflowInstance']));
    for (const n of ['menuManagement', 'taskManagement', 'systemLog', 'userManagement', 'Daping', 'appVersion', 'workflow']) expect(all).not.toContain(n);
  });

  it('hide=1 drops hidden entries; filter keeps matches with their ancestors', async () => {
    // customerDetail is hidden; enable it for the test
    await t.handle.db.update(menus).set({ status: 'enabled' }).where(eq(menus.name, 'customerDetail'));
    expect(names((await menu(admin)).data)).toContain('customerDetail');
    expect(names((await menu(admin, { hide: 1 })).data)).not.toContain('customerDetail');
    const filtered = (await menu(admin, { filter: 'TASK' })).data as R[];
    expect(names(filtered)).toEqual(['Setting', 'taskManagement']);
    await t.handle.db.update(menus).set({ status: 'disabled' }).where(eq(menus.name, 'customerDetail'));
  });

  it('all=1 is the whole table incl. disabled entries with id, status, version; needs menu:index', async () => {
    const res = await menu(admin, { all: 1 });
    const flat = (rs: R[]): R[] => rs.flatMap((r) => [r, ...flat(r.children ?? [])]);
    const other = flat(res.data).find((r) => r.name === 'Other')!;
    expect(other).toMatchObject({ status: 'enabled', component: 'Layout', redirect: '/other/workflow', version: 1 });
    expect(other.id).toBeGreaterThan(0);
    expect(other.children!.find((c) => c.name === 'workflow')).toMatchObject({ permission: 'workflow:index', parent_id: other.id, status: 'enabled' });
    expect(other.children!.find((c) => c.name === 'appVersion')).toMatchObject({ permission: 'app_version:index', component: 'other/appVersion', status: 'enabled' });
    const denied = await menu(op, { all: 1 });
    expect(denied.status).toBe(403);
    expect(denied.msg).toContain('menu:index');
  });

  it('admin_id=<user> is the tree that user sees (needs menu:index); unknown user 404', async () => {
    const asOp = await menu(admin, { admin_id: fx.op.id });
    expect(names(asOp.data)).toEqual(names((await menu(op)).data));
    expect((await menu(sd, { admin_id: fx.op.id })).status).toBe(403);
    expect((await menu(admin, { admin_id: 99999 })).status).toBe(404);
  });

  it('filter_checkout=1 is a flat list with full paths and depth, parents first', async () => {
    const res = await menu(admin, { all: 1, filter_checkout: 1 });
    const items = res.data as Array<{ id: number; name: string; full_path: string; depth: number; parent_id: number | null }>;
    const setting = items.find((i) => i.name === 'Setting')!;
    const mm = items.find((i) => i.name === 'menuManagement')!;
    expect(mm).toMatchObject({ full_path: '/setting/menuManagement', depth: 1, parent_id: setting.id });
    expect(items.indexOf(setting)).toBeLessThan(items.indexOf(mm));
  });

  it('bad parameters are refused with a clear message', async () => {
    const res = await menu(admin, { all: 'yes' }, );
    expect(res.status).toBe(400);
    const unknown = await menu(admin, { foo: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toContain('foo');
  });
});

describe('menu CRUD', () => {
  const setting = () => row('Setting');
  const body = async (extra: Record<string, unknown> = {}) => ({
    parent_id: (await setting()).id,
    path: 'reportCenter',
    name: 'reportCenter',
    component: 'index',
    meta: { title: '报表中心', icon: 'chart', dot: 1, hidden: 0, target: '_self' },
    ...extra,
  });

  it('add validates and stores flags as 1/0 (0 dropped), logs the write; the entry shows up for admin', async () => {
    const res = await call(t.app, 'POST', `${base}/add`, { token: admin, body: await body({ meta: { title: '报表中心', dot: true, noClosable: 1, hidden: 0, badge: 'Hot' } }) });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.meta).toEqual({ title: '报表中心', dot: 1, noClosable: 1, badge: 'Hot' });
    expect(res.data.status).toBe('enabled');
    expect(res.data.sort).toBeGreaterThan((await row('messageCenter')).sort);
    const [log] = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'menu'), eq(sysLog.record_id, res.data.id)));
    expect(log?.action).toBe('add');
    expect(names((await menu(admin)).data)).toContain('reportCenter');
  });

  it.each([
    [{ path: '' }, '请填写路由路径'],
    [{ name: 'reportCenter', path: 'other0' }, '路由名称“reportCenter”已被其他菜单使用'],
    [{ name: 'other1', path: 'reportCenter' }, '同一上级下已有路径为“reportCenter”的菜单'],
    [{ name: 'other2', path: 'x2', component: 'setting/nope' }, '组件“setting/nope”不存在'],
    [{ name: 'other3', path: 'x3', meta: { title: 'x', hidden: 2 } }, '只能是 1 或 0'],
    [{ name: 'other4', path: 'x4', meta: { title: 'x', target: '_top' } }, '打开方式只能是 _blank 或 _self'],
    [{ name: 'other5', path: 'x5', meta: { title: '' } }, '此项不能为空'],
    [{ name: 'other6', path: 'x6', permission: 'nothing:here' }, '未知的权限编码：nothing:here'],
    [{ name: 'other7', path: 'x7', permission: 'bad code' }, '权限编码格式'],
    [{ name: 'other8', path: 'x8', parent_id: null }, '第一级菜单的路径须以 / 开头'],
    [{ name: 'other9', path: 'x9', parent_id: 99999 }, '上级菜单不存在'],
    [{ name: '9bad', path: 'x10' }, '路由名称须以字母开头'],
  ])('add refuses %j', async (extra, msg) => {
    const before = (await t.handle.db.select().from(menus)).length;
    const res = await call(t.app, 'POST', `${base}/add`, { token: admin, body: await body(extra) });
    expect(res.status).toBe(400);
    expect(res.msg).toContain(msg);
    expect((await t.handle.db.select().from(menus)).length).toBe(before);
  });

  it('says it in English too', async () => {
    const res = await call(t.app, 'POST', `${base}/add`, { token: admin, lang: 'en', body: await body({ name: 'zz', path: 'zz', component: 'nope' }) });
    expect(res.msg).toBe('Component "nope" does not exist; choose Layout or an existing view');
  });

  it('every view component is accepted, and Layout', async () => {
    const res = await call(t.app, 'GET', `${base}/options`, { token: admin });
    expect(res.data.components).toEqual(['Layout', ...VIEW_COMPONENTS]);
    expect(res.data.permissions).toContain('menu:index');
    expect((await call(t.app, 'GET', `${base}/options`, { token: op })).status).toBe(403);
  });

  it('edit needs the version read (stale → 409) and re-checks the rules', async () => {
    const r = await row('reportCenter');
    const ok = await call(t.app, 'POST', `${base}/edit`, { token: admin, body: { id: r.id, version: r.version, meta: { title: '报表', levelHidden: 1 } } });
    expect(ok.status, ok.msg).toBe(200);
    expect(ok.data.meta).toEqual({ title: '报表', levelHidden: 1 });
    const stale = await call(t.app, 'POST', `${base}/edit`, { token: admin, body: { id: r.id, version: r.version, meta: { title: 'x' } } });
    expect(stale.status).toBe(409);
    const dup = await call(t.app, 'POST', `${base}/edit`, { token: admin, body: { id: r.id, version: ok.data.version, name: 'menuManagement' } });
    expect(dup.status).toBe(400);
    expect(dup.msg).toContain('menuManagement');
  });

  it('moving an entry under itself or its child is refused (edit and update_field)', async () => {
    const parent = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { path: '/reports', name: 'Reports', component: 'Layout', meta: { title: 'reports' } } });
    expect(parent.status, parent.msg).toBe(200);
    const child = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { parent_id: parent.data.id, path: 'daily', name: 'daily', component: 'index', meta: { title: 'daily' } } });
    expect(child.status, child.msg).toBe(200);
    const toChild = await call(t.app, 'POST', `${base}/update_field`, { token: admin, body: { id: parent.data.id, field: 'parent_id', value: child.data.id } });
    expect(toChild.status).toBe(400);
    expect(toChild.msg).toBe('不能把菜单移到它自己或它的下级菜单下面');
    const toSelf = await call(t.app, 'POST', `${base}/edit`, { token: admin, body: { id: parent.data.id, version: parent.data.version, parent_id: parent.data.id } });
    expect(toSelf.status).toBe(400);
    expect((await row('Reports')).parent_id).toBeNull();
  });

  it('update_field switches status, sort and meta flags; a disabled entry disappears from the served tree', async () => {
    const r = await row('reportCenter');
    const off = await call(t.app, 'POST', `${base}/update_field`, { token: admin, body: { id: r.id, field: 'status', value: 'disabled' } });
    expect(off.status, off.msg).toBe(200);
    expect(names((await menu(admin)).data)).not.toContain('reportCenter');
    const hidden = await call(t.app, 'POST', `${base}/update_field`, { token: admin, body: { id: r.id, field: 'hidden', value: 1 } });
    expect(hidden.data.meta.hidden).toBe(1);
    const unhidden = await call(t.app, 'POST', `${base}/update_field`, { token: admin, body: { id: r.id, field: 'hidden', value: 0 } });
    expect(unhidden.data.meta).not.toHaveProperty('hidden');
    const sort = await call(t.app, 'POST', `${base}/update_field`, { token: admin, body: { id: r.id, field: 'sort', value: 5 } });
    expect(sort.data.sort).toBe(5);
    const bad = await call(t.app, 'POST', `${base}/update_field`, { token: admin, body: { id: r.id, field: 'dot', value: 3 } });
    expect(bad.status).toBe(400);
    const unknown = await call(t.app, 'POST', `${base}/update_field`, { token: admin, body: { id: r.id, field: 'name', value: 'x' } });
    expect(unknown.status).toBe(400);
    expect((await call(t.app, 'POST', `${base}/update_field`, { token: op, body: { id: r.id, field: 'sort', value: 1 } })).status).toBe(403);
  });

  it('del removes the entry with its children and logs each of them', async () => {
    const parent = await row('Reports');
    const child = await row('daily');
    const res = await call(t.app, 'GET', `${base}/del`, { token: admin, query: { id: parent.id } });
    expect(res.status, res.msg).toBe(200);
    expect(await t.handle.db.select().from(menus).where(eq(menus.id, child.id))).toHaveLength(0);
    const logs = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'menu'), eq(sysLog.action, 'del')));
    expect(logs.map((l) => l.record_id).sort()).toEqual([parent.id, child.id].sort());
  });
});
