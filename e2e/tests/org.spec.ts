import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, login } from './helpers.ts';

/**
 * Organisation screens: an admin makes a role with only customer:index and a user holding it; that
 * user sees no 用户管理 / 角色管理 menu entry under 系统设置 (the menu comes from the server, filtered by
 * permission; checked in the rail's panel and the menu search, where the admin does find them), no
 * create button on the customer list, and the 403 page on a direct URL to user management.
 */
const suffix = String(Date.now()).slice(-6);
const roleCode = `viewer_${suffix}`;
const roleName = `只看客户${suffix}`;
const username = `viewer${suffix}`;
const password = 'viewer-pass-1';

async function signOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await page.goto('/#/login');
  await page.reload();
}

/** Opens 系统设置 from the column layout's rail (the default layout); its entries show in the column panel. */
async function openSettings(page: Page) {
  await page.getByTestId('column-rail').getByRole('button', { name: '系统设置', exact: true }).click();
  await expect(page.getByTestId('column-panel')).toBeVisible();
}

const settingEntries = (page: Page, name: string) => page.getByTestId('column-panel').getByRole('button', { name, exact: true });

/** How many entries the top bar's menu search finds for a name (0 when it says nothing matches). */
async function searchMenu(page: Page, name: string): Promise<number> {
  await page.getByRole('button', { name: '搜索菜单' }).click();
  await page.getByRole('textbox', { name: '搜索菜单' }).fill(name);
  const found = page.getByTestId('search-results').getByRole('button', { name: new RegExp(name) });
  await expect(found.or(page.getByText('没有匹配的菜单'))).toBeVisible();
  const count = await found.count();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('textbox', { name: '搜索菜单' })).toHaveCount(0);
  return count;
}

test('a role with only customer:index: no user-management menu, no create button, 403 on a direct URL', async ({ page }) => {
  await login(page, 'admin', ADMIN_PASSWORD);

  // the role, with one permission ticked in the tree
  await page.goto('/#/setting/roleManagement/create');
  await page.getByLabel('编码').fill(roleCode);
  await page.getByLabel('名称').fill(roleName);
  await page.getByLabel('数据范围').click();
  await page.getByRole('option', { name: '全部数据' }).click();
  await expect(page.getByTestId('permission-group-customer')).toBeVisible();
  await page.locator('input[name="customer:index"]').check();
  await expect(page.getByText('已选 1 项')).toBeVisible();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/#\/setting\/roleManagement$/);
  await expect(page.getByText(roleName)).toBeVisible();

  // the user, with that role; a short password is refused first with the SPEC message
  await page.goto('/#/setting/userManagement/create');
  await page.getByLabel('用户名').fill(username);
  await page.locator('input[name="password"]').fill('123');
  await page.getByLabel('姓名').fill('只读测试');
  await page.getByLabel('角色').click();
  await page.getByRole('option', { name: roleName }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('密码不能少于6位')).toBeVisible();
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/#\/setting\/userManagement$/);
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText(roleName);
  await expect(row).toContainText('启用');

  // the admin sees the create button on the customer list
  await page.goto('/#/customer/intentionalCustomer');
  await expect(page.getByRole('link', { name: '新建' })).toBeVisible();
  // ... and, under 系统设置 (column layout: first-level entry in the rail, its entries in the panel), user and role management
  await expect(settingEntries(page, '用户管理')).toHaveCount(0); // not drawn while another first-level entry is open
  await openSettings(page);
  await expect(settingEntries(page, '用户管理')).toBeVisible();
  await expect(settingEntries(page, '角色管理')).toBeVisible();
  await expect(searchMenu(page, '用户管理')).resolves.toBe(1);

  await signOut(page);
  await login(page, username, password);
  await page.goto('/#/customer/intentionalCustomer');
  // the list itself is readable (customer:index, data scope all)
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('link', { name: '新建' })).toHaveCount(0);
  // the menu (from the server) has no user or role management entry; the personal centre stays:
  // the rail has 系统设置, its panel lists 个人中心 but not 用户管理 / 角色管理
  await openSettings(page);
  await expect(settingEntries(page, '个人中心')).toBeVisible();
  await expect(settingEntries(page, '用户管理')).toHaveCount(0);
  await expect(settingEntries(page, '角色管理')).toHaveCount(0);
  // the top-bar menu search (all entries the user has, whatever the layout) agrees
  await expect(searchMenu(page, '个人中心')).resolves.toBe(1);
  await expect(searchMenu(page, '用户管理')).resolves.toBe(0);
  await expect(searchMenu(page, '角色管理')).resolves.toBe(0);

  await page.goto('/#/setting/userManagement');
  await expect(page.getByText('抱歉，您没有访问此页面的权限。')).toBeVisible();
  // and the server agrees
  const token = await page.evaluate(() => localStorage.getItem('admin-plus-token'));
  const api = await page.request.get('/api/system/user/index', { headers: { authorization: `Bearer ${token}` } });
  expect(api.status()).toBe(403);
});

test('disabling a user signs them out; the reset-password dialog checks the SPEC rule', async ({ page, browser }) => {
  // a second browser holds the viewer's session
  const other = await browser.newContext();
  const viewer = await other.newPage();
  await login(viewer, username, password);

  await login(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/setting/userManagement');
  const row = page.getByRole('row').filter({ hasText: username });
  await row.getByRole('button', { name: `重置密码 ${username}` }).click();
  await page.getByLabel('新密码', { exact: true }).fill('12345');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('密码不能少于6位')).toBeVisible();
  await page.getByRole('button', { name: '取消' }).click();

  await row.getByRole('button', { name: `停用 ${username}` }).click();
  await page.getByRole('button', { name: '确认' }).click();
  await expect(row).toContainText('停用');
  // the viewer's next request finds the session revoked and lands on the login page
  await viewer.reload();
  await expect(viewer).toHaveURL(/#\/login/);
  await other.close();
});
