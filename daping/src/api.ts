import { createClient, type ApiClient } from '@pv/client';
import { paths } from '@pv/contract';
import { IDENTITY_KEY, REFRESH_KEY, TOKEN_KEY, readScreenToken, type Lang } from './logic.ts';

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
    getToken: () => readScreenToken(localStorage),
    timeout: 15_000,
    getIdentity: () => localStorage.getItem(IDENTITY_KEY),
    getLang: () => hooks.lang(),
    onSessionExpired: (reason) => {
      localStorage.removeItem(TOKEN_KEY);
      localStorage.removeItem(REFRESH_KEY);
      hooks.onExpired(reason);
    },
    // 405: rotate the token pair the way the console does (the client holds a cross-tab lock meanwhile,
    // so this tab and the console's never present the same refresh token twice).
    refresh: async () => {
      const refreshToken = localStorage.getItem(REFRESH_KEY);
      if (!refreshToken) return null;
      try {
        const res = await client.get<{ token?: string; refresh_token?: string }>(paths.refreshToken, undefined, {
          silent: true,
          noRefresh: true,
          headers: { 'X-Refresh-Token': refreshToken },
        });
        const token = res.data?.token ?? null;
        if (token) {
          localStorage.setItem(TOKEN_KEY, token);
          if (res.data.refresh_token) localStorage.setItem(REFRESH_KEY, res.data.refresh_token);
        }
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
