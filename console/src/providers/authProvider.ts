import type { AuthProvider } from 'ra-core';
import { paths, type LoginResult, type UserInfo } from '@pv/contract';
import type { ApiClient } from '@pv/client';
import { client as defaultClient } from './client.ts';
import { session } from './session.ts';
import { canAccessAction, NO_ACCESS, type Acl } from './permissions.ts';

export class LoginError extends Error {}

const aclOf = (user: UserInfo | null): Acl =>
  user ? { admin: !!user.admin, roles: user.roles ?? [], permissions: user.permissions ?? [] } : NO_ACCESS;

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

  async function fetchUser(): Promise<UserInfo | null> {
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

  return {
    fetchUser,

    async login({ username, password }: { username: string; password: string }) {
      session.clear();
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
    },

    async checkAuth() {
      if (session.getToken()) return;
      // Back to the login page, remembering where the user was going (SPEC.md §2: ?redirect=path).
      const hash = typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, '');
      const path = hash.split('?')[0] ?? '';
      const redirectTo = path && path !== '/' && !path.startsWith('/login') ? `/login?redirect=${encodeURIComponent(hash)}` : '/login';
      throw { redirectTo, message: false };
    },

    async checkError(error: { status?: number; code?: number | string }) {
      const status = Number(error?.status ?? error?.code);
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

    async getPermissions() {
      return aclOf(await fetchUser());
    },

    async canAccess({ resource, action }) {
      const user = await fetchUser();
      return canAccessAction(aclOf(user), resource, action);
    },
  };
}

export const authProvider = createAuthProvider();
