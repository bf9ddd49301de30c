import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { regionName } from '../../packages/contract/src/regions.ts';
import { formatMoney } from '../../packages/contract/src/money.ts';
import { readXlsx } from '../../packages/server/src/excel/xlsx.ts';
import { login, tokenOf, visible, apiAs } from './helpers.ts';

/**
 * 财务 › 租金报表 (issue 14) on the demo's leases and bills: the report's total is the API's exact sums,
 * a province gives its cities, the export downloads the same total, the station list filtered to rent
 * above revenue shows only losses; the dashboard's 财务 card shows this year's rent and opens the
 * paid bills; then the same screens in English.
 */


test('rent report: filter, export, stations with rent above revenue, the dashboard card; zh then en', async ({ page, request }) => {
  test.setTimeout(180_000);
  await login(page);
  const { get } = apiAs(request, await tokenOf(page));
  const report = await get('rent_bill/report');
  expect(report.totals.bills, 'the demo has rent bills in the last twelve months').toBeGreaterThan(0);

  await page.goto('/#/finance/rentReport');
  const total = visible(page.getByTestId('rent-report-total'));
  await expect(total).toContainText(formatMoney(report.totals.payable));
  await expect(total).toContainText(formatMoney(report.totals.paid));
  await expect(visible(page.getByTestId('rent-report'))).toContainText('到期月份');

  // one province: its cities, and its own total
  const province = report.rows[0].region_code as string;
  const byCity = await get(`rent_bill/report?province_code=${province}`);
  await page.getByTestId('rent-report-province').click();
  await page.getByRole('option', { name: regionName(province, 'zh') }).click();
  await expect(visible(page.getByTestId('rent-report'))).toContainText('城市');
  await expect(total).toContainText(formatMoney(byCity.totals.payable));

  // the export is the report on screen
  const downloading = page.waitForEvent('download');
  await page.getByTestId('report_export-button').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^租金报表_\d{8}\.xlsx$/);
  const sheet = readXlsx(readFileSync((await download.path())!));
  expect(sheet[0]!.slice(0, 4)).toEqual(['到期月份', '城市', '账单数', '应付(元)']);
  expect(sheet.at(-1)![0]).toBe('合计');
  expect(Number(sheet.at(-1)![3])).toBe(Number(byCity.totals.payable));

  // the stations: rent above revenue shows losses only
  await page.getByTestId('tab-stations').click();
  await expect(visible(page.getByTestId('margin-table'))).toBeVisible();
  const all = await get('rent_bill/margin');
  await expect(page.getByTestId('margin-total')).toHaveText(`共 ${all.total} 个合同`);
  await page.getByTestId('margin-flag').getByRole('switch').click();
  await expect(page.getByTestId('margin-total')).toContainText('总数未统计');
  const losses = (await get('rent_bill/margin?rent_above_revenue=1')).list as { margin: string }[];
  const cells = page.getByTestId('margin-cell');
  await expect(cells).toHaveCount(losses.length);
  for (const text of await cells.allTextContents()) expect(text.trim().startsWith('-')).toBe(true);

  // the dashboard's card: this year's rent as the report says, and the paid bills behind it
  const year = String(new Date(Date.now() + 8 * 3600_000).getUTCFullYear());
  const thisYear = await get(`rent_bill/report?month_gte=${year}-01&month_lte=${year}-12`);
  await page.goto('/#/dashboard');
  const card = visible(page.getByTestId('card-finance'));
  await expect(card).toBeVisible();
  await expect(page.getByTestId('finance-year-payable')).toContainText(`¥${formatMoney(thisYear.totals.payable)}`);
  await expect(page.getByTestId('finance-year-paid')).toContainText(`¥${formatMoney(thisYear.totals.paid)}`);
  await expect(page.getByTestId('finance-under')).toBeVisible();
  await page.getByTestId('finance-year-paid').click();
  await expect(page).toHaveURL(/finance\/rentBill\?status=paid&due_date_gte=/);
  await expect(visible(page.getByTestId('bill-summary'))).toContainText(`合计 ${thisYear.totals.paid_count} 笔`);
  await expect(visible(page.getByTestId('bill-summary'))).toContainText(`实付 ¥${formatMoney(thisYear.totals.paid)}`);

  // English
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await page.goto('/#/finance/rentReport');
  await page.reload();
  await expect(visible(page.getByTestId('rent-report'))).toContainText('Due month');
  await expect(visible(page.getByTestId('rent-report'))).toContainText('Overdue (yuan)');
  await expect(page.getByTestId('tab-stations')).toHaveText('Revenue and rent per station');
  await page.goto('/#/dashboard');
  await expect(visible(page.getByTestId('card-finance'))).toContainText('Rent payable');
  await expect(visible(page.getByTestId('card-finance'))).toContainText('Under-performing stations');
});
