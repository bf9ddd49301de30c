import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { buildXlsx, readXlsx } from '../../packages/server/src/excel/xlsx.ts';
import { login, tokenOf, uniquePhone } from './helpers.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/excel';

async function count(page: Page, query: string): Promise<number> {
  const res = await page.request.get(`/api/system/customer/index?${query}`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.total as number;
}

async function setLang(page: Page, lang: 'zh' | 'en') {
  await page.evaluate((l) => localStorage.setItem('RaStore.locale', JSON.stringify(l === 'en' ? 'en' : 'zh-CN')), lang);
}

test('export downloads an .xlsx of the current list with the server’s Chinese file name', async ({ page }) => {
  await login(page);
  await page.goto('/#/customer/intentionalCustomer');
  await expect(page.getByRole('columnheader', { name: '姓名' })).toBeVisible();
  const total = await count(page, 'stage=intentional');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('excel-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^客户列表_\d{8}\.xlsx$/);
  const rows = readXlsx(readFileSync((await download.path())!));
  expect(rows[0]!.slice(0, 3)).toEqual(['ID', '姓名', '手机号']);
  // the screen's stage filter went along: every row is an intentional customer, all of them
  expect(rows.length - 1).toBe(total);
  expect(new Set(rows.slice(1).map((r) => r[4]))).toEqual(new Set(['意向客户']));
  await expect(page.getByText(/已导出 客户列表_/)).toBeVisible();
});

test('import of a file with one bad row shows the row error and adds nothing; a good file imports', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await login(page);
  const good = uniquePhone();
  const file = buildXlsx([
    ['姓名*', '手机号*', '省份*', '城市'],
    ['赵一', good, '山东省', '济南市'],
    ['钱二', '12345', '山东省', ''],
  ]);
  writeFileSync(`${SHOTS}/bad.xlsx`, file);
  const before = await count(page, 'stage=intentional');

  await page.goto('/#/customer/intentionalCustomer');
  await page.getByTestId('excel-import').click();
  await expect(page.getByRole('dialog', { name: '从 Excel 导入客户' })).toBeVisible();
  await page.getByTestId('excel-file').setInputFiles(`${SHOTS}/bad.xlsx`);
  await page.getByTestId('excel-upload').click();
  await expect(page.getByTestId('excel-result')).toHaveText('1 行有错误，未导入任何数据，请修改后重新导入');
  const errors = page.getByTestId('excel-errors');
  await expect(errors.getByRole('row').nth(1)).toContainText('3');
  await expect(errors.getByRole('row').nth(1)).toContainText('手机号：请输入正确的手机号');
  await page.screenshot({ path: `${SHOTS}/import-errors-zh.png` });
  expect(await count(page, 'stage=intentional')).toBe(before);
  expect(await count(page, `phone=${good}`)).toBe(0);

  // the same in English
  await page.getByRole('button', { name: '关闭' }).click();
  await setLang(page, 'en');
  await page.reload();
  await page.getByTestId('excel-import').click();
  await expect(page.getByRole('dialog', { name: 'Import customers from Excel' })).toBeVisible();
  await page.getByTestId('excel-file').setInputFiles(`${SHOTS}/bad.xlsx`);
  await page.getByTestId('excel-upload').click();
  await expect(page.getByTestId('excel-result')).toContainText('nothing was imported');
  await expect(page.getByTestId('excel-errors')).toContainText('Mobile number');
  await page.screenshot({ path: `${SHOTS}/import-errors-en.png` });

  // fixed: both rows go in
  writeFileSync(`${SHOTS}/good.xlsx`, buildXlsx([['Name', 'Mobile number', 'Province'], ['赵一', good, 'Shandong'], ['钱二', uniquePhone().slice(0, 10) + '7', '河南省']]));
  await page.getByTestId('excel-file').setInputFiles(`${SHOTS}/good.xlsx`);
  await page.getByTestId('excel-upload').click();
  await expect(page.getByTestId('excel-result')).toHaveText('Imported 2 customer(s)');
  await page.screenshot({ path: `${SHOTS}/import-ok-en.png` });
  expect(await count(page, 'stage=intentional')).toBe(before + 2);
  expect(await count(page, `phone=${good}`)).toBe(1);
});
