/**
 * The big screen over days, compressed: the built daping app in Chromium at 3840×2160, driven through
 * `refreshes` refresh cycles with statistics that change every cycle (lib/daping-data.ts, answered by
 * page.route, so the screen's own work is measured, not the server's). Reports
 *  - the JS heap after cycle 10 and after the last cycle (CDP HeapProfiler.collectGarbage then
 *    Runtime.getHeapUsage), and the growth between them;
 *  - the longest frame while a refresh is drawn and animated (requestAnimationFrame deltas, and the
 *    longest long-animation-frame entry), over `frameSamples` refreshes each left to finish animating.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from '@playwright/test';
import { REPO_ROOT } from '@pv/server/src/config.ts';
import { dapingStats } from './daping-data.ts';

export interface DapingBenchResult {
  refreshes: number;
  viewport: string;
  heapAt10: number;
  heapAtEnd: number;
  growthPct: number;
  longestFrameMs: number;
  longestLoafMs: number | null;
  frameSamples: number;
  secondsPerRefresh: number;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };

/** daping/dist at /daping/ (SPA fallback), nothing else. */
function serveDist(dist: string): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    if (!path.startsWith('/daping/')) {
      res.writeHead(404).end();
      return;
    }
    let file = normalize(join(dist, path.slice('/daping/'.length)));
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    resolve({ server, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
  }));
}

export async function benchDaping(opts: { refreshes?: number; frameSamples?: number; screenshot?: string } = {}): Promise<DapingBenchResult> {
  const refreshes = opts.refreshes ?? 1000;
  const frameSamples = opts.frameSamples ?? 20;
  const dist = join(REPO_ROOT, 'daping/dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error('daping/dist missing: run pnpm build first');
  const { server, base } = await serveDist(dist);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 3840, height: 2160 } });
    let cycle = 0;
    await page.route('**/api/system/**', async (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop()!;
      const data = dapingStats(cycle)[name];
      await route.fulfill(data === undefined ? { status: 404, json: { code: 404, msg: 'not found', data: null } } : { json: { code: 200, msg: 'success', data } });
    });
    // a display token in the link (never checked here: the API is answered above); refresh timer 1 h, cycles are driven
    await page.goto(`${base}/daping/?token=pvd_bench&refresh=3600`);
    await page.getByTestId('chart-ready').waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => typeof window.__dapingRefresh === 'function');
    const cdp = await page.context().newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    const refresh = async () => {
      cycle++;
      await page.evaluate(() => window.__dapingRefresh!());
    };

    // frames: a refresh left to draw and finish its animations (counters 1.2 s, charts 0.5 s)
    await page.evaluate(() => {
      const w = window as unknown as { __loaf: number };
      w.__loaf = 0;
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__loaf = Math.max(w.__loaf, e.duration);
        }).observe({ type: 'long-animation-frame', buffered: false });
      } catch {
        w.__loaf = -1;
      }
    });
    let longestFrameMs = 0;
    for (let i = 0; i < frameSamples; i++) {
      cycle++;
      const worst = await page.evaluate(async () => {
        let last = performance.now();
        let max = 0;
        let on = true;
        const loop = (t: number) => {
          max = Math.max(max, t - last);
          last = t;
          if (on) requestAnimationFrame(loop);
        };
        requestAnimationFrame(loop);
        await window.__dapingRefresh!();
        await new Promise((r) => setTimeout(r, 1500));
        on = false;
        return max;
      });
      longestFrameMs = Math.max(longestFrameMs, worst);
    }
    const loaf = await page.evaluate(() => (window as unknown as { __loaf: number }).__loaf);
    if (opts.screenshot) await page.screenshot({ path: opts.screenshot });

    // memory: cycles back to back (each one sets new data everywhere; animations are cut short by the next)
    const done = () => cycle;
    while (done() < 10) await refresh();
    const heapAt10 = await heap();
    const t0 = performance.now();
    const startCycle = cycle;
    while (done() < refreshes) await refresh();
    const seconds = (performance.now() - t0) / 1000;
    // let the last animations finish before the final measurement
    await page.waitForTimeout(1500);
    const heapAtEnd = await heap();
    return {
      refreshes,
      viewport: '3840×2160',
      heapAt10,
      heapAtEnd,
      growthPct: ((heapAtEnd - heapAt10) / heapAt10) * 100,
      longestFrameMs: Math.round(longestFrameMs * 10) / 10,
      longestLoafMs: loaf >= 0 ? Math.round(loaf * 10) / 10 : null,
      frameSamples,
      secondsPerRefresh: seconds / Math.max(1, refreshes - startCycle),
    };
  } finally {
    await browser.close();
    server.close();
  }
}
