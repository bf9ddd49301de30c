import { expect, test } from '@playwright/test';
import { InspectionStatus, MaintenanceStatus } from '../../packages/contract/src/index.ts';
import { shot, visible } from './helpers.ts';
import { apiOf, closeSignedIn, approveMaintenance, inEnglish, openFromList, signedIn } from './journey.ts';

/**
 * A day of the O&M reviewer 吴海峰 (yunwei, role 运维审核), clicking only: the inspections awaiting
 * review — one with a failed item is approved (its maintenance order opens by itself), one sent back
 * with a reason — and a handled maintenance order approved. Dispatching an order is the dispatcher's:
 * no button, and the API answers 403. Then the review pages in English.
 */

test.afterEach(closeSignedIn);

test('吴海峰: reviews inspections (approve with a failed item, send one back) and approves a maintenance order; dispatching is refused; zh then en', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const page = await signedIn(browser, 'yunwei');
  const me = apiOf(page, request);
  const team = apiOf(await signedIn(browser, 'shigong'), request);

  // ── inspections awaiting review: one with a failed item, one without
  const waiting = (await me.get('inspection/index?status=audit_pending&limit=100&sort=id&order=ASC')).list as Array<{ id: number; inspection_no: string; failed_count: number }>;
  const failed = waiting.find((i) => i.failed_count > 0);
  const clean = waiting.find((i) => i.failed_count === 0);
  expect(failed && clean, 'inspections awaiting review, one with a failed item').toBeTruthy();
  const open = async (no: string) => {
    await openFromList(page, '/operation/inspectionList', '搜索巡检编号', 'inspection-list', no);
    await expect(visible(page.getByTestId('inspection-heading'))).toContainText(no);
  };
  await open(failed!.inspection_no);
  await expect(visible(page.getByTestId('inspection-status'))).toHaveText('待审核');
  await expect(visible(page.getByTestId('inspection-results'))).toContainText('不合格');
  await shot(page, 'journey-yunwei-inspection-review-zh');
  await visible(page.getByRole('button', { name: '审核通过' })).click();
  await page.getByRole('dialog').getByRole('button', { name: /确认/ }).click();
  await expect(visible(page.getByTestId('inspection-status'))).toHaveText('已完成');
  // the failed item's order, opened on approval, is linked from the item
  await expect(visible(page.getByTestId('item-order-modules'))).toHaveText(/YW\d+/);
  await shot(page, 'journey-yunwei-inspection-done-zh');

  await open(clean!.inspection_no);
  await visible(page.getByRole('button', { name: '驳回' })).click();
  await page.getByRole('dialog').getByRole('textbox', { name: '原因' }).fill('现场全景照片看不清配电箱，请补拍');
  await page.getByRole('dialog').getByRole('button', { name: /确认/ }).click();
  await expect(visible(page.getByTestId('inspection-status'))).toHaveText('已驳回');

  // ── a handled maintenance order (孙师傅 submits one of his in progress) approved
  const inProgress = ((await team.get('maintenance/index?status=in_progress&limit=1')).list as Array<{ id: number; version: number; order_no: string }>)[0]!;
  expect(inProgress, 'an order 孙师傅 is working on').toBeTruthy();
  await team.post('maintenance/submit', { id: inProgress.id, version: inProgress.version, cause: '采集器 4G 模块故障', measures: '更换采集器，数据恢复上传' });
  await approveMaintenance(page, inProgress.order_no);
  await shot(page, 'journey-yunwei-maintenance-zh');

  // ── not the reviewer's: dispatching an order (no button; 403)
  const toDispatch = ((await me.get('maintenance/index?status=pending_dispatch&limit=1')).list as Array<{ id: number; version: number }>)[0]!;
  await page.goto(`/#/operation/maintenanceDetail?id=${toDispatch.id}`);
  await expect(visible(page.getByTestId('maintenance-status'))).toHaveText('待派单');
  await expect(visible(page.getByRole('button', { name: '派单' }))).toHaveCount(0);
  const refused = await me.refused('POST', 'maintenance/dispatch', { id: toDispatch.id, version: toDispatch.version, team_id: 1, deadline: '2030-01-01' });
  expect(refused.status).toBe(403);
  expect(refused.msg).toContain('maintenance:dispatch');

  // ── English
  await inEnglish(page);
  await page.goto(`/#/operation/maintenanceDetail?id=${inProgress.id}`);
  await page.reload();
  await expect(visible(page.getByTestId('maintenance-status'))).toHaveText(MaintenanceStatus.label('completed', 'en'));
  await shot(page, 'journey-yunwei-maintenance-en');
  await page.goto(`/#/operation/inspectionDetail?id=${failed!.id}`);
  await expect(visible(page.getByTestId('inspection-status'))).toHaveText(InspectionStatus.label('completed', 'en'));
  await shot(page, 'journey-yunwei-inspection-en');
});
