import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json' };

/** A static server over a build folder; unknown paths fall back to index.html (hash-routed apps). */
function serve(root: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0]!)).replace(/^(\.\.[/\\])+/, '');
    let file = join(root, path);
    if (!existsSync(file) || path.endsWith('/')) file = join(root, 'index.html');
    res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
    res.end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    ok({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/` });
  }));
}

export interface BundleMeasure {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  /** brotli quality 11 of each file, as scripts/precompress.ts writes them */
  brBytes: number;
  /** given a server of our own: script bytes as transferred (headers and body), first visit and second */
  wire?: { firstBytes: number; firstEncodings: string[]; secondBytes: number; secondFromNetwork: number; secondRevalidated: number };
}

/**
 * Script bytes a page transfers over the network (CDP), and how many scripts came from it with a body.
 * Served from the memory or disk cache or the service worker is not from the network; a 304 (an
 * unhashed script revalidated) is headers only and counted apart.
 */
async function scriptTraffic(cdp: import('@playwright/test').CDPSession) {
  const scripts = new Map<string, { encoding: string; cached: boolean; status: number }>();
  const servedFromCache = new Set<string>();
  let bytes = 0;
  const onCache = (e: { requestId: string }) => servedFromCache.add(e.requestId);
  const onResponse = (e: { requestId: string; type: string; response: { status: number; headers: Record<string, string>; fromDiskCache?: boolean; fromServiceWorker?: boolean; fromPrefetchCache?: boolean } }) => {
    if (e.type !== 'Script') return;
    const cached = !!(e.response.fromDiskCache || e.response.fromServiceWorker || e.response.fromPrefetchCache);
    scripts.set(e.requestId, { encoding: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity', cached, status: e.response.status });
  };
  const onFinished = (e: { requestId: string; encodedDataLength: number }) => {
    if (scripts.has(e.requestId)) bytes += e.encodedDataLength;
  };
  cdp.on('Network.requestServedFromCache', onCache as never);
  cdp.on('Network.responseReceived', onResponse as never);
  cdp.on('Network.loadingFinished', onFinished as never);
  return {
    done() {
      cdp.off('Network.requestServedFromCache', onCache as never);
      cdp.off('Network.responseReceived', onResponse as never);
      cdp.off('Network.loadingFinished', onFinished as never);
      const network = [...scripts].filter(([id, s]) => !s.cached && !servedFromCache.has(id));
      return {
        bytes,
        fromNetwork: network.filter(([, s]) => s.status !== 304).length,
        revalidated: network.filter(([, s]) => s.status === 304).length,
        encodings: [...new Set(network.filter(([, s]) => s.status !== 304).map(([, s]) => s.encoding))],
      };
    },
  };
}

/**
 * Opens a built app's login page in Chromium and adds up the JavaScript the browser actually loaded
 * (entry plus every chunk it pulled in before the page settled), gzip -9 of each file from disk.
 * The API is not running, so the app shows its login page (no token).
 */
export async function measureLoginJs(distDir: string, waitFor: string, served?: { url: string }): Promise<BundleMeasure> {
  const { server, url } = served ? { server: null, url: served.url } : await serve(distDir);
  const browser = await chromium.launch({
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    const first = await scriptTraffic(cdp);
    await page.goto(url + '#/login');
    await page.waitForSelector(waitFor, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const firstVisit = first.done();
    // the second visit: a new navigation in the same browser profile (HTTP cache, service worker)
    const second = await scriptTraffic(cdp);
    await page.goto('about:blank');
    await page.goto(url + '#/login');
    await page.waitForSelector(waitFor, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const secondVisit = second.done();
    let rawBytes = 0;
    let gzipBytes = 0;
    let brBytes = 0;
    for (const path of scripts) {
      const content = readFileSync(join(distDir, path));
      rawBytes += content.length;
      gzipBytes += gzipSync(content, { level: 9 }).length;
      brBytes += brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    }
    const wire = served ? { firstBytes: firstVisit.bytes, firstEncodings: firstVisit.encodings, secondBytes: secondVisit.bytes, secondFromNetwork: secondVisit.fromNetwork, secondRevalidated: secondVisit.revalidated } : undefined;
    return { files: scripts.size, rawBytes, gzipBytes, brBytes, wire };
  } finally {
    await browser.close();
    server?.close();
  }
}

/** The console's build served as production serves it (packages/server/src/http/static.ts), without the API. */
export async function serveBuild(consoleDir: string): Promise<{ url: string; close(): Promise<void> }> {
  const { default: Fastify } = await import('fastify');
  const { serveApps } = await import('@pv/server/src/http/static.ts');
  const app = Fastify({ logger: false });
  await serveApps(app, { consoleDir, dapingDir: join(consoleDir, '__none__') } as Parameters<typeof serveApps>[1]);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`, close: () => app.close() };
}
