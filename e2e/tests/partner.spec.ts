import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { readXlsx } from '../../packages/server/src/excel/xlsx.ts';
import { creditCodeCheck } from '../../packages/contract/src/partner.ts';
import { apiAs, login, shot, tokenOf, visible } from './helpers.ts';

/**
 * 合作伙伴 (issue 15) as the office keeps them: a new partner with a contact and a certificate (its scan
 * uploaded) made in the console — a credit code failing its check character refused in words first —
 * found in the list filtered by kind, its detail page (account masked, the full number on request),
 * a demo agent linked to it, the list exported; then the same pages in English. E2E_SHOTS=<dir>
 * writes screenshots.
 */

const body = `9137010${String(Date.now()).slice(-10)}`;
const CODE = body + creditCodeCheck(body)!;
const BAD = body + (CODE.endsWith('0') ? '1' : '0');
const NAME = `济南光合建设工程有限公司${String(Date.now()).slice(-4)}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test('a partner created with a certificate, found by kind, its detail with the full account number, an agent linked, exported; zh then en', async ({ page, request }) => {
  test.setTimeout(240_000);
  await login(page);
  const call = apiAs(request, await tokenOf(page));

  await page.goto('/#/partner/partnerList');
  await expect(visible(page.getByTestId('partner-list'))).toBeVisible();
  await shot(page, 'partner-list-zh');
  await visible(page.getByTestId('partner-create')).click();
  await visible(page.getByRole('textbox', { name: /^名称/ })).fill(NAME);
  await visible(page.getByRole('combobox', { name: /^类型/ })).click();
  await page.getByRole('option', { name: '施工队/EPC' }).click();
  await visible(page.getByRole('textbox', { name: /^统一社会信用代码/ })).fill(BAD);
  // one contact
  await page.getByRole('button', { name: '添加' }).first().click();
  await visible(page.getByLabel('联系人', { exact: true })).fill('周经理');
  await visible(page.getByLabel('联系电话', { exact: true })).fill('13905318888');
  // the payee account
  await visible(page.getByLabel('开户名', { exact: true })).fill(NAME);
  await visible(page.getByLabel('开户银行', { exact: true })).fill('中国建设银行');
  await visible(page.getByLabel('账号', { exact: true })).fill('37050161234500001234');
  // one certificate with its scan
  await page.getByRole('button', { name: '添加' }).last().click();
  await visible(page.getByLabel('证书名称', { exact: true })).fill('承装（修、试）电力设施许可证');
  await visible(page.getByLabel('到期日期', { exact: true })).fill('2030-06-30');
  await page.locator('input[type=file][data-testid^="cert-file-"]').setInputFiles({ name: '许可证.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(visible(page.getByText('许可证.pdf'))).toBeVisible();
  await visible(page.getByRole('button', { name: '保存' })).click();
  // the check character is the contract's rule, checked in the form before anything is sent
  await expect(visible(page.getByText('校验位不符'))).toBeVisible();
  await visible(page.getByRole('textbox', { name: /^统一社会信用代码/ })).fill(CODE);
  await shot(page, 'partner-create-zh', { fullPage: true });
  await visible(page.getByRole('button', { name: '保存' })).click();

  // the new partner's page
  await expect(visible(page.getByTestId('partner-heading'))).toHaveText(NAME);
  await expect(visible(page.getByTestId('partner-credit-code'))).toHaveText(CODE);
  await expect(visible(page.getByTestId('partner-account-no'))).toHaveText('370501**********1234');
  await expect(visible(page.getByTestId('partner-certificates'))).toContainText('承装（修、试）电力设施许可证');
  await expect(visible(page.getByTestId('partner-certificates'))).toContainText('许可证.pdf');
  await visible(page.getByTestId('partner-view-account')).click();
  await expect(page.getByTestId('partner-full-account')).toHaveText('37050161234500001234');
  await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();

  // edit: a short name and the owner; the masked account is left as it is (not sent), the certificate kept
  await visible(page.getByTestId('partner-edit')).click();
  await visible(page.getByLabel('简称', { exact: true })).fill('光合建设');
  await visible(page.getByRole('combobox', { name: '负责人' })).fill('李晓梅');
  await page.getByRole('option', { name: /李晓梅/ }).click();
  await visible(page.getByRole('button', { name: '保存' })).click();
  await expect(visible(page.getByTestId('partner-basic'))).toContainText('光合建设');
  await expect(visible(page.getByTestId('partner-basic'))).toContainText('李晓梅');
  await expect(visible(page.getByTestId('partner-account-no'))).toHaveText('370501**********1234');
  await expect(visible(page.getByTestId('partner-certificates'))).toContainText('许可证.pdf');

  // link a demo agent (one not linked yet)
  const agents = (await call.get('partner/link_candidates?kind=agent&q=江苏')).list as Array<{ id: number; name: string; partner_id: number | null }>;
  const agent = agents.find((a) => a.partner_id === null)!;
  expect(agent, 'a demo agent without a partner').toBeTruthy();
  await visible(page.getByTestId('partner-link')).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('partner-link-agent').getByRole('combobox').fill('江苏');
  await page.getByRole('option', { name: new RegExp(agent.name) }).click();
  await dialog.getByTestId('partner-link-save').click();
  await expect(visible(page.getByTestId('partner-links'))).toContainText(agent.name);
  await shot(page, 'partner-detail-zh');
  // the agent's page names its partner record and leads to it
  await page.goto(`/#/stationManagement/inputagentDetail?id=${agent.id}`);
  await expect(visible(page.getByTestId('agent-partner'))).toHaveText(NAME);
  await visible(page.getByTestId('agent-partner')).click();
  await expect(visible(page.getByTestId('partner-heading'))).toHaveText(NAME);

  // the list filtered by kind finds it
  await page.goto('/#/partner/partnerList');
  await visible(page.getByRole('combobox', { name: /^类型/ })).click();
  await page.getByRole('option', { name: '施工队/EPC' }).click();
  await page.keyboard.press('Escape');
  const list = visible(page.getByTestId('partner-list'));
  await expect(list).toContainText(NAME);
  await expect(list).not.toContainText('保险');
  await expect(list).toContainText('山东阳光新能源有限公司');

  // export: the list as the server writes it, the account masked
  const downloading = page.waitForEvent('download');
  await visible(page.getByTestId('excel-export')).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const rows = readXlsx(readFileSync((await download.path())!));
  expect(rows[0]).toContain('统一社会信用代码');
  const row = rows.find((r) => r.includes(NAME))!;
  expect(row).toContain(CODE);
  expect(row).toContain('370501**********1234');
  expect(rows.every((r) => !r.includes('保险公司'))).toBe(true);

  // English
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await page.goto('/#/partner/partnerList');
  await page.reload();
  await expect(visible(page.getByTestId('partner-list'))).toContainText('Installer / EPC');
  await shot(page, 'partner-list-en');
  const created = (await call.get(`partner/index?q=${encodeURIComponent(CODE)}`)).list[0] as { id: number };
  await page.goto(`/#/partner/partnerDetail?id=${created.id}`);
  await expect(visible(page.getByTestId('partner-basic'))).toContainText('Unified social credit code');
  await expect(visible(page.getByTestId('partner-links'))).toContainText(agent.name);
  await shot(page, 'partner-detail-en');
});
