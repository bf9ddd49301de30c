import { useQuery } from '@tanstack/react-query';
import type { MenuRecord } from '@pv/contract';
import { client } from '../../../providers/client.ts';
import type { AccessInfo } from '../../../providers/authProvider.ts';
import { hasPermission } from '../../../providers/permissions.ts';
import { usePermissions } from 'react-admin';

export const MENU_ADMIN_KEY = ['menuAdmin', 'tree'];
const silent = { silent: true } as const;

/** The whole menu table as a tree (all=1: disabled entries too, with ids and versions). */
export function useMenuTree() {
  return useQuery({
    queryKey: MENU_ADMIN_KEY,
    queryFn: async () => (await client.get<MenuRecord[]>('/api/system/menu/index', { all: 1 }, silent)).data,
  });
}

export function useMenuOptions() {
  return useQuery({
    queryKey: ['menuAdmin', 'options'],
    queryFn: async () => (await client.get<{ components: string[]; permissions: string[] }>('/api/system/menu/options', undefined, silent)).data,
    staleTime: 5 * 60_000,
  });
}

export const menuApi = {
  add: (data: Record<string, unknown>) => client.post<MenuRecord>('/api/system/menu/add', data, silent),
  edit: (data: Record<string, unknown>) => client.post<MenuRecord>('/api/system/menu/edit', data, silent),
  del: (id: number) => client.get<{ ids: number[] }>('/api/system/menu/del', { id }, silent),
  updateField: (id: number, field: string, value: unknown) => client.post<MenuRecord>('/api/system/menu/update_field', { id, field, value }, silent),
};

/** Whether the signed-in user holds a permission code (SPEC.md §6 check). */
export function useCan(code: string): boolean {
  const { permissions } = usePermissions<AccessInfo>();
  return hasPermission(permissions, code);
}

export interface FlatMenu {
  node: MenuRecord;
  depth: number;
  fullPath: string;
}

const join = (parent: string, path: string) => (/^https?:/.test(path) || path.startsWith('/') ? path : `${parent.endsWith('/') ? parent.slice(0, -1) : parent}/${path}`);

export function flattenMenu(tree: readonly MenuRecord[], depth = 0, parent = '/'): FlatMenu[] {
  return tree.flatMap((node) => {
    const fullPath = join(parent, node.path);
    return [{ node, depth, fullPath }, ...flattenMenu(node.children ?? [], depth + 1, fullPath)];
  });
}

export function descendantIds(node: MenuRecord): number[] {
  return (node.children ?? []).flatMap((c) => [c.id, ...descendantIds(c)]);
}
