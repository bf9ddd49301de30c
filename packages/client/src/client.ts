import { AUTH_MESSAGES, isSuccessCode, statusText, type ApiEnvelope, type Lang } from '@pv/contract';
import { currentBrowser } from './browser.ts';
import { withQuery } from './query.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type NotifyKind = 'error' | 'success';

export interface ErrorLogEntry {
  url: string;
  code: number | string;
  msg: string;
}

export interface ClientOptions {
  /** prefix of every url; default '' (same origin) */
  baseURL?: string;
  /** per attempt, in ms; default 30000 (SPEC.md §9) */
  timeout?: number;
  getToken(): string | null;
  getIdentity(): string | null;
  /** sends Accept-Language and picks the language of client-side messages; default 'zh' */
  getLang?(): Lang;
  /** show a message to the user (toast) */
  notify?(kind: NotifyKind, text: string): void;
  /** 402 (or a failed refresh): clear the session and go to login. `reason` is the server's msg when there is one. */
  onSessionExpired?(reason?: string): void;
  /**
   * 405: get a new access token (called once for any number of concurrent 405s); return null on failure.
   * If it calls this client, the refresh request must not wait for itself: urls containing
   * 'refresh_token' (or requests with `noRefresh: true`) bypass the queue.
   */
  refresh?(): Promise<string | null>;
  /** a blocking loader for urls containing 'doEdit' */
  onLoading?(loading: boolean): void;
  /** error-log hook (SPEC.md §8: errors are logged when error logging is on) */
  onError?(entry: ErrorLogEntry): void;
  /** value of the system-os header; default: browser name from navigator.userAgent, 'node' outside browsers */
  systemOs?(): string;
  /** the fetch to use; default globalThis.fetch (tests inject a fake) */
  fetch?: typeof fetch;
  /**
   * Name of a Web Lock (navigator.locks) held while refreshing, so the tabs of one origin (console,
   * big screen) never rotate the same refresh token at once; default 'pv-token-refresh', false to turn
   * off. Without the Web Locks API the refresh runs unlocked.
   */
  refreshLock?: string | false;
}

export interface RequestConfig {
  url: string;
  method?: HttpMethod;
  /** serialized into the query string (see serializeParams: arrays as repeated keys) */
  params?: Record<string, unknown>;
  /** JSON body for POST/PUT (FormData, Blob, URLSearchParams and strings are sent as they are); merged into the query for GET/DELETE */
  data?: unknown;
  signal?: AbortSignal;
  /** don't notify: the caller shows errors itself (the other hooks still run) */
  silent?: boolean;
  headers?: Record<string, string>;
  /** neither wait for nor trigger a token refresh (the refresh call itself); default: true when the url contains 'refresh_token' */
  noRefresh?: boolean;
}

/** Codes the client gives to failures that have no server code. */
export const CLIENT_CODES = {
  network: 'NETWORK',
  timeout: 'TIMEOUT',
  /** a 2xx reply that is not an `{code,msg,data}` envelope */
  badFormat: 406,
} as const;

export class ApiError extends Error {
  code: number | string;
  data: unknown;
  status?: number;
  url: string;
  constructor(message: string, init: { code: number | string; data?: unknown; status?: number; url: string }) {
    super(message);
    this.name = 'ApiError';
    this.code = init.code;
    this.data = init.data ?? null;
    this.status = init.status;
    this.url = init.url;
  }
}

/** The part of the Web Locks API the client uses. */
interface LockManagerLike {
  request<R>(name: string, callback: () => Promise<R>): Promise<R>;
}

export type ExtraConfig = Omit<RequestConfig, 'url' | 'method' | 'params' | 'data'>;

export interface ApiClient {
  /** resolves with the whole envelope on a success code (200, 0, '200', '0'); rejects with ApiError otherwise */
  request<T = unknown>(config: RequestConfig): Promise<ApiEnvelope<T>>;
  get<T = unknown>(url: string, params?: Record<string, unknown>, extra?: ExtraConfig): Promise<ApiEnvelope<T>>;
  post<T = unknown>(url: string, data?: unknown, extra?: ExtraConfig & { params?: Record<string, unknown> }): Promise<ApiEnvelope<T>>;
}

interface Reply {
  code: number | string;
  msg: string;
  data: unknown;
  status: number;
  envelope: ApiEnvelope<unknown> | null;
}

const isEnvelope = (body: unknown): body is ApiEnvelope<unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && 'code' in body;

const isCode = (code: number | string, wanted: number) => Number(code) === wanted && String(code).trim() !== '';

const isRawBody = (data: unknown) =>
  typeof data === 'string' ||
  (typeof FormData !== 'undefined' && data instanceof FormData) ||
  (typeof Blob !== 'undefined' && data instanceof Blob) ||
  (typeof URLSearchParams !== 'undefined' && data instanceof URLSearchParams) ||
  data instanceof ArrayBuffer;

export function createClient(options: ClientOptions): ApiClient {
  const baseURL = (options.baseURL ?? '').replace(/\/+$/, '');
  const timeout = options.timeout ?? 30_000;
  const lang = (): Lang => options.getLang?.() ?? 'zh';
  const systemOs = options.systemOs ?? currentBrowser;

  // Token refresh state, shared by every request of this client.
  let refreshing: Promise<string | null> | null = null;
  /** bumped on every successful refresh, so a 405 for a request sent before it just retries */
  let generation = 0;
  let latestToken: string | null = null;

  function notifyError(config: RequestConfig, text: string) {
    if (!config.silent) options.notify?.('error', text);
  }

  function withRefreshLock<R>(fn: () => Promise<R>): Promise<R> {
    const name = options.refreshLock ?? 'pv-token-refresh';
    const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
    if (name === false || typeof locks?.request !== 'function') return fn();
    return locks.request(name, fn);
  }

  /** `failedToken`: the token the 405 came back for. */
  function runRefresh(failedToken: string | null): Promise<string | null> {
    if (!refreshing) {
      const run = async (): Promise<string | null> => {
        const token = await withRefreshLock(async () => {
          // Another tab of this origin (sharing the stored token) may have refreshed already.
          const current = options.getToken();
          if (current && current !== failedToken) return current;
          try {
            return options.refresh ? await options.refresh() : null;
          } catch {
            return null;
          }
        }).catch(() => null);
        if (token) {
          generation += 1;
          latestToken = token;
        } else {
          options.onSessionExpired?.();
        }
        return token;
      };
      refreshing = run().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  function refreshFailed(config: RequestConfig, reply?: Reply): ApiError {
    return new ApiError(reply?.msg || statusText(405), { code: reply?.code ?? 405, data: reply?.data, status: reply?.status, url: config.url });
  }

  async function send(config: RequestConfig, token: string | null): Promise<Reply> {
    const method = config.method ?? 'GET';
    const hasBody = method === 'POST' || method === 'PUT';
    let query = config.params;
    if (!hasBody && config.data !== undefined && config.data !== null && typeof config.data === 'object') {
      query = { ...(config.data as Record<string, unknown>), ...config.params };
    }
    const url = withQuery(/^https?:\/\//.test(config.url) ? config.url : baseURL + config.url, query);

    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': lang() === 'en' ? 'en' : 'zh-CN',
      'system-os': systemOs(),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    const identity = options.getIdentity();
    if (identity) headers.identity = identity;

    let body: RequestInit['body'] | undefined;
    if (hasBody && config.data !== undefined) {
      if (isRawBody(config.data)) {
        body = config.data as RequestInit['body'];
      } else {
        body = JSON.stringify(config.data);
        headers['Content-Type'] = 'application/json';
      }
    } else if (hasBody) {
      // An empty JSON object keeps servers that insist on a JSON body happy.
      body = '{}';
      headers['Content-Type'] = 'application/json';
    }
    Object.assign(headers, config.headers);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    const onCallerAbort = () => controller.abort(config.signal?.reason);
    if (config.signal) {
      if (config.signal.aborted) controller.abort(config.signal.reason);
      else config.signal.addEventListener('abort', onCallerAbort, { once: true });
    }

    const doFetch = options.fetch ?? globalThis.fetch;
    try {
      let res: Response;
      let text: string;
      try {
        res = await doFetch(url, { method, headers, body, signal: controller.signal });
        text = await res.text();
      } catch (cause) {
        if (config.signal?.aborted && !timedOut) throw config.signal.reason ?? cause; // the caller cancelled: no message
        const code = timedOut ? CLIENT_CODES.timeout : CLIENT_CODES.network;
        // (from the sign-in messages, not the whole catalogue: the login page's bundle carries this client)
        const msg = AUTH_MESSAGES[lang()]['error.network'];
        notifyError(config, msg);
        options.onError?.({ url: config.url, code, msg });
        throw new ApiError(msg, { code, url: config.url });
      }

      let parsed: unknown = undefined;
      if (text.trim() !== '') {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
      }
      if (isEnvelope(parsed)) {
        const msg = typeof parsed.msg === 'string' ? parsed.msg : '';
        return { code: parsed.code, msg, data: parsed.data ?? null, status: res.status, envelope: { ...parsed, msg } };
      }
      if (res.ok) {
        // A 2xx that is not an envelope (an HTML fallback page, a proxy's reply): not something we can use.
        return { code: CLIENT_CODES.badFormat, msg: '', data: parsed ?? text, status: res.status, envelope: null };
      }
      return { code: res.status, msg: '', data: parsed ?? null, status: res.status, envelope: null };
    } finally {
      clearTimeout(timer);
      config.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  async function execute<T>(config: RequestConfig): Promise<ApiEnvelope<T>> {
    const bypass = config.noRefresh ?? config.url.includes('refresh_token');
    let token: string | null;
    if (refreshing && !bypass) {
      // A refresh is running: wait for it and go with the new token.
      token = await refreshing;
      if (!token) throw refreshFailed(config);
    } else {
      token = options.getToken();
    }
    const sentGeneration = generation;
    let reply = await send(config, token);

    if (isCode(reply.code, 405) && !bypass) {
      let fresh: string | null;
      if (generation > sentGeneration && latestToken) fresh = latestToken; // refreshed meanwhile
      else fresh = await runRefresh(token);
      if (!fresh) throw refreshFailed(config, reply);
      // One retry only: a second 405 falls through to the generic branch below (no loop).
      reply = await send(config, fresh);
    }

    const { code } = reply;
    if (isSuccessCode(code)) {
      return (reply.envelope ?? { code, msg: reply.msg, data: reply.data }) as ApiEnvelope<T>;
    }
    const msg = reply.msg || statusText(code);
    const error = new ApiError(msg, { code, data: reply.data, status: reply.status, url: config.url });
    if (isCode(code, 401)) {
      notifyError(config, msg);
      throw error;
    }
    if (isCode(code, 402)) {
      options.onSessionExpired?.(reply.msg || undefined);
      throw error;
    }
    notifyError(config, msg);
    options.onError?.({ url: config.url, code, msg });
    throw error;
  }

  async function request<T = unknown>(config: RequestConfig): Promise<ApiEnvelope<T>> {
    const loader = config.url.includes('doEdit');
    if (loader) options.onLoading?.(true);
    try {
      return await execute<T>(config);
    } finally {
      if (loader) options.onLoading?.(false);
    }
  }

  return {
    request,
    get: <T = unknown>(url: string, params?: Record<string, unknown>, extra?: ExtraConfig) =>
      request<T>({ ...extra, url, method: 'GET', params }),
    post: <T = unknown>(url: string, data?: unknown, extra?: ExtraConfig & { params?: Record<string, unknown> }) =>
      request<T>({ ...extra, url, method: 'POST', data }),
  };
}
