import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { roles, sysLog } from '../src/db/schema/index.ts';
import { ALL_PERMISSIONS } from '../src/modules/auth/permissions.ts';
import { USER_PASSWORD, call, fixtures, login, startApp, type TestApp } from './helpers.ts';

/** 角色管理: permission tree, CRUD with known codes only, data scope, the built-in admin role, roles in use. */
let t: TestApp;
let admin: string;
const base = '/api/system/role';

beforeAll(async () => {
  t = await startApp();
  await fixtures(t);
  admin = await login(t.app);
});
afterAll(async () => t.close());

describe('roles', () => {
  it('serves every permission code grouped by resource with zh and en labels', async () => {
    const zh = await call(t.app, 'GET', `${base}/permissions`, { token: admin });
    expect(zh.status).toBe(200);
    const codes = zh.data.flatMap((g: { permissions: { code: string }[] }) => g.permissions.map((p) => p.code));
    expect(codes.sort()).toEqual([...ALL_PERMISSIONS].sort());
    const user = zh.data.find((g: { resource: string }) => g.resource === 'user');
    expect(user.label).toBe('用户管理');
    expect(user.permissions.find((p: { code: string }) => p.code === 'user:reset_password').label).toBe('重置密码');
    const en = await call(t.app, 'GET', `${base}/permissions`, { token: admin, lang: 'en' });
    expect(en.data.find((g: { resource: string }) => g.resource === 'user').label).toBe('Users');
  });

  let id: number;
  let version: number;
  it('creates a role with permissions and a data scope; unknown codes and bad scopes are refused', async () => {
    const res = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { code: 'viewer', name: '只读客服', permissions: ['customer:index', 'customer:index'], data_scope: 'department' } });
    expect(res.status).toBe(200);
    expect(res.data.permissions).toEqual(['customer:index']);
    expect(res.data.data_scope).toBe('department');
    id = res.data.id;
    version = res.data.version;
    const unknown = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { code: 'x', name: 'X', permissions: ['customer:fly'], data_scope: 'all' } });
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toBe('未知的权限编码：customer:fly');
    const scope = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { code: 'x', name: 'X', permissions: [], data_scope: 'planet' } });
    expect(scope.msg).toContain('请选择有效的选项');
    const noName = await call(t.app, 'POST', `${base}/add`, { token: admin, lang: 'en', body: { code: 'x', name: '', permissions: [], data_scope: 'all' } });
    expect(noName.msg).toContain('This field is required');
    const dup = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { code: 'viewer', name: 'again', permissions: [], data_scope: 'all' } });
    expect(dup.msg).toBe('角色编码“viewer”已存在');
    const badCode = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { code: 'Bad Code', name: 'X', permissions: [], data_scope: 'all' } });
    expect(badCode.msg).toContain('编码须以小写字母开头');
  });

  it('edits with the version read (409 when stale) and logs before/after', async () => {
    const res = await call(t.app, 'POST', `${base}/edit`, { token: admin, body: { id, version, permissions: ['customer:index', 'customer:get_info'] } });
    expect(res.status).toBe(200);
    expect(res.data.permissions).toEqual(['customer:get_info', 'customer:index']);
    const stale = await call(t.app, 'POST', `${base}/edit`, { token: admin, body: { id, version, name: 'x' } });
    expect(stale.status).toBe(409);
    const logs = await t.handle.db.select().from(sysLog).where(eq(sysLog.resource, 'role'));
    expect(logs.map((l) => l.action)).toEqual(['add', 'edit']);
    expect((logs[1]!.before as { permissions: string[] }).permissions).toEqual(['customer:index']);
  });

  it('the built-in admin role cannot be edited or deleted', async () => {
    const [a] = await t.handle.db.select().from(roles).where(eq(roles.code, 'admin'));
    const edit = await call(t.app, 'POST', `${base}/edit`, { token: admin, body: { id: a!.id, version: a!.version, permissions: [] } });
    expect(edit.status).toBe(400);
    expect(edit.msg).toBe('内置的超级管理员角色不能修改或删除');
    const del = await call(t.app, 'POST', `${base}/del`, { token: admin, body: { id: a!.id } });
    expect(del.msg).toBe('内置的超级管理员角色不能修改或删除');
  });

  it('a role in use cannot be deleted (the message names it and how many hold it); an unused one can', async () => {
    const [op] = await t.handle.db.select().from(roles).where(eq(roles.code, 'operator'));
    const del = await call(t.app, 'POST', `${base}/del`, { token: admin, body: { id: op!.id } });
    expect(del.status).toBe(400);
    expect(del.msg).toBe('角色“运营客服”已分配给1个用户，请先在用户管理中取消分配');
    const en = await call(t.app, 'POST', `${base}/del`, { token: admin, lang: 'en', body: { id: op!.id } });
    expect(en.msg).toBe('The role "运营客服" is assigned to 1 user(s); unassign it in user management first');
    expect((await call(t.app, 'POST', `${base}/del`, { token: admin, body: { id } })).status).toBe(200);
  });

  it('needs role permissions; a non-admin cannot grant what they do not hold', async () => {
    const op = await login(t.app, 'op', USER_PASSWORD);
    expect((await call(t.app, 'GET', `${base}/index`, { token: op })).status).toBe(403);
    expect((await call(t.app, 'GET', `${base}/permissions`, { token: op })).status).toBe(403);
    await t.handle.db.insert(roles).values({ code: 'rolemgr', name: '角色管理员', permissions: ['role:*', 'customer:index'], data_scope: 'all' });
    const r = await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: { username: 'rm', password: 'secret1', role_ids: [(await t.handle.db.select().from(roles).where(eq(roles.code, 'rolemgr')))[0]!.id] },
    });
    expect(r.status).toBe(200);
    const rm = await login(t.app, 'rm', 'secret1');
    const ok = await call(t.app, 'POST', `${base}/add`, { token: rm, body: { code: 'ro', name: '只读', permissions: ['customer:index'], data_scope: 'self' } });
    expect(ok.status).toBe(200);
    const up = await call(t.app, 'POST', `${base}/add`, { token: rm, body: { code: 'up', name: '提权', permissions: ['user:add', '*'], data_scope: 'all' } });
    expect(up.status).toBe(403);
    expect(up.msg).toBe('不能授予自己没有的权限：user:add, *');
  });
});
