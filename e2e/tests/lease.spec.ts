import { expect, test } from '@playwright/test';
import { login, tokenOf, shot, visible, apiAs } from './helpers.ts';

/**
 * 财务 › 租赁合同 and 租金账单 (issue 14) as the finance office runs them: a new contract for a roof-lease
 * owner's station (a card failing its check digit is refused in the form, in words), signed, activated
 * (its bills so far appear), the full card number shown on request; a bill of it deducted in its
 * drawer with the payable recomputed by the server; the station's money tab shows the contract and
 * the bills; then the same pages in English. E2E_SHOTS=<dir> writes screenshots.
 */


const CARD = '6222020200112233446';

test('a lease contract drafted, refused a bad card, signed, activated with its bills, a bill deducted; the station money tab; zh then en', async ({ page, request }) => {
  test.setTimeout(240_000);
  await login(page);
  const call = apiAs(request, await tokenOf(page));
  // a connected station of a roof-lease owner with no contract yet (the demo leases take the first ones)
  const stations = (await call.get('station/index?status=operating&frozen=false&limit=200&sort=id&order=DESC')).list as Array<{ id: number; code: string; customer_id: number | null; module_count: number | null }>;
  let station: (typeof stations)[number] | undefined;
  for (const s of stations) {
    if (!s.customer_id || !s.module_count) continue;
    const owner = await call.get(`customer/get_info?id=${s.customer_id}`);
    if (owner.business_mode !== 'lease') continue;
    if ((await call.get(`lease_contract/index?station_id=${s.id}`)).total === 0) {
      station = s;
      break;
    }
  }
  expect(station, 'a lease-mode station without a contract').toBeTruthy();

  await page.goto('/#/finance/leaseContract');
  await expect(visible(page.getByTestId('lease-list'))).toBeVisible();
  await visible(page.getByTestId('lease-add')).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: '电站' }).fill(station!.code);
  await page.getByRole('option', { name: new RegExp(station!.code) }).first().click();
  await dialog.getByLabel('起租日期').fill('2026-01-01');
  await dialog.getByRole('combobox', { name: '支付周期' }).click();
  await page.getByRole('option', { name: '按季度' }).click();
  await dialog.getByLabel('租金单价 (元/年)').fill('36');
  await dialog.getByLabel('收款人').fill('租金业主');
  await dialog.getByLabel('开户银行').fill('中国工商银行');
  await dialog.getByLabel('银行卡号').fill('6222020200112233445');
  await dialog.getByRole('button', { name: '保存' }).click();
  // the check digit is the contract's rule, checked in the form before anything is sent
  await expect(dialog).toContainText('校验位不符');
  await dialog.getByLabel('银行卡号').fill(CARD);
  await shot(page, 'lease-add-zh');
  await dialog.getByRole('button', { name: '保存' }).click();

  // the new contract's page: a draft, the card masked
  await expect(visible(page.getByTestId('lease-heading'))).toHaveText(/^ZL\d+/);
  await expect(visible(page.getByTestId('lease-status'))).toHaveText('草稿');
  await expect(visible(page.getByTestId('lease-card'))).toHaveText('622202*********3446');
  await visible(page.getByRole('button', { name: '签署' })).click();
  await page.getByRole('dialog').getByRole('button', { name: '签署' }).click();
  await expect(visible(page.getByTestId('lease-status'))).toHaveText('已签署');
  await visible(page.getByRole('button', { name: '开始履行' })).click();
  await page.getByRole('dialog').getByRole('button', { name: /确认|Confirm/ }).click();
  await expect(visible(page.getByTestId('lease-status'))).toHaveText('履行中');
  // the quarters from January to now, each 36 × panels ÷ 4
  const bills = visible(page.getByTestId('lease-bills-table'));
  await expect(bills).toContainText('2026-Q1');
  await expect(bills).toContainText('2026-01-01 ~ 2026-03-31');
  await expect(bills).toContainText(`¥${((36 * station!.module_count!) / 4).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  await visible(page.getByTestId('lease-view-card')).click();
  await expect(page.getByTestId('lease-full-card')).toHaveText(CARD);
  await shot(page, 'lease-detail-zh');
  await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();

  // a bill deducted in its drawer: the payable is the server's
  await bills.getByRole('row').filter({ hasText: '2026-Q1' }).click();
  const drawer = page.getByTestId('bill-drawer');
  await expect(drawer).toContainText('待支付');
  await drawer.getByRole('button', { name: '扣款' }).click();
  const deduct = page.getByRole('dialog').filter({ hasText: '扣款金额' });
  await deduct.getByLabel('扣款金额 (元)').fill('-5');
  await deduct.getByLabel('原因').fill('屋顶防水维修');
  await deduct.getByRole('button', { name: '确认' }).click();
  await expect(deduct).toContainText('请输入正确的金额');
  await deduct.getByLabel('扣款金额 (元)').fill('10.5');
  await deduct.getByRole('button', { name: '确认' }).click();
  await expect(page.getByTestId('bill-deductions')).toContainText('屋顶防水维修');
  const due = (36 * station!.module_count!) / 4;
  await expect(drawer).toContainText(`¥${(due - 10.5).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  await shot(page, 'lease-bill-drawer-zh');
  await drawer.getByRole('button', { name: '关闭' }).click();

  // 查看全部账单: the bill list filtered by this contract, its filter naming the contract by number (not 合同 ID 5)
  const contractNo = (await visible(page.getByTestId('lease-heading')).textContent())!.match(/ZL\d+/)![0];
  await visible(page.getByRole('link', { name: '查看全部账单' })).click();
  await expect(visible(page.getByRole('combobox', { name: '租赁合同' }))).toHaveValue(new RegExp(contractNo));
  await shot(page, 'lease-bills-of-contract-zh');

  // the station's money tab
  await page.goto(`/#/stationManagement/stationDetail?id=${station!.id}`);
  await visible(page.getByTestId('station-tab-money')).click();
  await expect(visible(page.getByTestId('money-contracts'))).toContainText('履行中');
  await expect(visible(page.getByTestId('money-bills-table'))).toContainText('¥10.50');
  await shot(page, 'lease-station-money-zh');

  // English
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await page.goto('/#/finance/rentBill');
  await page.reload();
  await expect(visible(page.getByTestId('bill-summary'))).toContainText('bills · due ¥');
  await expect(visible(page.getByTestId('bill-list'))).toContainText('To pay');
  await shot(page, 'lease-bills-en');
});
