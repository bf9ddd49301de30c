import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, login, tokenOf, uniquePhone } from './helpers.ts';

/** Menu management, scheduled tasks and the system log, driven as an administrator would. */

const api = async (page: Page, method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) => {
  const token = await tokenOf(page);
  const res = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(method === 'GET' ? { params: body as Record<string, string> } : { data: body }),
  });
  return (await res.json()) as { code: number; msg: string; data: any };
};

/** Sign in and wait for the landing page, so a later navigation is not overtaken by the post-login redirect. */
async function signIn(page: Page, username?: string, password?: string) {
  await login(page, username, password);
  await expect(page.getByTestId('tree-menu')).toBeVisible();
  await expect(page).toHaveURL(/#\/(index)?$/);
}

const menuEntry = (page: Page, path: string) => page.getByTestId('tree-menu').locator(`[data-menu-path="${path}"]`);

test('disabling a menu entry in menuManagement removes it from a user\'s menu after reload', async ({ page, browser }) => {
  await signIn(page);
  await page.goto('/#/setting/menuManagement');
  await expect(page.getByText('修改对用户的下一次菜单加载生效')).toBeVisible();
  const row = page.getByTestId('menu-row-customerList');
  await expect(row).toBeVisible();
  const toggle = row.getByRole('checkbox', { name: '状态 customerList' });
  await expect(toggle).toBeChecked();
  try {
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText('已保存，用户下次加载菜单时生效')).toBeVisible();

    // the operator kefu signs in: 意向客户 is there, 正式客户 is not
    const other = await browser.newContext();
    const kefu = await other.newPage();
    await signIn(kefu, 'kefu', ADMIN_PASSWORD);
    await kefu.goto('/#/customer/intentionalCustomer');
    await expect(menuEntry(kefu, '/customer/intentionalCustomer')).toBeVisible();
    await expect(menuEntry(kefu, '/customer/customerList')).toHaveCount(0);
    await other.close();

    // the admin's own menu still has it until the next menu load; after a reload it is gone
    await page.goto('/#/customer/intentionalCustomer');
    await page.reload();
    await expect(menuEntry(page, '/customer/intentionalCustomer')).toBeVisible();
    await expect(menuEntry(page, '/customer/customerList')).toHaveCount(0);
  } finally {
    // put it back for the other tests
    const tree = await api(page, 'GET', '/api/system/menu/index', { all: '1', filter: 'customerList', filter_checkout: '1' });
    const entry = (tree.data as Array<{ id: number; name: string }>).find((e) => e.name === 'customerList');
    if (entry) await api(page, 'POST', '/api/system/menu/update_field', { id: entry.id, field: 'status', value: 'enabled' });
  }
  await page.reload();
  await expect(menuEntry(page, '/customer/customerList')).toBeVisible();
});

test('run a task now and see its last result and its run history', async ({ page }) => {
  await signIn(page);
  await page.goto('/#/setting/taskManagement');
  const row = page.getByTestId('task-row-refresh_customer_counters');
  await expect(row).toBeVisible();
  await expect(row.getByText('30 3 * * *')).toBeVisible();
  await row.getByRole('button', { name: '立即运行 refresh_customer_counters' }).click();
  await expect(page.getByText('“校准客户计数”已运行：成功')).toBeVisible();
  await expect(row.getByTestId('task-status')).toHaveText('成功');
  await expect(row.getByTestId('task-result')).toContainText('偏差分组: 0');
  await expect(row.getByTestId('task-result')).toContainText('客户数:');
  await row.getByRole('button', { name: '运行记录 refresh_customer_counters' }).click();
  const runs = page.getByTestId('task-runs');
  await expect(runs).toBeVisible();
  await expect(runs.getByText('手动').first()).toBeVisible();
  await expect(runs.getByText('系统管理员').first()).toBeVisible();
});

test('a bad cron expression is explained in the form and refused by the server', async ({ page }) => {
  await signIn(page);
  await page.goto('/#/setting/taskManagement');
  const row = page.getByTestId('task-row-purge_sms_codes');
  await row.getByRole('button', { name: '编辑 purge_sms_codes' }).click();
  const cron = page.getByRole('textbox', { name: 'cron 表达式' });
  await cron.fill('61 * * * *');
  await expect(page.getByText('分钟字段的值 61 超出范围 0-59')).toBeVisible();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'cron 表达式“61 * * * *”有误' })).toBeVisible();
  await cron.fill('*/20 * * * *');
  await expect(page.getByText(/接下来的运行时间/)).toBeVisible();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(row.getByText('*/20 * * * *')).toBeVisible();
});

test('the system log shows a customer edit with its before/after diff', async ({ page }) => {
  await signIn(page);
  const created = await api(page, 'POST', '/api/system/customer/add', { name: '日志测试', phone: uniquePhone(), province_code: '370000', city_code: '370100', source: 'phone' });
  expect(created.code, created.msg).toBe(200);
  const edited = await api(page, 'POST', '/api/system/customer/edit', { id: created.data.id, version: created.data.version, name: '日志已改', remark: '审计备注' });
  expect(edited.code, edited.msg).toBe(200);

  await page.goto('/#/setting/systemLog');
  await page.getByLabel('记录ID').fill(String(created.data.id));
  await page.getByRole('combobox', { name: '对象' }).click();
  await page.getByRole('option', { name: /客户 \(customer\)/ }).click();
  const editRow = page.locator('tr').filter({ hasText: '编辑' }).filter({ hasText: String(created.data.id) });
  await expect(editRow).toHaveCount(1);
  await editRow.click();
  const diff = page.getByTestId('syslog-diff');
  await expect(diff).toBeVisible();
  const changed = diff.locator('tr[data-changed="true"]');
  await expect(changed.filter({ hasText: '日志测试' }).filter({ hasText: '日志已改' })).toHaveCount(1);
  await expect(changed.filter({ hasText: '审计备注' })).toHaveCount(1);
  await expect(diff.getByText(/个字段变化/)).toBeVisible();
});
