import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { departments, roles, sysLog, users } from '../src/db/schema/index.ts';
import { ADMIN_PASSWORD, USER_PASSWORD, call, fixtures, login, startApp, type TestApp } from './helpers.ts';

/** 用户管理: CRUD, validation, permissions, department scope, stale versions, the last-admin rule, avatars. */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
const base = '/api/system/user';
const roleId = async (code: string) => (await t.handle.db.select().from(roles).where(eq(roles.code, code)))[0]!.id;
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

async function upload(token: string, body: Buffer, type: string) {
  const res = await t.app.inject({ method: 'POST', url: `${base}/avatar`, headers: { authorization: `Bearer ${token}`, 'content-type': type, 'accept-language': 'zh-CN' }, payload: body });
  return { status: res.statusCode, ...res.json() };
}

beforeAll(async () => {
  t = await startApp();
  fx = await fixtures(t);
  admin = await login(t.app);
});
afterAll(async () => t.close());

describe('user CRUD', () => {
  let id: number;
  let version: number;
  it('creates a user with roles, department and agent; never returns the password hash', async () => {
    const [dept] = await t.handle.db.insert(departments).values({ name: '运维部' }).returning();
    const res = await call(t.app, 'POST', `${base}/add`, {
      token: admin,
      body: { username: 'zhangsan', password: 'secret1', full_name: '张三', phone: '13800000001', email: 'z@example.com', department_id: dept!.id, agent_id: fx.sd.id, role_ids: [await roleId('operator')] },
    });
    expect(res.status).toBe(200);
    expect(res.data.password_hash).toBeUndefined();
    expect(res.body).not.toContain('argon');
    expect(res.data.roles.map((r: { code: string }) => r.code)).toEqual(['operator']);
    expect(res.data.department_name).toBe('运维部');
    expect(res.data.agent_name).toBe(fx.sd.name);
    id = res.data.id;
    version = res.data.version;
    const log = (await t.handle.db.select().from(sysLog).where(eq(sysLog.record_id, id))).find((l) => l.action === 'add' && l.resource === 'user');
    expect(log!.resource).toBe('user');
    expect(JSON.stringify(log!.after)).not.toContain('password_hash');
    const roleLog = (await t.handle.db.select().from(sysLog).where(eq(sysLog.record_id, id))).find((l) => l.action === 'assign_roles');
    expect(roleLog!.after).toEqual({ role_ids: [await roleId('operator')] });
    // the new user can sign in
    expect(await login(t.app, 'zhangsan', 'secret1')).toBeTruthy();
  });

  it('refuses an empty user name, a short password, a bad phone and a duplicate, in the caller’s language', async () => {
    const empty = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { username: ' ', password: 'secret1' } });
    expect(empty.status).toBe(400);
    expect(empty.msg).toContain('用户名不能为空');
    const short = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { username: 'lisi', password: '12345' } });
    expect(short.msg).toContain('密码不能少于6位');
    const shortEn = await call(t.app, 'POST', `${base}/add`, { token: admin, lang: 'en', body: { username: 'lisi', password: '12345' } });
    expect(shortEn.msg).toContain('Password must be at least 6 characters');
    const phone = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { username: 'lisi', password: 'secret1', phone: '12345' } });
    expect(phone.msg).toContain('请输入正确的手机号');
    const email = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { username: 'lisi', password: 'secret1', email: 'nope' } });
    expect(email.msg).toContain('请输入正确的邮箱');
    const dup = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { username: 'zhangsan', password: 'secret1' } });
    expect(dup.status).toBe(400);
    expect(dup.msg).toBe('用户名“zhangsan”已存在');
    const badDept = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { username: 'lisi', password: 'secret1', department_id: 99999 } });
    expect(badDept.msg).toBe('部门不存在（ID 99999）');
    expect(await t.handle.db.select().from(users).where(eq(users.username, 'lisi'))).toHaveLength(0);
  });

  it('edits with the version read; a stale version gets 409', async () => {
    const res = await call(t.app, 'POST', `${base}/edit`, { token: admin, body: { id, version, full_name: '张三丰' } });
    expect(res.status).toBe(200);
    expect(res.data.full_name).toBe('张三丰');
    const stale = await call(t.app, 'POST', `${base}/edit`, { token: admin, body: { id, version, full_name: '张三' } });
    expect(stale.status).toBe(409);
    version = res.data.version;
  });

  it('lists with filters: q, status, role, department, agent', async () => {
    const q = await call(t.app, 'GET', `${base}/index`, { token: admin, query: { q: 'zhang' } });
    expect(q.data.list.map((u: { username: string }) => u.username)).toEqual(['zhangsan']);
    const byRole = await call(t.app, 'GET', `${base}/index`, { token: admin, query: { role_id: await roleId('agent') } });
    expect(byRole.data.list.map((u: { username: string }) => u.username).sort()).toEqual(['hn', 'sd']);
    const byAgent = await call(t.app, 'GET', `${base}/index`, { token: admin, query: { agent_id: fx.hn.id } });
    expect(byAgent.data.list.map((u: { username: string }) => u.username)).toEqual(['hn']);
    const all = await call(t.app, 'GET', `${base}/index`, { token: admin, query: { limit: 100 } });
    expect(all.body).not.toContain('password_hash');
  });

  it('disables (the user is signed out at once) and enables again', async () => {
    const token = await login(t.app, 'zhangsan', 'secret1');
    const off = await call(t.app, 'POST', `${base}/set_status`, { token: admin, body: { id, status: 'disabled', version } });
    expect(off.status).toBe(200);
    expect(off.data.status).toBe('disabled');
    expect((await call(t.app, 'GET', '/api/system/common/get_user_info', { token })).status).toBe(402);
    expect((await call(t.app, 'POST', '/api/system/index/login', { body: { username: 'zhangsan', password: 'secret1' } })).status).not.toBe(200);
    const on = await call(t.app, 'POST', `${base}/set_status`, { token: admin, body: { id, status: 'enabled' } });
    expect(on.data.status).toBe('enabled');
    // the old session stays revoked
    expect((await call(t.app, 'GET', '/api/system/common/get_user_info', { token })).status).toBe(402);
    version = on.data.version;
  });

  it('resets a password (revokes their sessions); the permission is user:reset_password', async () => {
    const token = await login(t.app, 'zhangsan', 'secret1');
    const weak = await call(t.app, 'POST', `${base}/reset_password`, { token: admin, body: { id, password: '123' } });
    expect(weak.msg).toContain('密码不能少于6位');
    const res = await call(t.app, 'POST', `${base}/reset_password`, { token: admin, body: { id, password: 'newpass1' } });
    expect(res.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/system/common/get_user_info', { token })).status).toBe(402);
    expect(await login(t.app, 'zhangsan', 'newpass1')).toBeTruthy();
    const op = await login(t.app, 'op', USER_PASSWORD);
    const denied = await call(t.app, 'POST', `${base}/reset_password`, { token: op, body: { id, password: 'newpass2' } });
    expect(denied.status).toBe(403);
    expect(denied.msg).toContain('user:reset_password');
  });

  it('refuses every user operation without the permission', async () => {
    const op = await login(t.app, 'op', USER_PASSWORD);
    for (const [method, url, body] of [
      ['GET', `${base}/index`, undefined],
      ['POST', `${base}/add`, { username: 'x1', password: 'secret1' }],
      ['POST', `${base}/edit`, { id, version, full_name: 'x' }],
      ['POST', `${base}/del`, { id }],
      ['POST', `${base}/set_status`, { id, status: 'disabled' }],
    ] as const) {
      const res = await call(t.app, method, url, { token: op, body });
      expect(res.status, url).toBe(403);
    }
  });
});

describe('admin rules', () => {
  it('an admin cannot disable or delete themself; the last admin cannot be removed', async () => {
    const [me] = await t.handle.db.select().from(users).where(eq(users.username, 'admin'));
    const self = await call(t.app, 'POST', `${base}/set_status`, { token: admin, body: { id: me!.id, status: 'disabled' } });
    expect(self.status).toBe(400);
    expect(self.msg).toBe('不能停用或删除自己的账号');
    const del = await call(t.app, 'POST', `${base}/del`, { token: admin, body: { id: me!.id } });
    expect(del.msg).toBe('不能停用或删除自己的账号');
    // a second admin may not take away the first admin's role when that would leave none
    const second = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { username: 'admin2', password: ADMIN_PASSWORD, role_ids: [await roleId('admin')] } });
    expect(second.data.is_admin).toBe(true);
    const admin2 = await login(t.app, 'admin2', ADMIN_PASSWORD);
    const demote = await call(t.app, 'POST', `${base}/edit`, { token: admin2, body: { id: me!.id, version: me!.version, role_ids: [] } });
    expect(demote.status).toBe(200);
    expect(demote.data.is_admin).toBe(false);
    // now admin2 is the last admin: nobody can delete, disable or demote it
    const last = await call(t.app, 'POST', `${base}/edit`, { token: admin2, body: { id: second.data.id, version: second.data.version, role_ids: [] } });
    expect(last.status).toBe(400);
    expect(last.msg).toBe('至少要保留一个启用的超级管理员');
    // restore
    const [cur] = await t.handle.db.select().from(users).where(eq(users.id, me!.id));
    const back = await call(t.app, 'POST', `${base}/edit`, { token: admin2, body: { id: me!.id, version: cur!.version, role_ids: [await roleId('admin')] } });
    expect(back.data.is_admin).toBe(true);
    admin = await login(t.app);
    expect((await call(t.app, 'POST', `${base}/del`, { token: admin, body: { id: second.data.id } })).status).toBe(200);
  });

  it('a non-admin user manager cannot hand out the admin role or touch an admin', async () => {
    const [mgrRole] = await t.handle.db
      .insert(roles)
      .values({ code: 'usermgr', name: '用户管理员', permissions: ['user:*', 'customer:index'], data_scope: 'all' })
      .returning();
    const mk = await call(t.app, 'POST', `${base}/add`, { token: admin, body: { username: 'mgr', password: 'secret1', role_ids: [mgrRole!.id] } });
    const mgr = await login(t.app, 'mgr', 'secret1');
    const up = await call(t.app, 'POST', `${base}/add`, { token: mgr, body: { username: 'boss', password: 'secret1', role_ids: [await roleId('admin')] } });
    expect(up.status).toBe(403);
    const wider = await call(t.app, 'POST', `${base}/add`, { token: mgr, body: { username: 'boss', password: 'secret1', role_ids: [await roleId('operator')] } });
    expect(wider.status).toBe(403);
    expect(wider.msg).toContain('customer:*');
    const [me] = await t.handle.db.select().from(users).where(eq(users.username, 'admin'));
    const reset = await call(t.app, 'POST', `${base}/reset_password`, { token: mgr, body: { id: me!.id, password: 'hacked1' } });
    expect(reset.status).toBe(403);
    expect(mk.status).toBe(200);
  });
});

describe('department data scope', () => {
  it('a department-scoped manager sees only their department (and below) and themself', async () => {
    const db = t.handle.db;
    const [east] = await db.insert(departments).values({ name: '华东区' }).returning();
    const [sub] = await db.insert(departments).values({ name: '上海组', parent_id: east!.id }).returning();
    const [west] = await db.insert(departments).values({ name: '西南区' }).returning();
    const [scoped] = await db.insert(roles).values({ code: 'deptmgr', name: '部门经理', permissions: ['user:index', 'user:get_info', 'user:add'], data_scope: 'department' }).returning();
    const add = (username: string, department_id: number, role_ids: number[] = []) =>
      call(t.app, 'POST', `${base}/add`, { token: admin, body: { username, password: 'secret1', department_id, role_ids } });
    await add('boss_east', east!.id, [scoped!.id]);
    await add('sh1', sub!.id);
    const w = await add('west1', west!.id);
    const mgr = await login(t.app, 'boss_east', 'secret1');
    const list = await call(t.app, 'GET', `${base}/index`, { token: mgr, query: { limit: 100 } });
    expect(list.data.list.map((u: { username: string }) => u.username).sort()).toEqual(['boss_east', 'sh1']);
    expect(list.data.total).toBe(2);
    const other = await call(t.app, 'GET', `${base}/get_info`, { token: mgr, query: { id: w.data.id } });
    expect(other.status).toBe(404);
    // creating a user outside the department is refused and leaves nothing behind
    const out = await call(t.app, 'POST', `${base}/add`, { token: mgr, body: { username: 'west2', password: 'secret1', department_id: west!.id } });
    expect(out.status).toBe(404);
    expect(await db.select().from(users).where(eq(users.username, 'west2'))).toHaveLength(0);
    // the admin's department filter includes sub-departments
    const filtered = await call(t.app, 'GET', `${base}/index`, { token: admin, query: { department_id: east!.id } });
    expect(filtered.data.list.map((u: { username: string }) => u.username).sort()).toEqual(['boss_east', 'sh1']);
  });
});

describe('personal centre', () => {
  it('reads and edits the own profile, with validation and a stale version 409', async () => {
    const token = await login(t.app, 'sd', USER_PASSWORD);
    const me = await call(t.app, 'GET', `${base}/profile`, { token });
    expect(me.data.username).toBe('sd');
    expect(me.data.password_hash).toBeUndefined();
    const bad = await call(t.app, 'POST', `${base}/profile`, { token, body: { phone: '2' } });
    expect(bad.msg).toContain('请输入正确的手机号');
    const res = await call(t.app, 'POST', `${base}/profile`, { token, body: { full_name: '王五', phone: '13900000000', email: '', version: me.data.version } });
    expect(res.status).toBe(200);
    expect(res.data.full_name).toBe('王五');
    expect(res.data.email).toBeNull();
    const stale = await call(t.app, 'POST', `${base}/profile`, { token, body: { full_name: '王六', version: me.data.version } });
    expect(stale.status).toBe(409);
    // no way to change roles or the user name through the profile
    const sneaky = await call(t.app, 'POST', `${base}/profile`, { token, body: { role_ids: [1] } });
    expect(sneaky.status).toBe(400);
  });

  it('uploads an avatar (png/jpeg/webp/gif up to 2 MiB) served at an unguessable public URL', async () => {
    const token = await login(t.app, 'sd', USER_PASSWORD);
    const res = await upload(token, png, 'image/png');
    expect(res.status).toBe(200);
    const url: string = res.data.avatar;
    expect(url).toMatch(/^\/api\/public\/avatar\/[A-Za-z0-9_-]{32}\.png$/);
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
    // a second upload replaces (and removes) the first
    const again = await upload(token, png, 'image/png');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: again.data.avatar })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/avatar/../../etc/passwd' })).statusCode).toBe(404);
  });

  it('refuses other types, disguised files and images over 2 MiB', async () => {
    const token = await login(t.app, 'sd', USER_PASSWORD);
    const pdf = await upload(token, Buffer.from('%PDF-1.4 hello'), 'application/pdf');
    expect(pdf.status).toBe(400);
    expect(pdf.msg).toBe('头像只能是 PNG、JPEG、WebP 或 GIF 图片');
    const fake = await upload(token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png');
    expect(fake.status).toBe(400);
    const big = await upload(token, Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 'image/png');
    expect(big.status).toBe(413);
    expect(big.msg).toBe('头像图片不能超过2 MiB');
    const none = await t.app.inject({ method: 'POST', url: `${base}/avatar`, headers: { 'content-type': 'image/png' }, payload: png });
    expect(none.statusCode).toBe(401);
  });
});
