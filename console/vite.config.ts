import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is served by the API server at `/` (and works from any sub-path: base './').
// `pnpm --filter @pv/console dev` proxies /api to a server on PV_API (default http://localhost:8080).
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  server: {
    port: Number(process.env.CONSOLE_PORT ?? 5173),
    proxy: { '/api': { target: process.env.PV_API ?? 'http://localhost:8080', changeOrigin: true } },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
