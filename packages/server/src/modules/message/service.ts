import type { Lang, MyMessage, MyMessageList, NotifyResult } from '@pv/contract';
import { type SQL, and, count, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { type Db, type Queryable, query } from '../../db/client.ts';
import { messageReads, messages } from '../../db/schema/index.ts';
import { renderMessage } from './centre.ts';

/**
 * The signed-in user's own messages: those addressed to them or to everyone. Read state is per
 * user (message_reads); nothing here ever returns a message addressed to someone else.
 */

/** Messages `userId` may see. */
export const visibleTo = (userId: number): SQL => or(isNull(messages.recipient_id), eq(messages.recipient_id, userId))!;

/** The read row of `userId` joined to a message. */
const readJoin = (userId: number) => and(eq(messageReads.message_id, messages.id), eq(messageReads.user_id, userId));

const myColumns = {
  id: messages.id,
  title: messages.title,
  content: messages.content,
  msg_key: messages.msg_key,
  msg_params: messages.msg_params,
  type: messages.type,
  level: messages.level,
  link: messages.link,
  recipient_id: messages.recipient_id,
  created_at: messages.created_at,
  read_at: messageReads.read_at,
  sender_name: sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = ${messages.sender_id})`,
};

type MyRow = { [K in keyof typeof myColumns]: unknown };

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** A row as the reader sees it: a system message in their language (renderMessage). */
function present(r: MyRow, lang: Lang): MyMessage {
  return {
    id: Number(r.id),
    ...renderMessage(r, lang),
    type: r.type as MyMessage['type'],
    level: r.level as MyMessage['level'],
    link: (r.link as string | null) ?? null,
    sender_name: (r.sender_name as string | null) ?? null,
    broadcast: r.recipient_id === null,
    read: r.read_at !== null && r.read_at !== undefined,
    read_at: iso(r.read_at),
    created_at: iso(r.created_at)!,
  };
}

export async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .leftJoin(messageReads, readJoin(userId))
    .where(and(visibleTo(userId), isNull(messageReads.user_id)));
  return Number(row?.n ?? 0);
}

/** Unread counts of several users at once (the websocket hub's connected users). */
export async function unreadCounts(db: Queryable, userIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!userIds.length) return out;
  const rows = await query<{ user_id: number; n: number | string }>(
    db,
    sql`select u.id as user_id,
          (select count(*) from messages m
            where (m.recipient_id is null or m.recipient_id = u.id)
              and not exists (select 1 from message_reads r where r.message_id = m.id and r.user_id = u.id)) as n
        from unnest(${sql.raw(`ARRAY[${userIds.map((id) => Number(id) | 0).join(',')}]::int[]`)}) as u(id)`,
  );
  for (const r of rows) out.set(Number(r.user_id), Number(r.n));
  return out;
}

export interface MyListQuery {
  lang: Lang;
  page: number;
  limit: number;
  read?: boolean;
  type?: string | null;
  q?: string;
}

/** get_message_list: one page of the caller's messages, newest first, with the read flag and the unread count. */
export async function listMine(db: Db, userId: number, q: MyListQuery): Promise<MyMessageList> {
  const conds: (SQL | undefined)[] = [visibleTo(userId)];
  if (q.read === true) conds.push(isNotNull(messageReads.user_id));
  if (q.read === false) conds.push(isNull(messageReads.user_id));
  if (q.type) conds.push(eq(messages.type, q.type));
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(messages.title, like), ilike(messages.content, like)));
  }
  const where = and(...conds);
  const [rows, [total], unread] = await Promise.all([
    db
      .select(myColumns)
      .from(messages)
      .leftJoin(messageReads, readJoin(userId))
      .where(where)
      .orderBy(desc(messages.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(messages).leftJoin(messageReads, readJoin(userId)).where(where),
    unreadCount(db, userId),
  ]);
  return { list: rows.map((r) => present(r, q.lang)), total: Number(total?.n ?? 0), unread };
}

/** One of the caller's messages in their language (for the websocket push), or null if it is not theirs. */
export async function getMine(db: Queryable, userId: number, id: number, lang: Lang): Promise<MyMessage | null> {
  const [row] = await db
    .select(myColumns)
    .from(messages)
    .leftJoin(messageReads, readJoin(userId))
    .where(and(eq(messages.id, id), visibleTo(userId)));
  return row ? present(row, lang) : null;
}

/** Marks the given messages read for `userId`; ids that are not theirs are ignored. Returns how many became read. */
export async function markRead(db: Queryable, userId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await query(
    db,
    sql`insert into message_reads (message_id, user_id)
        select m.id, ${userId}::int from messages m
        where m.id in ${ids} and (m.recipient_id is null or m.recipient_id = ${userId})
        on conflict (user_id, message_id) do nothing
        returning message_id`,
  );
  return rows.length;
}

/** clear_all_meg: every message of the caller becomes read and leaves the bell's list. Returns how many changed. */
export async function clearAll(db: Queryable, userId: number): Promise<number> {
  const rows = await query(
    db,
    sql`insert into message_reads (message_id, user_id, read_at, cleared_at)
        select m.id, ${userId}::int, now(), now() from messages m
        where (m.recipient_id is null or m.recipient_id = ${userId})
        on conflict (user_id, message_id) do update set cleared_at = now()
          where message_reads.cleared_at is null
        returning message_id`,
  );
  return rows.length;
}

/** get_notify: the unread count and the latest messages not cleared from the bell. */
export async function notifyList(db: Db, userId: number, limit: number, lang: Lang): Promise<NotifyResult> {
  const [rows, unread] = await Promise.all([
    db
      .select(myColumns)
      .from(messages)
      .leftJoin(messageReads, readJoin(userId))
      .where(and(visibleTo(userId), isNull(messageReads.cleared_at)))
      .orderBy(desc(messages.id))
      .limit(limit),
    unreadCount(db, userId),
  ]);
  return { list: rows.map((r) => present(r, lang)), unread };
}

