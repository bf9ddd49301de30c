import { DispatchType, WorkOrderKind, WorkOrderStatus, workOrderBatchDispatchSchema, workOrderDispatchSchema, workOrderMoveSchema, workOrderReasonSchema } from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { col } from '../../excel/columns.ts';
import { excelRoutes } from '../../excel/routes.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { historyRoutes } from '../../resources/history.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Actor } from '../system/syslog.ts';
import { WorkOrderActions, workOrderAddSchema } from './actions.ts';
import { workOrderResource as def } from './resource.ts';

const TAG = 'work_order';

/**
 * /api/system/work_order/*: 施工派单 (kind build) and 并网派单 (kind grid): index/get_info/edit, add,
 * the lifecycle actions dispatch / batch_dispatch / accept / reject_order / start / rectify /
 * cancel (submit_audit is self_audit/submit; approve and reject are the self-audit's), the team
 * picker, history / timeline and the Excel export.
 */
export function workOrderRoutes(app: FastifyInstance, deps: Deps, actions: WorkOrderActions) {
  const { db } = deps;
  const base = '/api/system/work_order';
  resourceRoutes(app, deps, def);
  historyRoutes(app, deps, def, { entity: 'work_order' });
  excelRoutes(app, deps, {
    exportPermission: 'work_order:export',
    exportSpec: {
      def,
      title: ['派单列表', 'work orders'],
      columns: [
        col.text('order_no', 20, ['派单编号', 'Order no.']),
        col.enumOf('kind', WorkOrderKind, 12, ['类型', 'Kind']),
        col.enumOf('status', WorkOrderStatus, 12, ['状态', 'Status']),
        col.bool('overdue', 8, ['超期', 'Overdue']),
        col.text('station_code', 20, ['电站编码', 'Station code']),
        col.text('station_name', 20, ['电站名称', 'Station']),
        col.text('customer_name', 12, ['客户', 'Customer']),
        col.decimal('capacity_kwp', 12, ['装机容量(kWp)', 'Capacity (kWp)']),
        col.region('province_code', 12, ['省份', 'Province']),
        col.region('city_code', 12, ['城市', 'City']),
        col.text('agent_name', 16, ['代理商', 'Agent']),
        col.text('team_name', 12, ['施工队/并网专员', 'Team']),
        col.enumOf('dispatch_type', DispatchType, 10, ['派单方式', 'Dispatch type']),
        col.text('planned_date', 12, ['计划日期', 'Planned date']),
        col.dateTime('deadline', 18, ['截止时间', 'Deadline']),
        col.dateTime('dispatched_at', 18, ['派单时间', 'Dispatched at']),
        col.dateTime('accepted_at', 18, ['接单时间', 'Accepted at']),
        col.dateTime('finished_at', 18, ['完成时间', 'Finished at']),
        col.number('audit_count', 8, ['自检次数', 'Submissions']),
        col.text('remark', 30, ['备注', 'Remark']),
        col.dateTime('created_at', 18, ['创建时间', 'Created at']),
      ],
    },
  });
  const present = (id: number, req: FastifyRequest) => getRecord(db, def, id, authOf(req), req.lang);
  const push = (message: { id: number; recipient_id: number }) =>
    app.realtime?.pubsub.publish({ kind: 'message', id: message.id, recipient_id: message.recipient_id }).catch((err) => app.log.error({ err }, 'publish'));

  app.post(
    `${base}/add`,
    { config: { permission: 'work_order:add' }, schema: doc(TAG, 'A new order {station_id, kind} in 待派单: build when the station is 待施工, grid when it is 待并网 / 并网驳回, and it has no open order of the kind', { body: workOrderAddSchema, returns: 'the order' }) },
    async (req) => ok(await present((await actions.add(req.body ?? {}, authOf(req), actorOf(req))).id as number, req)),
  );
  app.post(
    `${base}/dispatch`,
    { config: { permission: 'work_order:dispatch' }, schema: doc(TAG, '派单: 待派单 → 已派单 with a team member and a deadline (future); the team member gets a message', { body: workOrderDispatchSchema, returns: 'the order' }) },
    async (req) => {
      const { row, message } = await actions.dispatch(req.body ?? {}, authOf(req), actorOf(req));
      await push(message);
      return ok(await present(row.id as number, req));
    },
  );
  app.post(
    `${base}/batch_dispatch`,
    { config: { permission: 'work_order:dispatch' }, schema: doc(TAG, 'Dispatch many orders to one team member, all or nothing; one message', { body: workOrderBatchDispatchSchema, returns: '{ids}' }) },
    async (req) => {
      const { rows, message } = await actions.batchDispatch(req.body ?? {}, authOf(req), actorOf(req));
      await push(message);
      return ok({ ids: rows.map((r) => r.id) });
    },
  );
  const simple: [string, string, z.ZodType, (body: unknown, auth: AuthContext, actor: Actor) => Promise<Record<string, unknown>>][] = [
    ['accept', '接单: 已派单 → 已接单', workOrderMoveSchema, (b, a, c) => actions.accept(b, a, c)],
    ['reject_order', '拒单 with a reason: 已派单 → 待派单 (the team is cleared)', workOrderReasonSchema, (b, a, c) => actions.refuse(b, a, c)],
    ['start', '开工: 已接单 → 施工中 (a construction order moves the station 待施工 → 施工中)', workOrderMoveSchema, (b, a, c) => actions.start(b, a, c)],
    ['rectify', '开始整改: 已驳回 → 整改中', workOrderMoveSchema, (b, a, c) => actions.rectify(b, a, c)],
    ['cancel', '取消 with a reason, from any open state but 待自检审核 (a construction order returns its station to 待施工)', workOrderReasonSchema, (b, a, c) => actions.cancel(b, a, c)],
  ];
  for (const [action, what, body, run] of simple) {
    app.post(
      `${base}/${action}`,
      { config: { permission: `work_order:${action}` }, schema: doc(TAG, `${what}. Refused on a frozen station or from another state`, { body, returns: 'the order' }) },
      async (req) => {
        const row = await run(req.body ?? {}, authOf(req), actorOf(req));
        // a team member who refused an order no longer sees it: answer the row as written
        return ok(action === 'reject_order' ? def.present(row, req.lang) : await present(row.id as number, req));
      },
    );
  }
  app.get(
    `${base}/teams`,
    { config: { permission: 'work_order:index' }, schema: doc(TAG, 'Who can take orders (enabled admins and users whose roles grant work_order:accept), q = name → {list:[{id, username, full_name, name, open_orders}], total}', { querystring: z.object({ q: z.string().optional(), kind: z.string().optional() }) }) },
    async (req) => ok(await actions.teams(req.query)),
  );
}
