import { formatMoney, type PaymentBatchPreview, type PaymentReconciliation } from '@pv/contract';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@pv/server/src/db/client.ts';
import { query } from '@pv/server/src/db/client.ts';
import { BENCH_PASSWORD } from './server.ts';

/**
 * 付款批次 at scale (issue 14), on the finance bench's bills and through the server's routes as the
 * console calls them: the due bills of the first agents (as many as make about `target` bills; their
 * contracts given a payee card) previewed and made into one batch by a second user, submitted,
 * approved by the administrator (four eyes), the bank file exported as .xlsx and as .csv while this
 * process's RSS is sampled every 20 ms (the server runs in it), then the bank's result — a UTF-8 CSV
 * with the transfer columns and the result ones, 1 % failed — imported, and the same file again.
 */
export interface PaymentBench {
  agents: number;
  lines: number;
  total: string;
  addSeconds: number;
  exports: { format: string; seconds: number; bytes: number; rssGrowth: number; rssBefore: number }[];
  resultBytes: number;
  importSeconds: number;
  importMessage: string;
  againSeconds: number;
  againMessage: string;
  reconciled: { paid: string; failed: string; pending: string; total: string; balanced: boolean };
}

interface Api {
  base: string;
  login(username: string, password: string): Promise<string>;
}

export async function benchPayment(handle: DbHandle, server: Api, adminToken: string, target = 100_000): Promise<PaymentBench> {
  const run = (text: string) => handle.db.execute(sql.raw(text));
  // the maker: a second user with the administrator's role (the approver must be someone else)
  await run(`insert into users (username, password_hash, full_name) select 'maker_bench', u.password_hash, '压测制单' from users u where u.username = 'admin'`);
  await run(`insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where u.username = 'maker_bench' and r.code = 'admin'`);
  const maker = { authorization: `Bearer ${await server.login('maker_bench', BENCH_PASSWORD)}` };
  const admin = { authorization: `Bearer ${adminToken}` };
  const post = async (path: string, body: unknown, headers: Record<string, string>) => {
    const res = await fetch(`${server.base}/api/system/payment_batch/${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return res;
  };
  const data = async <T>(res: Response): Promise<T> => {
    const body = (await res.json()) as { code: number; msg: string; data: T };
    if (body.code !== 200) throw new Error(`${res.url}: ${body.code} ${body.msg}`);
    return body.data;
  };

  // how many agents' due bills make about `target`: count the first agent's, scale (the bench spreads contracts evenly)
  const [{ n: perAgent } = { n: 1 }] = await query<{ n: number }>(handle.db, sql`select count(*)::int as n from rent_bills where agent_id = 1 and status in ('pending', 'failed')`);
  const agents = Math.max(1, Math.min(100, Math.floor(target / Math.max(1, perAgent))));
  const agentIds = Array.from({ length: agents }, (_, i) => i + 1);
  await run(`update lease_contracts set bank_name = '中国农业银行', bank_branch = '潍坊分行营业部', bank_card = '6228480402564890018' where agent_id <= ${agents}`);
  const selection = { filter: { agent_id: agentIds, status: ['pending', 'failed'] } };
  const preview = await data<PaymentBatchPreview>(await post('preview', { selection }, maker));
  console.log(`  payment batch: ${preview.count.toLocaleString('en')} bills of ${agents} agents, ¥${formatMoney(preview.total)}`);
  let t0 = performance.now();
  let batch = await data<{ id: number; version: number; line_count: number; total: string }>(await post('add', { name: '压测批次', selection }, maker));
  const addSeconds = (performance.now() - t0) / 1000;
  batch = await data(await post('submit', { id: batch.id, version: batch.version }, maker));
  batch = await data(await post('approve', { id: batch.id, version: batch.version }, admin));

  const exports: PaymentBench['exports'] = [];
  let version = batch.version;
  for (const format of ['xlsx', 'csv'] as const) {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    t0 = performance.now();
    const res = await post('export_bank', { id: batch.id, version, format }, admin);
    if (res.status !== 200 || !res.body) throw new Error(`export_bank ${format}: ${res.status} ${await res.text()}`);
    let bytes = 0;
    const reader = res.body.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
    clearInterval(timer);
    exports.push({ format, seconds: (performance.now() - t0) / 1000, bytes, rssGrowth: peak - rssBefore, rssBefore });
    version = (await data<{ version: number }>(await fetch(`${server.base}/api/system/payment_batch/get_info?id=${batch.id}`, { headers: admin }))).version;
  }

  // the bank's answer: every line, 1 % failed
  const lines = await query<{ reference: string; amount: string; payee_card: string }>(handle.db, sql`select reference, amount::text as amount, payee_card from payment_lines where batch_id = ${batch.id}::int order by seq`);
  const csv = ['序号,收款人户名,收款账号,收款银行,开户网点,金额,用途,业务参考号,处理结果,失败原因,银行流水号,交易时间'];
  lines.forEach((l, i) => csv.push([i + 1, '业主', l.payee_card, '中国农业银行股份有限公司', '中国农业银行潍坊市奎文区支行营业部', l.amount, '屋顶租金', l.reference, i % 100 ? '成功' : '失败', i % 100 ? '' : '账户已销户', i % 100 ? `BANK${String(i).padStart(12, '0')}` : '', '2026-11-25 10:30:00'].join(',')));
  const file = Buffer.from('\uFEFF' + csv.join('\r\n'));
  const importOnce = async () => {
    const s = performance.now();
    const res = await fetch(`${server.base}/api/system/payment_batch/import_result?id=${batch.id}`, { method: 'POST', headers: { ...admin, 'content-type': 'text/csv' }, body: file });
    const r = await data<{ message: string }>(res);
    return { seconds: (performance.now() - s) / 1000, message: r.message };
  };
  const first = await importOnce();
  console.log(`  import: ${first.seconds.toFixed(1)} s — ${first.message}`);
  const again = await importOnce();
  const rec = await data<PaymentReconciliation>(
    await fetch(`${server.base}/api/system/payment_batch/reconcile?id=${batch.id}`, { headers: admin }),
  );
  return {
    agents,
    lines: batch.line_count,
    total: batch.total,
    addSeconds,
    exports,
    resultBytes: file.length,
    importSeconds: first.seconds,
    importMessage: first.message,
    againSeconds: again.seconds,
    againMessage: again.message,
    reconciled: { paid: rec.paid.amount, failed: rec.failed.amount, pending: rec.pending.amount, total: rec.total.amount, balanced: rec.balanced },
  };
}

export function paymentSection(p: PaymentBench): string[] {
  const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return [
    `**Payment batches on these bills** (packages/bench/lib/payment.ts, through the routes): the due bills of the first ${p.agents} agents — **${p.lines.toLocaleString('en')} lines, ¥${formatMoney(p.total)}** — made into one batch in ${p.addSeconds.toFixed(1)} s (preview first; one statement over the bill list's filters), submitted by its maker and approved by the administrator.`,
    '',
    '| bank file | time | size | process RSS before | RSS growth while streaming |',
    '|---|---|---|---|---|',
    ...p.exports.map((e) => `| ${e.format} | ${e.seconds.toFixed(1)} s | ${mib(e.bytes)} | ${mib(e.rssBefore)} | ${mib(e.rssGrowth)} |`),
    '',
    `The bank's result, a ${mib(p.resultBytes)} UTF-8 CSV (1 % failed): **imported in ${p.importSeconds.toFixed(1)} s** (aim < 60 s${p.importSeconds < 60 ? ' — met' : ' — not met'}) — “${p.importMessage}”; the same file again in ${p.againSeconds.toFixed(1)} s — “${p.againMessage}”. Reconciled: paid ¥${formatMoney(p.reconciled.paid)} + failed ¥${formatMoney(p.reconciled.failed)} + awaiting ¥${formatMoney(p.reconciled.pending)} = ¥${formatMoney(p.reconciled.total)} (${p.reconciled.balanced ? 'balanced' : 'NOT balanced'}).`,
  ];
}
