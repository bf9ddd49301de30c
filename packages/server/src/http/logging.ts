import { randomUUID } from 'node:crypto';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Query parameters whose values are secrets: access and refresh tokens (the websocket's ?token=, the
 * refresh call's ?refresh_token=, a wall display's token), signed-link signatures (?sig=), an OAuth
 * callback's code and state, one-time tickets. Their values never reach a log line.
 */
const SECRET_PARAMS = new Set(['token', 'access_token', 'refresh_token', 'id_token', 'sig', 'signature', 'code', 'state', 'ticket', 'password', 'secret', 'key', 'apikey', 'api_key']);

export const REDACTED = '[redacted]';

/** The URL as it may be logged: every secret query value replaced by [redacted] (names and order kept). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url.slice(q + 1).split('&');
  const out = parts.map((part) => {
    const eq = part.indexOf('=');
    if (eq < 0) return part;
    let name = part.slice(0, eq);
    try {
      name = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      /* a malformed name is shown as sent */
    }
    return SECRET_PARAMS.has(name.toLowerCase()) ? `${part.slice(0, eq)}=${REDACTED}` : part;
  });
  return `${url.slice(0, q)}?${out.join('&')}`;
}

/**
 * A request id: the proxy's X-Request-Id when it is a plain token (nginx sets $request_id), else a new
 * one. It is on every log line of the request (fastify's child logger) and in the reply's X-Request-Id.
 */
export function requestId(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : randomUUID();
}

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/**
 * Fastify's own per-request lines, replaced: a line when a request arrives only at trace, and one line when it
 * completes — at debug for every request; at info when it was slow (SLOW_REQUEST_MS) or refused (4xx);
 * at error when it failed (5xx). A busy console then writes a line only for what an operator looks at.
 * The URL is logged without secrets (redactUrl); the request id is on the line (fastify's child logger).
 */
class RequestLogController extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }

  override incomingRequest(request: FastifyRequest) {
    if (request.log.level === 'trace') request.log.trace({ method: request.method, url: redactUrl(request.url) }, 'incoming request');
  }

  // the completed line says 404 already
  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const slow = ms >= this.slowMs;
    const level = error || status >= 500 ? 'error' : status >= 400 || slow ? 'info' : 'debug';
    if ((LEVELS[level] ?? 0) < (LEVELS[request.log.level] ?? 0)) return;
    const fields = {
      method: request.method,
      url: redactUrl(request.url),
      status,
      ms: Math.round(ms),
      ip: request.ip,
      ...(request.auth ? { user: request.auth.username } : {}),
      ...(error ? { err: error } : {}),
    };
    request.log[level](fields, slow ? 'slow request' : status >= 400 ? 'request failed' : 'request');
  }
}

/** Fastify's logger options: pino at LOG_LEVEL, request ids from the proxy, quiet request lines, no secrets in what is serialized. */
export function loggerOptions(config: Config, stream?: NodeJS.WritableStream): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'logController'> {
  return {
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(stream ? { stream } : {}),
            serializers: {
              // what fastify logs of a request (its own framework errors): method and the redacted URL
              req: (req: { method?: string; url?: string }) => ({ method: req.method, url: redactUrl(req.url ?? '') }),
            },
            // a header or a body logged with an error never carries credentials
            redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'password', '*.password'], censor: REDACTED },
          },
    genReqId: (req) => requestId(req.headers['x-request-id']),
    logController: new RequestLogController(config.slowRequestMs),
  };
}

/** Every reply names its request (X-Request-Id): a user's report can be matched with the server's log lines. */
export function requestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
}
