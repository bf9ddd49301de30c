import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const E2E_PORT_ = Number(process.env.E2E_PORT ?? 18080);
// one data directory per port, so several runs can share the machine
const dataDir = fileURLToPath(new URL(`./.tmp/e2e-data-${E2E_PORT_}`, import.meta.url));
// E2E_CONSOLE_DIR: test a console built elsewhere (`vite build --outDir`) instead of console/dist
const consoleDir = process.env.E2E_CONSOLE_DIR ? `CONSOLE_DIR=${process.env.E2E_CONSOLE_DIR} ` : '';

/**
 * The browser tests drive the BUILT console and big screen, served by the real server on a
 * throwaway data directory (recreated on every run) with a known admin password.
 */
export const E2E_PORT = E2E_PORT_;
export const ADMIN_PASSWORD = 'e2e-Admin-pass';
const chromium = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;

export default defineConfig({
  testDir: './tests',
  // per port, so shards running at once (run-shards.mjs) keep their traces and reports apart
  outputDir: `./test-results/${E2E_PORT_}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: `playwright-report/${E2E_PORT_}` }], ['./timing-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    // recording a trace slows every action: in CI only for the retry of a test that failed
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && ${consoleDir}DATA_DIR=${dataDir} PORT=${E2E_PORT} HOST=127.0.0.1 PV_ADMIN_PASSWORD=${ADMIN_PASSWORD} LOG_LEVEL=warn node ../packages/server/dist/main.js`,
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
