import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../scripts/precompress.ts';

/**
 * PWA (SPEC.md §4, pwa on): emits sw.js from src/shell/pwa/sw.template.js with a version hashed from
 * the build's file names, so every new build is a new service worker the console offers as an update.
 * The manifest and icons are in public/ (icons drawn by scripts/make-icons.mjs).
 */
function serviceWorker(): Plugin {
  return {
    name: 'pv-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).sort();
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const precache = ['./', 'manifest.webmanifest', 'pwa-192.png', 'pwa-512.png'];
      const template = readFileSync(join(import.meta.dirname, 'src/shell/pwa/sw.template.js'), 'utf8');
      const source = template.replace("'__VERSION__'", JSON.stringify(version)).replace('const PRECACHE = /* __PRECACHE__ */ [];', `const PRECACHE = ${JSON.stringify(precache)};`);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

// The console is served by the API server at `/` (and works from any sub-path: base './').
// `pnpm --filter @pv/console dev` proxies /api to a server on PV_API (default http://localhost:8080).
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react(), serviceWorker(), precompress()],
  resolve: {
    // 'echarts-for-react/lib/core' is CommonJS whose default export the production build does not
    // unwrap (the dashboard rendered an object); the package ships the same component as ES modules
    alias: [{ find: /^echarts-for-react\/lib\/core$/, replacement: 'echarts-for-react/esm/core.js' }],
  },
  server: {
    port: Number(process.env.CONSOLE_PORT ?? 5173),
    proxy: { '/api': { target: process.env.PV_API ?? 'http://localhost:8080', changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // everything the entry imports statically (what the login page runs: react, MUI, react-admin's
    // core, the router, the providers) in one chunk: rolldown otherwise splits off every part a lazy
    // screen shares with it, and the login page fetched ~20 scripts, each compressed on its own
    // (brotli finds less to reuse in small files) and each with its own response headers
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
      // no "plugin timings" note: brotli at quality 11 in precompress() takes most of a build by design
      checks: { bundlerTimings: false },
    },
  },
});
