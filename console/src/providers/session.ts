import type { UserInfo } from '@pv/contract';

/**
 * The signed-in session lives in localStorage (SPEC.md §3): the token under 'admin-plus-token', and
 * `id` and `identity` beside it. The user record (name, avatar, ACL) is cached so permission checks
 * need no round trip. A logged-out session has no token and the user name 游客.
 */
export const TOKEN_KEY = 'admin-plus-token';
export const REFRESH_KEY = 'admin-plus-refresh-token';
export const ID_KEY = 'id';
export const IDENTITY_KEY = 'identity';
export const USER_KEY = 'admin-plus-user';
export const GUEST_NAME = '游客';

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export const session = {
  getToken: (): string | null => storage()?.getItem(TOKEN_KEY) || null,
  getRefreshToken: (): string | null => storage()?.getItem(REFRESH_KEY) || null,
  getId: (): string | null => storage()?.getItem(ID_KEY) || null,
  getIdentity: (): string | null => storage()?.getItem(IDENTITY_KEY) || null,
  setToken(token: string, refreshToken?: string | null) {
    storage()?.setItem(TOKEN_KEY, token);
    if (refreshToken) storage()?.setItem(REFRESH_KEY, refreshToken);
  },
  start(login: { token: string; refresh_token?: string | null; id: number | string; identity: string }) {
    session.setToken(login.token, login.refresh_token);
    storage()?.setItem(ID_KEY, String(login.id));
    storage()?.setItem(IDENTITY_KEY, login.identity ?? '');
  },
  getUser(): UserInfo | null {
    const raw = storage()?.getItem(USER_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as UserInfo;
    } catch {
      return null;
    }
  },
  setUser(user: UserInfo) {
    storage()?.setItem(USER_KEY, JSON.stringify(user));
    // a session adopted from a `token` link knows its id only from the user record
    if (!session.getId() && user?.id !== undefined) storage()?.setItem(ID_KEY, String(user.id));
  },
  /** A `token` query parameter (SPEC.md §2): it becomes the session's token and identity is 'system'. */
  adopt(token: string) {
    session.clear();
    storage()?.setItem(TOKEN_KEY, token);
    storage()?.setItem(IDENTITY_KEY, 'system');
  },
  /** The name shown in the shell: full name, user name, or 游客 when logged out. */
  displayName(): string {
    const user = session.getUser();
    if (!session.getToken() || !user) return GUEST_NAME;
    return user.full_name || user.username || GUEST_NAME;
  },
  clear() {
    for (const key of [TOKEN_KEY, REFRESH_KEY, ID_KEY, IDENTITY_KEY, USER_KEY]) storage()?.removeItem(key);
  },
};
