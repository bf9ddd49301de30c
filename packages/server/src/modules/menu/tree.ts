import { asc, count, eq } from 'drizzle-orm';
import { MENU_TREE, type MenuSeed, type ServerRoute } from '@pv/contract';
import type { Db } from '../../db/client.ts';
import { menus } from '../../db/schema/index.ts';
import { type AuthContext, can } from '../auth/context.ts';

type MenuRow = typeof menus.$inferSelect;

/** Fills an empty menus table with the product's route tree (SPEC.md §2). */
export async function seedMenus(db: Db, tree: readonly MenuSeed[] = MENU_TREE): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(menus);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    const insert = async (list: readonly MenuSeed[], parentId: number | null) => {
      for (const [i, m] of list.entries()) {
        const meta: Record<string, unknown> = { ...m.meta };
        if (m.identity) meta.identity = m.identity;
        const [created] = await tx
          .insert(menus)
          .values({
            parent_id: parentId,
            path: m.path,
            name: m.name,
            component: m.component ?? null,
            redirect: m.redirect ?? null,
            sort: (i + 1) * 10,
            meta,
            permission: m.permission ?? '',
            status: m.enabled === false ? 'disabled' : 'enabled',
          })
          .returning({ id: menus.id });
        if (m.children?.length) await insert(m.children, created!.id);
      }
    };
    await insert(tree, null);
  });
  return true;
}

export interface MenuNode extends ServerRoute {
  id: number;
  parent_id: number | null;
  sort: number;
  permission: string;
  status: string;
  version: number;
  children?: MenuNode[];
}

/** All rows as a tree, ordered by sort then id. */
export async function loadMenuTree(db: Db): Promise<MenuNode[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  return buildTree(rows);
}

export function buildTree(rows: readonly MenuRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      parent_id: r.parent_id,
      path: r.path,
      name: r.name,
      component: r.component,
      redirect: r.redirect,
      meta: r.meta as ServerRoute['meta'],
      sort: r.sort,
      permission: r.permission,
      status: r.status,
      version: r.version,
    });
  }
  const roots: MenuNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** Whether a user may see one entry: enabled, permission held, identity rule met. */
export function visibleTo(auth: AuthContext, node: MenuNode): boolean {
  if (node.status !== 'enabled') return false;
  if (node.permission && !can(auth, node.permission)) return false;
  const identity = (node.meta as { identity?: unknown }).identity;
  if (typeof identity === 'string' && identity !== '' && identity !== auth.identity) return false;
  return true;
}

/**
 * The route array a user is served: invisible entries are dropped with their children, and a
 * container ('Layout') left without children is dropped too. Internal columns are stripped.
 */
export function routesFor(auth: AuthContext, tree: readonly MenuNode[]): ServerRoute[] {
  return tree.flatMap((node): ServerRoute[] => {
    if (!visibleTo(auth, node)) return [];
    const children = node.children ? routesFor(auth, node.children) : undefined;
    if (node.component === 'Layout' && (!children || children.length === 0)) return [];
    const { identity: _identity, ...meta } = node.meta as Record<string, unknown>;
    const route: ServerRoute = { path: node.path, name: node.name, component: node.component, redirect: node.redirect, meta: meta as ServerRoute['meta'] };
    if (children?.length) route.children = children;
    return [route];
  });
}

export async function menuRow(db: Db, id: number) {
  const [row] = await db.select().from(menus).where(eq(menus.id, id));
  return row;
}
