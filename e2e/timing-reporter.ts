import { mkdirSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Writes how long each spec file took in this run (retries included: CI pays for them too) to
 * `.tmp/timings-<port>.json`. run-shards.mjs merges these into timings.json after a full run and
 * deals the files out to shards by those times.
 */
export default class TimingReporter implements Reporter {
  private readonly seconds = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult) {
    const file = relative(fileURLToPath(new URL('.', import.meta.url)), test.location.file).split('\\').join('/');
    this.seconds.set(file, (this.seconds.get(file) ?? 0) + result.duration / 1000);
  }

  onEnd() {
    const dir = fileURLToPath(new URL('./.tmp/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    const out = Object.fromEntries([...this.seconds].map(([f, s]) => [f, Math.round(s * 10) / 10]));
    writeFileSync(`${dir}timings-${process.env.E2E_PORT ?? 18080}.json`, `${JSON.stringify(out, null, 2)}\n`);
  }
}
