import { RevenueActualSource, revenueCorrectSchema, revenueEstimateSchema, revenueMaintenanceSchema, revenueReportSchema, revenueSettingsSchema } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import { col, type ExportColumn } from '../../excel/columns.ts';
import { excelRoutes } from '../../excel/routes.ts';
import { type CellStyle, contentDisposition, XLSX_MIME, XlsxWriter } from '../../excel/xlsx.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { historyRoutes } from '../../resources/history.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord } from '../../resources/service.ts';
import { withPending } from '../workflow/public.ts';
import { RevenueActions } from './actions.ts';
import { revenueReport, reportSheet } from './report.ts';
import { revenueResource, tariffResource } from './resource.ts';
import { settlementImport } from './settlement.ts';

const ratioColumn = (key: string, label: [string, string]): ExportColumn => ({ key, label, width: 10, style: 'decimal', value: (r) => (r[key] == null ? null : Number(r[key])) });

/**
 * /api/system/tariff/* (电价: CRUD, export) and /api/system/revenue/* (收益: index, get_info, export,
 * settlement import, correct, maintenance, settings, estimate, report, report_export, history).
 */
export function revenueRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const actions = new RevenueActions(db);

  resourceRoutes(app, deps, tariffResource);
  historyRoutes(app, deps, tariffResource);
  excelRoutes(app, deps, {
    exportPermission: 'tariff:export',
    exportSpec: {
      def: tariffResource,
      title: ['电价', 'tariffs'],
      columns: [
        col.region('province_code', 12, ['省份', 'Province']),
        { key: 'price', label: ['燃煤基准价(元/千瓦时)', 'Benchmark price (yuan/kWh)'], width: 16, style: 'decimal', value: (r) => Number(r.price) },
        col.text('effective_from', 12, ['生效日期', 'Effective from']),
        col.text('effective_to', 12, ['失效日期', 'Effective to']),
        col.decimal('utilisation_hours', 12, ['年等效利用小时', 'Utilisation hours/year']),
        col.text('remark', 30, ['备注', 'Remark']),
      ],
    },
  });

  resourceRoutes(app, deps, revenueResource);
  historyRoutes(app, deps, revenueResource);
  excelRoutes(app, deps, {
    exportPermission: 'revenue:export',
    importPermission: 'revenue:import',
    exportSpec: {
      def: revenueResource,
      title: ['收益', 'revenue'],
      columns: [
        col.text('period', 10, ['月份', 'Month']),
        col.text('station_code', 20, ['电站编码', 'Station code']),
        col.text('station_name', 20, ['电站名称', 'Station']),
        col.text('meter_no', 16, ['电表号', 'Meter no.']),
        col.region('province_code', 12, ['省份', 'Province']),
        col.region('city_code', 12, ['城市', 'City']),
        col.text('agent_name', 16, ['代理商', 'Agent']),
        col.decimal('capacity_kwp', 10, ['装机容量(kWp)', 'Capacity (kWp)']),
        col.number('active_days', 8, ['并网天数', 'Days connected']),
        { key: 'tariff_price', label: ['电价(元/千瓦时)', 'Tariff (yuan/kWh)'], width: 12, style: 'decimal', value: (r) => (r.tariff_price == null ? null : Number(r.tariff_price)) },
        col.decimal('estimated_kwh', 14, ['估算电量(千瓦时)', 'Estimated (kWh)']),
        col.money('estimated_amount', 14, ['估算收益(元)', 'Estimated (yuan)']),
        col.decimal('actual_kwh', 14, ['实际电量(千瓦时)', 'Actual (kWh)']),
        col.money('actual_amount', 14, ['实际收益(元)', 'Actual (yuan)']),
        ratioColumn('ratio', ['实际/估算', 'Actual / estimate']),
        col.bool('under_performing', 8, ['偏低', 'Under-performing']),
        col.enumOf('actual_source', RevenueActualSource, 10, ['实际数据来源', 'Actuals from']),
        col.text('maintenance_no', 20, ['运维工单', 'Maintenance order']),
      ],
    },
    importSpec: settlementImport,
  });

  const base = '/api/system/revenue';
  const TAG = 'revenue';
  app.post(
    `${base}/correct`,
    { config: { permission: 'revenue:correct' }, schema: doc(TAG, '更正实际收益: new actual kWh and amount of a settled month with a reason (imported actuals are not editable otherwise); ratio and flag recomputed; logged; when a published process must approve it (需要审批) it starts instead and the answer carries workflow_request', { body: revenueCorrectSchema, returns: 'the revenue row' }) },
    async (req) => {
      const row = await actions.correct(req.body ?? {}, authOf(req), actorOf(req));
      return ok(withPending(row, await getRecord(db, revenueResource, row.id as number, authOf(req), req.lang)));
    },
  );
  app.post(
    `${base}/maintenance`,
    { config: { permission: 'revenue:maintenance' }, schema: doc(TAG, '转运维工单: opens a maintenance order (source revenue) for an under-performing month; one live order per row', { body: revenueMaintenanceSchema, returns: '{revenue, order}' }) },
    async (req) => {
      const r = (await actions.maintenance(req.body ?? {}, authOf(req), actorOf(req))) as { revenue: Record<string, unknown>; order: Record<string, unknown> };
      return ok({ revenue: await getRecord(db, revenueResource, r.revenue.id as number, authOf(req), req.lang), order: r.order });
    },
  );
  app.get(`${base}/settings`, { config: { permission: 'revenue:index' }, schema: doc(TAG, 'The under-performance threshold → {underperform_pct, version, updated_at}') }, async () => ok(await actions.settings()));
  app.post(
    `${base}/settings`,
    { config: { permission: 'revenue:settings' }, schema: doc(TAG, 'Set the under-performance threshold (percent of the estimate, with the version read); every settled month is re-flagged', { body: revenueSettingsSchema }) },
    async (req) => ok(await actions.setSettings(req.body ?? {}, actorOf(req), authOf(req).userId)),
  );
  app.post(
    `${base}/estimate`,
    { config: { permission: 'revenue:estimate' }, schema: doc(TAG, "Make one month's estimates for every connected station now (idempotent: unique station + month)", { body: revenueEstimateSchema, returns: '{period, stations, created, batches}' }) },
    async (req) => ok(await actions.estimate(req.body ?? {}, actorOf(req))),
  );
  app.get(
    `${base}/report`,
    { config: { permission: 'revenue:report' }, schema: doc(TAG, 'Revenue by month × province (× city with province_code), from the rollups; exact decimal strings; estimates labelled', { querystring: revenueReportSchema }) },
    async (req) => ok(await revenueReport(db, req.query, authOf(req))),
  );
  app.get(
    `${base}/report_export`,
    { config: { permission: 'revenue:report' }, schema: doc(TAG, 'The report as .xlsx', { querystring: revenueReportSchema, returns: 'an .xlsx file' }) },
    async (req, reply) => {
      const report = await revenueReport(db, req.query, authOf(req));
      const { rows, styles } = reportSheet(report, req.lang);
      const chunks: Uint8Array[] = [];
      const title = req.lang === 'zh' ? '收益报表' : 'revenue report';
      const w = new XlsxWriter((c) => chunks.push(c), { sheetName: title, widths: [10, 14, 10, 10, 10, 16, 16, 16, 16, 12] });
      rows.forEach((r, i) => w.addRow(r, i === 0 ? r.map((): CellStyle => 'header') : (styles.map((s) => s ?? 'plain') as CellStyle[])));
      w.end();
      const stamp = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition(`${title}_${stamp}.xlsx`, `revenue_report_${stamp}.xlsx`))
        .header('access-control-expose-headers', 'Content-Disposition')
        .send(Buffer.concat(chunks));
    },
  );
}
