import type { ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { hasPermission, type Acl, type PermissionRule } from '../providers/permissions.ts';

/**
 * The permissions directive of SPEC.md §6 as a component: renders its children only when the
 * signed-in user passes `rule` (admin always; array = any of roles or permissions; object
 * {role, permission, mode}). Nothing while the ACL is loading or when the check fails.
 */
export function PermissionGate({ acl, rule, children, fallback = null }: { acl: Acl | null | undefined; rule: PermissionRule; children?: ReactNode; fallback?: ReactNode }) {
  if (!acl) return <>{fallback}</>;
  return <>{hasPermission(acl, rule) ? children : fallback}</>;
}

export function Permission({ rule, children, fallback = null }: { rule: PermissionRule; children?: ReactNode; fallback?: ReactNode }) {
  const { permissions, isPending } = usePermissions<Acl>();
  return (
    <PermissionGate acl={isPending ? null : permissions} rule={rule} fallback={fallback}>
      {children}
    </PermissionGate>
  );
}
