import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

/**
 * SPEC.md §6 "permissions directive": screens hide what a user may not use with <Permission>, not
 * with checks of their own. The screens' element trees are inspected (components called directly,
 * react-admin's hooks stubbed): the guarded elements sit inside <Permission rule=...>.
 */
const record = { current: { id: 3, stage: 'formal', app_enabled: true, app_password_set: false } as Record<string, unknown> };
vi.mock('react-admin', async (importOriginal) => ({
  ...(await importOriginal<typeof import('react-admin')>()),
  useRecordContext: () => record.current,
  useTranslate: () => (key: string) => key,
  useCanAccess: () => ({ canAccess: true, isPending: false }),
  useResourceContext: () => 'stationManagement/gebMatter',
}));

const { Permission } = await import('../src/shell/Permission.tsx');
const { AppAccount } = await import('../src/resources/customer/AppAccount.tsx');
const { AgentListActions } = await import('../src/resources/agent/AgentList.tsx');
const { MatterListActions } = await import('../src/resources/matter/MatterList.tsx');
const { ExportButton } = await import('../src/resources/customer/excel/index.ts');

/** Every element of a tree (function components not rendered), props.actions included. */
function elements(node: ReactNode): ReactElement[] {
  if (Array.isArray(node)) return node.flatMap(elements);
  if (!isValidElement(node)) return [];
  const props = node.props as { children?: ReactNode; actions?: ReactNode };
  return [node, ...elements(props.actions), ...elements(props.children)];
}

/** rule → the element types inside each <Permission> of a tree. */
function guarded(tree: ReactNode): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const el of elements(tree).filter((e) => e.type === Permission)) {
    const { rule, children } = el.props as { rule: string; children?: ReactNode };
    out[rule] = elements(children).map((c) => c.type);
  }
  return out;
}

describe('screens use <Permission> (SPEC.md §6)', () => {
  it('customer 光E宝账号: verify link and set password are each behind their permission (formal customers only)', () => {
    record.current = { ...record.current, stage: 'formal' };
    const rules = guarded(AppAccount());
    expect(Object.keys(rules).sort()).toEqual(['customer:get_verify_url', 'customer:modify_password']);
    expect(rules['customer:get_verify_url']).toHaveLength(1);
    record.current = { ...record.current, stage: 'intentional' };
    expect(guarded(AppAccount())).toEqual({});
  });

  it('agent and matter lists: the export button is behind agent:export / matter:export', () => {
    expect(guarded(AgentListActions())).toEqual({ 'agent:export': [ExportButton] });
    expect(guarded(MatterListActions())).toEqual({ 'matter:export': [ExportButton] });
  });
});
