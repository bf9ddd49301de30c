import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { observeStatements } from '../../db/client.ts';
import { pgPubSub, type PubSub, type RealtimeEvent } from '../../realtime/pubsub.ts';
import type { TokenPayload } from './token.ts';

/**
 * Who is calling, kept in memory between requests (docs/DECISIONS.md "Auth cache"): the verified
 * access tokens, and per session the row authenticate() reads — the session's state, its user, the
 * user's roles with their permissions and scope, whether the user's agent is disabled. Every request
 * without it costs a statement joining five tables before any work.
 *
 * An entry is forgotten when the database says it changed: triggers on sessions, users, user_roles,
 * roles and agents NOTIFY the realtime channel (migration auth_notify), which every API process on
 * the database listens to — so a logout, a password reset, a disabled or deleted user, a changed role
 * reaches every server in milliseconds, whatever code path wrote it. Three guards keep that true when
 * the channel cannot be trusted:
 * - this process's own writes to those tables are seen as the statements are issued (a revocation
 *   must hold for the very next request, before the notification comes back): the cache is emptied
 *   and not used for WRITE_BYPASS_MS;
 * - on PostgreSQL the listening connection may drop: when it subscribes again everything is forgotten
 *   (what was sent meanwhile is lost), and a heartbeat sent through the pool every BEAT_MS must come
 *   back on it within BEAT_LATE_MS of being sent, else the cache is not used until one does;
 * - an entry is re-read after ENTRY_TTL_MS whatever happens.
 */

/** how long after this process writes sessions, users, roles… the cache stays unused (the write's transaction commits meanwhile) */
const WRITE_BYPASS_MS = 2_000;
/** PostgreSQL: heartbeat period, and how late after its statement finished a heartbeat may come back */
const BEAT_MS = 500;
const BEAT_LATE_MS = 1_000;
/** the longest an entry is used without being read again */
const ENTRY_TTL_MS = 5 * 60_000;
/** bounds on memory: the oldest entries go first */
const MAX_SESSIONS = 20_000;
const MAX_TOKENS = 20_000;

/**
 * Statements that change who may do what: updates and deletes of sessions and users (a new session
 * or user has nothing cached), any write of user_roles, updates and deletes of roles and agents.
 * Matched at the start of the statement, as drizzle and the hand-written SQL write them.
 */
const AUTH_WRITE = /^\s*(?:(?:update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?(?:sessions|users|user_roles|roles|agents)"?[\s;]|insert\s+into\s+"?user_roles"?[\s(])/i;

interface Entry<Row> {
  row: Row;
  userId: number;
  at: number;
}

export class AuthCache<Row> {
  private readonly sessions = new Map<string, Entry<Row>>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly tokens = new Map<string, TokenPayload>();
  private bypassUntil = 0;
  /** PostgreSQL: the heartbeat awaited (its id, and when its statement finished: null while it runs); null = none out */
  private beat: { id: string; doneAt: number | null } | null = null;
  /** when the cache was last emptied (or one of its sessions forgotten): rows read before are not kept */
  private clearedAt = 0;
  /** false until the listener is subscribed (and while a PostgreSQL one has not yet re-subscribed) */
  listening = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** whether entries may be used now */
  usable(): boolean {
    const now = this.now();
    if (!this.listening || now < this.bypassUntil) return false;
    return !(this.beat?.doneAt != null && now - this.beat.doneAt > BEAT_LATE_MS);
  }

  session(id: string): Entry<Row> | undefined {
    if (!this.usable()) return undefined;
    const entry = this.sessions.get(id);
    if (entry && this.now() - entry.at > ENTRY_TTL_MS) {
      this.forgetSession(id);
      return undefined;
    }
    return entry;
  }

  /** Keeps a row read at `readAt` — unless the cache was emptied since (the row may predate that change). */
  keep(id: string, userId: number, row: Row, readAt: number): void {
    if (!this.usable() || readAt <= this.clearedAt) return;
    if (this.sessions.size >= MAX_SESSIONS) this.forgetSession(this.sessions.keys().next().value!);
    this.sessions.set(id, { row, userId, at: readAt });
    let ids = this.byUser.get(userId);
    if (!ids) this.byUser.set(userId, (ids = new Set()));
    ids.add(id);
  }

  /** A verified token's payload (its signature was checked once; expiry is the caller's, every time). */
  token(token: string): TokenPayload | undefined {
    return this.tokens.get(token);
  }

  keepToken(token: string, payload: TokenPayload): void {
    if (this.tokens.size >= MAX_TOKENS) this.tokens.delete(this.tokens.keys().next().value!);
    this.tokens.set(token, payload);
  }

  forgetSession(id: string): void {
    const entry = this.sessions.get(id);
    this.clearedAt = this.now();
    if (!entry) return;
    this.sessions.delete(id);
    const ids = this.byUser.get(entry.userId);
    ids?.delete(id);
    if (ids && !ids.size) this.byUser.delete(entry.userId);
  }

  forgetUser(userId: number): void {
    this.clearedAt = this.now();
    for (const id of this.byUser.get(userId) ?? []) this.sessions.delete(id);
    this.byUser.delete(userId);
  }

  clear(): void {
    this.clearedAt = this.now();
    this.sessions.clear();
    this.byUser.clear();
  }

  /** This process is writing a table the cache is read from. */
  writing(): void {
    this.clear();
    this.bypassUntil = this.now() + WRITE_BYPASS_MS;
  }

  /** An event from the bus. */
  handle(event: RealtimeEvent): void {
    if (event.kind !== 'auth') return;
    if (event.beat !== undefined) {
      if (this.beat?.id === event.beat) this.beat = null;
    } else if (event.session !== undefined) this.forgetSession(event.session);
    else if (event.user !== undefined) this.forgetUser(event.user);
    else this.clear();
  }

  /** A new heartbeat's id, or null while one is out (one unheard is all it takes to stop trusting). */
  beatStart(): string | null {
    if (this.beat) return null;
    this.beat = { id: randomUUID(), doneAt: null };
    return this.beat.id;
  }

  /** The heartbeat's statement finished at `doneAt` (or failed: nothing to wait for) — it must come back on the listener soon. */
  beatSent(id: string, doneAt: number | 'failed'): void {
    if (this.beat?.id !== id) return; // heard already
    if (doneAt === 'failed') this.beat = null;
    else this.beat.doneAt = doneAt;
  }

  /** The listener (re)subscribed: whatever was sent while it was away is lost. */
  resubscribed(): void {
    this.clear();
    this.beat = null;
    this.listening = true;
  }
}

/** The running cache of each database handle (apps built on one handle share it). */
const running = new Map<Db, { cache: AuthCache<unknown>; users: number; stop: () => Promise<void> }>();

/** The cache authenticate() uses for this database, if an app started one. */
export function authCacheOf<Row>(db: Db): AuthCache<Row> | undefined {
  return running.get(db)?.cache as AuthCache<Row> | undefined;
}

/**
 * Starts the cache for an app: listens on the realtime channel, watches this process's statements,
 * and on PostgreSQL sends the heartbeat. The returned stop() ends it (the last app on the handle).
 */
export async function startAuthCache(db: Db, kind: 'pglite' | 'postgres', onError: (err: unknown) => void): Promise<() => Promise<void>> {
  const existing = running.get(db);
  if (existing) {
    existing.users++;
    return () => release(db);
  }
  const cache = new AuthCache<unknown>();
  const unobserve = observeStatements(db, (text) => {
    if (AUTH_WRITE.test(text.slice(0, 80))) cache.writing();
  });
  let pubsub: PubSub;
  try {
    pubsub = await pgPubSub(db, kind, onError, () => cache.resubscribed());
  } catch (err) {
    unobserve();
    throw err;
  }
  const unsubscribe = pubsub.subscribe((event) => cache.handle(event));
  // PGlite delivers its notifications in this process, as the statement that sent them returns
  if (kind === 'pglite') cache.resubscribed();
  let timer: ReturnType<typeof setInterval> | null = null;
  if (kind === 'postgres') {
    timer = setInterval(() => {
      const id = cache.beatStart();
      if (!id) return;
      pubsub.publish({ kind: 'auth', beat: id }).then(
        () => cache.beatSent(id, Date.now()),
        (err: unknown) => {
          cache.beatSent(id, 'failed');
          onError(err);
        },
      );
    }, BEAT_MS);
    timer.unref();
  }
  const stop = async () => {
    if (timer) clearInterval(timer);
    unsubscribe();
    unobserve();
    await pubsub.close();
  };
  running.set(db, { cache, users: 1, stop });
  return () => release(db);
}

async function release(db: Db): Promise<void> {
  const entry = running.get(db);
  if (!entry || --entry.users > 0) return;
  running.delete(db);
  await entry.stop();
}
