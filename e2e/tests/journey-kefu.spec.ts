import { expect, test, type Page } from '@playwright/test';
import { CustomerStatus, MatterStatus } from '../../packages/contract/src/index.ts';
import { shot, uniquePhone, visible } from './helpers.ts';
import { apiOf, closeSignedIn, inEnglish, signedIn } from './journey.ts';

/**
 * A day of 运营客服 李晓梅 (kefu, role 运营客服), clicking only: a phoned-in prospect entered,
 * followed up, surveyed and signed (a formal customer, the same record); the new owner's 租金咨询
 * from the 光E宝 app assigned to herself, answered and closed with a result. Dispatching a
 * construction order is the dispatcher's: no button, and the API answers 403. Then in English.
 */

async function pick(page: Page, label: string, option: string) {
  await visible(page.getByLabel(label)).click();
  await page.getByRole('option', { name: option }).click();
}

test.afterEach(closeSignedIn);

test('李晓梅: a customer from first contact to signed, a 光E宝 matter answered; dispatching is refused; zh then en', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const page = await signedIn(browser, 'kefu');
  const me = apiOf(page, request);
  const phone = uniquePhone();
  const HAN = '甲乙丙丁戊己庚辛壬癸';
  const name = `钱${HAN[Date.now() % 10]}${HAN[Math.floor(Date.now() / 10) % 10]}`;

  // ── first contact: the prospect entered
  await page.goto('/#/customer/intentionalCustomer/create');
  await visible(page.getByLabel('姓名')).fill(name);
  await visible(page.getByLabel('手机号')).fill(phone);
  await pick(page, '省份', '山东省');
  await pick(page, '城市', '济南市');
  await visible(page.getByLabel('详细地址')).fill('历城区港沟街道 18 号');
  await visible(page.getByRole('button', { name: '保存' })).click();
  await expect(page.getByText('已创建')).toBeVisible();
  await expect(page).toHaveURL(/#\/customer\/intentionalCustomer\/\d+\/show/);
  const id = Number(/intentionalCustomer\/(\d+)\/show/.exec(page.url())![1]);
  const status = () => visible(page.getByTestId('status-chip'));
  await expect(status()).toHaveText('新建');

  // ── followed up, surveyed, signed
  await visible(page.getByRole('button', { name: '添加跟进' })).click();
  await pick(page, '跟进方式', '上门拜访');
  await page.getByRole('dialog').getByLabel('跟进内容').fill('屋顶朝南、无遮挡，业主倾向屋顶租赁，约周五踏勘');
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('跟进记录已添加')).toBeVisible();
  await expect(status()).toHaveText('跟进中');
  await visible(page.getByRole('button', { name: '标记已踏勘' })).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(status()).toHaveText('已踏勘');
  await shot(page, 'journey-kefu-customer-surveyed-zh');
  await visible(page.getByRole('button', { name: '转为正式客户' })).click();
  await pick(page, '业务模式', '屋顶租赁');
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('已转为正式客户')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/customer/customerList/${id}/show`));
  await expect(status()).toHaveText('已签约');
  await expect(visible(page.getByTestId('follow-up-timeline'))).toContainText('约周五踏勘');
  await shot(page, 'journey-kefu-customer-signed-zh');

  // ── the owner asks about rent in the 光E宝 app: assigned to herself, answered, closed
  const matter = await me.post('matter/add', { type: 'rent', customer_id: id, title: '租金什么时候到账', content: '请问第一期屋顶租金什么时候打到我卡上？', channel: 'app' });
  await page.goto(`/#/stationManagement/matterDetails?id=${matter.id}`);
  await expect(visible(page.getByTestId('matter-status'))).toHaveText('待处理');
  await visible(page.getByRole('button', { name: '指派' })).click();
  await page.getByRole('dialog').getByRole('combobox', { name: '处理人' }).fill('李晓梅');
  await page.getByRole('option', { name: /李晓梅/ }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(page.getByTestId('matter-status'))).toHaveText('处理中');
  await visible(page.getByTestId('reply-content')).fill('您好，租金按季度支付，合同生效后的首期租金将在季度末 15 日前打到您登记的银行卡。');
  await visible(page.getByTestId('reply-send')).click();
  await expect(visible(page.getByTestId('matter-reply'))).toContainText('季度末 15 日前');
  await visible(page.getByRole('button', { name: '办结' })).click();
  await page.getByRole('dialog').getByLabel('处理结果').fill('已电话告知付款时间，业主满意');
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(page.getByTestId('matter-status'))).toHaveText('已办结');
  await shot(page, 'journey-kefu-matter-zh');

  // ── not the office's: dispatching a construction order (no button; 403)
  const order = ((await me.get('work_order/index?kind=build&status=pending_dispatch&limit=1')).list as Array<{ id: number; version: number; station_id: number }>)[0]!;
  await page.goto(`/#/stationManagement/buildWorkOrderList?filter=${encodeURIComponent(JSON.stringify({ station_id: order.station_id }))}`);
  await page.reload();
  await expect(visible(page.locator('tbody tr'))).toBeVisible();
  await expect(page.getByTestId('wo-action-dispatch')).toHaveCount(0);
  const refused = await me.refused('POST', 'work_order/dispatch', { id: order.id, version: order.version, team_id: 1, deadline: '2030-01-01' });
  expect(refused).toEqual({ status: 403, msg: '没有权限执行此操作（需要 work_order:dispatch）' });

  // ── English
  await inEnglish(page);
  await page.goto(`/#/customer/customerList/${id}/show`);
  await page.reload();
  await expect(status()).toHaveText(CustomerStatus.label('signed', 'en'));
  await shot(page, 'journey-kefu-customer-en');
  await page.goto(`/#/stationManagement/matterDetails?id=${matter.id}`);
  await expect(visible(page.getByTestId('matter-status'))).toHaveText(MatterStatus.label('closed', 'en'));
  await shot(page, 'journey-kefu-matter-en');
});
