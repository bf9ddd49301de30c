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
      treeshake: { moduleSideEffects: (id: string) => !/packages[\\/]contract[\\/]/.test(id) },
    },
  },
});
