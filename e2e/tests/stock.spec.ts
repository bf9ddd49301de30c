import { expect, test, type Page } from '@playwright/test';
import { login, tokenOf, shot, visible } from './helpers.ts';

/**
 * 运维 › 物料 / 仓库 / 库存台账 (issue 13), in the console as a storekeeper would: a material and a
 * warehouse are created through their forms, stock comes in and is issued through the dialogs,
 * the balance and the ledger show it — in Chinese, then the same screens in English.
 * E2E_SHOTS=<dir> also writes screenshots of every screen in both languages.
 */

async function pick(page: Page, label: string | RegExp, text: string, option: RegExp) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: label }).first().fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

test('material and warehouse created, stock in and issued, balance and ledger shown; zh then en', async ({ page, request }) => {
  test.setTimeout(180_000);
  await login(page);
  const suffix = String(Date.now()).slice(-6);
  const mCode = `CAB${suffix}`;
  const wCode = `WH${suffix}`;

  // the 运维 section is in the menu
  await expect(page.getByText('运维', { exact: true }).first()).toBeVisible();

  // 物料: the create form, with the price as a decimal text
  await page.goto('/#/operation/materialList/create');
  await visible(page.getByRole('textbox', { name: '物料编码' })).fill(mCode);
  await visible(page.getByRole('textbox', { name: '物料名称' })).fill('光伏直流电缆');
  await visible(page.getByRole('textbox', { name: '规格型号' })).fill('PV1-F 4mm²');
  await visible(page.getByRole('textbox', { name: '单位' })).fill('米');
  await visible(page.getByRole('combobox', { name: '类别' })).click();
  await page.getByRole('option', { name: '电缆' }).click();
  await visible(page.getByRole('textbox', { name: /单价/ })).fill('3.85');
  await visible(page.getByRole('button', { name: /保存/ })).click();
  await expect(visible(page.getByTestId('material-heading'))).toHaveText('光伏直流电缆');
  await expect(visible(page.getByTestId('material-basic'))).toContainText('¥3.85');
  await expect(visible(page.getByTestId('change-history'))).toContainText('新建');
  await shot(page, 'stock-material-detail-zh', { fullPage: true });

  // 仓库
  await page.goto('/#/operation/warehouseList/create');
  await visible(page.getByRole('textbox', { name: '仓库编码' })).fill(wCode);
  await visible(page.getByRole('textbox', { name: '仓库名称' })).fill('济南区域仓');
  await visible(page.getByRole('combobox', { name: '仓库类型' })).click();
  await page.getByRole('option', { name: '区域仓' }).click();
  // the keeper (low-stock messages go to this person), picked by name
  await visible(page.getByRole('combobox', { name: '库管员' })).fill('系统');
  await page.getByRole('option', { name: /系统管理员/ }).click();
  await visible(page.getByRole('button', { name: /保存/ })).click();
  await expect(visible(page.getByTestId('warehouse-heading'))).toHaveText('济南区域仓');
  await page.goto('/#/operation/warehouseList');
  await expect(visible(page.getByTestId('warehouse-list'))).toContainText(wCode);
  await expect(visible(page.getByTestId('warehouse-list'))).toContainText('系统管理员');
  await shot(page, 'stock-warehouse-list-zh', { fullPage: true });

  // 库存台账: 入库 120.5 米
  await page.goto('/#/operation/stockLedger');
  await visible(page.getByTestId('stock-action-in')).click();
  await pick(page, '仓库', wCode, new RegExp(wCode));
  await pick(page, '物料', mCode, new RegExp(mCode));
  await page.getByRole('dialog').getByRole('textbox', { name: '数量' }).fill('120.5');
  await page.getByRole('dialog').getByRole('button', { name: '入库' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('已入库')).toBeVisible();

  // 出库 more than there is: refused with the clear message, nothing changes
  await visible(page.getByTestId('stock-action-issue')).click();
  await pick(page, '仓库', wCode, new RegExp(wCode));
  await pick(page, '物料', mCode, new RegExp(mCode));
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: '数量' }).fill('500');
  await dialog.getByRole('textbox', { name: '关联单号' }).fill('YW20261125001');
  await dialog.getByRole('button', { name: '出库' }).click();
  await expect(page.getByText(`库存不足：仓库“济南区域仓”的物料“光伏直流电缆 PV1-F 4mm²”可用 120.5米，本次需要 500米`)).toBeVisible();
  // then the right quantity
  await dialog.getByRole('textbox', { name: '数量' }).fill('20.25');
  await dialog.getByRole('button', { name: '出库' }).click();
  await expect(dialog).toBeHidden();

  // the balance: 100.25 米
  const balances = visible(page.getByTestId('balance-list'));
  await expect(balances).toContainText(mCode);
  await expect(balances.getByTestId('balance-qty').first()).toHaveText(/100\.25 米/);
  await shot(page, 'stock-balances-zh', { fullPage: true });

  // the ledger: 入库 +120.5 and 出库 -20.25 with its reference
  await visible(page.getByTestId('stock-tab-ledger')).click();
  const ledger = visible(page.getByTestId('movement-list'));
  await expect(ledger).toContainText('YW20261125001');
  await expect(ledger).toContainText('入库');
  await expect(ledger).toContainText('出库');
  await expect(ledger.getByTestId('movement-qty').first()).toHaveText('-20.25 米');
  await expect(ledger.getByTestId('movement-qty').nth(1)).toHaveText('+120.5 米');
  await shot(page, 'stock-ledger-zh', { fullPage: true });

  // the API agrees (decimal strings)
  const token = await tokenOf(page);
  const res = await request.get(`/api/system/stock_balance/index?q=${mCode}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  expect(body.data.list[0]).toMatchObject({ qty: '100.25', material_code: mCode, value: '385.96' });

  // the material page shows its stock per warehouse and its movements
  await page.goto(`/#/operation/materialList/${body.data.list[0].material_id}/show`);
  await expect(visible(page.getByTestId('stock-balances'))).toContainText('100.25');
  await expect(visible(page.getByTestId('stock-ledger-panel'))).toContainText('YW20261125001');

  // English: the same screens with English labels
  await page.getByRole('button', { name: '简体中文' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByText('O&M', { exact: true }).first()).toBeVisible();
  await expect(visible(page.getByTestId('stock-balances'))).toContainText('Stock per warehouse');
  await shot(page, 'stock-material-detail-en', { fullPage: true });
  await page.goto('/#/operation/stockLedger');
  await expect(visible(page.getByTestId('stock-tab-balances'))).toHaveText('Balances');
  await expect(visible(page.getByRole('columnheader', { name: 'Material code' }))).toBeVisible();
  await expect(visible(page.getByTestId('stock-action-transfer'))).toHaveText(/Transfer/);
  await shot(page, 'stock-balances-en', { fullPage: true });
  await visible(page.getByTestId('stock-tab-ledger')).click();
  await expect(visible(page.getByTestId('movement-list'))).toContainText('Issue');
  await expect(visible(page.getByRole('columnheader', { name: 'Balance after' }))).toBeVisible();
  await shot(page, 'stock-ledger-en', { fullPage: true });
  await visible(page.getByTestId('stock-action-adjust')).click();
  await expect(page.getByRole('dialog')).toContainText('Stock-take adjustment');
  await shot(page, 'stock-adjust-dialog-en', { fullPage: true });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/#/operation/materialList');
  await expect(visible(page.getByRole('columnheader', { name: 'Material code' }))).toBeVisible();
  await shot(page, 'stock-material-list-en', { fullPage: true });
  await page.goto('/#/operation/warehouseList');
  await expect(visible(page.getByRole('columnheader', { name: 'Keeper' }))).toBeVisible();
  await shot(page, 'stock-warehouse-list-en', { fullPage: true });
});
