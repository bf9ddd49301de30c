import type { Lang } from '@pv/contract';
import type { AuthContext } from '../modules/auth/context.ts';
import type { RouteRefs } from '../resources/refs.ts';

/**
 * What a route needs. Every /api route declares one of these in its `config` (checked at
 * registration): `public: true`, or a permission code ('' = any signed-in user).
 */
export interface RouteAccess {
  public?: boolean;
  permission?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** set by the auth hook on every non-public route */
    auth: AuthContext | null;
    lang: Lang;
  }
  interface FastifyContextConfig {
    public?: boolean;
    permission?: string;
    /** what the route's record-naming fields name, where it differs from their names (resources/refs.ts) */
    refs?: RouteRefs;
  }
  interface FastifyInstance {
    /** every /api route with what it needs (filled at registration; docs and tests read it) */
    routeTable: Array<{ method: string; url: string; public: boolean; permission: string | null; refs: RouteRefs }>;
  }
}

export {};
