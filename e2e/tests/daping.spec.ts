import { expect, test } from '@playwright/test';
import { login } from './helpers.ts';

test('the big screen draws customers by province from the server', async ({ page }) => {
  await login(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/daping/');
  await expect(page.getByTestId('chart-ready')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('chart-user-area')).toHaveAttribute('data-ready', 'true');
  // the chart is a real canvas with pixels, and the headline number matches the API
  const canvas = page.getByTestId('chart-user-area').locator('canvas').first();
  await expect(canvas).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('admin-plus-token'));
  const stat = await page.request.post('/api/system/statistic/user_area', { headers: { authorization: `Bearer ${token}` }, data: {} });
  const provinces: Array<{ customers: number }> = (await stat.json()).data.provinces;
  const total = provinces.reduce((sum, p) => sum + p.customers, 0);
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId('kpi-customers')).toContainText(total.toLocaleString('en-US'));
});

test('the big screen without a session asks to sign in', async ({ page }) => {
  await page.goto('/daping/');
  await expect(page.getByTestId('sign-in-required')).toBeVisible();
});
