import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { isDisplayToken, langFromHeader } from '@pv/contract';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Deps } from './http/deps.ts';
import { ApiError, ok } from './http/errors.ts';
import type { ServerLifecycle } from './http/lifecycle.ts';
import { loggerOptions, requestIdHeader } from './http/logging.ts';
import { metricsPlugin } from './http/metrics.ts';
import { enterForeground, leaveForeground } from './db/foreground.ts';
import { dbStatsOf } from './db/instrument.ts';
import { t } from './http/messages.ts';
import { parseJsonBody } from './http/json-body.ts';
import { doc, docResponses } from './http/openapi.ts';
import { securityHeaders } from './http/security.ts';
import { serveApps } from './http/static.ts';
import { checkRefs, routeRefs, type RouteRefs } from './resources/refs.ts';
import './http/types.ts';
import { agentRoutes } from './modules/agent/routes.ts';
import { productRoutes } from './modules/product/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { authenticate } from './modules/auth/service.ts';
import { startAuthCache } from './modules/auth/cache.ts';
import { can, displayTokenMayCall } from './modules/auth/context.ts';
import { displayTokenRoutes } from './modules/display_token/routes.ts';
import { authenticateDisplayToken } from './modules/display_token/service.ts';
import { customerRoutes } from './modules/customer/routes.ts';
import { fileRoutes } from './modules/file/routes.ts';
import { menuRoutes } from './modules/menu/routes.ts';
import { taskRoutes } from './modules/task/routes.ts';
import { syslogRoutes } from './modules/syslog/routes.ts';
import { statisticRoutes } from './modules/statistic/routes.ts';
import { departmentRoutes } from './modules/department/routes.ts';
import { roleRoutes } from './modules/role/routes.ts';
import { userRoutes } from './modules/user/routes.ts';
import { messageRoutes } from './modules/message/routes.ts';
import { matterRoutes } from './modules/matter/routes.ts';
import { stationRoutes } from './modules/station/routes.ts';
import { WorkOrderActions } from './modules/work_order/actions.ts';
import { workOrderRoutes } from './modules/work_order/routes.ts';
import { selfAuditRoutes } from './modules/self_audit/routes.ts';
import { stockRoutes } from './modules/stock/routes.ts';
import { inspectionRoutes } from './modules/inspection/routes.ts';
import { maintenanceRoutes } from './modules/maintenance/routes.ts';
import { leaseRoutes } from './modules/lease/routes.ts';
import { partnerRoutes } from './modules/partner/routes.ts';
import { revenueRoutes } from './modules/revenue/routes.ts';
import { financeRoutes } from './modules/finance/routes.ts';
import { paymentRoutes } from './modules/payment/routes.ts';
import { settlementRoutes } from './modules/settlement/routes.ts';
import { insuranceRoutes } from './modules/insurance/routes.ts';
import { invoiceRoutes } from './modules/invoice/routes.ts';
import { statementRoutes } from './modules/statement/routes.ts';
import { appVersionRoutes } from './modules/app_version/routes.ts';
import { workflowRoutes } from './modules/workflow/routes.ts';
import { workflowMetrics } from './modules/workflow/metrics.ts';
// every module's record type in the workflow registry (lifecycle/records.ts)
import './modules/processes.ts';
import { realtimeRoutes } from './realtime/routes.ts';
import { backupRoutes } from './backup/routes.ts';
import type { BackupControl } from './backup/pgdata.ts';

export interface BuildOptions {
  db: Db;
  config: Config;
  dbKind?: 'pglite' | 'postgres';
  /** PGlite in a folder: its online backup (backup/pgdata.ts) */
  backup?: BackupControl;
  /** production: the HTTP server that already listens (main.ts); tests use fastify's own (inject) */
  lifecycle?: ServerLifecycle;
  /** where log lines go (tests read them); stdout by default */
  logStream?: NodeJS.WritableStream;
}

/** Public API routes: the explicit list. Everything else under /api needs a token (and usually a permission). */
const PUBLIC_PREFIXES = ['/api/docs'];

/** The field names a route documents: its query parameters and its JSON body's properties (every branch of a union). */
function documentedFields(schema: unknown): string[] {
  const s = (schema ?? {}) as { querystring?: JsonSchema; body?: JsonSchema };
  const props = (j: JsonSchema | undefined): string[] =>
    j ? [...Object.keys(j.properties ?? {}), ...[...(j.anyOf ?? []), ...(j.oneOf ?? []), ...(j.allOf ?? [])].flatMap(props)] : [];
  return [...new Set([...props(s.querystring), ...props(s.body)])];
}
interface JsonSchema {
  properties?: Record<string, unknown>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** PostgreSQL errors a bad request can still cause (both drivers expose `code`; drizzle wraps them in `cause`). */
function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** The database's own message of a (possibly wrapped) error. */
function pgMessage(err: unknown): string {
  const parts: string[] = [];
  for (let e = err as { message?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) parts.push(String(e.message ?? ''));
  return parts.join(' | ');
}

/**
 * PostgreSQL refuses NUL in text ("invalid byte sequence"); a query string or JSON body carrying one
 * would reach the database only to fail there. Strings anywhere in the value (keys too) are checked.
 */
export function hasNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      stack.push(...v);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, inner] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

function toApiError(err: FastifyError | Error, config: Config, req: FastifyRequest): ApiError | null {
  if (err instanceof ApiError) return err;
  const fe = err as FastifyError;
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'error.body_too_large', { limit: `${Math.round(config.bodyLimit / 1024)} KiB` });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(400, 'error.unsupported_media', { type: String(req.headers['content-type'] ?? '').split(';')[0] });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, 'error.bad_json');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, 'error.bad_json');
  }
  const code = pgCode(err);
  if (code === '23505') return new ApiError(400, 'error.duplicate', { field: '' });
  // an exclusion constraint (tariffs_no_overlap) lost a race the route's own check could not see
  if (code === '23P01') return new ApiError(400, 'error.period_overlap');
  // the statements_locked / statement_lines_locked triggers: a confirmed statement never changes
  if (code === 'P0001' && /^statement.*it never changes/.test(String(fe.message))) return new ApiError(400, 'error.statement_locked');
  // the settlement_lines_locked trigger: a confirmed or paid settlement's lines never change
  if (code === 'P0001' && /its lines never change/.test(pgMessage(err))) return new ApiError(400, 'error.settlement_lines_locked');
  // the last line of defence behind validation: a value the database cannot take is the request's fault
  // (22001 too long for its column, 22021/22P05 characters the encoding refuses, 54000 too large for an index)
  if (code && /^(23503|22P02|22003|22007|22008|23502|23514|22001|22021|22P05|54000)$/.test(code)) return new ApiError(400, 'error.invalid_params', { detail: code });
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new ApiError(fe.statusCode === 413 ? 413 : 400, 'error.invalid_params', { detail: fe.message });
  }
  return null;
}

export async function buildApp({ db, config, dbKind = 'pglite', backup, lifecycle, logStream }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(config, logStream),
    ...(lifecycle ? { serverFactory: lifecycle.serverFactory } : {}),
    keepAliveTimeout: config.keepAliveTimeoutMs,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // a malformed percent-encoding or an over-long path parameter: the envelope, not fastify's own reply
    frameworkErrors: (err, req, reply) => {
      const lang = langFromHeader(req.headers['accept-language']);
      const code = err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 400 : 500;
      if (code === 500) req.log.error({ err }, 'framework error');
      void (reply as FastifyReply).status(code).send({ code, msg: t(code === 400 ? 'error.bad_url' : 'error.server', lang), data: null });
    },
  });
  const deps: Deps = { db, dbKind, config };
  // who is calling, kept between requests and forgotten when the database says it changed (modules/auth/cache.ts)
  const stopAuthCache = await startAuthCache(db, dbKind, (err) => app.log.error({ err }, 'auth cache'));
  app.addHook('onClose', stopAuthCache);

  // first, so that every reply — a 401 from the auth hook included — carries the headers
  await securityHeaders(app);
  requestIdHeader(app);
  metricsPlugin(app, config, dbStatsOf(db), () => (lifecycle?.phase ?? 'ready') === 'ready');

  app.decorateRequest('auth', null);
  app.decorateRequest('lang', 'zh');
  // zod (in the handlers) validates; route schemas only feed the OpenAPI document
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // JSON bodies: an empty body is {}, a malformed one a 400 in the caller's language; a number
  // literal a double cannot hold exactly arrives as its text (http/json-body.ts)
  app.removeContentTypeParser('text/plain'); // the API speaks JSON only: text/plain gets a clear 400
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, parseJsonBody(text));
    } catch {
      done(new ApiError(400, 'error.bad_json'), undefined);
    }
  });

  // Every /api route must say who may call it; a route without a declaration fails at startup.
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = ([] as string[]).concat(route.method).filter((m) => m !== 'HEAD');
    if (PUBLIC_PREFIXES.some((p) => route.url.startsWith(p))) {
      route.config = { ...(route.config ?? {}), public: true };
    } else {
      const cfg = route.config as { public?: boolean; permission?: string } | undefined;
      if (!cfg || (cfg.public !== true && typeof cfg.permission !== 'string')) {
        throw new Error(`route ${route.method} ${route.url} declares neither config.public nor config.permission`);
      }
    }
    const cfg = route.config as { public?: boolean; permission?: string; refs?: RouteRefs };
    // what each record-naming field of the route names (resources/refs.ts); a field naming nothing stops the start
    const refs = cfg.public ? {} : routeRefs(route.url, documentedFields(route.schema), cfg.refs);
    route.config = { ...cfg, refs };
    for (const method of methods) routeTable.push({ method, url: route.url, public: cfg.public === true, permission: cfg.permission ?? null, refs });
  });

  app.addHook('onRequest', async (req, reply) => {
    // long reads on the embedded database give way while a request is being answered (db/foreground.ts)
    enterForeground(req.raw);
    reply.raw.once('close', () => leaveForeground(req.raw));
    req.lang = langFromHeader(req.headers['accept-language']);
    // enforce by the matched route (static files' wildcard route is not an API route)
    if (req.is404 || !req.routeOptions.url?.startsWith('/api/')) return;
    const cfg = req.routeOptions.config as { public?: boolean; permission?: string };
    if (cfg.public) return;
    const header = req.headers.authorization ?? '';
    const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
    if (!token) throw new ApiError(401, 'error.login_required');
    // a wall display's token (display_token module) reads statistics and nothing else
    const display = isDisplayToken(token);
    const auth = display ? await authenticateDisplayToken(db, token) : await authenticate(db, config, token);
    if (display && !displayTokenMayCall(req.routeOptions.url)) throw new ApiError(403, 'error.display_token_scope');
    req.auth = auth;
    if (!can(auth, cfg.permission ?? '')) throw new ApiError(403, 'error.forbidden', { permission: cfg.permission });
  });

  // after parsing, before any handler: NUL characters never reach a handler or the database
  app.addHook('preValidation', async (req) => {
    if (hasNul(req.query) || hasNul(req.params) || hasNul(req.body)) throw new ApiError(400, 'error.nul_character');
  });

  // the data scope of every record a request names, before its handler (resources/refs.ts)
  app.addHook('preHandler', async (req) => {
    const refs = (req.routeOptions.config as { refs?: RouteRefs } | undefined)?.refs;
    if (!req.auth || !refs || !Object.keys(refs).length) return;
    const query = (req.query ?? {}) as Record<string, unknown>;
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) && !Buffer.isBuffer(req.body) ? (req.body as Record<string, unknown>) : {};
    await checkRefs(db, refs, { ...query, ...body }, req.auth);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const api = toApiError(err, config, req);
    if (!api) {
      req.log.error({ err }, 'unexpected error');
      return reply.status(500).send({ code: 500, msg: t('error.server', req.lang ?? 'zh'), data: null });
    }
    if (api.code >= 500) req.log.error({ err }, 'server error');
    return reply.status(api.code).send({ code: api.code, msg: api.message_(req.lang ?? 'zh'), data: api.data ?? null });
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'PV operations back office API',
        description:
          'Every reply is {code, msg, data}; code equals the HTTP status. Send `Authorization: Bearer <token>` from /api/system/index/login; msg follows Accept-Language (zh default, en).',
        version: '0.1.0',
      },
      servers: [{ url: '/', description: 'this server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // every operation named (its method and path) and, when it answers without a token, marked so
    transform: ({ schema, url, route }) => {
      const method = ([] as string[]).concat(route.method).find((m) => m !== 'HEAD') ?? 'GET';
      const operationId = `${method.toLowerCase()}_${url.replace(/^\/api\/(system\/)?/, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`;
      const isPublic = (route.config as { public?: boolean } | undefined)?.public === true;
      const response = (schema as { response?: Record<string, unknown> } | undefined)?.response ?? docResponses();
      // a public route has no token to refuse
      const responses = isPublic ? Object.fromEntries(Object.entries(response).filter(([code]) => code !== '401' && code !== '403')) : response;
      return { schema: { ...schema, operationId, response: responses, ...(isPublic ? { security: [] } : {}) } as typeof schema, url };
    },
  });
  // the UI's own CSP (its inline scripts and styles by hash) replaces ours on /api/docs
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // plain-HTTP installs exist (a laptop, an intranet address): never ask the browser to upgrade
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  app.get('/api/health', { config: { public: true }, schema: doc('system', 'Liveness and database kind', { returns: "{status:'ok', db:'pglite'|'postgres'}" }) }, async () =>
    ok({ status: 'ok', db: dbKind }),
  );
  // liveness: the process answers; readiness: it should get traffic (not while starting or draining)
  app.get('/api/health/live', { config: { public: true }, schema: doc('system', 'Liveness: the process answers (also while it starts and drains)', { returns: "{status:'ok'}" }) }, async () =>
    ok({ status: 'ok' }),
  );
  app.get(
    '/api/health/ready',
    { config: { public: true }, schema: doc('system', 'Readiness: 200 while serving; 503 while starting (migrations) or draining for a shutdown', { returns: "{status:'ready'|'starting'|'draining', db}" }) },
    async (_req, reply) => {
      const phase = lifecycle?.phase ?? 'ready';
      if (phase !== 'ready') return reply.status(503).send({ code: 503, msg: phase, data: { status: phase, db: dbKind } });
      return ok({ status: 'ready', db: dbKind });
    },
  );
  authRoutes(app, deps);
  customerRoutes(app, deps);
  fileRoutes(app, deps);
  agentRoutes(app, deps);
  productRoutes(app, deps);
  statisticRoutes(app, deps);
  menuRoutes(app, deps);
  taskRoutes(app, deps);
  syslogRoutes(app, deps);
  userRoutes(app, deps);
  roleRoutes(app, deps);
  departmentRoutes(app, deps);
  matterRoutes(app, deps);
  stationRoutes(app, deps);
  const workOrders = new WorkOrderActions(db);
  workOrderRoutes(app, deps, workOrders);
  selfAuditRoutes(app, deps, workOrders);
  displayTokenRoutes(app, deps);
  backupRoutes(app, deps, backup);
  stockRoutes(app, deps);
  inspectionRoutes(app, deps);
  maintenanceRoutes(app, deps);
  leaseRoutes(app, deps);
  revenueRoutes(app, deps);
  financeRoutes(app, deps);
  paymentRoutes(app, deps);
  settlementRoutes(app, deps);
  insuranceRoutes(app, deps);
  invoiceRoutes(app, deps);
  statementRoutes(app, deps);
  appVersionRoutes(app, deps);
  partnerRoutes(app, deps);
  workflowRoutes(app, deps);
  workflowMetrics(app, db);
  messageRoutes(app, deps, await realtimeRoutes(app, deps));

  await serveApps(app, config);
  return app;
}
