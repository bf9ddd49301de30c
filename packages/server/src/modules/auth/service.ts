import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { LoginResult, UserInfo } from '@pv/contract';
import type { Config } from '../../config.ts';
import { type Db, query } from '../../db/client.ts';
import { sessions, sysLog, users } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { type AuthContext, widestScope } from './context.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.ts';
import { hashSecret, newRefreshToken, signAccessToken, splitRefreshToken, type TokenPayload, verifyAccessToken } from './token.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** Refuses a user name with too many recent failures (state in the database: any number of processes). */
async function checkRateLimit(db: Db, config: Config, username: string): Promise<void> {
  const since = new Date(Date.now() - config.loginWindowSeconds * 1000);
  const [row] = await db
    .select({ n: count(), oldest: sql<string>`min(${sysLog.created_at})` })
    .from(sysLog)
    .where(and(eq(sysLog.action, 'login_failed'), eq(sysLog.username, username), gt(sysLog.created_at, since)));
  if (row && row.n >= config.loginMaxFailures) {
    const free = new Date(row.oldest).getTime() + config.loginWindowSeconds * 1000;
    throw new ApiError(429, 'error.too_many_requests', { seconds: Math.max(1, Math.ceil((free - Date.now()) / 1000)) });
  }
}

async function issueSession(db: Db, config: Config, userId: number, client: ClientInfo) {
  const id = randomUUID();
  const refresh = newRefreshToken(id);
  await db.insert(sessions).values({
    id,
    user_id: userId,
    refresh_hash: refresh.hash,
    expires_at: new Date(Date.now() + config.refreshTokenTtl * 1000),
    ip: client.ip,
    user_agent: client.userAgent?.slice(0, 500) ?? null,
  });
  return { id, refresh_token: refresh.token, token: signAccessToken({ sub: userId, sid: id }, config.tokenSecret, config.accessTokenTtl) };
}

export async function login(db: Db, config: Config, username: string, password: string, client: ClientInfo): Promise<LoginResult & { username: string }> {
  await checkRateLimit(db, config, username);
  const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  const actor: Actor = { userId: user?.id ?? null, username, ip: client.ip };
  if (!user) {
    await burnPasswordCheck(password);
    await writeLog(db, actor, { action: 'login_failed', resource: 'auth' });
    throw new ApiError(401, 'error.wrong_credentials');
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    await writeLog(db, actor, { action: 'login_failed', resource: 'auth', recordId: user.id });
    throw new ApiError(401, 'error.wrong_credentials');
  }
  if (user.status !== 'enabled') throw new ApiError(401, 'error.account_disabled');
  const session = await db.transaction(async (tx) => {
    const s = await issueSession(tx as unknown as Db, config, user.id, client);
    await tx.update(users).set({ last_login_at: new Date() }).where(eq(users.id, user.id));
    await writeLog(tx, actor, { action: 'login', resource: 'auth', recordId: user.id, after: { session: s.id } });
    return s;
  });
  return {
    token: session.token,
    refresh_token: session.refresh_token,
    expires_in: config.accessTokenTtl,
    id: user.id,
    identity: user.identity,
    username: user.username,
  };
}

interface SessionUserRow {
  revoked_at: string | null;
  expires_at: string;
  id: number;
  username: string;
  full_name: string;
  identity: string;
  agent_id: number | null;
  department_id: number | null;
  avatar: string | null;
  is_admin: boolean;
  status: string;
  roles: Array<{ code: string; permissions: string[]; scope: string }> | string;
}

/**
 * Resolves a bearer token to the caller, in one query (session + user + roles), or throws:
 * 402 for a forged/revoked/ended session (the client signs out), 405 for an expired access token
 * whose session is still alive (the client refreshes once and retries, SPEC.md §8).
 */
export async function authenticate(db: Db, config: Config, token: string): Promise<AuthContext> {
  const verified = verifyAccessToken(token, config.tokenSecret);
  if (!verified.ok) throw new ApiError(402, 'error.token_invalid');
  const p: TokenPayload = verified.payload;
  const [row] = await query<SessionUserRow>(
    db,
    sql`select s.revoked_at, s.expires_at, u.id, u.username, u.full_name, u.identity, u.agent_id, u.department_id,
          u.avatar, u.is_admin, u.status,
          coalesce((select json_agg(json_build_object('code', r.code, 'permissions', r.permissions, 'scope', r.data_scope))
                    from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]'::json) as roles
        from sessions s join users u on u.id = s.user_id
        where s.id = ${p.sid} and s.user_id = ${p.sub}`,
  );
  if (!row || row.revoked_at) throw new ApiError(402, 'error.token_invalid');
  if (new Date(row.expires_at).getTime() <= Date.now()) throw new ApiError(402, 'error.token_expired');
  if (row.status !== 'enabled') throw new ApiError(402, 'error.account_disabled');
  if (verified.expired) throw new ApiError(405, 'error.token_expiring');
  const roles = typeof row.roles === 'string' ? (JSON.parse(row.roles) as Exclude<SessionUserRow['roles'], string>) : row.roles;
  return {
    userId: row.id,
    sessionId: p.sid,
    username: row.username,
    fullName: row.full_name,
    identity: row.identity,
    agentId: row.agent_id,
    departmentId: row.department_id,
    avatar: row.avatar,
    isAdmin: row.is_admin,
    roles: roles.map((r) => r.code),
    permissions: new Set(roles.flatMap((r) => r.permissions)),
    scope: row.is_admin ? 'all' : widestScope(roles.map((r) => r.scope)),
  };
}

export function userInfo(auth: AuthContext): UserInfo {
  return {
    id: auth.userId,
    username: auth.username,
    full_name: auth.fullName,
    identity: auth.identity,
    agent_id: auth.agentId,
    avatar: auth.avatar,
    admin: auth.isAdmin,
    roles: auth.isAdmin ? ['admin', ...auth.roles.filter((r) => r !== 'admin')] : auth.roles,
    permissions: auth.isAdmin ? ['*'] : [...auth.permissions].sort(),
  };
}

/**
 * Changes a password (SPEC.md §7 modify_password): your own, or anyone's for an admin. Other
 * sessions of that user are revoked; the caller's stays signed in.
 */
export async function modifyPassword(db: Db, auth: AuthContext, actor: Actor, input: { id?: number; password: string; old_password?: string }) {
  const targetId = input.id ?? auth.userId;
  if (targetId !== auth.userId && !auth.isAdmin) throw new ApiError(403, 'error.forbidden', { permission: 'admin' });
  const [user] = await db.select().from(users).where(eq(users.id, targetId));
  if (!user) throw new ApiError(404, 'error.not_found', { id: targetId });
  if (targetId === auth.userId && !auth.isAdmin) {
    if (!input.old_password || !(await verifyPassword(user.password_hash, input.old_password))) throw new ApiError(400, 'error.wrong_old_password');
  }
  const hash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: hash, version: sql`${users.version} + 1`, updated_at: new Date() }).where(eq(users.id, targetId));
    await tx
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(and(eq(sessions.user_id, targetId), sql`${sessions.revoked_at} is null`, sql`${sessions.id} <> ${auth.sessionId}`));
    await writeLog(tx, actor, { action: 'modify_password', resource: 'user', recordId: targetId, before: { version: user.version }, after: { version: user.version + 1 } });
  });
}

export async function logout(db: Db, auth: AuthContext, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, auth.sessionId));
    await writeLog(tx, actor, { action: 'logout', resource: 'auth', recordId: auth.userId, after: { session: auth.sessionId } });
  });
}

/**
 * Rotates the refresh token. Presenting the previous (already rotated) token again means it leaked:
 * the whole session is revoked.
 */
export async function refresh(db: Db, config: Config, refreshToken: string, ip: string) {
  const parts = splitRefreshToken(refreshToken);
  if (!parts) throw new ApiError(402, 'error.token_invalid');
  return db.transaction(async (tx) => {
    const [s] = await tx.select().from(sessions).where(eq(sessions.id, parts.sessionId)).for('update');
    if (!s || s.revoked_at) throw new ApiError(402, 'error.token_invalid');
    if (s.expires_at.getTime() <= Date.now()) throw new ApiError(402, 'error.token_expired');
    const hash = hashSecret(parts.secret);
    if (hash === s.prev_refresh_hash) {
      await tx.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, s.id));
      await writeLog(tx, { userId: s.user_id, username: null, ip }, { action: 'refresh_reuse', resource: 'auth', recordId: s.user_id, after: { session: s.id } });
      return null; // committed; the caller answers 402
    }
    if (hash !== s.refresh_hash) throw new ApiError(402, 'error.token_invalid');
    const next = newRefreshToken(s.id);
    await tx.update(sessions).set({ refresh_hash: next.hash, prev_refresh_hash: hash, refreshed_at: new Date() }).where(eq(sessions.id, s.id));
    return {
      token: signAccessToken({ sub: s.user_id, sid: s.id }, config.tokenSecret, config.accessTokenTtl),
      refresh_token: next.token,
      expires_in: config.accessTokenTtl,
    };
  });
}
