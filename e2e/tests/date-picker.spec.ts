import { expect, test, type Page } from '@playwright/test';
import { axeSerious } from './axe-scan.ts';
import { login, shot, visible } from './helpers.ts';

/**
 * Date fields speak the page's language, not the browser's (issue 27: MUI's own texts): a browser set
 * to American English shows the Chinese console's calendar in Chinese (2031年1月, weeks from 一), and
 * after switching the console to English, in English. A date is typed whole (fill) into the field
 * found by its label; the form and filters keep sending the values they always sent (YYYY-MM-DD,
 * YYYY-MM); a half-typed date is named as such. The form with its calendar open has no critical or
 * serious axe finding. E2E_SHOTS=<dir> writes the screenshots.
 */
test.use({ locale: 'en-US' });

const calendar = (page: Page) => visible(page.getByRole('dialog'));

test('calendar and field texts follow the console language in an en-US browser; typed dates are the values sent', async ({ page }) => {
  await login(page);

  // ── Chinese page: the tariff form
  await page.goto('/#/finance/tariffList/create');
  const from = visible(page.getByLabel('生效日期'));
  await from.fill('2031-01-15');
  await expect(from).toHaveValue('2031-01-15');
  // a half-typed date is no date, and the field says so
  const to = visible(page.getByLabel('失效日期'));
  await to.click();
  await page.keyboard.type('2031');
  await page.keyboard.press('Tab');
  await expect(to).toHaveValue('2031-月-日');
  await expect(visible(page.getByText('请输入完整有效的日期'))).toBeVisible();
  await visible(page.getByRole('button', { name: '选择日期，已选择2031年1月15日' })).click();
  await expect(calendar(page)).toContainText('2031年1月');
  await expect(calendar(page).getByRole('columnheader')).toHaveText(['一', '二', '三', '四', '五', '六', '日']);
  await expect(calendar(page).getByRole('button', { name: '今天' })).toBeVisible();
  await expect(calendar(page).getByRole('gridcell', { name: '15', selected: true })).toBeVisible();
  await shot(page, 'date-picker-zh');
  const zh = await axeSerious(page, 'tariff form, calendar open (zh)');
  expect(zh.found, zh.count).toEqual([]);
  // a day picked in the calendar is the field's value
  await calendar(page).getByRole('gridcell', { name: '20' }).click();
  await expect(from).toHaveValue('2031-01-20');
  await expect(calendar(page)).toHaveCount(0);

  // a month filter sends YYYY-MM, a date filter YYYY-MM-DD
  await page.goto('/#/finance/revenueList');
  const period = page.waitForRequest((r) => r.url().includes('/revenue/index?') && r.url().includes('period_gte=2026-09'));
  await visible(page.getByLabel('起始月份')).fill('2026-09');
  await period;
  await page.goto('/#/finance/paymentBatch');
  const created = page.waitForRequest((r) => r.url().includes('/payment_batch/index?') && r.url().includes('created_at_gte=2026-03-01'));
  await visible(page.locator('input[name="created_at_gte"]')).fill('2026-03-01');
  await created;

  // ── the same form in English
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await page.goto('/#/finance/tariffList/create');
  await page.reload();
  const fromEn = visible(page.getByLabel('Effective from'));
  await fromEn.fill('2031-01-15');
  await visible(page.getByRole('button', { name: 'Choose date, selected date is Jan 15, 2031' })).click();
  await expect(calendar(page)).toContainText('January 2031');
  await expect(calendar(page).getByRole('columnheader')).toHaveText(['S', 'M', 'T', 'W', 'T', 'F', 'S']);
  await expect(calendar(page).getByRole('button', { name: 'Today' })).toBeVisible();
  await expect(calendar(page)).not.toContainText(/[\u4e00-\u9fff]/);
  await shot(page, 'date-picker-en');
  const en = await axeSerious(page, 'tariff form, calendar open (en)');
  expect(en.found, en.count).toEqual([]);
});
