import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AUTH_CONFIG_PATH,
  SOCIAL_URL_PATH,
  checkPasswordSchema,
  exLoginSchema,
  givenPasswordField,
  idField,
  loginSchema,
  modifyPasswordsSchema,
  passwordField,
  paths,
  phoneField,
  smsCodeField,
  registerSchema,
  smsLoginSchema,
  smsSendSchema,
  socialLoginSchema,
  startPageSchema,
  type AuthConfig,
} from '@pv/contract';
import { z } from 'zod';
import { ApiError, ok } from '../../http/errors.ts';
import { actorOf, authOf, input, type Deps } from '../../http/deps.ts';
import { t } from '../../http/messages.ts';
import { parse } from '../../http/validate.ts';
import { doc } from '../../http/openapi.ts';
import { users } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { writeLog } from '../system/syslog.ts';
import { issueExTicket } from './external.ts';
import { publicKeyInfo } from './rsa.ts';
import { logSmsSender, type SmsSender } from './sms.ts';
import { authorizeUrl, socialEnabled } from './social.ts';
import {
  authenticate,
  checkPassword,
  expireToken,
  login,
  logout,
  modifyPassword,
  refresh,
  register,
  sendSms,
  smsLogin,
  socialLogin,
  startPage,
  userInfo,
  type ClientInfo,
} from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** delivers SMS codes; the built-in one logs them (replace with a gateway: `app.smsSender = {...}`) */
    smsSender: SmsSender;
  }
}

/**
 * The SMS code field says exactly 请输入手机验证码 (SPEC.md §5), without the generic `code` label
 * (编码, which names role and task codes): checked here once the phone is valid.
 */
function checkSmsCode(raw: unknown): void {
  const body = (raw ?? {}) as Record<string, unknown>;
  if (!phoneField().safeParse(body.phone).success) return; // the schema names the phone problem
  const code = typeof body.code === 'string' ? body.code.trim() : body.code;
  if (code === undefined || code === null || code === '') throw new ApiError(400, 'validation.sms_code_required');
  if (!smsCodeField().safeParse(code).success) throw new ApiError(400, 'validation.sms_code');
}

const clientOf = (req: FastifyRequest): ClientInfo => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? null });

export function authRoutes(app: FastifyInstance, { db, config }: Deps) {
  app.decorate('smsSender', logSmsSender(app.log, config.dataDir));

  app.post(
    paths.login,
    {
      config: { public: true },
      schema: doc('auth', 'Sign in (user name + password; RSA-encrypted password when LOGIN_RSA is on) → access token, refresh token, start_page. Failures are slowed, then 429', {
        body: loginSchema,
      }),
    },
    async (req) => {
      const body = parse(loginSchema, req.body ?? {});
      return ok(await login(db, config, body.username, body.password, clientOf(req)));
    },
  );

  app.get(
    paths.sms,
    {
      config: { public: true },
      schema: doc('auth', 'Send a 6-digit SMS code (purpose login | register). Limits: SMS_RESEND_SECONDS between sends, SMS_MAX_PER_HOUR per phone, SMS_MAX_PER_IP_HOUR per address (429)', {
        querystring: smsSendSchema,
        returns: '{expires_in, resend_in} (seconds)',
      }),
    },
    async (req) => ok(await sendSms(db, config, app.smsSender, parse(smsSendSchema, input(req)), clientOf(req))),
  );

  app.post(
    paths.smsLogin,
    {
      config: { public: true },
      schema: doc('auth', 'Sign in with phone + SMS code (single use, SMS_MAX_ATTEMPTS wrong tries, expires after SMS_CODE_TTL) → same reply as login', { body: smsLoginSchema }),
    },
    async (req) => {
      checkSmsCode(input(req));
      const body = parse(smsLoginSchema, input(req));
      return ok(await smsLogin(db, config, body.phone, body.code, clientOf(req)));
    },
  );

  app.get(
    AUTH_CONFIG_PATH,
    { config: { public: true }, schema: doc('auth', 'What the login page may offer: register, RSA, external provider, 山海系统 link (AuthConfig)') },
    async () => {
      const data: AuthConfig = {
        register: config.registerEnabled,
        rsa: config.loginRsa,
        social: socialEnabled(config) ? { provider: config.oauth.provider, name: config.oauth.name } : null,
        external: config.externalSystemUrl
          ? { url: config.externalSystemUrl, suLoginPath: config.externalSuLoginPath, pagePath: config.externalPagePath }
          : null,
      };
      return ok(data);
    },
  );

  app.get(
    SOCIAL_URL_PATH,
    { config: { public: true }, schema: doc('auth', "External sign-in: the provider's authorize URL with a signed state (10 min) → {url, state}") },
    async () => {
      if (!socialEnabled(config)) throw new ApiError(404, 'error.social_disabled');
      return ok(authorizeUrl(config));
    },
  );

  // SPEC.md §7 names these at the root (the console calls them relative to its base URL)
  app.post(
    paths.register,
    {
      config: { public: true },
      schema: doc('auth', 'Self sign-up (only with REGISTER_ENABLED): user name, password (≥ 6), phone + SMS code (purpose register) → signed in as with login', {
        body: registerSchema,
      }),
    },
    async (req) => {
      const body = parse(registerSchema, input(req));
      checkSmsCode(input(req));
      return ok(await register(db, config, body, clientOf(req)));
    },
  );

  app.post(
    paths.socialLogin,
    {
      config: { public: true },
      schema: doc('auth', "External identity provider: exchanges the callback's code (state from social_url) and signs in the linked user (user_identities)", {
        body: socialLoginSchema,
      }),
    },
    async (req) => ok(await socialLogin(db, config, parse(socialLoginSchema, input(req)), clientOf(req))),
  );

  app.get(
    paths.publicKey,
    { config: { public: true }, schema: doc('auth', 'The login RSA public key: publicKey (base64 SPKI DER), n and e (base64url), enabled (LOGIN_RSA)') },
    async () => ok(publicKeyInfo(config)),
  );

  app.get(
    paths.expireToken,
    { schema: doc('auth', "Expire the caller's access token (Bearer required): the next call answers 405 so the client refreshes — for trying the flow") },
    async (req) => {
      // not under /api: the auth hook does not run, so authenticate here
      const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
      if (!token) throw new ApiError(401, 'error.login_required');
      const auth = await authenticate(db, config, token);
      await expireToken(db, auth, { userId: auth.userId, username: auth.username, ip: req.ip });
      return ok(null);
    },
  );

  app.get(
    paths.logout,
    { config: { permission: '' }, schema: doc('auth', 'Sign out: revokes the session of the presented token') },
    async (req) => {
      await logout(db, authOf(req), actorOf(req));
      return ok(null);
    },
  );

  app.get(
    paths.refreshToken,
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
    old_password: givenPasswordField('validation.old_password_required').optional(),
  });
  app.post(
    paths.modifyPassword,
    {
      config: { permission: '', refs: { id: 'user' } },
      schema: doc('auth', 'Change your password (old_password always required for your own); an admin may pass another user id (no old_password). Other sessions are revoked', {
        body: modifyPasswordSchema,
      }),
    },
    async (req) => {
      await modifyPassword(db, authOf(req), actorOf(req), parse(modifyPasswordSchema, req.body ?? {}));
      return ok(null);
    },
  );

  app.post(
    paths.modifyPasswords,
    {
      config: { permission: '', refs: { id: 'user' } },
      schema: doc('auth', 'Avatar menu password change (SPEC.md §7 modify_passwords): id (yours; others only for an admin), password (6–128) and, for your own, old_password (your current one). Other sessions of that user are revoked; msg is the success text', {
        body: modifyPasswordsSchema,
      }),
    },
    async (req) => {
      await modifyPassword(db, authOf(req), actorOf(req), parse(modifyPasswordsSchema, input(req)));
      return { code: 200, msg: t('msg.password_changed', req.lang), data: null };
    },
  );

  app.post(
    paths.checkPassword,
    {
      config: { permission: '' },
      schema: doc('auth', "Lock screen: is this the signed-in user's password? 400 请输入正确的密码 otherwise; wrong tries are throttled like logins", {
        body: checkPasswordSchema,
      }),
    },
    async (req) => {
      await checkPassword(db, config, authOf(req), actorOf(req), parse(checkPasswordSchema, input(req)).password);
      return ok(null);
    },
  );

  app.post(
    paths.startPage,
    {
      config: { permission: '' },
      schema: doc('auth', "The caller's start page (opened after login): with start_page sets it (null or '' clears), without reads it → {start_page}", {
        body: startPageSchema,
      }),
    },
    async (req) => ok(await startPage(db, authOf(req), actorOf(req), parse(startPageSchema, input(req)))),
  );

  app.post(
    paths.exLogin,
    {
      config: { permission: '', refs: { id: 'user' } },
      schema: doc('auth', '山海系统 link: a one-time ticket for the caller (id must be yours) → {ex, url, su_login, page}; the console posts ex to su_login on the external system', {
        body: exLoginSchema,
      }),
    },
    async (req) => {
      const auth = authOf(req);
      if (!config.externalSystemUrl) throw new ApiError(404, 'error.external_disabled');
      const body = parse(exLoginSchema, input(req));
      if (body.id !== undefined && body.id !== auth.userId) throw new ApiError(403, 'error.forbidden', { permission: 'self' });
      const ex = issueExTicket(config, { id: auth.userId, username: auth.username, identity: auth.identity });
      await writeLog(db, actorOf(req), { action: 'ex_login', resource: 'auth', recordId: auth.userId });
      return ok({ ex, url: config.externalSystemUrl, su_login: config.externalSuLoginPath, page: config.externalPagePath });
    },
  );

  app.get(
    paths.userInfo,
    { config: { permission: '' }, schema: doc('auth', 'The signed-in user: identity, agent, roles and permissions (UserInfo) and start_page') },
    async (req) => {
      const auth = authOf(req);
      const [row] = await db.select({ start_page: users.start_page }).from(users).where(eq(users.id, auth.userId));
      return ok({ ...userInfo(auth), start_page: row?.start_page ?? null });
    },
  );
}
