import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ADMIN_PASSWORD, apiAs, login, shot, tokenOf, uniquePhone, visible } from './helpers.ts';

/**
 * 财务 › 结算单 (issue 15) end to end: an agent's month of work (a customer of 山东 SD001 signed this
 * month, 12.35 kWp) → 运营客服 kefu (finance) generates the month in the console and submits SD001's
 * settlement → the agent user agent_sd sees it, disputes the commission line of that customer with a
 * reason → kefu accepts the dispute with the correct amount (an adjustment line for the difference)
 * → agent_sd confirms → kefu marks it paid with the bank's serial; the timeline shows every step.
 * Then a look in English. E2E_SHOTS=<dir> writes screenshots.
 */

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, username, ADMIN_PASSWORD);
  return page;
}

/** This month in China time (YYYY-MM). */
const chinaMonth = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);

test('an agent month of work → generated → the agent disputes a line → finance accepts (adjustment) → the agent confirms → paid; zh then en', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  await login(page);
  const admin = apiAs(request, await tokenOf(page));
  const month = chinaMonth();

  // ── the agent's month of work: a customer of SD001 signed today (12.35 kWp; level 1 → 30 yuan/kWp by the default rule)
  const sd001 = ((await admin.get('agent/index?q=SD001&limit=10')).list as Array<{ id: number; code: string }>).find((a) => a.code === 'SD001')!;
  const HAN = '甲乙丙丁戊己庚辛壬癸';
  const name = `结算${HAN[Date.now() % 10]}${HAN[Math.floor(Date.now() / 10) % 10]}`;
  const c = await admin.post('customer/add', { name, phone: uniquePhone(), province_code: '370000', city_code: '370100', source: 'phone', agent_id: sd001.id, estimated_kwp: 12.35 });
  await admin.post('customer/convert', { id: c.id, version: c.version, business_mode: 'purchase' });

  // ── finance generates the month in the console
  const kefu = await signedIn(browser, 'kefu');
  await kefu.goto('/#/finance/settlement');
  await visible(kefu.getByTestId('settlement-generate')).click();
  const gen = kefu.getByRole('dialog');
  await gen.getByLabel(/月份/).fill(month);
  await gen.getByRole('button', { name: '生成结算单' }).click();
  await expect(kefu.getByText('结算单已生成')).toBeVisible();
  const kefuApi = apiAs(request, await tokenOf(kefu));
  const mine = ((await kefuApi.get(`settlement/index?party_kind=agent&party_id=${sd001.id}&month=${month}`)).list as Array<{ id: number; settlement_no: string; status: string }>)[0]!;
  expect(mine.status).toBe('draft');
  const lines = (await kefuApi.get(`settlement/lines?id=${mine.id}`)).list as Array<{ id: number; kind: string; source_label: string; amount: string }>;
  const line = lines.find((l) => l.kind === 'commission' && l.source_label === name)!;
  expect(line.amount).toBe('370.50');

  await kefu.goto(`/#/finance/settlementDetail?id=${mine.id}`);
  await expect(visible(kefu.getByTestId('settlement-heading'))).toHaveText(mine.settlement_no);
  await expect(visible(kefu.getByTestId('settlement-status'))).toHaveText('草稿');
  const row = visible(kefu.getByTestId('settlement-lines')).locator(`[data-line-id="${line.id}"]`);
  await expect(row).toContainText('¥370.50');
  await expect(row.getByTestId('line-source')).toHaveText(name);
  await visible(kefu.getByRole('button', { name: '提交确认' })).click();
  await kefu.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(kefu.getByTestId('settlement-status'))).toHaveText('待确认');
  await shot(kefu, 'settlement-detail-pending-zh');

  // ── the agent user sees its settlement (only its own tree) and disputes the line
  const agent = await signedIn(browser, 'agent_sd');
  await agent.goto('/#/finance/settlement');
  await expect(visible(agent.getByTestId('settlement-list'))).toContainText(mine.settlement_no);
  await expect(visible(agent.getByTestId('settlement-list'))).not.toContainText('河南');
  await shot(agent, 'settlement-list-agent-zh');
  await agent.goto(`/#/finance/settlementDetail?id=${mine.id}`);
  await expect(visible(agent.getByTestId('settlement-status'))).toHaveText('待确认');
  // the agent has no submit or pay buttons
  await expect(visible(agent.getByRole('button', { name: '确认付款' }))).toHaveCount(0);
  const agentRow = visible(agent.getByTestId('settlement-lines')).locator(`[data-line-id="${line.id}"]`);
  await agentRow.getByTestId('line-dispute').click();
  const dispute = agent.getByRole('dialog');
  await dispute.getByRole('button', { name: '提出异议' }).click();
  await expect(dispute).toContainText('请填写原因');
  await dispute.getByLabel(/异议原因/).fill('该客户实际签约 13.35 kWp');
  await dispute.getByRole('button', { name: '提出异议' }).click();
  await expect(visible(agent.getByTestId('settlement-status'))).toHaveText('有异议');
  await expect(agentRow).toContainText('该客户实际签约 13.35 kWp');
  await shot(agent, 'settlement-disputed-agent-zh');

  // ── finance accepts: the line should be 400.50; an adjustment line of 30.00 makes up the difference
  await kefu.reload();
  await expect(visible(kefu.getByTestId('settlement-status'))).toHaveText('有异议');
  await visible(kefu.getByTestId('settlement-lines')).locator(`[data-line-id="${line.id}"]`).getByTestId('line-resolve').click();
  const resolve = kefu.getByRole('dialog');
  await resolve.getByLabel(/应有金额/).fill('400.50');
  await resolve.getByLabel(/回复/).fill('核实为 13.35 kWp，补差额');
  await shot(kefu, 'settlement-resolve-dialog-zh');
  await resolve.getByRole('button', { name: '处理异议' }).click();
  await expect(visible(kefu.getByTestId('settlement-status'))).toHaveText('待确认');
  const adjustment = visible(kefu.getByTestId('group-adjustment'));
  await expect(adjustment).toContainText('¥30.00');
  await expect(adjustment).toContainText('核实为 13.35 kWp，补差额');

  // ── the agent confirms
  await agent.reload();
  await expect(visible(agent.getByTestId('settlement-status'))).toHaveText('待确认');
  await visible(agent.getByRole('button', { name: '确认' })).click();
  await agent.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(agent.getByTestId('settlement-status'))).toHaveText('已确认');
  // confirmed: no more disputes
  await expect(visible(agent.getByTestId('settlement-lines')).getByTestId('line-dispute')).toHaveCount(0);

  // ── finance pays
  await kefu.reload();
  await visible(kefu.getByRole('button', { name: '确认付款' })).click();
  const pay = kefu.getByRole('dialog');
  await pay.getByLabel(/银行流水号/).fill('E2E-BANK-0001');
  await pay.getByRole('button', { name: '确认付款' }).click();
  await expect(visible(kefu.getByTestId('settlement-status'))).toHaveText('已付款');
  await expect(visible(kefu.getByTestId('settlement-basic'))).toContainText('E2E-BANK-0001');
  const timeline = visible(kefu.getByTestId('status-timeline'));
  for (const step of ['提交确认', '提出异议', '处理异议', '确认', '确认付款']) await expect(timeline).toContainText(step);
  await shot(kefu, 'settlement-detail-paid-zh', { fullPage: true });
  const final = await kefuApi.get(`settlement/get_info?id=${mine.id}`);
  const all = (await kefuApi.get(`settlement/lines?id=${mine.id}`)).list as Array<{ amount: string }>;
  // the total is the exact sum of the lines (in fen, the test's own arithmetic)
  expect(Math.round(Number(final.total_amount) * 100)).toBe(all.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0));

  // ── English
  await kefu.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await kefu.goto('/#/finance/settlement');
  await kefu.reload();
  await expect(visible(kefu.getByTestId('settlement-list'))).toContainText(mine.settlement_no);
  await expect(visible(kefu.getByTestId('settlement-list'))).toContainText('Paid');
  await shot(kefu, 'settlement-list-en');
  await kefu.goto(`/#/finance/settlementDetail?id=${mine.id}`);
  await expect(visible(kefu.getByTestId('settlement-status'))).toHaveText('Paid');
  await expect(visible(kefu.getByTestId('settlement-lines'))).toContainText('Commission');
  await expect(visible(kefu.getByTestId('settlement-lines'))).toContainText('Adjustment');
  await shot(kefu, 'settlement-detail-en', { fullPage: true });
  await agent.context().close();
  await kefu.context().close();
});

test('a confirmed settlement paid through a payment batch: made from the settlement list, approved by another, the bank result marks it paid', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  await login(page);
  const admin = apiAs(request, await tokenOf(page));
  const month = chinaMonth();
  // an agent of its own (not the first test's), with a bank account, and a customer signed today (10 kWp)
  const ACCOUNT = '6222020200998877665';
  const tag = String(Date.now() % 100000).padStart(5, '0');
  const ag = (await admin.post('agent/add', { code: `PAY${tag}`, name: `批付测试代理${tag}`, province_code: '370000', city_code: '370100', status: 'enabled', bank_name: '中国工商银行', bank_account: ACCOUNT })) as { id: number; name: string };
  const HAN = '甲乙丙丁戊己庚辛壬癸';
  const c = await admin.post('customer/add', { name: `批付${HAN[Date.now() % 10]}${HAN[Math.floor(Date.now() / 10) % 10]}`, phone: uniquePhone(), province_code: '370000', city_code: '370100', source: 'phone', agent_id: ag.id, estimated_kwp: 10 });
  await admin.post('customer/convert', { id: c.id, version: c.version, business_mode: 'purchase' });
  await admin.post('settlement/generate', { month });
  let s = ((await admin.get(`settlement/index?party_kind=agent&party_id=${ag.id}&month=${month}`)).list as Array<{ id: number; version: number; settlement_no: string; total_amount: string }>)[0]!;
  s = await admin.post('settlement/submit', { id: s.id, version: s.version });
  s = await admin.post('settlement/confirm', { id: s.id, version: s.version });

  // ── finance (kefu) makes a batch from the settlement list's filter: count and total first
  const kefu = await browser.newContext().then((ctx) => ctx.newPage());
  await login(kefu, 'kefu', ADMIN_PASSWORD);
  await kefu.goto('/#/finance/settlement');
  await visible(kefu.getByPlaceholder('搜索结算单号')).fill(s.settlement_no);
  await expect(visible(kefu.getByTestId('settlement-list'))).toContainText(s.settlement_no);
  await expect(visible(kefu.getByTestId('settlement-list'))).toContainText('待付款');
  await visible(kefu.getByTestId('settlement-new-batch')).click();
  const dialog = kefu.getByRole('dialog');
  await expect(dialog.getByTestId('batch-preview')).toContainText(`将付款 1 笔，合计 ¥${Number(s.total_amount).toLocaleString('en', { minimumFractionDigits: 2 })}`);
  await shot(kefu, 'settlement-batch-preview-zh');
  await dialog.getByRole('button', { name: '建立批次' }).click();
  await expect(visible(kefu.getByTestId('batch-status'))).toHaveText('草稿');
  const batchId = Number(new URL(kefu.url().replace('#/', '')).searchParams.get('id'));
  await expect(visible(kefu.getByTestId('lines-table')).getByTestId('line-settlement')).toHaveText(s.settlement_no);
  await expect(visible(kefu.getByTestId('lines-table'))).toContainText(ag.name);
  await visible(kefu.getByRole('button', { name: '提交审批' })).click();
  await kefu.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(kefu.getByTestId('batch-status'))).toHaveText('待审批');
  // the settlement shows its batch; the manual pay is gone while the batch holds it
  await kefu.goto(`/#/finance/settlementDetail?id=${s.id}`);
  await expect(visible(kefu.getByTestId('settlement-payment-state'))).toHaveText('付款中');
  await expect(visible(kefu.getByTestId('settlement-batch-link'))).toBeVisible();
  await expect(kefu.getByRole('button', { name: '确认付款' })).toHaveCount(0);

  // ── the administrator approves (four eyes), exports the bank file and imports the result
  await page.goto(`/#/finance/paymentBatchDetail?id=${batchId}`);
  await visible(page.getByRole('button', { name: '审批通过' })).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(page.getByTestId('batch-status'))).toHaveText('已审批');
  await visible(page.getByRole('button', { name: '导出银行文件' })).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-export-csv').click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  const rows = csv.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(','));
  expect(rows[1]!.slice(1, 4)).toEqual([ag.name, ACCOUNT, '中国工商银行']);
  expect(rows[1]![6]).toBe('结算款');
  const result = [
    ['业务参考号', '金额', '处理结果', '银行流水号'],
    [rows[1]![7]!, rows[1]![5]!, '成功', 'E2E-SETTLE-0001'],
  ];
  await visible(page.getByRole('button', { name: '导入银行结果' })).click();
  await page.getByRole('dialog').getByTestId('batch-import-file').setInputFiles({ name: '结果.csv', mimeType: 'text/csv', buffer: Buffer.from('\uFEFF' + result.map((r) => r.join(',')).join('\r\n')) });
  await page.getByRole('dialog').getByTestId('batch-import-upload').click();
  await expect(page.getByRole('dialog').getByTestId('batch-import-result')).toContainText('1 笔成功');
  await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
  await expect(visible(page.getByTestId('batch-status'))).toHaveText('已完成');
  await visible(page.getByTestId('lines-table')).getByTestId('line-settlement').click();
  await expect(visible(page.getByTestId('settlement-status'))).toHaveText('已付款');
  await expect(visible(page.getByTestId('settlement-payment-state'))).toHaveText('已付款');
  await expect(visible(page.getByTestId('settlement-basic'))).toContainText('E2E-SETTLE-0001');
  await shot(page, 'settlement-paid-by-batch-zh', { fullPage: true });
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await page.reload();
  await expect(visible(page.getByTestId('settlement-payment-state'))).toHaveText('Paid');
  await shot(page, 'settlement-paid-by-batch-en', { fullPage: true });
  await kefu.context().close();
});
