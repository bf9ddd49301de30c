import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { formatMoney } from '../../packages/contract/src/money.ts';
import { buildXlsx } from '../../packages/server/src/excel/xlsx.ts';
import { login, tokenOf, visible, apiAs } from './helpers.ts';

/**
 * 财务 › 收益 (issue 14) as the finance office uses it on the demo data: the grid company's settlement
 * sheet imported through the dialog (a bad row reported and nothing imported; the good sheet
 * imported; the same sheet again changes nothing and says so), the under-performing month turned
 * into a 运维工单 in one click, the report's total equal to the API's exact sums; then the list in English.
 */
const DIR = new URL('../.tmp/revenue-spec/', import.meta.url).pathname;


test('settlement import with its error report and idempotence, one-click order from a low month, the report; zh then en', async ({ page, request }) => {
  test.setTimeout(180_000);
  mkdirSync(DIR, { recursive: true });
  await login(page);
  const call = apiAs(request, await tokenOf(page));
  // a month of the demo that is estimated but not settled yet, on a station the sheet names by code
  const open = (await call.get('revenue/index?settled=false&limit=1')).list[0];
  expect(open, 'the demo has unsettled months').toBeTruthy();
  const head = ['电站编码', '电表号', '结算周期', '上网电量(千瓦时)', '结算金额(元)'];
  const good = [open.station_code, '', open.period, '1000.50', '395.10'];
  writeFileSync(`${DIR}bad.xlsx`, buildXlsx([head, good, ['', 'NO-SUCH-METER', open.period, '10', '4']]));
  writeFileSync(`${DIR}good.xlsx`, buildXlsx([head, good]));

  await page.goto('/#/finance/revenueList');
  await expect(visible(page.getByTestId('revenue-list'))).toBeVisible();
  const upload = async (file: string) => {
    await page.getByTestId('excel-file').setInputFiles(file);
    await page.getByTestId('excel-upload').click();
  };
  await visible(page.getByTestId('excel-import')).click();
  await upload(`${DIR}bad.xlsx`);
  await expect(page.getByTestId('excel-result')).toHaveText('1 行有错误，未导入任何数据，请修改后重新导入');
  await expect(page.getByTestId('excel-errors')).toContainText('电表号 NO-SUCH-METER 未登记在任何电站');
  expect((await call.get(`revenue/get_info?id=${open.id}`)).settled).toBe(false);
  await upload(`${DIR}good.xlsx`);
  await expect(page.getByTestId('excel-result')).toHaveText('导入 1 行实际收益；0 行与已有数据相同，未作改动');
  await upload(`${DIR}good.xlsx`);
  await expect(page.getByTestId('excel-result')).toHaveText('1 行与已导入的数据完全相同，未作改动');
  await page.getByRole('button', { name: '关闭' }).click();
  const settled = await call.get(`revenue/get_info?id=${open.id}`);
  expect(settled).toMatchObject({ settled: true, actual_kwh: '1000.50', actual_amount: '395.10', actual_source: 'import' });

  // the under-performing month: filter, one click, the order's page
  await visible(page.getByRole('combobox', { name: '收益偏低' })).click();
  await page.getByRole('option', { name: '是' }).click();
  const low = (await call.get('revenue/index?under_performing=true')).list[0];
  await expect(visible(page.getByTestId('revenue-list'))).toContainText(low.station_code);
  await visible(page.getByTestId('revenue-to-maintenance')).click();
  await expect(page.getByRole('dialog')).toContainText('低于阈值');
  await page.getByRole('dialog').getByRole('button', { name: '生成工单' }).click();
  await expect(page).toHaveURL(/maintenanceDetail\?id=\d+/);
  await expect(visible(page.getByText('收益偏低', { exact: true }))).toBeVisible();
  expect((await call.get(`revenue/get_info?id=${low.id}`)).maintenance_no).toMatch(/^YW/);

  // the report's total row is the API's exact sums, shown by string
  await page.goto('/#/finance/revenueReport');
  const report = await call.get('revenue/report');
  const total = visible(page.getByTestId('report-total'));
  await expect(total).toContainText(formatMoney(report.totals.estimated_amount));
  await expect(total).toContainText(formatMoney(report.totals.actual_amount));

  // English
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await page.goto('/#/finance/revenueList');
  await page.reload();
  const list = visible(page.getByTestId('revenue-list'));
  await expect(list).toContainText('Actual / estimate');
  // the source may be folded into the rows' details at this width: open them
  for (const icon of await list.locator('tbody .RaDatagrid-expandIcon').all()) await icon.click();
  await expect(list).toContainText('Settlement import');
});
