#!/usr/bin/env node
// Runs `pnpm run <stage>` for each stage named on the command line, in order, stopping at the first
// failure, and prints how long each took (CI reads this to keep the whole run well under 30 minutes).
//   node scripts/stages.mjs typecheck lint test:unit test:api test:e2e
import { spawnSync } from 'node:child_process';

const stages = process.argv.slice(2);
if (stages.length === 0) {
  console.error('usage: node scripts/stages.mjs <script> [<script> ...]');
  process.exit(2);
}

const fmt = (ms) => `${Math.floor(ms / 60000)}m${String(Math.round((ms % 60000) / 1000)).padStart(2, '0')}s`;
const done = [];
let failed = null;
const started = Date.now();
for (const stage of stages) {
  console.log(`\n── stage ${stage} ──`);
  const t0 = Date.now();
  const run = spawnSync('pnpm', ['run', stage], { stdio: 'inherit' });
  done.push([stage, Date.now() - t0, run.status === 0]);
  if (run.status !== 0) {
    failed = stage;
    break;
  }
}
console.log('\nstage times:');
for (const [stage, ms, ok] of done) console.log(`  ${stage.padEnd(12)} ${fmt(ms).padStart(7)}  ${ok ? 'ok' : 'FAILED'}`);
console.log(`  ${'total'.padEnd(12)} ${fmt(Date.now() - started).padStart(7)}`);
process.exit(failed ? 1 : 0);
