import { BusinessMode, CITIES, loadRegions, CustomerSource, CustomerStage, CustomerStatus, PROVINCES, RoofType } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import { col, type ImportColumn, parseCell } from '../../excel/columns.ts';
import type { ExportSpec } from '../../excel/export.ts';
import type { ImportSpec } from '../../excel/import.ts';
import { excelRoutes } from '../../excel/routes.ts';
import type { Deps } from '../../http/deps.ts';
import { customerResource } from './resource.ts';

/** What a customer export contains: labels for codes, region names, China time. */
export const customerExport: ExportSpec = {
  def: customerResource,
  title: ['客户列表', 'customers'],
  // every city and district by name, not only the demo cities
  prepare: loadRegions,
  columns: [
    col.number('id', 8),
    col.text('name', 12),
    col.text('phone', 14),
    col.text('id_card', 20),
    col.enumOf('stage', CustomerStage),
    col.enumOf('status', CustomerStatus),
    col.region('province_code'),
    col.region('city_code'),
    col.region('district_code'),
    col.text('address', 30),
    col.enumOf('roof_type', RoofType),
    col.decimal('roof_area_m2', 12, ['屋顶面积(㎡)', 'Roof area (m²)']),
    col.bool('has_property_deed'),
    col.decimal('estimated_kwp', 12, ['预估容量(kWp)', 'Estimated capacity (kWp)']),
    col.enumOf('source', CustomerSource),
    col.text('agent_name', 16, ['代理商', 'Agent']),
    col.text('owner_name', 10, ['跟进人', 'Owner']),
    col.enumOf('business_mode', BusinessMode),
    col.text('financier', 14),
    col.dateTime('signed_at'),
    col.text('remark', 30),
    col.dateTime('created_at'),
  ],
};

const importColumns: ImportColumn[] = [
  { key: 'name', required: true, example: '张三' },
  { key: 'phone', required: true, example: '13800138000' },
  { key: 'id_card' },
  { key: 'province_code', required: true, parse: parseCell.region(PROVINCES), example: '山东省' },
  { key: 'city_code', parse: parseCell.region(CITIES), example: '济南市' },
  { key: 'address', example: '历城区某某村 1 号' },
  { key: 'roof_type', parse: parseCell.enumOf(RoofType) },
  { key: 'roof_area_m2', label: ['屋顶面积(㎡)', 'Roof area (m²)'], parse: parseCell.number },
  { key: 'has_property_deed', parse: parseCell.bool },
  { key: 'estimated_kwp', label: ['预估容量(kWp)', 'Estimated capacity (kWp)'], parse: parseCell.number, example: 20 },
  { key: 'source', parse: parseCell.enumOf(CustomerSource), example: CustomerSource.labels.phone.zh },
  { key: 'stage', parse: parseCell.enumOf(CustomerStage), example: CustomerStage.labels.intentional.zh },
  { key: 'remark' },
];

/** Customers and stations share the limit: one import is one transaction. */
export const IMPORT_MAX_ROWS = 10_000;

export const customerImport: ImportSpec = {
  def: customerResource,
  columns: importColumns,
  maxRows: IMPORT_MAX_ROWS,
  templateTitle: ['客户导入模板', 'customer import template'],
};

/** /api/system/customer/export, /import, /import_template */
export function customerExcelRoutes(app: FastifyInstance, deps: Deps) {
  excelRoutes(app, deps, { exportSpec: customerExport, importSpec: customerImport });
}
