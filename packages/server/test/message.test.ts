import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ServerFrame } from '@pv/contract';
import { buildApp } from '../src/app.ts';
import { roles, sessions, sysLog, userRoles } from '../src/db/schema/index.ts';
import { openDb } from '../src/db/client.ts';
import { USER_PASSWORD, call, fixtures, login, onPostgres, startApp, type TestApp } from './helpers.ts';
import { connect } from './ws.ts';

/** Messages: management CRUD, validation, permissions, per-user read state, recipients, the bell, the websocket. */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let op: string;
let sd: string;
let hn: string;
const base = '/api/system/message';

beforeAll(async () => {
  t = await startApp();
  fx = await fixtures(t);
  // the operator may send messages (message:*); agents may only read their own
  const [role] = await t.handle.db.insert(roles).values({ code: 'msg_sender', name: '消息发送', permissions: ['message:*'], data_scope: 'all' }).returning();
  await t.handle.db.insert(userRoles).values({ user_id: fx.op.id, role_id: role!.id });
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
  sd = await login(t.app, 'sd', USER_PASSWORD);
  hn = await login(t.app, 'hn', USER_PASSWORD);
});
afterAll(async () => t.close());

const send = (token: string, body: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${base}/add`, { token, body, lang });
const mine = (token: string, query: Record<string, string | number> = {}) => call(t.app, 'GET', `${base}/get_message_list`, { token, query });
const notify = (token: string, body: Record<string, unknown> = {}) => call(t.app, 'POST', `${base}/get_notify`, { token, body });

describe('message management', () => {
  let id: number;
  let version: number;
  it('sends to one user; the sender is the caller; logged', async () => {
    const res = await send(op, { title: '并网资料待补充', content: '请补充户号照片', type: 'business', level: 'warning', link: '/customer/customerList', recipient_id: fx.sdUser.id });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ title: '并网资料待补充', type: 'business', level: 'warning', recipient_id: fx.sdUser.id, sender_id: fx.op.id, sender_name: '运营小李', recipient_name: '山东代理王', read_count: 0, version: 1 });
    id = res.data.id;
    version = res.data.version;
    const logs = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'message'), eq(sysLog.record_id, id)));
    expect(logs.map((l) => l.action)).toEqual(['add']);
  });

  it('defaults: type notice, level info, everyone when no recipient', async () => {
    const res = await send(admin, { title: '系统维护通知' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ type: 'notice', level: 'info', recipient_id: null, content: '', link: null });
  });

  it('refuses bad input with clear messages and changes nothing', async () => {
    const before = (await call(t.app, 'GET', `${base}/index`, { token: admin })).data.total;
    const empty = await send(op, { title: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.msg).toContain('标题');
    expect(empty.msg).toContain('此项不能为空');
    const level = await send(op, { title: 'x', level: 'panic' }, 'en');
    expect(level.status).toBe(400);
    expect(level.msg).toContain('Level');
    expect(level.msg).toContain('Please choose a valid option');
    const link = await send(op, { title: 'x', link: 'javascript:alert(1)' });
    expect(link.status).toBe(400);
    expect(link.msg).toContain('链接须是以 / 开头的页面路径或 http(s) 网址');
    const nobody = await send(op, { title: 'x', recipient_id: 99999 });
    expect(nobody.status).toBe(400);
    expect(nobody.msg).toBe('接收人不存在或已停用（ID 99999）');
    const unknown = await send(op, { title: 'x', sender_id: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toContain('sender_id');
    const long = await send(op, { title: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.msg).toContain('长度不能超过200个字符');
    expect((await call(t.app, 'GET', `${base}/index`, { token: admin })).data.total).toBe(before);
  });

  it('lists, filters and reads one', async () => {
    const all = await call(t.app, 'GET', `${base}/index`, { token: op });
    expect(all.status).toBe(200);
    expect(all.data.total).toBe(2);
    const broadcast = await call(t.app, 'GET', `${base}/index`, { token: op, query: { recipient_id: 0 } });
    expect(broadcast.data.list.map((m: { title: string }) => m.title)).toEqual(['系统维护通知']);
    const typed = await call(t.app, 'GET', `${base}/index`, { token: op, query: { type: 'business', q: '户号' } });
    expect(typed.data.total).toBe(1);
    const one = await call(t.app, 'GET', `${base}/get_info`, { token: op, query: { id } });
    expect(one.data.title).toBe('并网资料待补充');
  });

  it('filters by creation time (a date range, not a 500)', async () => {
    const all = (await call(t.app, 'GET', `${base}/index`, { token: op })).data.total;
    const since = await call(t.app, 'GET', `${base}/index`, { token: op, query: { created_at_gte: '2000-01-01', created_at_lte: new Date(Date.now() + 60_000).toISOString() } });
    expect(since.status, since.msg).toBe(200);
    expect(since.data.total).toBe(all);
    const future = await call(t.app, 'GET', `${base}/index`, { token: op, query: { created_at_gte: '2999-01-01' } });
    expect(future.data.total).toBe(0);
    expect((await call(t.app, 'GET', `${base}/index`, { token: op, query: { created_at_gte: 'yesterday' } })).status).toBe(400);
  });

  it('edits with the version read; a stale version gets 409; the recipient is fixed', async () => {
    const res = await call(t.app, 'POST', `${base}/edit`, { token: op, body: { id, version, title: '并网资料待补充（第二次提醒）' } });
    expect(res.status).toBe(200);
    expect(res.data.version).toBe(version + 1);
    const stale = await call(t.app, 'POST', `${base}/edit`, { token: op, body: { id, version, title: '旧版本' } });
    expect(stale.status).toBe(409);
    const recipient = await call(t.app, 'POST', `${base}/edit`, { token: op, body: { id, version: version + 1, recipient_id: fx.hnUser.id } });
    expect(recipient.status).toBe(400);
    const field = await call(t.app, 'POST', `${base}/update_field`, { token: op, body: { id, field: 'level', value: 'urgent' } });
    expect(field.status).toBe(200);
    expect(field.data.level).toBe('urgent');
    const badField = await call(t.app, 'POST', `${base}/update_field`, { token: op, body: { id, field: 'recipient_id', value: 1 } });
    expect(badField.status).toBe(400);
  });

  it('users without message permissions cannot manage, only read their own', async () => {
    for (const [method, op_] of [
      ['GET', 'index'],
      ['GET', 'get_info'],
      ['POST', 'add'],
      ['POST', 'edit'],
      ['GET', 'del'],
      ['POST', 'update_field'],
    ] as const) {
      const res = await call(t.app, method, `${base}/${op_}`, { token: sd, query: { id }, body: method === 'POST' ? { title: 'x' } : undefined });
      expect(res.status, op_).toBe(403);
      expect(res.msg).toContain(`message:${op_}`);
    }
    const anon = await call(t.app, 'GET', `${base}/get_message_list`);
    expect(anon.status).toBe(401);
  });

  it('deletes (and its read states go with it)', async () => {
    const extra = await send(admin, { title: '删除测试', recipient_id: fx.hnUser.id });
    await notify(hn, { ids: [extra.data.id] });
    const res = await call(t.app, 'GET', `${base}/del`, { token: op, query: { id: extra.data.id } });
    expect(res.status).toBe(200);
    expect(res.data.ids).toEqual([extra.data.id]);
    expect((await mine(hn)).data.list.some((m: { id: number }) => m.id === extra.data.id)).toBe(false);
    expect((await call(t.app, 'GET', `${base}/get_info`, { token: op, query: { id: extra.data.id } })).status).toBe(404);
  });
});

describe('my messages: recipients, read state, the bell', () => {
  it('a user sees only messages addressed to them or to everyone', async () => {
    const sdList = await mine(sd);
    expect(sdList.status).toBe(200);
    expect(sdList.data.list.map((m: { title: string }) => m.title).sort()).toEqual(['并网资料待补充（第二次提醒）', '系统维护通知'].sort());
    const hnList = await mine(hn);
    expect(hnList.data.list.map((m: { title: string }) => m.title)).toEqual(['系统维护通知']);
    expect(hnList.data).toMatchObject({ total: 1, unread: 1 });
    expect(hnList.data.list[0]).toMatchObject({ broadcast: true, read: false, read_at: null });
  });

  it('marking read is per user and ignores other people\'s messages', async () => {
    const sdList = (await mine(sd)).data;
    expect(sdList.unread).toBe(2);
    const broadcastId = sdList.list.find((m: { broadcast: boolean }) => m.broadcast).id;
    const privateId = sdList.list.find((m: { broadcast: boolean }) => !m.broadcast).id;
    // hn tries to mark sd's private message and the broadcast: only the broadcast counts, for hn
    const hnMark = await notify(hn, { ids: [privateId, broadcastId] });
    expect(hnMark.status).toBe(200);
    expect(hnMark.data).toMatchObject({ marked: 1, unread: 0 });
    const sdAfter = (await mine(sd)).data;
    expect(sdAfter.unread).toBe(2);
    expect(sdAfter.list.every((m: { read: boolean }) => !m.read)).toBe(true);
    const sdMark = await notify(sd, { ids: String(privateId) });
    expect(sdMark.data).toMatchObject({ marked: 1, unread: 1 });
    const again = await notify(sd, { ids: [privateId] });
    expect(again.data.marked).toBe(0);
    const unreadOnly = await mine(sd, { read: 0 });
    expect(unreadOnly.data.list.map((m: { id: number }) => m.id)).toEqual([broadcastId]);
    const readOnly = await mine(sd, { read: 1 });
    expect(readOnly.data.list.map((m: { id: number }) => m.id)).toEqual([privateId]);
    expect(readOnly.data.list[0].read_at).toBeTruthy();
    const info = await call(t.app, 'GET', `${base}/get_info`, { token: op, query: { id: broadcastId } });
    expect(info.data.read_count).toBe(1);
  });

  it('get_notify: counts and the latest few, with a limit; bad input is refused', async () => {
    for (let i = 1; i <= 6; i++) await send(op, { title: `批量通知${i}`, recipient_id: fx.hnUser.id });
    const res = await notify(hn);
    expect(res.data.unread).toBe(6);
    expect(res.data.list).toHaveLength(5);
    expect(res.data.list[0].title).toBe('批量通知6');
    expect((await notify(hn, { limit: 2 })).data.list).toHaveLength(2);
    const bad = await notify(hn, { limit: 1000 });
    expect(bad.status).toBe(400);
    const badIds = await notify(hn, { ids: 'a,b' });
    expect(badIds.status).toBe(400);
    // get_message_list pages
    const page2 = await mine(hn, { page: 2, limit: 5 });
    expect(page2.data).toMatchObject({ total: 7, unread: 6 });
    expect(page2.data.list).toHaveLength(2);
  });

  it('clear_all_meg marks everything of the caller read and empties the bell, for the caller only', async () => {
    const res = await call(t.app, 'GET', `${base}/clear_all_meg`, { token: hn });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ cleared: 7, unread: 0 });
    const bell = await notify(hn);
    expect(bell.data).toMatchObject({ unread: 0, list: [] });
    const centre = await mine(hn);
    expect(centre.data.total).toBe(7);
    expect(centre.data.list.every((m: { read: boolean }) => m.read)).toBe(true);
    // sd is untouched
    expect((await mine(sd)).data.unread).toBe(1);
    // a new message shows in the bell again
    await send(op, { title: '清空后的新消息', recipient_id: fx.hnUser.id });
    expect((await notify(hn)).data).toMatchObject({ unread: 1, list: [{ title: '清空后的新消息', read: false }] });
  });
});

// ---- websocket ----

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('websocket push', () => {
  it('a message to user A reaches A only; a message to everyone reaches both', async () => {
    const a = await connect(t.app, `?token=${sd}`);
    const b = await connect(t.app);
    b.ws.send(JSON.stringify({ type: 'auth', token: hn }));
    const readyA = await a.next((f) => f.type === 'ready');
    expect(readyA).toMatchObject({ type: 'ready', user_id: fx.sdUser.id, unread: 1 });
    await b.next((f) => f.type === 'ready');

    await send(op, { title: '只给山东代理', content: '内容', level: 'urgent', recipient_id: fx.sdUser.id });
    const pushed = await a.next((f) => f.type === 'message');
    expect(pushed).toMatchObject({ type: 'message', unread: 2, message: { title: '只给山东代理', level: 'urgent', read: false, broadcast: false, sender_name: '运营小李' } });

    await send(op, { title: '给所有人' });
    expect(await a.next((f) => f.type === 'message')).toMatchObject({ message: { title: '给所有人', broadcast: true }, unread: 3 });
    expect(await b.next((f) => f.type === 'message')).toMatchObject({ message: { title: '给所有人' } });
    await settle();
    // B never saw A's private message
    expect(b.frames.filter((f) => f.type === 'message')).toEqual([]);

    // reading on one tab updates the count on the others
    const id = (pushed as Extract<ServerFrame, { type: 'message' }>).message.id;
    await notify(sd, { ids: [id] });
    expect(await a.next((f) => f.type === 'unread')).toEqual({ type: 'unread', unread: 2 });

    a.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await a.next((f) => f.type === 'pong')).toEqual({ type: 'pong' });
    a.ws.terminate();
    b.ws.terminate();
  });

  it('a plain GET of the websocket address explains itself', async () => {
    const res = await call(t.app, 'GET', '/api/system/ws', { lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('/api/system/ws is a websocket address; connect with ws:// or wss://');
  });

  it('refuses an invalid token, and a socket that sends no token', async () => {
    const bad = await connect(t.app, '?token=forged.token.value');
    expect(await bad.next((f) => f.type === 'error')).toMatchObject({ type: 'error', code: 402, msg: '登录已失效，请重新登录' });
    expect(await bad.closed).toBe(4402);
    const noAuth = await connect(t.app);
    noAuth.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await noAuth.closed).toBe(4401);
    // a refused socket got nothing
    await send(op, { title: '拒绝后', recipient_id: null });
    await settle();
    expect(bad.frames.filter((f) => f.type === 'message')).toEqual([]);
  });

  it('an expired access token is refused with 4405 (the console refreshes and reconnects)', async () => {
    const shortLived = await buildApp({ db: t.handle.db, config: { ...t.config, accessTokenTtl: 1 }, dbKind: t.handle.kind });
    await shortLived.ready();
    try {
      const token = await login(shortLived, 'hn', USER_PASSWORD);
      await new Promise((r) => setTimeout(r, 2100));
      const s = await connect(shortLived, `?token=${token}`);
      expect(await s.next((f) => f.type === 'error')).toMatchObject({ code: 405 });
      expect(await s.closed).toBe(4405);
    } finally {
      await shortLived.close();
    }
  });

  it('a revoked session is closed at the next heartbeat', async () => {
    const token = await login(t.app, 'hn', USER_PASSWORD);
    const s = await connect(t.app, `?token=${token}`);
    await s.next((f) => f.type === 'ready');
    // as logout or a password change does
    await t.handle.db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.user_id, fx.hnUser.id));
    await t.app.realtime.heartbeat();
    expect(await s.closed).toBe(4402);
  });

  it('two API processes on the same database: a message added on one reaches a console on the other', async () => {
    // on PostgreSQL the second app has its own connections, as a second process would; PGlite is one instance
    const second = onPostgres ? await openDb({ databaseUrl: t.handle.url!, migrate: false }) : null;
    const other = await buildApp({ db: second?.db ?? t.handle.db, config: t.config, dbKind: t.handle.kind });
    await other.ready();
    try {
      const a = await connect(other, `?token=${sd}`);
      await a.next((f) => f.type === 'ready');
      await send(admin, { title: '跨进程消息', recipient_id: fx.sdUser.id });
      expect(await a.next((f) => f.type === 'message')).toMatchObject({ message: { title: '跨进程消息' } });
      a.ws.terminate();
    } finally {
      await other.close();
      await second?.close();
    }
    // the first app still delivers after the second closed its listener
    const b = await connect(t.app, `?token=${sd}`);
    await b.next((f) => f.type === 'ready');
    await send(admin, { title: '关闭后仍可送达', recipient_id: fx.sdUser.id });
    expect(await b.next((f) => f.type === 'message')).toMatchObject({ message: { title: '关闭后仍可送达' } });
    b.ws.terminate();
  });
});
