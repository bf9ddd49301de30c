/** Data scopes of a role, widest first. */
export const DATA_SCOPES = ['all', 'department', 'agent', 'self'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

/** Who is calling: loaded once per request from the session, the user and their roles. */
export interface AuthContext {
  userId: number;
  sessionId: string;
  username: string;
  fullName: string;
  identity: string;
  agentId: number | null;
  departmentId: number | null;
  avatar: string | null;
  isAdmin: boolean;
  roles: string[];
  permissions: Set<string>;
  /** the widest scope of the user's roles; admins see everything */
  scope: DataScope;
  /** set when the caller is a wall display's token (display_token module), not a person's session */
  displayTokenId?: number;
}

/**
 * What a display token may call: the statistics and the target progress, nothing else (403) — not
 * `statistic/welcome` either, which is about the signed-in person (their orders, messages).
 */
export function displayTokenMayCall(url: string | undefined): boolean {
  if (!url || url === '/api/system/statistic/welcome') return false;
  return url.startsWith('/api/system/statistic/') || url === '/api/system/target/index_data';
}

/** Admin passes everything; `customer:*` grants every customer permission. */
export function can(auth: AuthContext, permission: string): boolean {
  if (auth.isAdmin || permission === '') return true;
  if (auth.permissions.has(permission) || auth.permissions.has('*')) return true;
  const prefix = permission.split(':')[0];
  return auth.permissions.has(`${prefix}:*`);
}

export function widestScope(scopes: string[]): DataScope {
  for (const s of DATA_SCOPES) if (scopes.includes(s)) return s;
  return 'self';
}
