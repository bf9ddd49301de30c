import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure logic: contract, client, console helpers; the production files in deploy/) and `api`
// (the server through fastify.inject on a throwaway database; TEST_DATABASE_URL switches it to PostgreSQL).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/test/**/*.test.ts', 'packages/client/test/**/*.test.ts', 'console/test/**/*.test.{ts,tsx}', 'daping/test/**/*.test.{ts,tsx}', 'deploy/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['packages/server/test/**/*.test.ts'],
          globalSetup: ['packages/server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
