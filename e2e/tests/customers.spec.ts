import { expect, test, type Page } from '@playwright/test';
import { login, tokenOf, uniquePhone } from './helpers.ts';

async function findByPhone(page: Page, phone: string): Promise<Array<{ id: number; stage: string; status: string; name: string; version: number }>> {
  const token = await tokenOf(page);
  const res = await page.request.get(`/api/system/customer/index?phone=${phone}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.list;
}

async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label).first().click();
  await page.getByRole('option', { name: option }).click();
}

test('an intentional customer from creation to formal customer, then deleted', async ({ page }) => {
  const phone = uniquePhone();
  await login(page);
  await page.goto('/#/customer/intentionalCustomer/create');
  await expect(page.getByRole('button', { name: '保存' })).toBeVisible();

  // A bad phone shows the contract's message and nothing is saved.
  await page.getByLabel('姓名').first().fill('王建国');
  await page.getByLabel('手机号').first().fill('12345');
  await pick(page, '省份', '浙江省');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('请输入正确的手机号')).toBeVisible();
  expect(await findByPhone(page, '12345')).toHaveLength(0);

  // Correct it and save.
  await page.getByLabel('手机号').first().fill(phone);
  await pick(page, '城市', '杭州市');
  await page.getByLabel('详细地址').fill('西湖区文三路100号');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已创建')).toBeVisible();
  await expect(page).toHaveURL(/#\/customer\/intentionalCustomer\/\d+\/show/);
  let [saved] = await findByPhone(page, phone);
  expect(saved).toMatchObject({ name: '王建国', stage: 'intentional', status: 'new' });

  // Edit: rename.
  await page.getByRole('link', { name: '编辑' }).click();
  await expect(page.getByRole('button', { name: '保存' })).toBeVisible();
  await page.getByLabel('姓名').first().fill('王建民');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已更新')).toBeVisible();
  [saved] = await findByPhone(page, phone);
  expect(saved?.name).toBe('王建民');
  expect(saved?.version).toBeGreaterThan(1);

  // Follow up, then convert to a formal customer.
  await page.goto(`/#/customer/intentionalCustomer/${saved!.id}/show`);
  await page.getByRole('button', { name: '添加跟进' }).click();
  await pick(page, '跟进方式', '电话');
  await page.getByLabel('跟进内容').fill('客户对屋顶租赁方案感兴趣，约下周踏勘');
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('跟进记录已添加')).toBeVisible();
  await expect(page.getByTestId('follow-up-timeline')).toContainText('约下周踏勘');

  await page.getByRole('button', { name: '转为正式客户' }).click();
  await pick(page, '业务模式', '屋顶租赁');
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('已转为正式客户')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/customer/customerList/${saved!.id}/show`));
  [saved] = await findByPhone(page, phone);
  expect(saved).toMatchObject({ stage: 'formal', status: 'signed' });

  // It shows in the formal list with the same id.
  await page.goto('/#/customer/customerList');
  await page.getByPlaceholder('搜索').fill(phone);
  await expect(page.getByRole('row').filter({ hasText: phone })).toContainText('王建民');
  await expect(page.getByRole('row')).toHaveCount(2); // header + the one match

  // Delete with confirmation.
  await page.goto(`/#/customer/customerList/${saved!.id}/show`);
  await page.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: '确认' }).click();
  await expect(page.getByText(/已删除/)).toBeVisible();
  expect(await findByPhone(page, phone)).toHaveLength(0);
});

test('switching to English changes the labels and survives a reload', async ({ page }) => {
  await login(page);
  await page.goto('/#/customer/intentionalCustomer');
  await expect(page.getByRole('columnheader', { name: '姓名' })).toBeVisible();
  await page.getByRole('button', { name: '简体中文' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  await expect(page.getByText('Prospects', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  // the server answers in the same language
  await page.goto('/#/customer/intentionalCustomer/create');
  await page.getByLabel('Name').first().fill('李四');
  await page.getByLabel('Mobile').first().fill('999');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter a valid mobile number')).toBeVisible();
});
