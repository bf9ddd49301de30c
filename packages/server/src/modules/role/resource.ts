import { ADMIN_ROLE_CODE, RoleDataScope, enumField, roleCreateSchema, roleEditSchema, numeric } from '@pv/contract';
import { count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { roles, userRoles } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { defineResource } from '../../resources/define.ts';
import { type AuthContext, can } from '../auth/context.ts';
import { ALL_PERMISSIONS, PERMISSIONS } from '../auth/permissions.ts';
import { plainRow } from '../present.ts';

const id = numeric(z.number({ error: 'validation.number' }).int().positive());
const KNOWN = new Set<string>([...ALL_PERMISSIONS, ...Object.keys(PERMISSIONS).map((p) => `${p}:*`), '*']);

/** Known codes only, without duplicates; a non-admin cannot grant what they do not hold. */
export function checkPermissions(auth: AuthContext, wanted: string[]): string[] {
  const list = [...new Set(wanted)];
  const unknown = list.filter((p) => !KNOWN.has(p));
  if (unknown.length) throw new ApiError(400, 'error.permission_unknown', { codes: unknown.join(', ') });
  const holds = (p: string) => {
    if (p === '*') return auth.isAdmin;
    const [prefix, op] = p.split(':') as [keyof typeof PERMISSIONS, string];
    return op === '*' ? PERMISSIONS[prefix].every((o) => can(auth, `${prefix}:${o}`)) : can(auth, p);
  };
  const missing = list.filter((p) => !holds(p));
  if (missing.length) throw new ApiError(403, 'error.role_grant_forbidden', { permissions: missing.join(', ') });
  return list.sort();
}

/**
 * Roles: permission codes (from PERMISSIONS, chosen in the console's permission tree) and a data
 * scope. The built-in admin role is fixed. A role still assigned to users cannot be deleted: the
 * reply names the role and how many users hold it (unassigning silently could lock people out).
 */
export const roleResource = defineResource({
  name: 'role',
  permission: 'role',
  table: roles,
  createSchema: roleCreateSchema,
  editSchema: roleEditSchema,
  sorts: { id: roles.id, code: roles.code, name: roles.name, created_at: roles.created_at },
  defaultSort: { field: 'id', order: 'ASC' },
  filters: {
    id: { column: roles.id, op: 'eq', schema: id, multi: true },
    code: { column: roles.code, op: 'eq', schema: z.string().max(32), multi: true },
    data_scope: { column: roles.data_scope, op: 'eq', schema: enumField(RoleDataScope.values), multi: true },
  },
  search: [roles.name, roles.code],
  quickFields: {},
  scope: () => undefined,
  extraColumns: {
    user_count: sql<number>`(select count(*)::int from user_roles ur where ur.role_id = "roles"."id")`,
  },
  present: (row) => ({ ...plainRow(row), builtin: row.code === ADMIN_ROLE_CODE }),
  async prepareCreate(input, { auth, tx }) {
    const [taken] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, input.code as string));
    if (taken) throw new ApiError(400, 'error.role_code_taken', { code: input.code });
    return { ...input, permissions: checkPermissions(auth, input.permissions as string[]) };
  },
  async prepareEdit(input, before, { auth }) {
    if (before.code === ADMIN_ROLE_CODE) throw new ApiError(400, 'error.role_builtin');
    if (input.permissions) input.permissions = checkPermissions(auth, input.permissions as string[]);
    return input;
  },
  async beforeDelete(rows, { tx }) {
    for (const row of rows) {
      if (row.code === ADMIN_ROLE_CODE) throw new ApiError(400, 'error.role_builtin');
      const [used] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.role_id, row.id as number));
      if (used && used.n > 0) throw new ApiError(400, 'error.role_in_use', { name: row.name, count: used.n });
    }
  },
});
