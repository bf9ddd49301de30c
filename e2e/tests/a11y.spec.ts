import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { login, tokenOf } from './helpers.ts';
import { settle } from './layout-check.ts';
import { DETAIL_PAGES, LIST_PAGES, detailRoute } from './pages.ts';

/**
 * WCAG 2.1 AA with axe-core: no critical and no serious violation on the sign-in page, the dashboard,
 * the workbench, every list page, an edit form, detail pages, the workflow designer and the big
 * screen. One page load per page in one signed-in browser; the console's pages open through the
 * hash (no reload). Each page's counts are printed, the failures listed with their elements.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Found = { page: string; rule: string; impact: string; help: string; nodes: string[] };

async function scan(page: Page, name: string, found: Found[], counts: string[]) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const bad = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  for (const v of bad) found.push({ page: name, rule: v.id, impact: v.impact!, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) });
  const n = (impact: string) => bad.filter((v) => v.impact === impact).reduce((sum, v) => sum + v.nodes.length, 0);
  counts.push(`${name}: critical ${n('critical')}, serious ${n('serious')}`);
}

const report = (found: Found[]) => found.map((f) => `${f.page} — ${f.impact} ${f.rule} (${f.help}): ${f.nodes.join(' | ')}`).join('\n');

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

test('the console pages have no critical or serious axe violations', async ({ page }) => {
  test.setTimeout(600_000);
  await login(page);
  const token = await tokenOf(page);
  const found: Found[] = [];
  const counts: string[] = [];
  const routes: string[] = ['/dashboard', '/workbench', ...LIST_PAGES, '/customer/intentionalCustomer/create'];
  // an edit form and every dense detail page
  const customer = await detailRoute(page.request, token, { path: '/customer/customerList', api: 'customer', query: 'stage=formal', show: true });
  routes.push(customer!.replace(/\/show$/, ''));
  for (const d of DETAIL_PAGES) routes.push((await detailRoute(page.request, token, d))!);
  const workflow = (await (await page.request.get('/api/system/workflow/index?page=1&limit=1', { headers: { authorization: `Bearer ${token}` } })).json()).data.list[0];
  routes.push(`/other/workflowDesigner?id=${workflow.id}`);
  for (const route of routes) {
    await page.goto(`/#${route}`);
    await settle(page);
    await scan(page, route, found, counts);
  }
  console.log(counts.join('\n'));
  expect(found, report(found)).toEqual([]);
});
