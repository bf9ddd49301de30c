#!/usr/bin/env node
// Builds the server for production: src/main.ts, the seed and backup CLIs, with the workspace packages
// (@pv/contract, TypeScript source) bundled in, into dist/ as ES modules that plain `node` runs.
// npm dependencies stay external — native modules (argon2, sharp) and PGlite's WASM files load
// from node_modules as they do under tsx. `pnpm dev` and the tests keep running the source with tsx.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@pv/'));

rmSync(join(root, 'dist'), { recursive: true, force: true });
const started = Date.now();
await build({
  absWorkingDir: root,
  // backup-worker: the thread GET /api/system/backup packs the archive in (src/backup/routes.ts finds it beside the bundle)
  entryPoints: { main: 'src/main.ts', seed: 'src/cli/seed.ts', backup: 'src/cli/backup.ts', 'backup-worker': 'src/backup/worker.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // bare imports of npm packages (and their subpaths) stay imports
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
console.log(`server built into ${join(root, 'dist')} in ${Date.now() - started} ms`);
