import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, login, tokenOf, uniquePhone } from './helpers.ts';

const PANELS = ['panel-map', 'panel-growth', 'panel-pipeline', 'panel-benefit', 'panel-targets', 'panel-teams', 'panel-operation', 'panel-events'] as const;

/** One refresh cycle now (the screen's test hook), resolved once it is drawn. */
const refresh = (page: Page) => page.evaluate(() => window.__dapingRefresh!());

declare global {
  interface Window {
    __dapingRefresh?: () => Promise<number>;
  }
}

test('the big screen draws customers by province from the server', async ({ page }) => {
  await login(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/daping/');
  await expect(page.getByTestId('chart-ready')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('chart-user-area')).toHaveAttribute('data-ready', 'true');
  // the map is a real canvas with pixels, and the headline number matches the API
  const canvas = page.getByTestId('chart-user-area').locator('canvas').first();
  await expect(canvas).toBeVisible();
  const token = await tokenOf(page);
  const stat = await page.request.post('/api/system/statistic/user_area', { headers: { authorization: `Bearer ${token}` }, data: {} });
  const provinces: Array<{ code: string; customers: number; stations: number }> = (await stat.json()).data.provinces;
  const total = provinces.reduce((sum, p) => sum + p.customers, 0);
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId('kpi-customers')).toContainText(total.toLocaleString('en-US'));
  // the provinces with the most stations pulse, each labelled with its count, inside the map
  const top = provinces
    .filter((p) => p.stations > 0)
    .sort((a, b) => b.stations - a.stations || a.code.localeCompare(b.code))
    .slice(0, 5);
  const labels = page.getByTestId('chart-user-area').locator('.ripple-label');
  await expect(labels).toHaveCount(top.length);
  await expect(labels.first()).toContainText(top[0]!.stations.toLocaleString('en-US'));
  const map = (await canvas.boundingBox())!;
  for (const box of await labels.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.x).toBeGreaterThan(map.x);
    expect(box.y).toBeGreaterThan(map.y);
    expect(box.y + box.height).toBeLessThan(map.y + map.height);
  }
});

test('the big screen loads without a page error, and its map labels cover neither each other nor a dot', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await login(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  for (const lang of ['zh', 'en']) {
    await page.goto(`/daping/?lang=${lang}`);
    await expect(page.getByTestId('chart-ready')).toBeVisible({ timeout: 20_000 });
    const map = page.getByTestId('chart-user-area');
    await expect(map.locator('.ripple-label')).not.toHaveCount(0);
    const boxes = async (selector: string) => map.locator(selector).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    const labels = await boxes('.ripple-label');
    const dots = await boxes('.ripple-dot');
    const hit = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    for (const [i, a] of labels.entries()) {
      for (const [j, b] of labels.entries()) if (i < j) expect(hit(a, b), `${lang}: labels ${i} and ${j} overlap`).toBe(false);
      for (const d of dots) expect(hit(a, d), `${lang}: label ${i} covers a dot`).toBe(false);
    }
    // a few refresh cycles and the language switch on top of the first draw
    await refresh(page);
  }
  expect(errors).toEqual([]);
});

test('the big screen without a session asks to sign in, and signing in leads back to it', async ({ page }) => {
  await page.goto('/daping/');
  await expect(page.getByTestId('sign-in-required')).toBeVisible();
  await page.getByTestId('login-link').click();
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fdaping/);
  await page.getByLabel(/用户名|Username/).fill('admin');
  await page.getByLabel(/密码|Password/).first().fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: /登录|Sign in/ }).click();
  await expect(page).toHaveURL(/\/daping\/$/);
  await expect(page.getByTestId('panel-map')).toBeVisible();
});

test('the console route #/daping leads to the big screen', async ({ page }) => {
  await login(page);
  await page.goto('/#/daping');
  await expect(page).toHaveURL(/\/daping\/$/);
  await expect(page.getByTestId('panel-map')).toBeVisible();
});

for (const [width, height] of [
  [1920, 1080],
  [3840, 2160],
] as const) {
  test(`every panel renders at ${width}×${height}`, async ({ page }, info) => {
    await login(page);
    await page.setViewportSize({ width, height });
    await page.goto('/daping/');
    await expect(page.getByTestId('chart-ready')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('stage')).toHaveAttribute('data-scale', (width / 1920).toFixed(3));
    for (const id of PANELS) {
      const panel = page.getByTestId(id);
      await expect(panel).toBeVisible();
      // a panel shows its data, or — for a statistic this server does not offer — says so; never an error
      const empty = panel.getByTestId('empty');
      if ((await panel.getAttribute('data-ready')) !== 'true') {
        await expect(empty).toHaveAttribute('data-outcome', /missing|ok|^$/);
        await expect(empty).not.toHaveClass(/is-error/);
      } else {
        await expect(empty).toHaveCount(0);
      }
    }
    // on the 4K wall the map is drawn at twice the pixels, not stretched
    const { cssWidth, pixelWidth } = await page
      .getByTestId('chart-user-area')
      .locator('canvas')
      .first()
      .evaluate((c: HTMLCanvasElement) => ({ cssWidth: c.clientWidth, pixelWidth: c.width }));
    expect(pixelWidth).toBe(cssWidth * (width / 1920));
    await page.screenshot({ path: info.outputPath(`daping-${width}x${height}.png`) });
  });
}

test('the screen updates after a new customer, shows staleness while the server is away and recovers', async ({ page }) => {
  await login(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/daping/?refresh=3600');
  await expect(page.getByTestId('chart-ready')).toBeVisible({ timeout: 20_000 });
  const number = page.getByTestId('kpi-customers').locator('.kpi-number');
  const before = Number(await number.getAttribute('data-value'));
  expect(before).toBeGreaterThan(0);

  const token = await tokenOf(page);
  const added = await page.request.post('/api/system/customer/add', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: '大屏测试', phone: uniquePhone(), province_code: '370000', city_code: '370100', source: 'phone' },
  });
  expect(added.status()).toBe(200);
  await refresh(page);
  await expect(number).toHaveAttribute('data-value', String(before + 1));
  await expect(number).toHaveText((before + 1).toLocaleString('en-US'));
  await expect(page.getByTestId('stale-warning')).toHaveCount(0);

  // the server goes away: the numbers stay, the status line says they are stale and for how long
  await page.route('**/api/system/**', (route) => route.abort('connectionrefused'));
  await refresh(page);
  await expect(page.getByTestId('stale-warning')).toBeVisible();
  await expect(page.getByTestId('stale-warning')).toContainText(/已 \d+ (秒|分钟) 未能更新/);
  await expect(number).toHaveAttribute('data-value', String(before + 1));
  await expect(page.getByTestId('chart-user-area')).toHaveAttribute('data-ready', 'true');

  // it comes back: the next cycle clears the warning by itself
  await page.unroute('**/api/system/**');
  await refresh(page);
  await expect(page.getByTestId('stale-warning')).toHaveCount(0);
});

test('a change made through the API shows at once: the server pushes it, the screen does not wait for its poll', async ({ page }) => {
  await login(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/daping/?refresh=3600'); // the next poll is an hour away
  await expect(page.getByTestId('chart-ready')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('push-open')).toBeVisible();
  const number = page.getByTestId('kpi-customers').locator('.kpi-number');
  const before = Number(await number.getAttribute('data-value'));
  const added = await page.request.post('/api/system/customer/add', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data: { name: '推送测试', phone: uniquePhone(), province_code: '370000', city_code: '370100', source: 'phone' },
  });
  expect(added.status()).toBe(200);
  await expect(number).toHaveAttribute('data-value', String(before + 1), { timeout: 10_000 });
});

test('an administrator issues a display token in the console; the wall link works until it is revoked', async ({ page, browser }) => {
  await login(page);
  await page.goto('/#/setting/displayToken');
  await page.getByTestId('display-token-add').click();
  await page.getByTestId('display-token-name').fill('展厅大屏 e2e');
  await page.getByTestId('display-token-submit').click();
  const link = await page.getByTestId('display-token-link').inputValue();
  expect(link).toMatch(/\/daping\/\?token=pvd_[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: '完成' }).click();
  await expect(page.getByTestId('display-token-row').filter({ hasText: '展厅大屏 e2e' })).toContainText('有效');

  // a wall: a browser without any console session
  const wall = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  try {
    await wall.goto(link);
    await expect(wall).toHaveURL(/\/daping\/$/); // the token left the address bar
    await expect(wall.getByTestId('chart-ready')).toBeVisible({ timeout: 20_000 });
    await expect(wall.getByTestId('kpi-customers').locator('.kpi-number')).not.toHaveText('--');

    // the token reads statistics only
    const token = decodeURIComponent(link.split('token=')[1]!);
    const other = await wall.request.get('/api/system/customer/index', { headers: { authorization: `Bearer ${token}` } });
    expect(other.status()).toBe(403);

    const row = page.getByTestId('display-token-row').filter({ hasText: '展厅大屏 e2e' });
    await row.getByRole('button', { name: /吊销/ }).click();
    await page.getByTestId('display-token-revoke-confirm').click();
    await expect(row).toContainText('已吊销');

    await refresh(wall);
    await expect(wall.getByTestId('sign-in-required')).toBeVisible();
    await expect(wall.getByTestId('sign-in-reason')).toHaveText('大屏令牌“展厅大屏 e2e”已被吊销，请向管理员索取新的大屏链接');
  } finally {
    await wall.close();
  }
});
