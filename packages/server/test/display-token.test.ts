import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { customers, displayTokens, sysLog } from '../src/db/schema/index.ts';
import { STATS_PUSH_INTERVAL_MS } from '../src/realtime/hub.ts';
import { hashSecret } from '../src/modules/auth/token.ts';
import { call, fixtures, login, startApp, USER_PASSWORD, type TestApp } from './helpers.ts';
import { connect } from './ws.ts';

let t: TestApp;
let admin: string;
let op: string;
const base = '/api/system/display_token';
const userArea = '/api/system/statistic/user_area';

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
});
afterAll(async () => t.close());

const add = (body: unknown, token = admin) => call(t.app, 'POST', `${base}/add`, { token, body });

describe('display tokens', () => {
  it('an administrator issues one: the whole token once, only its hash stored, logged', async () => {
    const res = await add({ name: '展厅大屏', valid_days: 30 });
    expect(res.status).toBe(200);
    const token: string = res.data.token;
    expect(token).toMatch(/^pvd_[A-Za-z0-9_-]{43}$/);
    expect(res.data).toMatchObject({ name: '展厅大屏', prefix: token.slice(0, 12), revoked_at: null, last_used_at: null });
    const days = (Date.parse(res.data.expires_at) - Date.parse(res.data.created_at)) / 86_400_000;
    expect(days).toBe(30);

    const [row] = await t.handle.db.select().from(displayTokens).where(eq(displayTokens.id, res.data.id));
    expect(row!.token_hash).toBe(hashSecret(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const list = await call(t.app, 'GET', `${base}/index`, { token: admin });
    expect(list.status).toBe(200);
    const listed = list.data.list.find((r: { id: number }) => r.id === res.data.id);
    expect(listed).toMatchObject({ name: '展厅大屏', prefix: token.slice(0, 12) });
    expect(listed.token).toBeUndefined();
    expect(list.body).not.toContain(token);

    const logs = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'display_token'), eq(sysLog.record_id, res.data.id)));
    expect(logs.map((l) => l.action)).toEqual(['add']);
    expect(JSON.stringify(logs)).not.toContain(token);
  });

  it('reads statistics, records when it was used, and gets 403 everywhere else', async () => {
    const { data } = await add({ name: '指挥中心', valid_days: null });
    expect(data.expires_at).toBeNull();
    const stat = await call(t.app, 'POST', userArea, { token: data.token, body: {} });
    expect(stat.status).toBe(200);
    expect(Array.isArray(stat.data.provinces)).toBe(true);
    const [row] = await t.handle.db.select().from(displayTokens).where(eq(displayTokens.id, data.id));
    expect(row!.last_used_at).not.toBeNull();
    for (const name of ['homepage', 'user_line', 'industry_data', 'industry_construction_data', 'industry_team_data', 'events']) {
      expect((await call(t.app, 'POST', `/api/system/statistic/${name}`, { token: data.token, body: {} })).status, name).toBe(200);
    }
    const targets = await call(t.app, 'POST', '/api/system/target/index_data', { token: data.token, body: { period: 'year' } });
    expect(targets.status).toBe(200);
    expect(Array.isArray(targets.data.items)).toBe(true);

    for (const [method, url] of [
      ['GET', '/api/system/customer/index'],
      ['GET', '/api/system/common/get_user_info'],
      ['GET', `${base}/index`],
      ['POST', `${base}/add`],
      ['GET', '/api/system/syslog/index'],
      ['POST', '/api/system/statistic/welcome'],
      ['POST', '/api/system/target/get_config'],
    ] as const) {
      const res = await call(t.app, method, url, { token: data.token, body: method === 'POST' ? { name: 'x', valid_days: 1 } : undefined, lang: 'en' });
      expect(res.status, url).toBe(403);
      expect(res.msg).toBe('A display token can only read statistics');
    }
  });

  it('a revoked token is refused with 401 and says so; revoking twice is a 400', async () => {
    const { data } = await add({ name: '会议室', valid_days: 7 });
    expect((await call(t.app, 'POST', userArea, { token: data.token, body: {} })).status).toBe(200);
    const revoked = await call(t.app, 'POST', `${base}/revoke`, { token: admin, body: { id: data.id } });
    expect(revoked.status).toBe(200);
    expect(revoked.data.revoked_at).not.toBeNull();
    const refused = await call(t.app, 'POST', userArea, { token: data.token, body: {} });
    expect(refused.status).toBe(401);
    expect(refused.msg).toBe('大屏令牌“会议室”已被吊销，请向管理员索取新的大屏链接');
    const again = await call(t.app, 'POST', `${base}/revoke`, { token: admin, body: { id: data.id }, lang: 'en' });
    expect(again.status).toBe(400);
    expect(again.msg).toBe('The display token "会议室" is already revoked');
    const logs = await t.handle.db.select().from(sysLog).where(and(eq(sysLog.resource, 'display_token'), eq(sysLog.record_id, data.id)));
    expect(logs.map((l) => l.action).sort()).toEqual(['add', 'revoke']);
  });

  it('an expired token is refused with 401 naming when it expired', async () => {
    const { data } = await add({ name: '旧屏', valid_days: 1 });
    await t.handle.db.update(displayTokens).set({ expires_at: new Date('2026-01-02T03:04:00Z') }).where(eq(displayTokens.id, data.id));
    const res = await call(t.app, 'POST', userArea, { token: data.token, body: {}, lang: 'en' });
    expect(res.status).toBe(401);
    expect(res.msg).toBe('The display token "旧屏" expired at 2026-01-02 03:04 UTC; ask an administrator for a new big-screen link');
  });

  it('an unknown or malformed display token is refused with 401', async () => {
    for (const token of [`pvd_${'A'.repeat(43)}`, 'pvd_short']) {
      const res = await call(t.app, 'POST', userArea, { token, body: {}, lang: 'en' });
      expect(res.status).toBe(401);
      expect(res.msg).toBe('This display token is not valid; ask an administrator for a new big-screen link');
    }
  });

  it('validates the request and needs the display_token permissions', async () => {
    const bad = await add({ name: ' ', valid_days: 0 });
    expect(bad.status).toBe(400);
    expect((await add({ name: 'x', valid_days: 5000 })).status).toBe(400);
    expect((await call(t.app, 'POST', `${base}/revoke`, { token: admin, body: { id: 999999 } })).status).toBe(404);
    expect((await add({ name: 'x', valid_days: 1 }, op)).status).toBe(403);
    expect((await call(t.app, 'GET', `${base}/index`, { token: op })).status).toBe(403);
    expect((await call(t.app, 'POST', `${base}/revoke`, { token: op, body: { id: 1 } })).status).toBe(403);
  });
});

describe('statistics push over the websocket', () => {
  const newCustomer = (name: string) =>
    t.handle.db.insert(customers).values({ name, phone: '13900000001', province_code: '370000', city_code: '370100', stage: 'intentional', status: 'new' });

  it('a display token’s socket hears that statistics changed, and nothing else', async () => {
    const { data } = await add({ name: '推送大屏', valid_days: 1 });
    const wall = await connect(t.app, `?token=${data.token}`);
    expect(await wall.next((f) => f.type === 'ready')).toEqual({ type: 'ready', user_id: 0, unread: 0 });
    // a user's socket without the topic gets no statistics frames; with it, it does
    const plain = await connect(t.app, `?token=${admin}`);
    const subscribed = await connect(t.app, `?token=${admin}&topics=stats`);
    await plain.next((f) => f.type === 'ready');
    await subscribed.next((f) => f.type === 'ready');

    await newCustomer('推送客户');
    expect(await wall.next((f) => f.type === 'stats')).toEqual({ type: 'stats' });
    expect(await subscribed.next((f) => f.type === 'stats')).toEqual({ type: 'stats' });
    expect(plain.frames.filter((f) => f.type === 'stats')).toEqual([]);

    // a message to everyone reaches the user's sockets, never the wall
    const msg = await call(t.app, 'POST', '/api/system/message/add', { token: admin, body: { title: '给所有人' } });
    expect(msg.status).toBe(200);
    await plain.next((f) => f.type === 'message');
    await new Promise((r) => setTimeout(r, 300));
    expect(wall.frames.filter((f) => f.type === 'message' || f.type === 'unread')).toEqual([]);
    for (const s of [wall, plain, subscribed]) s.ws.close();
  });

  it('a burst of writes is one frame now and one after the interval; a rolled-back write sends none', async () => {
    const { data } = await add({ name: '节流大屏', valid_days: 1 });
    const wall = await connect(t.app, `?token=${data.token}`);
    await wall.next((f) => f.type === 'ready');
    // let any earlier test's trailing frame pass
    await new Promise((r) => setTimeout(r, STATS_PUSH_INTERVAL_MS + 200));
    wall.frames.length = 0;
    await t.handle.db
      .transaction(async (tx) => {
        await tx.insert(customers).values({ name: '回滚', phone: '13900000002', province_code: '370000', stage: 'intentional', status: 'new' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    expect(wall.frames).toEqual([]);

    for (let i = 0; i < 5; i++) await newCustomer(`连续${i}`);
    await wall.next((f) => f.type === 'stats');
    await new Promise((r) => setTimeout(r, 300));
    expect(wall.frames.filter((f) => f.type === 'stats')).toEqual([]); // the rest waits for the interval
    await wall.next((f) => f.type === 'stats', STATS_PUSH_INTERVAL_MS + 2000);
    wall.ws.close();
  });

  it('a revoked display token’s socket is refused with the reason', async () => {
    const { data } = await add({ name: '吊销大屏', valid_days: 1 });
    await call(t.app, 'POST', `${base}/revoke`, { token: admin, body: { id: data.id } });
    const wall = await connect(t.app, `?token=${data.token}`);
    expect(await wall.next((f) => f.type === 'error')).toMatchObject({ type: 'error', code: 401, msg: '大屏令牌“吊销大屏”已被吊销，请向管理员索取新的大屏链接' });
    expect(await wall.closed).toBe(4402);
  });
});
