import type { MyMessage, ServerFrame } from '@pv/contract';
import type { WebSocket } from 'ws';
import type { Db } from '../db/client.ts';
import { getMine, unreadCounts } from '../modules/message/service.ts';
import type { RealtimeEvent } from './pubsub.ts';

/** One authenticated console tab, big screen, or wall display (display token). */
export interface Client {
  socket: WebSocket;
  /** the signed-in user; a display token's client has none (it gets statistics changes only) */
  userId: number | null;
  /** receives `stats` frames (asked for with ?topics=stats; always for a display token) */
  stats: boolean;
  token: string;
  /** the language of error frames and of the messages pushed */
  lang: 'zh' | 'en';
  /** answered the last ping */
  alive: boolean;
}

/** The least time between two `stats` frames. */
export const STATS_PUSH_INTERVAL_MS = 2_000;

export function send(socket: WebSocket, frame: ServerFrame) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/**
 * The consoles connected to this process, by user. Events from the bus (any process) become
 * frames for the users they concern: only a message's recipient (or everyone connected, for a
 * message to everyone) ever receives it.
 */
export class Hub {
  private readonly byUser = new Map<number, Set<Client>>();
  private readonly statsClients = new Set<Client>();
  private closed = false;
  private statsTimer: ReturnType<typeof setTimeout> | null = null;
  private statsPending = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  add(client: Client) {
    if (client.stats) this.statsClients.add(client);
    if (client.userId === null) return;
    let set = this.byUser.get(client.userId);
    if (!set) this.byUser.set(client.userId, (set = new Set()));
    set.add(client);
  }

  remove(client: Client) {
    this.statsClients.delete(client);
    if (client.userId === null) return;
    const set = this.byUser.get(client.userId);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.byUser.delete(client.userId);
  }

  clients(): Client[] {
    return [...new Set([...[...this.byUser.values()].flatMap((s) => [...s]), ...this.statsClients])];
  }

  close() {
    this.closed = true;
    if (this.statsTimer) clearTimeout(this.statsTimer);
  }

  /** Runs an event from the bus; errors are reported, never thrown into the bus. */
  handle(event: RealtimeEvent): void {
    if (event.kind === 'stats') this.statsChanged();
    else if (event.kind !== 'auth') this.deliver(event).catch(this.onError);
  }

  /**
   * Tells the statistics subscribers at once, then at most once per interval while writes go on
   * (one trailing frame covers everything written during the interval).
   */
  private statsChanged() {
    // nobody listening (the usual case on a console-only process): no frame, no timer
    if (this.closed || this.statsClients.size === 0) return;
    if (this.statsTimer) {
      this.statsPending = true;
      return;
    }
    for (const c of this.statsClients) send(c.socket, { type: 'stats' });
    this.statsTimer = setTimeout(() => {
      this.statsTimer = null;
      if (this.statsPending) {
        this.statsPending = false;
        this.statsChanged();
      }
    }, STATS_PUSH_INTERVAL_MS);
    this.statsTimer.unref?.();
  }

  private targets(userId: number | null): number[] {
    if (userId === null) return [...this.byUser.keys()];
    return this.byUser.has(userId) ? [userId] : [];
  }

  private async deliver(event: Exclude<RealtimeEvent, { kind: 'stats' | 'auth' }>) {
    if (this.closed) return;
    const users = this.targets(event.kind === 'message' ? event.recipient_id : event.user_id);
    if (!users.length) return;
    const counts = await unreadCounts(this.db, users);
    if (event.kind === 'message') {
      // the same row for every recipient, in each console's language; a brand-new message is unread for all of them
      const inLang = new Map<'zh' | 'en', Promise<MyMessage | null>>();
      const messageIn = (lang: 'zh' | 'en') => {
        if (!inLang.has(lang)) inLang.set(lang, getMine(this.db, users[0]!, event.id, lang));
        return inLang.get(lang)!;
      };
      for (const userId of users) {
        for (const c of this.byUser.get(userId) ?? []) {
          const message = await messageIn(c.lang);
          if (!message || this.closed) return;
          send(c.socket, { type: 'message', message: { ...message, read: false, read_at: null }, unread: counts.get(userId) ?? 0 } satisfies ServerFrame);
        }
      }
    } else {
      if (this.closed) return;
      for (const userId of users) {
        for (const c of this.byUser.get(userId) ?? []) send(c.socket, { type: 'unread', unread: counts.get(userId) ?? 0 });
      }
    }
  }
}
