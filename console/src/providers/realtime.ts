import { backoffDelay, parseServerFrame, websocketUrl } from '@pv/client';
import { paths, WS_CLOSE, type ServerFrame } from '@pv/contract';
import { client } from './client.ts';
import { currentLang } from './i18nProvider.ts';
import { session } from './session.ts';

/**
 * The tab's one websocket to /api/system/ws (SPEC.md §7 "a websocket config exists"). It opens
 * while something listens (the top-bar bell, the message centre) and a token exists, authenticates
 * with a first frame (so the token never appears in a URL or a server log), reconnects with
 * exponential backoff, and follows the token: after a refresh it re-authenticates the open socket
 * with the new token; after logout it closes. Close 4405 (token expired) makes an API call, which
 * lets the client refresh the token, then reconnects; 4402 (session gone) waits for a new token.
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';
type Listener = (frame: ServerFrame) => void;

/** how often the tab looks for a changed token (refresh in this or another tab, logout) */
const TOKEN_CHECK_MS = 2000;
/** application-level ping, so proxies that drop idle sockets keep ours */
const PING_MS = 25_000;

const listeners = new Set<Listener>();
const statusListeners = new Set<() => void>();
let socket: WebSocket | null = null;
let token: string | null = null;
/** the language the server renders pushed messages in (the console's, when the socket opened) */
let socketLang: string | null = null;
let status: RealtimeStatus = 'idle';
let unread: number | null = null;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let tokenTimer: ReturnType<typeof setInterval> | null = null;
let pingTimer: ReturnType<typeof setInterval> | null = null;
/** a 4402 refusal: wait for a different token before trying again */
let refusedToken: string | null = null;

function setStatus(next: RealtimeStatus) {
  status = next;
  for (const l of statusListeners) l();
}

function emit(frame: ServerFrame) {
  if (frame.type === 'ready' || frame.type === 'message' || frame.type === 'unread') unread = frame.unread;
  for (const l of listeners) l(frame);
  for (const l of statusListeners) l();
}

function clearRetry() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

function scheduleReconnect(delay = backoffDelay(attempt++)) {
  clearRetry();
  if (!listeners.size) return;
  retryTimer = setTimeout(connect, delay);
}

function stopSocket() {
  if (pingTimer) clearInterval(pingTimer);
  pingTimer = null;
  const s = socket;
  socket = null;
  if (s && s.readyState <= 1) s.close(1000, 'bye');
}

function connect() {
  clearRetry();
  const current = session.getToken();
  if (!listeners.size || !current || current === refusedToken || typeof WebSocket === 'undefined') {
    setStatus('idle');
    return;
  }
  stopSocket();
  token = current;
  setStatus('connecting');
  const base = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';
  socketLang = currentLang();
  const ws = new WebSocket(`${websocketUrl(base, window.location)}?lang=${socketLang}`);
  socket = ws;
  ws.onopen = () => {
    if (socket !== ws) return;
    ws.send(JSON.stringify({ type: 'auth', token: current }));
  };
  ws.onmessage = (event) => {
    if (socket !== ws) return;
    const frame = parseServerFrame(event.data);
    if (!frame) return;
    if (frame.type === 'ready') {
      attempt = 0;
      refusedToken = null;
      setStatus('open');
      if (pingTimer) clearInterval(pingTimer);
      pingTimer = setInterval(() => ws.readyState === 1 && ws.send(JSON.stringify({ type: 'ping' })), PING_MS);
    }
    emit(frame);
  };
  ws.onclose = (event) => {
    if (socket !== ws) return;
    socket = null;
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
    setStatus('closed');
    if (event.code === WS_CLOSE.invalid) {
      // the session is gone: the API client sends the user to login; try again only with another token
      refusedToken = current;
      return;
    }
    if (event.code === WS_CLOSE.expired) {
      // any API call refreshes the token (405 → refresh → retry); then reconnect with the new one
      void client
        .post(paths.message('get_notify'), { limit: 1 }, { silent: true })
        .catch(() => undefined)
        .finally(() => scheduleReconnect(0));
      return;
    }
    scheduleReconnect();
  };
}

/** Follows the stored token (a refreshed one re-authenticates the socket, none closes it) and the language (a switch reconnects). */
function checkToken() {
  const current = session.getToken();
  if (current && socket && socketLang !== currentLang()) {
    connect();
    return;
  }
  if (current === token && (socket || retryTimer || current === refusedToken)) return;
  if (!current) {
    token = null;
    stopSocket();
    clearRetry();
    unread = null;
    setStatus('idle');
    return;
  }
  if (socket && socket.readyState === 1 && status === 'open') {
    token = current;
    socket.send(JSON.stringify({ type: 'auth', token: current }));
    return;
  }
  if (current !== refusedToken) connect();
}

function start() {
  if (!tokenTimer) tokenTimer = setInterval(checkToken, TOKEN_CHECK_MS);
  if (!socket && !retryTimer) connect();
}

function stop() {
  if (tokenTimer) clearInterval(tokenTimer);
  tokenTimer = null;
  clearRetry();
  stopSocket();
  setStatus('idle');
}

export const realtime = {
  /** Listen to server frames; the first listener opens the socket, the last one leaving closes it. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    start();
    return () => {
      listeners.delete(listener);
      if (!listeners.size) stop();
    };
  },
  /** for useSyncExternalStore: status and unread count changes */
  subscribeState(listener: () => void): () => void {
    statusListeners.add(listener);
    return () => statusListeners.delete(listener);
  },
  getStatus: (): RealtimeStatus => status,
  /** the last unread count the server pushed (null before the first) */
  getUnread: (): number | null => unread,
  /** a count learned from an API reply (get_notify, clear_all_meg) */
  setUnread(n: number) {
    unread = n;
    for (const l of statusListeners) l();
  },
};
