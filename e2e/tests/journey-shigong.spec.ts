import { expect, test } from '@playwright/test';
import { MaintenanceStatus } from '../../packages/contract/src/index.ts';
import { shot, visible } from './helpers.ts';
import { apiOf, closeSignedIn, inEnglish, openFromList, signedIn } from './journey.ts';

/**
 * A day of the field team member 孙师傅 (shigong, role 施工队/并网专员), clicking only: he executes a
 * quarterly inspection of one of his stations with a failed item (modules cracked, with photos);
 * the O&M reviewer approves it, which opens a maintenance order for the item, and the dispatcher
 * sends it to him; the bell tells him (in his language), he accepts, starts and submits the handling
 * record with a spare module from his van — the dialog offers exactly his van and the Jinan central
 * warehouse, with their stock. He may not approve his own order (no button, 403) nor take a part
 * from the Zhengzhou warehouse (404, as if missing). Then the same pages in English.
 */

/** A 1×1 PNG: the photo of an item (the server checks it is an image). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

test.afterEach(closeSignedIn);

test('孙师傅: an inspection with a failed item, then its maintenance order handled with a part from his van; what he may not do is refused; zh then en', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const page = await signedIn(browser, 'shigong');
  const me = apiOf(page, request);
  const reviewer = apiOf(await signedIn(browser, 'yunwei'), request);
  const dispatcher = apiOf(await signedIn(browser, 'paidan'), request);

  // ── his inspections: a pending one of this quarter
  const pending = (await me.get('inspection/index?status=pending&limit=1&sort=id&order=ASC')).list as Array<{ id: number; inspection_no: string }>;
  expect(pending.length, 'a pending inspection of 孙师傅').toBe(1);
  const inspection = pending[0]!;
  await openFromList(page, '/operation/inspectionList', '搜索巡检编号', 'inspection-list', inspection.inspection_no);
  await expect(visible(page.getByTestId('inspection-heading'))).toContainText(inspection.inspection_no);
  await visible(page.getByRole('button', { name: '开始执行' })).click();
  await expect(visible(page.getByTestId('inspection-status'))).toHaveText('执行中');
  await visible(page.getByRole('button', { name: '提交结果' })).click();
  const form = page.getByRole('dialog').getByTestId('inspection-submit-form');
  await form.getByTestId('inspection-item-modules').getByRole('radio', { name: '不合格', exact: true }).check();
  await form.getByTestId('inspection-upload-modules').setInputFiles({ name: '组件裂纹.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByTestId('inspection-item-modules').locator('img')).toBeVisible();
  await form.getByTestId('inspection-item-dc_voltage').getByRole('textbox').fill('512');
  for (const key of ['inverter', 'bracket', 'box']) await form.getByTestId(`inspection-item-${key}`).getByRole('radio', { name: '合格', exact: true }).check();
  await form.getByTestId('inspection-upload-site').setInputFiles({ name: '全景.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByTestId('inspection-item-site').locator('img')).toBeVisible();
  await form.getByTestId('inspection-item-note').getByRole('textbox').fill('东侧第三排两块组件隐裂');
  await shot(page, 'journey-shigong-inspection-submit-zh');
  await page.getByRole('dialog').getByRole('button', { name: '提交结果' }).click();
  await expect(visible(page.getByTestId('inspection-status'))).toHaveText('待审核');
  await expect(visible(page.getByTestId('result-modules'))).toContainText('不合格');

  // ── the O&M reviewer approves: the failed item opens a maintenance order; the dispatcher sends it to him
  const submitted = await reviewer.get(`inspection/get_info?id=${inspection.id}`);
  await reviewer.post('inspection/approve', { id: submitted.id, version: submitted.version });
  const order = ((await dispatcher.get(`maintenance/index?source=inspection&source_id=${inspection.id}`)).list as Array<{ id: number; version: number; order_no: string }>)[0]!;
  expect(order, 'the order the failed item opened').toBeTruthy();
  const team = ((await dispatcher.get('maintenance/teams?q=孙师傅')).list as Array<{ id: number }>)[0]!;
  await dispatcher.post('maintenance/dispatch', { id: order.id, version: order.version, team_id: team.id, deadline: new Date(Date.now() + 3 * 86400_000).toISOString().slice(0, 10) });

  // ── the bell says so; the message opens the order
  await page.goto('/#/workbench');
  await visible(page.getByTestId('notice-bell')).click();
  const item = page.getByTestId('notice-item').filter({ hasText: `新运维工单：${order.order_no}` });
  await expect(item).toBeVisible();
  await shot(page, 'journey-shigong-bell-zh');
  await item.click();
  await expect(visible(page.getByTestId('maintenance-heading'))).toContainText(order.order_no);
  const status = () => visible(page.getByTestId('maintenance-status'));
  await expect(status()).toHaveText('已派单');
  await visible(page.getByRole('button', { name: '接单' })).click();
  await expect(status()).toHaveText('已接单');
  await visible(page.getByRole('button', { name: '开始处理' })).click();
  await expect(status()).toHaveText('处理中');

  // ── the handling record: a spare module from his van, the warehouses and stock he may use offered
  await visible(page.getByRole('button', { name: '提交处理记录' })).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: '故障原因' }).fill('组件隐裂，热斑');
  await dialog.getByRole('textbox', { name: '处理措施' }).fill('更换两块受损组件，复测组串电压正常');
  await dialog.getByRole('button', { name: /添加/ }).click();
  await dialog.getByRole('combobox', { name: '仓库' }).click();
  await page.keyboard.press('ArrowDown');
  const options = page.getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(options.filter({ hasText: '孙师傅班组车载库（班组车载）' })).toHaveCount(1);
  await expect(options.filter({ hasText: '济南中心仓（中心仓）' })).toHaveCount(1);
  await options.filter({ hasText: '孙师傅班组车载库' }).click();
  await dialog.getByRole('combobox', { name: '物料' }).click();
  await page.keyboard.press('ArrowDown');
  const module = page.getByRole('option', { name: /^MOD-550 · 单晶组件 550W 双面 — 库存 \d+ 块$/ });
  await expect(module).toBeVisible();
  await shot(page, 'journey-shigong-parts-zh');
  const stockBefore = Number(/库存 (\d+) 块/.exec((await module.textContent())!)![1]);
  await module.click();
  await dialog.getByRole('textbox', { name: '数量' }).fill('2');
  await dialog.getByRole('button', { name: '提交处理记录' }).click();
  await expect(status()).toHaveText('待审核');
  await expect(visible(page.getByTestId('maintenance-parts-table'))).toContainText('孙师傅班组车载库');
  const van = ((await me.get('stock_balance/index?q=MOD-550&limit=10')).list as Array<{ warehouse_code: string; material_id: number; qty: string }>).find((b) => b.warehouse_code === 'WH-VAN-SG')!;
  expect(Number(van.qty)).toBe(stockBefore - 2);
  await shot(page, 'journey-shigong-order-zh');

  // ── not his to do: approving his own work (no button; 403), a part from another region's warehouse (404, as missing)
  await expect(visible(page.getByRole('button', { name: '审核通过' }))).toHaveCount(0);
  const mine = await me.get(`maintenance/get_info?id=${order.id}`);
  expect((await me.refused('POST', 'maintenance/approve', { id: mine.id, version: mine.version })).status).toBe(403);
  const other = await me.get('maintenance/index?status=in_progress&limit=1');
  const zz = await reviewer.get('warehouse/index?q=WH-ZZ');
  if (other.list.length && zz.list.length) {
    const o = other.list[0];
    const refused = await me.refused('POST', 'maintenance/submit', { id: o.id, version: o.version, cause: '测试', measures: '测试', parts: [{ warehouse_id: zz.list[0].id, material_id: van.material_id, qty: '1' }] });
    // a warehouse out of his reach answers like a missing one (no existence oracle)
    expect(refused).toEqual({ status: 404, msg: `记录不存在或已被删除（ID ${zz.list[0].id}）` });
  }

  // ── English: the order, the bell in his language
  await inEnglish(page);
  await page.reload();
  await expect(status()).toHaveText(MaintenanceStatus.label('review_pending', 'en'));
  await expect(visible(page.getByTestId('maintenance-parts-table'))).toContainText('孙师傅班组车载库');
  await shot(page, 'journey-shigong-order-en');
  await visible(page.getByTestId('notice-bell')).click();
  await expect(page.getByTestId('notice-item').filter({ hasText: `New maintenance order: ${order.order_no}` })).toBeVisible();
  await shot(page, 'journey-shigong-bell-en');
});
