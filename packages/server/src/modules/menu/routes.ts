import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/errors.ts';
import { authOf, type Deps } from '../../http/deps.ts';
import { doc } from '../../http/openapi.ts';
import { loadMenuTree, routesFor } from './tree.ts';

export function menuRoutes(app: FastifyInstance, { db }: Deps) {
  app.get(
    '/api/system/menu/index',
    {
      config: { permission: '' },
      schema: doc('menu', 'The route tree the signed-in user may see (SPEC.md §2 dynamic menu; meta flags as 1/0)', {
        returns: 'ServerRoute[]: {path, name, component, redirect, meta, children}',
      }),
    },
    async (req) => ok(routesFor(authOf(req), await loadMenuTree(db))),
  );
}
