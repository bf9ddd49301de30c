import {
  SettlementParty,
  SettlementRuleKind,
  SettlementStatus,
  settlementAdjustSchema,
  settlementDisputeSchema,
  settlementGenerateSchema,
  settlementMoveSchema,
  settlementPaySchema,
  settlementResolveSchema,
} from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { col } from '../../excel/columns.ts';
import { excelRoutes } from '../../excel/routes.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import { historyRoutes, idQuery } from '../../resources/history.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord } from '../../resources/service.ts';
import { withPending } from '../workflow/public.ts';
import type { AuthContext } from '../auth/context.ts';
import { chinaDate } from '../inspection/generate.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { SettlementActions } from './actions.ts';
import { generateSettlementMonth } from './generate.ts';
import { settlementResource as settlement, settlementRuleResource as rule } from './resource.ts';

type Row = Record<string, unknown>;

/**
 * /api/system/settlement/* (结算单: reads, lines, the named actions, history, timeline, export, a
 * month's generation) and /api/system/settlement_rule/* (rules: CRUD, history, export).
 */
export function settlementRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const actions = new SettlementActions(db);
  const S = '/api/system/settlement';

  resourceRoutes(app, deps, settlement);
  historyRoutes(app, deps, settlement, { entity: 'settlement' });
  resourceRoutes(app, deps, rule);
  historyRoutes(app, deps, rule);

  const show = (id: number, req: FastifyRequest) => getRecord(db, settlement, id, authOf(req), req.lang);
  type Act = (body: unknown, auth: AuthContext, actor: Actor) => Promise<Row>;
  const action = (name: string, what: string, body: z.ZodType, run: Act) =>
    app.post(`${S}/${name}`, { config: { permission: `settlement:${name}` }, schema: doc('settlement', what, { body, returns: 'the settlement' }) }, async (req) => {
      const row = await run(req.body ?? {}, authOf(req), actorOf(req));
      return ok(withPending(row, await show(row.id as number, req)));
    });

  action('submit', '提交确认: 草稿 → 待确认 {id, version}', settlementMoveSchema, (b, a, c) => actions.submit(b, a, c));
  action('confirm', '确认: 待确认 → 已确认 {id, version} (the agent, or finance on its behalf); the lines never change afterwards', settlementMoveSchema, (b, a, c) => actions.confirm(b, a, c));
  action('dispute', '提出异议 on a line {id, version, line_id, reason}: 待确认 / 有异议 → 有异议', settlementDisputeSchema, (b, a, c) => actions.dispute(b, a, c));
  action('resolve', '处理异议 {id, version, line_id, decision: accept (amount = what the line should be → an adjustment line) | reject, reply}; no disputed line left → 待确认', settlementResolveSchema, (b, a, c) => actions.resolve(b, a, c));
  action('pay', '确认付款: 已确认 → 已付款 {id, version, bank_serial, paid_at?}', settlementPaySchema, (b, a, c) => actions.pay(b, a, c));
  action('adjust', "调整 a line of a confirmed or paid settlement {id, version, line_id, amount (what it should be), reason}: an adjustment line in the party's next month (the reply is this settlement, unchanged)", settlementAdjustSchema, (b, a, c) => actions.adjust(b, a, c));

  app.get(
    `${S}/lines`,
    { config: { permission: 'settlement:get_info' }, schema: doc('settlement', "A settlement's lines by kind, each with its source record (source_type, source_id, source_label), rule id and version, dispute and reply (?id=) → {list,total}", { querystring: idQuery }) },
    async (req) => ok(await actions.lines(parse(idQuery, req.query).id, authOf(req))),
  );
  app.post(
    `${S}/generate`,
    { config: { permission: 'settlement:generate' }, schema: doc('settlement', "Generate a month's settlements now {month: YYYY-MM} (the scheduler makes last month's on the 1st); idempotent: an event is counted once ever, new events join only draft settlements", { body: settlementGenerateSchema }) },
    async (req) => {
      const { month } = parse(settlementGenerateSchema, req.body ?? {});
      if (month > chinaDate(new Date()).slice(0, 7)) throw new ApiError(400, 'error.settlement_month_future', { month });
      const result = await generateSettlementMonth(db, month, { again: true });
      await writeLog(db, actorOf(req), { action: 'generate', resource: 'settlement', recordId: 0, after: result });
      return ok(result);
    },
  );

  excelRoutes(app, deps, {
    exportPermission: 'settlement:export',
    exportSpec: {
      def: settlement,
      title: ['结算单', 'settlements'],
      columns: [
        col.text('settlement_no', 20, ['结算单号', 'Settlement no.']),
        col.text('month', 8, ['月份', 'Month']),
        col.enumOf('party_kind', SettlementParty, 8, ['对象类型', 'Party']),
        col.text('party_name', 20, ['结算对象', 'Settled with']),
        col.enumOf('status', SettlementStatus, 8, ['状态', 'Status']),
        col.number('line_count', 8, ['明细数', 'Lines']),
        col.money('total_amount', 14, ['结算金额', 'Amount']),
        col.dateTime('confirmed_at', 18, ['确认时间', 'Confirmed at']),
        col.dateTime('paid_at', 18, ['付款时间', 'Paid at']),
        col.text('bank_serial', 20, ['银行流水号', 'Bank serial']),
      ],
    },
  });
  excelRoutes(app, deps, {
    exportPermission: 'settlement_rule:export',
    exportSpec: {
      def: rule,
      title: ['结算规则', 'settlement rules'],
      columns: [
        col.enumOf('kind', SettlementRuleKind, 20, ['规则', 'Rule']),
        col.text('agent_level', 8, ['代理商级别', 'Agent level']),
        col.decimal('rate', 12, ['单价', 'Rate']),
        col.text('effective_from', 12, ['生效日期', 'From']),
        col.text('effective_until', 12, ['失效日期', 'Until']),
        col.text('version', 6, ['版本', 'Version']),
        col.text('remark', 20, ['备注', 'Remark']),
      ],
    },
  });
}
