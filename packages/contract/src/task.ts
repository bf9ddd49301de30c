import { z } from 'zod';
import { optionalText, requiredText, numeric } from './fields.ts';

/**
 * Scheduled tasks (/setting/taskManagement). `code` names a job the server knows (its job
 * registry); `cron` is a 5-field expression (cron.ts), validated on the server with a message that
 * says what is wrong.
 */
const enabled = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')], { error: 'validation.enum' })
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const taskFields = {
  code: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(64, { error: 'validation.too_long|64' }),
  name: requiredText(100),
  description: optionalText(500),
  cron: requiredText(100),
  enabled: enabled.optional(),
};

export const taskCreateSchema = z.strictObject(taskFields);
export const taskEditSchema = z.strictObject({
  id: numeric(z.number({ error: 'validation.number' }).int().positive()),
  version: numeric(z.number({ error: 'validation.number' }).int().positive()),
  name: taskFields.name.optional(),
  description: taskFields.description,
  cron: taskFields.cron.optional(),
  enabled: taskFields.enabled,
});

export const TASK_QUICK_FIELDS = ['enabled', 'cron', 'name'] as const;
export const taskQuickFieldSchemas = { enabled, cron: taskFields.cron, name: taskFields.name };

export const taskRunSchema = z.strictObject({ id: numeric(z.number({ error: 'validation.number' }).int().positive()) });
export const taskRunsQuerySchema = z.strictObject({
  task_id: numeric(z.number({ error: 'validation.number' }).int().positive()),
  page: numeric(z.number({ error: 'validation.number' }).int().min(1)).optional(),
  limit: numeric(z.number({ error: 'validation.number' }).int().min(1).max(100)).optional(),
});

/**
 * The counts a built-in job's run reports (its last_result, shown by the console as "label: n"): every
 * key a job may return is listed here, so the server cannot return one the catalogues do not label
 * (JobDef types its result by it, the zh and en catalogues are records over it).
 */
export const TASK_RESULT_KEYS = [
  'deleted',
  'customers',
  'groups',
  'drifted_groups',
  'drifted_region_groups',
  'stations',
  'stations_drifted_groups',
  'stations_drifted_region_groups',
  'work_orders',
  'work_orders_drifted_groups',
  'work_orders_drifted_region_groups',
  'self_audits',
  'self_audits_drifted_groups',
  'self_audits_drifted_region_groups',
  'rollups',
  'seconds',
  'slowest_ms',
  'marked',
  'plans',
  'periods',
  'inspections',
  'response_breached',
  'repair_breached',
  'bills',
  'expired',
  'period',
  'month',
  'created',
  'batches',
  'parties',
  'lines',
  'reminded',
  'messages',
  'no_owner',
  'woken',
  'failed',
  'escalated',
  'partitions_created',
  'rows_moved',
  'months_archived',
  'rows_archived',
] as const;
export type TaskResultKey = (typeof TASK_RESULT_KEYS)[number];
/** What a job's run returns: counts, or a period / month ('2026-10'). */
export type TaskResult = Partial<Record<TaskResultKey, number | string>>;

export const TASK_RUN_STATUSES = ['running', 'success', 'failed', 'interrupted'] as const;
export type TaskRunStatus = (typeof TASK_RUN_STATUSES)[number];

/** A task as the API returns it. */
export interface TaskRecord {
  id: number;
  code: string;
  name: string;
  description: string;
  cron: string;
  enabled: boolean;
  next_run_at: string | null;
  locked_until: string | null;
  last_run_at: string | null;
  last_status: TaskRunStatus | null;
  /** a JSON object of counts (success) or the error text (failure) */
  last_result: string | null;
  last_duration_ms: number | null;
  version: number;
  /** whether the server knows the job */
  known: boolean;
  /** name and description to show: the job's own in the caller's language while they are the seeded (Chinese) defaults */
  label?: string;
  description_label?: string;
}

export interface TaskRunRecord {
  id: number;
  task_id: number;
  trigger: 'schedule' | 'manual';
  triggered_by: number | null;
  triggered_by_name?: string | null;
  started_at: string;
  finished_at: string | null;
  status: TaskRunStatus;
  result: string | null;
  duration_ms: number | null;
}

/** A job the server offers (GET /api/system/task/jobs). */
export interface TaskJobInfo {
  code: string;
  name: string;
  description: string;
  cron: string;
}
