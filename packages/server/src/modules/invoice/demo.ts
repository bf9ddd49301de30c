import { Money, creditCodeCheck, invoiceTotals, previousMonth, toFen, type InvoiceLineInput } from '@pv/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { demoUser } from '../../seed/demo-users.ts';
import { query } from '../../db/client.ts';
import { agents, partners, settlements } from '../../db/schema/index.ts';
import { chinaDate } from '../inspection/generate.ts';
import { contextOfUser } from '../menu/tree.ts';
import { SettlementActions } from '../settlement/actions.ts';
import { InvoiceService } from './service.ts';

type Row = Record<string, unknown>;

/** The operator itself, the seller of outgoing and the buyer of incoming invoices. */
export const DEMO_COMPANY = { name: '光E宝新能源科技（山东）有限公司', credit_code: `91370100MA3CK8W0Q${creditCodeCheck('91370100MA3CK8W0Q')}` };

const day = (today: string, back: number) => new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
const body = (lines: Array<Partial<InvoiceLineInput> & { item: string; amount: string; tax_rate: string }>) => ({ lines, ...invoiceTotals(lines) });

/**
 * The demo's invoices, entered by 财务制单 caiwu (运营客服 kefu on a database without it) through the real service (timeline and log are the
 * product's): an incoming 专票 from a module supplier at 13 % and 6 % with part of it credited by a
 * red-letter invoice; an incoming 数电票 from a team or agent matched to last month's settlement
 * (confirmed here for it; Shandong's and Henan's stay as the settlement demo leaves them); an
 * outgoing invoice to a financier; a draft.
 */
export async function seedDemoInvoices(db: Db, now = new Date()) {
  const maker = await demoUser(db, 'caiwu', 'kefu');
  if (!maker) return;
  const auth = (await contextOfUser(db, maker.id))!;
  const actor = { userId: maker.id, username: maker.username, ip: null };
  const svc = new InvoiceService(db, null);
  const today = chinaDate(now);
  const partner = async (kind: string) => (await db.select().from(partners).where(eq(partners.kind, kind)).orderBy(asc(partners.id)).limit(1))[0];
  const us = { buyer_name: DEMO_COMPANY.name, buyer_tax_id: DEMO_COMPANY.credit_code };

  const supplier = await partner('supplier');
  if (supplier) {
    const added = await svc.add(
      {
        direction: 'in', kind: 'special', invoice_code: '3700261130', invoice_no: '08812345', issue_date: day(today, 20),
        seller_name: supplier.name, seller_tax_id: supplier.credit_code, ...us, partner_id: supplier.id,
        ...body([
          { item: '*太阳能电池*单晶光伏组件', spec: 'JH-550M', unit: '块', quantity: '120', unit_price: '530.97345133', amount: '63716.81', tax_rate: '13' },
          { item: '*运输服务*组件运输', unit: '次', quantity: '1', unit_price: '1886.79', amount: '1886.79', tax_rate: '6' },
        ]),
        remark: '济南项目一期组件',
      },
      auth,
      actor,
    );
    const registered = await svc.register({ id: added.id, version: added.version }, auth, actor);
    await svc.redLetter(
      { id: registered.id, version: registered.version, kind: 'special', invoice_code: '3700261130', invoice_no: '08812399', issue_date: day(today, 6), reason: '10 块组件破损退货', ...body([{ item: '*太阳能电池*单晶光伏组件', amount: '-5309.73', tax_rate: '13' }]) },
      auth,
      actor,
    );
  }

  // last month's settlement of a party other than the Shandong and Henan agents (the settlement demo and its browser test use theirs)
  const month = previousMonth(today.slice(0, 7));
  const reserved = (await db.select({ id: agents.id }).from(agents).where(inArray(agents.code, ['SD001', 'HN001']))).map((a) => a.id);
  const [s] = await db
    .select()
    .from(settlements)
    .where(and(eq(settlements.month, month), eq(settlements.status, 'draft'), gt(settlements.total_amount, '0'), reserved.length ? sql`not (${settlements.party_kind} = 'agent' and ${settlements.party_id} in ${reserved})` : undefined))
    .orderBy(sql`${settlements.party_kind} desc`, asc(settlements.id))
    .limit(1);
  if (s) {
    const actions = new SettlementActions(db);
    const submitted = await actions.submit({ id: s.id, version: s.version }, auth, actor);
    await actions.confirm({ id: s.id, version: submitted.version }, auth, actor);
    const [linked] = await db.select().from(partners).where(s.party_kind === 'agent' ? sql`${partners.id} = (select a.partner_id from agents a where a.id = ${s.party_id})` : sql`${partners.id} = (select u.partner_id from users u where u.id = ${s.party_id})`);
    const [name] = await query<Row>(db, sql`select case when ${s.party_kind} = 'agent' then (select a.name from agents a where a.id = ${s.party_id}) else (select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = ${s.party_id}) end as n`);
    // a small taxpayer's 1 % invoice for the settled amount (its excluding-tax part rounded once, then the tax)
    const amount = toFen(new Money(s.total_amount).dividedBy('1.01'));
    const seller = linked ? { seller_name: linked.name, seller_tax_id: linked.credit_code, partner_id: linked.id } : { seller_name: String(name?.n ?? '施工队'), seller_tax_id: `92370100MA3E8P7X2${creditCodeCheck('92370100MA3E8P7X2')}` };
    const added = await svc.add({ direction: 'in', kind: 'digital_normal', invoice_code: '', invoice_no: `2637200000${String(s.id).padStart(10, '0')}`, issue_date: day(today, 3), ...seller, ...us, ...body([{ item: '*劳务*光伏安装服务费', amount, tax_rate: '1' }]), remark: `${s.settlement_no} ${month}` }, auth, actor);
    const reg = await svc.register({ id: added.id, version: added.version }, auth, actor);
    const total = String(reg.total);
    const matchAmount = new Money(total).lte(s.total_amount) ? total : s.total_amount;
    await svc.match({ id: reg.id, version: reg.version, target_type: 'settlement', target_id: s.id, amount: matchAmount }, auth, actor);
  }

  const financier = await partner('financier');
  if (financier) {
    const out = await svc.add(
      {
        direction: 'out', kind: 'digital_special', invoice_code: '', invoice_no: '26372000000088000001', issue_date: day(today, 10),
        seller_name: DEMO_COMPANY.name, seller_tax_id: DEMO_COMPANY.credit_code, buyer_name: financier.name, buyer_tax_id: financier.credit_code, partner_id: financier.id,
        ...body([{ item: '*信息技术服务*电站运维服务费', unit: '月', quantity: '1', unit_price: '28301.89', amount: '28301.89', tax_rate: '6' }]),
      },
      auth,
      actor,
    );
    await svc.register({ id: out.id, version: out.version }, auth, actor);
  }
  const other = await partner('supplier');
  if (other) {
    await svc.add(
      { direction: 'in', kind: 'normal', invoice_code: '3700261320', invoice_no: '00456789', issue_date: day(today, 1), seller_name: other.name, seller_tax_id: other.credit_code, buyer_name: DEMO_COMPANY.name, partner_id: other.id, ...body([{ item: '*金属制品*光伏支架配件', unit: '套', quantity: '40', unit_price: '88.50', amount: '3540.00', tax_rate: '13' }]) },
      auth,
      actor,
    );
  }
}
