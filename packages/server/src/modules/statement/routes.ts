import {
  StatementAgreed,
  StatementGroup,
  StatementKind,
  StatementStatus,
  financierRateCreateSchema,
  financierRateDeleteSchema,
  statementExplainSchema,
  statementImportQuery,
  statementMoveSchema,
} from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { col } from '../../excel/columns.ts';
import { excelRoutes, SHEET_OR_CSV_TYPES, sendXlsx, sheetUploadRoute } from '../../excel/routes.ts';
import { buildXlsx, contentDisposition, XLSX_MIME } from '../../excel/xlsx.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import { historyRoutes, idQuery } from '../../resources/history.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord, loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Actor } from '../system/syslog.ts';
import { SHEET_MAX_BYTES, StatementActions, sheetTemplate } from './actions.ts';
import { statementResource as statement } from './resource.ts';

type Row = Record<string, unknown>;

/**
 * /api/system/statement/* (对账单): list, record, create (our side built), delete (draft), the named
 * actions, the comparison lines and their export, the partner's sheet import, history, timeline,
 * the list's export, and the financiers' rates per kWp.
 */
export function statementRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const actions = new StatementActions(db);
  const S = '/api/system/statement';

  resourceRoutes(app, deps, statement);
  historyRoutes(app, deps, statement, { entity: 'statement' });

  const show = (id: number, req: FastifyRequest) => getRecord(db, statement, id, authOf(req), req.lang);
  type Act = (body: unknown, auth: AuthContext, actor: Actor) => Promise<{ id: number }>;
  const action = (name: string, what: string, body: z.ZodType, run: Act) =>
    app.post(`${S}/${name}`, { config: { permission: `statement:${name}` }, schema: doc('statement', what, { body, returns: 'the statement' }) }, async (req) => {
      const row = await run(req.body ?? {}, authOf(req), actorOf(req));
      return ok(await show(row.id, req));
    });

  action('refresh', '重新取数 {id, version}: our side made again from our records (草稿 only)', statementMoveSchema, (b, a, c) => actions.refresh(b, a, c));
  action('send', '发送对方 {id, version}: 草稿 → 待对方; our side is fixed', statementMoveSchema, (b, a, c) => actions.send(b, a, c));
  action('explain', '说明差异 {id, version, line_id, note, agreed: ours|theirs|none}: a line with a difference (已导入)', statementExplainSchema, (b, a, c) => actions.explain(b, a, c));
  action('confirm', '确认对账 {id, version}: 已导入 → 已确认 when every difference is explained; the agreed amount is fixed and the statement never changes', statementMoveSchema, (b, a, c) => actions.confirm(b, a, c));

  app.get(
    `${S}/lines`,
    { config: { permission: 'statement:get_info' }, schema: doc('statement', 'The comparison (?id=): every key with our side, their side, group (matched | ours_only | theirs_only), differences, note → {list,total}', { querystring: idQuery }) },
    async (req) => ok(await actions.lines(parse(idQuery, req.query).id, authOf(req))),
  );

  app.get(
    `${S}/export_lines`,
    { config: { permission: 'statement:export' }, schema: doc('statement', 'The comparison as .xlsx (?id=), in the caller\'s language', { querystring: idQuery, returns: 'an .xlsx file' }) },
    async (req, reply) => {
      const { id } = parse(idQuery, req.query);
      const s = await loadOne(db, statement, id, authOf(req));
      const { list } = await actions.lines(id, authOf(req));
      const zh = req.lang === 'zh';
      const header = zh
        ? ['分组', '编号', '名称', '我方数量', '我方金额', '对方数量', '对方金额', '数量差', '金额差', '对方行号', '说明', '处理']
        : ['Group', 'Key', 'Name', 'Our qty', 'Our amount', 'Their qty', 'Their amount', 'Qty difference', 'Amount difference', 'Their row', 'Note', 'Agreed'];
      const num = (v: unknown) => (v == null ? null : Number(v));
      const rows = list.map((l) => [
        StatementGroup.label(l.group as string, req.lang), l.key as string, (l.label as string) ?? null, num(l.our_qty), num(l.our_amount), num(l.their_qty), num(l.their_amount),
        num(l.diff_qty), num(l.diff_amount), (l.their_row as number) ?? null, (l.note as string) ?? null, l.agreed ? StatementAgreed.label(l.agreed as string, req.lang) : null,
      ]);
      const total = [zh ? '合计' : 'Total', null, null, null, num(s.our_amount), null, num(s.their_amount), null, null, null, null, null];
      const file = buildXlsx([header, ...rows, total], { sheetName: zh ? '对账明细' : 'comparison', headerRow: true, widths: [10, 22, 22, 10, 14, 10, 14, 10, 14, 8, 30, 12] });
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition(`${zh ? '对账明细' : 'statement'}_${s.statement_no as string}.xlsx`, `statement_${s.statement_no as string}.xlsx`))
        .header('access-control-expose-headers', 'Content-Disposition')
        .send(file);
    },
  );

  app.get(
    `${S}/rates`,
    { config: { permission: 'statement:index' }, schema: doc('statement', "A financier's rates per kWp (?partner_id=), newest first → {list,total}", { querystring: z.object({ partner_id: z.number() }) }) },
    async (req) => ok(await actions.rates(parse(z.object({ partner_id: idQuery.shape.id }), req.query).partner_id)),
  );
  app.post(
    `${S}/rate`,
    { config: { permission: 'statement:rate' }, schema: doc('statement', "资方单价 {partner_id, effective_from, rate_per_kwp, remark?}: yuan per kWp of a delivered station from that day on (the same day again replaces it)", { body: financierRateCreateSchema }) },
    async (req) => ok(await actions.setRate(req.body ?? {}, authOf(req), actorOf(req))),
  );
  app.post(
    `${S}/rate_delete`,
    { config: { permission: 'statement:rate', refs: { id: 'financier_rate' } }, schema: doc('statement', '删除资方单价 {id, version}: refused (with the count) while a confirmed statement priced a station with it', { body: financierRateDeleteSchema }) },
    async (req) => ok(await actions.deleteRate(req.body ?? {}, authOf(req), actorOf(req))),
  );

  app.get(
    `${S}/import_template`,
    { config: { permission: 'statement:import' }, schema: doc('statement', "对方账单模板 (?id=): the partner sheet's exact headers for the statement's kind (required ones marked *) and an example row", { querystring: idQuery, returns: 'an .xlsx file' }) },
    async (req, reply) => {
      const s = await loadOne(db, statement, parse(idQuery, req.query).id, authOf(req));
      const no = s.statement_no as string;
      return sendXlsx(reply, sheetTemplate(s.kind as string, req.lang), `${req.lang === 'zh' ? '对方账单模板' : 'partner_sheet_template'}_${no}.xlsx`, `partner_sheet_template_${no}.xlsx`);
    },
  );

  // the partner's sheet is the raw body (.xlsx or .csv)
  sheetUploadRoute(app, {
    url: `${S}/import`,
    permission: 'statement:import',
    maxBytes: SHEET_MAX_BYTES,
    types: SHEET_OR_CSV_TYPES,
    typeError: () => new ApiError(400, 'error.statement_import_type'),
    schema: doc(
      'statement',
      "导入对方账单 (?id=&version=&file_name=; the file is the body: .xlsx or .csv, UTF-8 or GBK): financier 电站编号/金额 (容量 optional), supplier 单号/物料编码/金额 (数量 optional); all or nothing; the same sheet again changes nothing → {imported, matched, ours, theirs, diffs, message} or 400 {errors}",
      { querystring: statementImportQuery, returns: '{imported, …} | 400 {errors}' },
    ),
    load: (req) => loadOne(db, statement, parse(statementImportQuery, req.query).id, authOf(req)),
    run: (req, body) => actions.importSheet(parse(statementImportQuery, req.query), body, authOf(req), actorOf(req), req.lang),
  });

  excelRoutes(app, deps, {
    exportPermission: 'statement:export',
    exportSpec: {
      def: statement,
      title: ['对账单', 'statements'],
      columns: [
        col.text('statement_no', 20, ['对账单号', 'Statement no.']),
        col.enumOf('kind', StatementKind, 8, ['类型', 'Kind']),
        col.text('partner_name', 24, ['合作伙伴', 'Partner']),
        col.text('period_from', 12, ['开始日期', 'From']),
        col.text('period_to', 12, ['结束日期', 'To']),
        col.enumOf('status', StatementStatus, 8, ['状态', 'Status']),
        col.money('our_amount', 14, ['我方金额', 'Our amount']),
        col.money('their_amount', 14, ['对方金额', 'Their amount']),
        col.number('diff_count', 8, ['差异数', 'Differences']),
        col.money('agreed_amount', 14, ['确认金额', 'Agreed amount']),
        col.dateTime('confirmed_at', 18, ['确认时间', 'Confirmed at']),
      ],
    },
  });
}

export type { Row };
