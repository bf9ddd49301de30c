import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../db/client.ts';
import { materials, partners, users, warehouses } from '../../db/schema/index.ts';
import { buildXlsx } from '../../excel/xlsx.ts';
import { createRecord } from '../../resources/service.ts';
import { contextOfUser } from '../menu/tree.ts';
import { chinaDate } from '../inspection/generate.ts';
import { StockService } from '../stock/service.ts';
import { StatementActions } from './actions.ts';
import { statementResource } from './resource.ts';

type Row = Record<string, unknown>;

/**
 * The demo's statements, through the real actions (timeline and log are the product's):
 * - 齐鲁绿色能源融资租赁 funds the customers of the stations connected in the latest month with
 *   connections (their customers linked to it), at 3,000 yuan/kWp; its statement for that month is
 *   sent, its sheet imported with one station 50 yuan short, and that difference explained (已导入).
 * - 汇能逆变器科技 delivered inverters and cable this month (receipts naming it and their price); its
 *   statement matches line for line and is confirmed by the administrator.
 */
export async function seedDemoStatements(db: Db, now = new Date()) {
  const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
  const [kefu] = await db.select().from(users).where(eq(users.username, 'kefu'));
  const [fin] = await db.select().from(partners).where(eq(partners.name, '齐鲁绿色能源融资租赁有限公司'));
  const [sup] = await db.select().from(partners).where(eq(partners.name, '汇能逆变器科技股份有限公司'));
  if (!admin || !kefu || !fin || !sup) return;
  const adminAuth = (await contextOfUser(db, admin.id))!;
  const opAuth = (await contextOfUser(db, kefu.id))!;
  const adminActor = { userId: admin.id, username: admin.username, ip: null };
  const opActor = { userId: kefu.id, username: kefu.username, ip: null };
  const actions = new StatementActions(db);
  const sheet = (rows: string[][]) => buildXlsx(rows, { sheetName: '对账单' });

  // ---- the financier
  const [latest] = await query<{ month: string | null }>(db, sql`select to_char(max(grid_at) at time zone 'Asia/Shanghai', 'YYYY-MM') as month from stations where grid_at is not null`);
  if (latest?.month) {
    const from = `${latest.month}-01`;
    const to = (await query<{ d: string }>(db, sql`select ((${from}::date + interval '1 month')::date - 1)::text as d`))[0]!.d;
    await db.execute(sql`
      update customers c set financier_id = ${fin.id}, financier = ${fin.name}
      where c.id in (select s.customer_id from stations s where s.customer_id is not null
        and s.grid_at >= (${`${from}T00:00:00+08:00`}::timestamptz) and s.grid_at < (${`${to}T00:00:00+08:00`}::timestamptz + interval '1 day') order by s.id limit 12)`);
    await actions.setRate({ partner_id: fin.id, effective_from: '2020-01-01', rate_per_kwp: '3000', remark: '2020 年框架协议' }, opAuth, opActor);
    let s = (await createRecord(db, statementResource, { partner_id: fin.id, period_from: from, period_to: to, remark: '演示：资方月度对账' }, opAuth, opActor, 'zh')) as Row;
    const ours = (await actions.lines(s.id as number, opAuth)).list;
    if (ours.length) {
      s = (await actions.send({ id: s.id, version: s.version }, opAuth, opActor)) as unknown as Row;
      const rows = ours.map((l, i) => [String(l.key), String(l.our_qty), i === 0 ? (Number(l.our_amount) - 50).toFixed(2) : String(l.our_amount)]);
      await actions.importSheet({ id: s.id as number, file_name: '齐鲁融资租赁对账单.xlsx' }, sheet([['电站编号', '容量(kWp)', '金额'], ...rows]), opAuth, opActor, 'zh');
      const [diff] = (await actions.lines(s.id as number, opAuth)).list.filter((l) => l.has_difference);
      const [fresh] = await query<{ version: number }>(db, sql`select version from statements where id = ${s.id as number}`);
      if (diff) await actions.explain({ id: s.id, version: fresh!.version, line_id: diff.id, note: '资方按合同扣减 50 元安装质保金，以对方为准', agreed: 'theirs' }, opAuth, opActor);
    }
  }

  // ---- the supplier: this month's receipts naming it
  const [wh] = await db.select().from(warehouses).where(eq(warehouses.code, 'WH-JN'));
  const [inv] = await db.select().from(materials).where(eq(materials.code, 'INV-10K'));
  const [cab] = await db.select().from(materials).where(eq(materials.code, 'CAB-4'));
  if (!wh || !inv || !cab || inv.serial_tracked) return;
  const stock = new StockService(db);
  await stock.stockIn({ warehouse_id: wh.id, material_id: inv.id, qty: '4', supplier_id: sup.id, unit_price: '3800.00', ref_no: 'HN-SH-0001', remark: '汇能送货单' }, adminAuth, adminActor);
  await stock.stockIn({ warehouse_id: wh.id, material_id: cab.id, qty: '500', supplier_id: sup.id, unit_price: '3.80', ref_no: 'HN-SH-0001' }, adminAuth, adminActor);
  const today = chinaDate(now);
  let s = (await createRecord(db, statementResource, { partner_id: sup.id, period_from: `${today.slice(0, 7)}-01`, period_to: today, remark: '演示：供应商对账' }, opAuth, opActor, 'zh')) as Row;
  s = (await actions.send({ id: s.id, version: s.version }, opAuth, opActor)) as unknown as Row;
  const lines = (await actions.lines(s.id as number, opAuth)).list;
  const rows = lines.map((l) => [...String(l.key).split('/'), String(l.our_qty), String(l.our_amount)]);
  await actions.importSheet({ id: s.id as number, file_name: '汇能对账单.xlsx' }, sheet([['单号', '物料编码', '数量', '金额'], ...rows]), opAuth, opActor, 'zh');
  const [fresh] = await query<{ version: number }>(db, sql`select version from statements where id = ${s.id as number}`);
  await actions.confirm({ id: s.id, version: fresh!.version }, adminAuth, adminActor);
}
