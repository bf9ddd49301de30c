import {
  BATCH_MAX_BILLS,
  PaymentBatchStatus,
  listQuerySchema,
  numeric,
  paymentBatchAddSchema,
  paymentBatchExportSchema,
  paymentBatchImportQuery,
  paymentBatchMoveSchema,
  paymentBatchPreviewSchema,
  paymentBatchReasonSchema,
  paymentBatchRemoveLineSchema,
} from '@pv/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { paymentLines } from '../../db/schema/index.ts';
import { col } from '../../excel/columns.ts';
import { excelRoutes, SHEET_OR_CSV_TYPES, sendXlsx, sheetUploadRoute } from '../../excel/routes.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import { historyRoutes, idQuery } from '../../resources/history.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord, listRecords, loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { rentBillResource } from '../lease/resource.ts';
import { plainRow } from '../present.ts';
import type { Actor } from '../system/syslog.ts';
import { PaymentBatchActions, exportBatchIn, reconcile } from './actions.ts';
import { sendBankFile } from './bankfile.ts';
import { paymentBatchResource as batch, maskLine, paymentLineResource } from './resource.ts';
import { RESULT_MAX_BYTES, importResult, resultTemplate } from './result.ts';

type Row = Record<string, unknown>;

/**
 * /api/system/payment_batch/*: the list and record, the named actions (each its own permission),
 * the reconciliation, the lines, the bank file (full card numbers: payment_batch:export, logged)
 * and the bank's result import (payment_batch:import; raw .xlsx or .csv body), history, timeline,
 * the list's Excel export — and a bill's payment lines for the bill drawer (rent_bill:get_info).
 */
export function paymentRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const actions = new PaymentBatchActions(db);
  const P = '/api/system/payment_batch';

  resourceRoutes(app, deps, batch);
  historyRoutes(app, deps, batch, { entity: 'payment_batch' });

  const show = (id: number, req: FastifyRequest) => getRecord(db, batch, id, authOf(req), req.lang);
  type Act = (body: unknown, auth: AuthContext, actor: Actor) => Promise<Row>;
  const action = (name: string, what: string, body: z.ZodType, run: Act) =>
    app.post(`${P}/${name}`, { config: { permission: `payment_batch:${name}` }, schema: doc('payment_batch', what, { body, returns: 'the batch' }) }, async (req) => {
      const row = await run(req.body ?? {}, authOf(req), actorOf(req));
      return ok(await show(row.id as number, req));
    });

  app.post(
    `${P}/preview`,
    {
      config: { permission: 'payment_batch:add' },
      schema: doc('payment_batch', `What a new batch would take {selection: {filter} | {bill_ids}} → {count, total, excluded: {state, zero, held, frozen, no_card}}; nothing is written`, { body: paymentBatchPreviewSchema }),
    },
    async (req) => ok(await actions.preview(req.body ?? {}, authOf(req))),
  );
  action('add', `新建付款批次 {name?, purpose?, remark?, selection: {filter: the bill list's filters} | {bill_ids: ticked (≤5000, every one must qualify)}}: a draft with one line per bill (amount and payee as now); at most ${BATCH_MAX_BILLS} bills`, paymentBatchAddSchema, (b, a, c) => actions.add(b, a, c));
  action('submit', '提交审批: 草稿 → 待审批 {id, version}', paymentBatchMoveSchema, (b, a, c) => actions.submit(b, a, c));
  action('approve', '审批通过: 待审批 → 已审批 {id, version}; not by the one who made or submitted it (four eyes)', paymentBatchMoveSchema, (b, a, c) => actions.approve(b, a, c));
  action('reject', '退回: 待审批 → 草稿 {id, version, reason}', paymentBatchReasonSchema, (b, a, c) => actions.reject(b, a, c));
  action('cancel', '取消 {id, version, reason} (草稿 / 待审批 / 已审批): its bills are free again', paymentBatchReasonSchema, (b, a, c) => actions.cancel(b, a, c));
  action('remove_line', '移出批次 {id, version, line_id} (草稿 only): the bill is free again, the sums follow', paymentBatchRemoveLineSchema, (b, a, c) => actions.removeLine(b, a, c));

  app.get(
    `${P}/reconcile`,
    { config: { permission: 'payment_batch:get_info' }, schema: doc('payment_batch', 'The reconciliation (?id=): counts and exact sums per line state from the lines; total = paid + failed + pending, removed apart, balanced', { querystring: idQuery }) },
    async (req) => ok(await reconcile(db, parse(idQuery, req.query).id, authOf(req))),
  );
  const linesQuery = listQuerySchema.extend({ id: numeric(z.number({ error: 'validation.number' }).int().positive()), status: z.string().optional(), bill_id: z.string().optional() });
  app.get(
    `${P}/lines`,
    { config: { permission: 'payment_batch:get_info' }, schema: doc('payment_batch', "A batch's lines (?id=, status, bill_id, q = reference / payee / bill no., page, limit, sort seq|amount|status|reference|paid_at|bill_no) → {list,total}; cards masked", { querystring: linesQuery }) },
    async (req) => {
      const { id, ...rest } = req.query as Row;
      const { id: batchId } = parse(idQuery, { id });
      await loadOne(db, batch, batchId, authOf(req));
      return ok(await listRecords(db, paymentLineResource, { ...rest, batch_id: String(batchId) }, authOf(req), req.lang));
    },
  );
  app.get(
    `${P}/bill_lines`,
    { config: { permission: 'rent_bill:get_info' }, schema: doc('payment_batch', "A bill's payment lines, oldest first (?bill_id=): batch, reference, amount, state, serial, reason; cards masked", { querystring: z.object({ bill_id: z.number() }) }) },
    async (req) => {
      const { id } = parse(idQuery, { id: (req.query as Row).bill_id });
      await loadOne(db, rentBillResource, id, authOf(req));
      const rows = await db
        .select({ ...paymentLineSelection })
        .from(paymentLines)
        .where(eq(paymentLines.bill_id, id))
        .orderBy(paymentLines.id);
      return ok({ list: rows.map((r) => plainRow(maskLine(r as Row))), total: rows.length });
    },
  );

  app.post(
    `${P}/export_bank`,
    {
      config: { permission: 'payment_batch:export' },
      schema: doc('payment_batch', '导出银行文件 {id, version, format: xlsx|csv}: the lines awaiting the bank with FULL card numbers (序号, 收款人户名, 收款账号, 收款银行, 开户网点, 金额, 用途, 业务参考号), streamed; 已审批 → 已提交银行 the first time; logged every time', { body: paymentBatchExportSchema, returns: 'an .xlsx or .csv file' }),
    },
    async (req, reply) => {
      const { id, version, format } = parse(paymentBatchExportSchema, req.body ?? {});
      const auth = authOf(req);
      const row = await db.transaction((tx) => exportBatchIn(tx, id, version, format, auth, actorOf(req)));
      return sendBankFile(reply, db, row, format, req.lang);
    },
  );

  // the result file is the raw body (.xlsx or .csv)
  sheetUploadRoute(app, {
    url: `${P}/import_result`,
    permission: 'payment_batch:import',
    maxBytes: RESULT_MAX_BYTES,
    types: SHEET_OR_CSV_TYPES,
    typeError: () => new ApiError(400, 'error.batch_import_type'),
    schema: doc(
      'payment_batch',
      `导入银行结果 (?id=&version=; the file is the body: .xlsx or .csv, UTF-8 or GBK, at most ${RESULT_MAX_BYTES / 1024 / 1024} MB and ${BATCH_MAX_BILLS} rows): rows matched by 业务参考号; 成功 → paid with the bank's serial and time, 失败 → failed with its reason; all or nothing → {imported, paid, failed, unchanged, …, message} or 400 {errors: [{row, column, message}]}`,
      { querystring: paymentBatchImportQuery, returns: '{imported, …} | 400 {errors}' },
    ),
    load: (req) => loadOne(db, batch, parse(paymentBatchImportQuery, req.query).id, authOf(req)),
    run: (req, body) => importResult(db, parse(paymentBatchImportQuery, req.query), body, authOf(req), actorOf(req), req.lang),
  });

  app.get(
    `${P}/result_template`,
    {
      config: { permission: 'payment_batch:import' },
      schema: doc('payment_batch', '银行结果模板 (?id=): the result import\'s columns (required ones marked *) with the lines awaiting the bank prefilled — reference, payee, card (masked), amount — and 处理结果 / 失败原因 / 银行流水号 / 交易时间 empty; once the batch is with the bank', { querystring: idQuery, returns: 'an .xlsx file' }),
    },
    async (req, reply) => {
      const { file, batchNo } = await resultTemplate(db, parse(idQuery, req.query).id, authOf(req), req.lang);
      return sendXlsx(reply, file, `${req.lang === 'zh' ? '银行结果模板' : 'bank_result_template'}_${batchNo}.xlsx`, `bank_result_template_${batchNo}.xlsx`);
    },
  );

  excelRoutes(app, deps, {
    exportSpec: {
      def: batch,
      title: ['付款批次', 'payment batches'],
      columns: [
        col.text('batch_no', 18, ['批次号', 'Batch no.']),
        col.text('name', 20, ['名称', 'Name']),
        col.enumOf('status', PaymentBatchStatus, 10, ['状态', 'Status']),
        col.number('line_count', 8, ['笔数', 'Lines']),
        col.money('total', 14, ['总金额', 'Total']),
        col.number('paid_count', 8, ['成功笔数', 'Paid']),
        col.money('paid_amount', 14, ['成功金额', 'Paid amount']),
        col.number('failed_count', 8, ['失败笔数', 'Failed']),
        col.money('failed_amount', 14, ['失败金额', 'Failed amount']),
        col.number('pending_count', 8, ['待结果笔数', 'Awaiting']),
        col.money('pending_amount', 14, ['待结果金额', 'Awaiting amount']),
        col.text('purpose', 10, ['用途', 'Purpose']),
        col.text('created_by_name', 10, ['制单人', 'Made by']),
        col.dateTime('created_at', 18, ['制单时间', 'Made at']),
        col.text('approved_by_name', 10, ['审批人', 'Approved by']),
        col.dateTime('approved_at', 18, ['审批时间', 'Approved at']),
        col.dateTime('exported_at', 18, ['提交银行时间', 'Sent at']),
        col.dateTime('completed_at', 18, ['完成时间', 'Completed at']),
      ],
    },
  });
}

/** A line with its batch number and bill number (the bill drawer's payments). */
const paymentLineSelection = {
  id: paymentLines.id,
  batch_id: paymentLines.batch_id,
  bill_id: paymentLines.bill_id,
  seq: paymentLines.seq,
  reference: paymentLines.reference,
  amount: paymentLines.amount,
  payee_name: paymentLines.payee_name,
  payee_bank: paymentLines.payee_bank,
  payee_branch: paymentLines.payee_branch,
  payee_card: paymentLines.payee_card,
  status: paymentLines.status,
  bank_serial: paymentLines.bank_serial,
  paid_at: paymentLines.paid_at,
  fail_reason: paymentLines.fail_reason,
  result_at: paymentLines.result_at,
  removed_reason: paymentLines.removed_reason,
  created_at: paymentLines.created_at,
  batch_no: paymentLineResource.extraColumns!.batch_no!,
};
