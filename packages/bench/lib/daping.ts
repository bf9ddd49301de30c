/**
 * The big screen over days, compressed: the built daping app in Chromium at 3840×2160, driven through
 * `refreshes` refresh cycles with statistics that change every cycle (lib/daping-data.ts, answered by
 * page.route, so the screen's own work is measured, not the server's). Reports
 *  - the JS heap after cycle 10 and after the last cycle (CDP HeapProfiler.collectGarbage then
 *    Runtime.getHeapUsage), and the growth between them, with the heap at a few cycles in between
 *    (does it level off?) and a heap snapshot at both ends split into compiled code (V8 optimising
 *    hot functions as the screen keeps running) and everything else (the objects, strings and
 *    closures the screen keeps: where a leak would show);
 *  - the longest frame while a refresh is drawn and animated (requestAnimationFrame deltas, and the
 *    longest long-animation-frame entry), over `frameSamples` refreshes each left to finish animating;
 *  - the floor for that measure on this machine: the same frame timing, as long, on a bare page whose
 *    two opposite corners change every frame (so every frame redraws across the whole 4K screen, as
 *    a refresh does: counters at the top, charts and lists below), in the same browser;
 *  - how busy the page's main thread is between refreshes (CDP Performance.getMetrics TaskDuration
 *    over 10 s with nothing changing but the clock and the map's pulses): what the wall costs all day.
 */
import { existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
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
  /** 95th percentile of the frame times while refreshes draw, and over the same time without */
  p95FrameMs: number;
  idleP95FrameMs: number;
  frameSamples: number;
  /** the bare page with full-screen changes every frame: its longest frame and 95th percentile */
  floorFrameMs: number;
  floorP95FrameMs: number;
  /** share of the main thread's time spent in tasks over 10 s without a refresh (0..1) */
  idleMainThreadBusy: number;
  /** [cycle, JS heap bytes] from cycle 10 to the last */
  heapCurve: Array<[number, number]>;
  /** heap snapshots after cycle 10 and after the last: compiled code vs objects (bytes) */
  codeAt10: number;
  codeAtEnd: number;
  objectsAt10: number;
  objectsAtEnd: number;
  secondsPerRefresh: number;
}

/** `dist`: a daping build to measure (default daping/dist; e.g. an older commit built with `vite build --outDir`) */
export async function benchDaping(opts: { refreshes?: number; frameSamples?: number; screenshot?: string; dist?: string } = {}): Promise<DapingBenchResult> {
  const refreshes = opts.refreshes ?? 1000;
  const frameSamples = opts.frameSamples ?? 20;
  const dist = opts.dist ?? join(REPO_ROOT, 'daping/dist');
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
    /** a heap snapshot's V8 nodes by kind: compiled code, and the rest (Blink's own objects left out, as in getHeapUsage) */
    const breakdown = async () => {
      await heap();
      const chunks: string[] = [];
      const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
      cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
      await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
      const snap = JSON.parse(chunks.join('')) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[] };
      const { node_fields: fields, node_types: [types] } = snap.snapshot.meta;
      const typeAt = fields.indexOf('type');
      const sizeAt = fields.indexOf('self_size');
      let code = 0;
      let objects = 0;
      for (let i = 0; i < snap.nodes.length; i += fields.length) {
        const type = types[snap.nodes[i + typeAt]!];
        const size = snap.nodes[i + sizeAt]!;
        if (type === 'code') code += size;
        else if (type !== 'native' && type !== 'synthetic') objects += size;
      }
      return { code, objects };
    };
    const refresh = async () => {
      cycle++;
      await page.evaluate(() => window.__dapingRefresh!());
    };

    // memory: cycles back to back (each one sets new data everywhere; animations are cut short by the next)
    while (cycle < 10) await refresh();
    const heapAt10 = await heap();
    const at10 = await breakdown();
    const heapCurve: Array<[number, number]> = [[cycle, heapAt10]];
    const t0 = performance.now();
    const startCycle = cycle;
    const checkpoints = [0.25, 0.5, 0.75].map((f) => Math.round(refreshes * f)).filter((c) => c > 10);
    while (cycle < refreshes) {
      await refresh();
      if (checkpoints.includes(cycle)) heapCurve.push([cycle, await heap()]);
    }
    const seconds = (performance.now() - t0) / 1000;
    // let the last animations finish before the final measurement
    await page.waitForTimeout(1500);
    const heapAtEnd = await heap();
    heapCurve.push([cycle, heapAtEnd]);
    const atEnd = await breakdown();
    // frames, after the memory cycles (a screen that has run a while): a refresh left to draw and
    // finish its animations (counters 1.2 s, charts 0.5 s)
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
    const busy: number[] = [];
    const idle: number[] = [];
    for (let i = 0; i < frameSamples * 2; i++) {
      // even samples: a refresh; odd samples: the same time with no refresh (the baseline: clock,
      // ripples and whatever else the machine is doing)
      const withRefresh = i % 2 === 0;
      if (withRefresh) cycle++;
      const deltas = await page.evaluate(async (doRefresh) => {
        let last = performance.now();
        const times: number[] = [];
        let on = true;
        const loop = (t: number) => {
          times.push(t - last);
          last = t;
          if (on) requestAnimationFrame(loop);
        };
        requestAnimationFrame(loop);
        if (doRefresh) await window.__dapingRefresh!();
        await new Promise((r) => setTimeout(r, 1500));
        on = false;
        return times;
      }, withRefresh);
      (withRefresh ? busy : idle).push(...deltas);
    }
    const round = (ms: number) => Math.round(ms * 10) / 10;
    const p95 = (xs: number[]) => round(xs.slice().sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0);
    const longestFrameMs = round(Math.max(0, ...busy));
    const idleFrameMs = round(Math.max(0, ...idle));
    const loaf = await page.evaluate(() => (window as unknown as { __loaf: number }).__loaf);
    // between refreshes: the page's main thread over 10 s with no refresh
    await cdp.send('Performance.enable');
    const metrics = async () => new Map((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const before = await metrics();
    await page.waitForTimeout(10_000);
    const after = await metrics();
    const idleMainThreadBusy = (after.get('TaskDuration')! - before.get('TaskDuration')!) / (after.get('Timestamp')! - before.get('Timestamp')!);
    if (opts.screenshot) await page.screenshot({ path: opts.screenshot });
    // the floor with the screen closed: nothing else drawing in the browser
    await page.close();
    const floor = await floorFrames(browser, frameSamples * 1500);

    return {
      refreshes,
      viewport: '3840×2160',
      heapAt10,
      heapAtEnd,
      growthPct: ((heapAtEnd - heapAt10) / heapAt10) * 100,
      longestFrameMs,
      idleFrameMs,
      longestLoafMs: loaf >= 0 ? round(loaf) : null,
      p95FrameMs: p95(busy),
      idleP95FrameMs: p95(idle),
      frameSamples,
      idleMainThreadBusy,
      floorFrameMs: round(Math.max(0, ...floor)),
      floorP95FrameMs: p95(floor),
      heapCurve,
      codeAt10: at10.code,
      codeAtEnd: atEnd.code,
      objectsAt10: at10.objects,
      objectsAtEnd: atEnd.objects,
      secondsPerRefresh: seconds / Math.max(1, refreshes - startCycle),
    };
  } finally {
    await browser.close();
  }
}

/**
 * Frame times of a bare 3840×2160 page for `ms` milliseconds, its top-left and bottom-right corners
 * changing every frame: the least a frame costs here when changes span the screen (software
 * compositing without a GPU), whatever the page.
 */
async function floorFrames(browser: Browser, ms: number): Promise<number[]> {
  const page = await browser.newPage({ viewport: { width: 3840, height: 2160 } });
  try {
    await page.setContent(
      '<style>body{margin:0;height:2160px;background:radial-gradient(#0b2a5c,#020a1a);color:#fff;font:46px sans-serif}' +
        'p{position:absolute;margin:0;will-change:transform}</style><p style="left:40px;top:40px">0</p><p style="right:40px;bottom:40px">0</p>',
    );
    await page.evaluate('window.__name = (f) => f'); // as in benchDaping: tsx's keepNames helper
    return await page.evaluate(
      (duration) =>
        new Promise<number[]>((resolve) => {
          const corners = [...document.querySelectorAll('p')];
          const times: number[] = [];
          const start = performance.now();
          let last = start;
          let n = 0;
          const loop = (t: number) => {
            if (n > 2) times.push(t - last); // the first frames include the page settling
            last = t;
            n++;
            for (const c of corners) c.textContent = String(n);
            if (t - start < duration) requestAnimationFrame(loop);
            else resolve(times);
          };
          requestAnimationFrame(loop);
        }),
      ms,
    );
  } finally {
    await page.close();
  }
}
