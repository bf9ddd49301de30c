/**
 * Excel export at scale (issue 5): GET /api/system/customer/export of every row, over HTTP on
 * loopback, beside the baseline of paging the same rows through the JSON index (500 a page).
 * Time and peak RSS growth of this process (server and client) during each run; the export also at
 * a fifth of the rows, to show memory does not grow with the row count.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seed, serve } from './server.ts';

export interface RunMeasure {
  rows: number;
  seconds: number;
  /** peak RSS during the run minus RSS just before it, MiB */
  rssGrowthMiB: number;
  /** peak RSS of the process during the run, MiB */
  rssPeakMiB: number;
  bytes: number;
}

export interface ExportResult {
  customers: number;
  small: RunMeasure;
  full: RunMeasure;
  json: RunMeasure;
}

export async function measured(run: () => Promise<{ rows: number; bytes: number }>): Promise<RunMeasure> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const t0 = performance.now();
  try {
    const { rows, bytes } = await run();
    return { rows, bytes, seconds: (performance.now() - t0) / 1000, rssGrowthMiB: (Math.max(peak, process.memoryUsage().rss) - before) / 2 ** 20, rssPeakMiB: Math.max(peak, process.memoryUsage().rss) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

/** Reads a streamed body, counting bytes and keeping none. */
export async function drain(res: Response): Promise<number> {
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

/** Seeds `add` more customers, serves the app on that database, runs `body`, closes. */
async function withApp<T>(dataDir: string, add: number, body: (base: string, headers: Record<string, string>) => Promise<T>): Promise<T> {
  console.log(`seeding ${add} more customers for the export bench …`);
  seed(dataDir, add, 50);
  const server = await serve(dataDir);
  try {
    return await body(server.base, { authorization: `Bearer ${server.token}` });
  } finally {
    await server.close();
  }
}

const total = async (base: string, headers: Record<string, string>) =>
  ((await (await fetch(`${base}/api/system/customer/index?limit=1`, { headers })).json()) as { data: { total: number } }).data.total;

async function exportAll(base: string, headers: Record<string, string>) {
  const rows = await total(base, headers);
  const res = await fetch(`${base}/api/system/customer/export`, { headers });
  if (!res.ok) throw new Error(`export: HTTP ${res.status}`);
  return { rows, bytes: await drain(res) };
}

/** The baseline: the same rows as JSON index pages of 500 (what a client-side exporter would fetch). */
async function jsonPages(base: string, headers: Record<string, string>) {
  const rows = await total(base, headers);
  let bytes = 0;
  let seen = 0;
  for (let page = 1; seen < rows; page++) {
    const text = await (await fetch(`${base}/api/system/customer/index?page=${page}&limit=500`, { headers })).text();
    bytes += text.length;
    const n = (JSON.parse(text) as { data: { list: unknown[] } }).data.list.length;
    if (!n) break;
    seen += n;
  }
  return { rows: seen, bytes };
}

export async function benchExport(customers: number): Promise<ExportResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pv-bench-xlsx-'));
  const fifth = Math.round(customers / 5);
  try {
    const small = await withApp(dataDir, fifth, async (base, headers) => {
      await exportAll(base, headers); // warm up JIT and caches
      return measured(() => exportAll(base, headers));
    });
    return await withApp(dataDir, customers - fifth, async (base, headers) => {
      await exportAll(base, headers);
      const full = await measured(() => exportAll(base, headers));
      const json = await measured(() => jsonPages(base, headers));
      return { customers: full.rows, small, full, json };
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
