import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { LoginResult, SmsPurpose, UserInfo } from '@pv/contract';
import { ACCESS_TOKEN_REFRESH_WINDOW_SECONDS, type Config } from '../../config.ts';
import { type Db, query } from '../../db/client.ts';
import { roles, sessions, userIdentities, userRoles, users } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { authCacheOf } from './cache.ts';
import { type AuthContext, widestScope } from './context.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.ts';
import { rsaDecrypt } from './rsa.ts';
import { consumeSmsCode, issueSmsCode, type SmsSender } from './sms.ts';
import { exchangeCode, socialEnabled, stateValid } from './social.ts';
import { throttle } from './throttle.ts';
import { hashSecret, newRefreshToken, signAccessToken, splitRefreshToken, type TokenPayload, verifyAccessToken } from './token.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
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

export type SignInResult = LoginResult & { username: string; start_page: string | null };
type UserRow = typeof users.$inferSelect;

/**
 * An agent's staff cannot work while their agent (or its parent) is disabled (停用): the disabled
 * agent's name, or null. SQL shared with authenticate(), which checks it on every request.
 */
const disabledAgentSql = (agentId: unknown) =>
  sql`(select a.name from agents a where a.status = 'disabled' and a.id in (${agentId}, (select p.parent_id from agents p where p.id = ${agentId})) limit 1)`;

async function disabledAgentOf(db: Db, agentId: number | null): Promise<string | null> {
  if (agentId === null) return null;
  const [row] = await query<{ name: string | null }>(db, sql`select ${disabledAgentSql(agentId)} as name`);
  return row?.name ?? null;
}

/** Starts a session for a user who proved who they are (any method): session row, last login, log. */
export async function signIn(db: Db, config: Config, user: UserRow, client: ClientInfo, method: string): Promise<SignInResult> {
  if (user.status !== 'enabled') throw new ApiError(401, 'error.account_disabled');
  const agentOff = await disabledAgentOf(db, user.agent_id);
  if (agentOff) throw new ApiError(401, 'error.agent_disabled', { name: agentOff });
  const actor: Actor = { userId: user.id, username: user.username, ip: client.ip };
  const session = await db.transaction(async (tx) => {
    const s = await issueSession(tx as unknown as Db, config, user.id, client);
    await tx.update(users).set({ last_login_at: new Date() }).where(eq(users.id, user.id));
    await writeLog(tx, actor, { action: 'login', resource: 'auth', recordId: user.id, after: { session: s.id, method } });
    return s;
  });
  return {
    token: session.token,
    refresh_token: session.refresh_token,
    expires_in: config.accessTokenTtl,
    id: user.id,
    identity: user.identity,
    username: user.username,
    start_page: user.start_page ?? null,
  };
}

const LOGIN_THROTTLE = { actions: ['login_failed'], success: 'login' } as const;

/**
 * Password login. Failures are throttled per account and per address (throttle.ts). With LOGIN_RSA
 * the password arrives RSA-encrypted (base64 of 128-byte blocks); one that does not decrypt counts
 * as a wrong password.
 */
export async function login(db: Db, config: Config, username: string, password: string, client: ClientInfo): Promise<SignInResult> {
  await throttle(db, config, { ...LOGIN_THROTTLE, username, ip: client.ip });
  const plain = config.loginRsa ? rsaDecrypt(config, password) : password;
  const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  const actor: Actor = { userId: user?.id ?? null, username, ip: client.ip };
  if (!user || plain === null) {
    await burnPasswordCheck(plain ?? password);
    await writeLog(db, actor, { action: 'login_failed', resource: 'auth', recordId: user?.id ?? null });
    throw new ApiError(401, 'error.wrong_credentials');
  }
  if (!(await verifyPassword(user.password_hash, plain))) {
    await writeLog(db, actor, { action: 'login_failed', resource: 'auth', recordId: user.id });
    throw new ApiError(401, 'error.wrong_credentials');
  }
  return signIn(db, config, user, client, 'password');
}

/** The user of a phone number (SMS login); several accounts on one number must use their user name. */
async function userByPhone(db: Db, phone: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.phone, phone)).limit(2);
  if (rows.length > 1) throw new ApiError(401, 'error.sms_phone_ambiguous');
  return rows[0] ?? null;
}

/** GET /sms: a login code is delivered only to a number with an account (the reply is the same either way). */
export async function sendSms(db: Db, config: Config, sender: SmsSender, input: { phone: string; purpose: SmsPurpose }, client: ClientInfo) {
  let deliver = true;
  if (input.purpose === 'login') {
    const rows = await db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).limit(1);
    deliver = rows.length > 0;
  }
  return issueSmsCode(db, config, sender, { ...input, ip: client.ip, deliver });
}

/** Phone + SMS code login: throttled like passwords (per phone/account and per address). */
export async function smsLogin(db: Db, config: Config, phone: string, code: string, client: ClientInfo): Promise<SignInResult> {
  const user = await userByPhone(db, phone);
  const accountKey = user?.username ?? phone;
  await throttle(db, config, { actions: ['login_failed', 'sms_login_failed'], success: 'login', username: accountKey, ip: client.ip });
  try {
    await consumeSmsCode(db, config, phone, 'login', code);
  } catch (err) {
    await writeLog(db, { userId: user?.id ?? null, username: accountKey, ip: client.ip }, { action: 'sms_login_failed', resource: 'auth', recordId: user?.id ?? null });
    throw err;
  }
  if (!user) throw new ApiError(401, 'error.sms_no_account');
  return signIn(db, config, user, client, 'sms');
}

/** POST /register (REGISTER_ENABLED): a new user with phone verified by SMS, the default role, signed in. */
export async function register(
  db: Db,
  config: Config,
  input: { username: string; password: string; phone: string; code: string; full_name?: string },
  client: ClientInfo,
): Promise<SignInResult> {
  if (!config.registerEnabled) throw new ApiError(403, 'error.register_disabled');
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, input.username)).limit(1);
  if (taken) throw new ApiError(400, 'error.username_taken', { username: input.username });
  const [phoneUser] = await db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).limit(1);
  if (phoneUser) throw new ApiError(400, 'error.phone_taken');
  await consumeSmsCode(db, config, input.phone, 'register', input.code);
  const hash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ username: input.username, password_hash: hash, phone: input.phone, full_name: input.full_name ?? '', identity: 'staff' })
      .returning();
    if (config.registerDefaultRole) {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, config.registerDefaultRole)).limit(1);
      if (role) await tx.insert(userRoles).values({ user_id: created!.id, role_id: role.id });
    }
    await writeLog(tx, { userId: created!.id, username: created!.username, ip: client.ip }, {
      action: 'register',
      resource: 'user',
      recordId: created!.id,
      after: { username: created!.username, phone: created!.phone, role: config.registerDefaultRole || null },
    });
    return created!;
  });
  return signIn(db, config, user, client, 'register');
}

/** POST /socialLogin: the provider's code → its account id → the linked user. */
export async function socialLogin(db: Db, config: Config, input: { code: string; state: string }, client: ClientInfo): Promise<SignInResult> {
  if (!socialEnabled(config)) throw new ApiError(404, 'error.social_disabled');
  if (!stateValid(config, input.state)) throw new ApiError(401, 'error.social_state');
  await throttle(db, config, { ...LOGIN_THROTTLE, username: `${config.oauth.provider}:`, ip: client.ip });
  const subject = await exchangeCode(config, input.code);
  const [link] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.user_id))
    .where(and(eq(userIdentities.provider, config.oauth.provider), eq(userIdentities.subject, subject)))
    .limit(1);
  if (!link) {
    await writeLog(db, { userId: null, username: `${config.oauth.provider}:${subject}`.slice(0, 64), ip: client.ip }, { action: 'social_unlinked', resource: 'auth' });
    throw new ApiError(401, 'error.social_unlinked');
  }
  return signIn(db, config, link.user, client, `social:${config.oauth.provider}`);
}

interface SessionUserRow {
  revoked_at: string | null;
  access_expired_at: string | null;
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
  disabled_agent: string | null;
  roles: Array<{ code: string; permissions: string[]; scope: string }> | string;
}

/** The access token is within its last ACCESS_TOKEN_REFRESH_WINDOW_SECONDS (at most half its lifetime). */
function expiresSoon(p: TokenPayload, now = Date.now()): boolean {
  const window = Math.min(ACCESS_TOKEN_REFRESH_WINDOW_SECONDS, (p.exp - p.iat) / 2);
  return p.exp * 1000 - now <= window * 1000;
}

/** What authenticate() knows of a session: its row, and the caller it makes (built once per read). */
interface SessionUser {
  row: SessionUserRow;
  auth: AuthContext;
}

/** The session's row (session + user + roles), from the auth cache or one query; null when there is none. */
async function sessionUser(db: Db, p: TokenPayload): Promise<SessionUser | null> {
  const cache = authCacheOf<SessionUser>(db);
  const cached = cache?.session(p.sid);
  if (cached) return cached.userId === p.sub ? cached.row : null;
  const readAt = Date.now();
  const [row] = await query<SessionUserRow>(
    db,
    sql`select s.revoked_at, s.access_expired_at, s.expires_at, u.id, u.username, u.full_name, u.identity, u.agent_id, u.department_id,
          u.avatar, u.is_admin, u.status, ${disabledAgentSql(sql`u.agent_id`)} as disabled_agent,
          coalesce((select json_agg(json_build_object('code', r.code, 'permissions', r.permissions, 'scope', r.data_scope))
                    from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]'::json) as roles
        from sessions s join users u on u.id = s.user_id
        where s.id = ${p.sid} and s.user_id = ${p.sub}`,
  );
  if (!row) return null;
  const roles = typeof row.roles === 'string' ? (JSON.parse(row.roles) as Exclude<SessionUserRow['roles'], string>) : row.roles;
  const auth: AuthContext = {
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
  const found = { row, auth };
  cache?.keep(p.sid, row.id, found, readAt);
  return found;
}

/** The token's payload if its signature is ours (checked once per token while the auth cache keeps it). */
function verifiedPayload(db: Db, config: Config, token: string): TokenPayload | null {
  const cache = authCacheOf<SessionUser>(db);
  const known = cache?.token(token);
  if (known) return known;
  const verified = verifyAccessToken(token, config.tokenSecret);
  if (!verified.ok) return null;
  cache?.keepToken(token, verified.payload);
  return verified.payload;
}

/**
 * Resolves a bearer token to the caller — from the auth cache (cache.ts), else in one query (session +
 * user + roles) — or throws: 402 for a forged/revoked/ended session (the client signs out), 405 for an
 * access token past or near expiry (ACCESS_TOKEN_REFRESH_WINDOW_SECONDS) whose session is still alive
 * (the client refreshes once and retries, SPEC.md §8).
 */
export async function authenticate(db: Db, config: Config, token: string): Promise<AuthContext> {
  const p = verifiedPayload(db, config, token);
  if (!p) throw new ApiError(402, 'error.token_invalid');
  const found = await sessionUser(db, p);
  if (!found || found.row.revoked_at) throw new ApiError(402, 'error.token_invalid');
  const { row, auth } = found;
  const now = Date.now();
  if (new Date(row.expires_at).getTime() <= now) throw new ApiError(402, 'error.token_expired');
  if (row.status !== 'enabled') throw new ApiError(402, 'error.account_disabled');
  if (row.disabled_agent) throw new ApiError(402, 'error.agent_disabled', { name: row.disabled_agent });
  if (p.exp * 1000 <= now || expiresSoon(p, now)) throw new ApiError(405, 'error.token_expiring');
  if (row.access_expired_at && (p.ims ?? p.iat * 1000) <= new Date(row.access_expired_at).getTime()) throw new ApiError(405, 'error.token_expiring');
  return auth;
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
 * Changes a password (SPEC.md §7 modify_password / modify_passwords): your own — always with the
 * current one (old_password), administrators included, so a stolen session cannot become a
 * permanent takeover — or, for an administrator, another user's (no old password; the system log
 * names who set whose). Other sessions of that user are revoked; the caller's stays signed in.
 */
export async function modifyPassword(db: Db, auth: AuthContext, actor: Actor, input: { id?: number; password: string; old_password?: string }) {
  const targetId = input.id ?? auth.userId;
  if (targetId !== auth.userId && !auth.isAdmin) throw new ApiError(403, 'error.forbidden', { permission: 'admin' });
  const [user] = await db.select().from(users).where(eq(users.id, targetId));
  if (!user) throw new ApiError(404, 'error.not_found', { id: targetId });
  if (targetId === auth.userId) {
    if (!input.old_password) throw new ApiError(400, 'validation.old_password_required');
    if (!(await verifyPassword(user.password_hash, input.old_password))) throw new ApiError(400, 'error.wrong_old_password');
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

/** The lock screen: is this the signed-in user's password? Wrong tries are throttled like logins. */
export async function checkPassword(db: Db, config: Config, auth: AuthContext, actor: Actor, password: string): Promise<void> {
  await throttle(db, config, { actions: ['check_password_failed'], success: 'check_password', username: auth.username, ip: actor.ip ?? '' });
  const [user] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, auth.userId));
  if (!user || !(await verifyPassword(user.hash, password))) {
    await writeLog(db, actor, { action: 'check_password_failed', resource: 'auth', recordId: auth.userId });
    throw new ApiError(400, 'error.lock_password');
  }
  await writeLog(db, actor, { action: 'check_password', resource: 'auth', recordId: auth.userId });
}

/** GET /expireToken: the caller's current access token (and any issued before now in this session) now answers 405. */
export async function expireToken(db: Db, auth: AuthContext, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ access_expired_at: new Date() }).where(eq(sessions.id, auth.sessionId));
    await writeLog(tx, actor, { action: 'expire_token', resource: 'auth', recordId: auth.userId, after: { session: auth.sessionId } });
  });
}

/** POST start_page: with `start_page` sets (null/'' clears) the caller's start page; returns it. */
export async function startPage(db: Db, auth: AuthContext, actor: Actor, input: { start_page?: string | null }): Promise<{ start_page: string | null }> {
  const [user] = await db.select({ start_page: users.start_page, version: users.version }).from(users).where(eq(users.id, auth.userId));
  if (!user) throw new ApiError(404, 'error.not_found', { id: auth.userId });
  if (input.start_page === undefined) return { start_page: user.start_page ?? null };
  const next = input.start_page || null;
  if (next === (user.start_page ?? null)) return { start_page: next };
  await db.transaction(async (tx) => {
    await tx.update(users).set({ start_page: next, version: sql`${users.version} + 1`, updated_at: new Date() }).where(eq(users.id, auth.userId));
    await writeLog(tx, actor, {
      action: 'start_page',
      resource: 'user',
      recordId: auth.userId,
      before: { start_page: user.start_page, version: user.version },
      after: { start_page: next, version: user.version + 1 },
    });
  });
  return { start_page: next };
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
    // after /expireToken the new token must be newer than the expiry mark
    const issuedAt = Math.max(Date.now(), (s.access_expired_at?.getTime() ?? 0) + 1);
    return {
      token: signAccessToken({ sub: s.user_id, sid: s.id }, config.tokenSecret, config.accessTokenTtl, issuedAt),
      refresh_token: next.token,
      expires_in: config.accessTokenTtl,
    };
  });
}
