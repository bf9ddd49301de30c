import { expect, test, type Page } from '@playwright/test';
import { axeSerious, type AxeFinding } from './axe-scan.ts';
import { login } from './helpers.ts';

/**
 * WCAG 2.1 AA with axe-core: no critical and no serious violation on the sign-in page and the big
 * screen. The console's pages (dashboard, workbench, every list, the forms, the detail pages, the
 * workflow designer) are scanned by the page walk (walk.ts, walk-*-zh.spec.ts).
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
