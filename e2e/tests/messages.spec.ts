import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, login } from './helpers.ts';

/**
 * Messages pushed to an open console: a message sent through the API shows up in the top-bar bell
 * (count and toast) without a reload; reading it lowers the count; the message centre lists it.
 */

async function apiLogin(request: APIRequestContext, username = 'admin'): Promise<string> {
  const res = await request.post('/api/system/index/login', { data: { username, password: ADMIN_PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.token as string;
}

async function userId(request: APIRequestContext, token: string, username: string): Promise<number> {
  const res = await request.get('/api/system/user/index', { params: { username }, headers: { authorization: `Bearer ${token}` } });
  const user = (await res.json()).data.list.find((u: { username: string }) => u.username === username);
  return user.id as number;
}

async function sendMessage(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const res = await request.post('/api/system/message/add', { data: body, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { id: number; title: string };
}

/** Opens the message centre once the login has landed on its start page (a later redirect would leave it). */
async function openCentre(page: Page) {
  await expect(page).toHaveURL(/#\/index/);
  await page.goto('/#/setting/messageCenter');
  await expect(page.getByTestId('message-center')).toBeVisible();
}

const badgeCount = async (page: Page) => Number((await page.getByTestId('notice-badge').getAttribute('data-count')) ?? '0');

test('a message sent to a signed-in user appears in the open console without reload; reading it lowers the count', async ({ page, request }) => {
  const admin = await apiLogin(request);
  const kefu = await userId(request, admin, 'kefu');
  await login(page, 'kefu');
  const bell = page.getByTestId('notice-bell');
  await expect(bell).toBeVisible();
  // the socket is up once the message centre says so; the bell uses the same socket
  await openCentre(page);
  await expect(page.getByText('实时推送已连接')).toBeVisible();
  const before = await badgeCount(page);

  const title = `并网资料待补充 ${Date.now()}`;
  await sendMessage(request, admin, { title, content: '请补充户号照片', level: 'warning', recipient_id: kefu, link: '/setting/personalCenter' });

  // toast and count, no reload
  await expect(page.getByText(`新消息：${title}`)).toBeVisible();
  await page.screenshot({ path: 'test-results/messages-toast-zh.png' });
  await expect(page.getByTestId('notice-badge')).toHaveAttribute('data-count', String(before + 1));
  // the centre's list follows too
  await expect(page.getByTestId('my-message').filter({ hasText: title })).toHaveAttribute('data-read', '0');

  // a message to someone else does not reach this console
  const other = await userId(request, admin, 'agent_sd');
  await sendMessage(request, admin, { title: `只给山东代理 ${Date.now()}`, recipient_id: other });

  // open the bell, click the message: read, count down, its link opens
  await bell.click();
  const item = page.getByTestId('notice-item').filter({ hasText: title });
  await expect(item).toHaveAttribute('data-read', '0');
  await page.screenshot({ path: 'test-results/messages-bell-zh.png' });
  await item.click();
  await expect(page.getByTestId('notice-badge')).toHaveAttribute('data-count', String(before));
  await expect(page).toHaveURL(/#\/setting\/personalCenter/);
  expect(await badgeCount(page)).toBe(before);
  await expect(page.getByText(/只给山东代理/)).toHaveCount(0);

  // a burst of messages (a scheduled job's) adds up in one toast under the bell, naming the latest;
  // the answer to the user's own action is react-admin's notification and is not pushed aside
  const burst = `逆变器离线 ${Date.now()}`;
  for (const n of [1, 2, 3]) await sendMessage(request, admin, { title: `${burst} #${n}`, recipient_id: kefu });
  const toast = page.getByTestId('message-toast');
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText(`新消息：${burst} #3（共 `);
  await page.screenshot({ path: 'test-results/messages-toast-burst-zh.png' });
  await bell.click();
  await page.getByTestId('notice-clear').click();
  await expect(page.getByText('已全部标为已读')).toBeVisible();
  await expect(page.getByTestId('notice-badge')).toHaveAttribute('data-count', '0');
});

test('the message centre: manage and send as admin, mark all read, in zh and en', async ({ page, request }) => {
  const admin = await apiLogin(request);
  await login(page, 'admin');
  await openCentre(page);
  await expect(page.getByText('实时推送已连接')).toBeVisible();
  // earlier specs (or the scheduler's first runs) may have left the admin unread messages: take the
  // server's count and let the badge show it before sending, so the +1 below is this message's
  const notify = await request.post('/api/system/message/get_notify', { data: { limit: 1 }, headers: { authorization: `Bearer ${admin}` } });
  const unread = Number((await notify.json()).data.unread);
  await expect(page.getByTestId('notice-badge')).toHaveAttribute('data-count', String(unread));

  // send to everyone from the manage tab
  await page.getByTestId('tab-manage').click();
  await page.getByTestId('message-send').click();
  const dialog = page.getByRole('dialog');
  // a message without a title is refused in the form
  await dialog.getByLabel('内容').fill('今晚 22:00-23:00 系统维护');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('此项不能为空').first()).toBeVisible();
  const title = `系统维护通知 ${Date.now()}`;
  await dialog.getByLabel('标题').fill(title);
  await page.screenshot({ path: 'test-results/messages-send-zh.png' });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('消息已发送')).toBeVisible();
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
  // the sender is also "everyone": the count arrives here too (the toast may already have passed; the
  // scheduler's messages to the administrator — overdue orders — may arrive meanwhile and add to it)
  await expect.poll(() => badgeCount(page)).toBeGreaterThanOrEqual(unread + 1);
  await page.screenshot({ path: 'test-results/messages-manage-zh.png' });

  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('my-message').filter({ hasText: title })).toBeVisible();
  await page.screenshot({ path: 'test-results/messages-mine-zh.png' });
  await page.getByTestId('my-messages-clear').click();
  await expect(page.getByTestId('notice-badge')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('my-message').filter({ hasText: title })).toHaveAttribute('data-read', '1');

  // English
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await page.reload();
  await expect(page.getByText('Live updates connected')).toBeVisible();
  await sendMessage(request, admin, { title: `Grid connection approved ${Date.now()}`, level: 'urgent' });
  await expect(page.getByText(/New message: Grid connection approved/)).toBeVisible();
  await page.getByTestId('notice-bell').click();
  await expect(page.getByTestId('notice-popover').getByText(/^[1-9]\d* unread$/)).toBeVisible();
  await page.screenshot({ path: 'test-results/messages-bell-en.png' });
  await page.keyboard.press('Escape');
  await page.getByTestId('tab-manage').click();
  await expect(page.getByText('Manage messages')).toBeVisible();
  await page.screenshot({ path: 'test-results/messages-manage-en.png' });
});
