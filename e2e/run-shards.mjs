#!/usr/bin/env node
// Runs the browser tests as E2E_SHARDS Playwright shards at once (default 2), each against its own
// server and data directory (E2E_PORT, E2E_PORT + 1, …; playwright.config.ts derives both from the
// port), and fails when any shard fails. Most of a browser test's time is waiting — for pages,
// debounced inputs, the server — so two shards on two cores finish in well under twice one's time.
//
// The spec files are dealt out by their measured times (timings.json, written by timing-reporter.ts:
// longest first, each to the shard with the least so far), so the shards end together instead of
// Playwright's split by test count. A file not yet timed counts as the median. After a run of every
// spec, the times measured replace timings.json (commit it when the suite's shape changed).
// Arguments: spec files (a subset to deal out) and Playwright flags (passed to every shard).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 18080);
const args = process.argv.slice(2);
const isSpec = (a) => /\.spec\.ts$/.test(a);
const flags = args.filter((a) => !isSpec(a));
const timingsFile = join(here, 'timings.json');

function specFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return specFiles(path);
    return isSpec(e.name) ? [relative(here, path).split('\\').join('/')] : [];
  });
}

const all = specFiles(join(here, 'tests')).sort();
const chosen = args.some(isSpec) ? args.filter(isSpec).map((a) => a.replace(/^(\.\/|e2e\/)/, '')) : all;
const timings = existsSync(timingsFile) ? JSON.parse(readFileSync(timingsFile, 'utf8')) : {};

/** Longest first, each to the lightest shard: within the longest file's time of the best split. */
export function deal(files, seconds, n) {
  const known = files.map((f) => seconds[f]).filter((s) => typeof s === 'number').sort((a, b) => a - b);
  const guess = known.length ? known[Math.floor(known.length / 2)] : 60;
  const weight = (f) => (typeof seconds[f] === 'number' ? seconds[f] : guess);
  const bins = Array.from({ length: n }, () => ({ files: [], total: 0 }));
  for (const f of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const bin = bins.reduce((min, b) => (b.total < min.total ? b : min));
    bin.files.push(f);
    bin.total += weight(f);
  }
  return bins.filter((b) => b.files.length);
}

// a file argument is a regular expression to Playwright: match exactly this path's end
const asFilter = (f) => `${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;

function runShard(index, bin, count) {
  return new Promise((resolve) => {
    const tag = count > 1 ? `[shard ${index + 1}/${count}] ` : '';
    if (count > 1) console.log(`${tag}${bin.files.length} files, ~${Math.round(bin.total)} s measured: ${bin.files.join(' ')}`);
    rmSync(join(here, '.tmp', `timings-${basePort + index}.json`), { force: true });
    const child = spawn('npx', ['playwright', 'test', ...flags, ...bin.files.map(asFilter)], {
      cwd: here,
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bins = deal(chosen, timings, shards);
  const results = await Promise.all(bins.map((bin, i) => runShard(i, bin, bins.length)));
  const failed = results.filter((r) => r.code !== 0);
  for (const r of failed) console.error(`shard ${r.index + 1}/${bins.length} failed (exit ${r.code})`);
  // a whole, unfiltered run measures every file: keep its times for the next deal
  if (!args.some(isSpec) && !flags.some((f) => f.startsWith('--grep') || f === '-g')) {
    const measured = {};
    for (let i = 0; i < bins.length; i++) {
      const f = join(here, '.tmp', `timings-${basePort + i}.json`);
      if (existsSync(f)) Object.assign(measured, JSON.parse(readFileSync(f, 'utf8')));
    }
    if (Object.keys(measured).length === all.length) {
      const sorted = Object.fromEntries(Object.keys(measured).sort().map((k) => [k, measured[k]]));
      writeFileSync(timingsFile, `${JSON.stringify(sorted, null, 2)}\n`);
      console.log(`timings.json: ${all.length} files, ${Math.round(Object.values(measured).reduce((a, b) => a + b, 0))} s in all`);
    }
  }
  process.exit(failed.length ? 1 : 0);
}
