/**
 * Page-cache leak measurement (docs/DECISIONS.md "Page cache"): opens and closes 100 tabs, then 10
 * at once, and prints the JS heap after forced GC, the mounted React fiber count and the DOM size.
 * Not part of the test suite: npx playwright test -c measure/measure.config.ts
 */
import { test, expect, type Page } from '@playwright/test';
// run against a server started by hand: MEASURE_BASE=http://127.0.0.1:PORT MEASURE_PASSWORD=... (see docs/DECISIONS.md)
const BASE = process.env.MEASURE_BASE ?? 'http://127.0.0.1:8080';
const ROUTES = ['/customer/intentionalCustomer', '/customer/customerList', '/setting/userManagement', '/setting/roleManagement', '/setting/departmentManagement', '/setting/menuManagement', '/setting/taskManagement', '/setting/systemLog', '/setting/messageCenter', '/setting/personalCenter'];
const tab = (page: Page, k: string) => page.locator(`.pv-tabs-bar [data-tab-key="${k}"]`);
test('measure page cache', async ({ page }) => {
  test.setTimeout(600_000);
  await page.goto(`${BASE}/#/login`);
  await page.getByLabel(/用户名/).fill('admin');
  await page.getByLabel(/密码/).first().fill(process.env.MEASURE_PASSWORD ?? '');
  await page.getByRole('button', { name: /登录/ }).click();
  await expect(tab(page, '/index')).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  const sample = async () => {
    for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const { fibers, dom } = await page.evaluate(() => {
      const root = document.getElementById('root')!;
      const k = Object.keys(root).find((x) => x.startsWith('__reactContainer$'))!;
      let n = 0;
      const stack: any[] = [(root as any)[k]];
      while (stack.length) {
        const f = stack.pop();
        if (!f) continue;
        n++;
        if (f.child) stack.push(f.child);
        if (f.sibling) stack.push(f.sibling);
      }
      return { fibers: n, dom: document.getElementsByTagName('*').length };
    });
    return { heapMB: +(usedSize / 1048576).toFixed(2), fibers, dom, cached: await page.locator('.pv-cached-page').count() };
  };
  const cycle = async (r: string) => {
    await page.goto(`${BASE}/#${r}`);
    await expect(tab(page, r)).toHaveAttribute('aria-selected', 'true');
    await page.waitForTimeout(400);
    await tab(page, r).getByRole('button').click();
    await expect(tab(page, r)).toHaveCount(0);
  };
  // warm up: every screen's code and data loaded once
  for (const r of ROUTES) await cycle(r);
  await page.waitForTimeout(1000);
  const before = await sample();
  for (let i = 0; i < 100; i++) await cycle(ROUTES[i % ROUTES.length]!);
  await page.waitForTimeout(1000);
  const after = await sample();
  // all ten open at once (cached), then closed
  for (const r of ROUTES) { await page.goto(`${BASE}/#${r}`); await expect(tab(page, r)).toHaveAttribute('aria-selected', 'true'); await page.waitForTimeout(300); }
  const open10 = await sample();
  await page.locator('.pv-tabs-bar').getByRole('button', { name: '更多操作' }).click();
  await page.getByRole('menuitem', { name: '关闭全部' }).click();
  await page.waitForTimeout(1000);
  const closed = await sample();
  console.log(`RESULT ${process.env.VARIANT}`, JSON.stringify({ before, after100: after, tenOpen: open10, allClosed: closed }));
});
