import { displayTokenCreateSchema, displayTokenRevokeSchema, paths } from '@pv/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { displayTokens } from '../../db/schema/index.ts';
import { actorOf, authOf, type Deps, input } from '../../http/deps.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import { registerRecordType } from '../../resources/refs.ts';
import type { AuthContext } from '../auth/context.ts';
import { addDisplayToken, listDisplayTokens, revokeDisplayToken } from './service.ts';

/**
 * Display tokens for wall displays (大屏): `/daping/?token=<token>` reads the statistics with it and
 * nothing else. Administrators issue (the whole token is answered once) and revoke them.
 */
/**
 * A display token reads the whole company's statistics (scope all): only a caller who sees all of it
 * issues, lists or revokes them — a role narrower than that (an agent's, however many permissions it
 * holds) would otherwise hand itself the company's numbers.
 */
const tokenScope = (auth: AuthContext): SQL | undefined => (auth.scope === 'all' ? undefined : sql`false`);
registerRecordType('display_token', { table: displayTokens, scope: tokenScope });
const companyWide = (auth: AuthContext) => {
  if (auth.scope !== 'all') throw new ApiError(403, 'error.display_token_all_scope');
};

export function displayTokenRoutes(app: FastifyInstance, { db }: Deps) {
  app.get(
    paths.displayToken('index'),
    { config: { permission: 'display_token:index' }, schema: doc('display_token', 'Every display token, newest first (prefix only, never the token)', { returns: '{list: DisplayTokenView[], total}' }) },
    async (req) => {
      const list = authOf(req).scope === 'all' ? await listDisplayTokens(db) : [];
      return ok({ list, total: list.length });
    },
  );

  app.post(
    paths.displayToken('add'),
    {
      config: { permission: 'display_token:add' },
      schema: doc('display_token', 'Issue a display token; the reply carries the whole token this once (only its hash is stored)', {
        body: displayTokenCreateSchema,
        returns: 'DisplayTokenCreated (DisplayTokenView + token)',
      }),
    },
    async (req) => {
      const body = parse(displayTokenCreateSchema, input(req));
      companyWide(authOf(req));
      return ok(await addDisplayToken(db, actorOf(req), body));
    },
  );

  app.post(
    paths.displayToken('revoke'),
    {
      config: { permission: 'display_token:revoke' },
      schema: doc('display_token', 'Revoke a display token: calls with it are refused (401) from now on', { body: displayTokenRevokeSchema, returns: 'DisplayTokenView' }),
    },
    async (req) => {
      const body = parse(displayTokenRevokeSchema, input(req));
      companyWide(authOf(req));
      return ok(await revokeDisplayToken(db, actorOf(req), body.id));
    },
  );
}
