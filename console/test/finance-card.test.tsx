import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

/**
 * The dashboard's 财务 card shows each half only to a user with its report permission (rent:
 * rent_bill:report, revenue: revenue:report) and is not there without either. The card's element
 * tree is inspected (the component called directly, react-admin's hooks stubbed).
 */
const acl = { current: { admin: false, roles: [] as string[], permissions: [] as string[] } };
vi.mock('react-admin', async (importOriginal) => ({
  ...(await importOriginal<typeof import('react-admin')>()),
  usePermissions: () => ({ permissions: acl.current, isPending: false }),
  useTranslate: () => (key: string) => key,
  useLocaleState: () => ['zh', () => undefined],
}));

const { FinanceCard } = await import('../src/resources/stats/FinanceCard.tsx');

function elements(node: ReactNode): ReactElement[] {
  if (Array.isArray(node)) return node.flatMap(elements);
  if (!isValidElement(node)) return [];
  const props = node.props as { children?: ReactNode; actions?: ReactNode };
  return [node, ...elements(props.actions), ...elements(props.children)];
}
const blocks = (tree: ReactNode) =>
  elements(tree)
    .map((e) => (typeof e.type === 'function' ? `${e.type.name}${(e.props as { what?: string }).what ? `:${(e.props as { what: string }).what}` : ''}` : null))
    .filter((n): n is string => !!n && /^(RentBlock|RevenueBlock)/.test(n));

describe('the dashboard finance card', () => {
  it('is not there without a report permission', () => {
    acl.current = { admin: false, roles: [], permissions: ['statistic:view', 'rent_bill:index', 'revenue:index'] };
    expect(FinanceCard({})).toBeNull();
  });

  it('shows the rent of this month and this year with rent_bill:report, the revenue with revenue:report', () => {
    acl.current = { admin: false, roles: [], permissions: ['rent_bill:report'] };
    expect(blocks(FinanceCard({ province: '370000' }))).toEqual(['RentBlock:month', 'RentBlock:year']);
    acl.current = { admin: false, roles: [], permissions: ['revenue:report'] };
    expect(blocks(FinanceCard({}))).toEqual(['RevenueBlock']);
    acl.current = { admin: false, roles: [], permissions: ['rent_bill:*', 'revenue:report'] };
    expect(blocks(FinanceCard({}))).toEqual(['RentBlock:month', 'RentBlock:year', 'RevenueBlock']);
    acl.current = { admin: true, roles: [], permissions: [] };
    expect(blocks(FinanceCard({}))).toEqual(['RentBlock:month', 'RentBlock:year', 'RevenueBlock']);
  });
});
