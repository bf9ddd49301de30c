import { CITIES, GridMode, GridVoltage, loadRegions, PROVINCES, StationStatus } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import { col, type ImportColumn, parseCell } from '../../excel/columns.ts';
import type { ExportSpec } from '../../excel/export.ts';
import type { ImportSpec } from '../../excel/import.ts';
import { excelRoutes } from '../../excel/routes.ts';
import type { Deps } from '../../http/deps.ts';
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

const importColumns: ImportColumn[] = [
  { key: 'customer_id', label: ['客户ID', 'Customer ID'], required: true, parse: parseCell.number, example: 1 },
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

export const stationImport: ImportSpec = {
  def: stationResource,
  columns: importColumns,
  maxRows: IMPORT_MAX_ROWS,
  templateTitle: ['电站导入模板', 'station import template'],
};

/** /api/system/station/export, /import, /import_template */
export function stationExcelRoutes(app: FastifyInstance, deps: Deps) {
  excelRoutes(app, deps, { exportSpec: stationExport, importSpec: stationImport, exportPermission: 'station:export', importPermission: 'station:import' });
}
