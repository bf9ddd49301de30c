import { expect, test, type Page } from '@playwright/test';
import { login, tokenOf } from './helpers.ts';
import { cutColumns, declarations, frames, settle } from './layout-check.ts';
import { DETAIL_PAGES, LIST_PAGES, detailRoute, tabsOf } from './pages.ts';

/**
 * Every list page and the data-dense detail pages, at 1440×900 and 1280×800, in Chinese and English:
 * no table column lies outside what its box shows (a column scrolled out of sight is a hidden column),
 * and every data table (four columns or more) declares the columns that must never collapse
 * (MUST_SHOW), which therefore stay in view. One page load per test (the lists or the detail pages,
 * in one language); the pages are opened through the address bar's hash (no reload) and measured at
 * both sizes.
 */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
];

async function checkAll(page: Page, lang: 'zh' | 'en', which: 'lists' | 'details') {
  await login(page);
  const token = await tokenOf(page);
  await page.evaluate((l) => localStorage.setItem('RaStore.locale', JSON.stringify(l === 'en' ? 'en' : 'zh-CN')), lang);
  await page.reload();
  const routes: string[] = which === 'lists' ? [...LIST_PAGES] : [];
  if (which === 'details') {
    for (const d of DETAIL_PAGES) {
      const r = await detailRoute(page.request, token, d);
      expect(r, `a record for ${d.path} in the demo data`).not.toBeNull();
      routes.push(r!);
    }
  }
  const problems: string[] = [];
  let measured = 0;
  let must = 0;
  for (const route of routes) {
    await page.setViewportSize(SIZES[0]!);
    await page.goto(`/#${route}`);
    await settle(page);
    for (const tab of ['', ...tabsOf(route)]) {
      if (tab) {
        await page.getByTestId(tab).filter({ visible: true }).first().click();
        await settle(page);
      }
      const where = `${route}${tab ? ` [${tab}]` : ''}`;
      const declared = await declarations(page);
      must += declared.must;
      for (const t of declared.undeclared) problems.push(`${where}: ${t} declares no MUST_SHOW column`);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await frames(page);
        for (const c of await cutColumns(page)) problems.push(`${where} ${size.width}px: ${c.table} › ${c.column}${c.must ? ' (must show)' : ''} lies outside its box`);
        measured++;
      }
    }
  }
  expect(measured).toBeGreaterThan(routes.length * 2 - 1);
  expect(must, 'must-show columns seen').toBeGreaterThan(routes.length);
  expect(problems, problems.join('\n')).toEqual([]);
}

test('the check sees a must-show column scrolled out of its box and a table that declares none', async ({ page }) => {
  await page.goto('/#/login');
  await page.evaluate(() => {
    const box = document.createElement('div');
    box.style.cssText = 'width: 300px; overflow-x: auto';
    const head = (cells: string[]) => `<thead><tr>${cells.join('')}</tr></thead><tbody><tr>${cells.map(() => '<td>1</td>').join('')}</tr></tbody>`;
    box.innerHTML =
      `<table data-testid="wide" style="width: 900px">${head(['<th>a</th>', '<th>b</th>', '<th class="pv-col-must">amount</th>'])}</table>` +
      `<table data-testid="bare">${head(['<th>a</th>', '<th>b</th>', '<th>c</th>', '<th>d</th>'])}</table>`;
    document.body.append(box);
  });
  expect(await cutColumns(page)).toContainEqual({ table: 'wide', column: 'amount', must: true });
  const declared = await declarations(page);
  expect(declared.undeclared).toContain('bare');
  expect(declared.undeclared).not.toContain('wide');
});

test.describe.configure({ timeout: 900_000 });

for (const lang of ['zh', 'en'] as const) {
  for (const which of ['lists', 'details'] as const) {
    test(`no table column outside its box: ${which}, ${lang}`, async ({ page }) => {
      await checkAll(page, lang, which);
    });
  }
}
