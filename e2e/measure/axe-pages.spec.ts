/**
 * axe-core (WCAG 2.1 A/AA) over the console's pages against a server started by hand, printing each
 * page's critical and serious violations: the numbers before and after a change. Not part of the
 * suite (tests/a11y.spec.ts is); run:
 *   MEASURE_BASE=http://127.0.0.1:PORT MEASURE_PASSWORD=… npx playwright test -c measure/measure.config.ts axe-pages
 * AXE_ONLY=substring narrows the pages.
 */
import { test, expect } from '@playwright/test';
import { DETAIL_PAGES, LIST_PAGES, detailRoute } from '../tests/pages.ts';
import { settle } from '../tests/layout-check.ts';
import { axeSerious } from '../tests/axe-scan.ts';

const BASE = process.env.MEASURE_BASE ?? 'http://127.0.0.1:8080';

test('axe over the pages', async ({ page, request }) => {
  test.setTimeout(3_600_000);
  const login = await request.post(`${BASE}/api/system/index/login`, { data: { username: 'admin', password: process.env.MEASURE_PASSWORD ?? '' } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  await page.goto(`${BASE}/#/login`);
  const scan = async (name: string) => {
    const { found, count } = await axeSerious(page, name);
    console.log(count);
    for (const f of found) console.log(`   ${f.impact} ${f.rule} ×${f.nodes.length}: ${f.nodes.slice(0, 2).map((n) => `${n.target} ${n.summary}`).join(' | ')}`);
  };
  const only = process.env.AXE_ONLY;
  if (!only || '/login'.includes(only)) await scan('/login');
  await page.getByLabel(/用户名|Username/).fill('admin');
  await page.getByLabel(/密码|Password/).first().fill(process.env.MEASURE_PASSWORD ?? '');
  await page.getByRole('button', { name: /登录|Sign in/ }).click();
  await expect(page).toHaveURL(/#\/(?!login)[^?]+/);
  const wf = (await (await request.get(`${BASE}/api/system/workflow/index?page=1&limit=1`, { headers: { authorization: `Bearer ${token}` } })).json()).data.list[0];
  const customer = await detailRoute(request, token, { path: '/customer/customerList', api: 'customer', query: 'stage=formal', show: true }, BASE);
  const routes = ['/dashboard', '/workbench', '/customer/intentionalCustomer/create', customer!.replace(/\/show$/, ''), `/other/workflowDesigner?id=${wf.id}`, ...LIST_PAGES];
  for (const d of DETAIL_PAGES) {
    const r = await detailRoute(request, token, d, BASE);
    if (r) routes.push(r);
  }
  for (const route of routes.filter((r) => !only || r.includes(only))) {
    await page.goto(`${BASE}/#${route}`);
    await settle(page);
    await scan(route);
  }
  if (!only || 'daping'.includes(only)) {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${BASE}/daping/`);
    await page.getByTestId('chart-ready').waitFor({ timeout: 20_000 }).catch(() => undefined);
    await scan('/daping/');
  }
});
