import { z } from 'zod';
import { labelled } from './enums.ts';
import { dateField, enumField, idField, optionalText, requiredText } from './fields.ts';
import type { Machine } from './lifecycle.ts';
import { field, type FieldDisplay } from './field-kinds.ts';

/**
 * 运维工单 maintenance orders (issue 13; docs/DECISIONS.md "Maintenance orders"). One lifecycle:
 * 待派单 → 已派单 → 已接单 → 处理中 → 待审核 → 已完成; 待审核 驳回 → 处理中; 已取消 from any open state.
 */
export const MaintenanceStatus = labelled({
  pending_dispatch: { zh: '待派单', en: 'To dispatch' },
  dispatched: { zh: '已派单', en: 'Dispatched' },
  accepted: { zh: '已接单', en: 'Accepted' },
  in_progress: { zh: '处理中', en: 'In progress' },
  review_pending: { zh: '待审核', en: 'In review' },
  completed: { zh: '已完成', en: 'Completed' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
});
export type MaintenanceStatusValue = (typeof MaintenanceStatus.values)[number];

export const OPEN_MAINTENANCE_STATES: readonly MaintenanceStatusValue[] = ['pending_dispatch', 'dispatched', 'accepted', 'in_progress', 'review_pending'];

export const MAINTENANCE_MACHINE = {
  dispatch: { from: ['pending_dispatch'], to: 'dispatched' },
  accept: { from: ['dispatched'], to: 'accepted' },
  start: { from: ['accepted'], to: 'in_progress' },
  submit: { from: ['in_progress'], to: 'review_pending' },
  approve: { from: ['review_pending'], to: 'completed' },
  reject: { from: ['review_pending'], to: 'in_progress' },
  cancel: { from: ['pending_dispatch', 'dispatched', 'accepted', 'in_progress', 'review_pending'], to: 'cancelled' },
} as const satisfies Machine<MaintenanceStatusValue, string>;
export type MaintenanceAction = keyof typeof MAINTENANCE_MACHINE;

export const MaintenanceActionLabel = labelled({
  dispatch: { zh: '派单', en: 'dispatch' },
  accept: { zh: '接单', en: 'accept' },
  start: { zh: '开始处理', en: 'start work' },
  submit: { zh: '提交处理记录', en: 'submit the handling record' },
  approve: { zh: '审核通过', en: 'approve' },
  reject: { zh: '审核驳回', en: 'reject' },
  cancel: { zh: '取消', en: 'cancel' },
});

export const MaintenancePriority = labelled({
  urgent: { zh: '紧急', en: 'Urgent' },
  high: { zh: '高', en: 'High' },
  medium: { zh: '中', en: 'Medium' },
  low: { zh: '低', en: 'Low' },
});
export type MaintenancePriorityValue = (typeof MaintenancePriority.values)[number];

export const MaintenanceSource = labelled({
  manual: { zh: '人工', en: 'Manual' },
  matter: { zh: '光E宝报修', en: 'Owner request' },
  inspection: { zh: '巡检', en: 'Inspection' },
  alarm: { zh: '告警', en: 'Alarm' },
  revenue: { zh: '收益偏低', en: 'Low revenue' },
});
export type MaintenanceSourceValue = (typeof MaintenanceSource.values)[number];

export const FaultCategory = labelled({
  module: { zh: '组件', en: 'PV module' },
  inverter: { zh: '逆变器', en: 'Inverter' },
  cable: { zh: '电缆', en: 'Cable' },
  bracket: { zh: '支架', en: 'Bracket' },
  meter: { zh: '电表', en: 'Meter' },
  distribution_box: { zh: '配电箱', en: 'Distribution box' },
  communication: { zh: '通讯', en: 'Communication' },
  other: { zh: '其他', en: 'Other' },
});
export type FaultCategoryValue = (typeof FaultCategory.values)[number];

/** SLA hours per priority: respond (accept) and repair (approve) from the order's creation. */
export const DEFAULT_MAINTENANCE_SLA: Record<MaintenancePriorityValue, { respond_hours: number; repair_hours: number }> = {
  urgent: { respond_hours: 2, repair_hours: 24 },
  high: { respond_hours: 4, repair_hours: 48 },
  medium: { respond_hours: 24, repair_hours: 72 },
  low: { respond_hours: 48, repair_hours: 168 },
};

const version = () => z.number({ error: 'validation.number' }).int().nonnegative();
const reason = () => z.string({ error: 'validation.reason_required' }).trim().min(1, { error: 'validation.reason_required' }).max(500, { error: 'validation.too_long|500' });
const QTY = /^\d{1,11}(\.\d{1,3})?$/;
const qtyField = () =>
  z.union([z.string(), z.number()], { error: 'validation.number' }).transform((v) => String(v).trim()).refine((v) => QTY.test(v) && Number(v) > 0, { error: 'validation.number' });

export const maintenanceAddSchema = z.strictObject({
  station_id: idField(),
  priority: enumField(MaintenancePriority.values).default('medium'),
  fault_category: enumField(FaultCategory.values),
  fault_code: optionalText(64),
  description: requiredText(1000),
  matter_id: idField().nullish(),
});
/** 转运维工单 from a failed checklist item of a submitted inspection (one click; the fields default from the item). */
export const maintenanceFromInspectionSchema = z.strictObject({
  inspection_id: idField(),
  item_key: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64),
  priority: enumField(MaintenancePriority.values).optional(),
  fault_category: enumField(FaultCategory.values).optional(),
  description: optionalText(1000),
});

/** The fault category a checklist item's label suggests (组件 / 逆变器 / …), 'other' when none. */
export function guessFaultCategory(label: string): FaultCategoryValue {
  const words: [RegExp, FaultCategoryValue][] = [
    [/逆变器|inverter/i, 'inverter'],
    [/组件|面板|module|panel/i, 'module'],
    [/电缆|线缆|接线|cable|wiring/i, 'cable'],
    [/支架|bracket|mount/i, 'bracket'],
    [/电表|meter/i, 'meter'],
    [/配电箱|并网箱|distribution|box/i, 'distribution_box'],
    [/通讯|通信|信号|communication|signal/i, 'communication'],
  ];
  return words.find(([re]) => re.test(label))?.[1] ?? 'other';
}

export const maintenanceEditSchema = z.strictObject({
  id: idField(),
  version: version(),
  priority: enumField(MaintenancePriority.values).optional(),
  fault_category: enumField(FaultCategory.values).optional(),
  fault_code: optionalText(64),
  description: optionalText(1000),
});
export const maintenanceMoveSchema = z.strictObject({ id: idField(), version: version() });
export const maintenanceReasonSchema = z.strictObject({ id: idField(), version: version(), reason: reason() });
export const maintenanceDispatchSchema = z.strictObject({ id: idField(), version: version(), team_id: idField(), deadline: dateField() });
export const maintenancePartSchema = z.strictObject({
  warehouse_id: idField(),
  material_id: idField(),
  qty: qtyField(),
  serials: z.array(z.string().trim().min(1).max(64)).max(500).optional(),
  /** serials taken off the station (replaced) */
  old_serials: z.array(z.string().trim().min(1).max(64)).max(500).optional(),
});
export const maintenanceSubmitSchema = z.strictObject({
  id: idField(),
  version: version(),
  cause: requiredText(1000),
  measures: requiredText(2000),
  labour_hours: qtyField().optional(),
  photos_before: z.array(idField()).max(20).optional(),
  photos_after: z.array(idField()).max(20).optional(),
  parts: z.array(maintenancePartSchema).max(50).optional(),
});
export const maintenanceSlaSchema = z.strictObject(
  Object.fromEntries(
    MaintenancePriority.values.map((p) => [p, z.strictObject({ respond_hours: z.number().int().positive().max(10000), repair_hours: z.number().int().positive().max(10000) })]),
  ) as Record<MaintenancePriorityValue, z.ZodObject<{ respond_hours: z.ZodNumber; repair_hours: z.ZodNumber }>>,
);

/** One part used in a handling record (maintenance_orders.parts), with the issue movement it made. */
export interface MaintenancePart {
  warehouse_id: number;
  material_id: number;
  qty: string;
  serials?: string[];
  old_serials?: string[];
  movement_id?: number;
  doc_no?: string;
}

/** A maintenance order as the API returns it (get_info / index rows). */
export interface MaintenanceOrder {
  id: number;
  order_no: string;
  station_id: number;
  station_code: string | null;
  station_name: string | null;
  station_frozen: boolean | null;
  agent_id: number | null;
  agent_name: string | null;
  province_code: string;
  city_code: string | null;
  district_code: string | null;
  source: MaintenanceSourceValue;
  source_id: number | null;
  source_item: string | null;
  /** the inspection's or matter's number (get_info, index) */
  source_no?: string | null;
  /** the failed checklist item's label, from the inspection's checklist */
  source_item_label?: string | null;
  priority: MaintenancePriorityValue;
  fault_category: FaultCategoryValue;
  fault_code: string | null;
  description: string;
  team_id: number | null;
  team_name: string | null;
  deadline: string | null;
  response_due: string;
  repair_due: string;
  response_breached: boolean;
  repair_breached: boolean;
  dispatched_at: string | null;
  responded_at: string | null;
  started_at: string | null;
  submitted_at: string | null;
  finished_at: string | null;
  cancelled_at: string | null;
  reject_reason: string | null;
  cancel_reason: string | null;
  cause: string | null;
  measures: string | null;
  labour_hours: string | null;
  photos_before: number[] | null;
  photos_after: number[] | null;
  parts: MaintenancePart[] | null;
  submit_count: number;
  status: MaintenanceStatusValue;
  created_at: string;
  updated_at: string;
  version: number;
}

/** A maintenance order's fields beyond their names (field-kinds.ts): its source is the inspection or the matter it came from. */
export const MAINTENANCE_DISPLAY: FieldDisplay = {
  status: field.enumOf(MaintenanceStatus),
  priority: field.enumOf(MaintenancePriority),
  fault_category: field.enumOf(FaultCategory),
  source: field.enumOf(MaintenanceSource),
  source_id: field.ref((row) => (row.source === 'inspection' ? 'inspection' : row.source === 'matter' ? 'matter' : null)),
};
