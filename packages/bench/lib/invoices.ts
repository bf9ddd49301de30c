import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { query } from '@pv/server/src/db/client.ts';
import { seed, serve } from './server.ts';
import { drive, ms, summarize, type Summary } from './stats.ts';

/**
 * `pnpm bench --invoices N` (lib/invoices.ts): the 发票 list at N invoices on embedded PGlite. A
 * fresh data folder seeded small (`pnpm seed --customers 1000`), then N invoices inserted set-based
 * (500 counterpart partners; issue dates over three years; 8-digit numbers; about 1 in 10 unmatched,
 * 1 in 20 partly matched; one line each), analysed; then the list through HTTP on loopback, page 1 of
 * 20 rows with its total, one request at a time: newest, by partner, by the last digits of a number
 * (the suffix b-tree), unmatched — each beside the same query run directly on the handle.
 */
export interface InvoiceCase {
  name: string;
  query: string;
  total: number;
  http: Summary;
}
export interface InvoiceBench {
  invoices: number;
  insertSeconds: number;
  cases: InvoiceCase[];
  /** the machine's 1-minute load average before and after the timed requests */
  load: [number, number];
}

export async function benchInvoices(n: number, requests: number): Promise<InvoiceBench> {
  const dir = mkdtempSync(join(tmpdir(), 'pv-bench-invoices-'));
  try {
    seed(dir, 1000, 20);
    const server = await serve(dir);
    try {
      const { db } = server.handle;
      const t0 = performance.now();
      // counterparts (the tax id is not checked on this path; the partners' unique code is)
      await query(db, sql`insert into partners (kind, name, credit_code) select 'supplier', '发票压测供应商' || g, ${sql.raw(`'B' || lpad(g::text, 17, '0')`)} from generate_series(1, 500) g on conflict do nothing`);
      const [p] = await query<{ min: number; max: number }>(db, sql`select min(id)::int as min, max(id)::int as max from partners where name like '发票压测供应商%'`);
      const span = p!.max - p!.min + 1;
      for (let from = 1; from <= n; from += 50_000) {
        const to = Math.min(n, from + 49_999);
        await query(
          db,
          sql`insert into invoices (direction, kind, invoice_code, invoice_no, issue_date, seller_name, seller_tax_id, buyer_name, buyer_tax_id, partner_id,
                                    amount_total, tax_total, total, matched_amount, match_state, status, registered_at, created_at, updated_at)
              select case when g % 4 = 0 then 'out' else 'in' end, case when g % 3 = 0 then 'digital_special' else 'special' end,
                     case when g % 3 = 0 then '' else '3700261130' end,
                     case when g % 3 = 0 then lpad((26370000000000000000 + g)::text, 20, '0') else lpad(g::text, 8, '0') end,
                     date '2024-01-01' + (g % 1095), '供应商', 'B00000000000000001', '光E宝', 'B00000000000000002', ${p!.min} + ((g::bigint * 7919) % ${span})::int,
                     1000.00, 130.00, 1130.00,
                     case when g % 10 = 0 then 0 when g % 20 = 1 then 500.00 else 1130.00 end,
                     case when g % 10 = 0 then 'none' when g % 20 = 1 then 'partial' else 'full' end,
                     case when g % 10 = 0 or g % 20 = 1 then 'registered' else 'matched' end, now(), now(), now()
              from generate_series(${from}::int, ${to}::int) g`,
        );
        await query(db, sql`insert into invoice_lines (invoice_id, seq, item, amount, tax_rate, tax) select id, 1, '光伏组件', 1000.00, 13, 130.00 from invoices where id between (select max(id) - ${to - from} from invoices) and (select max(id) from invoices)`);
      }
      await query(db, sql`analyze invoices`);
      await query(db, sql`analyze invoice_lines`);
      const insertSeconds = (performance.now() - t0) / 1000;
      const [someNo] = await query<{ invoice_no: string }>(db, sql`select invoice_no from invoices where kind = 'special' order by id desc offset 1234 limit 1`);
      const partner = p!.min + 17;
      const defs: Array<{ name: string; query: string }> = [
        { name: 'newest (issue date, all invoices)', query: 'page=1&limit=20&sort=issue_date&order=DESC' },
        { name: 'one partner, newest', query: `page=1&limit=20&partner_id=${partner}&sort=issue_date&order=DESC` },
        { name: `number keyword: the last 6 digits (${someNo!.invoice_no.slice(-6)})`, query: `page=1&limit=20&q=${someNo!.invoice_no.slice(-6)}` },
        { name: 'unmatched (match_state=none), newest', query: 'page=1&limit=20&match_state=none&sort=issue_date&order=DESC' },
        { name: 'incoming, unmatched, one quarter', query: 'page=1&limit=20&direction=in&match_state=none&issue_date_gte=2025-04-01&issue_date_lte=2025-06-30&sort=issue_date&order=DESC' },
      ];
      const cases: InvoiceCase[] = [];
      const loadBefore = loadavg()[0]!;
      for (const d of defs) {
        const url = `${server.base}/api/system/invoice/index?${d.query}`;
        let total = 0;
        const get = async () => {
          const res = await fetch(url, { headers: { authorization: `Bearer ${server.token}` } });
          const body = (await res.json()) as { code: number; msg: string; data: { total: number } };
          if (body.code !== 200) throw new Error(`${d.name}: ${body.msg}`);
          total = body.data.total;
        };
        for (let i = 0; i < 5; i++) await get();
        const run = await drive(requests, 1, get);
        cases.push({ name: d.name, query: d.query, total, http: summarize(run.samples, run.wallMs) });
        console.log('invoices', d.name, total, ms(summarize(run.samples, run.wallMs).p95));
      }
      return { invoices: n, insertSeconds, cases, load: [loadBefore, loadavg()[0]!] };
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function invoicesSection(b: InvoiceBench): string[] {
  const worst = Math.max(...b.cases.map((c) => c.http.p95));
  return [
    `## Invoice list at ${b.invoices.toLocaleString('en')} invoices (embedded PGlite)`,
    '',
    `A fresh data folder (\`pnpm seed --customers 1000\`), then ${b.invoices.toLocaleString('en')} invoices and one line each inserted set-based in ${b.insertSeconds.toFixed(1)} s (500 counterpart partners, issue dates over three years, a third 数电票 with 20-digit numbers, 1 in 10 unmatched, 1 in 20 partly matched) and analysed. HTTP on loopback as admin, page 1 of 20 rows with the total, ${b.cases[0]?.http.n ?? 0} requests one at a time per case.`,
    '',
    '| case | matching rows | p50 | p95 | p99 |',
    '|---|---|---|---|---|',
    ...b.cases.map((c) => `| ${c.name} | ${c.total.toLocaleString('en')} | ${ms(c.http.p50)} | ${ms(c.http.p95)} | ${ms(c.http.p99)} |`),
    '',
    `Worst p95: **${ms(worst)}**. Aim: p95 under 50 ms — ${worst < 50 ? 'met' : 'not met'}. Indexes: (issue_date, id), (partner_id, issue_date, id), (match_state, issue_date, id), and the prefix / suffix b-trees of invoice_no and invoice_code (DECISIONS "Keyword search on document numbers and codes"). Totals: a list filtered by direction, type, state, matching or colour only sums invoice_counts (statement triggers); a partner, a date range or a keyword counts its matching rows through those indexes.`,
    '',
    `The machine's load average (1 min) was ${b.load[0].toFixed(1)} before the timed requests and ${b.load[1].toFixed(1)} after, on ${cpus().length} cores shared with other work: p50 is the steadier number here.`,
  ];
}
