import { z } from 'zod';
import { labelled, type LabelledEnum } from './enums.ts';
import { editableFields, enumField, idField, optionalText, requiredText } from './fields.ts';
import type { Machine } from './lifecycle.ts';
import { field, type FieldDisplay } from './field-kinds.ts';

/**
 * Operation plans 运维计划 and the inspections 巡检 they generate (issue 13; docs/DECISIONS.md
 * "Operation plans and inspections"). A plan names a station set, a recurrence, a checklist and who
 * does the work; the scheduler makes one inspection per station and period (unique plan + station +
 * period), and the field team executes, submits and gets reviewed.
 */

export const OperationPlanKind = labelled({
  inspection: { zh: '巡检', en: 'Inspection' },
  cleaning: { zh: '清洗', en: 'Cleaning' },
  preventive: { zh: '预防性维护', en: 'Preventive maintenance' },
});
export type OperationPlanKindValue = (typeof OperationPlanKind.values)[number];

export const OperationPlanStatus = labelled({
  draft: { zh: '草稿', en: 'Draft' },
  enabled: { zh: '启用', en: 'Enabled' },
  disabled: { zh: '停用', en: 'Disabled' },
});

export const ChecklistItemKind = labelled({
  pass_fail: { zh: '合格/不合格', en: 'Pass / fail' },
  number: { zh: '读数', en: 'Reading' },
  photo: { zh: '拍照', en: 'Photo' },
  text: { zh: '文字', en: 'Text' },
});
export type ChecklistItemKindValue = (typeof ChecklistItemKind.values)[number];

export const InspectionStatus = labelled({
  pending: { zh: '待执行', en: 'To do' },
  in_progress: { zh: '执行中', en: 'In progress' },
  audit_pending: { zh: '待审核', en: 'In review' },
  completed: { zh: '已完成', en: 'Completed' },
  rejected: { zh: '已驳回', en: 'Rejected' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
});
export type InspectionStatusValue = (typeof InspectionStatus.values)[number];
export const OPEN_INSPECTION_STATES = ['pending', 'in_progress', 'rejected'] as const satisfies readonly InspectionStatusValue[];

/** 待执行 → 执行中 → 待审核 → 已完成; 已驳回 → (start) 执行中; 已取消 from the open states. */
export const INSPECTION_MACHINE = {
  start: { from: ['pending', 'rejected'], to: 'in_progress' },
  submit: { from: ['in_progress'], to: 'audit_pending' },
  approve: { from: ['audit_pending'], to: 'completed' },
  reject: { from: ['audit_pending'], to: 'rejected' },
  cancel: { from: ['pending', 'in_progress', 'rejected'], to: 'cancelled' },
} as const satisfies Machine<InspectionStatusValue, string>;
export type InspectionAction = keyof typeof INSPECTION_MACHINE;

export const InspectionActionLabel = labelled({
  start: { zh: '开始执行', en: 'start' },
  submit: { zh: '提交结果', en: 'submit the results' },
  approve: { zh: '审核通过', en: 'approve' },
  reject: { zh: '审核驳回', en: 'reject' },
  cancel: { zh: '取消', en: 'cancel' },
} satisfies LabelledEnum<InspectionAction>);

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const version = () => z.number({ error: 'validation.number' }).int().nonnegative();
const dateText = () => z.string({ error: 'validation.date' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' });
const optionalDate = () => z.preprocess(blankToNull, dateText().nullish());
/** A reading or a limit: a decimal number as text or a JSON number (stored numeric). */
const decimal = () =>
  z
    .union([z.string(), z.number()], { error: 'validation.number' })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => /^-?\d{1,9}(\.\d{1,4})?$/.test(v), { error: 'validation.number' });
const optionalDecimal = () => z.preprocess(blankToNull, decimal().nullish());

// ---------------------------------------------------------------- plans

/** One checklist item of a plan's template. `key` is stable across edits (results refer to it). */
export const checklistItemSchema = z
  .strictObject({
    key: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(32, { error: 'validation.too_long|32' }).regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.checklist_key' }),
    label: requiredText(100),
    kind: enumField(ChecklistItemKind.values),
    unit: z.preprocess(blankToNull, optionalText(16)),
    min: optionalDecimal(),
    max: optionalDecimal(),
    /** photo required with the answer (any kind) */
    photo_required: z.boolean({ error: 'validation.enum' }).optional(),
    required: z.boolean({ error: 'validation.enum' }).optional(),
    /** kept for maintenance orders (not built yet): a failure is to open one by itself; the console does not offer it until it works */
    auto_maintenance: z.boolean({ error: 'validation.enum' }).optional(),
  })
  .refine((i) => i.min == null || i.max == null || Number(i.min) <= Number(i.max), { error: 'validation.range_order', path: ['max'] });
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

const checklist = () =>
  z
    .array(checklistItemSchema, { error: 'validation.checklist' })
    .min(1, { error: 'validation.checklist' })
    .max(100, { error: 'validation.checklist' })
    .refine((items) => new Set(items.map((i) => i.key)).size === items.length, { error: 'validation.checklist_key_unique' });

/** Which stations a plan covers: a saved filter, or an explicit list of station ids. */
export const planScopeSchema = z.strictObject({
  region_codes: z.array(z.string().max(12), { error: 'validation.region' }).max(200).optional(),
  agent_ids: z.array(idField(), { error: 'validation.number' }).max(200).optional(),
  capacity_min: optionalDecimal(),
  capacity_max: optionalDecimal(),
  grid_after: optionalDate(),
  grid_before: optionalDate(),
  station_ids: z.array(idField(), { error: 'validation.number' }).max(5000).optional(),
});
export type PlanScope = z.infer<typeof planScopeSchema>;

/** Team per region: the most specific region code that matches the station wins; else default_team_id. */
export const assignmentRuleSchema = z.strictObject({
  region_code: z.string({ error: 'validation.region' }).trim().min(2, { error: 'validation.region' }).max(12, { error: 'validation.region' }),
  team_id: idField(),
});

const planFields = {
  name: requiredText(100),
  kind: enumField(OperationPlanKind.values),
  scope: planScopeSchema,
  /** every N months from start_date, or a cron expression (periods = its occurrences) */
  every_months: z.preprocess(blankToNull, z.number({ error: 'validation.number' }).int().min(1, { error: 'validation.every_months' }).max(60, { error: 'validation.every_months' }).nullish()),
  cron: z.preprocess(blankToNull, z.string().trim().max(64, { error: 'validation.too_long|64' }).nullish()),
  start_date: dateText(),
  end_date: optionalDate(),
  /** days from the planned date to the deadline */
  deadline_days: z.number({ error: 'validation.number' }).int().min(1, { error: 'validation.deadline_days' }).max(365, { error: 'validation.deadline_days' }),
  checklist: checklist(),
  assignment: z.array(assignmentRuleSchema, { error: 'validation.assignment' }).max(500).optional(),
  default_team_id: z.preprocess(blankToNull, idField().nullish()),
  remark: z.preprocess(blankToNull, optionalText(500)),
};
const recurrence = (p: { every_months?: number | null; cron?: string | null }) => (p.every_months == null) !== (p.cron == null || p.cron === '');
export const operationPlanCreateSchema = z.strictObject(planFields).refine(recurrence, { error: 'validation.recurrence', path: ['every_months'] });
export const operationPlanEditSchema = z.strictObject(planFields).partial().extend({ id: idField(), version: version() });
export const OPERATION_PLAN_EDITABLE = editableFields(operationPlanEditSchema);
/** operation_plan/enable and /disable: the plan and the version read. */
export const operationPlanMoveSchema = z.strictObject({ id: idField(), version: version() });
/** operation_plan/run: generate the due period now. */
export const operationPlanRunSchema = z.strictObject({ id: idField() });
/** operation_plan/preview: the station set alone → how many stations it hits. */
export const operationPlanPreviewSchema = z.strictObject({ scope: planScopeSchema });

export interface OperationPlan {
  id: number;
  plan_no: string;
  name: string;
  kind: OperationPlanKindValue;
  status: 'draft' | 'enabled' | 'disabled';
  scope: PlanScope;
  every_months: number | null;
  cron: string | null;
  start_date: string;
  end_date: string | null;
  deadline_days: number;
  checklist: ChecklistItem[];
  assignment: { region_code: string; team_id: number }[];
  default_team_id: number | null;
  default_team_name?: string | null;
  /** team member names by id, for `assignment` */
  team_names?: Record<string, string> | null;
  /** agent names by id, for `scope.agent_ids` */
  agent_names?: Record<string, string> | null;
  /** station codes by id, for `scope.station_ids` */
  station_codes?: Record<string, string> | null;
  next_period_at: string | null;
  last_period: string | null;
  last_generated_at: string | null;
  generated_count: number;
  remark: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

// ---------------------------------------------------------------- inspections

/** One answer: pass/fail, a reading, a text; photos are upload file ids. */
export const inspectionResultSchema = z.strictObject({
  key: z.string({ error: 'validation.required' }).max(32),
  pass: z.boolean({ error: 'validation.enum' }).nullish(),
  value: optionalDecimal(),
  text: z.preprocess(blankToNull, optionalText(500)),
  photos: z.array(idField(), { error: 'validation.number' }).max(20).optional(),
});
export type InspectionResult = z.infer<typeof inspectionResultSchema>;

const moveFields = { id: idField(), version: version() };
export const inspectionMoveSchema = z.strictObject(moveFields);
export const inspectionReasonSchema = z.strictObject({
  ...moveFields,
  reason: z.string({ error: 'validation.reason' }).trim().min(1, { error: 'validation.reason' }).max(500, { error: 'validation.too_long|500' }),
});
export const inspectionSubmitSchema = z.strictObject({
  ...moveFields,
  results: z.array(inspectionResultSchema, { error: 'validation.checklist' }).max(100),
  remark: z.preprocess(blankToNull, optionalText(500)),
  /** where the phone was when submitting (optional: a browser may refuse) */
  lat: z.preprocess(blankToNull, z.number({ error: 'validation.number' }).min(-90).max(90).nullish()),
  lng: z.preprocess(blankToNull, z.number({ error: 'validation.number' }).min(-180).max(180).nullish()),
});
/** Reassign: a team member and / or a deadline, while the inspection is open. */
export const inspectionAssignSchema = z.strictObject({
  ...moveFields,
  team_id: idField(),
  deadline: optionalDate(),
});

/** An answer judged against its item: failed = a failed pass/fail item or a reading outside [min, max]. */
export function resultFailed(item: Pick<ChecklistItem, 'kind' | 'min' | 'max'>, result: Pick<InspectionResult, 'pass' | 'value'> | undefined): boolean {
  if (!result) return false;
  if (item.kind === 'pass_fail') return result.pass === false;
  if (item.kind === 'number' && result.value != null && result.value !== '') {
    const v = Number(result.value);
    return (item.min != null && v < Number(item.min)) || (item.max != null && v > Number(item.max));
  }
  return false;
}

export interface Inspection {
  id: number;
  inspection_no: string;
  plan_id: number | null;
  plan_name?: string | null;
  kind: OperationPlanKindValue;
  period: string;
  station_id: number;
  station_code?: string | null;
  station_name?: string | null;
  agent_id: number | null;
  agent_name?: string | null;
  team_id: number | null;
  team_name?: string | null;
  province_code: string;
  city_code: string | null;
  district_code: string | null;
  planned_date: string;
  deadline: string;
  status: InspectionStatusValue;
  overdue: boolean;
  checklist: ChecklistItem[];
  results: InspectionResult[];
  failed_count: number;
  remark: string | null;
  lat: string | null;
  lng: string | null;
  started_at: string | null;
  submitted_at: string | null;
  finished_at: string | null;
  reject_reason: string | null;
  cancel_reason: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** Operation plans' and inspections' fields beyond their names (field-kinds.ts). */
export const OPERATION_PLAN_DISPLAY: FieldDisplay = {
  kind: field.enumOf(OperationPlanKind),
  status: field.enumOf(OperationPlanStatus),
};
export const INSPECTION_DISPLAY: FieldDisplay = {
  kind: field.enumOf(OperationPlanKind),
  status: field.enumOf(InspectionStatus),
};
