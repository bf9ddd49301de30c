import { bindingOf } from './resources.ts';

/**
 * The permission check of SPEC.md §6, as a pure function:
 * - an admin (full access) always passes;
 * - a string or an array means any of the given roles or permissions;
 * - an object takes role and permission lists with mode oneOf (default), allOf or except.
 * An empty requirement passes.
 */
export interface Acl {
  admin: boolean;
  roles: readonly string[];
  permissions: readonly string[];
}

export type PermissionMode = 'allOf' | 'oneOf' | 'except';
export type PermissionRule =
  | string
  | readonly string[]
  | { role?: readonly string[]; permission?: readonly string[]; mode?: PermissionMode };

export const NO_ACCESS: Acl = { admin: false, roles: [], permissions: [] };

/** A granted permission covers a wanted one when equal, or as a wildcard: '*' or 'customer:*'. */
const covers = (granted: string, wanted: string) =>
  granted === wanted || granted === '*' || (granted.endsWith(':*') && wanted.startsWith(granted.slice(0, -1)));

export function hasPermission(acl: Acl | null | undefined, rule: PermissionRule | null | undefined): boolean {
  if (acl?.admin) return true;
  if (rule === null || rule === undefined) return true;
  const roles = acl?.roles ?? [];
  const permissions = acl?.permissions ?? [];
  if (typeof rule === 'string' || Array.isArray(rule)) {
    const wanted = typeof rule === 'string' ? [rule] : (rule as readonly string[]);
    if (wanted.length === 0) return true;
    return wanted.some((w) => roles.includes(w) || permissions.some((g) => covers(g, w)));
  }
  const { role = [], permission = [], mode = 'oneOf' } = rule as Exclude<PermissionRule, string | readonly string[]>;
  const checks = [...role.map((r) => roles.includes(r)), ...permission.map((p) => permissions.some((g) => covers(g, p)))];
  if (checks.length === 0) return true;
  switch (mode) {
    case 'allOf':
      return checks.every(Boolean);
    case 'except':
      return !checks.some(Boolean);
    default:
      return checks.some(Boolean);
  }
}

/** react-admin actions → the permission codes of the customer API (`customer:add`, ...). */
const ACTION_CODES: Record<string, string | null> = {
  list: 'index',
  export: 'index',
  show: 'get_info',
  read: 'get_info',
  create: 'add',
  clone: 'add',
  edit: 'edit',
  delete: 'del',
  convert: 'convert',
  lose: 'lose',
  follow_up: 'follow_up',
  survey: 'survey',
  update_field: 'update_field',
};

/** The API resource behind a react-admin resource name ('customer/intentionalCustomer' → 'customer'). */
export const apiResourceOf = (resource: string): string => bindingOf(resource).api;

/** What authProvider.canAccess answers for a resource and action. */
export function canAccessAction(acl: Acl | null | undefined, resource: string | undefined, action: string): boolean {
  if (acl?.admin) return true;
  if (!resource) return true;
  const base = bindingOf(resource).permission ?? apiResourceOf(resource);
  const code = action in ACTION_CODES ? ACTION_CODES[action] : action;
  if (code === null || code === undefined) return true;
  return hasPermission(acl, `${base}:${code}`);
}
