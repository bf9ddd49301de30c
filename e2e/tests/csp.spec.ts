import { expect, test, type Page } from '@playwright/test';
import { login, tokenOf } from './helpers.ts';

/**
 * The Content-Security-Policy (packages/server/src/http/security.ts: scripts from our origin only,
 * no inline script, no eval) must not break a single page: every route of the admin's menu, the
 * login page and the big screen are opened and any violation the browser reports fails the test.
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

test('every console page and the big screen run under the CSP without a violation', async ({ page }) => {
  // it visits every page of the menu (30 and growing): 2.7 min of its former 4 under load here
  test.setTimeout(420_000);
  const fromConsole = watchCsp(page);
  const response = await page.goto('/#/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByLabel(/用户名|Username/)).toBeVisible();
  const violations: string[] = (await recorded(page)).map((v) => `login: ${v}`);
  await login(page);

  const token = await tokenOf(page);
  const menu = await page.request.get('/api/system/menu/index?filter_checkout=1', { headers: { authorization: `Bearer ${token}` } });
  const entries: Array<{ full_path: string; path: string }> = (await menu.json()).data;
  // pages of the menu (no route parameters, no external links; the 大屏 entry only leads to /daping/,
  // opened below); containers redirect to their first child
  const routes = [...new Set(entries.map((e) => e.full_path).filter((p) => p.startsWith('/') && !p.includes(':') && !/^https?:/.test(p) && !/daping/i.test(p)))];
  expect(routes.length).toBeGreaterThan(20);
  for (const route of routes) {
    await page.goto(`/#${route}`);
    // a page's chunks and styles load within this; the console's polling can keep the network from ever idling
    await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
    violations.push(...(await recorded(page)).map((v) => `${route}: ${v}`));
  }

  await page.goto('/daping/');
  await expect(page.getByTestId('chart-ready')).toBeVisible({ timeout: 20_000 });
  violations.push(...(await recorded(page)).map((v) => `daping: ${v}`));

  expect([...violations, ...fromConsole]).toEqual([]);
});
