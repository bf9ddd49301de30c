import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, login, shot } from './helpers.ts';

/**
 * The tab bar with its page cache, the lock screen, the error log and the avatar menu (SPEC.md §2,
 * §4, §5, §8), driven as a person would. E2E_SHOTS=<dir> also writes screenshots to look at.
 */

/** cached pages stay in the DOM, hidden: look only at what is on screen */
const visible = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true }).filter({ visible: true }).first();
const bar = (page: Page) => page.locator('.pv-tabs-bar');
const tab = (page: Page, key: string) => bar(page).locator(`[data-tab-key="${key}"]`);
const tabKeys = (page: Page) => bar(page).getByRole('tab').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab-key')));

const INTENTIONAL = '/customer/intentionalCustomer';
const FORMAL = '/customer/customerList';
const USERS = '/setting/userManagement';
const ROLES = '/setting/roleManagement';
const LOGS = '/setting/systemLog';

async function open(page: Page, path: string) {
  await page.goto(`/#${path}`);
  await expect(tab(page, path.split('?')[0]!.replace(/\/create$/, ''))).toHaveAttribute('aria-selected', 'true');
}

async function contextMenu(page: Page, key: string) {
  // the previous menu has finished closing (its modal layer would take the click)
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(tab(page, key)).toBeVisible();
  await tab(page, key).click({ button: 'right' });
  return page.getByRole('menu');
}

test('tabs open, close with every action, and the right-click menu acts on the clicked tab', async ({ page }) => {
  test.setTimeout(150_000); // many steps, each a screen to load
  await login(page);
  await expect(tab(page, '/index')).toBeVisible();
  for (const p of [INTENTIONAL, FORMAL, USERS, ROLES, LOGS]) await open(page, p);
  expect(await tabKeys(page)).toEqual(['/index', INTENTIONAL, FORMAL, USERS, ROLES, LOGS]);
  // the home tab is not closable
  await expect(tab(page, '/index').locator('.pv-tab-close')).toHaveCount(0);
  await shot(page, 'tabs-smooth-zh');

  // × on a tab that is not active: it goes, the page stays
  await tab(page, ROLES).locator('.pv-tab-close').click();
  expect(await tabKeys(page)).toEqual(['/index', INTENTIONAL, FORMAL, USERS, LOGS]);
  await expect(page).toHaveURL(new RegExp(`#${LOGS}$`));
  // × on the active tab: to the last remaining tab
  await tab(page, LOGS).locator('.pv-tab-close').click();
  await expect(page).toHaveURL(new RegExp(`#${USERS}$`));
  expect(await tabKeys(page)).toEqual(['/index', INTENTIONAL, FORMAL, USERS]);

  // the keyboard: the strip is one tab stop (the active tab), arrows move, Enter opens, Delete closes
  await tab(page, USERS).focus();
  await expect(tab(page, USERS)).toHaveAttribute('tabindex', '0');
  await expect(tab(page, FORMAL)).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowLeft');
  await expect(tab(page, FORMAL)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#${FORMAL}$`));
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, USERS)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Delete');
  expect(await tabKeys(page)).toEqual(['/index', INTENTIONAL, USERS]);
  // closing the active tab moves to the last one: let that navigation land before opening another
  await expect(page).toHaveURL(new RegExp(`#${USERS}$`));
  await open(page, FORMAL);
  await open(page, USERS);

  // right-click the first closable tab (not the active one): nothing closable to its left
  let menu = await contextMenu(page, INTENTIONAL);
  await expect(menu.getByRole('menuitem', { name: '关闭左侧' })).toHaveAttribute('aria-disabled', 'true');
  await expect(menu.getByRole('menuitem', { name: '关闭右侧' })).not.toHaveAttribute('aria-disabled', 'true');
  await shot(page, 'tabs-context-menu-zh');
  await menu.getByRole('menuitem', { name: '关闭右侧' }).click();
  expect(await tabKeys(page)).toEqual(['/index', INTENTIONAL]);
  // the active tab was closed: to the clicked tab
  await expect(page).toHaveURL(new RegExp(`#${INTENTIONAL}$`));

  // close left, acting on the clicked tab
  for (const p of [FORMAL, USERS, ROLES]) await open(page, p);
  menu = await contextMenu(page, USERS);
  await expect(menu.getByRole('menuitem', { name: '关闭右侧' })).not.toHaveAttribute('aria-disabled', 'true');
  await menu.getByRole('menuitem', { name: '关闭左侧' }).click();
  expect(await tabKeys(page)).toEqual(['/index', USERS, ROLES]);
  await expect(page).toHaveURL(new RegExp(`#${ROLES}$`));

  // close others, on a tab that is not active
  await open(page, LOGS);
  menu = await contextMenu(page, USERS);
  await menu.getByRole('menuitem', { name: '关闭其他' }).click();
  expect(await tabKeys(page)).toEqual(['/index', USERS]);
  await expect(page).toHaveURL(new RegExp(`#${USERS}$`));

  // the home tab: it cannot close, nothing to its left
  menu = await contextMenu(page, '/index');
  await expect(menu.getByRole('menuitem', { name: '关闭', exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(menu.getByRole('menuitem', { name: '关闭左侧' })).toHaveAttribute('aria-disabled', 'true');
  await expect(menu.getByRole('menuitem', { name: '关闭右侧' })).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  // close all from the more-menu: only the non-closable home is left, and it is shown
  await open(page, FORMAL);
  await bar(page).getByRole('button', { name: '更多操作' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: '关闭全部' }).click();
  expect(await tabKeys(page)).toEqual(['/index']);
  await expect(page).toHaveURL(/#\/index$/);
  await bar(page).getByRole('button', { name: '更多操作' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: '关闭全部' })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  // the other two tab styles (saved theme settings), tabs kept across the reload
  await open(page, FORMAL);
  for (const style of ['card', 'smart']) {
    await page.evaluate((s) => localStorage.setItem('admin-plus-theme', JSON.stringify({ tabsBarStyle: s })), style);
    await page.reload();
    await expect(bar(page)).toHaveAttribute('data-style', style);
    expect(await tabKeys(page)).toEqual(['/index', FORMAL]);
    await shot(page, `tabs-${style}-zh`);
  }
});

test('a tab closed while shown and opened again before the page in between painted is a tab again', async ({ page }) => {
  // CI: the router shows only the last of two quick navigations, so the page never changed in React's
  // eyes and its tab stayed closed. Here both happen in one task: nothing can paint in between.
  await login(page);
  for (const p of [FORMAL, USERS, FORMAL]) await open(page, p);
  const addressAfterClose = await page.evaluate((key) => {
    const el = document.querySelector<HTMLElement>(`.pv-tabs-bar [data-tab-key="${key}"]`)!;
    el.focus();
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Delete', bubbles: true }));
    const after = location.hash;
    location.hash = `#${key}`;
    return after;
  }, FORMAL);
  expect(addressAfterClose).toBe(`#${USERS}`);
  await expect(tab(page, FORMAL)).toHaveAttribute('aria-selected', 'true');
  expect(await tabKeys(page)).toEqual(['/index', USERS, FORMAL]);
});

test('a list filter and a half-filled form survive switching tabs; tabs survive a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page);
  await expect(tab(page, '/index')).toBeVisible();
  await open(page, FORMAL);
  const search = page.getByPlaceholder('搜索').filter({ visible: true });
  await search.fill('王');
  await expect(page).toHaveURL(/filter=/);
  // the filtered rows are on screen
  await expect(page.locator('.pv-cached-page[data-active="true"] tbody tr').first()).toContainText('王');

  await open(page, `${INTENTIONAL}/create`);
  await visible(page, '姓名').fill('半填写的客户');
  await visible(page, '详细地址').fill('未保存的地址');

  // to the list tab: its filter is still there
  await tab(page, FORMAL).click();
  await expect(page).toHaveURL(/#\/customer\/customerList\?.*filter=/);
  await expect(page.getByPlaceholder('搜索').filter({ visible: true })).toHaveValue('王');
  // back to the form tab: the unsaved input is still there
  await tab(page, INTENTIONAL).click();
  await expect(page).toHaveURL(new RegExp(`#${INTENTIONAL}/create$`));
  await expect(visible(page, '姓名')).toHaveValue('半填写的客户');
  await expect(visible(page, '详细地址')).toHaveValue('未保存的地址');
  await shot(page, 'tabs-form-kept-zh');

  // a reload keeps the tabs
  await page.reload();
  await expect(tab(page, FORMAL)).toBeVisible();
  expect(await tabKeys(page)).toEqual(['/index', FORMAL, INTENTIONAL]);
  await tab(page, FORMAL).click();
  await expect(page.getByPlaceholder('搜索').filter({ visible: true })).toHaveValue('王');

  // refresh from the right-click menu drops the cached page: the form is empty again
  await tab(page, INTENTIONAL).click();
  await visible(page, '姓名').fill('又一个');
  const menu = await contextMenu(page, INTENTIONAL);
  await menu.getByRole('menuitem', { name: '重新加载' }).click();
  await expect(visible(page, '姓名')).toHaveValue('');
});

test('lock and unlock with the signed-in user’s own password', async ({ page }) => {
  await login(page);
  await page.getByRole('button', { name: '锁屏' }).click();
  const lock = page.locator('.pv-lock-screen');
  await expect(lock).toBeVisible();
  await expect(lock.getByText('屏幕已锁定')).toBeVisible();
  // a reload stays locked
  await page.reload();
  await expect(lock).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('admin-plus-lock'))).toBe('true');

  // the wallpaper button switches to another of the 32
  const before = await lock.getAttribute('data-wallpaper');
  await lock.getByRole('button', { name: '切换壁纸' }).click();
  await expect(lock).not.toHaveAttribute('data-wallpaper', before!);
  const wallpaper = Number(await lock.getAttribute('data-wallpaper'));
  expect(wallpaper).toBeGreaterThanOrEqual(0);
  expect(wallpaper).toBeLessThan(32);

  // wrong password: checked on blur, and on unlock
  const password = lock.getByLabel('密码');
  await password.fill('not-my-password');
  await password.blur();
  await expect(lock.getByText('请输入正确的密码')).toBeVisible();
  await shot(page, 'lock-wrong-zh');
  await lock.getByRole('button', { name: '解锁' }).click();
  await expect(lock.getByText('请输入正确的密码')).toBeVisible();
  await expect(lock).toBeVisible();

  // the right one unlocks (after 500 ms) with a new wallpaper
  await password.fill(ADMIN_PASSWORD);
  await lock.getByRole('button', { name: '解锁' }).click();
  await expect(lock).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('admin-plus-lock'))).toBe('false');
  expect(Number(await page.evaluate(() => localStorage.getItem('admin-plus-lock-wallpaper')))).not.toBe(wallpaper);
  await page.reload();
  await expect(tab(page, '/index')).toBeVisible();
  await expect(lock).toHaveCount(0);
});

test('the error badge appears after a thrown error and 暂不显示 clears it', async ({ page }) => {
  await login(page);
  const badge = page.getByRole('button', { name: '异常捕获' });
  await expect(tab(page, '/index')).toBeVisible();
  await expect(badge).toHaveCount(0);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('boom');
    });
  });
  await page.evaluate(() => void Promise.reject(new Error('rejected boom')));
  await expect(badge).toBeVisible();
  await badge.click();
  const dialog = page.getByRole('dialog', { name: /异常捕获/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: 'rejected boom' })).toContainText('/index');
  const row = dialog.getByRole('row').filter({ hasText: /^(?!.*rejected).*boom/ });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: '百度搜索' })).toHaveAttribute('href', 'https://www.baidu.com/s?wd=boom');
  await expect(row.getByRole('link', { name: '必应搜索' })).toHaveAttribute('href', 'https://www.bing.com/search?q=boom');
  await row.getByText('悬停查看堆栈').hover();
  await expect(page.getByRole('tooltip')).toContainText('boom');
  await shot(page, 'error-log-zh');
  await dialog.getByRole('button', { name: '暂不显示' }).click();
  await expect(badge).toHaveCount(0);
});

test('avatar menu: change-password popover, personal centre, log out after ~10 s', async ({ page }) => {
  await login(page);
  const avatar = page.getByRole('button', { name: '用户菜单' });
  await avatar.click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const field = page.getByPlaceholder('请输入密码');
  await expect(field).toBeVisible();
  const popover = page.locator('.MuiPopover-paper').filter({ has: field });
  // measured once the grow transition has finished (mid-animation the box is scaled)
  await expect.poll(async () => (await popover.boundingBox())?.width).toBe(400);
  await field.fill('123');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('密码不能少于6位')).toBeVisible();
  await shot(page, 'avatar-password-zh');
  // cancel closes and clears
  await page.getByRole('button', { name: '取消' }).click();
  await expect(field).toHaveCount(0);
  await avatar.click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  await expect(page.getByPlaceholder('请输入密码')).toHaveValue('');
  // success (the same password, so the other tests keep signing in): the server's message, popover closes
  await page.getByPlaceholder('请输入当前密码').fill(ADMIN_PASSWORD);
  await page.getByPlaceholder('请输入密码').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByPlaceholder('请输入密码')).toHaveCount(0);

  await avatar.click();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await expect(page).toHaveURL(/#\/setting\/personalCenter/);

  // log out shows about 10 s after load, and clears the tabs
  await page.waitForFunction(() => performance.now() > 10_500);
  await avatar.click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/#\/login/);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('admin-plus-tabs')))).toEqual([]);
});

test('screens in English', async ({ page }) => {
  await login(page);
  await page.evaluate(() => localStorage.setItem('RaStore.locale', '"en"'));
  await page.reload();
  for (const p of [INTENTIONAL, FORMAL]) await open(page, p);
  await expect(bar(page).getByRole('button', { name: 'More actions' })).toBeVisible();
  await contextMenu(page, INTENTIONAL);
  await expect(page.getByRole('menuitem', { name: 'Close tabs to the right' })).toBeVisible();
  await shot(page, 'tabs-context-menu-en');
  await page.keyboard.press('Escape');
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('boom in English');
    });
  });
  await page.getByRole('button', { name: 'Captured errors' }).click();
  await expect(page.getByRole('button', { name: 'Hide for now' })).toBeVisible();
  await shot(page, 'error-log-en');
  await page.getByRole('button', { name: 'Hide for now' }).click();
  await page.getByRole('button', { name: 'Lock screen' }).click();
  const lock = page.locator('.pv-lock-screen');
  await lock.getByLabel('Password').fill('wrong-password');
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock.getByText('Please enter the correct password')).toBeVisible();
  await shot(page, 'lock-en');
  await lock.getByLabel('Password').fill(ADMIN_PASSWORD);
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock).toHaveCount(0);
});

test.describe('chunk loading', () => {
  // page.route does not see requests the service worker answers; once the worker controls the page
  // (it claims clients as soon as it activates) the chunk would come from it, not from the network
  test.use({ serviceWorkers: 'block' });

  test('a view whose code fails to load shows a load error with a retry, not a blank page', async ({ page }) => {
    await login(page);
    await expect(tab(page, '/index')).toBeVisible();
    // the personal centre's chunk cannot be fetched (network down, or a release removed it)
    await page.route(/\/assets\/PersonalCenter-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/#/setting/personalCenter');
    const failed = page.locator('.pv-chunk-error');
    await expect(failed).toContainText('页面加载失败');
    await shot(page, 'chunk-error-zh');
    // it is in the error log too
    await expect(page.getByRole('button', { name: '异常捕获' })).toBeVisible();
    // the network is back: retry loads the page
    await page.unroute(/\/assets\/PersonalCenter-[^/]+\.js$/);
    await failed.getByRole('button', { name: '重试' }).click();
    await expect(failed).toHaveCount(0);
    await expect(page.locator('.pv-cached-page[data-active="true"]')).not.toBeEmpty();
  });
});
