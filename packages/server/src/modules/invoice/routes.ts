import {
  InvoiceDirection,
  InvoiceKind,
  InvoiceMatchState,
  InvoiceMatchTarget,
  InvoiceStatus,
  invoiceCreateSchema,
  invoiceEditSchema,
  invoiceMatchSchema,
  invoiceMoveSchema,
  invoiceRedLetterSchema,
  invoiceUnmatchSchema,
  invoiceVoidSchema,
  numeric,
} from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { col } from '../../excel/columns.ts';
import { excelRoutes } from '../../excel/routes.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import { historyRoutes, idQuery } from '../../resources/history.ts';
import type { RouteRefs } from '../../resources/refs.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord } from '../../resources/service.ts';
import { withPending } from '../workflow/public.ts';
import type { AuthContext } from '../auth/context.ts';
import { fileServiceOf } from '../file/service.ts';
import type { Actor } from '../system/syslog.ts';
import { invoiceResource as invoice } from './resource.ts';
import { InvoiceService } from './service.ts';

type Row = Record<string, unknown>;

const targetQuery = z.object({ target_type: z.enum(InvoiceMatchTarget.values, { error: 'validation.enum' }), target_id: numeric(z.number({ error: 'validation.number' }).int().positive()) });

/**
 * /api/system/invoice/* (发票): the generic reads and delete (drafts), add/edit with lines, the named
 * actions (register, void, red_letter, match, unmatch), lines with the rate summary, matches with
 * the three amounts, the file, history, timeline and Excel export.
 */
export function invoiceRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const svc = new InvoiceService(db, fileServiceOf(deps));
  const P = '/api/system/invoice';

  resourceRoutes(app, deps, invoice);
  historyRoutes(app, deps, invoice, { entity: 'invoice' });

  const show = (id: number, req: FastifyRequest) => getRecord(db, invoice, id, authOf(req), req.lang);
  type Act = (body: unknown, auth: AuthContext, actor: Actor) => Promise<Row>;
  // a match target is a settlement or a statement, as target_type says
  const refs: RouteRefs = { target_id: (input) => (input.target_type === 'settlement' || input.target_type === 'statement' ? input.target_type : null) };
  const action = (name: string, what: string, body: z.ZodType, run: Act) =>
    app.post(`${P}/${name}`, { config: { permission: `invoice:${name}`, refs }, schema: doc('invoice', what, { body, returns: 'the invoice' }) }, async (req) => {
      const row = await run(req.body ?? {}, authOf(req), actorOf(req));
      return ok(withPending(row, await show(row.id as number, req)));
    });

  action('add', 'A draft invoice: direction, kind, code + number (unique), issue date, seller and buyer with tax ids, partner, lines (amount excluding tax, rate 13/9/6/3/1/0) and the totals printed on it (checked against the lines: tax per line rounded once, totals summed)', invoiceCreateSchema, (b, a, c) => svc.add(b, a, c));
  action('edit', 'Edit a draft {id, version, …}; lines and totals are complete when sent', invoiceEditSchema, (b, a, c) => svc.edit(b, a, c));
  action('register', '登记: 草稿 → 已登记 {id, version}; when a published process must approve it (发票登记审批) it starts instead and the answer carries workflow_request', invoiceMoveSchema, (b, a, c) => svc.register(b, a, c));
  action('void', '作废 {id, version, reason}: a draft, or a registered invoice with no matches and no credits (a red-letter invoice gives its credit back)', invoiceVoidSchema, (b, a, c) => svc.void(b, a, c));
  action('red_letter', '开具红字发票 for the original {id, version, kind, invoice_code, invoice_no, issue_date, reason, lines (negative), totals}: never more than is left of the original (decided under its row lock) → the red-letter invoice', invoiceRedLetterSchema, (b, a, c) => svc.redLetter(b, a, c));
  action('match', '匹配 {id, version, target_type: settlement, target_id, amount}: within what is left of the invoice and of the target', invoiceMatchSchema, (b, a, c) => svc.match(b, a, c));
  action('unmatch', '取消匹配 {id, version, match_id}', invoiceUnmatchSchema, (b, a, c) => svc.unmatch(b, a, c));

  app.get(`${P}/lines`, { config: { permission: 'invoice:get_info' }, schema: doc('invoice', 'The lines and the tax-rate summary (?id=) → {list, summary, totals}', { querystring: idQuery }) }, async (req) =>
    ok(await svc.lines(parse(idQuery, req.query).id, authOf(req))),
  );
  app.get(`${P}/matches`, { config: { permission: 'invoice:get_info' }, schema: doc('invoice', 'The matches with each target’s settled / invoiced / paid amounts (?id=) → {list,total}', { querystring: idQuery }) }, async (req) =>
    ok(await svc.matches(parse(idQuery, req.query).id, authOf(req), req.lang)),
  );
  app.get(`${P}/red_letters`, { config: { permission: 'invoice:get_info' }, schema: doc('invoice', 'The red-letter invoices of an original (?id=) → {list,total}', { querystring: idQuery }) }, async (req) =>
    ok(await svc.redLetters(parse(idQuery, req.query).id, authOf(req))),
  );
  app.get(`${P}/files`, { config: { permission: 'invoice:get_info' }, schema: doc('invoice', 'The PDF / OFD with a signed link (?id=) → {list,total}', { querystring: idQuery }) }, async (req) =>
    ok(await svc.filesOf(parse(idQuery, req.query).id, authOf(req))),
  );
  app.get(
    `${P}/for_target`,
    { config: { permission: 'invoice:index', refs }, schema: doc('invoice', 'Three-way view of one target (?target_type=settlement&target_id=): settled, invoiced, paid amounts, the differences and the matched invoices', { querystring: targetQuery }) },
    async (req) => {
      const q = parse(targetQuery, req.query);
      return ok(await svc.forTarget(q.target_type, q.target_id, authOf(req), req.lang));
    },
  );

  excelRoutes(app, deps, {
    exportPermission: 'invoice:export',
    exportSpec: {
      def: invoice,
      title: ['发票', 'invoices'],
      columns: [
        col.enumOf('direction', InvoiceDirection, 6, ['方向', 'Direction']),
        col.enumOf('kind', InvoiceKind, 18, ['发票类型', 'Type']),
        col.text('invoice_code', 14, ['发票代码', 'Code']),
        col.text('invoice_no', 22, ['发票号码', 'Number']),
        col.text('issue_date', 12, ['开票日期', 'Issued']),
        col.text('seller_name', 22, ['销售方', 'Seller']),
        col.text('seller_tax_id', 20, ['销售方税号', 'Seller tax id']),
        col.text('buyer_name', 22, ['购买方', 'Buyer']),
        col.text('buyer_tax_id', 20, ['购买方税号', 'Buyer tax id']),
        col.text('partner_name', 20, ['合作伙伴', 'Partner']),
        col.bool('is_red', 6, ['红字', 'Red-letter']),
        col.text('original_no', 22, ['原发票号码', 'Original no.']),
        col.money('amount_total', 14, ['金额', 'Amount']),
        col.money('tax_total', 12, ['税额', 'Tax']),
        col.money('total', 14, ['价税合计', 'Total']),
        col.money('credited_amount', 14, ['已冲红', 'Credited']),
        col.money('matched_amount', 14, ['已匹配', 'Matched']),
        col.enumOf('match_state', InvoiceMatchState, 12, ['匹配', 'Matching']),
        col.enumOf('status', InvoiceStatus, 10, ['状态', 'Status']),
        col.dateTime('created_at', 18, ['录入时间', 'Entered']),
      ],
    },
  });
}
