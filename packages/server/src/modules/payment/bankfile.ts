import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { BANK_FILE_COLUMNS, type Lang } from '@pv/contract';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { type Db, query } from '../../db/client.ts';
import { contentDisposition, XLSX_MIME, XlsxWriter, type CellStyle } from '../../excel/xlsx.ts';

/**
 * The bank batch-transfer file of a batch (docs/DECISIONS.md "Payment batches"): the lines still
 * awaiting the bank, in line order, with the FULL card numbers — the one reply of the product that
 * carries them (payment_batch:export, every export in the system log). Read in keyset batches of
 * lines (flat memory however large the batch) and streamed with backpressure, as .xlsx (our
 * streaming writer) or .csv (UTF-8 with a BOM, so Excel opens the Chinese headers as such).
 */

/** Lines read per query. */
export const BANK_FILE_BATCH = 2000;

interface BankLine {
  id: number;
  seq: number;
  reference: string;
  amount: string;
  payee_name: string | null;
  payee_bank: string | null;
  payee_branch: string | null;
  payee_card: string | null;
}

/** The pending lines of a batch after `seq`, BANK_FILE_BATCH at a time (index payment_lines_batch_status_idx). */
export async function* bankLines(db: Db, batchId: number): AsyncGenerator<BankLine[]> {
  let after = 0;
  for (;;) {
    const rows = await query<BankLine>(
      db,
      sql`select id, seq, reference, amount::text as amount, payee_name, payee_bank, payee_branch, payee_card
          from payment_lines where batch_id = ${batchId}::int and status = 'pending' and seq > ${after}::int
          order by seq limit ${BANK_FILE_BATCH}`,
    );
    if (rows.length) yield rows;
    if (rows.length < BANK_FILE_BATCH) return;
    after = Number(rows.at(-1)!.seq);
  }
}

/** One line as the file's cells, in BANK_FILE_COLUMNS order (序号 runs 1, 2, … in the file). */
const cellsOf = (l: BankLine, n: number, purpose: string) => [n, l.payee_name ?? '', l.payee_card ?? '', l.payee_bank ?? '', l.payee_branch ?? '', l.amount, purpose, l.reference];

/**
 * A CSV field: quoted when it holds a separator, a quote or a line break; text a spreadsheet would
 * take for a formula (= + - @ at the start) is prefixed with a quote mark (names and branches are
 * typed by people; amounts and numbers never start so).
 */
export function csvField(v: string | number): string {
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const stamp = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');

/**
 * Streams the bank file. The first read happens before the reply starts (so a database error is an
 * ordinary error reply), then rows go out as they are read, waiting when the socket buffer is full.
 */
export async function sendBankFile(reply: FastifyReply, db: Db, batch: { id: number; batch_no: string; purpose: string }, format: 'xlsx' | 'csv', lang: Lang) {
  const lines = bankLines(db, batch.id);
  const first = await lines.next();
  const out = new PassThrough();
  const headers = BANK_FILE_COLUMNS.map((c) => c[lang]);
  let n = 0;
  let write: (rows: BankLine[]) => void;
  let end: () => void;
  if (format === 'xlsx') {
    const writer = new XlsxWriter((chunk, final) => {
      if (!out.destroyed) out.write(chunk);
      if (final) out.end();
    }, { sheetName: batch.batch_no, widths: [8, 14, 24, 22, 24, 14, 14, 18] });
    writer.addRow(headers, headers.map(() => 'header'));
    // the card number and the reference as text (a number cell would show 6.22848E+18); the amount a number with two decimals
    const styles: CellStyle[] = ['plain', 'plain', 'plain', 'plain', 'plain', 'decimal', 'plain', 'plain'];
    write = (rows) => {
      for (const l of rows) {
        const cells = cellsOf(l, ++n, batch.purpose);
        // numeric(14,2) text has at most 14 significant digits: its double prints back the same decimal
        cells[5] = Number(l.amount);
        writer.addRow(cells, styles);
      }
    };
    end = () => writer.end();
  } else {
    out.write('\uFEFF' + headers.map(csvField).join(',') + '\r\n');
    write = (rows) => {
      let text = '';
      for (const l of rows) text += cellsOf(l, ++n, batch.purpose).map(csvField).join(',') + '\r\n';
      out.write(text);
    };
    end = () => out.end();
  }
  const closed = once(out, 'close').catch(() => undefined);
  void (async () => {
    try {
      if (!first.done) write(first.value);
      for (let next = first.done ? null : await lines.next(); next && !next.done; next = await lines.next()) {
        if (out.destroyed) return; // the client went away
        write(next.value);
        if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), closed]);
      }
      end();
    } catch (err) {
      reply.log.error({ err }, 'bank file export failed');
      out.destroy(err as Error);
    }
  })();
  const name = `${lang === 'zh' ? '银行代发文件' : 'bank_transfer'}_${batch.batch_no}_${stamp()}.${format}`;
  return reply
    .header('content-type', format === 'xlsx' ? XLSX_MIME : 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(name, `bank_transfer_${batch.batch_no}.${format}`))
    .header('cache-control', 'no-store')
    .header('access-control-expose-headers', 'Content-Disposition')
    .send(out);
}
