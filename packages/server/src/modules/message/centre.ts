import type { Lang, MessageLevel, MessageType } from '@pv/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { hasKey, t } from '../../http/messages.ts';
import { REALTIME_CHANNEL } from '../../realtime/pubsub.ts';

/**
 * The message centre's one way in (docs/DECISIONS.md "Messages in the reader's language"). A system
 * message is a catalogue key K and its parameters: the bell, the workbench and the message centre
 * show `K_title` and `K_body` (when the catalogue has one; else the content as sent) in the reader's
 * language. A parameter is text or a number (record names and numbers stay as they are) or a
 * label in both languages ({zh, en}: an enum's label). The Chinese text is stored too (title and
 * content: the search, and what a message without a key shows). A message a person typed (message
 * management, a process's push node) has no key: its text is shown as written.
 */

/** A parameter: as it is, or a label in both languages. */
export type MessageParam = string | number | { zh: string; en: string };

interface Common {
  /** a console route or an http(s) address */
  link?: string | null;
  sender?: number | null;
  /** one user; null = everyone */
  to: number | null;
  type?: MessageType;
  level?: MessageLevel;
  /** NOTIFY in this transaction (delivered when it commits); otherwise the caller publishes after commit */
  push?: boolean;
}

/** A system message: a catalogue key K (K_title, optionally K_body) with its parameters; `content` when there is no K_body. */
export interface KeyedMessage extends Common {
  key: string;
  params?: Record<string, MessageParam>;
  content?: string;
}

/** A message in words a person wrote: shown as written in every language. */
export interface TextMessage extends Common {
  title: string;
  content: string;
}

const isLabel = (v: unknown): v is { zh: string; en: string } => typeof v === 'object' && v !== null && 'zh' in v && 'en' in v;

/** The parameters in one language. */
const paramsIn = (params: Record<string, unknown> | null | undefined, lang: Lang) =>
  Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, isLabel(v) ? v[lang] : v]));

/** A stored message's title and content in `lang`: rendered from its key, else as stored. */
export function renderMessage(row: { title?: unknown; content?: unknown; msg_key?: unknown; msg_params?: unknown }, lang: Lang): { title: string; content: string } {
  const key = typeof row.msg_key === 'string' && row.msg_key ? row.msg_key : null;
  if (!key || !hasKey(`${key}_title`)) return { title: String(row.title ?? ''), content: String(row.content ?? '') };
  const params = paramsIn(row.msg_params as Record<string, unknown> | null, lang);
  return { title: t(`${key}_title`, lang, params), content: hasKey(`${key}_body`) ? t(`${key}_body`, lang, params) : String(row.content ?? '') };
}

export interface SentMessage {
  id: number;
  recipient_id: number | null;
}

/** Sends one message (keyed or text) in the caller's transaction; returns its id and recipient for the push. */
export async function sendMessage(tx: Queryable, m: KeyedMessage | TextMessage): Promise<SentMessage> {
  const keyed = 'key' in m;
  const text = keyed ? renderMessage({ title: '', content: m.content ?? '', msg_key: m.key, msg_params: m.params }, 'zh') : { title: m.title, content: m.content };
  const [row] = await tx
    .insert(messages)
    .values({
      title: text.title.slice(0, 200),
      content: text.content,
      type: m.type ?? 'business',
      level: m.level ?? 'info',
      link: m.link ?? null,
      sender_id: m.sender ?? null,
      recipient_id: m.to,
      msg_key: keyed ? m.key : null,
      msg_params: keyed ? (m.params ?? {}) : null,
    })
    .returning({ id: messages.id });
  const sent = { id: row!.id, recipient_id: m.to };
  if (m.push) await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify({ kind: 'message', ...sent })})`);
  return sent;
}
