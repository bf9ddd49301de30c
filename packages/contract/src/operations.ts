import { z } from 'zod';
import { GridMode, GridVoltage, StationStatus, type StationStatusValue } from './enums.ts';
import { cityField, dateField, editableFields, enumField, idField, numberInRange, optionalText, provinceField, requiredText } from './fields.ts';
import {
  DispatchType,
  type FileView,
  SelfAuditResult,
  StationDocType,
  type WorkOrderKindValue,
  WorkOrderKind,
  WorkOrderStatus,
  type WorkOrderStatusValue,
  auditItemsFor,
} from './lifecycle.ts';
import { field, type FieldDisplay } from './field-kinds.ts';

/**
 * Request schemas of the operations API (docs/OPERATIONS.md): stations, construction and
 * grid-connection work orders, self-audits. Messages are i18n keys (i18n.ts), the same on the
 * server and in the console forms.
 */

const version = () => z.number({ error: 'validation.number' }).int().nonnegative();
const reason = (key: string) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(500, { error: 'validation.too_long|500' });

// ---------------------------------------------------------------- stations

const stationInput = {
  name: requiredText(100),
  customer_id: idField(),
  province_code: provinceField(),
  city_code: cityField().nullish(),
  district_code: z.string().max(12).nullish(),
  address: optionalText(200),
  lng: numberInRange(-180, 180).nullish(),
  lat: numberInRange(-90, 90).nullish(),
  capacity_kwp: numberInRange(0.01, 10000),
  module_count: z.number({ error: 'validation.number' }).int().min(1, { error: 'validation.number_range|1|100000' }).max(100000, { error: 'validation.number_range|1|100000' }).nullish(),
  module_model: optionalText(64),
  module_power_w: z.number({ error: 'validation.number' }).int().min(1, { error: 'validation.number_range|1|2000' }).max(2000, { error: 'validation.number_range|1|2000' }).nullish(),
  inverter_model: optionalText(64),
  inverter_sn: optionalText(64),
  tilt_deg: numberInRange(0, 90).nullish(),
  azimuth: numberInRange(-180, 180).nullish(),
  grid_mode: enumField(GridMode.values).nullish(),
  grid_voltage: enumField(GridVoltage.values).nullish(),
  product_id: idField().nullish(),
};

/**
 * A new station: a formal customer, a name, the capacity. Region and agent default to the
 * customer's (the server fills what is missing); the code is generated.
 */
export const stationCreateSchema = z.strictObject({
  ...stationInput,
  province_code: provinceField().optional(),
});

/** An edit sends what changed plus id and version. The customer and status are not edited here. */
export const stationEditSchema = z.strictObject(stationInput).omit({ customer_id: true }).partial().extend({ id: idField(), version: version() });

/** Fields an edit may send (stationEditSchema minus id and version). */
export const STATION_EDITABLE = editableFields(stationEditSchema);

/** finish_survey, finish_design, operate, unfreeze: the station and the version the user saw. */
export const stationMoveSchema = z.strictObject({ id: idField(), version: version() });
/** terminate and freeze need a reason. */
export const stationReasonSchema = z.strictObject({ id: idField(), version: version(), reason: reason('validation.reason_required') });

/** station/upload_doc query: the PDF itself is the raw body (like file/upload), its name in ?name= or X-File-Name. */
export const stationDocUploadQuery = z.object({ id: idField(), doc_type: enumField(StationDocType.values), name: z.string().max(300).optional() });
export const stationDocDeleteSchema = z.strictObject({ id: idField(), file_id: idField() });

/** A station as the API returns it. */
export interface Station {
  id: number;
  code: string;
  name: string;
  customer_id: number | null;
  customer_name?: string | null;
  customer_phone?: string | null;
  agent_id: number | null;
  agent_name?: string | null;
  province_code: string;
  city_code: string | null;
  district_code: string | null;
  address: string | null;
  lng: number | null;
  lat: number | null;
  capacity_kwp: number;
  module_count: number | null;
  module_model: string | null;
  module_power_w: number | null;
  inverter_model: string | null;
  inverter_sn: string | null;
  tilt_deg: number | null;
  azimuth: number | null;
  grid_mode: string | null;
  grid_voltage: string | null;
  grid_at: string | null;
  built_at: string | null;
  status: StationStatusValue | 'terminated';
  status_at: string | null;
  frozen: boolean;
  frozen_reason: string | null;
  terminated_reason: string | null;
  product_id: number | null;
  product_name?: string | null;
  doc_count?: number;
  version: number;
  created_at: string;
  updated_at: string;
}

// ---------------------------------------------------------------- work orders

/** 派单: a team (a user who works orders) and a deadline; planned date and remark optional. */
const dispatchInput = {
  team_id: idField(),
  deadline: dateField(),
  planned_date: dateField().nullish(),
  dispatch_type: enumField(DispatchType.values).default('manual'),
  remark: optionalText(500),
};
export const workOrderDispatchSchema = z.strictObject({ id: idField(), version: version(), ...dispatchInput });
/** Batch dispatch from the list: every selected order to one team, all or nothing. */
export const workOrderBatchDispatchSchema = z.strictObject({
  ids: z.array(idField()).min(1, { error: 'validation.required' }).max(200, { error: 'validation.too_many|200' }),
  ...dispatchInput,
});
/** accept, start, rectify: id and version. */
export const workOrderMoveSchema = z.strictObject({ id: idField(), version: version() });
/** reject_order (拒单) and cancel need a reason. */
export const workOrderReasonSchema = z.strictObject({ id: idField(), version: version(), reason: reason('validation.reason_required') });
/** What staff may still change on an open order. */
export const workOrderEditSchema = z.strictObject({
  id: idField(),
  version: version(),
  planned_date: dateField().nullish(),
  deadline: dateField().nullish(),
  remark: optionalText(500),
});
/** Fields a work-order edit may send (workOrderEditSchema minus id and version). */
export const WORK_ORDER_EDITABLE = editableFields(workOrderEditSchema);

/** A work order as the API returns it. */
export interface WorkOrder {
  id: number;
  order_no: string;
  kind: WorkOrderKindValue;
  station_id: number;
  station_code?: string | null;
  station_name?: string | null;
  station_status?: string | null;
  station_frozen?: boolean | null;
  capacity_kwp?: number | null;
  customer_id?: number | null;
  customer_name?: string | null;
  agent_id: number | null;
  agent_name?: string | null;
  province_code: string;
  city_code: string | null;
  district_code: string | null;
  team_id: number | null;
  team_name?: string | null;
  dispatch_type: string | null;
  planned_date: string | null;
  deadline: string | null;
  dispatched_at: string | null;
  accepted_at: string | null;
  started_at: string | null;
  submitted_at: string | null;
  finished_at: string | null;
  cancelled_at: string | null;
  overdue: boolean;
  refuse_reason: string | null;
  cancel_reason: string | null;
  audit_count: number;
  last_audit_id?: number | null;
  remark: string | null;
  status: WorkOrderStatusValue;
  version: number;
  created_at: string;
  updated_at: string;
}

// ---------------------------------------------------------------- self-audits

/** One check item as submitted: a value for value items, files for photo/document items. */
export const auditItemInputSchema = z.strictObject({
  key: z.string().max(40),
  value: optionalText(200),
  file_ids: z.array(idField()).max(20).optional(),
  note: optionalText(500),
});

/**
 * 提交自检: the order, every check item of its kind (auditItemsFor), an optional note. The server
 * checks that each item has what it asks for (a value, or at least minFiles files).
 */
export const selfAuditSubmitSchema = z.strictObject({
  work_order_id: idField(),
  items: z.array(auditItemInputSchema).max(20),
  note: optionalText(1000),
});

export const selfAuditApproveSchema = z.strictObject({ id: idField(), version: version(), opinion: optionalText(500) });

/** 驳回: an overall reason and, for each failed item, its reason (at least one item). */
export const selfAuditRejectSchema = z.strictObject({
  id: idField(),
  version: version(),
  reason: reason('validation.reason_required'),
  items: z
    .array(z.strictObject({ key: z.string().max(40), reason: reason('validation.item_reason_required') }))
    .min(1, { error: 'validation.audit_failed_item_required' })
    .max(20),
});

/** The check items an audit of this kind must carry, for the forms. */
export const auditItemKeys = (kind: WorkOrderKindValue) => auditItemsFor(kind).map((i) => i.key);

/** One check item as stored and returned (files with signed links on get_info). */
export interface AuditItem {
  key: string;
  value?: string | null;
  file_ids?: number[];
  files?: FileView[];
  note?: string | null;
  result?: 'pass' | 'fail' | null;
  reject_reason?: string | null;
}

/** A self-audit as the API returns it. */
export interface SelfAudit {
  id: number;
  work_order_id: number;
  order_no?: string | null;
  order_status?: WorkOrderStatusValue | null;
  kind: WorkOrderKindValue;
  station_id: number;
  station_code?: string | null;
  station_name?: string | null;
  customer_name?: string | null;
  agent_id: number | null;
  agent_name?: string | null;
  province_code: string;
  city_code: string | null;
  district_code: string | null;
  attempt: number;
  items: AuditItem[];
  note: string | null;
  submitted_by: number | null;
  submitter_name?: string | null;
  submitted_at: string;
  reviewer_id: number | null;
  reviewer_name?: string | null;
  reviewed_at: string | null;
  result: 'pending' | 'approved' | 'rejected';
  reject_reason: string | null;
  /** 审核意见: the reviewer's opinion when approving (optional) */
  review_opinion?: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export const WORK_ORDER_KINDS = WorkOrderKind.values;

/** Stations', work orders' and self-audits' fields beyond their names (field-kinds.ts). */
export const STATION_DISPLAY: FieldDisplay = {
  status: field.enumOf(StationStatus),
  grid_mode: field.enumOf(GridMode),
  grid_voltage: field.enumOf(GridVoltage),
  doc_type: field.enumOf(StationDocType),
};
export const WORK_ORDER_DISPLAY: FieldDisplay = {
  kind: field.enumOf(WorkOrderKind),
  status: field.enumOf(WorkOrderStatus),
  dispatch_type: field.enumOf(DispatchType),
};
export const SELF_AUDIT_DISPLAY: FieldDisplay = {
  kind: field.enumOf(WorkOrderKind),
  result: field.enumOf(SelfAuditResult),
};
