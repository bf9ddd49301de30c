import type { FastifyInstance } from 'fastify';
import { asc, getTableColumns, sql } from 'drizzle-orm';
import { departments } from '../../db/schema/index.ts';
import type { Deps } from '../../http/deps.ts';
import { ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { plainRow } from '../present.ts';
import { departmentResource } from './resource.ts';

export interface DepartmentNode extends Record<string, unknown> {
  id: number;
  parent_id: number | null;
  children: DepartmentNode[];
}

/** Rows → nested tree, siblings by sort then id; orphans (parent missing) become roots. */
export function buildTree(rows: Record<string, unknown>[]): DepartmentNode[] {
  const nodes = new Map<number, DepartmentNode>();
  for (const r of rows) nodes.set(r.id as number, { ...(plainRow(r) as DepartmentNode), children: [] });
  const roots: DepartmentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export function departmentRoutes(app: FastifyInstance, deps: Deps) {
  resourceRoutes(app, deps, departmentResource);
  // the organisation chart: any signed-in user may read it (the user form's department picker needs it)
  app.get(
    '/api/system/department/tree',
    { config: { permission: '' }, schema: doc('department', 'The whole department tree, nested (children), siblings by sort', { returns: 'DepartmentNode[]' }) },
    async () => {
      const rows = await deps.db
        .select({ ...getTableColumns(departments), user_count: sql<number>`(select count(*)::int from users u where u.department_id = "departments"."id")` })
        .from(departments)
        .orderBy(asc(departments.sort), asc(departments.id));
      return ok(buildTree(rows));
    },
  );
}
