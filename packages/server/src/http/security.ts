import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of the console and the big screen. Scripts come only from our own
 * origin — no inline script, no eval — so an injected <script> or on* attribute does nothing.
 * Styles allow 'unsafe-inline' because MUI (emotion) and ECharts write style elements and
 * attributes at run time; style injection cannot run code. Images may be data: (the favicon,
 * generated avatars) and blob: (upload previews); the websocket is same-origin.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Strict-Transport-Security for requests that came over HTTPS (directly, or through a trusted proxy). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** helmet's options for our policy (above). */
const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  hsts: false,
  // the console opens the external system and file downloads in new windows
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  crossOriginEmbedderPolicy: false,
} as const;

/**
 * The headers helmet writes for those options, worked out once: @fastify/helmet builds helmet's
 * middleware again on every request (a few per cent of a list request's CPU, docs/PERFORMANCE.md).
 */
function helmetHeaders(): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const res = {
    setHeader: (name: string, value: string) => headers.push([name.toLowerCase(), String(value)]),
    removeHeader: (name: string) => {
      const i = headers.findIndex(([n]) => n === name.toLowerCase());
      if (i >= 0) headers.splice(i, 1);
    },
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers on every reply, pages and API alike (helmet's, set by one hook): the CSP above,
 * X-Content-Type-Options nosniff, Referrer-Policy strict-origin-when-cross-origin, X-Frame-Options
 * DENY with frame-ancestors 'none'. HSTS only when the request was HTTPS — `req.protocol`, which
 * honours X-Forwarded-Proto when TRUST_PROXY=1 — so a plain-HTTP laptop install is never told
 * to refuse HTTP. The swagger UI at /api/docs brings its own policy (its inline scripts by hash),
 * which replaces this one on its replies. `Cache-Control: no-store` on every reply of a route that
 * needs a token.
 */
export async function securityHeaders(app: FastifyInstance) {
  const headers = helmetHeaders();
  app.addHook('onRequest', (req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (req.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS);
    done();
  });
  // private data is never kept by a browser or a proxy: every reply of a route that needs a token
  // (its refusals too) is no-store, whatever the handler said; public routes (signed file links,
  // avatars, the app's release check) keep their own caching
  app.addHook('onSend', (req, reply, payload, done) => {
    if (isPrivateRoute(req)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/** A reply of a route that needs a token: an /api route that is not public, or one outside /api that declares a permission (/upload, /expireToken). */
function isPrivateRoute(req: FastifyRequest): boolean {
  if (req.is404) return false;
  const cfg = req.routeOptions.config as { public?: boolean; permission?: string } | undefined;
  if (cfg?.public) return false;
  return !!req.routeOptions.url?.startsWith('/api/') || typeof cfg?.permission === 'string';
}
