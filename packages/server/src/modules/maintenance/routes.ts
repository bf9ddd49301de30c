import {
  FaultCategory,
  type Lang,
  MaintenancePriority,
  MaintenanceSource,
  MaintenanceStatus,
  maintenanceAddSchema,
  maintenanceDispatchSchema,
  maintenanceFromInspectionSchema,
  maintenanceMoveSchema,
  maintenanceReasonSchema,
  maintenanceSlaSchema,
  maintenanceSubmitSchema,
} from '@pv/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { stations } from '../../db/schema/index.ts';
import { col } from '../../excel/columns.ts';
import type { RowError } from '../../excel/import.ts';
import { excelRoutes } from '../../excel/routes.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { doc } from '../../http/openapi.ts';
import { historyRoutes, idQuery } from '../../resources/history.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { IMPORT_MAX_ROWS } from '../customer/excel.ts';
import { fileServiceOf } from '../file/service.ts';
import { stationScope } from '../station/resource.ts';
import { teamCandidates } from '../work_order/actions.ts';
import { parse } from '../../http/validate.ts';
import type { Notice } from '../stock/service.ts';
import { StockService } from '../stock/service.ts';
import type { Actor } from '../system/syslog.ts';
import { MaintenanceActions } from './actions.ts';
import { maintenanceResource as def, openMaintenanceOrder } from './resource.ts';

const TAG = 'maintenance';

/** An enum cell of the alarm sheet: the value or its zh / en label. */
const byLabel = (e: { values: readonly string[]; label(v: string, lang: Lang): string }, text: string) =>
  e.values.find((v) => v === text || e.label(v, 'zh') === text || e.label(v, 'en').toLowerCase() === text.toLowerCase());

/** One row of the alarm list (告警导入). */
export const alarmRowSchema = z.object({
  station_code: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64),
  fault_code: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64),
  alarm_time: z.string({ error: 'validation.required' }).refine((v) => !Number.isNaN(Date.parse(v)), { error: 'validation.date' }),
  priority: z.enum(MaintenancePriority.values, { error: 'validation.enum' }).default('high'),
  fault_category: z.enum(FaultCategory.values, { error: 'validation.enum' }).default('other'),
  description: z.string().trim().max(1000).nullish(),
});

/** Alarm rows: the station by code within the caller's stations; priority / category by label. */
async function resolveAlarms(db: Db, rows: { row: number; raw: Record<string, unknown> }[], auth: AuthContext, lang: Lang): Promise<RowError[]> {
  const errors: RowError[] = [];
  const text = (v: unknown) => (v === undefined || v === null ? '' : v instanceof Date ? v.toISOString() : String(v).trim());
  const codes = [...new Set(rows.map((r) => text(r.raw.station_code)).filter(Boolean))];
  const found = codes.length ? await db.select({ code: stations.code }).from(stations).where(and(inArray(stations.code, codes), stationScope(auth))) : [];
  const known = new Set(found.map((s) => s.code));
  const label = (zh: string, en: string) => (lang === 'zh' ? zh : en);
  for (const r of rows) {
    const code = text(r.raw.station_code);
    if (code && !known.has(code)) errors.push({ row: r.row, column: label('电站编码', 'Station code'), message: t('error.maintenance_unknown_station', lang, { code }) });
    if (r.raw.alarm_time instanceof Date) r.raw.alarm_time = r.raw.alarm_time.toISOString();
    for (const [key, e, zh, en] of [['priority', MaintenancePriority, '优先级', 'Priority'], ['fault_category', FaultCategory, '故障类别', 'Fault category']] as const) {
      const v = text(r.raw[key]);
      if (!v) delete r.raw[key];
      else {
        const value = byLabel(e, v);
        if (value) r.raw[key] = value;
        else errors.push({ row: r.row, column: label(zh, en), message: t('validation.enum', lang) });
      }
    }
  }
  return errors;
}

/**
 * /api/system/maintenance/*: 运维工单 index/get_info/edit, add (manual or from a fault matter), the
 * lifecycle actions dispatch / accept / start / submit / approve / reject / cancel, the team picker,
 * SLA hours, history / timeline, the Excel export and the alarm-list import.
 */
export function maintenanceRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const files = fileServiceOf(deps);
  const actions = new MaintenanceActions(db, new StockService(db), files);
  const base = '/api/system/maintenance';
  resourceRoutes(app, deps, def);
  historyRoutes(app, deps, def, { entity: 'maintenance' });
  excelRoutes(app, deps, {
    exportPermission: 'maintenance:export',
    importPermission: 'maintenance:import',
    exportSpec: {
      def,
      title: ['运维工单', 'maintenance orders'],
      columns: [
        col.text('order_no', 20, ['工单编号', 'Order no.']),
        col.enumOf('status', MaintenanceStatus, 10, ['状态', 'Status']),
        col.enumOf('priority', MaintenancePriority, 8, ['优先级', 'Priority']),
        col.enumOf('source', MaintenanceSource, 10, ['来源', 'Source']),
        col.text('source_no', 20, ['来源单号', 'Source no.']),
        col.enumOf('fault_category', FaultCategory, 10, ['故障类别', 'Fault category']),
        col.text('fault_code', 12, ['故障代码', 'Fault code']),
        col.text('station_code', 20, ['电站编码', 'Station code']),
        col.text('station_name', 20, ['电站名称', 'Station']),
        col.region('province_code', 12, ['省份', 'Province']),
        col.region('city_code', 12, ['城市', 'City']),
        col.text('agent_name', 16, ['代理商', 'Agent']),
        col.text('team_name', 12, ['处理人', 'Team']),
        col.dateTime('deadline', 18, ['截止时间', 'Deadline']),
        col.dateTime('response_due', 18, ['响应时限', 'Respond by']),
        col.dateTime('repair_due', 18, ['修复时限', 'Repair by']),
        col.bool('response_breached', 8, ['响应超时', 'Response breached']),
        col.bool('repair_breached', 8, ['修复超时', 'Repair breached']),
        col.dateTime('responded_at', 18, ['接单时间', 'Responded at']),
        col.dateTime('finished_at', 18, ['完成时间', 'Finished at']),
        col.text('description', 30, ['故障描述', 'Description']),
        col.dateTime('created_at', 18, ['创建时间', 'Created at']),
      ],
    },
    importSpec: {
      def,
      schema: alarmRowSchema,
      templateTitle: ['告警导入模板', 'alarm import template'],
      maxRows: IMPORT_MAX_ROWS,
      columns: [
        { key: 'station_code', label: ['电站编码', 'Station code'], required: true, example: 'PV20261101000001' },
        { key: 'fault_code', label: ['故障代码', 'Fault code'], required: true, example: 'E021' },
        { key: 'alarm_time', label: ['告警时间', 'Alarm time'], required: true, example: '2026-11-20 08:30' },
        { key: 'priority', label: ['优先级', 'Priority'], example: '高' },
        { key: 'fault_category', label: ['故障类别', 'Fault category'], example: '逆变器' },
        { key: 'description', label: ['故障描述', 'Description'], example: '逆变器离网告警' },
      ],
      resolve: resolveAlarms,
      async apply(tx, input, auth, actor) {
        const row = input as z.infer<typeof alarmRowSchema>;
        const [s] = await tx.select({ id: stations.id }).from(stations).where(eq(stations.code, row.station_code));
        if (!s) throw new ApiError(400, 'error.maintenance_unknown_station', { code: row.station_code });
        const raised = new Date(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(row.alarm_time) ? `${row.alarm_time.replace(' ', 'T')}+08:00` : row.alarm_time);
        await openMaintenanceOrder(
          tx,
          { station: s.id, source: 'alarm', priority: row.priority, fault_category: row.fault_category, fault_code: row.fault_code, description: row.description || `告警 ${row.fault_code}`, raised_at: raised },
          actor,
          auth.userId,
        );
      },
    },
  });

  const present = (id: number, req: FastifyRequest) => getRecord(db, def, id, authOf(req), req.lang);
  const push = (notices: Notice[]) => {
    for (const n of notices) app.realtime?.pubsub.publish({ kind: 'message', id: n.id, recipient_id: n.recipient_id }).catch((err) => app.log.error({ err }, 'publish'));
  };

  app.post(
    `${base}/add`,
    { config: { permission: 'maintenance:add' }, schema: doc(TAG, 'A new maintenance order in 待派单 for a station (not frozen); with matter_id it is raised from a 光E宝 fault matter, which it resolves when approved', { body: maintenanceAddSchema, returns: 'the order' }) },
    async (req) => ok(await present((await actions.add(req.body ?? {}, authOf(req), actorOf(req))).id as number, req)),
  );
  app.post(
    `${base}/dispatch`,
    { config: { permission: 'maintenance:dispatch' }, schema: doc(TAG, '派单: 待派单 → 已派单 with a team member and a deadline; the team member gets a message', { body: maintenanceDispatchSchema, returns: 'the order' }) },
    async (req) => {
      const { row, message } = await actions.dispatch(req.body ?? {}, authOf(req), actorOf(req));
      push([message]);
      return ok(await present(row.id as number, req));
    },
  );
  app.post(
    `${base}/submit`,
    { config: { permission: 'maintenance:submit' }, schema: doc(TAG, '提交处理记录: 处理中 → 待审核; the parts are issued from stock in the same transaction (a shortage refuses everything)', { body: maintenanceSubmitSchema, returns: 'the order' }) },
    async (req) => {
      const { row, notices } = await actions.submit(req.body ?? {}, authOf(req), actorOf(req));
      push(notices);
      return ok(await present(row.id as number, req));
    },
  );
  const simple: [string, string, z.ZodType, (body: unknown, auth: AuthContext, actor: Actor) => Promise<Record<string, unknown>>][] = [
    ['accept', '接单: 已派单 → 已接单 (responded_at)', maintenanceMoveSchema, (b, a, c) => actions.accept(b, a, c)],
    ['start', '开始处理: 已接单 → 处理中', maintenanceMoveSchema, (b, a, c) => actions.start(b, a, c)],
    ['approve', '审核通过: 待审核 → 已完成 (a matter source is resolved)', maintenanceMoveSchema, (b, a, c) => actions.approve(b, a, c)],
    ['reject', '审核驳回 with a reason: 待审核 → 处理中', maintenanceReasonSchema, (b, a, c) => actions.reject(b, a, c)],
    ['cancel', '取消 with a reason, from any open state', maintenanceReasonSchema, (b, a, c) => actions.cancel(b, a, c)],
  ];
  for (const [action, what, body, run] of simple) {
    app.post(
      `${base}/${action}`,
      { config: { permission: `maintenance:${action}` }, schema: doc(TAG, `${what}. Refused on a frozen station or from another state`, { body, returns: 'the order' }) },
      async (req) => {
        const row = await run(req.body ?? {}, authOf(req), actorOf(req));
        return ok(await present(row.id as number, req));
      },
    );
  }
  app.post(
    `${base}/from_inspection`,
    { config: { permission: 'maintenance:add' }, schema: doc(TAG, '转运维工单 from a failed checklist item of a submitted inspection {inspection_id, item_key, priority?, fault_category?, description?}; one live order per item', { body: maintenanceFromInspectionSchema, returns: 'the order' }) },
    async (req) => ok(await present((await actions.fromInspection(req.body ?? {}, authOf(req), actorOf(req))).id as number, req)),
  );
  app.get(
    `${base}/teams`,
    { config: { permission: 'maintenance:index' }, schema: doc(TAG, 'Who can take maintenance orders (enabled admins and users whose roles grant maintenance:accept), q = name → {list:[{id, username, full_name, name, open_orders}], total}', { querystring: z.object({ q: z.string().optional() }) }) },
    async (req) =>
      ok(await teamCandidates(db, req.query, 'maintenance:accept', sql<number>`(select count(*)::int from maintenance_orders m where m.team_id = "users"."id" and m.status in ('dispatched', 'accepted', 'in_progress'))`)),
  );
  app.get(
    `${base}/photos`,
    { config: { permission: 'maintenance:get_info' }, schema: doc(TAG, "The before / after photos of an order's handling record (?id=) with signed url / thumb_url", { querystring: idQuery }) },
    async (req) => {
      const { id } = parse(idQuery, req.query);
      await getRecord(db, def, id, authOf(req), req.lang); // scope check
      const list = await files.list(db, 'maintenance', id);
      return ok({ list, total: list.length });
    },
  );
  app.get(`${base}/sla`, { config: { permission: 'maintenance:index' }, schema: doc(TAG, 'SLA hours per priority → {urgent: {respond_hours, repair_hours}, …}') }, async () => ok(await actions.sla()));
  app.post(
    `${base}/sla`,
    { config: { permission: 'maintenance:sla' }, schema: doc(TAG, 'Set the SLA hours per priority (orders opened from now on)', { body: maintenanceSlaSchema }) },
    async (req) => ok(await actions.setSla(req.body ?? {}, actorOf(req))),
  );
}
