import type { FastifyInstance } from 'fastify';
import { idField, loginSchema, passwordField } from '@pv/contract';
import { z } from 'zod';
import { ApiError, ok } from '../../http/errors.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { parse } from '../../http/validate.ts';
import { login, logout, modifyPassword, refresh, userInfo } from './service.ts';
import { doc } from '../../http/openapi.ts';

export function authRoutes(app: FastifyInstance, { db, config }: Deps) {
  app.post(
    '/api/system/index/login',
    { config: { public: true }, schema: doc('auth', 'Sign in (user name + password) → access token and refresh token', { body: loginSchema }) },
    async (req) => {
      const body = parse(loginSchema, req.body ?? {});
      return ok(await login(db, config, body.username, body.password, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null }));
    },
  );

  app.get(
    '/api/system/index/login_out',
    { config: { permission: '' }, schema: doc('auth', 'Sign out: revokes the session of the presented token') },
    async (req) => {
      await logout(db, authOf(req), actorOf(req));
      return ok(null);
    },
  );

  app.get(
    '/api/system/index/refresh_token',
    {
      config: { public: true },
      schema: doc('auth', 'Rotate the refresh token (header X-Refresh-Token or query refresh_token) → new token pair'),
    },
    async (req) => {
      const header = req.headers['x-refresh-token'];
      const fromQuery = (req.query as Record<string, unknown>)?.refresh_token;
      const token = (Array.isArray(header) ? header[0] : header) ?? (typeof fromQuery === 'string' ? fromQuery : undefined);
      if (!token) throw new ApiError(402, 'error.refresh_required');
      const result = await refresh(db, config, token, req.ip);
      if (!result) throw new ApiError(402, 'error.token_invalid');
      return ok(result);
    },
  );

  const modifyPasswordSchema = z.strictObject({
    id: idField().optional(),
    password: passwordField(),
    old_password: z.string().optional(),
  });
  app.post(
    '/api/system/common/modify_password',
    {
      config: { permission: '' },
      schema: doc('auth', 'Change your password (old_password required unless admin); an admin may pass another user id. Other sessions are revoked', {
        body: modifyPasswordSchema,
      }),
    },
    async (req) => {
      await modifyPassword(db, authOf(req), actorOf(req), parse(modifyPasswordSchema, req.body ?? {}));
      return ok(null);
    },
  );

  app.get(
    '/api/system/common/get_user_info',
    { config: { permission: '' }, schema: doc('auth', 'The signed-in user: identity, agent, roles and permissions (UserInfo)') },
    async (req) => ok(userInfo(authOf(req))),
  );
}
