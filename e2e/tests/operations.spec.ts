import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { buildXlsx } from '../../packages/server/src/excel/xlsx.ts';
import { ADMIN_PASSWORD, login, tokenOf, uniquePhone } from './helpers.ts';
import { workOrderAction } from './journey.ts';

/**
 * One station the whole way through the console: a customer followed up and converted, a station
 * created in the station list, surveyed and designed on its detail page, the construction order
 * dispatched by the dispatcher, accepted, started and self-audited with photos by the team, rejected
 * with a reason for a failed item, rectified and resubmitted, approved; the grid-connection order and
 * its self-audit; the station ends 已并网 on its page and on the customer's page.
 */

/** A tiny valid PNG (1×1), for the photo and document items. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

async function apiCall(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data: Record<string, unknown> = {}) {
  const url = `/api/system/${path}`;
  const headers = { authorization: `Bearer ${token}` };
  const res = method === 'GET' ? await request.get(url, { headers, params: data as Record<string, string> }) : await request.post(url, { headers, data });
  const body = await res.json();
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/** Fill every check item of the submit dialog: photos / documents uploaded, values typed. */
async function fillAudit(page: Page, items: { key: string; value?: string; label?: string }[]) {
  const form = page.getByTestId('submit-audit-form');
  for (const item of items) {
    const box = form.getByTestId(`audit-item-${item.key}`);
    if (item.value !== undefined) await form.getByRole('textbox', { name: item.label! }).fill(item.value);
    else {
      await box.getByTestId(`audit-upload-${item.key}`).setInputFiles({ name: `${item.key}.png`, mimeType: 'image/png', buffer: PNG });
      await expect(box.locator('img').first()).toBeVisible();
    }
  }
}

/** The confirm button of a confirmation dialog (named after the action, or 确认): the last one. */
async function confirmDialog(page: Page) {
  await page.getByRole('dialog').getByRole('button').last().click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

const BUILD_ITEMS = [
  { key: 'module_nameplate' },
  { key: 'inverter_nameplate' },
  { key: 'inverter_sn', value: 'SN-E2E-0001', label: '逆变器SN' },
  { key: 'tilt', value: '25', label: '组件倾角（°）' },
  { key: 'safety_nodes' },
  { key: 'property_deed' },
];

test('a station from intentional customer to 已并网, worked in the console by dispatcher and team', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  await login(page);
  const admin = await tokenOf(page);

  // the customer: intentional → follow-up → surveyed → formal
  const phone = uniquePhone();
  let c = await apiCall(request, admin, 'POST', 'customer/add', { name: '周光明', phone, province_code: '370000', city_code: '370100', source: 'phone' });
  await apiCall(request, admin, 'POST', 'customer/follow_up', { customer_id: c.id, way: 'visit', content: '上门看屋顶，朝南无遮挡' });
  c = await apiCall(request, admin, 'GET', 'customer/get_info', { id: c.id });
  c = await apiCall(request, admin, 'POST', 'customer/survey', { id: c.id, version: c.version });
  c = await apiCall(request, admin, 'POST', 'customer/convert', { id: c.id, version: c.version, business_mode: 'lease' });

  // the station: created in the station list
  await page.goto('/#/stationManagement/stationList/create');
  await page.getByRole('combobox', { name: '客户', exact: true }).fill(phone);
  await page.getByRole('option', { name: new RegExp(phone) }).click();
  await page.getByRole('textbox', { name: '电站名称' }).fill('周光明屋顶电站');
  await page.getByRole('spinbutton', { name: /装机容量/ }).fill('21.6');
  await page.getByRole('button', { name: /保存/ }).click();
  await expect(page).toHaveURL(/stationDetail\?id=\d+|stationList/);
  const stations = await apiCall(request, admin, 'GET', 'station/index', { customer_id: c.id });
  expect(stations.total).toBe(1);
  const stationId = stations.list[0].id as number;

  // survey and design done on the detail page: the construction order opens
  await page.goto(`/#/stationManagement/stationDetail?id=${stationId}`);
  await expect(page.getByTestId('station-status').filter({ visible: true }).first()).toHaveText('待踏勘');
  await page.getByRole('button', { name: '完成踏勘' }).click();
  await confirmDialog(page);
  await expect(page.getByTestId('station-status').filter({ visible: true }).first()).toHaveText('方案设计');
  await page.getByRole('button', { name: '完成方案设计' }).click();
  await confirmDialog(page);
  await expect(page.getByTestId('station-status').filter({ visible: true }).first()).toHaveText('待施工');
  await page.screenshot({ path: 'test-results/ops-station-detail-zh.png', fullPage: true });

  // the dispatcher dispatches it to the team
  const dispatcher = await browser.newPage();
  await login(dispatcher, 'paidan', ADMIN_PASSWORD);
  await workOrderAction(dispatcher, 'buildWorkOrderList', stationId, 'dispatch');
  const dlg = dispatcher.getByRole('dialog');
  await dlg.getByRole('combobox', { name: /施工队|专员/ }).first().fill('孙');
  await dispatcher.getByRole('option', { name: /孙师傅/ }).click();
  const deadline = new Date(Date.now() + 7 * 86400_000).toISOString().slice(0, 10);
  await dlg.getByLabel(/截止/).first().fill(deadline);
  await dlg.getByRole('button', { name: /派单/ }).click();
  await expect(dlg).toBeHidden();
  await expect(dispatcher.getByTestId('work-order-status').first()).toHaveText('已派单');
  await dispatcher.screenshot({ path: 'test-results/ops-build-list-zh.png' });

  // the team accepts, starts and submits the self-audit with photos
  const team = await browser.newPage();
  await login(team, 'shigong', ADMIN_PASSWORD);
  await workOrderAction(team, 'buildWorkOrderList', stationId, 'accept');
  await confirmDialog(team);
  await expect(team.getByTestId('work-order-status').first()).toHaveText('已接单');
  await team.locator('tbody tr').first().getByTestId('wo-action-start').click();
  await confirmDialog(team);
  await expect(team.getByTestId('work-order-status').first()).toHaveText('施工中');
  await team.locator('tbody tr').first().getByTestId('wo-action-submit_audit').click();
  await fillAudit(team, BUILD_ITEMS);
  await team.screenshot({ path: 'test-results/ops-submit-audit-zh.png' });
  await team.getByRole('dialog').getByRole('button', { name: /提交/ }).last().click();
  await expect(team.getByRole('dialog')).toBeHidden();
  await expect(team.getByTestId('work-order-status').first()).toHaveText('待自检审核');

  // the dispatcher rejects it with a reason for the failed item
  let audits = await apiCall(request, admin, 'GET', 'self_audit/index', { station_id: stationId, kind: 'build' });
  const first = audits.list[0];
  await dispatcher.goto(`/#/stationManagement/buildSelfAuditDetail?id=${first.id}`);
  await dispatcher.getByRole('button', { name: '审核驳回' }).click();
  const rd = dispatcher.getByRole('dialog');
  await rd.getByLabel(/驳回原因/).first().fill('铭牌照片模糊');
  await rd.getByLabel('组件铭牌照片').check();
  await rd.getByTestId('reject-item-reasons').getByRole('textbox').first().fill('看不清型号');
  await rd.getByRole('button', { name: '审核驳回' }).click();
  await expect(rd).toBeHidden();
  await expect(dispatcher.getByTestId('self-audit-result').filter({ visible: true }).first()).toHaveText('驳回');
  await dispatcher.screenshot({ path: 'test-results/ops-audit-rejected-zh.png', fullPage: true });

  // the team resubmits the rejected audit: attempt 2
  await workOrderAction(team, 'buildWorkOrderList', stationId, 'submit_audit');
  await fillAudit(team, BUILD_ITEMS);
  await team.getByRole('dialog').getByRole('button', { name: /提交/ }).last().click();
  await expect(team.getByRole('dialog')).toBeHidden();

  // approved by the dispatcher: the station waits for grid connection, the grid order is open
  audits = await apiCall(request, admin, 'GET', 'self_audit/index', { station_id: stationId, kind: 'build', sort: 'attempt', order: 'DESC' });
  expect(audits.list.map((a: { attempt: number }) => a.attempt)).toEqual([2, 1]);
  await dispatcher.goto(`/#/stationManagement/buildSelfAuditDetail?id=${audits.list[0].id}`);
  // both submissions of the order are listed on this page (attempt 1's page stays open in its own hidden tab)
  await expect(dispatcher.getByTestId('audit-submission').filter({ visible: true })).toHaveCount(2);
  await dispatcher.getByRole('button', { name: '审核通过' }).click();
  // the opinion (审核意见) is kept on the audit and shown on its page
  await dispatcher.getByRole('dialog').getByLabel('审核意见').fill('整改到位，资料齐全');
  await dispatcher.getByRole('dialog').getByRole('button', { name: '审核通过' }).click();
  await expect(dispatcher.getByTestId('self-audit-result').filter({ visible: true }).first()).toHaveText('通过');
  await expect(dispatcher.getByTestId('audit-review-opinion').filter({ visible: true })).toHaveText('整改到位，资料齐全');
  const grid = await apiCall(request, admin, 'GET', 'work_order/index', { station_id: stationId, kind: 'grid' });
  expect(grid.list[0].status).toBe('pending_dispatch');

  // the grid order: dispatched, accepted, started, audited (team token through the API), approved in the console
  const teamToken = await tokenOf(team);
  const disToken = await tokenOf(dispatcher);
  let g = await apiCall(request, disToken, 'POST', 'work_order/dispatch', { id: grid.list[0].id, version: grid.list[0].version, team_id: grid.list[0].team_id ?? (await apiCall(request, disToken, 'GET', 'work_order/teams', { q: '孙师傅' })).list[0].id, deadline });
  g = await apiCall(request, teamToken, 'POST', 'work_order/accept', { id: g.id, version: g.version });
  await apiCall(request, teamToken, 'POST', 'work_order/start', { id: g.id, version: g.version });
  await workOrderAction(team, 'ongridWorkOrderList', stationId, 'submit_audit');
  await fillAudit(team, [{ key: 'grid_certificate' }, { key: 'meter_number', value: '370100998877', label: '电表号' }, { key: 'ppa' }, { key: 'acceptance_opinion', value: '验收合格', label: '验收意见' }]);
  await team.getByRole('dialog').getByRole('button', { name: /提交/ }).last().click();
  await expect(team.getByRole('dialog')).toBeHidden();
  const gridAudit = (await apiCall(request, admin, 'GET', 'self_audit/index', { station_id: stationId, kind: 'grid' })).list[0];
  await dispatcher.goto(`/#/stationManagement/ongridselfauditdetails?id=${gridAudit.id}`);
  await dispatcher.getByRole('button', { name: '审核通过' }).click();
  await dispatcher.getByRole('dialog').getByRole('button', { name: '审核通过' }).click();
  await expect(dispatcher.getByTestId('self-audit-result').filter({ visible: true }).first()).toHaveText('通过');

  // 已并网 on the station page (with its timeline) and on the customer page
  await page.goto(`/#/stationManagement/stationDetail?id=${stationId}`);
  await page.reload(); // the tab is cached from before the team's work
  await expect(page.getByTestId('station-status').filter({ visible: true }).first()).toHaveText('已并网');
  await expect(page.getByText(/并网自检通过|通过并网自检/).filter({ visible: true }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/ops-station-connected-zh.png', fullPage: true });
  await page.goto(`/#/customer/customerDetail?id=${c.id}`);
  await expect(page.getByTestId(`customer-station-status-${stationId}`)).toHaveText('已并网');
  await team.close();
  await dispatcher.close();
});

test('station import: a bad row is reported and nothing is imported; export downloads the list', async ({ page }) => {
  await login(page);
  const token = await tokenOf(page);
  const total = async () => (await (await page.request.get('/api/system/station/index', { headers: { authorization: `Bearer ${token}` } })).json()).data.total as number;
  // a formal customer of the demo data for the good row
  const formal = (await (await page.request.get('/api/system/customer/index?stage=formal&limit=1', { headers: { authorization: `Bearer ${token}` } })).json()).data.list[0];
  mkdirSync('test-results', { recursive: true });
  writeFileSync(
    'test-results/stations-bad.xlsx',
    buildXlsx([
      ['客户ID*', '电站名称*', '装机容量(kWp)*'],
      [String(formal.id), '导入测试电站', '18.5'],
      [String(formal.id), '', '-3'],
    ]),
  );
  const before = await total();
  await page.goto('/#/stationManagement/stationList');
  await page.getByTestId('excel-import').click();
  await page.getByTestId('excel-file').setInputFiles('test-results/stations-bad.xlsx');
  await page.getByTestId('excel-upload').click();
  await expect(page.getByTestId('excel-result')).toHaveText('1 行有错误，未导入任何数据，请修改后重新导入');
  await expect(page.getByTestId('excel-errors').getByRole('row').nth(1)).toContainText('3');
  await page.screenshot({ path: 'test-results/ops-station-import-errors-zh.png' });
  expect(await total()).toBe(before);
  await page.getByRole('button', { name: '关闭' }).click();

  await expect(page.locator('tbody tr').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('excel-export').click();
  expect((await download).suggestedFilename()).toMatch(/^电站列表_.*\.xlsx$/);
  await page.screenshot({ path: 'test-results/ops-station-list-zh.png' });
});
