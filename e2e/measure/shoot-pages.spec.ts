/**
 * Screenshots of every list page and the data-dense detail pages (e2e/tests/pages.ts) at 1440×900 and
 * 1280×800 in Chinese and English, to look at; prints the table columns each page pushes past the
 * edge of its box. Not part of the test suite. Against a server started by hand:
 *   MEASURE_BASE=http://127.0.0.1:PORT MEASURE_PASSWORD=… SHOTS_DIR=/tmp/pv-shots \
 *     npx playwright test -c measure/measure.config.ts shoot-pages
 * SHOTS_ONLY=substring narrows the pages, SHOTS_SIZES=1440 / SHOTS_LANGS=en narrow the rest.
 * The PNGs stay outside the repository.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { DETAIL_PAGES, LIST_PAGES, detailRoute, tabsOf } from '../tests/pages.ts';
import { cutColumns, settle } from '../tests/layout-check.ts';

const BASE = process.env.MEASURE_BASE ?? 'http://127.0.0.1:8080';
const DIR = process.env.SHOTS_DIR ?? '/tmp/pv-shots';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
].filter((s) => !process.env.SHOTS_SIZES || process.env.SHOTS_SIZES.split(',').includes(String(s.width)));
const LANGS = (['zh', 'en'] as const).filter((l) => !process.env.SHOTS_LANGS || process.env.SHOTS_LANGS.split(',').includes(l));

test('shoot pages', async ({ page, request }) => {
  test.setTimeout(3_600_000);
  mkdirSync(DIR, { recursive: true });
  const login = await request.post(`${BASE}/api/system/index/login`, { data: { username: 'admin', password: process.env.MEASURE_PASSWORD ?? '' } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  await page.goto(`${BASE}/#/login`);
  await page.getByLabel(/用户名|Username/).fill('admin');
  await page.getByLabel(/密码|Password/).first().fill(process.env.MEASURE_PASSWORD ?? '');
  await page.getByRole('button', { name: /登录|Sign in/ }).click();
  await expect(page).toHaveURL(/#\/(?!login)[^?]+/);
  const routes: string[] = [...LIST_PAGES];
  for (const d of DETAIL_PAGES) {
    const r = await detailRoute(request, token, d, BASE).catch(() => null);
    if (r) routes.push(r);
    else console.log(`no record for ${d.path}`);
  }
  const only = process.env.SHOTS_ONLY;
  const report: Record<string, unknown> = {};
  for (const lang of LANGS) {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const route of routes.filter((r) => !only || r.includes(only))) {
        // one tab at a time: the page alone, as a person opening it from the menu sees it
        await page.evaluate((l) => {
          for (const k of Object.keys(localStorage)) if (k.startsWith('admin-plus-tabs')) localStorage.removeItem(k);
          localStorage.setItem('RaStore.locale', JSON.stringify(l === 'en' ? 'en' : 'zh-CN'));
        }, lang);
        await page.goto(`${BASE}/#${route}`);
        await page.reload();
        await settle(page);
        for (const tab of ['', ...tabsOf(route)]) {
          if (tab) {
            await page.getByTestId(tab).filter({ visible: true }).first().click();
            await settle(page);
          }
          const name = `${route.replace(/^\//, '').replace(/[/?=]/g, '_')}${tab ? `.${tab}` : ''}.${lang}.${size.width}`;
          await page.screenshot({ path: `${DIR}/${name}.png`, fullPage: route.includes('?id=') || route.endsWith('/show') });
          const cut = await cutColumns(page);
          const horizontal = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
          report[name] = { cut: cut.map((c) => `${c.table}: ${c.column}${c.must ? ' (MUST)' : ''}`), pageScrollsSideways: horizontal };
          if (cut.length || horizontal) console.log(name, JSON.stringify(report[name]));
        }
      }
    }
  }
  writeFileSync(`${DIR}/report.json`, JSON.stringify(report, null, 1));
});
