#!/usr/bin/env node
// Runs the browser tests as E2E_SHARDS Playwright shards at once (default 2), each against its own
// server and data directory (E2E_PORT, E2E_PORT + 1, …; playwright.config.ts derives both from the
// port), and fails when any shard fails. Most of a browser test's time is waiting — for pages,
// debounced inputs, the server — so two shards on two cores finish in well under twice one's time.
// Arguments go to every `playwright test` (e.g. a spec file; with one file, use E2E_SHARDS=1).
import { spawn } from 'node:child_process';

const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 18080);
const args = process.argv.slice(2);

function runShard(index) {
  return new Promise((resolve) => {
    const tag = shards > 1 ? `[shard ${index + 1}/${shards}] ` : '';
    const child = spawn('npx', ['playwright', 'test', ...(shards > 1 ? [`--shard=${index + 1}/${shards}`] : []), ...args], {
      env: { ...process.env, E2E_PORT: String(basePort + index) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // whole lines, each with its shard's tag, so two shards' reports stay readable side by side
    for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      let rest = '';
      from.setEncoding('utf8');
      from.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) to.write(`${tag}${line}\n`);
      });
      from.on('end', () => rest && to.write(`${tag}${rest}\n`));
    }
    child.on('close', (code, signal) => resolve({ index, code: code ?? (signal ? 1 : 0) }));
  });
}

const results = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i)));
const failed = results.filter((r) => r.code !== 0);
for (const r of failed) console.error(`shard ${r.index + 1}/${shards} failed (exit ${r.code})`);
process.exit(failed.length ? 1 : 0);
