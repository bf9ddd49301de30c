import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers.ts';

/**
 * The Content-Security-Policy (packages/server/src/http/security.ts: scripts from our origin only,
 * no inline script, no eval) must not break a single page: here the sign-in page and the big screen;
 * every page of the admin's menu is opened by the page walk (walk.ts), which fails on any violation
 * the browser reports there too.
 */
declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

function watchCsp(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(`console: ${msg.text()}`);
  });
  return seen;
}

async function recorded(page: Page): Promise<string[]> {
  // taken out, so each page reports only its own
  return page.evaluate(() => (window.__cspViolations ?? []).splice(0)).catch(() => []);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
});

test('the sign-in page and the big screen run under the CSP without a violation', async ({ page }) => {
  const fromConsole = watchCsp(page);
  const response = await page.goto('/#/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByLabel(/用户名|Username/)).toBeVisible();
  const violations: string[] = (await recorded(page)).map((v) => `login: ${v}`);
  await login(page);
  await page.goto('/daping/');
  await expect(page.getByTestId('chart-ready')).toBeVisible({ timeout: 20_000 });
  violations.push(...(await recorded(page)).map((v) => `daping: ${v}`));
  expect([...violations, ...fromConsole]).toEqual([]);
});
