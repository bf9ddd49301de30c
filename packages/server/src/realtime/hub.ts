import type { ServerFrame } from '@pv/contract';
import type { WebSocket } from 'ws';
import type { Db } from '../db/client.ts';
import { getMine, unreadCounts } from '../modules/message/service.ts';
import type { RealtimeEvent } from './pubsub.ts';

/** One authenticated console tab. */
export interface Client {
  socket: WebSocket;
  userId: number;
  token: string;
  /** the language of error frames */
  lang: 'zh' | 'en';
  /** answered the last ping */
  alive: boolean;
}

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
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  add(client: Client) {
    let set = this.byUser.get(client.userId);
    if (!set) this.byUser.set(client.userId, (set = new Set()));
    set.add(client);
  }

  remove(client: Client) {
    const set = this.byUser.get(client.userId);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.byUser.delete(client.userId);
  }

  clients(): Client[] {
    return [...this.byUser.values()].flatMap((s) => [...s]);
  }

  close() {
    this.closed = true;
  }

  /** Runs an event from the bus; errors are reported, never thrown into the bus. */
  handle(event: RealtimeEvent): void {
    this.deliver(event).catch(this.onError);
  }

  private targets(userId: number | null): number[] {
    if (userId === null) return [...this.byUser.keys()];
    return this.byUser.has(userId) ? [userId] : [];
  }

  private async deliver(event: RealtimeEvent) {
    if (this.closed) return;
    const users = this.targets(event.kind === 'message' ? event.recipient_id : event.user_id);
    if (!users.length) return;
    const counts = await unreadCounts(this.db, users);
    if (event.kind === 'message') {
      // the same row for every recipient; a brand-new message is unread for all of them
      const message = await getMine(this.db, users[0]!, event.id);
      if (!message || this.closed) return;
      for (const userId of users) {
        const frame: ServerFrame = { type: 'message', message: { ...message, read: false, read_at: null }, unread: counts.get(userId) ?? 0 };
        for (const c of this.byUser.get(userId) ?? []) send(c.socket, frame);
      }
    } else {
      if (this.closed) return;
      for (const userId of users) {
        for (const c of this.byUser.get(userId) ?? []) send(c.socket, { type: 'unread', unread: counts.get(userId) ?? 0 });
      }
    }
  }
}
