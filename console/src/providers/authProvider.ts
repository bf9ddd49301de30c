import type { AuthProvider } from 'ra-core';
import { AUTH_CONFIG_PATH, MENU_TREE, paths, rsaEncrypt, type AppRoute, type AuthConfig, type LoginResult, type MenuSeed, type UserInfo } from '@pv/contract';
import type { ApiClient } from '@pv/client';
import { client as defaultClient } from './client.ts';
import { session } from './session.ts';
import { canAccessAction, NO_ACCESS, type Acl } from './permissions.ts';
import { appConfig } from '../config.ts';
import { convertRoutes } from '../shell/routes/convert.ts';

export class LoginError extends Error {}

export type LoginParams = { useStartPage?: boolean } & (
  | { username: string; password: string }
  | { phone: string; code: string }
  | { result: LoginResult & { start_page?: string | null } }
);

/** SPEC.md §2: where a user lands after logout. */
export const LOGOUT_LANDING = '/index';
/** The tab bar keeps its state under keys starting with this (shell/tabs). */
export const TABS_KEY_PREFIX = 'admin-plus-tabs';

function clearTabs() {
  if (typeof localStorage === 'undefined') return;
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(TABS_KEY_PREFIX)) keys.push(key);
  }
  for (const key of keys) localStorage.removeItem(key);
}

const NO_AUTH_OPTIONS: AuthConfig = { register: false, rsa: false, social: null, external: null };

/** The server's sign-in options (is RSA on?), asked once per provider. */
function authConfigLoader(api: ApiClient): () => Promise<AuthConfig> {
  let pending: Promise<AuthConfig> | null = null;
  return () =>
    (pending ??= api
      .get<AuthConfig>(AUTH_CONFIG_PATH, undefined, { silent: true })
      .then((r) => ({ ...NO_AUTH_OPTIONS, ...(r.data ?? {}) }))
      .catch(() => {
        // unknown: send the password as typed (a server that wants RSA answers wrong credentials)
        pending = null;
        return NO_AUTH_OPTIONS;
      }));
}

/** What getPermissions answers: the ACL plus the route tree the user may see (SPEC.md §2 dynamic menu). */
export interface AccessInfo extends Acl {
  routes: AppRoute[];
}

/** Loading the session failed (user info or routes): checkError resets the session and goes to login. */
export class SessionLoadError extends Error {
  readonly resetSession = true;
}

const aclOf = (user: UserInfo | null): Acl =>
  user ? { admin: !!user.admin, roles: user.roles ?? [], permissions: user.permissions ?? [] } : NO_ACCESS;

/** loginInterception off: a virtual admin (demos only, SPEC.md §6). */
export const VIRTUAL_ADMIN: UserInfo = {
  id: 0,
  username: 'admin',
  full_name: 'admin',
  identity: 'system',
  agent_id: null,
  avatar: null,
  admin: true,
  roles: ['admin'],
  permissions: ['*'],
};

/** The built-in tree without its not-yet-built entries (the virtual admin's menu). */
export const enabledMenuTree = (tree: readonly MenuSeed[] = MENU_TREE): MenuSeed[] =>
  tree.filter((m) => m.enabled !== false).map((m) => ({ ...m, children: m.children ? enabledMenuTree(m.children) : undefined }));

/**
 * Session rules of SPEC.md §4 over the API client:
 * - login stores token, id and identity; a reply without a token is the 登录接口异常 error;
 * - logout calls login_out with id and identity, then clears everything;
 * - checkError: 402 ends the session; 401 and 403 keep the user where they are (the message shows);
 * - canAccess: admin passes everything, other users need `customer:add`, `customer:edit`, ...
 */
export function createAuthProvider(
  api: ApiClient = defaultClient,
  translate: (key: string) => string = (k) => k,
): AuthProvider & { fetchUser(): Promise<UserInfo | null> } {
  let userPromise: Promise<UserInfo | null> | null = null;
  let routesPromise: Promise<AppRoute[]> | null = null;
  const authConfig = authConfigLoader(api);

  async function fetchUser(): Promise<UserInfo | null> {
    if (!appConfig.loginInterception) return VIRTUAL_ADMIN;
    if (!session.getToken()) return null;
    const cached = session.getUser();
    if (cached) return cached;
    if (!userPromise) {
      userPromise = api
        .get<UserInfo>(paths.userInfo, undefined, { silent: true })
        .then((reply) => {
          session.setUser(reply.data);
          return reply.data;
        })
        .finally(() => {
          userPromise = null;
        });
    }
    return userPromise;
  }

  /**
   * The user's route tree, loaded once per session (cleared on login and logout). authentication
   * 'all' (the configured value, SPEC.md §2) asks the server; 'frontend' (and the virtual admin)
   * use the built-in tree, filtered by the user's permissions.
   */
  function fetchRoutes(acl: Acl): Promise<AppRoute[]> {
    if (!appConfig.loginInterception || appConfig.authentication === 'frontend') return Promise.resolve(convertRoutes(enabledMenuTree(), acl, appConfig));
    if (!routesPromise) {
      routesPromise = api
        .get<unknown>(paths.menu, undefined, { silent: true })
        .then((reply) => convertRoutes(reply.data, acl, appConfig))
        .catch((err: unknown) => {
          routesPromise = null;
          throw err;
        });
    }
    return routesPromise;
  }

  return {
    fetchUser,

    /**
     * Signs in by password (RSA-encrypted when the server asks for it), by phone + SMS code, or with a
     * reply already obtained (register, external provider). With `useStartPage` the user's start page
     * (if set) is where react-admin goes next.
     */
    async login(params: LoginParams) {
      session.clear();
      routesPromise = null;
      let data: (LoginResult & { start_page?: string | null }) | undefined;
      if ('result' in params) {
        data = params.result;
      } else if ('phone' in params) {
        data = (await api.post<LoginResult>(paths.smsLogin, { phone: params.phone, code: params.code }, { silent: true })).data;
      } else {
        let password = params.password;
        const config = await authConfig();
        if (config.rsa) {
          const key = (await api.get<{ n: string; e: string }>(paths.publicKey, undefined, { silent: true })).data;
          password = rsaEncrypt(password, key);
        }
        data = (await api.post<LoginResult>(paths.login, { username: params.username, password }, { silent: true })).data;
      }
      if (!data || !data.token) throw new LoginError(translate('pv.msg.error.login_no_token'));
      session.start(data);
      try {
        await fetchUser();
      } catch {
        // the user record is fetched again on demand
      }
      const start = data.start_page;
      if (params.useStartPage && start && start.startsWith('/') && !start.startsWith('/login')) return { redirectTo: start };
      return undefined;
    },

    /** SPEC.md §4: login_out with id and identity, then token, roles, permissions, routes and tabs go; land on /index. */
    async logout() {
      const id = session.getId();
      const identity = session.getIdentity();
      if (session.getToken()) {
        try {
          await api.get(paths.logout, { id, identity }, { silent: true });
        } catch {
          // the session is cleared anyway
        }
      }
      session.clear();
      clearTabs();
      routesPromise = null;
      userPromise = null;
      // without login interception (virtual admin) there is no login page to go to
      if (!appConfig.loginInterception) return LOGOUT_LANDING;
      // /index needs a session: the guard's answer (login, remembering /index) directly
      return `/login?redirect=${encodeURIComponent(LOGOUT_LANDING)}`;
    },

    async checkAuth() {
      if (!appConfig.loginInterception || session.getToken()) return;
      // Back to the login page, remembering where the user was going (SPEC.md §2: ?redirect=path).
      const hash = typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, '');
      const path = hash.split('?')[0] ?? '';
      const redirectTo = path && path !== '/' && !path.startsWith('/login') ? `/login?redirect=${encodeURIComponent(hash)}` : '/login';
      throw { redirectTo, message: false };
    },

    async checkError(error: { status?: number; code?: number | string }) {
      const status = Number(error?.status ?? error?.code);
      if (error instanceof SessionLoadError) {
        session.clear();
        routesPromise = null;
        throw error;
      }
      if (status === 402) {
        session.clear();
        throw new Error('pv.msg.error.token_expired');
      }
      // 401 (wrong credentials / no permission) and 403 stay: the message is shown, the session kept.
    },

    async getIdentity() {
      const user = await fetchUser();
      if (!user) return { id: '', fullName: session.displayName() };
      return {
        id: user.id,
        fullName: user.full_name || user.username,
        avatar: user.avatar ?? undefined,
        username: user.username,
        identity: user.identity,
        agent_id: user.agent_id,
      };
    },

    /** With a token: user info and routes load; any failure resets the session and goes to login (SPEC.md §2). */
    async getPermissions(): Promise<AccessInfo> {
      if (appConfig.loginInterception && !session.getToken()) return { ...NO_ACCESS, routes: [] };
      try {
        const acl = aclOf(await fetchUser());
        return { ...acl, routes: await fetchRoutes(acl) };
      } catch (err) {
        const message = err instanceof Error && err.message.startsWith('pv.') ? err.message : 'pv.routing.load_failed';
        throw new SessionLoadError(message);
      }
    },

    async canAccess({ resource, action }) {
      const user = await fetchUser();
      return canAccessAction(aclOf(user), resource, action);
    },
  };
}

export const authProvider = createAuthProvider();
