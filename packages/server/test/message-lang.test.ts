import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { maintenanceOrders, messages, roles, stations, userRoles, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { JOBS } from '../src/modules/task/jobs.ts';
import { USER_PASSWORD, call, login, ok, startApp, type TestApp } from './helpers.ts';
import { connect } from './ws.ts';

/**
 * Messages in the reader's language (issue 26): system messages are stored as a catalogue key with
 * parameters and shown in the reader's language in the bell (get_notify), the message centre
 * (get_message_list), message management (get_info) and the push — record names and numbers as
 * they are; a message a person wrote, or one stored before keys, reads as written.
 */
let t: TestApp;
let admin: string;
let keeper: string;
let keeperId: number;
let stationId: number;
const S = '/api/system';
const post = (url: string, body: unknown, token = admin) => call(t.app, 'POST', `${S}/${url}`, { token, body });
const notify = async (token: string, lang: 'zh' | 'en') => (await ok(call(t.app, 'POST', `${S}/message/get_notify`, { token, body: { limit: 20 }, lang }))).list as Array<{ id: number; title: string; content: string }>;
const mine = async (token: string, lang: 'zh' | 'en') => (await ok(call(t.app, 'GET', `${S}/message/get_message_list`, { token, query: { page: 1, limit: 20 }, lang }))).list as Array<{ id: number; title: string; content: string }>;

beforeAll(async () => {
  t = await startApp();
  const { db } = t.handle;
  admin = await login(t.app);
  const [role] = await db.select().from(roles).where(eq(roles.code, 'team'));
  const [u] = await db.insert(users).values({ username: 'sg', password_hash: await hashPassword(USER_PASSWORD), full_name: '孙师傅' }).returning();
  await db.insert(userRoles).values({ user_id: u!.id, role_id: role!.id });
  keeperId = u!.id;
  keeper = await login(t.app, 'sg', USER_PASSWORD);
  const [s] = await db.insert(stations).values({ code: 'PVL0001', name: '章丘屋顶电站', province_code: '370000', city_code: '370100', capacity_kwp: 20, status: 'operating' } as never).returning();
  stationId = s!.id;
});
afterAll(async () => t.close());

describe('system messages in the reader’s language', () => {
  it('low stock: the keeper reads it in zh and in en, the names as they are; stored with its key', async () => {
    const m = await ok(post('material/add', { code: 'MOD-L', name: '单晶组件', spec: '550W', unit: '块', category: 'module' }));
    const w = await ok(post('warehouse/add', { code: 'VAN-L', name: '孙师傅车载库', kind: 'van', keeper_id: keeperId, team_id: keeperId }));
    await ok(post('stock_movement/in', { warehouse_id: w.id, material_id: m.id, qty: '10' }));
    await ok(post('stock_balance/threshold', { warehouse_id: w.id, material_id: m.id, low_threshold: '5' }));
    await ok(post('stock_movement/issue', { warehouse_id: w.id, material_id: m.id, qty: '6', ref_type: 'other', ref_no: '测试' }));
    const [zh] = await notify(keeper, 'zh');
    expect(zh).toMatchObject({ title: '库存预警：孙师傅车载库 · 单晶组件（550W）', content: '仓库“孙师傅车载库”的物料“单晶组件（550W）”（MOD-L）当前库存 4块，低于预警阈值 5块，请及时补货。' });
    const [en] = await notify(keeper, 'en');
    expect(en).toMatchObject({ id: zh!.id, title: 'Low stock: 孙师傅车载库 · 单晶组件 (550W)', content: 'Material "单晶组件 (550W)" (MOD-L) at warehouse "孙师傅车载库" is down to 4 块, below its threshold of 5 块; please restock.' });
    expect((await mine(keeper, 'en'))[0]).toMatchObject({ title: en!.title });
    const [row] = await t.handle.db.select().from(messages).where(eq(messages.id, zh!.id));
    expect(row).toMatchObject({ msg_key: 'msg.low_stock', title: zh!.title, content: zh!.content });
    // message management shows it in the administrator's language too
    expect((await ok(call(t.app, 'GET', `${S}/message/get_info`, { token: admin, query: { id: zh!.id }, lang: 'en' }))).title).toBe(en!.title);
  });

  it('a dispatched maintenance order and its SLA breach, with the priority’s label in each language; pushed in the console’s language', async () => {
    const socket = await connect(t.app, `?token=${keeper}&lang=en`);
    await socket.next((f) => f.type === 'ready');
    let o = await ok(post('maintenance/add', { station_id: stationId, priority: 'high', fault_category: 'inverter', description: '逆变器离网' }));
    o = await ok(post('maintenance/dispatch', { id: o.id, version: o.version, team_id: keeperId, deadline: new Date(Date.now() + 86400_000).toISOString() }));
    const [zh] = await notify(keeper, 'zh');
    expect(zh).toMatchObject({ title: `新运维工单：${o.order_no}`, content: '高 · 逆变器离网' });
    const [en] = await notify(keeper, 'en');
    expect(en).toMatchObject({ title: `New maintenance order: ${o.order_no}`, content: 'High · 逆变器离网' });
    const pushed = await socket.next((f) => f.type === 'message');
    expect(pushed).toMatchObject({ type: 'message', message: { title: `New maintenance order: ${o.order_no}` } });

    await t.handle.db.update(maintenanceOrders).set({ repair_due: new Date(Date.now() - 60_000) }).where(eq(maintenanceOrders.id, o.id));
    await JOBS.mark_maintenance_sla!.run({ db: t.handle.db, now: new Date() });
    expect((await notify(keeper, 'en'))[0]).toMatchObject({ title: `Maintenance order repair overdue: ${o.order_no}`, content: `Maintenance order ${o.order_no} has missed its repair deadline; please handle it now.` });
    expect((await notify(keeper, 'zh'))[0]).toMatchObject({ title: `运维工单修复超时：${o.order_no}` });
    // the job's message is pushed too (NOTIFY in its transaction)
    expect(await socket.next((f) => f.type === 'message' && f.message.title.startsWith('Maintenance order repair overdue'))).toBeTruthy();
    socket.ws.close();
  });

  it('words a person wrote, and messages stored before keys, read as written in every language; correcting a system message keeps the correction', async () => {
    await ok(post('message/add', { title: '周五下午停电检修', content: '请提前保存工作', recipient_id: keeperId }));
    await t.handle.db.insert(messages).values({ title: '运维工单修复超时：YW0001', content: '旧消息', type: 'business', recipient_id: keeperId });
    for (const lang of ['zh', 'en'] as const) {
      const list = await notify(keeper, lang);
      expect(list[0]).toMatchObject({ title: '运维工单修复超时：YW0001', content: '旧消息' });
      expect(list[1]).toMatchObject({ title: '周五下午停电检修', content: '请提前保存工作' });
    }
    const [keyed] = await t.handle.db.select().from(messages).where(sql`${messages.msg_key} = 'msg.low_stock'`);
    const edited = await ok(post('message/edit', { id: keyed!.id, version: keyed!.version, title: '库存预警（已补货）' }));
    expect(edited).toMatchObject({ title: '库存预警（已补货）', msg_key: null });
    expect((await notify(keeper, 'en')).find((m) => m.id === keyed!.id)).toMatchObject({ title: '库存预警（已补货）' });
  });
});
