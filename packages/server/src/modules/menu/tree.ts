import { asc, count, eq } from 'drizzle-orm';
import { MENU_TREE, type MenuCheckItem, type MenuSeed, type ServerRoute } from '@pv/contract';
import type { Db, Queryable } from '../../db/client.ts';
import { menus, roles, userRoles, users } from '../../db/schema/index.ts';
import { type AuthContext, can, widestScope } from '../auth/context.ts';

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
 * The entries a user is served: invisible entries are dropped with their children, and a container
 * ('Layout') left without children is dropped too.
 */
export function visibleTree(auth: AuthContext, tree: readonly MenuNode[]): MenuNode[] {
  return tree.flatMap((node): MenuNode[] => {
    if (!visibleTo(auth, node)) return [];
    const children = node.children ? visibleTree(auth, node.children) : undefined;
    if (node.component === 'Layout' && (!children || children.length === 0)) return [];
    const out: MenuNode = { ...node };
    if (children?.length) out.children = children;
    else delete out.children;
    return [out];
  });
}

/** The served shape: internal columns and the identity rule stripped. */
export function toServerRoutes(tree: readonly MenuNode[]): ServerRoute[] {
  return tree.map((node) => {
    const { identity: _identity, ...meta } = node.meta as Record<string, unknown>;
    const route: ServerRoute = { path: node.path, name: node.name, component: node.component, redirect: node.redirect, meta: meta as ServerRoute['meta'] };
    if (node.children?.length) route.children = toServerRoutes(node.children);
    return route;
  });
}

/** The route array a user is served (SPEC.md §2 dynamic menu). */
export function routesFor(auth: AuthContext, tree: readonly MenuNode[]): ServerRoute[] {
  return toServerRoutes(visibleTree(auth, tree));
}

const isOn = (v: unknown) => v === 1 || v === true || v === '1';

/** hide=1: without entries whose meta.hidden is on (and their children). */
export function withoutHidden(tree: readonly MenuNode[]): MenuNode[] {
  return tree.flatMap((node) => {
    if (isOn((node.meta as Record<string, unknown>).hidden)) return [];
    return [{ ...node, ...(node.children ? { children: withoutHidden(node.children) } : {}) }];
  });
}

/** filter=keyword: entries whose title, path or name contains it, with their ancestors; a matching entry keeps its children. */
export function filterTree(tree: readonly MenuNode[], keyword: string): MenuNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...tree];
  const matches = (n: MenuNode) => [n.meta.title, n.path, n.name].some((v) => typeof v === 'string' && v.toLowerCase().includes(k));
  return tree.flatMap((node) => {
    if (matches(node)) return [node];
    const children = filterTree(node.children ?? [], keyword);
    return children.length ? [{ ...node, children }] : [];
  });
}

const isExternalPath = (path: string) => /^(https?:|mailto:|tel:)/.test(path);

export function joinMenuPath(parent: string, path: string): string {
  if (isExternalPath(path) || path.startsWith('/')) return path;
  return `${parent.endsWith('/') ? parent.slice(0, -1) : parent}/${path}`;
}

/** filter_checkout=1: one flat list, parents before children, for check-box pickers. */
export function checkList(tree: readonly MenuNode[], parent = '/', depth = 0): MenuCheckItem[] {
  return tree.flatMap((node) => {
    const full = joinMenuPath(parent, node.path);
    const item: MenuCheckItem = {
      id: node.id,
      parent_id: node.parent_id,
      name: node.name,
      path: node.path,
      full_path: full,
      title: String(node.meta.title ?? node.name),
      depth,
      status: node.status,
    };
    return [item, ...checkList(node.children ?? [], full, depth + 1)];
  });
}

export async function menuRow(db: Db, id: number) {
  const [row] = await db.select().from(menus).where(eq(menus.id, id));
  return row;
}

/** What another user is: enough of an AuthContext to decide which entries they are served (admin_id). */
export async function contextOfUser(db: Queryable, userId: number): Promise<AuthContext | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const held = await db
    .select({ code: roles.code, permissions: roles.permissions, scope: roles.data_scope })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.role_id))
    .where(eq(userRoles.user_id, userId));
  return {
    userId: user.id,
    sessionId: '',
    username: user.username,
    fullName: user.full_name,
    identity: user.identity,
    agentId: user.agent_id,
    departmentId: user.department_id,
    avatar: user.avatar,
    isAdmin: user.is_admin,
    roles: held.map((r) => r.code),
    permissions: new Set(held.flatMap((r) => r.permissions)),
    scope: user.is_admin ? 'all' : widestScope(held.map((r) => r.scope)),
  };
}
