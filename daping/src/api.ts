import { createClient, type ApiClient } from '@pv/client';
import { paths } from '@pv/contract';
import { IDENTITY_KEY, TOKEN_KEY, readToken, type Lang } from './logic.ts';

export interface SessionHooks {
  lang(): Lang;
  /** 402 or a failed refresh: the session is gone */
  onExpired(reason?: string): void;
}

/**
 * The big screen's API client: the same packages/client as the console, with the console's session
 * (token and identity in localStorage, same origin). Errors are not toasted (silent calls): the
 * screen shows them in its status line and keeps the last data.
 */
export function createDapingClient(hooks: SessionHooks): ApiClient {
  const client: ApiClient = createClient({
    baseURL: '',
    getToken: () => readToken(localStorage),
    getIdentity: () => localStorage.getItem(IDENTITY_KEY),
    getLang: () => hooks.lang(),
    onSessionExpired: (reason) => {
      localStorage.removeItem(TOKEN_KEY);
      hooks.onExpired(reason);
    },
    refresh: async () => {
      try {
        const res = await client.get<{ token?: string }>(paths.refreshToken, undefined, { silent: true });
        const token = res.data?.token ?? null;
        if (token) localStorage.setItem(TOKEN_KEY, token);
        return token;
      } catch {
        return null;
      }
    },
    onError: (entry) => {
      console.warn('[daping] request failed', entry);
    },
  });
  return client;
}
