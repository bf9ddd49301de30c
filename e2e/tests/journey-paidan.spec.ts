import { expect, test, type Page } from '@playwright/test';
import { MaintenanceStatus } from '../../packages/contract/src/index.ts';
import { shot, visible } from './helpers.ts';
import { apiOf, closeSignedIn, approveMaintenance, inEnglish, signedIn, workOrderAction } from './journey.ts';

/**
 * A day of the dispatcher 赵工 (paidan, role 工程派单), clicking only: a construction order and a
 * grid-connection order dispatched to 孙师傅 from their lists, a construction and a grid-connection
 * self-audit approved, a handled maintenance order approved. Entering a customer is the office's:
 * no button, and the API answers 403. Then the lists in English.
 */

async function dispatch(page: Page, list: 'buildWorkOrderList' | 'ongridWorkOrderList', stationId: number) {
  await workOrderAction(page, list, stationId, 'dispatch');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /施工队|专员|处理人/ }).first().fill('孙');
  await page.getByRole('option', { name: /孙师傅/ }).click();
  const deadline = new Date(Date.now() + 7 * 86400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
  await dialog.getByLabel(/截止/).first().fill(deadline);
  await dialog.getByRole('button', { name: /派单/ }).click();
  await expect(dialog).toBeHidden();
  await expect(visible(page.getByTestId('work-order-status'))).toHaveText('已派单');
}

async function approveAudit(page: Page, path: string, id: number) {
  await page.goto(`/#/stationManagement/${path}?id=${id}`);
  await visible(page.getByRole('button', { name: '审核通过' })).click();
  await page.getByRole('dialog').getByRole('button', { name: '审核通过' }).click();
  await expect(visible(page.getByTestId('self-audit-result'))).toHaveText('通过');
}

test.afterEach(closeSignedIn);

test('赵工: dispatches construction and grid-connection orders, approves their self-audits and a maintenance order; entering a customer is refused; zh then en', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const page = await signedIn(browser, 'paidan');
  const me = apiOf(page, request);
  const team = apiOf(await signedIn(browser, 'shigong'), request);
  const first = async (path: string) => ((await me.get(path)).list as Array<Record<string, any>>)[0]!;

  // ── 施工派单 and 并网派单 waiting: dispatched to 孙师傅
  const build = await first('work_order/index?kind=build&status=pending_dispatch&limit=1&sort=id&order=ASC');
  await dispatch(page, 'buildWorkOrderList', build.station_id);
  await shot(page, 'journey-paidan-build-dispatched-zh');
  const grid = await first('work_order/index?kind=grid&status=pending_dispatch&limit=1&sort=id&order=ASC');
  await dispatch(page, 'ongridWorkOrderList', grid.station_id);
  expect((await me.get(`work_order/get_info?id=${build.id}`)).team_name).toBe('孙师傅');

  // ── self-audits awaiting review: approved
  const buildAudit = await first('self_audit/index?kind=build&result=pending&limit=1&sort=id&order=ASC');
  await approveAudit(page, 'buildSelfAuditDetail', buildAudit.id);
  await shot(page, 'journey-paidan-build-audit-zh');
  const gridAudit = await first('self_audit/index?kind=grid&result=pending&limit=1&sort=id&order=ASC');
  await approveAudit(page, 'ongridselfauditdetails', gridAudit.id);
  expect((await me.get(`station/get_info?id=${gridAudit.station_id}`)).status).toBe('grid_connected');

  // ── a maintenance order 孙师傅 handled: approved
  const handling = ((await team.get('maintenance/index?status=in_progress&limit=1')).list as Array<{ id: number; version: number; order_no: string }>)[0]!;
  expect(handling, 'an order 孙师傅 is working on').toBeTruthy();
  await team.post('maintenance/submit', { id: handling.id, version: handling.version, cause: '直流线缆接头松脱', measures: '重新压接 MC4 接头，组串电流恢复' });
  await approveMaintenance(page, handling.order_no);
  await shot(page, 'journey-paidan-maintenance-zh');

  // ── not the dispatcher's: entering a customer (no button; 403)
  await page.goto('/#/customer/intentionalCustomer');
  await expect(visible(page.getByRole('columnheader', { name: '姓名' }))).toBeVisible();
  await expect(visible(page.getByRole('link', { name: '新建' }))).toHaveCount(0);
  const refused = await me.refused('POST', 'customer/add', { name: '钱多多', phone: '13912345678', province_code: '370000', source: 'phone' });
  expect(refused).toEqual({ status: 403, msg: '没有权限执行此操作（需要 customer:add）' });

  // ── English
  await inEnglish(page);
  await page.goto(`/#/operation/maintenanceDetail?id=${handling.id}`);
  await page.reload();
  await expect(visible(page.getByTestId('maintenance-status'))).toHaveText(MaintenanceStatus.label('completed', 'en'));
  await shot(page, 'journey-paidan-maintenance-en');
  await page.goto(`/#/stationManagement/buildWorkOrderList?filter=${encodeURIComponent(JSON.stringify({ station_id: build.station_id }))}`);
  await expect(visible(page.getByTestId('work-order-status'))).toHaveText('Dispatched');
  await shot(page, 'journey-paidan-build-list-en');
});
