import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { E2E_PORT } from '../playwright.config.ts';
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
  // the greeting: the sign-in notice and, once 首页 renders, its heading (either may come first)
  await expect(page.getByText(/欢迎登录运维后台管理/).first()).toBeVisible();
  await expect(page.getByText('意向客户', { exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('identity'))).toBe('system');
  // The session is real: the server answers get_user_info with the stored token.
  const token = await page.evaluate(() => localStorage.getItem('admin-plus-token'));
  const info = await page.request.get('/api/system/common/get_user_info', { headers: { authorization: `Bearer ${token}` } });
  expect((await info.json()).data.username).toBe('admin');

  // SPEC.md §2: 退出登录 shows about 10 s after load
  await page.getByRole('button', { name: '用户菜单' }).click();
  await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  // lands on /index, which without a session is the login page remembering it
  await expect(page).toHaveURL(/#\/login\?redirect=%2Findex/);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('admin-plus-tabs') || k === 'admin-plus-token'))).toEqual([]);
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

// ---- sign-in paths ----

/** Screenshots for a person to look at (E2E_SHOTS_DIR, default the test output folder). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';

/** The built-in SMS sender appends `time phone purpose code` to DATA_DIR/sms-outbox.log. */
function lastSmsCode(phone: string): string | null {
  const file = fileURLToPath(new URL(`../.tmp/e2e-data-${E2E_PORT}/sms-outbox.log`, import.meta.url));
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const line = text.trim().split('\n').reverse().find((l) => l.split(' ')[1] === phone);
  return line?.split(' ')[3] ?? null;
}

test('SMS login: the SPEC prompts, 获取验证码 with countdown, the code from the server signs in', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByRole('tab', { name: '短信验证码登录' }).click();
  const form = page.getByRole('form', { name: '短信验证码登录' });
  await form.getByRole('button', { name: '登录' }).click();
  await expect(form.getByText('请输入手机号', { exact: true }).last()).toBeVisible();
  await expect(form.getByText('请输入手机验证码', { exact: true }).last()).toBeVisible();
  await form.getByLabel('手机号').fill('12345');
  await form.getByRole('button', { name: '获取验证码' }).click();
  await expect(form.getByText('请输入正确的手机号')).toBeVisible();
  await page.screenshot({ path: SHOTS + '/auth-sms-errors-zh.png' });

  const phone = '13800000001'; // demo user kefu
  await form.getByLabel('手机号').fill(phone);
  await form.getByRole('button', { name: '获取验证码' }).click();
  await expect(form.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  await expect(page.getByText(/验证码已发送/)).toBeVisible();
  await expect.poll(() => lastSmsCode(phone)).toMatch(/^\d{6}$/);
  const code = lastSmsCode(phone)!;
  const wrong = code === '000000' ? '111111' : '000000';
  await form.getByLabel('验证码').fill(wrong);
  await form.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText(/验证码错误，还可尝试\d次/)).toBeVisible();
  await page.screenshot({ path: SHOTS + '/auth-sms-countdown-zh.png' });
  await form.getByLabel('验证码').fill(code);
  await form.getByRole('button', { name: '登录' }).click();
  await expect(page).not.toHaveURL(/#\/login/);
  await expect(page.getByText(/欢迎登录运维后台管理/).first()).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('admin-plus-token'));
  const info = await page.request.get('/api/system/common/get_user_info', { headers: { authorization: `Bearer ${token}` } });
  expect((await info.json()).data.username).toBe('kefu');
  // the code was single use
  const replay = await page.request.post('/api/system/index/sms_login', { data: { phone, code } });
  expect(replay.status()).toBe(401);
});

test('the SMS tab in English, and register when it is not enabled', async ({ page }) => {
  await page.goto('/#/login');
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await page.reload();
  await page.getByRole('tab', { name: 'SMS code' }).click();
  await page.getByRole('form', { name: 'SMS code' }).getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter a mobile number', { exact: true }).last()).toBeVisible();
  await page.screenshot({ path: SHOTS + '/auth-sms-en.png' });
  await page.goto('/#/register');
  await expect(page.getByText('Self sign-up is not enabled; ask an administrator for an account')).toBeVisible();
  await expect(page).toHaveTitle(/ - /);
  await page.screenshot({ path: SHOTS + '/auth-register-disabled-en.png' });
});

test('a token link opens the console as identity system and the token leaves the address bar', async ({ page, request }) => {
  const res = await request.post('/api/system/index/login', { data: { username: 'kefu', password: ADMIN_PASSWORD } });
  const { token } = (await res.json()).data as { token: string };
  await page.goto(`/#/customer/customerList?token=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/#\/customer\/customerList$/);
  expect(page.url()).not.toContain('token=');
  await expect(page.getByText('正式客户').first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('identity'))).toBe('system');
  expect(await page.evaluate(() => localStorage.getItem('admin-plus-token'))).toBe(token);
  await expect(page).toHaveTitle('正式客户 - 运维后台管理');
  // with a token, /login goes to /
  await page.goto('/#/login');
  await expect(page).not.toHaveURL(/#\/login/);
  // the page-query form (links built by other systems)
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/?token=${encodeURIComponent(token)}#/index`);
  await expect(page).toHaveURL(/\/#\/index$/);
  expect(await page.evaluate(() => localStorage.getItem('identity'))).toBe('system');
});

test('change password from the avatar menu: the old one then fails, the new one works', async ({ page }) => {
  await login(page, 'agent_hn', ADMIN_PASSWORD);
  const id = await page.evaluate(() => localStorage.getItem('id'));
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const current = page.getByLabel('请输入当前密码');
  const field = page.getByLabel('请输入密码');
  await field.fill('12345');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('密码不能少于6位')).toBeVisible();
  // one's own password changes only with the current one: missing, then wrong, then right
  await expect(page.getByText('请输入当前密码', { exact: true }).last()).toBeVisible();
  await field.fill('Changed-pass-9');
  await current.fill('not-my-password');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('原密码不正确')).toBeVisible();
  await current.fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('密码修改成功')).toBeVisible();
  await page.screenshot({ path: SHOTS + '/auth-password-changed-zh.png' });
  await page.evaluate(() => localStorage.clear());
  await page.goto('/#/login');
  await page.getByLabel('用户名').fill('agent_hn');
  await page.getByLabel('密码').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  await page.screenshot({ path: SHOTS + '/auth-old-password-zh.png' });
  await login(page, 'agent_hn', 'Changed-pass-9');
  // put it back for the other specs
  const again = await page.evaluate(() => localStorage.getItem('admin-plus-token'));
  const restore = await page.request.post('/api/system/common/modify_passwords', { headers: { authorization: `Bearer ${again}` }, data: { id: Number(id), password: ADMIN_PASSWORD, old_password: 'Changed-pass-9' } });
  expect(await restore.json()).toMatchObject({ code: 200, msg: '密码修改成功' });
});
