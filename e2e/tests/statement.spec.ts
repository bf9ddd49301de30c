import { expect, test } from '@playwright/test';
import { apiAs, login, shot, tokenOf, visible } from './helpers.ts';

/**
 * 财务 › 对账单 (issue 15) end to end, supplier side: three receipts from the demo supplier 晶辉光伏
 * (each naming it and its price) → a statement for today → 发送对方 in the console → the supplier's
 * sheet imported in the console (first a sheet with bad rows: every problem listed, nothing
 * imported; then the real one) → the three groups (both sides, only ours, only theirs) with their
 * totals → 确认对账 refused while differences are unexplained → each difference explained → confirmed
 * with the agreed amount, its three-way without a paid amount (statements are not paid through the
 * system); a financier rate entered by mistake deleted in the rates dialog. Then the same page in English. E2E_SHOTS=<dir> writes screenshots.
 */

const chinaDay = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const csv = (rows: string[][]) => Buffer.from('\uFEFF' + rows.map((r) => r.join(',')).join('\r\n'));

test('supplier receipts → statement sent → their sheet imported in the console → three groups → differences explained → confirmed; zh then en', async ({ page, request }) => {
  test.setTimeout(180_000);
  await login(page);
  const api = apiAs(request, await tokenOf(page));
  const supplier = ((await api.get('partner/index?q=晶辉&limit=10')).list as Array<{ id: number; name: string }>)[0]!;
  const wh = ((await api.get('warehouse/index?q=WH-JN&limit=10')).list as Array<{ id: number; code: string }>).find((w) => w.code === 'WH-JN')!;
  const mats = (await api.get('material/index?limit=50')).list as Array<{ id: number; code: string }>;
  const mat = (code: string) => mats.find((m) => m.code === code)!.id;
  const ref = `JH-E2E-${Date.now() % 100000}`;
  // 10 × 620.00 = 6200.00; 200 × 3.85 = 770.00; 2 × 480.00 = 960.00 (not on their sheet)
  await api.post('stock_movement/in', { warehouse_id: wh.id, material_id: mat('MOD-550'), qty: '10', supplier_id: supplier.id, unit_price: '620', ref_no: ref });
  await api.post('stock_movement/in', { warehouse_id: wh.id, material_id: mat('CAB-4'), qty: '200', supplier_id: supplier.id, unit_price: '3.85', ref_no: ref });
  await api.post('stock_movement/in', { warehouse_id: wh.id, material_id: mat('BOX-1P'), qty: '2', supplier_id: supplier.id, unit_price: '480', ref_no: ref });
  const today = chinaDay();
  const s = await api.post('statement/add', { partner_id: supplier.id, period_from: today, period_to: today, remark: 'E2E' });
  expect(s).toMatchObject({ kind: 'supplier', status: 'draft', our_count: 3, our_amount: '7930.00' });

  await page.goto(`/#/finance/statementDetail?id=${s.id}`);
  await expect(visible(page.getByTestId('statement-heading'))).toContainText(s.statement_no);
  await expect(visible(page.getByTestId('statement-status'))).toHaveText('草稿');
  await visible(page.getByRole('button', { name: '发送对方' })).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(page.getByTestId('statement-status'))).toHaveText('待对方');

  // ── their sheet, first with bad rows: every problem listed, nothing imported
  await visible(page.getByRole('button', { name: '导入对方账单' })).click();
  const dialog = page.getByRole('dialog');
  const header = ['单号', '物料编码', '数量', '金额'];
  await dialog.getByTestId('statement-import-file').setInputFiles({ name: '晶辉对账单-错误.csv', mimeType: 'text/csv', buffer: csv([header, [ref, 'MOD-550', '10', 'abc'], [ref, 'CAB-4', '200', '770'], [ref, 'CAB-4', '200', '770'], ['', 'BOX-1P', '2', '960']]) });
  await dialog.getByTestId('statement-import-upload').click();
  await expect(dialog.getByTestId('statement-import-result')).toContainText('未导入任何数据');
  const errors = dialog.getByTestId('statement-import-errors');
  await expect(errors).toContainText('金额须为不小于 0 的数字');
  await expect(errors).toContainText('与第 3 行重复');
  await expect(errors).toContainText('单号');
  await shot(page, 'statement-import-errors-zh');
  // the real sheet: cable 10 yuan less, and a line we do not have
  await dialog.getByTestId('statement-import-file').setInputFiles({ name: '晶辉对账单.csv', mimeType: 'text/csv', buffer: csv([header, [ref, 'MOD-550', '10', '"6,200.00"'], [ref, 'CAB-4', '200', '760'], [ref, 'MC4', '10', '65']]) });
  await dialog.getByTestId('statement-import-upload').click();
  await expect(dialog.getByTestId('statement-import-result')).toContainText('双方都有 2 行，仅我方 1 行，仅对方 1 行，差异 3 行');
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(visible(page.getByTestId('statement-status'))).toHaveText('已导入');

  // ── the three groups with their totals
  const lines = visible(page.getByTestId('statement-lines'));
  await expect(lines.getByTestId('group-matched')).toContainText('双方都有 · 2 条');
  await expect(lines.getByTestId('group-total-matched')).toContainText('¥6,970.00');
  await expect(lines.getByTestId('group-total-matched')).toContainText('¥6,960.00');
  await expect(lines.getByTestId('group-ours_only')).toContainText(`${ref}/BOX-1P`);
  await expect(lines.getByTestId('group-theirs_only')).toContainText(`${ref}/MC4`);
  await expect(lines.locator(`[data-key="${ref}/CAB-4"]`).getByTestId('line-diff')).toHaveText('-10.00');
  await expect(lines.locator(`[data-key="${ref}/MOD-550"]`).getByTestId('line-explain')).toHaveCount(0);
  await expect(visible(page.getByTestId('statement-diffs'))).toHaveText('3 / 3');
  await shot(page, 'statement-detail-imported-zh', { fullPage: true });

  // ── confirm is refused while a difference is unexplained
  await visible(page.getByRole('button', { name: '确认对账' })).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(page.getByText(/还有 3 条差异未说明/)).toBeVisible();
  await expect(visible(page.getByTestId('statement-status'))).toHaveText('已导入');

  // ── explain each difference
  const explain = async (key: string, note: string, agreed?: string) => {
    await lines.locator(`[data-key="${key}"]`).getByTestId('line-explain').click();
    const d = page.getByRole('dialog');
    if (agreed) await d.getByLabel(agreed).check();
    await d.getByLabel(/差异说明/).fill(note);
    await d.getByRole('button', { name: '说明差异' }).click();
    await expect(lines.locator(`[data-key="${key}"]`).getByTestId('line-note')).toHaveText(note);
  };
  await explain(`${ref}/CAB-4`, '电缆按合同价每米 3.80 元，以对方为准', '以对方为准');
  await shot(page, 'statement-explained-zh');
  await explain(`${ref}/BOX-1P`, '配电箱对方下月开票', '以我方为准');
  await explain(`${ref}/MC4`, 'MC4 连接器为赠品，不计入', '不计入');
  await expect(visible(page.getByTestId('statement-diffs'))).toHaveText('3 / 0');

  // ── confirmed: 6200.00 + 760.00 (theirs) + 960.00 (ours) + 0
  await visible(page.getByRole('button', { name: '确认对账' })).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(page.getByTestId('statement-status'))).toHaveText('已确认');
  await expect(visible(page.getByTestId('statement-agreed'))).toContainText('¥7,920.00');
  await expect(lines.getByTestId('line-explain')).toHaveCount(0);
  await expect(visible(page.getByRole('button', { name: '导入对方账单' }))).toHaveCount(0);
  const timeline = visible(page.getByTestId('status-timeline'));
  for (const step of ['新建', '发送对方', '导入对方账单', '说明差异', '确认对账']) await expect(timeline).toContainText(step);
  // the three-way: statements are not paid through the system — settled and invoiced only, and it says so
  const three = visible(page.getByTestId('three-way'));
  await expect(three).toContainText('对账单不经本系统付款');
  await expect(three.getByTestId('three-way-paid')).toHaveCount(0);
  await shot(page, 'statement-detail-confirmed-zh', { fullPage: true });

  // ── a financier rate entered on a future day by mistake is deleted in the rates dialog (no confirmed statement used it)
  await page.goto('/#/finance/statement');
  await visible(page.getByTestId('statement-rates')).click();
  const rates = page.getByRole('dialog');
  await rates.getByRole('combobox', { name: '资方' }).fill('齐鲁');
  await page.getByRole('option', { name: /齐鲁绿色能源/ }).click();
  await rates.getByLabel('生效日期').fill('2030-01-01');
  await rates.getByLabel(/单价（元\/kWp）/).fill('2999');
  await rates.getByRole('button', { name: '保存单价' }).click();
  const row = rates.getByRole('row').filter({ hasText: '2030-01-01' });
  await expect(row).toContainText('2999.0000');
  await shot(page, 'statement-rates-zh');
  await row.getByTestId('rate-delete').click();
  await expect(page.getByText('单价已删除')).toBeVisible();
  await expect(rates.getByRole('row').filter({ hasText: '2030-01-01' })).toHaveCount(0);
  await rates.getByRole('button', { name: '取消' }).click();

  await page.goto('/#/finance/statement');
  await expect(visible(page.getByTestId('statement-list'))).toContainText(s.statement_no);
  await shot(page, 'statement-list-zh');

  // ── English
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await page.reload();
  await expect(visible(page.getByTestId('statement-list'))).toContainText('Confirmed');
  await shot(page, 'statement-list-en');
  await page.goto(`/#/finance/statementDetail?id=${s.id}`);
  await expect(visible(page.getByTestId('statement-status'))).toHaveText('Confirmed');
  // (the list folds the kind into the row's details at this width; the page shows it)
  await expect(visible(page.getByText('Supplier', { exact: true }))).toBeVisible();
  await expect(visible(page.getByTestId('statement-lines'))).toContainText('On both sides');
  await expect(visible(page.getByTestId('statement-lines'))).toContainText('Only ours');
  await expect(visible(page.getByTestId('statement-lines'))).toContainText('Only theirs');
  await expect(visible(page.getByTestId('statement-lines'))).toContainText('Theirs stands');
  await expect(visible(page.getByTestId('three-way'))).toContainText('Statements are not paid through this system');
  await shot(page, 'statement-detail-en', { fullPage: true });
});
