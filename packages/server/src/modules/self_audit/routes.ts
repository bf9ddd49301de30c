import { SelfAuditResult, WorkOrderKind, selfAuditApproveSchema, selfAuditRejectSchema, selfAuditSubmitSchema } from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { col } from '../../excel/columns.ts';
import { excelRoutes } from '../../excel/routes.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { historyRoutes } from '../../resources/history.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { fileServiceOf } from '../file/service.ts';
import type { WorkOrderActions } from '../work_order/actions.ts';
import { SelfAuditActions } from './actions.ts';
import { selfAuditResource as def } from './resource.ts';

const TAG = 'self_audit';

/**
 * /api/system/self_audit/*: 施工完工自检 (kind build) and 并网自检 (kind grid): index, get_info (with
 * the items' files), submit, approve, reject, history / timeline and the Excel export.
 */
export function selfAuditRoutes(app: FastifyInstance, deps: Deps, orders: WorkOrderActions) {
  const { db } = deps;
  const base = '/api/system/self_audit';
  const actions = new SelfAuditActions(db, orders, fileServiceOf(deps));
  resourceRoutes(app, deps, def);
  historyRoutes(app, deps, def, { entity: 'self_audit' });
  excelRoutes(app, deps, {
    exportPermission: 'self_audit:export',
    exportSpec: {
      def,
      title: ['自检列表', 'self-audits'],
      columns: [
        col.text('order_no', 20, ['派单编号', 'Order no.']),
        col.enumOf('kind', WorkOrderKind, 12, ['类型', 'Kind']),
        col.number('attempt', 8, ['提交次数', 'Submission']),
        col.enumOf('result', SelfAuditResult, 10, ['审核结果', 'Result']),
        col.text('station_code', 20, ['电站编码', 'Station code']),
        col.text('station_name', 20, ['电站名称', 'Station']),
        col.text('customer_name', 12, ['客户', 'Customer']),
        col.region('province_code', 12, ['省份', 'Province']),
        col.text('agent_name', 16, ['代理商', 'Agent']),
        col.text('submitter_name', 12, ['提交人', 'Submitted by']),
        col.dateTime('submitted_at', 18, ['提交时间', 'Submitted at']),
        col.text('reviewer_name', 12, ['审核人', 'Reviewer']),
        col.dateTime('reviewed_at', 18, ['审核时间', 'Reviewed at']),
        col.text('reject_reason', 30, ['驳回原因', 'Rejection reason']),
      ],
    },
  });
  const info = (id: number, req: FastifyRequest) => actions.info({ id }, authOf(req), req.lang);

  app.get(
    `${base}/get_info`,
    { config: { permission: 'self_audit:get_info' }, schema: doc(TAG, 'One self-audit with its check items and their files (signed links)', { querystring: z.object({ id: z.number() }) }) },
    async (req) => ok(await actions.info(req.query, authOf(req), req.lang)),
  );
  app.post(
    `${base}/submit`,
    {
      config: { permission: 'work_order:submit_audit' },
      schema: doc(TAG, "提交自检 for an order in 施工中 / 已驳回 / 整改中: every check item of the order's kind (photos / documents via file/upload?owner_type=self_audit, values typed); order → 待自检审核, station → 完工待审 / 并网待审", { body: selfAuditSubmitSchema, returns: 'the self-audit' }),
    },
    async (req) => ok(await info((await actions.submit(req.body ?? {}, authOf(req), actorOf(req))).id as number, req)),
  );
  app.post(
    `${base}/approve`,
    {
      config: { permission: 'self_audit:approve' },
      schema: doc(TAG, 'Approve (not by its submitter): order → 已完成; construction: station → 待并网 and a grid-connection order opens; grid: station → 已并网 (grid_at)', { body: selfAuditApproveSchema, returns: 'the self-audit' }),
    },
    async (req) => ok(await info((await actions.approve(req.body ?? {}, authOf(req), actorOf(req))).id as number, req)),
  );
  app.post(
    `${base}/reject`,
    {
      config: { permission: 'self_audit:reject' },
      schema: doc(TAG, 'Reject with an overall reason and a reason per failed item (not by its submitter): order → 已驳回, station → 完工驳回 / 并网驳回', { body: selfAuditRejectSchema, returns: 'the self-audit' }),
    },
    async (req) => ok(await info((await actions.reject(req.body ?? {}, authOf(req), actorOf(req))).id as number, req)),
  );
}
