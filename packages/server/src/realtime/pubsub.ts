import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * What one API process tells all of them (itself included) so each can push to the consoles
 * connected to it. Events are small and name rows; receivers read the rows from the database.
 */
export type RealtimeEvent =
  /** a message was sent: to one user, or to everyone (recipient_id null) */
  | { kind: 'message'; id: number; recipient_id: number | null }
  /** unread counts may have changed (read, cleared, edited, deleted): one user, or everyone (null) */
  | { kind: 'unread'; user_id: number | null }
  /**
   * a statement wrote to a table the statistics read: sent by the database itself (migration
   * 0021_stats_notify: statement triggers on customers, stations, work orders, self-audits and
   * matters), so every write path counts and nothing is sent for a rolled-back transaction
   */
  | { kind: 'stats' }
  /**
   * who may do what changed: a session (`session`), a user's account or roles (`user`), or roles and
   * agents at large (neither). Sent by the database (migration auth_notify: triggers on sessions,
   * users, user_roles, roles and agents) so every write path counts; `beat` is the auth cache's own
   * heartbeat (modules/auth/cache.ts)
   */
  | { kind: 'auth'; session?: string; user?: number; beat?: string };

/** Publish/subscribe across API processes. */
export interface PubSub {
  /** delivers the event to every subscriber of every process on the same bus */
  publish(event: RealtimeEvent): Promise<void>;
  subscribe(handler: (event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
}

export const REALTIME_CHANNEL = 'pv_realtime';

function parseEvent(payload: string): RealtimeEvent | null {
  try {
    const e = JSON.parse(payload) as RealtimeEvent;
    return e && (e.kind === 'message' || e.kind === 'unread' || e.kind === 'stats' || e.kind === 'auth') ? e : null;
  } catch {
    return null;
  }
}

type Handler = (event: RealtimeEvent) => void;

function fanOut(handlers: Set<Handler>, payload: string, onError: (err: unknown) => void) {
  const event = parseEvent(payload);
  if (!event) return;
  for (const h of handlers) {
    try {
      h(event);
    } catch (err) {
      onError(err);
    }
  }
}

interface PgliteLike {
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
}
interface PostgresLike {
  listen(channel: string, cb: (payload: string) => void, onlisten?: () => void): Promise<{ unlisten(): Promise<void> }>;
}

/**
 * PostgreSQL LISTEN/NOTIFY: every process on the same database receives every event. Works on
 * PostgreSQL (postgres-js keeps one dedicated listening connection) and on PGlite (its single
 * instance delivers NOTIFY to its own listeners, so several apps on one PGlite also share events).
 * Payloads stay far below NOTIFY's 8000-byte limit (ids only).
 */
export async function pgPubSub(
  db: Db,
  kind: 'pglite' | 'postgres',
  onError: (err: unknown) => void = () => {},
  /** PostgreSQL: called each time the listening connection (re)subscribes — events sent while it was down are lost */
  onListen?: () => void,
): Promise<PubSub> {
  const handlers = new Set<Handler>();
  const client = (db as unknown as { $client: unknown }).$client;
  const receive = (payload: string) => fanOut(handlers, payload, onError);
  let stop: () => Promise<void>;
  if (kind === 'pglite') {
    stop = await (client as PgliteLike).listen(REALTIME_CHANNEL, receive);
  } else {
    const sub = await (client as PostgresLike).listen(REALTIME_CHANNEL, receive, onListen);
    stop = () => sub.unlisten();
  }
  let closed = false;
  return {
    async publish(event) {
      if (closed) return;
      await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      await stop().catch(onError);
    },
  };
}
