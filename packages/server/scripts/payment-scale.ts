/**
 * An ad-hoc measurement of payment batches at the scale (not the bench; docs/DECISIONS.md
 * "Payment batches" keeps the numbers): N payable bills made in SQL, a batch of all of them, the bank
 * file streamed (peak RSS), an N-row result file imported (1 % failed), the same file again.
 *   npx tsx scripts/payment-scale.ts [N]           (in-memory PGlite)
 *   DATABASE_URL=postgres://… npx tsx scripts/payment-scale.ts [N]
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { openDb, query } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { XlsxWriter } from '../src/excel/xlsx.ts';
import { contextOfUser } from '../src/modules/menu/tree.ts';
import { addBatchIn, approveBatchIn, exportBatchIn, submitBatchIn } from '../src/modules/payment/actions.ts';
import { bankLines, csvField } from '../src/modules/payment/bankfile.ts';
import { importResult } from '../src/modules/payment/result.ts';
import { bootstrap } from '../src/modules/system/bootstrap.ts';
import { hashPassword } from '../src/modules/auth/password.ts';

const N = Number(process.argv[2] ?? 100_000);
const t0 = () => performance.now();
const secs = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;

let t = t0();
const handle = await openDb({ databaseUrl: process.env.DATABASE_URL });
const { db } = handle;
await bootstrap(db, loadConfig({}, { dataDir: null, adminPassword: 'admin-pass-1', demoData: false, tokenSecret: 'x'.repeat(24) }));
const [admin] = await db.select().from(users).where(sql`${users.username} = 'admin'`);
const [maker] = await db.insert(users).values({ username: `maker${Date.now()}`, password_hash: await hashPassword('maker-pass-1'), full_name: '制单' }).returning();
await db.execute(sql`insert into user_roles (user_id, role_id) select ${maker!.id}::int, id from roles where code = 'admin'`);
const makerAuth = (await contextOfUser(db, maker!.id))!;
const adminAuth = (await contextOfUser(db, admin!.id))!;
const actor = (u: { id: number; username: string }) => ({ userId: u.id, username: u.username, ip: null });
console.log(`database ready: ${secs(t)}`);

t = t0();
await db.execute(sql`insert into stations (code, name, province_code, city_code, capacity_kwp, status)
  select 'PVS' || lpad(g::text, 8, '0'), '规模电站' || g, '370000', '370100', 20, 'operating' from generate_series(1, ${N}::int) g`);
console.log(`stations: ${secs(t)}`);
await db.execute(sql`insert into lease_contracts (contract_no, station_id, province_code, city_code, start_date, end_date, rent_rule, rent_rate, capacity_kwp, pay_cycle, payee_name, bank_name, bank_branch, bank_card, status)
  select 'ZLS' || lpad(s.id::text, 10, '0'), s.id, s.province_code, s.city_code, '2026-01-01', '2050-12-31', 'per_kwp', 50, 20, 'annual', '欧阳明月', '中国农业银行', '潍坊分行营业部', '6228480402564890018', 'active'
  from stations s where s.code like 'PVS%'`);
console.log(`contracts: ${secs(t)}`);
await db.execute(sql`insert into rent_bills (bill_no, contract_id, station_id, province_code, city_code, period, period_start, period_end, cover_start, cover_end, days, period_days, rate, amount_due, amount_payable, due_date, status)
  select 'ZJS' || lpad(c.id::text, 10, '0'), c.id, c.station_id, c.province_code, c.city_code, '2026', '2026-01-01', '2026-12-31', '2026-01-01', '2026-12-31', 365, 365, 50,
         (900 + c.id % 1000 + (c.id % 100) / 100.0)::numeric(14,2), (900 + c.id % 1000 + (c.id % 100) / 100.0)::numeric(14,2), '2026-01-31', 'pending'
  from lease_contracts c where c.contract_no like 'ZLS%'`);
console.log(`seeded ${N} bills: ${secs(t)}`);

t = t0();
let batch = await db.transaction((tx) => addBatchIn(tx, { name: 'scale', selection: { filter: { contract_id: '' , status: 'pending', period: '2026' } } }, makerAuth, actor(maker!)));
console.log(`batch of ${batch.line_count} lines, total ${batch.total}: ${secs(t)}`);
batch = await db.transaction((tx) => submitBatchIn(tx, batch.id, batch.version, makerAuth, actor(maker!)));
batch = await db.transaction((tx) => approveBatchIn(tx, batch.id, batch.version, adminAuth, actor(admin!)));
batch = await db.transaction((tx) => exportBatchIn(tx, batch.id, batch.version, 'xlsx', adminAuth, actor(admin!)));

// the bank file as the route writes it (to nowhere), peak RSS sampled meanwhile
for (const format of ['xlsx', 'csv'] as const) {
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  t = t0();
  let bytes = 0;
  let n = 0;
  const writer = new XlsxWriter((c) => (bytes += c.length), { sheetName: 'x' });
  for await (const rows of bankLines(db, batch.id)) {
    for (const l of rows) {
      n++;
      if (format === 'xlsx') writer.addRow([n, l.payee_name, l.payee_card, l.payee_bank, l.payee_branch, Number(l.amount), '屋顶租金', l.reference]);
      else bytes += Buffer.byteLength([n, l.payee_name ?? '', l.payee_card ?? '', l.payee_bank ?? '', l.payee_branch ?? '', l.amount, '屋顶租金', l.reference].map(csvField).join(',') + '\r\n');
    }
  }
  writer.end();
  clearInterval(timer);
  console.log(`bank file ${format}: ${n} rows, ${mib(bytes)} in ${secs(t)}, RSS +${mib(peak - rss0)} (peak ${mib(peak)})`);
}

// the bank's result: 1 % failed, as a UTF-8 CSV with the transfer columns and the result ones
const lines = await query<{ reference: string; amount: string; payee_card: string }>(db, sql`select reference, amount::text as amount, payee_card from payment_lines where batch_id = ${batch.id}::int order by seq`);
const csv = ['序号,收款人户名,收款账号,收款银行,开户网点,金额,用途,业务参考号,处理结果,失败原因,银行流水号,交易时间'];
lines.forEach((l, i) => csv.push([i + 1, '欧阳明月', l.payee_card, '中国农业银行股份有限公司', '中国农业银行潍坊市奎文区支行营业部', l.amount, '屋顶租金', l.reference, i % 100 ? '成功' : '失败', i % 100 ? '' : '账户已销户', i % 100 ? `BANK${String(i).padStart(12, '0')}` : '', '2026-11-25 10:30:00'].join(',')));
const file = Buffer.from('\uFEFF' + csv.join('\r\n'));
console.log(`result file: ${lines.length} rows, ${(file.length / 1024 / 1024).toFixed(1)} MiB`);
for (const round of ['first', 'again']) {
  t = t0();
  const r = await importResult(db, { id: batch.id }, file, adminAuth, actor(admin!), 'zh');
  console.log(`import (${round}): ${secs(t)} →`, r.errors ? `${r.errors.length} errors, e.g. ${JSON.stringify(r.errors[0])}` : r.message);
}
const [check] = await query(db, sql`select status, paid_count, paid_amount::text, failed_count, failed_amount::text, pending_count, total::text from payment_batches where id = ${batch.id}::int`);
console.log(check);
await handle.close();
