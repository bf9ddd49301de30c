import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../http/deps.ts';
import { historyRoutes } from '../../resources/history.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { productResource } from './resource.ts';

/** /api/system/product/*: the PV packages (generic CRUD + change history). */
export function productRoutes(app: FastifyInstance, deps: Deps) {
  resourceRoutes(app, deps, productResource);
  historyRoutes(app, deps, productResource);
}
