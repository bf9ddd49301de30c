import { expect, test, type Page } from '@playwright/test';
import { axeSerious, type AxeFinding } from './axe-scan.ts';
import { login, tokenOf } from './helpers.ts';
import { settle } from './layout-check.ts';
import { DETAIL_PAGES, LIST_PAGES, detailRoute } from './pages.ts';

/**
 * WCAG 2.1 AA with axe-core: no critical and no serious violation on the sign-in page, the dashboard,
 * the workbench, every list page, an edit form, detail pages, the workflow designer and the big
 * screen. One page load per page in one signed-in browser; the console's pages open through the
 * hash (no reload). Each page's counts are printed, the failures listed with their elements.
 */

type Found = AxeFinding & { page: string };

async function scan(page: Page, name: string, found: Found[], counts: string[]) {
  const r = await axeSerious(page, name);
  found.push(...r.found.map((f) => ({ ...f, page: name })));
  counts.push(r.count);
}

const report = (found: Found[]) => found.map((f) => `${f.page} — ${f.impact} ${f.rule} (${f.help}): ${f.nodes.slice(0, 3).map((n) => `${n.target} ${n.summary}`).join(' | ')}`).join('\n');

test('the sign-in page and the big screen have no critical or serious axe violations', async ({ page }) => {
  const found: Found[] = [];
  const counts: string[] = [];
  await page.goto('/#/login');
  await expect(page.getByLabel(/用户名|Username/)).toBeVisible();
  await scan(page, '/login', found, counts);
  await login(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/daping/');
  await expect(page.getByTestId('chart-ready')).toBeVisible({ timeout: 20_000 });
  await scan(page, '/daping/', found, counts);
  console.log(counts.join('\n'));
  expect(found, report(found)).toEqual([]);
});

/** Opens each route in one signed-in page and scans it; each page's counts print as it goes. */
async function scanRoutes(page: Page, routes: (token: string) => Promise<string[]>) {
  await login(page);
  const found: Found[] = [];
  const counts: string[] = [];
  for (const route of await routes(await tokenOf(page))) {
    await page.goto(`/#${route}`);
    await settle(page);
    await scan(page, route, found, counts);
    console.log(counts.at(-1));
  }
  expect(found, report(found)).toEqual([]);
}

test.describe.configure({ timeout: 600_000 });

test('the dashboard, the workbench, an edit form and the workflow designer', async ({ page }) => {
  await scanRoutes(page, async (token) => {
    const customer = await detailRoute(page.request, token, { path: '/customer/customerList', api: 'customer', query: 'stage=formal', show: true });
    const workflow = (await (await page.request.get('/api/system/workflow/index?page=1&limit=1', { headers: { authorization: `Bearer ${token}` } })).json()).data.list[0];
    return ['/dashboard', '/workbench', '/customer/intentionalCustomer/create', customer!.replace(/\/show$/, ''), `/other/workflowDesigner?id=${workflow.id}`];
  });
});

const half = Math.ceil(LIST_PAGES.length / 2);
test('the list pages, first half', async ({ page }) => {
  await scanRoutes(page, async () => LIST_PAGES.slice(0, half));
});

test('the list pages, second half', async ({ page }) => {
  await scanRoutes(page, async () => LIST_PAGES.slice(half));
});

test('the detail pages', async ({ page }) => {
  await scanRoutes(page, async (token) => Promise.all(DETAIL_PAGES.map(async (d) => (await detailRoute(page.request, token, d))!)));
});
