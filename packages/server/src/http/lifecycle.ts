import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { WebSocketServer } from 'ws';

/** Where the process is: starting (migrating, bootstrapping), serving, or draining for a shutdown. */
export type Phase = 'starting' | 'ready' | 'draining';

export interface DrainResult {
  /** connections still busy when the grace period ended, destroyed */
  cut: number;
  /** websockets closed with 1001 / terminated because they did not answer the close */
  websockets: number;
  terminated: number;
}

/** A connection and what it is doing. */
interface Conn {
  /** requests received and not yet answered */
  busy: number;
  /** when it last became idle (ms, performance.now) */
  idleSince: number;
  /** taken over by a websocket: closed by the websocket server, not here */
  upgraded: boolean;
  /** the reply being written (the last request's) */
  res: ServerResponse | null;
}

/** How long a request that arrives while the server starts is held for the app before it gets 503. */
const HOLD_WHILE_STARTING_MS = 60_000;
/** How many such requests are held at most. */
const HOLD_MAX = 1000;

/** How long a keep-alive connection must have been idle during a drain before it is closed (see drain()). */
const IDLE_BEFORE_CLOSE_MS = 1000;
/** How long a websocket gets to answer the 1001 close frame before its connection is destroyed. */
const WEBSOCKET_CLOSE_MS = 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The HTTP server of a production process, created before the database is opened: it listens at
 * once, so a health check can tell "starting" (readiness 503, liveness 200) from "down", and fastify
 * takes it over when the app is built (serverFactory). It knows every connection and whether it is
 * busy, which a drain without dropped requests needs.
 */
export class ServerLifecycle {
  phase: Phase = 'starting';
  readonly server: Server;
  private readonly conns = new Map<Socket, Conn>();
  /** fastify's request handler, given by serverFactory; answers once serve() is called */
  private appHandler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  private handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  /** requests that arrived while starting, answered by the app once it is ready */
  private held: Array<{ req: IncomingMessage; res: ServerResponse; timer: NodeJS.Timeout }> = [];

  constructor(options: { keepAliveTimeoutMs: number }) {
    this.server = createServer();
    // idle keep-alive connections outlive the proxy's (nginx closes first, never reusing one we are closing);
    // the headers timeout must exceed it or a reused connection could be cut while its next request arrives
    this.server.keepAliveTimeout = options.keepAliveTimeoutMs;
    this.server.headersTimeout = options.keepAliveTimeoutMs + 5_000;
    this.server.on('connection', (socket: Socket) => {
      this.conns.set(socket, { busy: 0, idleSince: performance.now(), upgraded: false, res: null });
      socket.once('close', () => this.conns.delete(socket));
    });
    this.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const conn = this.conns.get(req.socket);
      if (!conn) return;
      conn.busy++;
      conn.res = res;
      // during a drain every answer closes its connection, so the proxy opens its next one elsewhere
      if (this.phase === 'draining') res.setHeader('connection', 'close');
      res.once('close', () => {
        conn.busy--;
        conn.idleSince = performance.now();
        if (conn.res === res) conn.res = null;
      });
    });
    this.server.on('upgrade', (req: IncomingMessage) => {
      const conn = this.conns.get(req.socket);
      if (conn) conn.upgraded = true;
    });
    // after the bookkeeping above, so that a drain's Connection: close is set before anything answers
    this.server.on('request', (req: IncomingMessage, res: ServerResponse) => (this.handler ? this.handler(req, res) : this.whileStarting(req, res)));
  }

  /** Listens; resolves with the port (PORT=0 picks a free one). */
  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        const address = this.server.address();
        resolve(address && typeof address === 'object' ? address.port : port);
      });
    });
  }

  /** fastify's serverFactory: the app built on this server (it answers after serve()). */
  serverFactory = (handler: (req: IncomingMessage, res: ServerResponse) => void): Server => {
    this.appHandler = handler;
    return this.server;
  };

  /** The app is ready: it answers every request from now on, and readiness turns true. */
  serve() {
    if (!this.appHandler) throw new Error('no app was built on this server');
    this.handler = this.appHandler;
    this.phase = 'ready';
    for (const { req, res, timer } of this.held.splice(0)) {
      clearTimeout(timer);
      if (!res.writableEnded && !req.destroyed) this.handler(req, res);
    }
  }

  /**
   * Until the app is built the probes answer at once — liveness 200, readiness 503 (and /api/health 503:
   * not ready yet) — and any other request is held, unread, and handed to the app when it is ready:
   * a proxy without health checks (nginx) may send a POST to a server that is still starting (a rolling
   * restart), and a 503 there would be a failed write it may not retry. Held past HOLD_WHILE_STARTING_MS
   * (a long migration), or beyond HOLD_MAX of them, a request gets 503.
   */
  private whileStarting(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '').split('?')[0];
    if (!path?.startsWith('/api/health') && this.phase === 'starting' && this.held.length < HOLD_MAX) {
      const timer = setTimeout(() => {
        this.held = this.held.filter((h) => h.res !== res);
        this.answer(res, 503, 'starting');
      }, HOLD_WHILE_STARTING_MS);
      timer.unref();
      this.held.push({ req, res, timer });
      return;
    }
    const live = path === '/api/health/live';
    this.answer(res, live ? 200 : 503, live ? 'ok' : this.phase);
  }

  private answer(res: ServerResponse, code: number, status: string) {
    if (res.headersSent) return;
    res.writeHead(code, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...(code === 200 ? {} : { 'retry-after': '5', connection: 'close' }) });
    res.end(JSON.stringify({ code, msg: status, data: { status } }));
  }

  /**
   * Drains the server without dropping a request:
   * - readiness turns false and no new connection is accepted (the listening socket closes; the proxy's
   *   next connect fails, which it retries on another server even for a POST, and marks this one down);
   * - every request still arriving on an open connection is answered, with `Connection: close`;
   * - websockets hear 1001 "going away" (the console reconnects through the proxy to another server) and
   *   are terminated after WEBSOCKET_CLOSE_MS if they do not answer (a client that stopped reading);
   * - a keep-alive connection idle for IDLE_BEFORE_CLOSE_MS is closed: by then the proxy has stopped
   *   choosing this server, so it is not about to send on it (closing one the moment a request is sent
   *   on it is what makes a proxy answer 502 to a POST it may not retry);
   * - after `graceMs` whatever is still open (a request still running, a client sending or reading
   *   slowly) is destroyed.
   * Node's own server.close() closes idle connections at once, so the listener is closed at the net level.
   */
  async drain(graceMs: number, websockets: WebSocketServer | null): Promise<DrainResult> {
    this.phase = 'draining';
    NetServer.prototype.close.call(this.server);
    // stopped before it was ready: what was held is answered 503 (it was never processed)
    for (const { res, timer } of this.held.splice(0)) {
      clearTimeout(timer);
      this.answer(res, 503, 'draining');
    }
    // the answers to requests already in flight close their connections too
    for (const c of this.conns.values()) if (c.res && !c.res.headersSent) c.res.setHeader('connection', 'close');
    const sockets = websockets ? [...websockets.clients] : [];
    for (const ws of sockets) ws.close(1001, 'server shutting down');
    const started = performance.now();
    let terminated = 0;
    let websocketsCut = false;
    for (;;) {
      const now = performance.now();
      if (!websocketsCut && now - started >= WEBSOCKET_CLOSE_MS) {
        websocketsCut = true;
        for (const ws of sockets) {
          if (ws.readyState === ws.CLOSED) continue;
          ws.terminate();
          terminated++;
        }
      }
      for (const [socket, c] of this.conns) {
        if (!c.upgraded && c.busy === 0 && now - c.idleSince >= IDLE_BEFORE_CLOSE_MS) socket.destroySoon();
      }
      if (this.conns.size === 0 || now - started >= graceMs) break;
      await sleep(50);
    }
    let cut = 0;
    for (const socket of this.conns.keys()) {
      socket.destroy();
      cut++;
    }
    return { cut, websockets: sockets.length, terminated };
  }
}
