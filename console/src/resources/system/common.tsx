import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SelectInput, useRecordContext, useTranslate, type SelectInputProps } from 'react-admin';
import { contractResolver } from '../../forms/zodResolver.ts';
import { changedFields } from '../../providers/dataProvider.ts';
import { Chip } from '@mui/material';
import { client } from '../../providers/client.ts';

/** One node of GET /api/system/department/tree. */
export interface DepartmentNode {
  id: number;
  parent_id: number | null;
  name: string;
  code: string | null;
  leader: string | null;
  phone: string | null;
  sort: number;
  status: string;
  version: number;
  children: DepartmentNode[];
}

export const DEPARTMENT_TREE_KEY = ['pv', 'department-tree'];

/** The whole department tree (any signed-in user may read it). */
export function useDepartmentTree() {
  return useQuery({
    queryKey: DEPARTMENT_TREE_KEY,
    queryFn: async ({ signal }) => (await client.get<DepartmentNode[]>('/api/system/department/tree', undefined, { silent: true, signal })).data ?? [],
  });
}

/** Depth-first rows with their depth, for an indented picker. */
export function flattenTree(nodes: DepartmentNode[], depth = 0, skip?: number): Array<{ node: DepartmentNode; depth: number }> {
  return nodes.flatMap((node) => (node.id === skip ? [] : [{ node, depth }, ...flattenTree(node.children, depth + 1, skip)]));
}

/**
 * A department picked from the tree: the options are indented by depth. `exclude` leaves out a node
 * and its subtree (a department cannot move under itself).
 */
export const DepartmentTreeInput = ({ exclude, allowTop, ...props }: Omit<SelectInputProps, 'choices'> & { exclude?: number; allowTop?: boolean }) => {
  const { data = [], isPending } = useDepartmentTree();
  const translate = useTranslate();
  const choices = useMemo(() => {
    const rows = flattenTree(data, 0, exclude).map(({ node, depth }) => ({ id: node.id, name: `${'\u00a0\u00a0\u00a0\u00a0'.repeat(depth)}${depth ? '└ ' : ''}${node.name}` }));
    return allowTop ? [{ id: '', name: translate('pv.org.top_level') }, ...rows] : rows;
  }, [data, exclude, allowTop, translate]);
  return <SelectInput {...props} choices={choices} isPending={isPending} emptyText={allowTop ? undefined : 'pv.org.none'} />;
};

/** 启用 / 停用 as a chip. */
export const EnableChip = ({ source = 'status' }: { source?: string; label?: string; sortable?: boolean; sortBy?: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const value = String(record[source] ?? '');
  return (
    <Chip
      size="small"
      color={value === 'enabled' ? 'success' : 'default'}
      variant={value === 'enabled' ? 'filled' : 'outlined'}
      label={translate(`pv.org.status.${value}`, { _: value })}
      data-testid="enable-chip"
    />
  );
};

export const statusChoices = [
  { id: 'enabled', name: 'pv.org.status.enabled' },
  { id: 'disabled', name: 'pv.org.status.disabled' },
];

/** The server's message of a failed call (the client throws its ApiError with the envelope msg). */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** An edit form's resolver: validates what the dataProvider sends (id, the version read, the changed editable fields). */
export function useEditResolver(schema: Parameters<typeof contractResolver>[0], editable: readonly string[]) {
  const translate = useTranslate();
  const record = useRecordContext();
  return useMemo(
    () =>
      contractResolver(schema, translate, (values: Record<string, unknown>) => ({
        id: record?.id,
        version: record?.version,
        ...changedFields(values, record as Record<string, unknown> | undefined, editable),
      })),
    [schema, editable, translate, record],
  );
}
