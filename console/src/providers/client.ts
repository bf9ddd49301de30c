import { createClient } from '@pv/client';
import { paths } from '@pv/contract';
import { session } from './session.ts';
import { currentLang } from './i18nProvider.ts';
import { notifyBus } from './notifyBus.ts';
import { loadingBus } from './loadingBus.ts';
import { appConfig } from '../config.ts';
import { errorLog } from '../shell/errorLog/store.ts';

const baseURL = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

/** The one API client of the console. dataProvider and authProvider call it with `silent: true`. */
export const client = createClient({
  baseURL,
  // SPEC.md §9: per attempt
  timeout: appConfig.requestTimeout,
  getToken: session.getToken,
  getIdentity: session.getIdentity,
  getLang: currentLang,
  notify: (kind, text) => notifyBus.emit({ kind, text }),
  onLoading: loadingBus.set,
  // SPEC.md §8: a failed call (any code but 401/402/405) is logged when error logging is on
  onError: appConfig.errorLog ? (e) => errorLog.add(new Error(`${e.msg} [${e.code}] ${e.url}`)) : undefined,
  onSessionExpired: () => {
    session.clear();
    if (typeof window !== 'undefined' && !window.location.hash.startsWith('#/login')) {
      window.location.hash = '#/login';
    }
  },
  refresh: async () => {
    const refreshToken = session.getRefreshToken();
    if (!refreshToken) return null;
    const reply = await client.get<{ token?: string; refresh_token?: string }>(
      paths.refreshToken,
      undefined,
      { silent: true, noRefresh: true, headers: { 'X-Refresh-Token': refreshToken } },
    );
    const token = reply.data?.token ?? null;
    if (token) session.setToken(token, reply.data?.refresh_token ?? null);
    return token;
  },
});
