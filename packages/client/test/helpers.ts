import { vi } from 'vitest';
import { createClient, type ClientOptions } from '../src/index.ts';

export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal | null | undefined;
}

export type Handler = (call: Call, index: number) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const envelope = (code: number | string, msg = '', data: unknown = null, status?: number) =>
  json({ code, msg, data }, status ?? (typeof code === 'number' && code >= 400 ? code : 200));

/** A fake fetch recording every call; `handler` answers them. */
export function fakeFetch(handler: Handler) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = { ...(init?.headers as Record<string, string> | undefined) };
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? init.body : init?.body,
      signal: init?.signal,
    };
    calls.push(call);
    return handler(call, calls.length - 1);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

/** A fetch that never answers until its signal aborts (then rejects like the real one). */
export const hangingFetch: Handler = (call) =>
  new Promise<Response>((_resolve, reject) => {
    if (call.signal?.aborted) return reject(call.signal.reason ?? new DOMException('aborted', 'AbortError'));
    call.signal?.addEventListener('abort', () => reject(call.signal?.reason ?? new DOMException('aborted', 'AbortError')));
  });

export function setup(handler: Handler, overrides: Partial<ClientOptions> = {}) {
  const { fetch, calls } = fakeFetch(handler);
  const notify = vi.fn<(kind: 'error' | 'success', text: string) => void>();
  const onSessionExpired = vi.fn<(reason?: string) => void>();
  const onError = vi.fn<(entry: { url: string; code: number | string; msg: string }) => void>();
  const onLoading = vi.fn<(loading: boolean) => void>();
  let token: string | null = 'tok-1';
  const client = createClient({
    fetch,
    getToken: () => token,
    getIdentity: () => 'system',
    getLang: () => 'zh',
    systemOs: () => 'Chrome',
    notify,
    onSessionExpired,
    onError,
    onLoading,
    ...overrides,
  });
  return {
    client,
    calls,
    notify,
    onSessionExpired,
    onError,
    onLoading,
    setToken: (t: string | null) => {
      token = t;
    },
  };
}

/** Let pending promise callbacks run. */
export const flush = async (times = 10) => {
  for (let i = 0; i < times; i++) await Promise.resolve();
};
