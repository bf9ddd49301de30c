import { BANK_RESULT_COLUMNS } from '@pv/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { demoUser } from '../../seed/demo-users.ts';
import { leaseContracts, paymentLines, rentBills, stations } from '../../db/schema/index.ts';
import { buildXlsx } from '../../excel/xlsx.ts';
import { contextOfUser } from '../menu/tree.ts';
import { addBatchIn, approveBatchIn, exportBatchIn, submitBatchIn } from './actions.ts';
import { importResult } from './result.ts';

/**
 * The demo's payment batches, made through the real actions (so lines, bills, timeline and log are
 * what the product writes): 财务制单 caiwu makes, submits and sends them to the bank, 财务审批
 * caiwu_sp approves and imports the bank's answer (kefu and the administrator on a database without
 * them). One batch completed with a failed line (the bank: 账户已销户), that bill paid by a later
 * batch, and one batch awaiting approval — the other unpaid bills stay free.
 */
export async function seedDemoPayments(db: Db, now = new Date()) {
  const makerUser = await demoUser(db, 'caiwu', 'kefu');
  const checkerUser = await demoUser(db, 'caiwu_sp', 'admin');
  if (!makerUser || !checkerUser) return;
  const maker = (await contextOfUser(db, makerUser.id))!;
  const checker = (await contextOfUser(db, checkerUser.id))!;
  const makerActor = { userId: makerUser.id, username: makerUser.username, ip: null };
  const checkerActor = { userId: checkerUser.id, username: checkerUser.username, ip: null };
  // payable bills of connected stations with a payee account, oldest first
  const bills = await db
    .select({ id: rentBills.id })
    .from(rentBills)
    .innerJoin(leaseContracts, eq(leaseContracts.id, rentBills.contract_id))
    .innerJoin(stations, eq(stations.id, rentBills.station_id))
    .where(and(eq(rentBills.status, 'pending'), isNull(rentBills.batch_id), sql`${rentBills.amount_payable} > 0`, eq(stations.frozen, false), sql`${leaseContracts.bank_card} is not null`))
    .orderBy(asc(rentBills.due_date), asc(rentBills.id));
  if (bills.length < 3) return;
  const day = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

  /** made and submitted by the maker, approved by the checker, sent to the bank by the maker, the bank's answer imported by the checker */
  const pay = async (ids: number[], name: string, answer: (reference: string, i: number) => { result: string; serial?: string; reason?: string }) => {
    let batch = await db.transaction((tx) => addBatchIn(tx, { name, selection: { bill_ids: ids } }, maker, makerActor));
    batch = await db.transaction((tx) => submitBatchIn(tx, batch.id, batch.version, maker, makerActor));
    batch = await db.transaction((tx) => approveBatchIn(tx, batch.id, batch.version, checker, checkerActor));
    batch = await db.transaction((tx) => exportBatchIn(tx, batch.id, batch.version, 'xlsx', maker, makerActor));
    const lines = await db.select().from(paymentLines).where(eq(paymentLines.batch_id, batch.id)).orderBy(asc(paymentLines.seq));
    const header = BANK_RESULT_COLUMNS.map((c) => c.zh);
    const rows = lines.map((l, i) => {
      const a = answer(l.reference, i);
      return [l.reference, l.payee_card, l.amount, a.result, a.reason ?? '', a.serial ?? '', `${day} 10:${String(10 + i).padStart(2, '0')}:00`];
    });
    const file = buildXlsx([header, ...rows], { sheetName: '处理结果' });
    const result = await importResult(db, { id: batch.id }, file, checker, checkerActor, 'zh');
    if (result.errors) throw new Error(`demo payment import: ${JSON.stringify(result.errors)}`);
    return { batch, lines };
  };

  const [b1, b2, b3, ...rest] = bills.map((b) => b.id);
  const first = await pay([b1!, b2!], '演示：到期租金（第一批）', (_ref, i) => (i === 1 ? { result: '失败', reason: '账户已销户，请业主更新收款账户' } : { result: '成功', serial: `DEMOBANK${day.replace(/-/g, '')}${String(i + 1).padStart(4, '0')}` }));
  const failed = first.lines[1]!.bill_id!;
  await pay([failed], '演示：失败重付', () => ({ result: '成功', serial: `DEMOBANK${day.replace(/-/g, '')}9001` }));
  // awaiting approval: the next bills (leaving the rest free for a new batch)
  const waiting = [b3!, ...rest.slice(0, 1)];
  const held = await db.select({ id: rentBills.id }).from(rentBills).where(and(inArray(rentBills.id, waiting), isNull(rentBills.batch_id)));
  if (!held.length) return;
  const c = await db.transaction((tx) => addBatchIn(tx, { name: '演示：待审批批次', selection: { bill_ids: held.map((h) => h.id) } }, maker, makerActor));
  await db.transaction((tx) => submitBatchIn(tx, c.id, c.version, maker, makerActor));
}
