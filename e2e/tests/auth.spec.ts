import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD, login } from './helpers.ts';

test('a wrong password shows the error and stays on the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByText('运维后台管理').first()).toBeVisible();
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill('not-the-password');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
  expect(await page.evaluate(() => localStorage.getItem('admin-plus-token'))).toBeNull();
});

test('the login form checks the SPEC rules before calling the server', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByLabel('密码').fill('123');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('用户名不能为空')).toBeVisible();
  await expect(page.getByText('密码不能少于6位')).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
});

test('login lands on the console, greets, and logout returns to the login page', async ({ page }) => {
  await login(page, 'admin', ADMIN_PASSWORD);
  await expect(page.getByText(/欢迎登录运维后台管理/)).toBeVisible();
  await expect(page.getByText('意向客户', { exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('identity'))).toBe('system');
  // The session is real: the server answers get_user_info with the stored token.
  const token = await page.evaluate(() => localStorage.getItem('admin-plus-token'));
  const info = await page.request.get('/api/system/common/get_user_info', { headers: { authorization: `Bearer ${token}` } });
  expect((await info.json()).data.username).toBe('admin');

  await page.getByRole('button', { name: '个人中心' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/#\/login/);
  // login_out revoked the session on the server
  const after = await page.request.get('/api/system/common/get_user_info', { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(402);
});

test('a deep link without a session goes to login and comes back after signing in', async ({ page }) => {
  await page.goto('/#/customer/customerList');
  await expect(page).toHaveURL(/#\/login\?redirect=/);
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/#\/customer\/customerList/);
});
