import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { login, tokenOf } from './helpers.ts';

/**
 * Operations, the parts around the lifecycle: a cached tab shows fresh data when shown again, and
 * saving a station someone else changed meanwhile shows what they changed.
 */

async function apiCall(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data: Record<string, unknown> = {}) {
  const url = `/api/system/${path}`;
  const headers = { authorization: `Bearer ${token}` };
  const res = method === 'GET' ? await request.get(url, { headers, params: data as Record<string, string> }) : await request.post(url, { headers, data });
  const body = await res.json();
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/** The page on screen (hidden cached pages stay in the DOM). */
const shown = (page: Page) => page.locator('.pv-cached-page[data-active="true"]');
const tab = (page: Page, key: string) => page.locator(`.pv-tabs-bar [data-tab-key="${key}"]`);

type Station = { id: number; code: string; name: string; version: number; capacity_kwp: number };
async function stationsToEdit(request: APIRequestContext, token: string): Promise<Station[]> {
  const list = await apiCall(request, token, 'GET', 'station/index', { status: 'survey_pending', frozen: 'false', limit: '5' });
  expect(list.list.length).toBeGreaterThan(1);
  return list.list;
}

test('a cached tab shown again shows the data as it is now, keeping its search', async ({ page, request }) => {
  await login(page);
  const token = await tokenOf(page);
  const [s] = await stationsToEdit(request, token);
  await page.goto(`/#/stationManagement/stationList?filter=${encodeURIComponent(JSON.stringify({ q: s!.code }))}`);
  const rows = shown(page).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(s!.name);

  // another tab; meanwhile someone renames the station
  await page.goto('/#/stationManagement/buildWorkOrderList');
  await expect(tab(page, '/stationManagement/buildWorkOrderList')).toHaveAttribute('aria-selected', 'true');
  const renamed = `${s!.name.slice(0, 40)}（已改名）`;
  await apiCall(request, token, 'POST', 'station/edit', { id: s!.id, version: s!.version, name: renamed });

  // back to the station list by its tab, no refresh pressed: the new name, the search kept
  await tab(page, '/stationManagement/stationList').click();
  await expect(rows.first()).toContainText(renamed);
  await expect(rows).toHaveCount(1);
  await expect(shown(page).locator('input[name="q"]')).toHaveValue(s!.code);
});

test('saving a station someone else changed meanwhile shows their changes; keep mine or reload', async ({ page, request }) => {
  await login(page);
  const token = await tokenOf(page);
  const [, s] = await stationsToEdit(request, token);
  const current = await apiCall(request, token, 'GET', 'station/get_info', { id: String(s!.id) });
  await page.goto(`/#/stationManagement/stationList/${s!.id}`);
  const name = shown(page).locator('input[name="name"]');
  await expect(name).toHaveValue(current.name);
  await name.fill('我的新名字');

  // someone else saves the station: a new capacity and address (new to this record, so that a retry
  // after a failed attempt that saved them already still changes them)
  const capacity = Number(current.capacity_kwp) === 33.5 ? 34.5 : 33.5;
  const address = `他人填写的地址 ${Date.now() % 100_000} 号`;
  const theirs = await apiCall(request, token, 'POST', 'station/edit', { id: s!.id, version: current.version, capacity_kwp: capacity, address });
  await shown(page).getByRole('button', { name: '保存' }).click();
  const dialog = page.getByTestId('conflict-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('该记录已被他人修改');
  await expect(dialog.getByTestId('conflict-capacity_kwp')).toContainText(String(capacity));
  await expect(dialog.getByTestId('conflict-address')).toContainText(address);
  await expect(dialog.getByTestId('conflict-name')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/ops-station-conflict-zh.png' });

  // keep mine: saved on the current version, their changes kept
  await dialog.getByTestId('conflict-overwrite').click();
  await expect(page).toHaveURL(/stationDetail\?id=/);
  const saved = await apiCall(request, token, 'GET', 'station/get_info', { id: String(s!.id) });
  expect(saved).toMatchObject({ name: '我的新名字', capacity_kwp: capacity, address, version: theirs.version + 1 });

  // again, and this time reload: the form shows their name. The form's page may come back from the tab
  // cache and then take the record as saved, resetting a field typed in before: type until it holds
  await page.goto(`/#/stationManagement/stationList/${s!.id}`);
  await expect(name).toHaveValue('我的新名字');
  await expect(async () => {
    await name.fill('又一次修改');
    await expect(shown(page).getByRole('button', { name: '保存' })).toBeEnabled({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await apiCall(request, token, 'POST', 'station/edit', { id: s!.id, version: saved.version, name: '他人改的名字' });
  await shown(page).getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByTestId('conflict-name')).toContainText('他人改的名字');
  await expect(dialog.getByTestId('conflict-name')).toContainText('又一次修改');
  await dialog.getByTestId('conflict-reload').click();
  await expect(dialog).toBeHidden();
  await expect(name).toHaveValue('他人改的名字');
  expect((await apiCall(request, token, 'GET', 'station/get_info', { id: String(s!.id) })).name).toBe('他人改的名字');
});

test('input not yet saved stays in the form when the record is loaded again elsewhere after someone else saved it', async ({ page, request }) => {
  await login(page);
  const token = await tokenOf(page);
  const s = (await stationsToEdit(request, token))[2] ?? (await stationsToEdit(request, token))[0]!;
  const current = await apiCall(request, token, 'GET', 'station/get_info', { id: String(s.id) });
  await page.goto(`/#/stationManagement/stationList/${s.id}`);
  const name = shown(page).locator('input[name="name"]');
  await expect(name).toHaveValue(current.name);
  const mine = `正在输入的名字 ${Date.now() % 100_000}`;
  await name.fill(mine);

  // someone else saves the station; the user opens its detail page in another tab (which loads the
  // record as it is now) and comes back to the form: the typing is still there
  const address = `他人改的地址 ${Date.now() % 100_000} 号`;
  await apiCall(request, token, 'POST', 'station/edit', { id: s.id, version: current.version, address });
  await page.goto(`/#/stationManagement/stationDetail?id=${s.id}`);
  await expect(shown(page)).toContainText(address);
  await page.goto(`/#/stationManagement/stationList/${s.id}`);
  await expect(name).toHaveValue(mine);
  await expect(shown(page).locator('input[name="address"]')).toHaveValue(current.address ?? '');

  // saving meets the version check: the dialog shows their address; keep mine saves both
  await shown(page).getByRole('button', { name: '保存' }).click();
  const dialog = page.getByTestId('conflict-dialog');
  await expect(dialog.getByTestId('conflict-address')).toContainText(address);
  await dialog.getByTestId('conflict-overwrite').click();
  await expect(page).toHaveURL(/stationDetail\?id=/);
  expect(await apiCall(request, token, 'GET', 'station/get_info', { id: String(s.id) })).toMatchObject({ name: mine, address });
});

test('editing a work order someone else changed meanwhile shows their change; keep mine saves both', async ({ page, request }) => {
  await login(page);
  const token = await tokenOf(page);
  const list = await apiCall(request, token, 'GET', 'work_order/index', { kind: 'build', status: 'pending_dispatch', limit: '1' });
  const o = list.list[0];
  expect(o).toBeTruthy();
  await page.goto(`/#/stationManagement/buildWorkOrderList?filter=${encodeURIComponent(JSON.stringify({ id: o.id }))}`);
  const row = shown(page).locator('tbody tr').first();
  await expect(row).toContainText(o.order_no);
  await row.getByTestId('wo-action-edit').click();
  const form = page.getByRole('dialog');
  const remark = `我的备注：先备料（${Date.now() % 100_000}）`;
  await form.getByLabel('备注').fill(remark);

  // a date this order does not have yet (a retry finds the first attempt's)
  const days = o.planned_date?.slice(0, 10) === new Date(Date.now() + 10 * 86400_000).toISOString().slice(0, 10) ? 11 : 10;
  const planned = new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);
  await apiCall(request, token, 'POST', 'work_order/edit', { id: o.id, version: o.version, planned_date: planned });
  await form.getByRole('button', { name: '保存' }).click();
  const conflict = page.getByTestId('conflict-dialog');
  await expect(conflict).toBeVisible();
  await expect(conflict.getByTestId('conflict-planned_date')).toContainText(planned);
  await expect(conflict.getByTestId('conflict-remark')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/ops-order-conflict-zh.png' });
  await conflict.getByTestId('conflict-overwrite').click();
  await expect(conflict).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const saved = await apiCall(request, token, 'GET', 'work_order/get_info', { id: String(o.id) });
  expect(saved.remark).toBe(remark);
  expect(saved.planned_date.slice(0, 10)).toBe(planned);
  expect(saved.version).toBe(o.version + 2);
});
