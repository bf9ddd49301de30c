import { z } from 'zod';
import { editableFields, enumField, idField, phoneField, requiredText } from './fields.ts';
import { type FileView, MatterChannel, MatterStatus, MatterType } from './lifecycle.ts';
import { field, type FieldDisplay } from './field-kinds.ts';

/**
 * 光E宝 matters (DOMAIN.md): something a station owner raised in the app, or staff entered for a
 * call. Lifecycle MATTER_MACHINE (lifecycle.ts): 待处理 → 处理中 → 已办结 / 已驳回.
 */

const version = () => z.number({ error: 'validation.number' }).int().nonnegative();
const fileIds = () => z.array(idField()).max(20).optional();

const matterInput = {
  type: enumField(MatterType.values),
  station_id: idField().nullish(),
  customer_id: idField().nullish(),
  title: requiredText(100),
  content: requiredText(2000),
  channel: enumField(MatterChannel.values).default('staff'),
  contact_phone: phoneField().nullish(),
};

/** A new matter: the customer is required unless a station is given (its customer is taken then). */
export const matterCreateSchema = z
  .strictObject({ ...matterInput, file_ids: fileIds() })
  .refine((v) => v.customer_id != null || v.station_id != null, { error: 'validation.matter_customer_required', path: ['customer_id'] });

/** An edit of an open matter: what the staff typed in, not its state (the actions move that). */
export const matterEditSchema = z.strictObject({
  id: idField(),
  version: version(),
  type: enumField(MatterType.values).optional(),
  title: requiredText(100).optional(),
  content: requiredText(2000).optional(),
  channel: enumField(MatterChannel.values).optional(),
  contact_phone: phoneField().nullish(),
});

export const matterAssignSchema = z.strictObject({ id: idField(), version: version(), handler_id: idField() });

/** Bulk assign from the list: every selected matter goes to one handler, all or nothing. */
export const matterBatchAssignSchema = z.strictObject({ ids: z.array(idField()).min(1, { error: 'validation.required' }).max(200), handler_id: idField() });

export const matterReplySchema = z.strictObject({
  id: idField(),
  content: requiredText(2000),
  /** a voice note uploaded first via POST /upload (owner type audio) */
  audio_file_id: idField().nullish(),
  /** photos / PDFs uploaded first via POST /api/system/file/upload?owner_type=matter */
  file_ids: fileIds(),
});

export const matterCloseSchema = z.strictObject({
  id: idField(),
  version: version(),
  result: z.string({ error: 'validation.matter_result_required' }).trim().min(1, { error: 'validation.matter_result_required' }).max(1000, { error: 'validation.too_long|1000' }),
  satisfaction: z.number({ error: 'validation.number' }).int().min(1, { error: 'validation.number_range|1|5' }).max(5, { error: 'validation.number_range|1|5' }).nullish(),
});

export const matterRejectSchema = z.strictObject({
  id: idField(),
  version: version(),
  reason: z.string({ error: 'validation.matter_reason_required' }).trim().min(1, { error: 'validation.matter_reason_required' }).max(500, { error: 'validation.too_long|500' }),
});

export type MatterCreate = z.input<typeof matterCreateSchema>;
export type MatterTypeValue = (typeof MatterType.values)[number];
export type MatterChannelValue = (typeof MatterChannel.values)[number];

/** Fields an edit may send (matterEditSchema minus id and version). */
export const MATTER_EDITABLE = editableFields(matterEditSchema);

/** A matter as the API returns it. */
export interface Matter {
  id: number;
  matter_no: string;
  type: MatterTypeValue;
  station_id: number | null;
  station_code?: string | null;
  customer_id: number | null;
  customer_name?: string | null;
  agent_id: number | null;
  agent_name?: string | null;
  province_code: string | null;
  title: string;
  content: string;
  channel: MatterChannelValue;
  contact_phone: string | null;
  status: (typeof MatterStatus.values)[number];
  handler_id: number | null;
  handler_name?: string | null;
  assigned_at: string | null;
  handled_at: string | null;
  /** the closing result, or the reason of a rejection */
  result: string | null;
  satisfaction: number | null;
  reply_count?: number;
  last_reply_at?: string | null;
  created_by: number | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** One entry of a matter's thread (GET matter/replies?id=), oldest first. */
export interface MatterReply {
  id: number;
  matter_id: number;
  author_type: 'staff' | 'owner';
  author_id: number | null;
  author_name: string | null;
  content: string;
  audio: FileView | null;
  files: FileView[];
  created_at: string;
}

/** A 光E宝 matter's fields beyond their names (field-kinds.ts). */
export const MATTER_DISPLAY: FieldDisplay = {
  type: field.enumOf(MatterType),
  status: field.enumOf(MatterStatus),
  channel: field.enumOf(MatterChannel),
};
