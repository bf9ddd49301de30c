/**
 * The big screen over days, compressed: the built daping app in Chromium at 3840×2160, driven through
 * `refreshes` refresh cycles with statistics that change every cycle (lib/daping-data.ts, answered by
 * page.route, so the screen's own work is measured, not the server's). Reports
 *  - the JS heap after cycle 10 and after the last cycle (CDP HeapProfiler.collectGarbage then
 *    Runtime.getHeapUsage), and the growth between them;
 *  - the longest frame while a refresh is drawn and animated (requestAnimationFrame deltas, and the
 *    longest long-animation-frame entry), over `frameSamples` refreshes each left to finish animating.
 */
import { existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { chromium } from '@playwright/test';
import { REPO_ROOT } from '@pv/server/src/config.ts';
import { dapingStats } from './daping-data.ts';

declare global {
  interface Window {
    /** daping/src/data.ts: one refresh cycle now, resolved once it is on screen */
    __dapingRefresh?: () => Promise<number>;
  }
}

export interface DapingBenchResult {
  refreshes: number;
  viewport: string;
  heapAt10: number;
  heapAtEnd: number;
  growthPct: number;
  longestFrameMs: number;
  /** the same measurement over the same time without a refresh */
  idleFrameMs: number;
  longestLoafMs: number | null;
  frameSamples: number;
  secondsPerRefresh: number;
}

export async function benchDaping(opts: { refreshes?: number; frameSamples?: number; screenshot?: string } = {}): Promise<DapingBenchResult> {
  const refreshes = opts.refreshes ?? 1000;
  const frameSamples = opts.frameSamples ?? 20;
  const dist = join(REPO_ROOT, 'daping/dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error('daping/dist missing: run pnpm build first');
  // the built files and the API are both answered by page.route: no server, nothing else on the machine measured
  const base = 'http://daping.bench';
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 3840, height: 2160 } });
    // tsx compiles the functions passed to page.evaluate with esbuild's keepNames, which calls __name
    await page.addInitScript('window.__name = (f) => f;');
    let cycle = 0;
    await page.route(`${base}/daping/**`, async (route) => {
      const path = new URL(route.request().url()).pathname.slice('/daping/'.length);
      let file = normalize(join(dist, path));
      if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, 'index.html');
      await route.fulfill({ path: file });
    });
    await page.route(`${base}/api/system/**`, async (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop()!;
      const data = dapingStats(cycle)[name];
      await route.fulfill(data === undefined ? { status: 404, json: { code: 404, msg: 'not found', data: null } } : { json: { code: 200, msg: 'success', data } });
    });
    // a display token in the link (never checked here: the API is answered above); refresh timer 1 h, no push socket: cycles are driven
    await page.goto(`${base}/daping/?token=pvd_bench&refresh=3600&push=0`);
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
    let idleFrameMs = 0;
    for (let i = 0; i < frameSamples * 2; i++) {
      // even samples: a refresh; odd samples: the same time with no refresh (the baseline: clock,
      // ripples and whatever else the machine is doing)
      const withRefresh = i % 2 === 0;
      if (withRefresh) cycle++;
      const worst = await page.evaluate(async (doRefresh) => {
        let last = performance.now();
        let max = 0;
        let on = true;
        const loop = (t: number) => {
          max = Math.max(max, t - last);
          last = t;
          if (on) requestAnimationFrame(loop);
        };
        requestAnimationFrame(loop);
        if (doRefresh) await window.__dapingRefresh!();
        await new Promise((r) => setTimeout(r, 1500));
        on = false;
        return max;
      }, withRefresh);
      if (withRefresh) longestFrameMs = Math.max(longestFrameMs, worst);
      else idleFrameMs = Math.max(idleFrameMs, worst);
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
      idleFrameMs: Math.round(idleFrameMs * 10) / 10,
      longestLoafMs: loaf >= 0 ? Math.round(loaf * 10) / 10 : null,
      frameSamples,
      secondsPerRefresh: seconds / Math.max(1, refreshes - startCycle),
    };
  } finally {
    await browser.close();
  }
}
