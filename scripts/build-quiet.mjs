#!/usr/bin/env node
// `pnpm start`'s build: the same three builds as `pnpm build` (console, big screen, server), showing
// only what needs attention — warnings and errors, which the tools write to stderr — and one line
// when done, instead of every chunk Vite wrote (some 350 lines before the server's banner).
// `pnpm build` keeps the full output.
import { spawnSync } from 'node:child_process';

const builds = [
  ['the console', ['--filter', '@pv/console', 'build', '--logLevel', 'warn']],
  ['the big screen', ['--filter', '@pv/daping', 'build', '--logLevel', 'warn']],
  ['the server', ['--filter', '@pv/server', 'build']],
];

const started = Date.now();
process.stdout.write('Building the console, the big screen and the server…');
let clean = true;
for (const [what, args] of builds) {
  // stdout (progress, file sizes, pnpm's script headers) is dropped; stderr (warnings, errors) is shown
  const run = spawnSync('pnpm', ['--silent', ...args], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (run.stderr.trim()) {
    process.stdout.write(clean ? '\n' : '');
    process.stderr.write(run.stderr);
    clean = false;
  }
  if (run.status !== 0) {
    console.error(`\nBuilding ${what} failed (\`pnpm build\` shows its whole output).`);
    process.exit(run.status ?? 1);
  }
}
console.log(`${clean ? ' done' : 'Built'} in ${Math.round((Date.now() - started) / 1000)} s.`);
