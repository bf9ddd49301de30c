import { EnableStatus, departmentCreateSchema, departmentEditSchema, enumField, numeric } from '@pv/contract';
import { count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { departments, users } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { defineResource } from '../../resources/define.ts';
import { plainRow } from '../present.ts';

const id = numeric(z.number({ error: 'validation.number' }).int().positive());

/** The department and every department below it (a recursive subquery of ids). */
export const departmentTree = (departmentId: number) =>
  sql`(with recursive d(id) as (select ${departmentId}::int union all select c.id from departments c join d on c.parent_id = d.id) select id from d)`;

async function checkParent(tx: Queryable, parentId: number | null | undefined, selfId?: number) {
  if (parentId === null || parentId === undefined) return;
  const [parent] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, parentId));
  if (!parent) throw new ApiError(400, 'error.department_not_found', { id: parentId });
  if (selfId === undefined) return;
  // moving under itself or a descendant would make a cycle
  const [cycle] = await tx.select({ id: departments.id }).from(departments).where(sql`${departments.id} = ${parentId} and ${departments.id} in ${departmentTree(selfId)}`);
  if (cycle) throw new ApiError(400, 'error.department_cycle');
}

/**
 * 部门 (labelled 客户管理 in the menu, SPEC.md §2): an organisation tree users belong to. Everyone
 * with department:index reads the whole tree (it is the organisation chart, not business data);
 * a node with children or users cannot be deleted; a move cannot make a cycle.
 */
export const departmentResource = defineResource({
  name: 'department',
  permission: 'department',
  table: departments,
  createSchema: departmentCreateSchema,
  editSchema: departmentEditSchema,
  sorts: { id: departments.id, sort: departments.sort, name: departments.name, created_at: departments.created_at },
  defaultSort: { field: 'sort', order: 'ASC' },
  filters: {
    id: { column: departments.id, op: 'eq', schema: id, multi: true },
    parent_id: { column: departments.parent_id, op: 'eq', schema: id },
    name: { column: departments.name, op: 'contains', schema: z.string().max(64) },
    status: { column: departments.status, op: 'eq', schema: enumField(EnableStatus.values), multi: true },
  },
  search: [departments.name, departments.code, departments.leader],
  quickFields: { status: enumField(EnableStatus.values), sort: departmentCreateSchema.shape.sort.unwrap() },
  scope: () => undefined,
  extraColumns: {
    parent_name: sql<string | null>`(select p.name from departments p where p.id = "departments"."parent_id")`,
    user_count: sql<number>`(select count(*)::int from users u where u.department_id = "departments"."id")`,
  },
  present: (row) => plainRow(row),
  async prepareCreate(input, { tx }) {
    await checkParent(tx, input.parent_id as number | null | undefined);
    return input;
  },
  async prepareEdit(input, before, { tx }) {
    if ('parent_id' in input && input.parent_id !== before.parent_id) await checkParent(tx, input.parent_id as number | null, before.id as number);
    return input;
  },
  async beforeDelete(rows, { tx }) {
    const ids = new Set(rows.map((r) => r.id as number));
    for (const row of rows) {
      const children = await tx.select({ id: departments.id }).from(departments).where(eq(departments.parent_id, row.id as number));
      // deleting a parent together with all its children is fine
      if (children.some((c) => !ids.has(c.id))) throw new ApiError(400, 'error.department_has_children', { name: row.name });
      const [members] = await tx.select({ n: count() }).from(users).where(eq(users.department_id, row.id as number));
      if (members && members.n > 0) throw new ApiError(400, 'error.department_has_users', { name: row.name, count: members.n });
    }
  },
});
