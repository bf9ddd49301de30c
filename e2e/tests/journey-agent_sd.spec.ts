import { expect, test } from '@playwright/test';
import { SettlementStatus } from '../../packages/contract/src/index.ts';
import { shot, visible } from './helpers.ts';
import { apiOf, closeSignedIn, inEnglish, signedIn } from './journey.ts';

/**
 * A day of the Shandong agent 王建国 (agent_sd, role 代理商, agent data scope), clicking only: its
 * customers are its own agent tree's (山东) and no one else's; last month's settlements that finance
 * (财务制单 caiwu) submitted: it disputes a line of one with a reason and confirms the other. A
 * Henan customer is outside its scope (403), and paying a settlement is finance's (no button, 403).
 * Then its settlement in English.
 */

test.afterEach(closeSignedIn);

test('王建国 (agent): sees only its own customers, disputes a settlement line, confirms a settlement; others’ records and paying are refused; zh then en', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const page = await signedIn(browser, 'agent_sd');
  const me = apiOf(page, request);
  const finance = apiOf(await signedIn(browser, 'caiwu'), request);

  // ── its customers: only its Shandong agent tree
  await page.goto('/#/customer/intentionalCustomer');
  await expect(visible(page.locator('tbody tr').first())).toBeVisible();
  await expect(visible(page.locator('tbody'))).not.toContainText('河南');
  const mine = (await me.get('customer/index?limit=200')).list as Array<{ province_code: string }>;
  expect(mine.length).toBeGreaterThan(0);
  expect(new Set(mine.map((c) => c.province_code))).toEqual(new Set(['370000']));
  await shot(page, 'journey-agent-customers-zh');

  // ── last month's settlements of its tree, submitted by finance
  const drafts = ((await finance.get('settlement/index?party_kind=agent&status=draft&limit=100&sort=id&order=ASC')).list as Array<{ id: number; version: number; settlement_no: string; party_name: string }>).filter((s) =>
    /山东|潍坊|临沂|菏泽/.test(s.party_name),
  );
  expect(drafts.length, 'two Shandong settlements in draft').toBeGreaterThanOrEqual(2);
  const [toDispute, toConfirm] = [drafts[0]!, drafts[1]!];
  for (const s of [toDispute, toConfirm]) await finance.post('settlement/submit', { id: s.id, version: s.version });

  await page.goto('/#/finance/settlement');
  await expect(visible(page.getByTestId('settlement-list'))).toContainText(toDispute.settlement_no);
  await expect(visible(page.getByTestId('settlement-list'))).not.toContainText('河南');
  await shot(page, 'journey-agent-settlements-zh');

  // ── a line disputed, with a reason
  const line = ((await me.get(`settlement/lines?id=${toDispute.id}`)).list as Array<{ id: number }>)[0]!;
  await page.goto(`/#/finance/settlementDetail?id=${toDispute.id}`);
  await expect(visible(page.getByTestId('settlement-status'))).toHaveText('待确认');
  const row = visible(page.getByTestId('settlement-lines')).locator(`[data-line-id="${line.id}"]`);
  await row.getByTestId('line-dispute').click();
  await page.getByRole('dialog').getByLabel(/异议原因/).fill('该客户 10 月实际并网容量为 15.4 kWp，不是签约容量');
  await page.getByRole('dialog').getByRole('button', { name: '提出异议' }).click();
  await expect(visible(page.getByTestId('settlement-status'))).toHaveText('有异议');
  await expect(row).toContainText('15.4 kWp');
  await shot(page, 'journey-agent-disputed-zh');

  // ── the other confirmed
  await page.goto(`/#/finance/settlementDetail?id=${toConfirm.id}`);
  await expect(visible(page.getByTestId('settlement-status'))).toHaveText('待确认');
  await visible(page.getByRole('button', { name: '确认' })).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(page.getByTestId('settlement-status'))).toHaveText('已确认');
  await shot(page, 'journey-agent-confirmed-zh');

  // ── not the agent's: paying (no button; 403), another agent's customer (as missing: 404)
  await expect(visible(page.getByRole('button', { name: '确认付款' }))).toHaveCount(0);
  const confirmed = await me.get(`settlement/get_info?id=${toConfirm.id}`);
  expect((await me.refused('POST', 'settlement/pay', { id: confirmed.id, version: confirmed.version, bank_serial: 'X1' })).status).toBe(403);
  const paidan = apiOf(await signedIn(browser, 'paidan'), request);
  const other = ((await paidan.get('customer/index?province_code=410000&limit=1')).list as Array<{ id: number }>)[0]!;
  expect(await me.refused('GET', `customer/get_info?id=${other.id}`)).toEqual({ status: 404, msg: `记录不存在或已被删除（ID ${other.id}）` });

  // ── English
  await inEnglish(page);
  await page.reload();
  await expect(visible(page.getByTestId('settlement-status'))).toHaveText(SettlementStatus.label('confirmed', 'en'));
  await shot(page, 'journey-agent-confirmed-en');
  await page.goto(`/#/finance/settlementDetail?id=${toDispute.id}`);
  await expect(visible(page.getByTestId('settlement-status'))).toHaveText(SettlementStatus.label('disputed', 'en'));
  await shot(page, 'journey-agent-disputed-en');
});
