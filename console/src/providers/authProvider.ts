import type { AuthProvider } from 'ra-core';
import { MENU_TREE, paths, type AppRoute, type LoginResult, type MenuSeed, type UserInfo } from '@pv/contract';
import type { ApiClient } from '@pv/client';
import { client as defaultClient } from './client.ts';
import { session } from './session.ts';
import { canAccessAction, NO_ACCESS, type Acl } from './permissions.ts';
import { appConfig } from '../config.ts';
import { convertRoutes } from '../shell/routes/convert.ts';

export class LoginError extends Error {}

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

  /** The user's route tree, loaded once per session (cleared on login and logout). */
  function fetchRoutes(acl: Acl): Promise<AppRoute[]> {
    if (!appConfig.loginInterception) return Promise.resolve(convertRoutes(enabledMenuTree(), acl, appConfig));
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

    async login({ username, password }: { username: string; password: string }) {
      session.clear();
      routesPromise = null;
      const reply = await api.post<LoginResult>(paths.login, { username, password }, { silent: true });
      const data = reply.data;
      if (!data || !data.token) throw new LoginError(translate('pv.msg.error.login_no_token'));
      session.start(data);
      try {
        await fetchUser();
      } catch {
        // the user record is fetched again on demand
      }
    },

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
      routesPromise = null;
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
