import { PERMISSION_GROUP_LABELS, PERMISSION_OP_LABELS, type Lang, type PermissionGroup } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../http/deps.ts';
import { ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { PERMISSIONS } from '../auth/permissions.ts';
import { roleResource } from './resource.ts';

/** Every permission code, grouped by resource, labelled in the caller's language. */
export function permissionTree(lang: Lang): PermissionGroup[] {
  return Object.entries(PERMISSIONS).map(([resource, ops]) => ({
    resource,
    label: PERMISSION_GROUP_LABELS[resource]?.[lang] ?? resource,
    permissions: ops.map((op) => ({ code: `${resource}:${op}`, label: PERMISSION_OP_LABELS[op]?.[lang] ?? op })),
  }));
}

export function roleRoutes(app: FastifyInstance, deps: Deps) {
  resourceRoutes(app, deps, roleResource);
  app.get(
    '/api/system/role/permissions',
    {
      config: { permission: 'role:index' },
      schema: doc('role', 'Every permission code grouped by resource, with labels in the request language (the role form’s tree)', { returns: 'PermissionGroup[]' }),
    },
    async (req) => ok(permissionTree(req.lang)),
  );
}
