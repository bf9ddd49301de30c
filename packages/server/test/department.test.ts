import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { departments } from '../src/db/schema/index.ts';
import { USER_PASSWORD, call, fixtures, login, startApp, type TestApp } from './helpers.ts';

/** 部门 (客户管理 in the menu): a tree; no deleting a node with children or users; no cycles. */
let t: TestApp;
let admin: string;
const base = '/api/system/department';
const add = (body: Record<string, unknown>, lang?: 'en') => call(t.app, 'POST', `${base}/add`, { token: admin, body, lang });

beforeAll(async () => {
  t = await startApp();
  await fixtures(t);
  admin = await login(t.app);
});
afterAll(async () => t.close());

describe('departments', () => {
  const ids = { hq: 0, a: 0, b: 0, a1: 0 };
  it('creates a tree and serves it nested, siblings by sort', async () => {
    const hq = await add({ name: '总部', code: 'HQ', leader: '李总', phone: '13800000000', sort: 1 });
    expect(hq.status).toBe(200);
    ids.hq = hq.data.id;
    ids.b = (await add({ name: '运维部', parent_id: ids.hq, sort: 2 })).data.id;
    ids.a = (await add({ name: '销售部', parent_id: ids.hq, sort: 1 })).data.id;
    ids.a1 = (await add({ name: '销售一组', parent_id: ids.a })).data.id;
    const tree = await call(t.app, 'GET', `${base}/tree`, { token: admin });
    expect(tree.data).toHaveLength(1);
    expect(tree.data[0].children.map((c: { name: string }) => c.name)).toEqual(['销售部', '运维部']);
    expect(tree.data[0].children[0].children[0].name).toBe('销售一组');
    const list = await call(t.app, 'GET', `${base}/index`, { token: admin, query: { parent_id: ids.hq } });
    expect(list.data.total).toBe(2);
    expect(list.data.list[0].parent_name).toBe('总部');
  });

  it('validates: name required, phone format, parent must exist', async () => {
    expect((await add({ name: '' })).msg).toContain('此项不能为空');
    expect((await add({ name: '' }, 'en')).msg).toContain('This field is required');
    expect((await add({ name: 'X', phone: '123' })).msg).toContain('请输入正确的手机号');
    const orphan = await add({ name: 'X', parent_id: 99999 });
    expect(orphan.status).toBe(400);
    expect(orphan.msg).toBe('部门不存在（ID 99999）');
    expect(await t.handle.db.select().from(departments).where(eq(departments.name, 'X'))).toHaveLength(0);
  });

  it('moves a node but never under itself or a descendant; a stale version gets 409', async () => {
    const info = await call(t.app, 'GET', `${base}/get_info`, { token: admin, query: { id: ids.a } });
    const cycle = await call(t.app, 'POST', `${base}/edit`, { token: admin, body: { id: ids.a, version: info.data.version, parent_id: ids.a1 } });
    expect(cycle.status).toBe(400);
    expect(cycle.msg).toBe('不能把部门移到它自己或它的下级部门下面');
    const self = await call(t.app, 'POST', `${base}/edit`, { token: admin, body: { id: ids.a, version: info.data.version, parent_id: ids.a } });
    expect(self.status).toBe(400);
    const a1 = await call(t.app, 'GET', `${base}/get_info`, { token: admin, query: { id: ids.a1 } });
    const move = await call(t.app, 'POST', `${base}/edit`, { token: admin, body: { id: ids.a1, version: a1.data.version, parent_id: ids.b } });
    expect(move.status).toBe(200);
    expect(move.data.parent_id).toBe(ids.b);
    const stale = await call(t.app, 'POST', `${base}/edit`, { token: admin, body: { id: ids.a1, version: a1.data.version, name: '改名' } });
    expect(stale.status).toBe(409);
    const top = await call(t.app, 'POST', `${base}/edit`, { token: admin, body: { id: ids.a1, version: move.data.version, parent_id: null } });
    expect(top.data.parent_id).toBeNull();
    const back = await call(t.app, 'POST', `${base}/edit`, { token: admin, body: { id: ids.a1, version: top.data.version, parent_id: ids.b } });
    expect(back.status).toBe(200);
  });

  it('cannot delete a node with children or with users', async () => {
    const withChildren = await call(t.app, 'POST', `${base}/del`, { token: admin, body: { id: ids.b } });
    expect(withChildren.status).toBe(400);
    expect(withChildren.msg).toBe('部门“运维部”下还有下级部门，不能删除');
    await call(t.app, 'POST', '/api/system/user/add', { token: admin, body: { username: 'member', password: 'secret1', department_id: ids.a } });
    const withUsers = await call(t.app, 'POST', `${base}/del`, { token: admin, lang: 'en', body: { id: ids.a } });
    expect(withUsers.msg).toBe('The department "销售部" still has 1 user(s) and cannot be deleted');
    // a leaf without users goes; a parent deleted together with its children too
    expect((await call(t.app, 'POST', `${base}/del`, { token: admin, body: { ids: [ids.b, ids.a1] } })).status).toBe(200);
  });

  it('needs department permissions to change; any signed-in user reads the tree', async () => {
    const op = await login(t.app, 'op', USER_PASSWORD);
    expect((await call(t.app, 'POST', `${base}/add`, { token: op, body: { name: 'Y' } })).status).toBe(403);
    expect((await call(t.app, 'GET', `${base}/index`, { token: op })).status).toBe(403);
    expect((await call(t.app, 'GET', `${base}/tree`, { token: op })).status).toBe(200);
    expect((await call(t.app, 'GET', `${base}/tree`)).status).toBe(401);
  });
});
