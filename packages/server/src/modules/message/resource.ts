import { enumField, MESSAGE_LEVELS, MESSAGE_TYPES, messageCreateSchema, messageEditSchema, messageQuickFieldSchemas, numeric } from '@pv/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { messages, users } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { defineResource, filterValue, range } from '../../resources/define.ts';
import type { AuthContext } from '../auth/context.ts';
import { plainRow } from '../present.ts';
import { agentTree } from '../scope.ts';
import { renderMessage } from './centre.ts';

const id = numeric(z.number({ error: 'validation.number' }).int().positive());

/**
 * The messages a manager may see and change: all of them with the `all` scope; otherwise those sent
 * to or by the users the caller may see (its agent tree's, its department's, itself) — a role with
 * message:* but the agent scope neither reads nor edits messages between others (a broadcast is
 * everyone's to read in the bell, get_message_list; it is managed by whoever may see its sender).
 */
export function messageScope(auth: AuthContext): SQL | undefined {
  if (auth.scope === 'all') return undefined;
  const people =
    auth.scope === 'agent' && auth.agentId !== null
      ? sql`(select u.id from users u where u.agent_id in ${agentTree(auth.agentId)})`
      : auth.scope === 'department' && auth.departmentId !== null
        ? sql`(select u.id from users u where u.department_id = ${auth.departmentId})`
        : sql`(select ${auth.userId})`;
  return sql`(${messages.recipient_id} in ${people} or ${messages.sender_id} in ${people})`;
}

/**
 * Message management (消息管理, permission message:*): every message in the caller's scope, with the
 * sender's and recipient's names and how many people have read it. recipient_id null = everyone.
 */
export const messageResource = defineResource({
  name: 'message',
  permission: 'message',
  table: messages,
  createSchema: messageCreateSchema,
  editSchema: messageEditSchema,
  sorts: { id: messages.id, created_at: messages.created_at, title: messages.title, level: messages.level, type: messages.type },
  defaultSort: { field: 'id', order: 'DESC' },
  filters: {
    id: { column: messages.id, op: 'eq', schema: id, multi: true },
    type: { column: messages.type, op: 'eq', schema: enumField(MESSAGE_TYPES), multi: true },
    level: { column: messages.level, op: 'eq', schema: enumField(MESSAGE_LEVELS), multi: true },
    sender_id: { column: messages.sender_id, op: 'eq', schema: id },
    // recipient_id=0 lists the messages to everyone
    recipient_id: {
      column: messages.recipient_id,
      op: 'eq',
      schema: numeric(z.number({ error: 'validation.number' }).int().nonnegative()),
      where: (values) => (values[0] === 0 ? sql`${messages.recipient_id} is null` : sql`${messages.recipient_id} = ${values[0] as number}`),
    },
    // a Date, as the timestamp column needs (a plain string failed in drizzle: 500 on every date)
    ...range('created_at', messages.created_at, filterValue.date),
  },
  search: [messages.title, messages.content],
  quickFields: messageQuickFieldSchemas,
  scope: messageScope,
  extraColumns: {
    sender_name: sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = "messages"."sender_id")`,
    recipient_name: sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = "messages"."recipient_id")`,
    read_count: sql<number>`(select count(*)::int from message_reads r where r.message_id = "messages"."id")`,
  },
  // a system message in the reader's language; its key stays visible to the administrator
  present: (row, lang) => ({ ...plainRow(row), ...renderMessage(row, lang) }),
  async prepareCreate(input, { auth, tx }) {
    const recipient = (input.recipient_id as number | null | undefined) ?? null;
    if (recipient !== null) {
      const [u] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, recipient), eq(users.status, 'enabled')));
      if (!u) throw new ApiError(400, 'error.message_recipient_not_found', { id: recipient });
    }
    return { ...input, content: (input.content as string | null | undefined) ?? '', recipient_id: recipient, sender_id: auth.userId };
  },
  async prepareEdit(input) {
    const out = 'content' in input && input.content == null ? { ...input, content: '' } : input;
    // corrected words replace the catalogue's: the message is shown as written from now on
    return 'title' in out || 'content' in out ? { ...out, msg_key: null, msg_params: null } : out;
  },
});
