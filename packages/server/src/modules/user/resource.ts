import { ADMIN_ROLE_CODE, EnableStatus, enumField, userCreateSchema, userEditSchema } from '@pv/contract';
import { and, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { agents, departments, roles, sessions, userRoles, users } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { defineResource, filterValue } from '../../resources/define.ts';
import type { AuthContext } from '../auth/context.ts';
import { hashPassword } from '../auth/password.ts';
import { departmentTree } from '../department/resource.ts';
import { plainRow } from '../present.ts';
import { writeLog } from '../system/syslog.ts';
import { checkPermissions } from '../role/resource.ts';
import { agentTree } from '../scope.ts';

type Row = Record<string, unknown>;

/**
 * Users a caller may see: all; their department and the departments below it; their agent and its
 * sub-agents; themselves. Everyone always sees their own row.
 */
export function userScope(auth: AuthContext) {
  const self = sql`${users.id} = ${auth.userId}`;
  switch (auth.scope) {
    case 'all':
      return undefined;
    case 'department':
      return auth.departmentId === null ? self : sql`(${users.department_id} in ${departmentTree(auth.departmentId)} or ${self})`;
    case 'agent':
      return auth.agentId === null ? self : sql`(${users.agent_id} in ${agentTree(auth.agentId)} or ${self})`;
    case 'self':
      return self;
  }
}

/** Revokes the user's live sessions (all, or all but one). */
export async function revokeSessions(tx: Queryable, userId: number, except?: string) {
  await tx
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.user_id, userId), sql`${sessions.revoked_at} is null`, except ? sql`${sessions.id} <> ${except}` : undefined));
}

/** Only an administrator may change, disable, reset or delete an administrator. */
export function guardAdminTarget(auth: AuthContext, target: Row) {
  if (target.is_admin && !auth.isAdmin) throw new ApiError(403, 'error.forbidden', { permission: 'admin' });
}

/** Refuses when no enabled administrator would remain besides `leaving`. */
export async function keepOneAdmin(tx: Queryable, leaving: number[]) {
  const [left] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.is_admin, true), eq(users.status, 'enabled'), notInArray(users.id, leaving)));
  if (!left || left.n < 1) throw new ApiError(400, 'error.last_admin');
}

/** Role assignments live in user_roles, not in the user row: they get their own system-log entry. */
async function logRoles(tx: Queryable, auth: AuthContext, userId: number, before: number[], after: number[]) {
  const actor = { userId: auth.userId, username: auth.username, ip: null };
  await writeLog(tx, actor, { action: 'assign_roles', resource: 'user', recordId: userId, before: { role_ids: before }, after: { role_ids: after } });
}

/** Resolves role ids: they must exist, and a non-admin may only hand out what they hold. */
async function resolveRoles(tx: Queryable, auth: AuthContext, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return { ids: unique, admin: false };
  const found = await tx.select().from(roles).where(inArray(roles.id, unique));
  const missing = unique.filter((i) => !found.some((r) => r.id === i));
  if (missing.length) throw new ApiError(400, 'error.role_not_found', { id: missing.join(', ') });
  if (!auth.isAdmin) {
    if (found.some((r) => r.code === ADMIN_ROLE_CODE)) throw new ApiError(403, 'error.forbidden', { permission: 'admin' });
    for (const r of found) checkPermissions(auth, r.permissions);
  }
  return { ids: unique, admin: found.some((r) => r.code === ADMIN_ROLE_CODE) };
}

async function checkRefs(tx: Queryable, input: Row) {
  if (typeof input.department_id === 'number') {
    const [d] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, input.department_id));
    if (!d) throw new ApiError(400, 'error.department_not_found', { id: input.department_id });
  }
  if (typeof input.agent_id === 'number') {
    const [a] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.id, input.agent_id));
    if (!a) throw new ApiError(400, 'error.agent_not_found', { id: input.agent_id });
  }
}

async function checkUsername(tx: Queryable, username: string, selfId?: number) {
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (taken && taken.id !== selfId) throw new ApiError(400, 'error.username_taken', { username });
}

const parseJson = <T>(v: unknown, fallback: T): T => (v === null || v === undefined ? fallback : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

const withoutSecret = (row: Row): Row => {
  const { password_hash: _, ...rest } = row;
  return rest;
};

/** What the API returns for a user: never the password hash; roles as ids and {id, code, name}. */
export function presentUser(row: Row): Row {
  const out = plainRow(withoutSecret(row));
  const list = parseJson<{ id: number; code: string; name: string }[]>(row.roles, []);
  out.roles = list;
  out.role_ids = list.map((r) => r.id);
  return out;
}

/**
 * 用户管理. The admin flag follows the built-in admin role. Status changes and password resets are
 * actions (routes.ts) because they revoke sessions; the generic edit changes profile fields,
 * department, agent and roles.
 */
export const userResource = defineResource({
  name: 'user',
  permission: 'user',
  table: users,
  createSchema: userCreateSchema,
  editSchema: userEditSchema,
  sorts: {
    id: users.id,
    username: users.username,
    full_name: users.full_name,
    status: users.status,
    created_at: users.created_at,
    last_login_at: users.last_login_at,
  },
  defaultSort: { field: 'id', order: 'ASC' },
  filters: {
    id: { column: users.id, op: 'eq', schema: filterValue.id, multi: true },
    status: { column: users.status, op: 'eq', schema: enumField(EnableStatus.values), multi: true },
    username: { column: users.username, op: 'prefix', schema: z.string().max(64) },
    agent_id: { column: users.agent_id, op: 'eq', schema: filterValue.id, multi: true },
    // a department filter includes its sub-departments
    department_id: {
      column: users.department_id,
      op: 'eq',
      schema: filterValue.id,
      where: (values) => sql`${users.department_id} in ${departmentTree(values[0] as number)}`,
    },
    role_id: {
      column: users.id,
      op: 'eq',
      schema: filterValue.id,
      multi: true,
      where: (values) => sql`exists (select 1 from user_roles ur where ur.user_id = ${users.id} and ur.role_id in (${sql.join(values.map((v) => sql`${v}`), sql`, `)}))`,
    },
  },
  search: [users.username, users.full_name, users.phone, users.email],
  quickFields: {},
  scope: userScope,
  extraColumns: {
    roles: sql`coalesce((select json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name) order by r.id) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = "users"."id"), '[]'::json)`,
    department_name: sql<string | null>`(select d.name from departments d where d.id = "users"."department_id")`,
    agent_name: sql<string | null>`(select a.name from agents a where a.id = "users"."agent_id")`,
  },
  present: presentUser,
  logRow: withoutSecret,
  async prepareCreate(input, { auth, tx }) {
    await checkUsername(tx, input.username as string);
    await checkRefs(tx, input);
    const assigned = await resolveRoles(tx, auth, (input.role_ids as number[] | undefined) ?? []);
    const { password, role_ids: _, ...rest } = input;
    return {
      ...rest,
      full_name: (rest.full_name as string | null | undefined) ?? '',
      password_hash: await hashPassword(password as string),
      is_admin: assigned.admin,
      identity: rest.agent_id ? 'agent' : 'staff',
    };
  },
  async afterCreate(created, input, { auth, tx }) {
    const { ids } = await resolveRoles(tx, auth, (input.role_ids as number[] | undefined) ?? []);
    if (ids.length) await tx.insert(userRoles).values(ids.map((role_id) => ({ user_id: created.id as number, role_id })));
    if (ids.length) await logRoles(tx, auth, created.id as number, [], ids);
  },
  async prepareEdit(input, before, { auth, tx }) {
    guardAdminTarget(auth, before);
    const userId = before.id as number;
    if (typeof input.username === 'string' && input.username !== before.username) await checkUsername(tx, input.username, userId);
    await checkRefs(tx, input);
    const { role_ids, ...values } = input;
    if ('full_name' in values && values.full_name == null) values.full_name = '';
    if ('agent_id' in values) values.identity = before.identity === 'system' ? 'system' : values.agent_id ? 'agent' : 'staff';
    if (Array.isArray(role_ids)) {
      const assigned = await resolveRoles(tx, auth, role_ids as number[]);
      if (before.is_admin && !assigned.admin) await keepOneAdmin(tx, [userId]);
      const previous = (await tx.select({ id: userRoles.role_id }).from(userRoles).where(eq(userRoles.user_id, userId))).map((r) => r.id).sort((a, b) => a - b);
      const next = [...assigned.ids].sort((a, b) => a - b);
      if (JSON.stringify(previous) !== JSON.stringify(next)) await logRoles(tx, auth, userId, previous, next);
      await tx.delete(userRoles).where(eq(userRoles.user_id, userId));
      if (assigned.ids.length) await tx.insert(userRoles).values(assigned.ids.map((role_id) => ({ user_id: userId, role_id })));
      values.is_admin = assigned.admin;
    }
    return values;
  },
  async beforeDelete(rows, { auth, tx }) {
    const ids = rows.map((r) => r.id as number);
    if (ids.includes(auth.userId)) throw new ApiError(400, 'error.user_self');
    for (const r of rows) guardAdminTarget(auth, r);
    if (rows.some((r) => r.is_admin)) await keepOneAdmin(tx, ids);
  },
});
