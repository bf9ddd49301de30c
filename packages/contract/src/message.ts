import { z } from 'zod';
import { editableFields, enumField, fieldsOf, idField, numeric, optionalText, requiredText } from './fields.ts';
import type { Lang } from './i18n.ts';

/**
 * Messages (SPEC.md §7 /api/system/message/*): a title and content sent by a user to one user or to
 * everyone (recipient_id null), with a read state per user; new ones are pushed over the websocket
 * (paths.websocket) to the recipients' open consoles.
 */

export const MESSAGE_TYPES = ['system', 'notice', 'business'] as const;
export const MESSAGE_LEVELS = ['info', 'warning', 'urgent'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export type MessageLevel = (typeof MESSAGE_LEVELS)[number];

export const MESSAGE_TYPE_LABELS: Record<MessageType, Record<Lang, string>> = {
  system: { zh: '系统通知', en: 'System' },
  notice: { zh: '公告', en: 'Notice' },
  business: { zh: '业务提醒', en: 'Business' },
};
export const MESSAGE_LEVEL_LABELS: Record<MessageLevel, Record<Lang, string>> = {
  info: { zh: '普通', en: 'Info' },
  warning: { zh: '重要', en: 'Warning' },
  urgent: { zh: '紧急', en: 'Urgent' },
};

/** How many messages get_notify returns for the bell by default, and at most. */
export const NOTIFY_DEFAULT_LIMIT = 5;
export const NOTIFY_MAX_LIMIT = 20;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** A console route (/customer/customerList?id=3) or an http(s) address. */
export const messageLinkField = () =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: 'validation.required' })
      .trim()
      .max(300, { error: 'validation.too_long|300' })
      .regex(/^(\/[^\s]*|https?:\/\/[^\s]+)$/, { error: 'validation.message_link' })
      .nullish(),
  );

/** null, '' or 0 = everyone. */
const recipientField = () =>
  z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), idField().nullable()).optional();

const messageFields = {
  title: requiredText(200),
  content: z.preprocess((v) => (v === null ? '' : v), optionalText(5000)),
  type: enumField(MESSAGE_TYPES).optional(),
  level: enumField(MESSAGE_LEVELS).optional(),
  link: messageLinkField(),
};

/** add: recipient_id = one user, or null / omitted = everyone. */
export const messageCreateSchema = z.strictObject({ ...messageFields, recipient_id: recipientField() });
/** Fields an add may send (messageCreateSchema). */
export const MESSAGE_CREATE_FIELDS = fieldsOf(messageCreateSchema);
/** edit corrects the text, type, level or link; the recipient of a sent message is fixed. */
export const messageEditSchema = z
  .strictObject({ ...messageFields, id: idField(), version: z.number({ error: 'validation.number' }).int().nonnegative() })
  .partial({ title: true });
/** Fields a message edit may send (messageEditSchema minus id and version; the recipient is fixed). */
export const MESSAGE_EDITABLE = editableFields(messageEditSchema);
export const messageQuickFieldSchemas = { type: enumField(MESSAGE_TYPES), level: enumField(MESSAGE_LEVELS) };

const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false'), z.literal('')], {
    error: 'validation.enum',
  })
  .transform((v) => (v === '' ? undefined : v === true || v === 1 || v === '1' || v === 'true'));

/** get_message_list: the caller's own messages. read=0 unread only, read=1 read only. */
export const myMessageListSchema = z.object({
  page: numeric(z.number({ error: 'validation.number' }).int().min(1)).default(1),
  limit: numeric(z.number({ error: 'validation.number' }).int().min(1).max(100, { error: 'validation.number_range|1|100' })).default(20),
  read: flag.optional(),
  type: z.preprocess(blankToNull, enumField(MESSAGE_TYPES).nullish()),
  q: z.string().trim().max(100, { error: 'validation.too_long|100' }).optional(),
});

const idList = z.union([
  z.array(idField()).max(500),
  z.string().transform((s, ctx) => {
    const parts = s.split(',').map((p) => p.trim()).filter(Boolean);
    const ids = parts.map(Number);
    if (ids.some((n) => !Number.isInteger(n) || n <= 0)) {
      ctx.addIssue({ code: 'custom', message: 'validation.number' });
      return z.NEVER;
    }
    return ids;
  }),
  idField().transform((n) => [n]),
]);

/** get_notify: mark `ids` read (optional), then return the unread count and the latest `limit` messages. */
export const notifySchema = z.strictObject({
  ids: idList.optional(),
  limit: numeric(
    z
      .number({ error: 'validation.number' })
      .int()
      .min(1, { error: `validation.number_range|1|${NOTIFY_MAX_LIMIT}` })
      .max(NOTIFY_MAX_LIMIT, { error: `validation.number_range|1|${NOTIFY_MAX_LIMIT}` }),
  ).optional(),
});

/** What every view of a message shows. */
interface MessageBase {
  id: number;
  title: string;
  content: string;
  type: MessageType;
  level: MessageLevel;
  link: string | null;
  sender_name: string | null;
  created_at: string;
}

/** A message as the management list (index / get_info) returns it. */
export interface MessageRecord extends MessageBase {
  sender_id: number | null;
  recipient_id: number | null;
  recipient_name: string | null;
  read_count: number;
  version: number;
  updated_at: string;
}

/** One of the caller's own messages (get_message_list, get_notify, the websocket). */
export interface MyMessage extends MessageBase {
  /** true: addressed to everyone */
  broadcast: boolean;
  read: boolean;
  read_at: string | null;
}

export interface MyMessageList {
  list: MyMessage[];
  total: number;
  unread: number;
}

export interface NotifyResult {
  unread: number;
  list: MyMessage[];
}

/**
 * What the server sends on the websocket (JSON text frames). The client authenticates with
 * `?token=<access token>` or a first frame `{type:'auth', token}`, may send `{type:'ping'}`.
 * Close codes: 4401 no token in time, 4402 invalid or revoked session (sign in again), 4405 access
 * token expired (refresh it and reconnect).
 */
export type ServerFrame =
  /** user_id 0 and unread 0 for a display token (it receives statistics changes only) */
  | { type: 'ready'; user_id: number; unread: number }
  /** statistics may have changed (customers, stations, orders, self-audits or matters were written): read them again */
  | { type: 'stats' }
  | { type: 'message'; message: MyMessage; unread: number }
  | { type: 'unread'; unread: number }
  | { type: 'pong' }
  | { type: 'error'; code: number; msg: string };

export type ClientFrame = { type: 'auth'; token: string } | { type: 'ping' };

