import fastifyWebsocket from '@fastify/websocket';
import { type ClientFrame, isDisplayToken, langFromHeader, paths, WS_CLOSE } from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Deps } from '../http/deps.ts';
import { ApiError } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { authenticate } from '../modules/auth/service.ts';
import { authenticateDisplayToken } from '../modules/display_token/service.ts';
import { unreadCount } from '../modules/message/service.ts';
import { type Client, Hub, send } from './hub.ts';
import { type PubSub, pgPubSub } from './pubsub.ts';

/** Ping every open socket this often; one that did not answer the previous ping is dropped. */
export const HEARTBEAT_MS = 30_000;
/** A socket that has not authenticated within this time is closed. */
export const AUTH_TIMEOUT_MS = 10_000;

export interface Realtime {
  pubsub: PubSub;
  hub: Hub;
  /** one heartbeat round now: ping, drop the silent, re-check every socket's token */
  heartbeat(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const closeCodeOf = (code: number) => (code === 405 ? WS_CLOSE.expired : WS_CLOSE.invalid);

/**
 * The push channel (SPEC.md §7 "a websocket config exists"): GET /api/system/ws upgraded to a
 * websocket. Browsers cannot set headers on it, so the access token comes as `?token=` or as the
 * first frame `{type:'auth', token}`. Events travel between API processes over the PubSub
 * (PostgreSQL LISTEN/NOTIFY), so a message added on one process reaches consoles on all of them.
 */
export async function realtimeRoutes(app: FastifyInstance, { db, dbKind, config }: Deps): Promise<Realtime> {
  const onError = (err: unknown) => app.log.error({ err }, 'realtime');
  const pubsub = await pgPubSub(db, dbKind, onError);
  const hub = new Hub(db, onError);
  const unsubscribe = pubsub.subscribe((event) => hub.handle(event));

  await app.register(fastifyWebsocket, {
    options: { maxPayload: 16 * 1024 },
    // on shutdown every client hears 1001 "going away" (the console reconnects, to another instance
    // behind a proxy) instead of the plugin's close without a code
    preClose(done) {
      // not waiting for ws's close callback: it waits for every peer to answer the close frame
      for (const client of this.websocketServer.clients) client.close(1001, 'server shutting down');
      this.websocketServer.close();
      done();
    },
  });

  app.metrics.gauge('pv_websocket_connections', 'Open websockets (console tabs, big screens, wall displays) on this server', () => app.websocketServer.clients.size);
  app.metrics.gauge('pv_websocket_clients', 'Signed-in websocket clients on this server', () => hub.clients().length);

  /**
   * Verifies a token (a session's access token, or a wall display's token); on failure tells the
   * client why (in its language) and closes with 4402 / 4405.
   */
  async function verify(socket: WebSocket, token: string, lang: 'zh' | 'en') {
    try {
      return isDisplayToken(token) ? await authenticateDisplayToken(db, token) : await authenticate(db, config, token);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      send(socket, { type: 'error', code: err.code, msg: err.message_(lang) });
      socket.close(closeCodeOf(err.code), err.key);
      return null;
    }
  }

  /** A display token's socket receives statistics changes only: no user, no messages. */
  async function attach(socket: WebSocket, token: string, lang: 'zh' | 'en', previous: Client | null, wantsStats: boolean): Promise<Client | null> {
    const auth = await verify(socket, token, lang);
    if (!auth) return null;
    if (previous) hub.remove(previous);
    const display = auth.identity === 'display';
    const client: Client = { socket, userId: display ? null : auth.userId, stats: display || wantsStats, token, lang, alive: true };
    hub.add(client);
    send(socket, display ? { type: 'ready', user_id: 0, unread: 0 } : { type: 'ready', user_id: auth.userId, unread: await unreadCount(db, auth.userId) });
    return client;
  }

  // wsHandler (not `websocket: true`, which would hide the route from the API docs) serves upgrades;
  // a plain GET gets a clear 400
  app.route({
    method: 'GET',
    url: paths.websocket,
    config: { public: true },
    handler: async () => {
      throw new ApiError(400, 'error.websocket_only', { path: paths.websocket });
    },
    schema: doc(
      'message',
      'Websocket push channel. Authenticate with ?token=<access token> (or a display token) or a first frame {type:"auth", token}; send {type:"ping"} for {type:"pong"}. ' +
        'Add ?topics=stats to also receive {type:"stats"} when the statistics may have changed (at most one every 2 s; a display token always gets these and nothing else). ' +
        'Server frames: {type:"ready", user_id, unread}, {type:"message", message, unread} when a message to you (or to everyone) is added, ' +
        '{type:"unread", unread} when your unread count changes, {type:"error", code, msg}. Close codes: 4401 no token within 10 s, ' +
        '4402 invalid or revoked session (sign in again), 4405 access token expired (refresh and reconnect with the new one). ' +
        'The server pings every 30 s and re-checks the token.',
      { returns: 'a websocket (101 Switching Protocols); a plain GET gets 400' },
    ),
    wsHandler: (socket: WebSocket, req: FastifyRequest) => {
      const query = (req.query ?? {}) as Record<string, string | undefined>;
      const lang = query.lang ? langFromHeader(query.lang) : req.lang;
      const wantsStats = (query.topics ?? '').split(',').includes('stats');
      let client: Client | null = null;
      let pending: Promise<unknown> = Promise.resolve();
      const timer = setTimeout(() => {
        if (!client) socket.close(WS_CLOSE.noToken, 'auth timeout');
      }, AUTH_TIMEOUT_MS);

      // frames are handled one after another, so an auth frame finishes before the next one
      const run = (fn: () => Promise<void>) => {
        pending = pending.then(fn).catch((err) => {
          onError(err);
          socket.close(1011, 'server error');
        });
      };

      socket.on('pong', () => {
        if (client) client.alive = true;
      });
      socket.on('message', (data, isBinary) => {
        run(async () => {
          let frame: ClientFrame | null;
          try {
            frame = isBinary ? null : (JSON.parse(data.toString()) as ClientFrame);
          } catch {
            frame = null;
          }
          if (frame?.type === 'ping' && client) {
            send(socket, { type: 'pong' });
            return;
          }
          if (frame?.type === 'auth' && typeof frame.token === 'string' && frame.token) {
            // first authentication, or a fresh token after a refresh on the same socket
            const next = await attach(socket, frame.token, lang, client, wantsStats);
            if (next) client = next;
            return;
          }
          if (!client) socket.close(WS_CLOSE.noToken, 'auth required');
        });
      });
      socket.on('close', () => {
        clearTimeout(timer);
        if (client) hub.remove(client);
        client = null;
      });
      if (query.token) {
        run(async () => {
          client = await attach(socket, query.token!, lang, null, wantsStats);
        });
      }
    },
  });

  async function heartbeat() {
    await Promise.all(
      hub.clients().map(async (c) => {
        if (!c.alive) {
          hub.remove(c);
          c.socket.terminate();
          return;
        }
        c.alive = false;
        c.socket.ping();
        // a revoked session or an expired access token ends the socket; the console refreshes and reconnects
        const auth = await verify(c.socket, c.token, c.lang);
        if (!auth) hub.remove(c);
      }),
    );
  }
  const interval = setInterval(() => heartbeat().catch(onError), HEARTBEAT_MS);
  interval.unref();

  app.addHook('onClose', async () => {
    clearInterval(interval);
    hub.close();
    unsubscribe();
    await pubsub.close();
  });

  const realtime: Realtime = { pubsub, hub, heartbeat };
  app.decorate('realtime', realtime);
  return realtime;
}
