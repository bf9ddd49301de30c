import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { customers, files, matters, stations, transitions, users } from '../src/db/schema/index.ts';
import { USER_PASSWORD, call, customerBody, fixtures, login, startApp, testImage, uploadFile, type TestApp } from './helpers.ts';

/** 光E宝 matters: create with consistent parties, the lifecycle, the reply thread with voice notes, scope and export. */

let t: TestApp;
let admin: string;
let op: string;
let sd: string;
let hn: string;
let f: Awaited<ReturnType<typeof fixtures>>;
let sdCustomer: number;
let otherCustomer: number;
let sdStation: number;

const base = '/api/system/matter';
const post = (token: string, op_: string, body: unknown, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${base}/${op_}`, { token, body, lang });
const get = (token: string, op_: string, query: Record<string, string | number>) => call(t.app, 'GET', `${base}/${op_}`, { token, query });
const mp3 = () => Buffer.concat([Buffer.from('ID3'), Buffer.alloc(2000, 7)]);

async function newMatter(extra: Record<string, unknown> = {}, token = op) {
  const res = await post(token, 'add', { type: 'fault', customer_id: sdCustomer, title: '逆变器报警', content: '屏幕显示 E21，发电量为零', channel: 'phone', ...extra });
  expect(res.status, res.msg).toBe(200);
  return res.data as { id: number; version: number; status: string; matter_no: string };
}

beforeAll(async () => {
  t = await startApp();
  f = await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
  sd = await login(t.app, 'sd', USER_PASSWORD);
  hn = await login(t.app, 'hn', USER_PASSWORD);
  const { db } = t.handle;
  const [c1] = await db.insert(customers).values({ ...customerBody({ name: '王大山', phone: '13900000001' }), agent_id: f.sd.id, stage: 'formal', status: 'signed' }).returning();
  const [c2] = await db.insert(customers).values({ ...customerBody({ name: '李小河', phone: '13900000002', province_code: '410000', city_code: '410100' }), agent_id: f.hn.id, stage: 'formal', status: 'signed' }).returning();
  sdCustomer = c1!.id;
  otherCustomer = c2!.id;
  const [s1] = await db.insert(stations).values({ code: 'PVTEST0001', name: '王大山屋顶电站', customer_id: sdCustomer, agent_id: f.sdc.id, province_code: '370000', city_code: '370700', capacity_kwp: 20 }).returning();
  sdStation = s1!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('create', () => {
  it('numbers the matter, copies agent and province, lists with names', async () => {
    const m = await newMatter();
    expect(m.matter_no).toMatch(/^SX\d{14}$/);
    expect(m).toMatchObject({ status: 'pending', customer_id: sdCustomer, agent_id: f.sd.id, province_code: '370000', customer_name: '王大山', reply_count: 0 });
    // a station alone brings its customer; agent and province come from the station
    const s = await newMatter({ customer_id: undefined, station_id: sdStation });
    expect(s).toMatchObject({ customer_id: sdCustomer, station_id: sdStation, station_code: 'PVTEST0001', agent_id: f.sdc.id });
    const list = await get(op, 'index', { station_id: sdStation });
    expect(list.data.list.map((r: { id: number }) => r.id)).toEqual([(s as { id: number }).id]);
    const timeline = await get(op, 'timeline', { id: m.id });
    expect(timeline.data.list).toMatchObject([{ action: 'add', from_status: null, to_status: 'pending' }]);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const before = (await t.handle.db.select().from(matters)).length;
    const none = await post(op, 'add', { type: 'fault', title: 'x', content: 'y' });
    expect(none.status).toBe(400);
    expect(none.msg).toContain('请选择客户或电站');
    const mismatch = await post(op, 'add', { type: 'fault', customer_id: otherCustomer, station_id: sdStation, title: 'x', content: 'y' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.msg).toBe('电站 PVTEST0001 不属于所选客户');
    const mismatchEn = await post(op, 'add', { type: 'fault', customer_id: otherCustomer, station_id: sdStation, title: 'x', content: 'y' }, 'en');
    expect(mismatchEn.msg).toBe('Station PVTEST0001 does not belong to the chosen customer');
    const noStation = await post(op, 'add', { type: 'fault', station_id: 999999, title: 'x', content: 'y' });
    expect(noStation.msg).toBe('电站不存在（ID 999999）');
    const badType = await post(op, 'add', { type: 'weather', customer_id: sdCustomer, title: '', content: 'y' });
    expect(badType.status).toBe(400);
    expect(badType.msg).toMatch(/请选择有效的选项|此项不能为空/);
    expect((await t.handle.db.select().from(matters)).length).toBe(before);
  });

  it('binds attachments uploaded first, only the caller\'s own', async () => {
    const img = await uploadFile(t.app, op, '/api/system/file/upload?owner_type=matter', await testImage(64, 48, 'png'), 'image/png', '报警照片.png');
    expect(img.status).toBe(200);
    const m = await newMatter({ file_ids: [img.data.id] });
    const list = await get(op, 'files', { id: m.id });
    expect(list.data.list).toMatchObject([{ id: img.data.id, owner_type: 'matter', owner_id: m.id, name: '报警照片.png' }]);
    expect(list.data.list[0].thumb_url).toMatch(/^\/api\/public\/file\//);
    // someone else's upload cannot be attached
    const theirs = await uploadFile(t.app, admin, '/api/system/file/upload?owner_type=matter', await testImage(8, 8), 'image/jpeg', 'a.jpg');
    const refused = await post(op, 'add', { type: 'other', customer_id: sdCustomer, title: 'x', content: 'y', file_ids: [theirs.data.id] });
    expect(refused.status).toBe(400);
    expect(refused.msg).toContain(`ID ${theirs.data.id}`);
  });
});

describe('lifecycle', () => {
  it('assign → processing, notifies the handler, timeline and log', async () => {
    const m = await newMatter();
    const res = await post(op, 'assign', { id: m.id, version: m.version, handler_id: f.op.id });
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({ status: 'processing', handler_id: f.op.id, handler_name: '运营小李', version: m.version + 1 });
    expect(res.data.assigned_at).toBeTruthy();
    const inbox = await call(t.app, 'GET', '/api/system/message/get_message_list', { token: op, query: { page: 1, limit: 50 } });
    const msg = inbox.data.list.find((x: { title: string }) => x.title.includes(m.matter_no));
    expect(msg).toMatchObject({ type: 'business', link: `/stationManagement/matterDetails?id=${m.id}`, read: false });
    // nobody else gets it
    const other = await call(t.app, 'GET', '/api/system/message/get_message_list', { token: sd, query: { page: 1, limit: 50 } });
    expect(other.data.list.some((x: { title: string }) => x.title.includes(m.matter_no))).toBe(false);
    const rows = await t.handle.db.select().from(transitions).where(and(eq(transitions.entity, 'matter'), eq(transitions.entity_id, m.id)));
    expect(rows.map((r) => [r.action, r.from_status, r.to_status])).toEqual([
      ['add', null, 'pending'],
      ['assign', 'pending', 'processing'],
    ]);
    const history = await get(op, 'history', { id: m.id });
    expect(history.data.list.map((h: { action: string }) => h.action)).toEqual(['add', 'assign']);
  });

  it('assign refuses a disabled handler, a stale version and callers without the permission', async () => {
    const m = await newMatter();
    const { db } = t.handle;
    const [ghost] = await db.insert(users).values({ username: 'ghost', password_hash: 'x', full_name: '停用员工', status: 'disabled' }).returning();
    const disabled = await post(op, 'assign', { id: m.id, version: m.version, handler_id: ghost!.id });
    expect(disabled.status).toBe(400);
    expect(disabled.msg).toBe(`处理人不存在或已停用（ID ${ghost!.id}）`);
    const stale = await post(op, 'assign', { id: m.id, version: m.version + 5, handler_id: f.op.id });
    expect(stale.status).toBe(409);
    const agent = await post(sd, 'assign', { id: m.id, version: m.version, handler_id: f.op.id });
    expect(agent.status).toBe(403);
    expect(agent.msg).toContain('matter:assign');
    const [row] = await db.select().from(matters).where(eq(matters.id, m.id));
    expect(row).toMatchObject({ status: 'pending', handler_id: null, version: m.version });
  });

  it('reply: the thread in order, the first reply starts processing', async () => {
    const m = await newMatter();
    const first = await post(sd, 'reply', { id: m.id, content: '您好，已收到，明天上门' });
    expect(first.status, first.msg).toBe(200);
    expect(first.data).toMatchObject({ status: 'processing', reply_count: 1 });
    const second = await post(op, 'reply', { id: m.id, content: '已安排师傅' });
    expect(second.data).toMatchObject({ status: 'processing', reply_count: 2 });
    const thread = await get(op, 'replies', { id: m.id });
    expect(thread.data.list.map((r: { content: string; author_name: string; author_type: string }) => [r.content, r.author_name, r.author_type])).toEqual([
      ['您好，已收到，明天上门', '山东代理王', 'staff'],
      ['已安排师傅', '运营小李', 'staff'],
    ]);
    const empty = await post(op, 'reply', { id: m.id, content: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.msg).toContain('此项不能为空');
  });

  it('reply with a voice note: only the caller\'s own audio upload, bound to the reply', async () => {
    const m = await newMatter();
    const voice = await uploadFile(t.app, op, '/upload', mp3(), 'audio/mpeg', '语音留言.mp3');
    expect(voice.status).toBe(200);
    const photo = await uploadFile(t.app, op, '/api/system/file/upload?owner_type=matter', await testImage(32, 32), 'image/jpeg', '现场.jpg');
    // someone else's voice note, and a matter attachment posing as a voice note, are refused
    const theirs = await uploadFile(t.app, admin, '/upload', mp3(), 'audio/mpeg', 'x.mp3');
    const bad = await post(op, 'reply', { id: m.id, content: '语音', audio_file_id: theirs.data.id });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain(`ID ${theirs.data.id}`);
    const wrongKind = await post(op, 'reply', { id: m.id, content: '语音', audio_file_id: photo.data.id });
    expect(wrongKind.status).toBe(400);
    // nothing of the refused replies stayed
    expect((await get(op, 'replies', { id: m.id })).data.total).toBe(0);
    expect((await get(op, 'get_info', { id: m.id })).data.status).toBe('pending');

    const res = await post(op, 'reply', { id: m.id, content: '请听语音说明', audio_file_id: voice.data.id, file_ids: [photo.data.id] });
    expect(res.status, res.msg).toBe(200);
    const thread = await get(op, 'replies', { id: m.id });
    const reply = thread.data.list[0];
    expect(reply.audio).toMatchObject({ id: voice.data.id, owner_type: 'audio', owner_id: reply.id, content_type: 'audio/mpeg', name: '语音留言.mp3' });
    expect(reply.audio.url).toMatch(/^\/api\/public\/file\/\d+\/raw\?exp=/);
    expect(reply.files).toMatchObject([{ id: photo.data.id, name: '现场.jpg' }]);
    // the signed link plays the bytes back
    const played = await t.app.inject({ method: 'GET', url: reply.audio.url });
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.length).toBe(mp3().length);
    // a reply's photo is not one of the matter's own attachments
    expect((await get(op, 'files', { id: m.id })).data.total).toBe(0);
    // the same voice note cannot be attached twice
    const again = await post(op, 'reply', { id: m.id, content: '再来一次', audio_file_id: voice.data.id });
    expect(again.status).toBe(400);
    const [stored] = await t.handle.db.select().from(files).where(eq(files.id, voice.data.id));
    expect(stored!.owner_id).toBe(reply.id);
  });

  it('close needs a result; a closed matter refuses every action, naming its state', async () => {
    const m = await newMatter();
    const noResult = await post(op, 'close', { id: m.id, version: m.version, result: ' ' });
    expect(noResult.status).toBe(400);
    expect(noResult.msg).toContain('请填写办结结果');
    const badStars = await post(op, 'close', { id: m.id, version: m.version, result: 'ok', satisfaction: 9 });
    expect(badStars.status).toBe(400);
    const closed = await post(op, 'close', { id: m.id, version: m.version, result: '已更换逆变器，恢复发电', satisfaction: 5 });
    expect(closed.status, closed.msg).toBe(200);
    expect(closed.data).toMatchObject({ status: 'closed', result: '已更换逆变器，恢复发电', satisfaction: 5 });
    expect(closed.data.handled_at).toBeTruthy();
    const v = closed.data.version;
    const reply = await post(op, 'reply', { id: m.id, content: 'x' });
    expect(reply.status).toBe(400);
    expect(reply.msg).toBe('当前状态为“已办结”，不能回复');
    expect((await post(op, 'reply', { id: m.id, content: 'x' }, 'en')).msg).toBe('The current state is "Closed"; cannot reply');
    expect((await post(op, 'assign', { id: m.id, version: v, handler_id: f.op.id })).msg).toBe('当前状态为“已办结”，不能指派处理人');
    expect((await post(op, 'reject', { id: m.id, version: v, reason: 'r' })).msg).toBe('当前状态为“已办结”，不能驳回');
    expect((await post(op, 'close', { id: m.id, version: v, result: 'again' })).msg).toBe('当前状态为“已办结”，不能办结');
    expect((await post(op, 'edit', { id: m.id, version: v, title: '改标题' })).msg).toBe('当前状态为“已办结”，不能修改');
    expect((await get(op, 'get_info', { id: m.id })).data.version).toBe(v);
  });

  it('reject needs a reason; a rejected matter refuses further actions', async () => {
    const m = await newMatter();
    const noReason = await post(op, 'reject', { id: m.id, version: m.version });
    expect(noReason.status).toBe(400);
    expect(noReason.msg).toContain('请填写驳回原因');
    const res = await post(op, 'reject', { id: m.id, version: m.version, reason: '重复提交' });
    expect(res.data).toMatchObject({ status: 'rejected', result: '重复提交' });
    const timeline = await get(op, 'timeline', { id: m.id });
    expect(timeline.data.list.at(-1)).toMatchObject({ action: 'reject', from_status: 'pending', to_status: 'rejected', reason: '重复提交' });
    expect((await post(op, 'close', { id: m.id, version: res.data.version, result: 'x' })).msg).toBe('当前状态为“已驳回”，不能办结');
  });

  it('agents: reply to their own tree only, no close/reject/assign', async () => {
    const m = await newMatter({ customer_id: undefined, station_id: sdStation });
    // the station belongs to the SD child agent: SD's user sees it, HN's does not
    expect((await get(sd, 'index', { limit: 100 })).data.list.some((r: { id: number }) => r.id === m.id)).toBe(true);
    expect((await get(hn, 'index', { limit: 100 })).data.list.some((r: { id: number }) => r.id === m.id)).toBe(false);
    const hnReply = await post(hn, 'reply', { id: m.id, content: '不是我的' });
    expect(hnReply.status).toBe(404);
    expect(hnReply.msg).toBe(`记录不存在或已被删除（ID ${m.id}）`);
    expect((await get(hn, 'replies', { id: m.id })).status).toBe(404);
    expect((await post(sd, 'close', { id: m.id, version: m.version, result: 'x' })).status).toBe(403);
    expect((await post(sd, 'reject', { id: m.id, version: m.version, reason: 'x' })).status).toBe(403);
    // an agent cannot raise a matter for another agent's customer
    const foreign = await post(sd, 'add', { type: 'rent', customer_id: otherCustomer, title: 'x', content: 'y' });
    expect(foreign.status).toBe(403);
  });

  it('batch assign: all or nothing', async () => {
    const a = await newMatter();
    const b = await newMatter();
    const c = await newMatter();
    await post(op, 'close', { id: c.id, version: c.version, result: 'done' });
    const refused = await post(op, 'batch_assign', { ids: [a.id, b.id, c.id], handler_id: f.op.id });
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe('当前状态为“已办结”，不能指派处理人');
    expect((await get(op, 'get_info', { id: a.id })).data.status).toBe('pending');
    const okRes = await post(op, 'batch_assign', { ids: [a.id, b.id], handler_id: f.op.id });
    expect(okRes.status, okRes.msg).toBe(200);
    const list = await get(op, 'index', { id: `${a.id},${b.id}` });
    expect(list.data.list.map((r: { status: string; handler_id: number }) => [r.status, r.handler_id])).toEqual([
      ['processing', f.op.id],
      ['processing', f.op.id],
    ]);
  });
});

describe('list and export', () => {
  it('filters, sorts and searches', async () => {
    const m = await newMatter({ type: 'bank_card', title: '更换银行卡-独特标题', channel: 'wechat' });
    const byQ = await get(op, 'index', { q: '独特标题' });
    expect(byQ.data.list.map((r: { id: number }) => r.id)).toEqual([m.id]);
    const byNo = await get(op, 'index', { q: m.matter_no });
    expect(byNo.data.total).toBe(1);
    const filtered = await get(op, 'index', { type: 'bank_card', status: 'pending,processing', channel: 'wechat', province_code: '370000', agent_id: f.sd.id });
    expect(filtered.data.list.map((r: { id: number }) => r.id)).toContain(m.id);
    const sorted = await get(op, 'index', { sort: 'matter_no', order: 'ASC', limit: 100 });
    const nos = sorted.data.list.map((r: { matter_no: string }) => r.matter_no);
    expect(nos).toEqual([...nos].sort());
    expect((await get(op, 'index', { sort: 'content' })).status).toBe(400);
    expect((await get(op, 'index', { status: 'unknown' })).status).toBe(400);
  });

  it('handlers: enabled users who can reply to matters', async () => {
    const res = await get(op, 'handlers', {});
    const names = res.data.list.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(['admin', 'op', 'sd', 'hn']));
    expect(names).not.toContain('ghost');
    expect((await get(op, 'handlers', { q: '小李' })).data.list.map((u: { name: string }) => u.name)).toEqual(['运营小李']);
  });

  it('exports the current filter as xlsx (matter:export)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${base}/export?type=bank_card`, headers: { authorization: `Bearer ${op}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const agent = await t.app.inject({ method: 'GET', url: `${base}/export`, headers: { authorization: `Bearer ${sd}` } });
    expect(agent.statusCode).toBe(403);
  });
});
