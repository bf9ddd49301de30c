import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
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
}

/**
 * Opens a built app's login page in Chromium and adds up the JavaScript the browser actually loaded
 * (entry plus every chunk it pulled in before the page settled), gzip -9 of each file from disk.
 * The API is not running, so the app shows its login page (no token).
 */
export async function measureLoginJs(distDir: string, waitFor: string): Promise<BundleMeasure> {
  const { server, url } = await serve(distDir);
  const browser = await chromium.launch({
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(url + '#/login');
    await page.waitForSelector(waitFor, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const path of scripts) {
      const content = readFileSync(join(distDir, path));
      rawBytes += content.length;
      gzipBytes += gzipSync(content, { level: 9 }).length;
    }
    return { files: scripts.size, rawBytes, gzipBytes };
  } finally {
    await browser.close();
    server.close();
  }
}
