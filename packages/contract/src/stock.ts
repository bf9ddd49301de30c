import { z } from 'zod';
import { labelled } from './enums.ts';
import { cityField, editableFields, enumField, idField, optionalText, provinceField, requiredText } from './fields.ts';
import { decimalText, MONEY_PATTERN, moneyText } from './money.ts';
import { field, type FieldDisplay } from './field-kinds.ts';

/**
 * Materials 物料, warehouses 仓库 and stock 库存 (issue 13; docs/DECISIONS.md "Stock"). Quantities
 * (numeric(14,3)) and money (numeric(14,2)) travel as decimal strings: a number in a request is
 * accepted only when its text is such a decimal, and nothing here or in the console does arithmetic
 * on them — the database does.
 */

export const MaterialCategory = labelled({
  module: { zh: '组件', en: 'PV module' },
  inverter: { zh: '逆变器', en: 'Inverter' },
  cable: { zh: '电缆', en: 'Cable' },
  bracket: { zh: '支架', en: 'Bracket' },
  meter: { zh: '电表', en: 'Meter' },
  distribution_box: { zh: '配电箱', en: 'Distribution box' },
  other: { zh: '其他', en: 'Other' },
});
export type MaterialCategoryValue = (typeof MaterialCategory.values)[number];

export const WarehouseKind = labelled({
  central: { zh: '中心仓', en: 'Central' },
  regional: { zh: '区域仓', en: 'Regional' },
  van: { zh: '班组车载', en: 'Team van' },
});

export const StockStatus = labelled({
  enabled: { zh: '启用', en: 'Enabled' },
  disabled: { zh: '停用', en: 'Disabled' },
});

/** Ledger row kinds; a transfer writes transfer_out and transfer_in with one doc_no. */
export const StockMovementKind = labelled({
  in: { zh: '入库', en: 'Stock in' },
  issue: { zh: '出库', en: 'Issue' },
  transfer_out: { zh: '调拨出', en: 'Transfer out' },
  transfer_in: { zh: '调拨入', en: 'Transfer in' },
  return: { zh: '退库', en: 'Return' },
  adjust: { zh: '盘点调整', en: 'Adjustment' },
});
export type StockMovementKindValue = (typeof StockMovementKind.values)[number];

/** What an issue (or a return) refers to: a maintenance order, a construction order, anything else. */
export const StockRefType = labelled({
  maintenance: { zh: '运维工单', en: 'Maintenance order' },
  construction: { zh: '施工派单', en: 'Construction order' },
  other: { zh: '其他', en: 'Other' },
});

export const SerialStatus = labelled({
  in_stock: { zh: '在库', en: 'In stock' },
  issued: { zh: '已出库', en: 'Issued' },
  /** taken off its station by a maintenance order (replaced); still at the station's record until returned to a warehouse */
  removed: { zh: '已拆回', en: 'Removed' },
  lost: { zh: '盘亏', en: 'Written off' },
});

/** A quantity: up to 11 integer digits and 3 decimals (numeric(14,3)). */
export const QTY_PATTERN = /^\d{1,11}(\.\d{1,3})?$/;
const isZero = (v: string) => /^0+(\.0+)?$/.test(v);

/** A quantity greater than zero, as a decimal string. */
export const qtyField = () => decimalText(QTY_PATTERN, 'validation.qty').refine((v) => !isZero(v), { error: 'validation.qty_positive' });
/** A quantity of zero or more (a counted quantity, a threshold). */
export const qtyOrZeroField = () => decimalText(QTY_PATTERN, 'validation.qty');
/** A price in yuan with up to two decimals, as a decimal string. */
export const priceField = () => decimalText(MONEY_PATTERN, 'validation.money');

const version = () => z.number({ error: 'validation.number' }).int().nonnegative();
const codeField = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .max(32, { error: 'validation.too_long|32' })
    .regex(/^[A-Za-z0-9_.-]+$/, { error: 'validation.stock_code' });
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const serialList = () =>
  z
    .array(z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.too_long|64' }), { error: 'validation.serials' })
    .max(1000, { error: 'validation.serials_max' });

// ---------------------------------------------------------------- materials

const materialFields = {
  code: codeField(),
  name: requiredText(100),
  spec: z.preprocess(blankToNull, optionalText(100)),
  unit: requiredText(16),
  category: enumField(MaterialCategory.values),
  serial_tracked: z.boolean({ error: 'validation.enum' }).optional(),
  unit_price: priceField().optional(),
  status: enumField(StockStatus.values).optional(),
  remark: z.preprocess(blankToNull, optionalText(500)),
};
export const materialCreateSchema = z.strictObject(materialFields);
export const materialEditSchema = z.strictObject(materialFields).partial().extend({ id: idField(), version: version() });
/** Fields a material edit may send (materialEditSchema minus id and version). */
export const MATERIAL_EDITABLE = editableFields(materialEditSchema);

export interface Material {
  id: number;
  code: string;
  name: string;
  spec: string | null;
  unit: string;
  category: MaterialCategoryValue;
  serial_tracked: boolean;
  /** decimal string, yuan */
  unit_price: string;
  status: 'enabled' | 'disabled';
  remark: string | null;
  /** decimal string: the sum over warehouses */
  total_qty?: string;
  version: number;
  created_at: string;
  updated_at: string;
}

// ---------------------------------------------------------------- warehouses

const warehouseFields = {
  code: codeField(),
  name: requiredText(100),
  kind: enumField(WarehouseKind.values),
  province_code: z.preprocess(blankToNull, provinceField().nullish()),
  city_code: z.preprocess(blankToNull, cityField().nullish()),
  district_code: z.preprocess(blankToNull, z.string().max(12).nullish()),
  address: z.preprocess(blankToNull, optionalText(200)),
  keeper_id: z.preprocess(blankToNull, idField().nullish()),
  /** the field team member it serves (a van's crew): he issues from it and from the warehouses covering its region */
  team_id: z.preprocess(blankToNull, idField().nullish()),
  agent_id: z.preprocess(blankToNull, idField().nullish()),
  status: enumField(StockStatus.values).optional(),
  remark: z.preprocess(blankToNull, optionalText(500)),
};
export const warehouseCreateSchema = z.strictObject(warehouseFields);
export const warehouseEditSchema = z.strictObject(warehouseFields).partial().extend({ id: idField(), version: version() });
/** Fields a warehouse edit may send (warehouseEditSchema minus id and version). */
export const WAREHOUSE_EDITABLE = editableFields(warehouseEditSchema);

export interface Warehouse {
  id: number;
  code: string;
  name: string;
  kind: 'central' | 'regional' | 'van';
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  address: string | null;
  keeper_id: number | null;
  keeper_name?: string | null;
  team_id: number | null;
  team_name?: string | null;
  agent_id: number | null;
  agent_name?: string | null;
  status: 'enabled' | 'disabled';
  remark: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

// ---------------------------------------------------------------- stock actions

const remark = () => z.preprocess(blankToNull, optionalText(500));
const reasonField = () => z.string({ error: 'validation.stock_reason' }).trim().min(1, { error: 'validation.stock_reason' }).max(500, { error: 'validation.too_long|500' });
const refNo = () => z.string({ error: 'validation.stock_ref' }).trim().min(1, { error: 'validation.stock_ref' }).max(64, { error: 'validation.too_long|64' });

/** 入库: into one warehouse; a serial-tracked material names each unit (as many serials as the quantity). */
export const stockInSchema = z.strictObject({
  warehouse_id: idField(),
  material_id: idField(),
  qty: qtyField(),
  serials: serialList().optional(),
  ref_no: z.preprocess(blankToNull, z.string().trim().max(64, { error: 'validation.too_long|64' }).nullish()),
  remark: remark(),
  /** the supplier partner (对账单 with suppliers count the receipts naming one) and the price paid (default: the material's) */
  supplier_id: idField().nullish(),
  unit_price: moneyText().nullish(),
});

/** 出库: to a maintenance or construction order (its number, or free text), optionally onto a station. */
export const stockIssueSchema = z.strictObject({
  warehouse_id: idField(),
  material_id: idField(),
  qty: qtyField(),
  serials: serialList().optional(),
  ref_type: enumField(StockRefType.values),
  ref_no: refNo(),
  station_id: z.preprocess(blankToNull, idField().nullish()),
  remark: remark(),
});

/** 调拨: out of one warehouse into another, two ledger rows in one transaction. */
export const stockTransferSchema = z
  .strictObject({
    from_warehouse_id: idField(),
    to_warehouse_id: idField(),
    material_id: idField(),
    qty: qtyField(),
    serials: serialList().optional(),
    remark: remark(),
  })
  .refine((v) => v.from_warehouse_id !== v.to_warehouse_id, { error: 'validation.transfer_same', path: ['to_warehouse_id'] });

/** 退库: back into a warehouse (serial-tracked parts come back by serial number from wherever they were issued). */
export const stockReturnSchema = z.strictObject({
  warehouse_id: idField(),
  material_id: idField(),
  qty: qtyField(),
  serials: serialList().optional(),
  ref_type: z.preprocess(blankToNull, enumField(StockRefType.values).nullish()),
  ref_no: z.preprocess(blankToNull, z.string().trim().max(64, { error: 'validation.too_long|64' }).nullish()),
  station_id: z.preprocess(blankToNull, idField().nullish()),
  remark: remark(),
});

/**
 * 盘点调整: the counted quantity with a reason; the difference from the book quantity is posted.
 * `expected` (the book quantity the counter saw) makes a balance that moved meanwhile a refusal
 * instead of a wrong difference. A serial-tracked material sends the serials found (the count).
 */
export const stockAdjustSchema = z.strictObject({
  warehouse_id: idField(),
  material_id: idField(),
  counted: qtyOrZeroField(),
  expected: qtyOrZeroField().optional(),
  serials: serialList().optional(),
  reason: reasonField(),
});

/** 预警阈值 of one warehouse × material (null: none). */
export const stockThresholdSchema = z.strictObject({
  warehouse_id: idField(),
  material_id: idField(),
  low_threshold: z.preprocess(blankToNull, qtyOrZeroField().nullable()),
});

/** One row of a stock-take import (盘点导入). */
export const stockTakeRowSchema = z.strictObject({
  warehouse_code: requiredText(32),
  material_code: requiredText(32),
  expected: qtyOrZeroField(),
  counted: qtyOrZeroField(),
  reason: z.preprocess(blankToNull, optionalText(500)),
});

export type StockIn = z.infer<typeof stockInSchema>;
export type StockIssue = z.infer<typeof stockIssueSchema>;
export type StockTransfer = z.infer<typeof stockTransferSchema>;
export type StockReturn = z.infer<typeof stockReturnSchema>;
export type StockAdjust = z.infer<typeof stockAdjustSchema>;

/** A balance row (warehouse × material) as the API returns it. */
export interface StockBalance {
  id: number;
  warehouse_id: number;
  warehouse_code: string;
  warehouse_name: string;
  warehouse_kind: string;
  material_id: number;
  material_code: string;
  material_name: string;
  material_spec: string | null;
  material_unit: string;
  material_category: string;
  serial_tracked: boolean;
  qty: string;
  low_threshold: string | null;
  low: boolean;
  /** qty × unit price, yuan */
  value: string;
  version: number;
  updated_at: string;
}

/** A ledger row as the API returns it. */
export interface StockMovement {
  id: number;
  doc_no: string;
  kind: StockMovementKindValue;
  warehouse_id: number;
  warehouse_name?: string;
  warehouse_code?: string;
  material_id: number;
  material_code?: string;
  material_name?: string;
  material_unit?: string;
  qty: string;
  balance_after: string;
  unit_price: string;
  counterpart_warehouse_id: number | null;
  counterpart_warehouse_name?: string | null;
  ref_type: string | null;
  ref_no: string | null;
  station_id: number | null;
  station_code?: string | null;
  serials: string[] | null;
  reason: string | null;
  remark: string | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
}

export interface StockSerial {
  id: number;
  material_id: number;
  serial_no: string;
  status: 'in_stock' | 'issued' | 'lost';
  warehouse_id: number | null;
  warehouse_name?: string | null;
  station_id: number | null;
  station_code?: string | null;
  updated_at: string;
}

/** Materials' and warehouses' fields beyond their names (field-kinds.ts). */
export const MATERIAL_DISPLAY: FieldDisplay = {
  category: field.enumOf(MaterialCategory),
  status: field.enumOf(StockStatus),
};
export const WAREHOUSE_DISPLAY: FieldDisplay = {
  kind: field.enumOf(WarehouseKind),
  status: field.enumOf(StockStatus),
};
