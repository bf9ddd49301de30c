import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @pv/server db:generate` writes SQL migrations into drizzle/ (committed; applied at start).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
