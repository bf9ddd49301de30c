import { addDays } from '@pv/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { maintenanceOrders, partners, stations, users } from '../../db/schema/index.ts';
import type { Deps } from '../../http/deps.ts';
import { fileServiceOf } from '../file/service.ts';
import { chinaDate } from '../inspection/generate.ts';
import { contextOfUser } from '../menu/tree.ts';
import { InsuranceActions } from './actions.ts';

/** A one-page PDF standing in for a loss report (demo claims' documents). */
const demoPdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%${text}\n%%EOF\n`);

/**
 * The demo's insurance: a property all-risk policy over a batch of grid-connected stations (the
 * Shandong insurer), a public liability policy over a few of them ending in 20 days (即将到期, for the
 * expiry reminder and the renewal), a small property policy ending in 12 days; claims in every state,
 * the paid one from a maintenance order — all through the real actions, by 运营客服 kefu, so the
 * timeline and the log are the product's.
 */
export async function seedDemoInsurance(db: Db, config: Config, now = new Date()) {
  const [kefu] = await db.select().from(users).where(eq(users.username, 'kefu'));
  const insurers = await db.select().from(partners).where(eq(partners.kind, 'insurer')).orderBy(asc(partners.id));
  if (!kefu || !insurers.length) return;
  const auth = (await contextOfUser(db, kefu.id))!;
  const actor = { userId: kefu.id, username: kefu.username, ip: null };
  const files = fileServiceOf({ db, config } as unknown as Deps);
  const actions = new InsuranceActions(db, files);
  const today = chinaDate(now);
  const covered = await db
    .select({ id: stations.id })
    .from(stations)
    .where(and(inArray(stations.status, ['grid_connected', 'operating']), sql`${stations.grid_at} is not null`))
    .orderBy(asc(stations.id))
    .limit(14);
  if (covered.length < 6) return;
  const batch = covered.slice(0, 10);
  const main = await actions.addPolicy(
    {
      policy_no: `PCAA${today.slice(0, 4)}3701000123`, kind: 'property', insurer_id: insurers[0]!.id, start_date: addDays(today, -300), end_date: addDays(today, 65), premium: '18600.00', owner_id: kefu.id,
      stations: batch.map((s, i) => ({ station_id: s.id, sum_insured: i % 3 === 0 ? '120000.00' : '86000.00' })), remark: '户用光伏电站财产一切险（批量投保）',
    },
    auth,
    actor,
  );
  await actions.addPolicy(
    {
      policy_no: `PZBF${today.slice(0, 4)}3701000456`, kind: 'liability', insurer_id: insurers[0]!.id, start_date: addDays(today, -345), end_date: addDays(today, 20), premium: '2400.00', owner_id: kefu.id,
      stations: batch.slice(0, 4).map((s) => ({ station_id: s.id, sum_insured: '500000.00' })),
    },
    auth,
    actor,
  );
  await actions.addPolicy(
    {
      policy_no: `YG-${today.slice(0, 4)}-0078`, kind: 'property', insurer_id: (insurers[1] ?? insurers[0])!.id, start_date: addDays(today, -353), end_date: addDays(today, 12), premium: '3150.50', owner_id: kefu.id,
      stations: covered.slice(10).map((s) => ({ station_id: s.id, sum_insured: '90000.00' })),
    },
    auth,
    actor,
  );
  const upload = async (name: string) =>
    (await db.transaction((tx) => files.store(tx, { ownerType: 'insurance_claim', name, declaredType: 'application/pdf', body: demoPdf(name) }, auth, actor))).id;
  const [order] = await db.select().from(maintenanceOrders).where(inArray(maintenanceOrders.station_id, batch.map((s) => s.id))).orderBy(asc(maintenanceOrders.id)).limit(1);
  const claim = (i: number, cause: string, days: number, amount: string, text: string, maintenanceId?: number) =>
    actions.addClaim({ station_id: batch[i]!.id, cause, incident_date: addDays(today, -days), description: text, amount_claimed: amount, ...(maintenanceId ? { station_id: order!.station_id, maintenance_id: maintenanceId } : {}) }, auth, actor);
  // 已赔付: hail damage handled by a maintenance order
  const paid = await claim(1, 'hail', 40, '23800.00', '冰雹砸裂组件 14 块，逆变器告警停机', order?.id);
  const p1 = await actions.submitClaim({ id: paid.id, version: paid.version, document_ids: [await upload('现场照片.pdf'), await upload('运维工单维修记录.pdf')] }, auth, actor);
  const p2 = await actions.assessClaim({ id: paid.id, version: p1.version, amount_approved: '21560.00', note: '扣除免赔额 10%' }, auth, actor);
  await actions.payClaim({ id: paid.id, version: p2.version, amount_received: '21560.00', paid_on: addDays(today, -5) }, auth, actor);
  // 定损
  const assessed = await claim(2, 'typhoon', 20, '15200.00', '台风掀翻支架两排，组件脱落');
  const a1 = await actions.submitClaim({ id: assessed.id, version: assessed.version, document_ids: [await upload('台风损失清单.pdf')] }, auth, actor);
  await actions.assessClaim({ id: assessed.id, version: a1.version, amount_approved: '12800.00' }, auth, actor);
  // 拒赔
  const rejected = await claim(3, 'other', 60, '4200.00', '组件表面大面积污渍，发电量下降');
  const r1 = await actions.submitClaim({ id: rejected.id, version: rejected.version, document_ids: [await upload('发电量对比.pdf')] }, auth, actor);
  await actions.rejectClaim({ id: rejected.id, version: r1.version, reason: '属日常维护范围，不在保险责任内' }, auth, actor);
  // 报案
  await claim(5, 'lightning', 3, '9600.00', '雷击导致逆变器损坏');
  return { policy: main.id };
}
