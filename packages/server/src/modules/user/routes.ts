import { AVATAR_MAX_BYTES, AVATAR_TYPES, profileSchema, userResetPasswordSchema, userStatusSchema } from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf, authOf, type Deps, input } from '../../http/deps.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { acceptRawBodies } from '../../http/raw-body.ts';
import { sniffContentType } from '../file/sniff.ts';
import { parse } from '../../http/validate.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord, mutate } from '../../resources/service.ts';
import { createStorage, newObjectKey, type Storage } from '../../storage/index.ts';
import { hashPassword } from '../auth/password.ts';
import { guardAdminTarget, keepOneAdmin, revokeSessions, userResource as def } from './resource.ts';

/** Public URL prefix of avatars: an <img> cannot send a Bearer header, so the key itself is the secret. */
export const AVATAR_URL = '/api/public/avatar/';
const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

/** Avatar types by content: the file's first bytes must be an image we accept (a renamed .exe is not a PNG). */
function sniffImage(buf: Buffer): string | null {
  const type = sniffContentType(buf);
  return type && type in EXT ? type : null;
}

const tooLarge = () => new ApiError(413, 'error.avatar_too_large', { limit: `${AVATAR_MAX_BYTES / 1024 / 1024} MiB` });

export function userRoutes(app: FastifyInstance, deps: Deps, storage: Storage = createStorage(deps.config.dataDir)) {
  const { db } = deps;
  resourceRoutes(app, deps, def);

  const present = (req: FastifyRequest, id: number) => getRecord(db, def, id, authOf(req), req.lang);

  app.post(
    '/api/system/user/set_status',
    { config: { permission: 'user:edit' }, schema: doc('user', 'Enable or disable a user ({id, status, version?}); disabling signs them out everywhere', { body: userStatusSchema }) },
    async (req) => {
      const body = parse(userStatusSchema, input(req));
      const auth = authOf(req);
      await mutate(db, def, body.id, body.version ?? null, auth, actorOf(req), body.status === 'disabled' ? 'disable' : 'enable', async (before, tx) => {
        guardAdminTarget(auth, before);
        if (body.status === 'disabled') {
          if (before.id === auth.userId) throw new ApiError(400, 'error.user_self');
          if (before.is_admin) await keepOneAdmin(tx, [body.id]);
          await revokeSessions(tx, body.id);
        }
        return { status: body.status };
      });
      return ok(await present(req, body.id));
    },
  );

  app.post(
    '/api/system/user/reset_password',
    {
      config: { permission: 'user:reset_password' },
      schema: doc('user', 'Set a new password for a user ({id, password}); their sessions are revoked', { body: userResetPasswordSchema }),
    },
    async (req) => {
      const body = parse(userResetPasswordSchema, input(req));
      const auth = authOf(req);
      // one's own password changes only with the current one (modify_password), never by a reset
      if (body.id === auth.userId) throw new ApiError(400, 'error.own_password_reset');
      const hash = await hashPassword(body.password);
      await mutate(db, def, body.id, null, auth, actorOf(req), 'reset_password', async (before, tx) => {
        guardAdminTarget(auth, before);
        await revokeSessions(tx, body.id, auth.sessionId);
        return { password_hash: hash };
      });
      return ok(await present(req, body.id));
    },
  );

  // the personal centre: every signed-in user reads and edits their own profile
  app.get('/api/system/user/profile', { config: { permission: '' }, schema: doc('user', 'The caller’s own user record (personal centre)') }, async (req) =>
    ok(await present(req, authOf(req).userId)),
  );
  const profileEdit = profileSchema.extend({ version: z.number({ error: 'validation.number' }).int().nonnegative().optional() });
  app.post(
    '/api/system/user/profile',
    { config: { permission: '' }, schema: doc('user', 'Change the caller’s own full name, phone and email (send version for a 409 on a stale form)', { body: profileEdit }) },
    async (req) => {
      const { version, ...values } = parse(profileEdit, input(req));
      const auth = authOf(req);
      if ('full_name' in values && values.full_name == null) values.full_name = '';
      await mutate(db, def, auth.userId, version ?? null, auth, actorOf(req), 'profile', () => values);
      return ok(await present(req, auth.userId));
    },
  );

  // avatar upload: the raw image is the body (Content-Type image/png, image/jpeg, image/webp or image/gif)
  app.register(async (scoped) => {
    acceptRawBodies(scoped, AVATAR_MAX_BYTES, tooLarge);
    scoped.post(
      '/api/system/user/avatar',
      {
        config: { permission: '' },
        schema: doc('user', `Upload the caller’s avatar: the raw image as the body, Content-Type one of ${AVATAR_TYPES.join(', ')}, at most 2 MiB → the updated user (avatar URL)`),
      },
      async (req) => {
        const auth = authOf(req);
        const declared = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const sniffed = sniffImage(body);
        if (!(AVATAR_TYPES as readonly string[]).includes(declared) || sniffed === null) throw new ApiError(400, 'error.avatar_type');
        if (body.length > AVATAR_MAX_BYTES) throw tooLarge();
        const key = newObjectKey(EXT[sniffed] ?? 'bin');
        await storage.put(key, body, sniffed);
        let old: unknown = null;
        try {
          await mutate(db, def, auth.userId, null, auth, actorOf(req), 'avatar', (before) => {
            old = before.avatar;
            return { avatar: AVATAR_URL + key };
          });
        } catch (err) {
          await storage.delete(key);
          throw err;
        }
        if (typeof old === 'string' && old.startsWith(AVATAR_URL)) await storage.delete(old.slice(AVATAR_URL.length)).catch(() => {});
        return ok(await present(req, auth.userId));
      },
    );
  });

  const keyParam = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{16,64}\.(png|jpg|webp|gif)$/) });
  app.get(
    `${AVATAR_URL}:key`,
    { config: { public: true }, schema: doc('user', 'An avatar image by its unguessable key (public: <img> cannot send a token)') },
    async (req, reply) => {
      const params = keyParam.safeParse(req.params);
      const file = params.success ? await storage.get(params.data.key) : null;
      if (!file) throw new ApiError(404, 'error.not_found', { id: (req.params as { key?: string }).key ?? '' });
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(file.body);
    },
  );
}
