import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { DISPLAY_TOKEN_PREFIX, type DisplayTokenCreated, type DisplayTokenView } from '@pv/contract';
import type { Db } from '../../db/client.ts';
import { displayTokens } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { AuthContext } from '../auth/context.ts';
import { hashSecret } from '../auth/token.ts';
import { type Actor, writeLog } from '../system/syslog.ts';

/** How many characters of a token the list shows (`pvd_` and 8 more). */
const SHOWN_PREFIX = DISPLAY_TOKEN_PREFIX.length + 8;
/** last_used_at is written at most this often per token, so a polling wall does not write on every call. */
export const LAST_USED_WRITE_MS = 60_000;

const TOKEN_RE = /^pvd_[A-Za-z0-9_-]{43}$/;

type Row = typeof displayTokens.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function present(row: Row): DisplayTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
    expires_at: iso(row.expires_at),
    revoked_at: iso(row.revoked_at),
    last_used_at: iso(row.last_used_at),
  };
}

export async function listDisplayTokens(db: Db): Promise<DisplayTokenView[]> {
  const rows = await db.select().from(displayTokens).orderBy(desc(displayTokens.created_at), desc(displayTokens.id));
  return rows.map(present);
}

/** Issues a token: 32 random bytes, stored as a SHA-256 hash; the caller gets the whole token once. */
export async function addDisplayToken(db: Db, actor: Actor, input: { name: string; valid_days: number | null }, now = new Date()): Promise<DisplayTokenCreated> {
  const token = DISPLAY_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const expires = input.valid_days === null ? null : new Date(now.getTime() + input.valid_days * 86_400_000);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(displayTokens)
      .values({ name: input.name, token_hash: hashSecret(token), prefix: token.slice(0, SHOWN_PREFIX), created_by: actor.userId, created_at: now, expires_at: expires })
      .returning();
    const view = present(row!);
    await writeLog(tx, actor, { action: 'add', resource: 'display_token', recordId: row!.id, after: view });
    return { ...view, token };
  });
}

export async function revokeDisplayToken(db: Db, actor: Actor, id: number): Promise<DisplayTokenView> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(displayTokens).where(eq(displayTokens.id, id)).for('update');
    if (!before) throw new ApiError(404, 'error.not_found', { id });
    if (before.revoked_at) throw new ApiError(400, 'error.display_token_already_revoked', { name: before.name });
    const [after] = await tx.update(displayTokens).set({ revoked_at: new Date(), revoked_by: actor.userId }).where(eq(displayTokens.id, id)).returning();
    await writeLog(tx, actor, { action: 'revoke', resource: 'display_token', recordId: id, before: present(before), after: present(after!) });
    return present(after!);
  });
}

/**
 * The caller of a request bearing a display token: statistics of the whole company (scope all),
 * permissions statistic:view and target:view (the auth hook also limits it to the statistics URLs). Unknown, revoked and expired tokens are refused with 401 and say why.
 */
export async function authenticateDisplayToken(db: Db, token: string, now = new Date()): Promise<AuthContext> {
  if (!TOKEN_RE.test(token)) throw new ApiError(401, 'error.display_token_invalid');
  const [row] = await db.select().from(displayTokens).where(eq(displayTokens.token_hash, hashSecret(token))).limit(1);
  if (!row) throw new ApiError(401, 'error.display_token_invalid');
  if (row.revoked_at) throw new ApiError(401, 'error.display_token_revoked', { name: row.name });
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) {
    throw new ApiError(401, 'error.display_token_expired', { name: row.name, at: row.expires_at.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' });
  }
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= LAST_USED_WRITE_MS) {
    await db.update(displayTokens).set({ last_used_at: now }).where(eq(displayTokens.id, row.id));
  }
  return {
    userId: row.created_by ?? 0,
    sessionId: `display:${row.id}`,
    username: `display:${row.name}`.slice(0, 64),
    fullName: row.name,
    identity: 'display',
    agentId: null,
    departmentId: null,
    avatar: null,
    isAdmin: false,
    roles: [],
    permissions: new Set(['statistic:view', 'target:view']),
    scope: 'all',
    displayTokenId: row.id,
  };
}
