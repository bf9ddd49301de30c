import {
  InspectionStatus,
  OperationPlanKind,
  OperationPlanStatus,
  inspectionAssignSchema,
  inspectionMoveSchema,
  inspectionReasonSchema,
  inspectionSubmitSchema,
  operationPlanMoveSchema,
  operationPlanPreviewSchema,
  operationPlanRunSchema,
} from '@pv/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { col } from '../../excel/columns.ts';
import { excelRoutes } from '../../excel/routes.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import { historyRoutes, idQuery } from '../../resources/history.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { fileServiceOf } from '../file/service.ts';
import type { Actor } from '../system/syslog.ts';
import { teamCandidates } from '../work_order/actions.ts';
import { InspectionActions } from './actions.ts';
import { inspectionResource, operationPlanResource } from './resource.ts';


/**
 * /api/system/operation_plan/* (运维计划: CRUD, enable, disable, preview, run) and
 * /api/system/inspection/* (巡检: lists, the lifecycle start / submit / approve / reject / cancel,
 * assign, photos, history and timeline, Excel export).
 */
export function inspectionRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const files = fileServiceOf(deps);
  const actions = new InspectionActions(db, files);
  const push = (message: { id: number; recipient_id: number }) =>
    app.realtime?.pubsub.publish({ kind: 'message', id: message.id, recipient_id: message.recipient_id }).catch((err) => app.log.error({ err }, 'publish'));

  // ---------------------------------------------------------------- plans
  const plans = '/api/system/operation_plan';
  resourceRoutes(app, deps, operationPlanResource);
  historyRoutes(app, deps, operationPlanResource);
  excelRoutes(app, deps, {
    exportPermission: 'operation_plan:export',
    exportSpec: {
      def: operationPlanResource,
      title: ['运维计划', 'operation plans'],
      columns: [
        col.text('plan_no', 20, ['计划编号', 'Plan no.']),
        col.text('name', 24, ['计划名称', 'Name']),
        col.enumOf('kind', OperationPlanKind, 12, ['类型', 'Kind']),
        col.enumOf('status', OperationPlanStatus, 10, ['状态', 'Status']),
        col.number('every_months', 10, ['周期(月)', 'Every (months)']),
        col.text('cron', 16, ['Cron', 'Cron']),
        col.text('start_date', 12, ['开始日期', 'Start']),
        col.text('end_date', 12, ['结束日期', 'End']),
        col.number('deadline_days', 10, ['完成时限(天)', 'Days to finish']),
        col.text('default_team_name', 14, ['默认执行人', 'Default team']),
        col.text('last_period', 16, ['最近周期', 'Last period']),
        col.number('generated_count', 10, ['已生成', 'Generated']),
        col.number('open_inspections', 10, ['未完成', 'Open']),
        col.dateTime('next_period_at', 18, ['下次生成', 'Next period']),
        col.dateTime('created_at', 18, ['创建时间', 'Created at']),
      ],
    },
  });
  const presentPlan = (id: number, req: FastifyRequest) => getRecord(db, operationPlanResource, id, authOf(req), req.lang);
  app.post(
    `${plans}/enable`,
    { config: { permission: 'operation_plan:enable' }, schema: doc('operation_plan', '启用 {id, version}: 草稿 / 停用 → 启用; the current period is generated on the scheduler\'s next tick (or run)', { body: operationPlanMoveSchema, returns: 'the plan' }) },
    async (req) => ok(await presentPlan((await actions.enable(req.body ?? {}, authOf(req), actorOf(req))).id as number, req)),
  );
  app.post(
    `${plans}/disable`,
    { config: { permission: 'operation_plan:disable' }, schema: doc('operation_plan', '停用 {id, version}: 启用 → 停用; nothing more is generated', { body: operationPlanMoveSchema, returns: 'the plan' }) },
    async (req) => ok(await presentPlan((await actions.disable(req.body ?? {}, authOf(req), actorOf(req))).id as number, req)),
  );
  app.post(
    `${plans}/preview`,
    { config: { permission: 'operation_plan:index' }, schema: doc('operation_plan', 'How many connected, unfrozen stations a station set {scope} hits now → {stations, sample:[{id, code, name}]}', { body: operationPlanPreviewSchema }) },
    async (req) => ok(await actions.preview(req.body ?? {}, authOf(req))),
  );
  app.post(
    `${plans}/run`,
    { config: { permission: 'operation_plan:run' }, schema: doc('operation_plan', '立即生成 {id}: generate the plan\'s due period now (idempotent: plan + station + period) → {created, stations, batches, period}', { body: operationPlanRunSchema }) },
    async (req) => ok(await actions.run(req.body ?? {}, authOf(req), actorOf(req))),
  );

  // ---------------------------------------------------------------- inspections
  const base = '/api/system/inspection';
  resourceRoutes(app, deps, inspectionResource);
  // a generated inspection's first entry comes from the row itself: the generator writes no timeline row per inspection
  historyRoutes(app, deps, inspectionResource, {
    entity: 'inspection',
    origin: (row) =>
      row.plan_id
        ? {
            id: 0,
            action: 'generate',
            from_status: null,
            to_status: 'pending',
            reason: null,
            data: { plan_id: row.plan_id, plan_no: row.plan_no ?? null, period: row.period },
            user_id: null,
            user_name: 'system',
            full_name: null,
            created_at: new Date(row.created_at as string | Date).toISOString(),
          }
        : null,
  });
  excelRoutes(app, deps, {
    exportPermission: 'inspection:export',
    exportSpec: {
      def: inspectionResource,
      title: ['巡检列表', 'inspections'],
      columns: [
        col.text('inspection_no', 20, ['巡检编号', 'Inspection no.']),
        col.enumOf('kind', OperationPlanKind, 12, ['类型', 'Kind']),
        col.enumOf('status', InspectionStatus, 10, ['状态', 'Status']),
        col.bool('overdue', 8, ['超期', 'Overdue']),
        col.text('plan_name', 20, ['运维计划', 'Plan']),
        col.text('period', 16, ['周期', 'Period']),
        col.text('station_code', 20, ['电站编码', 'Station code']),
        col.text('station_name', 20, ['电站名称', 'Station']),
        col.region('province_code', 12, ['省份', 'Province']),
        col.region('city_code', 12, ['城市', 'City']),
        col.text('agent_name', 16, ['代理商', 'Agent']),
        col.text('team_name', 12, ['执行人', 'Assignee']),
        col.text('planned_date', 12, ['计划日期', 'Planned date']),
        col.dateTime('deadline', 18, ['截止时间', 'Deadline']),
        col.number('failed_count', 10, ['不合格项', 'Failed items']),
        col.dateTime('submitted_at', 18, ['提交时间', 'Submitted at']),
        col.dateTime('finished_at', 18, ['完成时间', 'Finished at']),
        col.text('remark', 30, ['备注', 'Remark']),
      ],
    },
  });
  const present = (id: number, req: FastifyRequest) => getRecord(db, inspectionResource, id, authOf(req), req.lang);
  const moves: [string, string, z.ZodType, (body: unknown, auth: AuthContext, actor: Actor) => Promise<Record<string, unknown>>][] = [
    ['start', '开始执行: 待执行 / 已驳回 → 执行中', inspectionMoveSchema, (b, a, c) => actions.start(b, a, c)],
    ['submit', '提交结果 {results:[{key, pass?, value?, text?, photos?}], remark?, lat?, lng?}: 执行中 → 待审核; every required checklist item answered, photos uploaded with owner_type=inspection', inspectionSubmitSchema, (b, a, c) => actions.submit(b, a, c)],
    ['approve', '审核通过: 待审核 → 已完成', inspectionMoveSchema, (b, a, c) => actions.approve(b, a, c)],
    ['reject', '审核驳回 with a reason: 待审核 → 已驳回', inspectionReasonSchema, (b, a, c) => actions.reject(b, a, c)],
    ['cancel', '取消 with a reason: from 待执行 / 执行中 / 已驳回', inspectionReasonSchema, (b, a, c) => actions.cancel(b, a, c)],
  ];
  for (const [action, what, body, run] of moves) {
    app.post(
      `${base}/${action}`,
      { config: { permission: `inspection:${action}` }, schema: doc('inspection', `${what}. Refused on a frozen station or from another state`, { body, returns: 'the inspection' }) },
      async (req) => ok(await present((await run(req.body ?? {}, authOf(req), actorOf(req))).id as number, req)),
    );
  }
  app.post(
    `${base}/assign`,
    { config: { permission: 'inspection:assign' }, schema: doc('inspection', '改派 {id, version, team_id, deadline?} while open; the team member gets a message', { body: inspectionAssignSchema, returns: 'the inspection' }) },
    async (req) => {
      const { row, message } = await actions.assign(req.body ?? {}, authOf(req), actorOf(req));
      await push(message);
      return ok(await present(row.id as number, req));
    },
  );
  app.get(
    `${base}/teams`,
    { config: { permission: 'inspection:index' }, schema: doc('inspection', 'Who can do inspections (enabled admins and users whose roles grant inspection:start), q = name → {list:[{id, username, full_name, name, open_orders}], total}', { querystring: z.object({ q: z.string().optional() }) }) },
    async (req) =>
      ok(await teamCandidates(db, req.query, 'inspection:start', sql<number>`(select count(*)::int from inspections i where i.team_id = "users"."id" and i.status in ('pending', 'in_progress', 'rejected'))`)),
  );
  app.get(
    `${base}/photos`,
    { config: { permission: 'inspection:get_info' }, schema: doc('inspection', 'The photos of an inspection\'s results (?id=) with signed url / thumb_url', { querystring: idQuery }) },
    async (req) => {
      const { id } = parse(idQuery, req.query);
      await getRecord(db, inspectionResource, id, authOf(req), req.lang); // scope check
      const list = await files.list(db, 'inspection', id);
      return ok({ list, total: list.length });
    },
  );
}
