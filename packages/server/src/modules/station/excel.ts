import { CITIES, GridMode, GridVoltage, type Lang, loadRegions, PROVINCES, StationStatus } from '@pv/contract';
import { and, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { col, type ImportColumn, parseCell } from '../../excel/columns.ts';
import type { ExportSpec } from '../../excel/export.ts';
import type { ImportSpec, RowError } from '../../excel/import.ts';
import { excelRoutes } from '../../excel/routes.ts';
import type { Deps } from '../../http/deps.ts';
import { t } from '../../http/messages.ts';
import type { AuthContext } from '../auth/context.ts';
import { customerResource } from '../customer/resource.ts';
import { IMPORT_MAX_ROWS } from '../customer/excel.ts';
import { stationResource } from './resource.ts';

/** What a station export contains: labels for codes, region names, China time. */
export const stationExport: ExportSpec = {
  def: stationResource,
  title: ['电站列表', 'stations'],
  prepare: loadRegions,
  columns: [
    col.text('code', 20, ['电站编码', 'Station code']),
    col.text('name', 20, ['电站名称', 'Name']),
    col.text('customer_name', 12, ['客户', 'Customer']),
    col.text('customer_phone', 14, ['客户手机号', 'Customer phone']),
    col.enumOf('status', StationStatus, 12, ['状态', 'Status']),
    col.bool('frozen', 8, ['冻结', 'Frozen']),
    col.region('province_code', 12, ['省份', 'Province']),
    col.region('city_code', 12, ['城市', 'City']),
    col.region('district_code', 12, ['区县', 'District']),
    col.text('address', 30, ['详细地址', 'Address']),
    col.decimal('capacity_kwp', 12, ['装机容量(kWp)', 'Capacity (kWp)']),
    col.number('module_count', 8, ['组件数量', 'Modules']),
    col.text('module_model', 16, ['组件型号', 'Module model']),
    col.number('module_power_w', 10, ['组件功率(W)', 'Module power (W)']),
    col.text('inverter_model', 16, ['逆变器型号', 'Inverter model']),
    col.text('inverter_sn', 18, ['逆变器SN', 'Inverter SN']),
    col.enumOf('grid_mode', GridMode, 16, ['并网方式', 'Grid mode']),
    col.enumOf('grid_voltage', GridVoltage, 10, ['并网电压', 'Grid voltage']),
    col.dateTime('built_at', 18, ['完工时间', 'Built at']),
    col.dateTime('grid_at', 18, ['并网时间', 'Grid-connected at']),
    col.text('agent_name', 16, ['代理商', 'Agent']),
    col.text('product_name', 16, ['产品套餐', 'Package']),
    col.dateTime('created_at', 18, ['创建时间', 'Created at']),
  ],
};

const PHONE_LABEL: [string, string] = ['客户手机号', 'Customer phone'];

/** The customer is named by phone (客户手机号) or by id (客户ID); one of them per row (the id wins when both are given). */
const importColumns: ImportColumn[] = [
  { key: 'customer_phone', label: PHONE_LABEL, example: '13800000000' },
  { key: 'customer_id', label: ['客户ID', 'Customer ID'], parse: parseCell.number },
  { key: 'name', label: ['电站名称', 'Name'], required: true, example: '张三户用电站' },
  { key: 'capacity_kwp', label: ['装机容量(kWp)', 'Capacity (kWp)'], required: true, parse: parseCell.number, example: 20.25 },
  { key: 'province_code', label: ['省份', 'Province'], parse: parseCell.region(PROVINCES), example: '山东省' },
  { key: 'city_code', label: ['城市', 'City'], parse: parseCell.region(CITIES), example: '济南市' },
  { key: 'address', label: ['详细地址', 'Address'], example: '历城区某某村 1 号' },
  { key: 'module_count', label: ['组件数量', 'Modules'], parse: parseCell.number, example: 36 },
  { key: 'module_model', label: ['组件型号', 'Module model'], example: 'LR5-72HPH-550M' },
  { key: 'module_power_w', label: ['组件功率(W)', 'Module power (W)'], parse: parseCell.number, example: 550 },
  { key: 'inverter_model', label: ['逆变器型号', 'Inverter model'], example: 'SUN2000-20KTL' },
  { key: 'grid_mode', label: ['并网方式', 'Grid mode'], parse: parseCell.enumOf(GridMode), example: GridMode.labels.self_use.zh },
  { key: 'grid_voltage', label: ['并网电压', 'Grid voltage'], parse: parseCell.enumOf(GridVoltage), example: '380V' },
];

const normPhone = (v: unknown) => String(v ?? '').replace(/[\s-]/g, '');

/**
 * 客户手机号 → customer_id: among the customers the importer may see, the formal one with that phone
 * (one not yet formal is passed on, so the insert names it as not formal); none → a row error,
 * several formal ones → a row error asking for the id.
 */
async function resolveCustomers(db: Db, rows: { row: number; raw: Record<string, unknown> }[], auth: AuthContext, lang: Lang): Promise<RowError[]> {
  const errors: RowError[] = [];
  const phones = [...new Set(rows.filter((r) => r.raw.customer_id === undefined && r.raw.customer_phone !== undefined).map((r) => normPhone(r.raw.customer_phone)))];
  const found = phones.length
    ? await db
        .select({ id: customers.id, phone: customers.phone, stage: customers.stage })
        .from(customers)
        .where(and(inArray(customers.phone, phones), customerResource.scope(auth)))
        .orderBy(customers.id)
    : [];
  const column = (lang: Lang) => PHONE_LABEL[lang === 'zh' ? 0 : 1];
  for (const r of rows) {
    const phone = r.raw.customer_phone;
    delete r.raw.customer_phone;
    if (r.raw.customer_id !== undefined) continue;
    if (phone === undefined) {
      errors.push({ row: r.row, column: column(lang), message: t('error.station_import_customer_required', lang) });
      continue;
    }
    const p = normPhone(phone);
    const matches = found.filter((c) => c.phone === p);
    const formal = matches.filter((c) => c.stage === 'formal');
    if (!matches.length) errors.push({ row: r.row, column: column(lang), message: t('error.station_import_phone_unknown', lang, { phone: p }) });
    else if (formal.length > 1) errors.push({ row: r.row, column: column(lang), message: t('error.station_import_phone_ambiguous', lang, { phone: p }) });
    else r.raw.customer_id = (formal[0] ?? matches[0]!).id;
  }
  return errors;
}

export const stationImport: ImportSpec = {
  def: stationResource,
  columns: importColumns,
  maxRows: IMPORT_MAX_ROWS,
  templateTitle: ['电站导入模板', 'station import template'],
  resolve: resolveCustomers,
};

/** /api/system/station/export, /import, /import_template */
export function stationExcelRoutes(app: FastifyInstance, deps: Deps) {
  excelRoutes(app, deps, { exportSpec: stationExport, importSpec: stationImport, exportPermission: 'station:export', importPermission: 'station:import' });
}
