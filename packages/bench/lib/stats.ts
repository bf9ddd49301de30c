/** Latency statistics over a list of samples in milliseconds. */
export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  perSecond: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function summarize(samples: number[], wallMs: number): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), mean, perSecond: (sorted.length / wallMs) * 1000 };
}

/** Runs `task` `count` times with `concurrency` in flight; returns each duration and the wall time. */
export async function drive(count: number, concurrency: number, task: () => Promise<void>): Promise<{ samples: number[]; wallMs: number }> {
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      next++;
      const t0 = performance.now();
      await task();
      samples.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { samples, wallMs: performance.now() - started };
}

export const ms = (v: number) => `${v.toFixed(2)} ms`;
