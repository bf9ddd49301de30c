import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { query } from '../src/db/client.ts';
import { messages, stations, stockBalances, stockMovements, stockSerials } from '../src/db/schema/index.ts';
import { buildXlsx, readXlsx } from '../src/excel/xlsx.ts';
import { USER_PASSWORD, call, fixtures, login, startApp, type TestApp } from './helpers.ts';

/**
 * Materials, warehouses and stock (issue 13): every action allowed / refused for want of a
 * permission / refused for bad input; the race for the last units; a transfer failing half-way;
 * serial numbers from warehouse to station and back; the low-stock message once per crossing;
 * stock-take export → import → adjustments; the ledger is append-only.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;
let admin: string;
let op: string;
const S = '/api/system';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const post = (url: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });
const get = (url: string, query: Record<string, string | number> = {}, token = admin) => call(t.app, 'GET', `${S}/${url}`, { token, query });

async function material(code: string, extra: Record<string, unknown> = {}) {
  const res = await post('material/add', { code, name: `物料${code}`, unit: '个', category: 'other', unit_price: '12.50', ...extra });
  expect(res.status, res.msg).toBe(200);
  return res.data as { id: number; version: number; name: string };
}
async function warehouse(code: string, extra: Record<string, unknown> = {}) {
  const res = await post('warehouse/add', { code, name: `仓库${code}`, kind: 'regional', province_code: '370000', city_code: '370100', ...extra });
  expect(res.status, res.msg).toBe(200);
  return res.data as { id: number; version: number; name: string };
}
async function balance(w: number, m: number): Promise<string | null> {
  const [row] = await t.handle.db.select({ qty: sql<string>`${stockBalances.qty}::text` }).from(stockBalances).where(and(eq(stockBalances.warehouse_id, w), eq(stockBalances.material_id, m)));
  return row ? row.qty : null;
}
async function ledger(w?: number) {
  return t.handle.db.select().from(stockMovements).where(w ? eq(stockMovements.warehouse_id, w) : undefined).orderBy(stockMovements.id);
}

beforeAll(async () => {
  t = await startApp();
  fx = await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
});
afterAll(async () => t.close());

describe('materials and warehouses', () => {
  it('creates, edits and lists materials; codes are unique; prices are decimal strings', async () => {
    const m = await material('CAB-4', { name: '光伏电缆', spec: '4mm²', unit: '米', category: 'cable', unit_price: '3.8' });
    const info = await get('material/get_info', { id: m.id });
    expect(info.data).toMatchObject({ code: 'CAB-4', unit_price: '3.80', serial_tracked: false, status: 'enabled' });
    const dup = await post('material/add', { code: 'CAB-4', name: 'x', unit: '米', category: 'cable' });
    expect([dup.status, dup.msg]).toEqual([400, '物料编码“CAB-4”已存在']);
    const badPrice = await post('material/add', { code: 'X1', name: 'x', unit: '个', category: 'cable', unit_price: '1.234' });
    expect(badPrice.status).toBe(400);
    expect(badPrice.msg).toContain('请输入正确的金额');
    const badCategory = await post('material/add', { code: 'X1', name: 'x', unit: '个', category: 'rocket' }, admin, 'en');
    expect(badCategory.msg).toContain('Please choose a valid option');
    const edit = await post('material/edit', { id: m.id, version: m.version, unit_price: 4.2 });
    expect([edit.status, edit.data.unit_price]).toEqual([200, '4.20']);
    const stale = await post('material/edit', { id: m.id, version: m.version, name: 'x' });
    expect(stale.status).toBe(409);
    const list = await get('material/index', { category: 'cable', q: '电缆' });
    expect(list.data.list.map((r: { code: string }) => r.code)).toEqual(['CAB-4']);
    const history = await get('material/history', { id: m.id });
    expect(history.data.list.map((e: { action: string }) => e.action)).toEqual(['add', 'edit']);
  });

  it('refuses without the permission (the operator reads the catalogue but does not change it)', async () => {
    expect((await get('material/index', {}, op)).status).toBe(200);
    const res = await post('material/add', { code: 'OP1', name: 'x', unit: '个', category: 'other' }, op);
    expect([res.status, res.msg]).toEqual([403, '没有权限执行此操作（需要 material:add）']);
    expect((await post('warehouse/add', { code: 'OPW', name: 'x', kind: 'van' }, op)).status).toBe(403);
    expect((await post('stock_movement/in', { warehouse_id: 1, material_id: 1, qty: '1' }, op)).status).toBe(403);
  });

  it('warehouses: kind, region, a keeper who must be an enabled user; filters by kind and region', async () => {
    const w = await warehouse('JN-01', { kind: 'central', keeper_id: fx.op.id });
    expect((await get('warehouse/get_info', { id: w.id })).data).toMatchObject({ kind: 'central', keeper_name: '运营小李', stock_value: '0.00' });
    const bad = await post('warehouse/add', { code: 'JN-02', name: 'x', kind: 'van', keeper_id: 99999 });
    expect([bad.status, bad.msg]).toEqual([400, '库管员不存在或已停用（ID 99999）']);
    const badKind = await post('warehouse/add', { code: 'JN-02', name: 'x', kind: 'boat' });
    expect(badKind.status).toBe(400);
    // the keeper picker: enabled users by name, for anyone who may list warehouses (no user:index needed)
    const keepers = await get('warehouse/keepers', { q: '运营' }, op);
    expect(keepers.data.list).toEqual([{ id: fx.op.id, username: 'op', full_name: '运营小李', name: '运营小李' }]);
    expect((await get('warehouse/keepers', { id: fx.op.id })).data.list.map((u: { id: number }) => u.id)).toContain(fx.op.id);
    // an agent's user asking to include another agent's user: as if that user did not exist
    const sd = await login(t.app, 'sd', USER_PASSWORD);
    expect((await get('warehouse/keepers', { id: fx.hnUser.id }, sd)).status).toBe(404);
    const sdKeepers = await get('warehouse/keepers', {}, sd);
    expect(sdKeepers.data.list.map((u: { id: number }) => u.id)).toEqual([fx.sdUser.id]);
    const list = await get('warehouse/index', { kind: 'central', province_code: '370000' });
    expect(list.data.list.map((r: { code: string }) => r.code)).toContain('JN-01');
  });
});

describe('stock movements', () => {
  let cable: { id: number };
  let wh: { id: number; version: number };
  beforeAll(async () => {
    cable = await material('CAB-6', { unit: '米', category: 'cable', unit_price: '5.00' });
    wh = await warehouse('WH-A');
  });

  it('stock in with decimals: the balance and the ledger row agree, quantities are decimal strings', async () => {
    const res = await post('stock_movement/in', { warehouse_id: wh.id, material_id: cable.id, qty: '100.5', ref_no: 'PO-1' });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.list[0]).toMatchObject({ kind: 'in', qty: '100.5', balance_after: '100.5', unit_price: '5.00', ref_no: 'PO-1', material_code: 'CAB-6' });
    expect(await balance(wh.id, cable.id)).toBe('100.500');
    const b = await get('stock_balance/index', { warehouse_id: wh.id });
    expect(b.data.list[0]).toMatchObject({ qty: '100.5', value: '502.50', material_code: 'CAB-6', low: false });
    // 0.1 + 0.2 as a JSON number has too many decimals: refused, not rounded
    for (const qty of ['0', '-1', '1.2345', 'abc', 0.1 + 0.2, null]) {
      const bad = await post('stock_movement/in', { warehouse_id: wh.id, material_id: cable.id, qty });
      expect(bad.status, String(qty)).toBe(400);
    }
    const n = await post('stock_movement/in', { warehouse_id: wh.id, material_id: cable.id, qty: 0.5 });
    expect(n.data.list[0].balance_after).toBe('101');
  });

  it('an issue beyond the balance is refused naming material, warehouse and what is available, and changes nothing', async () => {
    const before = await ledger();
    const zh = await post('stock_movement/issue', { warehouse_id: wh.id, material_id: cable.id, qty: '200', ref_type: 'maintenance', ref_no: 'YW-1' });
    expect([zh.status, zh.msg]).toEqual([400, '库存不足：仓库“仓库WH-A”的物料“物料CAB-6”可用 101米，本次需要 200米']);
    const en = await post('stock_movement/issue', { warehouse_id: wh.id, material_id: cable.id, qty: '200', ref_type: 'maintenance', ref_no: 'YW-1' }, admin, 'en');
    expect(en.msg).toBe('Not enough stock: warehouse "仓库WH-A" has 101 米 of "物料CAB-6" available, 200 米 requested');
    expect(await balance(wh.id, cable.id)).toBe('101.000');
    expect(await ledger()).toEqual(before);
    const noRef = await post('stock_movement/issue', { warehouse_id: wh.id, material_id: cable.id, qty: '1', ref_type: 'maintenance' });
    expect([noRef.status, noRef.msg]).toEqual([400, '关联单号：请填写关联单号']);
    const ok = await post('stock_movement/issue', { warehouse_id: wh.id, material_id: cable.id, qty: '20.25', ref_type: 'construction', ref_no: 'SG20261101000001' });
    expect(ok.data.list[0]).toMatchObject({ kind: 'issue', qty: '-20.25', balance_after: '80.75' });
  });

  it('THE RACE: 50 parallel issues of the last 10 units — exactly 10 succeed, 40 get the message, balance 0, 10 ledger rows', async () => {
    const m = await material('RACE-1');
    const w = await warehouse('WH-RACE');
    expect((await post('stock_movement/in', { warehouse_id: w.id, material_id: m.id, qty: '10' })).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post('stock_movement/issue', { warehouse_id: w.id, material_id: m.id, qty: '1', ref_type: 'other', ref_no: `RACE-${i}` })),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.msg).toBe('库存不足：仓库“仓库WH-RACE”的物料“物料RACE-1”可用 0个，本次需要 1个');
    }
    expect(await balance(w.id, m.id)).toBe('0.000');
    const rows = (await ledger(w.id)).filter((r) => r.kind === 'issue');
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.balance_after)).size).toBe(10);
  });

  it('the database itself refuses a negative balance (CHECK), whatever the code does', async () => {
    const m = await material('CHK-1');
    const w = await warehouse('WH-CHK');
    await post('stock_movement/in', { warehouse_id: w.id, material_id: m.id, qty: '1' });
    await expect(t.handle.db.update(stockBalances).set({ qty: '-1' }).where(eq(stockBalances.warehouse_id, w.id))).rejects.toThrow();
    expect(await balance(w.id, m.id)).toBe('1.000');
  });

  it('transfer: two rows with one doc number; failing half-way (destination disabled, source short) changes nothing', async () => {
    const m = await material('TR-1');
    const from = await warehouse('WH-FROM');
    const to = await warehouse('WH-TO');
    await post('stock_movement/in', { warehouse_id: from.id, material_id: m.id, qty: '5' });
    const ok = await post('stock_movement/transfer', { from_warehouse_id: from.id, to_warehouse_id: to.id, material_id: m.id, qty: '2' });
    expect(ok.status, ok.msg).toBe(200);
    expect(ok.data.list.map((r: { kind: string; qty: string }) => [r.kind, r.qty])).toEqual([['transfer_out', '-2'], ['transfer_in', '2']]);
    expect(ok.data.list[0].doc_no).toBe(ok.data.list[1].doc_no);
    expect([await balance(from.id, m.id), await balance(to.id, m.id)]).toEqual(['3.000', '2.000']);

    const before = await ledger();
    const short = await post('stock_movement/transfer', { from_warehouse_id: from.id, to_warehouse_id: to.id, material_id: m.id, qty: '4' });
    expect([short.status, short.msg]).toEqual([400, '库存不足：仓库“仓库WH-FROM”的物料“物料TR-1”可用 3个，本次需要 4个']);
    const info = (await get('warehouse/get_info', { id: to.id })).data;
    expect((await post('warehouse/edit', { id: to.id, version: info.version, status: 'disabled' })).status).toBe(200);
    const disabled = await post('stock_movement/transfer', { from_warehouse_id: from.id, to_warehouse_id: to.id, material_id: m.id, qty: '1' });
    expect([disabled.status, disabled.msg]).toEqual([400, '仓库“仓库WH-TO”已停用，不能调入']);
    const same = await post('stock_movement/transfer', { from_warehouse_id: from.id, to_warehouse_id: from.id, material_id: m.id, qty: '1' });
    expect(same.msg).toContain('调入仓库不能与调出仓库相同');
    expect([await balance(from.id, m.id), await balance(to.id, m.id)]).toEqual(['3.000', '2.000']);
    expect(await ledger()).toEqual(before);
  });

  it('opposite transfers of one material at the same moment all go through (no deadlock) and the total is kept', async () => {
    const m = await material('TR-2');
    const a = await warehouse('WH-A2');
    const b = await warehouse('WH-B2');
    await post('stock_movement/in', { warehouse_id: a.id, material_id: m.id, qty: '100' });
    await post('stock_movement/in', { warehouse_id: b.id, material_id: m.id, qty: '100' });
    const moves = Array.from({ length: 40 }, (_, i) =>
      post('stock_movement/transfer', i % 2 ? { from_warehouse_id: a.id, to_warehouse_id: b.id, material_id: m.id, qty: '1.5' } : { from_warehouse_id: b.id, to_warehouse_id: a.id, material_id: m.id, qty: '1' }),
    );
    const results = await Promise.all(moves);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    // 20 × 1.5 out of A, 20 × 1 into A
    expect([await balance(a.id, m.id), await balance(b.id, m.id)]).toEqual(['90.000', '110.000']);
  });

  it('return and adjust: a reason is required, a stale book quantity is refused, the difference is posted', async () => {
    const m = await material('ADJ-1', { unit: '米', category: 'cable' });
    const w = await warehouse('WH-ADJ');
    await post('stock_movement/in', { warehouse_id: w.id, material_id: m.id, qty: '10' });
    const ret = await post('stock_movement/return', { warehouse_id: w.id, material_id: m.id, qty: '1.5', ref_type: 'maintenance', ref_no: 'YW-9' });
    expect(ret.data.list[0]).toMatchObject({ kind: 'return', qty: '1.5', balance_after: '11.5' });
    const noReason = await post('stock_movement/adjust', { warehouse_id: w.id, material_id: m.id, counted: '11' });
    expect(noReason.msg).toContain('请填写调整原因');
    const stale = await post('stock_movement/adjust', { warehouse_id: w.id, material_id: m.id, counted: '11', expected: '10', reason: '盘亏' });
    expect([stale.status, stale.msg]).toEqual([400, '仓库“仓库WH-ADJ”的物料“物料ADJ-1”账面数量已从 10 变为 11.5，请重新盘点或刷新后再调整']);
    const same = await post('stock_movement/adjust', { warehouse_id: w.id, material_id: m.id, counted: '11.500', reason: '盘点' });
    expect(same.msg).toBe('实盘数量与账面数量相同，无需调整');
    const adj = await post('stock_movement/adjust', { warehouse_id: w.id, material_id: m.id, counted: '11', expected: '11.5', reason: '盘亏 0.5 米' });
    expect(adj.data.list[0]).toMatchObject({ kind: 'adjust', qty: '-0.5', balance_after: '11', reason: '盘亏 0.5 米' });
    const up = await post('stock_movement/adjust', { warehouse_id: w.id, material_id: m.id, counted: '12.25', reason: '盘盈' });
    expect(up.data.list[0]).toMatchObject({ qty: '1.25', balance_after: '12.25' });
    expect((await post('stock_movement/adjust', { warehouse_id: w.id, material_id: m.id, counted: '1', reason: 'x' }, op)).status).toBe(403);
  });

  it('ledger rows are never edited or deleted: there are no such routes and the database refuses it', async () => {
    const [row] = await ledger();
    expect((await post('stock_movement/edit', { id: row!.id, version: 1, qty: '5' })).status).toBe(404);
    expect((await post('stock_movement/del', { id: row!.id })).status).toBe(404);
    await expect(t.handle.db.update(stockMovements).set({ qty: '5' }).where(eq(stockMovements.id, row!.id))).rejects.toThrow();
    await expect(t.handle.db.delete(stockMovements).where(eq(stockMovements.id, row!.id))).rejects.toThrow();
    const cable = await get('material/index', { code: 'CAB-6' });
    const del = await post('material/del', { id: cable.data.list[0].id });
    expect(del.msg).toBe('物料“物料CAB-6”已有库存或流水，不能删除，可改为停用');
  });
});

describe('serial numbers', () => {
  it('follow their units from the warehouse to a station and back; counts must match', async () => {
    const inv = await material('INV-5K', { name: '逆变器', spec: '5kW', unit: '台', category: 'inverter', serial_tracked: true, unit_price: '3200' });
    const w = await warehouse('WH-SN');
    const noSerials = await post('stock_movement/in', { warehouse_id: w.id, material_id: inv.id, qty: '2' });
    expect(noSerials.msg).toBe('物料“逆变器”按序列号管理，请填写2个序列号');
    const mismatch = await post('stock_movement/in', { warehouse_id: w.id, material_id: inv.id, qty: '2', serials: ['SN1'] });
    expect(mismatch.msg).toBe('序列号数量（1）与数量（2）不一致');
    const fraction = await post('stock_movement/in', { warehouse_id: w.id, material_id: inv.id, qty: '1.5', serials: ['SN1'] });
    expect(fraction.msg).toBe('物料“逆变器”按序列号管理，数量须为整数');
    const dup = await post('stock_movement/in', { warehouse_id: w.id, material_id: inv.id, qty: '2', serials: ['SN1', 'SN1'] });
    expect(dup.msg).toBe('序列号重复：SN1');
    expect((await post('stock_movement/in', { warehouse_id: w.id, material_id: inv.id, qty: '3', serials: ['SN1', 'SN2', 'SN3'] })).status).toBe(200);
    const again = await post('stock_movement/in', { warehouse_id: w.id, material_id: inv.id, qty: '1', serials: ['SN2'] });
    expect(again.msg).toBe('序列号已存在：SN2');

    const [station] = await t.handle.db.insert(stations).values({ code: 'PV-SN-1', name: '测试电站', province_code: '370000', capacity_kwp: 5 } as never).returning();
    const notHere = await post('stock_movement/issue', { warehouse_id: w.id, material_id: inv.id, qty: '1', serials: ['SN9'], ref_type: 'maintenance', ref_no: 'YW-SN', station_id: station!.id });
    expect(notHere.msg).toBe('这些序列号不在仓库“仓库WH-SN”的库存中：SN9');
    expect(await balance(w.id, inv.id)).toBe('3.000');
    const issued = await post('stock_movement/issue', { warehouse_id: w.id, material_id: inv.id, qty: '1', serials: ['SN2'], ref_type: 'maintenance', ref_no: 'YW-SN', station_id: station!.id });
    expect(issued.status, issued.msg).toBe(200);
    expect(issued.data.list[0]).toMatchObject({ serials: ['SN2'], station_code: 'PV-SN-1' });
    const atStation = await get('stock_serial/index', { station_id: station!.id });
    expect(atStation.data.list.map((s: { serial_no: string; status: string; warehouse_id: number | null }) => [s.serial_no, s.status, s.warehouse_id])).toEqual([['SN2', 'issued', null]]);
    const twice = await post('stock_movement/issue', { warehouse_id: w.id, material_id: inv.id, qty: '1', serials: ['SN2'], ref_type: 'maintenance', ref_no: 'YW-SN' });
    expect(twice.status).toBe(400);

    const notIssued = await post('stock_movement/return', { warehouse_id: w.id, material_id: inv.id, qty: '1', serials: ['SN1'] });
    expect(notIssued.msg).toBe('这些序列号不是已出库或已拆回状态，不能退库：SN1');
    const back = await post('stock_movement/return', { warehouse_id: w.id, material_id: inv.id, qty: '1', serials: ['SN2'], station_id: station!.id, ref_type: 'maintenance', ref_no: 'YW-SN' });
    expect(back.status, back.msg).toBe(200);
    const [sn2] = await t.handle.db.select().from(stockSerials).where(eq(stockSerials.serial_no, 'SN2'));
    expect([sn2!.status, sn2!.warehouse_id, sn2!.station_id]).toEqual(['in_stock', w.id, null]);

    // a stock-take of serial-tracked units: SN3 missing (written off), SN7 found
    const adj = await post('stock_movement/adjust', { warehouse_id: w.id, material_id: inv.id, counted: '3', serials: ['SN1', 'SN2', 'SN7'], reason: '盘点' });
    expect(adj.status, adj.msg).toBe(200);
    expect(adj.data.list.map((r: { qty: string; serials: string[] }) => [r.qty, r.serials])).toEqual([['-1', ['SN3']], ['1', ['SN7']]]);
    const inStock = await t.handle.db.select({ n: count() }).from(stockSerials).where(and(eq(stockSerials.warehouse_id, w.id), eq(stockSerials.status, 'in_stock')));
    expect(inStock[0]!.n).toBe(3);
    expect(await balance(w.id, inv.id)).toBe('3.000');
    // serial tracking cannot change once there is stock
    const info = (await get('material/get_info', { id: inv.id })).data;
    expect((await post('material/edit', { id: inv.id, version: info.version, serial_tracked: false })).msg).toBe('物料“逆变器”已有库存或流水，不能再更改是否按序列号管理');
  });
});

describe('low stock', () => {
  it('messages the keeper once when a balance falls below its threshold, again only after it recovered', async () => {
    const m = await material('LOW-1', { name: '电表', unit: '只', category: 'meter' });
    const w = await warehouse('WH-LOW', { keeper_id: fx.op.id });
    await post('stock_movement/in', { warehouse_id: w.id, material_id: m.id, qty: '10' });
    const noPerm = await post('stock_balance/threshold', { warehouse_id: w.id, material_id: m.id, low_threshold: '5' }, op);
    expect(noPerm.status).toBe(403);
    const th = await post('stock_balance/threshold', { warehouse_id: w.id, material_id: m.id, low_threshold: '5' });
    expect(th.data).toMatchObject({ qty: '10', low_threshold: '5', low: false });
    const mine = async () => (await t.handle.db.select().from(messages).where(eq(messages.recipient_id, fx.op.id))).filter((x) => x.title.includes('电表'));
    const issue = (qty: string) => post('stock_movement/issue', { warehouse_id: w.id, material_id: m.id, qty, ref_type: 'other', ref_no: 'LOW' });
    await issue('4'); // 6: not below
    expect(await mine()).toHaveLength(0);
    await issue('2'); // 4: below → one message
    await issue('1'); // 3: still below → no new message
    await issue('1'); // 2
    const sent = await mine();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ title: '库存预警：仓库WH-LOW · 电表', level: 'warning' });
    expect(sent[0]!.content).toContain('当前库存 4只，低于预警阈值 5只');
    // the keeper sees it in the message centre
    const opList = await call(t.app, 'GET', `${S}/message/get_message_list`, { token: op });
    expect(JSON.stringify(opList.data)).toContain('库存预警');
    const low = await get('stock_balance/index', { low: 'true', warehouse_id: w.id });
    expect(low.data.total).toBe(1);
    await post('stock_movement/in', { warehouse_id: w.id, material_id: m.id, qty: '8' }); // 10: recovered
    await issue('6'); // 4: below again → a second message
    expect(await mine()).toHaveLength(2);
  });
});

describe('stock-take', () => {
  it('exports the book quantities, imports the counted ones and posts the differences as adjustments — all or nothing', async () => {
    const m1 = await material('ST-1', { unit: '米', category: 'cable' });
    const m2 = await material('ST-2', { category: 'bracket' });
    const w = await warehouse('WH-ST');
    await post('stock_movement/in', { warehouse_id: w.id, material_id: m1.id, qty: '50.5' });
    await post('stock_movement/in', { warehouse_id: w.id, material_id: m2.id, qty: '8' });
    const exp = await t.app.inject({ method: 'GET', url: `${S}/stock_balance/export?warehouse_id=${w.id}&sort=material_code&order=ASC`, headers: { authorization: `Bearer ${admin}` } });
    expect(exp.statusCode).toBe(200);
    const rows = readXlsx(exp.rawPayload);
    expect(rows[0]).toEqual(['仓库编码', '仓库名称', '物料编码', '物料名称', '规格型号', '单位', '账面数量', '实盘数量', '差异原因']);
    expect(rows.slice(1).map((r) => [r[2], r[6]])).toEqual([['ST-1', '50.5'], ['ST-2', '8']]);

    const upload = async (data: (string | null)[][]) => {
      const res = await t.app.inject({ method: 'POST', url: `${S}/stock_balance/import`, payload: buildXlsx([rows[0]!, ...data]), headers: { authorization: `Bearer ${admin}`, 'content-type': XLSX } });
      return res.json() as { code: number; msg: string; data: { imported: number; errors?: { row: number; column: string; message: string }[] } };
    };
    const before = await ledger(w.id);
    const bad = await upload([
      ['WH-ST', '', 'ST-1', '', '', '', '50.5', '49', ''],
      ['WH-NO', '', 'ST-2', '', '', '', '8', '8', ''],
    ]);
    expect(bad.code).toBe(400);
    expect(bad.data.errors).toEqual([
      { row: 2, column: '差异原因', message: '实盘与账面不一致，请填写差异原因' },
      { row: 3, column: '仓库编码', message: '没有编码为“WH-NO”的仓库' },
    ]);
    // a row whose book quantity moved since the export rolls the whole import back
    const stale = await upload([
      ['WH-ST', '', 'ST-1', '', '', '', '50.5', '49', '损耗'],
      ['WH-ST', '', 'ST-2', '', '', '', '9', '7', '丢失'],
    ]);
    expect(stale.code).toBe(400);
    expect(stale.data.errors![0]!.message).toContain('账面数量已从 9 变为 8');
    expect(await ledger(w.id)).toEqual(before);
    const good = await upload([
      ['WH-ST', '', 'ST-1', '', '', '', '50.5', '49', '损耗'],
      ['WH-ST', '', 'ST-2', '', '', '', '8', '8', ''],
    ]);
    expect(good.code, good.msg).toBe(200);
    const after = await ledger(w.id);
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ kind: 'adjust', qty: '-1.500', reason: '损耗' });
    expect(await balance(w.id, m1.id)).toBe('49.000');
    const noPerm = await t.app.inject({ method: 'POST', url: `${S}/stock_balance/import`, payload: buildXlsx([rows[0]!]), headers: { authorization: `Bearer ${op}`, 'content-type': XLSX } });
    expect(noPerm.statusCode).toBe(403);
  });
});

describe('data scope', () => {
  it("an agent's user sees only its own agent's warehouses and their stock", async () => {
    const m = await material('SC-1');
    const mine = await warehouse('WH-SD', { agent_id: fx.sd.id });
    const theirs = await warehouse('WH-HN', { agent_id: fx.hn.id });
    await post('stock_movement/in', { warehouse_id: mine.id, material_id: m.id, qty: '3' });
    await post('stock_movement/in', { warehouse_id: theirs.id, material_id: m.id, qty: '4' });
    const sd = await login(t.app, 'sd', USER_PASSWORD);
    const ws = await get('warehouse/index', {}, sd);
    expect(ws.data.list.map((w: { code: string }) => w.code)).toEqual(['WH-SD']);
    const bs = await get('stock_balance/index', { material_id: m.id }, sd);
    expect(bs.data.list.map((b: { warehouse_code: string }) => b.warehouse_code)).toEqual(['WH-SD']);
    expect((await get('warehouse/get_info', { id: theirs.id }, sd)).status).toBe(404);
    const ledgerRows = await get('stock_movement/index', { material_id: m.id }, sd);
    expect(ledgerRows.data.total).toBe(1);
    // the ledger's totals come from the stock_movement_counts rollup: in scope, and by warehouse and kind, as the rows say
    const rows = async (where: ReturnType<typeof sql>) => Number((await t.handle.db.select({ n: count() }).from(stockMovements).where(where))[0]!.n);
    expect((await get('stock_movement/index', {}, sd)).data.total).toBe(await rows(eq(stockMovements.warehouse_id, mine.id)));
    expect((await get('stock_movement/index', {})).data.total).toBe(await rows(sql`true`));
    expect((await get('stock_movement/index', { kind: 'in' })).data.total).toBe(await rows(eq(stockMovements.kind, 'in')));
    expect((await get('stock_movement/index', { warehouse_id: theirs.id, kind: 'in,issue' })).data.total).toBe(1);
    // … and by material from stock_movement_counts_material
    expect((await get('stock_movement/index', { material_id: m.id })).data.total).toBe(await rows(eq(stockMovements.material_id, m.id)));
    expect((await get('stock_movement/index', { material_id: m.id, warehouse_id: mine.id, kind: 'in' })).data.total).toBe(
      await rows(sql`material_id = ${m.id} and warehouse_id = ${mine.id} and kind = 'in'`),
    );
    // the O&M statistic's stock value: qty × unit price per warehouse (3 × 12.50, 4 × 12.50), exact; the total is the database's sum
    const stat = await post('statistic/operation', { period: 'month' });
    expect(stat.status, stat.msg).toBe(200);
    const values = new Map((stat.data.stock_value as { warehouse_id: number; value: string }[]).map((v) => [v.warehouse_id, v.value]));
    expect([values.get(mine.id), values.get(theirs.id)]).toEqual(['37.50', '50.00']);
    const [all] = await query<{ v: string }>(t.handle.db, sql`select coalesce(sum(b.qty * m.unit_price), 0)::numeric(16,2)::text as v from stock_balances b join materials m on m.id = b.material_id`);
    expect(stat.data.stock_value_total).toBe(all!.v);
    expect((await get('warehouse/get_info', { id: theirs.id })).data.stock_value).toBe('50.00');
  });
});
