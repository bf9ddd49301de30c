import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { t } from './messages.ts';

/** A file Vite named by its content (`assets/index-B3kX9aQe.js`, and its `.br` / `.gz`): it never changes. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html, sw.js, the manifest, icons: cached but revalidated (ETag / Last-Modified) on every use */
export const REVALIDATE = 'no-cache';

export function cacheControlFor(path: string): string {
  return HASHED_ASSET.test(path) ? IMMUTABLE : REVALIDATE;
}

/**
 * The built console at / and the big screen at /daping/ (SPA fallback); the API works without them.
 * Each file is sent pre-compressed when the build wrote a `.br` / `.gz` beside it and the browser
 * accepts it (scripts/precompress.ts; `Vary: Accept-Encoding`), content-hashed assets are cached for
 * a year, everything else revalidates, so a second visit downloads no script and a new build is
 * seen at once (docs/DECISIONS.md, "Static assets").
 */
export async function serveApps(app: FastifyInstance, config: Config) {
  const consoleIndex = existsSync(join(config.consoleDir, 'index.html'));
  const dapingIndex = existsSync(join(config.dapingDir, 'index.html'));
  const common = {
    wildcard: true,
    preCompressed: true,
    cacheControl: false, // set per file below instead of one max-age for everything
    setHeaders: (reply: FastifyReply, path: string) => void reply.header('cache-control', cacheControlFor(path)),
  };
  if (consoleIndex) {
    await app.register(fastifyStatic, { ...common, root: config.consoleDir, prefix: '/' });
  } else {
    app.log.warn(`console build not found in ${config.consoleDir} (run pnpm build); serving the API only`);
  }
  if (dapingIndex) {
    await app.register(fastifyStatic, { ...common, root: config.dapingDir, prefix: '/daping/', decorateReply: !consoleIndex });
  } else {
    app.log.warn(`big-screen build not found in ${config.dapingDir} (run pnpm build)`);
  }
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '';
    const wantsPage = req.method === 'GET' && !path.startsWith('/api/');
    if (wantsPage && dapingIndex && (path === '/daping' || path.startsWith('/daping/'))) {
      return reply.type('text/html').sendFile('index.html', config.dapingDir);
    }
    if (wantsPage && consoleIndex && (req.headers.accept ?? '').includes('text/html')) {
      return reply.type('text/html').sendFile('index.html', config.consoleDir);
    }
    return reply.status(404).send({ code: 404, msg: t('error.route_not_found', req.lang ?? 'zh', { path }), data: null });
  });
}
