import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../scripts/precompress.ts';

// The big screen is served by the API server at /daping/; in development `/api` goes to that server.
export default defineConfig({
  base: '/daping/',
  plugins: [react(), precompress()],
  server: {
    port: 5174,
    proxy: { '/api': { target: process.env.VITE_API_TARGET ?? 'http://localhost:8080', changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // packages/contract is pure (ARCHITECTURE.md): modules of it we do not use (the zod schemas) can be
      // dropped whole, which keeps zod out of this bundle (about 26 KB gzip).
      // no "plugin timings" note: brotli at quality 11 in precompress() takes most of a build by design
      checks: { bundlerTimings: false },
      treeshake: { moduleSideEffects: (id: string) => !/packages[\\/]contract[\\/]/.test(id) },
      // ECharts and zrender (about 600 kB) in a chunk of their own: they change with a dependency
      // update only, so a wall screen keeps them cached across releases of the screen itself; and
      // neither chunk passes the size warning above (one was 944 kB)
      output: { codeSplitting: { groups: [{ name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/ }] } },
    },
  },
});
