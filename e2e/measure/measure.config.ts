import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

/** Measurements that print numbers (not tests): against a server started by hand, see each file. */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../test-results/measure',
  workers: 1,
  timeout: 600_000,
  use: {
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    launchOptions: { executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined, args: ['--no-sandbox', '--disable-gpu'] },
  },
});
