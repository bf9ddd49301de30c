import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

/** A reply of a route that needs a token: an /api route that is not public, or one outside /api that declares a permission (/upload, /expireToken). */
const isPrivateApiRoute = (req: FastifyRequest) => {
  if (req.is404) return false;
  const cfg = req.routeOptions.config as { public?: boolean; permission?: string } | undefined;
  if (cfg?.public) return false;
  return !!req.routeOptions.url?.startsWith('/api/') || typeof cfg?.permission === 'string';
};

/**
 * Security headers on every reply, pages and API alike (@fastify/helmet): the CSP above,
 * X-Content-Type-Options nosniff, Referrer-Policy strict-origin-when-cross-origin, X-Frame-Options
 * DENY with frame-ancestors 'none'. HSTS only when the request was HTTPS — `req.protocol`, which
 * honours X-Forwarded-Proto when TRUST_PROXY=1 — so a plain-HTTP laptop install is never told
 * to refuse HTTP. `Cache-Control: no-store` on every reply of a route that needs a token. The swagger UI at /api/docs brings its own policy (its inline scripts by hash).
 */
export async function securityHeaders(app: FastifyInstance) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: false,
    // the console opens the external system and file downloads in new windows
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // private data is never kept by a browser or a proxy: every reply of a route that needs a
    // token (its refusals too) is no-store, whatever the handler said; public routes (signed file
    // links, avatars, the app's release check) keep their own caching
    if (isPrivateApiRoute(req)) reply.header('cache-control', 'no-store');
  });
}
