import { expect, test, type Page } from '@playwright/test';
import { login, tokenOf, uniquePhone, visible } from './helpers.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/agents';

async function api(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const res = method === 'GET' ? await page.request.get(`/api/system/${path}`, { headers }) : await page.request.post(`/api/system/${path}`, { headers, data: body });
  return (await res.json()) as { code: number; msg: string; data: any };
}

/** The station-management menu group is switched on by the stations work; until then the test switches it on as an admin would in 菜单管理. */
async function ensureStationMenu(page: Page) {
  const menus = await api(page, 'GET', 'menu/index?all=1&filter_checkout=1');
  const group = (menus.data as Array<{ id: number; name: string; status: string }>).find((m) => m.name === 'StationManagement');
  if (group && group.status !== 'enabled') {
    await api(page, 'POST', 'menu/update_field', { id: group.id, field: 'status', value: 'enabled' });
    await page.reload();
  }
}

async function pick(page: Page, label: string, option: string | RegExp, scope: Page | ReturnType<Page['locator']> = page) {
  await scope.getByLabel(label).first().click();
  await page.getByRole('option', { name: option }).first().click();
}

test('a second-level agent: created, enabled, disabled (its user cannot sign in), enabled; a customer entered for it opens in customerDetail', async ({ page }) => {
  const code = 'E2E' + String(Date.now()).slice(-6);
  await login(page);
  await ensureStationMenu(page);

  // the list: two-level tree with parent names
  await page.goto('/#/stationManagement/inputagent');
  await expect(page.getByRole('columnheader', { name: '上级代理' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'SD002' })).toContainText('山东阳光新能源有限公司');
  await page.screenshot({ path: `${SHOTS}/zh-agent-list.png` });

  // create: a bad code and a region outside the parent are refused with clear messages
  await page.getByRole('link', { name: '新建' }).click();
  await expect(page.getByRole('button', { name: '保存' })).toBeVisible();
  const box = (name: string) => page.getByRole('textbox', { name, exact: true });
  await box('编码').fill('bad code');
  await box('名称').fill('济南东区光伏服务部');
  await page.getByRole('combobox', { name: '上级代理' }).fill('山东阳光');
  await page.getByRole('option', { name: /山东阳光新能源有限公司/ }).click();
  await pick(page, '省份', '河南省');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('编码只能包含大写字母和数字（2-32位）')).toBeVisible();
  await box('编码').fill(code);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('授权区域须在上级代理“山东阳光新能源有限公司”的授权区域内')).toBeVisible();
  await pick(page, '省份', '山东省');
  await pick(page, '城市', '济南市');
  await page.getByRole('spinbutton', { name: '保证金（元）' }).fill('20000.5');
  await box('结算账户').fill('6228480012345678');
  await page.getByRole('button', { name: '保存' }).click();

  // the detail page (data entry) opens in its own tab
  await expect(page).toHaveURL(/#\/stationManagement\/inputagentDetail\?id=\d+/);
  await expect(page.getByTestId('agent-heading')).toHaveText('济南东区光伏服务部');
  await expect(page.getByTestId('agent-status').first()).toHaveText('待审核');
  await expect(page.getByText('6228********5678')).toBeVisible();
  const agentId = Number(new URL(page.url().replace('#/', '')).searchParams.get('id'));

  // enable, disable (asks first), enable again
  await page.getByTestId(`agent-enable-${agentId}`).click();
  await expect(page.getByTestId('agent-status').first()).toHaveText('启用');
  await page.getByTestId(`agent-disable-${agentId}`).click();
  await page.getByTestId('agent-disable-confirm').click();
  await expect(page.getByTestId('agent-status').first()).toHaveText('停用');
  await expect(page.getByText('该代理商已停用：其员工账号不能登录。')).toBeVisible();
  // a user of the disabled agent cannot sign in
  const password = 'staff-pass-1';
  const user = await api(page, 'POST', 'user/add', { username: `u${code.toLowerCase()}`, full_name: '录入员', password, agent_id: agentId });
  expect(user.code, user.msg).toBe(200);
  const refused = await page.request.post('/api/system/index/login', { data: { username: `u${code.toLowerCase()}`, password } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).msg).toContain('已停用');
  await page.getByTestId(`agent-enable-${agentId}`).click();
  await expect(page.getByTestId('agent-status').first()).toHaveText('启用');
  const history = page.getByText('变更记录').locator('..').locator('..');
  await expect(history).toContainText('停用');

  // data entry: a customer for this agent through the customer form
  const phone = uniquePhone();
  await page.getByTestId('agent-new-customer').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('姓名').first().fill('孙立新');
  await dialog.getByLabel('手机号').first().fill(phone);
  // 跟进人: a user picked by name (no more numeric id)
  await dialog.getByRole('combobox', { name: '跟进人' }).fill('李晓');
  await page.getByRole('option', { name: /李晓梅/ }).click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('客户已录入')).toBeVisible();
  const customerLink = page.getByTestId('agent-customers').getByRole('link', { name: '孙立新' });
  await expect(customerLink).toBeVisible();
  const found = await api(page, 'GET', `customer/index?phone=${phone}`);
  expect(found.data.list[0]).toMatchObject({ agent_id: agentId, source: 'agent', stage: 'intentional', owner_name: '李晓梅' });
  await page.screenshot({ path: `${SHOTS}/zh-agent-detail.png`, fullPage: true });

  // the customer opens in customerDetail
  await customerLink.click();
  await expect(page).toHaveURL(/#\/customer\/customerDetail\?id=\d+/);
  await expect(page.getByTestId('customer-heading')).toHaveText('孙立新');
  await expect(page.getByTestId('customer-app-account')).toContainText('签约成为正式客户后才能开通光E宝账号');
  await page.screenshot({ path: `${SHOTS}/zh-customer-detail.png`, fullPage: true });
  // converted on the detail page, which stays and shows the formal customer (光E宝 account actions appear)
  await page.getByRole('button', { name: '转为正式客户' }).click();
  const convert = page.getByRole('dialog');
  await pick(page, '业务模式', '全款', convert);
  await convert.getByRole('button', { name: '确认' }).click();
  await expect(page.getByTestId('verify-url')).toBeVisible();
  await expect(page).toHaveURL(/#\/customer\/customerDetail\?id=\d+/);
  await expect(page.getByTestId('status-chip').first()).toHaveText('已签约');
});

test('customerDetail of a formal customer: 光E宝 verify link and app password; English', async ({ page }) => {
  await login(page);
  const formal = await api(page, 'GET', 'customer/index?stage=formal&limit=1');
  const c = formal.data.list[0];
  // the formal list's rows open customerDetail
  await page.goto('/#/customer/customerList');
  await page.getByRole('row').filter({ hasText: c.phone }).first().click();
  await expect(page).toHaveURL(new RegExp(`#/customer/customerDetail\\?id=${c.id}`));
  await page.getByTestId('verify-url').click();
  await expect(page.getByTestId('verify-code')).toHaveText(/^\d{6}$/);
  await expect(page.getByTestId('verify-link')).toHaveValue(/\/geb\/verify\?cid=\d+&exp=\d+&sig=/);
  await page.getByRole('button', { name: '关闭' }).click();
  await page.getByTestId('set-app-password').click();
  await page.getByLabel('新密码').fill('12345');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('密码不能少于6位')).toBeVisible();
  await page.getByLabel('新密码').fill('owner-pass-1');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('光E宝登录密码已设置')).toBeVisible();
  await expect(page.getByTestId('app-password-chip')).toHaveText('已设置登录密码');
  await expect(page.getByTestId('app-enabled-chip')).toHaveText('已开通');
  await page.screenshot({ path: `${SHOTS}/zh-customer-formal.png`, fullPage: true });

  // English
  await page.getByRole('button', { name: '简体中文' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByTestId('app-password-chip')).toHaveText('Sign-in password set');
  await page.screenshot({ path: `${SHOTS}/en-customer-detail.png`, fullPage: true });
  await ensureStationMenu(page);
  await page.goto('/#/stationManagement/inputagent');
  await expect(page.getByRole('columnheader', { name: 'Parent agent' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/en-agent-list.png` });
  await page.goto('/#/stationManagement/inputagentDetail?id=1');
  await expect(page.getByTestId('agent-heading')).toBeVisible();
  await expect(page.getByText("This agent's customers")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/en-agent-detail.png`, fullPage: true });
});

test("an agent user sees its own tree only: another agent's page and customer are refused", async ({ page }) => {
  await login(page);
  await ensureStationMenu(page);
  const hn = (await api(page, 'GET', 'agent/index?code=HN001')).data.list[0];
  const hnCustomer = (await api(page, 'GET', `customer/index?agent_id=${hn.id}&limit=1`)).data.list[0];
  // a fresh session as the Shandong agent's user (demo users share the admin password)
  await page.evaluate(() => localStorage.clear());
  await login(page, 'agent_sd');
  await page.goto('/#/stationManagement/inputagent');
  await expect(page.getByRole('row').filter({ hasText: 'SD002' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'HN001' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '新建' })).toHaveCount(0);
  // (each detail page stays open in its tab, hidden: look at the one on screen)
  // out of scope reads as missing (no existence oracle: the id of another agent's record says nothing)
  await page.goto(`/#/stationManagement/inputagentDetail?id=${hn.id}`);
  await expect(visible(page.getByTestId('record-error'))).toHaveText(`记录不存在或已被删除（ID ${hn.id}）`);
  await page.goto(`/#/customer/customerDetail?id=${hnCustomer.id}`);
  await expect(visible(page.getByTestId('record-error'))).toHaveText(`记录不存在或已被删除（ID ${hnCustomer.id}）`);
});
