import {
  BANK_RESULT_COLUMNS,
  BATCH_MAX_BILLS,
  type BankResultRow,
  type Lang,
  Money,
  PaymentBatchActionLabel,
  PaymentBatchStatus,
  PaymentLineStatus,
  RentBillStatus,
  SettlementStatus,
  bankCardMatches,
  bankResultRowSchema,
  formatMoney,
  maskMiddle,
  sumMoney,
} from '@pv/contract';
import { sql } from 'drizzle-orm';
import { type Db, type Queryable, query } from '../../db/client.ts';
import { paymentBatches } from '../../db/schema/index.ts';
import { CsvFormatError, decodeCsv, looksLikeText, parseCsv } from '../../excel/csv.ts';
import { type ImportResult, type ImportSpec, MAX_REPORTED, parseImport, type RowError } from '../../excel/import.ts';
import { buildXlsx, type CellValue, looksLikeZip, readXlsxAsync, XlsxFormatError, type XlsxLimits } from '../../excel/xlsx.ts';
import { ApiError, conflict } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { illegalTransition, recordTransition } from '../../lifecycle/engine.ts';
import { loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { lockBatch } from './actions.ts';
import { bankLines } from './bankfile.ts';
import { refreshBatchSums, sumsOf } from './hold.ts';
import { paymentBatchResource } from './resource.ts';
import { writeSettlementResults } from './settlements.ts';

/**
 * The bank's result file → the batch's lines and their bills, all or nothing and set-based
 * (docs/DECISIONS.md "Payment batches"). The file is read as .xlsx or .csv (UTF-8 or GBK), headers
 * by name in zh or en (a bank's own extra columns and title lines above the header are ignored),
 * every row checked by the contract's row schema and then, all rows at once, against the lines in
 * SQL: matched by 业务参考号 within this batch, the amount (and the card, when the bank gives it)
 * equal to the line's, once per file. A row whose line already has the same result is unchanged
 * (the same file twice changes nothing, and says so); a different result for a settled line is
 * refused. With no problem anywhere, one transaction writes every line, every bill (the same
 * columns, system-log and timeline rows as markPaidIn / markFailedIn in lease/bills.ts), the
 * batch's sums and, when no line awaits the bank any more, its completion.
 */

/**
 * The largest result file: 100,000 rows of a bank's full CSV in UTF-8 (every transfer column with
 * long bank and branch names, plus the result ones) measured 20.6 MiB; the same as .xlsx about 4 MiB.
 * deploy/nginx.conf lets this route (only) take 25m.
 */
export const RESULT_MAX_BYTES = 24 * 1024 * 1024;

/** The messages of a sheet that is neither .xlsx nor CSV, or is a damaged one: the bank result's by default. */
export interface SheetFileMessages {
  type: string;
  malformed: string;
}
const BANK_RESULT_MESSAGES: SheetFileMessages = { type: 'error.batch_import_type', malformed: 'error.batch_import_malformed' };

/**
 * The file's rows: .xlsx by its zip signature (within the import's limits: a zip bomb gets the
 * reader's own 400), else CSV text (UTF-8 or GB18030). Partners' sheets and the insurer's renewal
 * sheet are read the same way, with their own messages.
 */
export async function readResultFile(file: Uint8Array, limits: XlsxLimits, messages: SheetFileMessages = BANK_RESULT_MESSAGES): Promise<string[][]> {
  try {
    if (looksLikeZip(file)) return await readXlsxAsync(file, limits);
    if (looksLikeText(file)) return parseCsv(decodeCsv(file));
  } catch (err) {
    if (err instanceof XlsxFormatError || err instanceof CsvFormatError) throw new ApiError(400, messages.malformed);
    throw err;
  }
  throw new ApiError(400, messages.type);
}

interface Checked {
  row: number;
  first_row: number;
  line_id: number | null;
  line_batch: number | null;
  line_batch_no: string | null;
  line_amount: string | null;
  line_status: string | null;
  line_card: string | null;
  line_serial: string | null;
  line_reason: string | null;
  bill_no: string | null;
  bill_status: string | null;
  bill_batch: number | null;
  payable_type: string | null;
}

/**
 * Every row that passes the schema, against the lines at once (one statement): problems per row in
 * the caller's language. Rows the schema refuses are left to it, so one report names every problem.
 */
async function checkRows(db: Db, batch: { id: number; batch_no: string }, rows: { row: number; raw: Record<string, unknown> }[], lang: Lang): Promise<RowError[]> {
  const parsed = new Map<number, BankResultRow>();
  for (const r of rows) {
    const p = bankResultRowSchema.safeParse(r.raw);
    if (p.success) parsed.set(r.row, p.data);
  }
  if (!parsed.size) return [];
  const payload = JSON.stringify([...parsed].map(([row, r]) => ({ row, reference: r.reference })));
  const checked = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local work_mem = '${IMPORT_WORK_MEM}'`));
    return query<Checked>(
    tx,
    sql`with x as (select * from jsonb_to_recordset(${payload}::jsonb) as x("row" int, reference text)),
        d as (select x.*, min(x."row") over (partition by x.reference) as first_row from x)
        select d."row", d.first_row, l.id as line_id, l.batch_id as line_batch, p.batch_no as line_batch_no, l.amount::text as line_amount,
               l.status as line_status, l.payee_card as line_card, l.bank_serial as line_serial, l.fail_reason as line_reason,
               coalesce(b.bill_no, st.settlement_no) as bill_no, coalesce(b.status, st.status) as bill_status, coalesce(b.batch_id, st.batch_id) as bill_batch, l.payable_type
        from d left join payment_lines l on l.reference = d.reference
        left join payment_batches p on p.id = l.batch_id
        left join rent_bills b on b.id = l.bill_id
        left join settlements st on st.id = l.settlement_id
        order by d."row"`,
  );
  });
  const col = (key: string) => {
    const c = BANK_RESULT_COLUMNS.find((x) => x.key === key)!;
    return lang === 'zh' ? c.zh : c.en;
  };
  const errors: RowError[] = [];
  for (const c of checked) {
    const r = parsed.get(Number(c.row))!;
    const err = (column: string, key: string, params: Record<string, unknown>) => errors.push({ row: Number(c.row), column: col(column), message: t(key, lang, params) });
    const resultLabel = PaymentLineStatus.label(r.result, lang);
    if (Number(c.first_row) !== Number(c.row)) err('reference', 'error.bank_duplicate_reference', { row: c.first_row });
    else if (c.line_id == null) err('reference', 'error.bank_unknown_reference', { reference: r.reference, batch_no: batch.batch_no });
    else if (Number(c.line_batch) !== batch.id) err('reference', 'error.bank_other_batch', { reference: r.reference, other: c.line_batch_no, batch_no: batch.batch_no });
    else if (!new Money(r.amount).eq(c.line_amount!)) err('amount', 'error.bank_amount_mismatch', { amount: formatMoney(r.amount), expected: formatMoney(c.line_amount) });
    else if (r.payee_card && !bankCardMatches(r.payee_card, c.line_card)) err('payee_card', 'error.bank_card_mismatch', { card: maskMiddle(c.line_card ?? '') });
    else if (c.line_status === 'removed') err('reference', 'error.bank_line_removed', { reference: r.reference });
    else if (c.line_status === 'paid' || c.line_status === 'failed') {
      // the same answer again is fine (nothing to do); a different one is not
      const same = c.line_status === r.result && (r.result === 'failed' || c.line_serial === r.bank_serial);
      if (!same) {
        const detail = c.line_status === 'paid' ? `${col('bank_serial')} ${c.line_serial}` : (c.line_reason ?? '');
        err('result', 'error.bank_result_conflict', { reference: r.reference, state: PaymentLineStatus.label(c.line_status, lang), detail });
      }
    } else if (c.payable_type === 'settlement') {
      // (a settlement a batch holds cannot be paid by hand; if it was anyway, someone decides)
      if (Number(c.bill_batch) !== batch.id || c.bill_status !== 'confirmed') err('reference', 'error.bank_bill_state', { bill_no: c.bill_no, state: SettlementStatus.label(c.bill_status, lang), result: resultLabel });
    } else if (Number(c.bill_batch) !== batch.id || !['pending', 'failed'].includes(c.bill_status ?? '')) {
      // (a bill a batch holds cannot be paused, deducted or paid by hand; if it was anyway, someone decides)
      err('reference', 'error.bank_bill_state', { bill_no: c.bill_no, state: RentBillStatus.label(c.bill_status, lang), result: resultLabel });
    }
  }
  return errors;
}

/** A bill row (alias `x`) as its system-log entry: the card masked and amounts as decimal text, as writeLog keeps them. */
const billJson = (x: string) =>
  sql.raw(`(to_jsonb(${x}) || jsonb_build_object(
    'payee_card', case when length(${x}.payee_card) > 10 then left(${x}.payee_card, 6) || repeat('*', length(${x}.payee_card) - 10) || right(${x}.payee_card, 4) else ${x}.payee_card end,
    'rate', ${x}.rate::text, 'amount_due', ${x}.amount_due::text, 'deduction', ${x}.deduction::text, 'amount_payable', ${x}.amount_payable::text))`);

interface Written {
  lines: number;
  bills: number;
  logged: number;
  timeline: number;
  unchanged: number;
  paid: number;
  failed: number;
  paid_amount: string;
  failed_amount: string;
}

/**
 * The write, in the import's transaction, as two statements over real tables. (One statement of
 * data-modifying CTEs joined to each other was quadratic: the planner cannot index a CTE and, not
 * knowing its size, rescans it once per row — 2,000 rows took 38 s on PGlite.) First the lines,
 * from the parsed rows (hashed against the batch's lines); every line this import answers gets
 * `result_at = now()`, the transaction's start time, which names them for the second statement:
 * their bills, each joined to itself for the row before the change (the statement's snapshot), with
 * the system-log and timeline rows written from the update's RETURNING.
 */
async function writeResults(tx: Queryable, batchId: number, rows: BankResultRow[], actor: Actor): Promise<Written> {
  const json = JSON.stringify(rows.map((r) => ({ reference: r.reference, amount: r.amount, result: r.result, serial: r.bank_serial ?? null, paid_at: r.paid_at ?? null, reason: r.reason || null })));
  const B = sql`${batchId}::int`;
  // 100,000 rows: hash the file's rows and keep the updated bills (with their log rows) in memory
  // instead of spilling them to temporary files at the default 4 MB (this transaction only)
  await tx.execute(sql.raw(`set local work_mem = '${IMPORT_WORK_MEM}'`));
  const noReason = t('payment.bank_no_reason', 'zh');
  const [lines] = await query<Omit<Written, 'bills' | 'logged' | 'timeline'>>(
    tx,
    sql`with x as (select * from jsonb_to_recordset(${json}::jsonb) as x(reference text, amount numeric, result text, serial text, paid_at timestamptz, reason text)),
        u as (
          update payment_lines l set status = x.result,
                 bank_serial = case when x.result = 'paid' then x.serial end,
                 paid_at = case when x.result = 'paid' then coalesce(x.paid_at, now()) end,
                 fail_reason = case when x.result = 'failed' then coalesce(x.reason, ${noReason}) end,
                 result_at = now(), updated_at = now()
          from x where l.reference = x.reference and l.batch_id = ${B} and l.status = 'pending' and l.amount = x.amount
          returning l.status, l.amount)
        select (select count(*) from u)::int as lines,
               (select count(*) from u where status = 'paid')::int as paid, (select count(*) from u where status = 'failed')::int as failed,
               (select coalesce(sum(amount), 0) from u where status = 'paid')::numeric(18,2)::text as paid_amount,
               (select coalesce(sum(amount), 0) from u where status = 'failed')::numeric(18,2)::text as failed_amount,
               (select count(*) from x join payment_lines l on l.reference = x.reference and l.batch_id = ${B}
                 where l.status = x.result and l.amount = x.amount and (x.result = 'failed' or l.bank_serial = x.serial))::int as unchanged`,
  );
  const [bills] = await query<Pick<Written, 'bills' | 'logged' | 'timeline'>>(
    tx,
    sql`with bu as (
          update rent_bills b set status = l.status,
                 paid_at = case when l.status = 'paid' then l.paid_at else b.paid_at end,
                 bank_serial = case when l.status = 'paid' then l.bank_serial else b.bank_serial end,
                 channel = case when l.status = 'paid' then 'batch' else b.channel end,
                 batch_id = case when l.status = 'paid' then ${B} end,
                 fail_reason = case when l.status = 'paid' then null else l.fail_reason end,
                 failed_at = case when l.status = 'failed' then now() else b.failed_at end,
                 payee_name = case when l.status = 'paid' then l.payee_name else b.payee_name end,
                 payee_bank = case when l.status = 'paid' then l.payee_bank else b.payee_bank end,
                 payee_card = case when l.status = 'paid' then l.payee_card else b.payee_card end,
                 version = b.version + 1, updated_at = now()
          from payment_lines l join rent_bills o on o.id = l.bill_id
          where l.batch_id = ${B} and l.result_at = now() and l.status in ('paid', 'failed')
            and b.id = l.bill_id and b.status in ('pending', 'failed') and b.batch_id = ${B}
          returning b.id, b.status, b.bank_serial, b.fail_reason, o.status as from_status, o.amount_payable::text as amount,
                    ${billJson('o')} as before_row, ${billJson('b')} as after_row),
        lg as (
          insert into sys_log (user_id, username, ip, action, resource, record_id, before, after)
          select ${actor.userId}::int, ${actor.username}, ${actor.ip}, case when bu.status = 'paid' then 'pay' else 'fail' end, 'rent_bill', bu.id, bu.before_row, bu.after_row
          from bu
          returning 1),
        tl as (
          insert into transitions (entity, entity_id, action, from_status, to_status, reason, data, user_id, user_name)
          select 'rent_bill', bu.id, case when bu.status = 'paid' then 'pay' else 'fail' end, bu.from_status, bu.status,
                 case when bu.status = 'failed' then bu.fail_reason end,
                 case when bu.status = 'paid' then jsonb_build_object('bank_serial', bu.bank_serial, 'amount', bu.amount, 'batch_id', ${B})
                      else jsonb_build_object('batch_id', ${B}) end,
                 ${actor.userId}::int, ${actor.username}
          from bu
          returning 1)
        select (select count(*) from bu)::int as bills, (select count(*) from lg)::int as logged, (select count(*) from tl)::int as timeline`,
  );
  // the settlement lines' settlements (a batch holds one kind, so one of the two writes nothing)
  const settled = await writeSettlementResults(tx, batchId, actor);
  return { ...lines!, ...bills!, bills: Number(bills!.bills) + settled };
}

/** work_mem of an import's transaction (and of its check): a 100,000-row file's joins and the updated rows fit. */
export const IMPORT_WORK_MEM = '256MB';

/** The states a result may be imported in: sent to the bank (and completed, where a file already imported changes nothing). */
const IMPORTABLE = ['exported', 'completed'];

/**
 * POST payment_batch/import_result?id=&version=: the whole import. Returns the summary, or the row
 * problems with nothing written.
 */
export async function importResult(db: Db, input: { id: number; version?: number }, file: Uint8Array, auth: AuthContext, actor: Actor, lang: Lang): Promise<ImportResult> {
  const batch = (await loadOne(db, paymentBatchResource, input.id, auth)) as typeof paymentBatches.$inferSelect;
  if (!IMPORTABLE.includes(batch.status)) throw illegalTransition(batch.status, 'import_result', PaymentBatchStatus, PaymentBatchActionLabel);
  if (input.version != null && batch.version !== input.version) throw conflict(batch.version, input.version);
  const spec = resultSpec();
  const { inputs, errors } = await parseImport(spec, file, lang, (rows) => checkRows(db, batch, rows, lang));
  if (errors.length) return { imported: 0, errors: errors.slice(0, MAX_REPORTED) };
  const rows = inputs.map((i) => i.input as BankResultRow);
  return db.transaction(async (tx) => {
    const locked = await lockBatch(tx, batch.id, auth, input.version ?? null);
    if (!IMPORTABLE.includes(locked.status)) throw illegalTransition(locked.status, 'import_result', PaymentBatchStatus, PaymentBatchActionLabel);
    const w = await writeResults(tx, batch.id, rows, actor);
    // the statement's snapshot: `unchanged` counts lines answered before it, `lines` the rest; a
    // bill or line that moved since the check (paused, another import) makes them disagree
    if (w.bills !== w.lines || w.lines + w.unchanged !== rows.length) throw new ApiError(409, 'error.batch_import_changed');
    const summary = {
      rows: rows.length,
      paid: w.paid,
      failed: w.failed,
      unchanged: w.unchanged,
      paid_amount: sumMoney([w.paid_amount]),
      failed_amount: sumMoney([w.failed_amount]),
    };
    if (!w.lines) return { imported: 0, ...summary, completed: locked.status === 'completed', message: t('payment.import_unchanged', lang, { n: rows.length }) };
    const after = await refreshBatchSums(tx, batch.id, { bump: true });
    await writeLog(tx, actor, { action: 'import_result', resource: 'payment_batch', recordId: batch.id, before: sumsOf(locked as never), after: { ...sumsOf(after), ...summary } });
    await recordTransition(tx, actor, { entity: 'payment_batch', entityId: batch.id, action: 'import_result', from: locked.status, to: locked.status, data: summary });
    let completed = false;
    if (Number(after.pending_count) === 0) {
      await completeIn(tx, batch.id, actor);
      completed = true;
    }
    const message = t('payment.import_done', lang, { rows: rows.length, paid: w.paid, failed: w.failed, unchanged: w.unchanged, paid_amount: formatMoney(summary.paid_amount), failed_amount: formatMoney(summary.failed_amount) });
    return { imported: w.lines, ...summary, completed, message };
  });
}

/** 完成: the last line answered (exported → completed), in the import's transaction. */
async function completeIn(tx: Queryable, id: number, actor: Actor) {
  const [before] = await tx.select().from(paymentBatches).where(sql`${paymentBatches.id} = ${id}`);
  const [after] = await tx
    .update(paymentBatches)
    .set({ status: 'completed', completed_at: new Date(), version: sql`${paymentBatches.version} + 1`, updated_at: new Date() })
    .where(sql`${paymentBatches.id} = ${id} and ${paymentBatches.status} = 'exported'`)
    .returning();
  await writeLog(tx, actor, { action: 'complete', resource: 'payment_batch', recordId: id, before, after });
  await recordTransition(tx, actor, { entity: 'payment_batch', entityId: id, action: 'complete', from: 'exported', to: 'completed', data: { paid_count: after!.paid_count, paid_amount: after!.paid_amount, failed_count: after!.failed_count, failed_amount: after!.failed_amount } });
}

/**
 * The bank result template of a batch (payment_batch/result_template): the import's columns, required
 * ones marked *, with the payee's name beside the reference (the import reads it not), one row per
 * line awaiting the bank — reference, payee, card (masked: full numbers are the bank file's alone, and
 * the import matches a masked card by its digits), amount — and 处理结果 / 失败原因 / 银行流水号 /
 * 交易时间 left for the bank's answer. Refused, like the import, before the batch went to the bank.
 */
export async function resultTemplate(db: Db, id: number, auth: AuthContext, lang: Lang): Promise<{ file: Buffer; batchNo: string }> {
  const batch = (await loadOne(db, paymentBatchResource, id, auth)) as typeof paymentBatches.$inferSelect;
  if (!IMPORTABLE.includes(batch.status)) throw illegalTransition(batch.status, 'import_result', PaymentBatchStatus, PaymentBatchActionLabel);
  const label = (c: (typeof BANK_RESULT_COLUMNS)[number]) => (lang === 'zh' ? c.zh : c.en) + (c.required ? '*' : '');
  const [reference, ...rest] = BANK_RESULT_COLUMNS;
  const header = [label(reference), lang === 'zh' ? '收款人户名' : 'Payee', ...rest.map(label)];
  const rows: CellValue[][] = [header];
  for await (const lines of bankLines(db, batch.id)) {
    for (const l of lines) rows.push([l.reference, l.payee_name ?? '', maskMiddle(l.payee_card ?? ''), l.amount, '', '', '', '']);
  }
  const file = buildXlsx(rows, { sheetName: batch.batch_no, headerRow: true, widths: [20, 14, 24, 14, 10, 24, 22, 20] });
  return { file, batchNo: batch.batch_no };
}

/** The import's columns and reading (generic machinery: headers zh/en, row schema, per-row messages). */
function resultSpec(): ImportSpec {
  return {
    def: paymentBatchResource,
    templateTitle: ['银行结果文件', 'bank result file'],
    maxRows: BATCH_MAX_BILLS,
    maxBytes: RESULT_MAX_BYTES,
    headerSearchRows: 10,
    read: readResultFile,
    columns: BANK_RESULT_COLUMNS.map((c) => ({ key: c.key, label: [c.zh, c.en] as [string, string], required: c.required })),
    schema: bankResultRowSchema,
  };
}

