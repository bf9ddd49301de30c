import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ADMIN_PASSWORD, apiAs, login, shot, tokenOf, uniquePhone, visible } from './helpers.ts';

/**
 * 财务 › 结算单 → 发票 → 付款批次 (issue 15's one browser test of the whole chain): an agent's month of
 * work (a customer of 山东 SD001 signed this month, 12.35 kWp) → 运营客服 kefu (finance) generates the
 * month in the console and submits SD001's settlement → the agent user agent_sd sees it, disputes the
 * commission line of that customer with a reason → kefu accepts the dispute with the correct amount
 * (an adjustment line for the difference) → agent_sd confirms → kefu enters SD001's incoming invoice
 * (seller = its partner record and credit code, a line with a rate, the totals as printed), registers
 * it and matches it to the settlement (settled = invoiced, paid 0 on both pages) → a payment batch made
 * from the settlement list, approved by the administrator, the bank's result imported as a file → the
 * settlement is 已付款 and the invoice's three amounts agree; the timelines show every step. Then a
 * look in English. The second test: a transfer made outside the system, recorded by hand (refused
 * while a batch holds the settlement). E2E_SHOTS=<dir> writes screenshots.
 */

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, username, ADMIN_PASSWORD);
  return page;
}

/** This month in China time (YYYY-MM). */
const chinaMonth = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
/** Today in China time (YYYY-MM-DD). */
const chinaDay = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A decimal yuan text in whole fen (the test's own arithmetic: integers, no float sums). */
const fen = (yuan: string): number => {
  const [whole, part = ''] = yuan.replace('-', '').split('.');
  const n = Number(whole) * 100 + Number(part.padEnd(2, '0'));
  return yuan.startsWith('-') ? -n : n;
};
const yuanText = (f: number) => `${Math.floor(f / 100)}.${String(f % 100).padStart(2, '0')}`;
/** As the console shows an amount: ¥1,234.50. */
const money = (f: number) => `¥${Math.floor(f / 100).toLocaleString('en')}.${String(f % 100).padStart(2, '0')}`;

/**
 * One invoice line whose total is exactly `totalFen`: the amount excluding tax a at the first rate
 * (1 %, the small taxpayer's, then 3 %, then 0 %) with a + round(a × rate, half up) = total. Not every
 * total has such an amount at 1 % (the tax steps by a fen every 100 fen), 0 % always has.
 */
function priceFor(totalFen: number): { amount: number; tax: number; rateLabel: string } {
  for (const rate of [1, 3, 0]) {
    const guess = Math.round((totalFen * 100) / (100 + rate));
    for (const a of [guess - 1, guess, guess + 1]) {
      const tax = Math.floor((a * rate + 50) / 100);
      if (a > 0 && a + tax === totalFen) return { amount: a, tax, rateLabel: rate === 0 ? '0%（免税/零税率）' : `${rate}%` };
    }
  }
  throw new Error(`no line for ${totalFen} fen`);
}

test('the whole chain: an agent month of work → generated → the agent disputes a line → finance accepts → the agent confirms → the agent invoice entered and matched → paid through a batch; zh then en', async ({ page, browser, request }) => {
  test.setTimeout(420_000);
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

  // ── finance enters the agent's invoice for the confirmed amount: the seller is SD001's partner record
  // (its name and credit code), one line at the smallest rate whose tax makes the total exactly the
  // settled amount (the rule: tax per line rounded half up to the fen), the totals as printed
  const settled = (await kefuApi.get(`settlement/get_info?id=${mine.id}`)) as { total_amount: string; version: number };
  const totalFen = fen(settled.total_amount);
  expect(totalFen).toBeGreaterThan(0);
  const { partner_id: partnerId } = (await admin.get(`agent/get_info?id=${sd001.id}`)) as { partner_id: number };
  const seller = (await admin.get(`partner/get_info?id=${partnerId}`)) as { name: string; credit_code: string };
  const priced = priceFor(totalFen);
  const invoiceNo = `26372000${String(Date.now()).slice(-12)}`;
  await kefu.goto('/#/finance/invoice');
  await visible(kefu.getByTestId('invoice-create')).click();
  const form = kefu.locator('form').filter({ visible: true }).first();
  await form.getByRole('combobox', { name: '发票类型' }).click();
  await kefu.getByRole('option', { name: '数电票（普通发票）' }).click();
  await form.locator('input[name="issue_date"]').fill(chinaDay());
  await form.locator('input[name="invoice_no"]').fill(invoiceNo);
  await form.getByRole('combobox', { name: '合作伙伴' }).fill(seller.name.slice(0, 4));
  await kefu.getByRole('option', { name: seller.name }).click();
  await form.locator('input[name="seller_name"]').fill(seller.name);
  await form.locator('input[name="seller_tax_id"]').fill(seller.credit_code);
  await form.locator('input[name="buyer_name"]').fill('光E宝新能源科技（山东）有限公司');
  await form.locator('input[name="buyer_tax_id"]').fill('91370100MA3CK8W0QL');
  await form.locator('input[name="lines.0.item"]').fill('*经纪代理服务*代理佣金');
  await form.locator('input[name="lines.0.amount"]').fill(yuanText(priced.amount));
  await form.locator('.RaSimpleFormIterator-line').first().getByRole('combobox').click();
  await kefu.getByRole('option', { name: priced.rateLabel, exact: true }).click();
  await form.locator('input[name="amount_total"]').fill(yuanText(priced.amount));
  await form.locator('input[name="tax_total"]').fill(yuanText(priced.tax));
  await form.locator('input[name="total"]').fill(settled.total_amount);
  await shot(kefu, 'chain-invoice-create-zh', { fullPage: true });
  await kefu.getByRole('button', { name: '保存' }).click();
  await expect(visible(kefu.getByTestId('invoice-heading'))).toContainText(invoiceNo);
  await expect(visible(kefu.getByTestId('invoice-status'))).toHaveText('草稿');
  await expect(visible(kefu.getByTestId('invoice-summary')).getByTestId('summary-total')).toContainText(money(totalFen));
  await expect(visible(kefu.getByTestId('invoice-basic'))).toContainText(seller.credit_code);
  await visible(kefu.getByRole('button', { name: '登记' })).click();
  await kefu.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(kefu.getByTestId('invoice-status'))).toHaveText('已登记');

  // ── matched whole to the settlement with the match dialog (the amount offered is what is left of the invoice)
  await visible(kefu.getByRole('button', { name: '匹配', exact: true })).click();
  const match = kefu.getByRole('dialog');
  await match.getByTestId('match-settlement').getByRole('combobox').fill(mine.settlement_no);
  await kefu.getByRole('option', { name: new RegExp(mine.settlement_no) }).click();
  await expect(match.getByLabel(/匹配金额/)).toHaveValue(settled.total_amount);
  await shot(kefu, 'chain-invoice-match-zh');
  await match.getByRole('button', { name: '匹配', exact: true }).click();
  await expect(visible(kefu.getByTestId('invoice-status'))).toHaveText('已匹配');
  const invoiceUrl = kefu.url();
  const matchRow = visible(kefu.getByTestId('invoice-matches')).getByTestId('match-row');
  await expect(matchRow).toContainText(mine.settlement_no);
  await expect(matchRow.getByTestId('match-settled')).toHaveText(money(totalFen));
  await expect(matchRow.getByTestId('match-invoiced')).toHaveText(money(totalFen));
  await expect(matchRow.getByTestId('match-paid')).toHaveText(money(0));

  // ── the settlement's page: settled = invoiced, nothing paid yet
  await kefu.goto(`/#/finance/settlementDetail?id=${mine.id}`);
  const three = visible(kefu.getByTestId('three-way'));
  await expect(three.getByTestId('three-way-settled')).toHaveText(money(totalFen));
  await expect(three.getByTestId('three-way-invoiced')).toHaveText(money(totalFen));
  await expect(three.getByTestId('three-way-paid')).toHaveText(money(0));
  await expect(three.getByTestId('three-way-uninvoiced')).toHaveText(money(0));
  await expect(three.getByTestId('three-way-row')).toContainText(invoiceNo);
  await shot(kefu, 'chain-settlement-invoiced-zh', { fullPage: true });

  // ── finance makes a payment batch from the settlement list (its filter: this settlement), count and total first
  await kefu.goto('/#/finance/settlement');
  await visible(kefu.getByPlaceholder('搜索结算单号')).fill(mine.settlement_no);
  await expect(visible(kefu.getByTestId('settlement-list'))).toContainText('待付款');
  await visible(kefu.getByTestId('settlement-new-batch')).click();
  const batchDialog = kefu.getByRole('dialog');
  await expect(batchDialog.getByTestId('batch-preview')).toContainText(`将付款 1 笔，合计 ${money(totalFen)}`);
  await batchDialog.getByRole('button', { name: '建立批次' }).click();
  await expect(visible(kefu.getByTestId('batch-status'))).toHaveText('草稿');
  const batchId = Number(new URL(kefu.url().replace('#/', '')).searchParams.get('id'));
  await expect(visible(kefu.getByTestId('lines-table')).getByTestId('line-settlement')).toHaveText(mine.settlement_no);
  await visible(kefu.getByRole('button', { name: '提交审批' })).click();
  await kefu.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(kefu.getByTestId('batch-status'))).toHaveText('待审批');
  // while the batch holds it the settlement says so and the manual pay is gone
  await kefu.goto(`/#/finance/settlementDetail?id=${mine.id}`);
  await expect(visible(kefu.getByTestId('settlement-payment-state'))).toHaveText('付款中');
  await expect(visible(kefu.getByTestId('settlement-batch-link'))).toBeVisible();
  await expect(kefu.getByRole('button', { name: '确认付款' })).toHaveCount(0);

  // ── another user (the administrator) approves, exports the bank file and imports the bank's result as a file
  await page.goto(`/#/finance/paymentBatchDetail?id=${batchId}`);
  await visible(page.getByRole('button', { name: '审批通过' })).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(page.getByTestId('batch-status'))).toHaveText('已审批');
  await visible(page.getByRole('button', { name: '导出银行文件' })).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-export-csv').click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  const bankRows = csv.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(','));
  expect(bankRows).toHaveLength(2);
  expect(bankRows[1]![2], 'the payee account').toMatch(/^\d{12,}$/);
  expect(fen(bankRows[1]![5]!)).toBe(totalFen);
  expect(bankRows[1]![6]).toBe('结算款');
  const result = [
    ['业务参考号', '金额', '处理结果', '银行流水号'],
    [bankRows[1]![7]!, bankRows[1]![5]!, '成功', 'E2E-CHAIN-0001'],
  ];
  await visible(page.getByRole('button', { name: '导入银行结果' })).click();
  await page.getByRole('dialog').getByTestId('batch-import-file').setInputFiles({ name: '结果.csv', mimeType: 'text/csv', buffer: Buffer.from('\uFEFF' + result.map((r) => r.join(',')).join('\r\n')) });
  await page.getByRole('dialog').getByTestId('batch-import-upload').click();
  await expect(page.getByRole('dialog').getByTestId('batch-import-result')).toContainText('1 笔成功');
  await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
  await expect(visible(page.getByTestId('batch-status'))).toHaveText('已完成');

  // ── the settlement is paid; its timeline has every step; the three amounts agree
  await kefu.reload();
  await expect(visible(kefu.getByTestId('settlement-status'))).toHaveText('已付款');
  await expect(visible(kefu.getByTestId('settlement-payment-state'))).toHaveText('已付款');
  await expect(visible(kefu.getByTestId('settlement-basic'))).toContainText('E2E-CHAIN-0001');
  const paidThree = visible(kefu.getByTestId('three-way'));
  await expect(paidThree.getByTestId('three-way-paid')).toHaveText(money(totalFen));
  await expect(paidThree.getByTestId('three-way-invoiced')).toHaveText(money(totalFen));
  const timeline = visible(kefu.getByTestId('status-timeline'));
  for (const step of ['提交确认', '提出异议', '处理异议', '确认', '确认付款']) await expect(timeline).toContainText(step);
  await shot(kefu, 'settlement-detail-paid-zh', { fullPage: true });
  const final = await kefuApi.get(`settlement/get_info?id=${mine.id}`);
  const all = (await kefuApi.get(`settlement/lines?id=${mine.id}`)).list as Array<{ amount: string }>;
  // the total is the exact sum of the lines (in fen, the test's own arithmetic)
  expect(fen(final.total_amount)).toBe(all.reduce((s, l) => s + fen(l.amount), 0));

  // ── the invoice: paid = settled = invoiced; its timeline has 录入, 登记, 匹配
  await kefu.goto('/' + invoiceUrl.slice(invoiceUrl.indexOf('#')));
  const paidRow = visible(kefu.getByTestId('invoice-matches')).getByTestId('match-row');
  for (const cell of ['match-settled', 'match-invoiced', 'match-paid']) await expect(paidRow.getByTestId(cell)).toHaveText(money(totalFen));
  await expect(paidRow.getByTestId('match-uninvoiced')).toHaveText(money(0));
  const invoiceTimeline = visible(kefu.getByTestId('status-timeline'));
  for (const step of ['录入', '登记', '匹配']) await expect(invoiceTimeline).toContainText(step);
  await shot(kefu, 'chain-invoice-paid-zh', { fullPage: true });

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
  await expect(visible(kefu.getByTestId('three-way'))).toContainText('Settled');
  await expect(visible(kefu.getByTestId('status-timeline'))).toContainText('Paid');
  await shot(kefu, 'settlement-detail-en', { fullPage: true });
  await kefu.goto('/' + invoiceUrl.slice(invoiceUrl.indexOf('#')));
  await expect(visible(kefu.getByTestId('invoice-status'))).toHaveText('Matched');
  await expect(visible(kefu.getByTestId('invoice-matches'))).toContainText('Paid');
  await shot(kefu, 'chain-invoice-paid-en', { fullPage: true });
  await agent.context().close();
  await kefu.context().close();
});

test('a transfer made outside the system: the manual pay is refused while a batch holds the settlement, recorded with the bank serial once the batch is cancelled', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  await login(page);
  const admin = apiAs(request, await tokenOf(page));
  const month = chinaMonth();
  // an agent of its own (not the first test's), with a bank account, and a customer signed today (10 kWp)
  const tag = String(Date.now() % 100000).padStart(5, '0');
  const ag = (await admin.post('agent/add', { code: `PAY${tag}`, name: `手付测试代理${tag}`, province_code: '370000', city_code: '370100', status: 'enabled', bank_name: '中国工商银行', bank_account: '6222020200998877665' })) as { id: number; name: string };
  const HAN = '甲乙丙丁戊己庚辛壬癸';
  const c = await admin.post('customer/add', { name: `手付${HAN[Date.now() % 10]}${HAN[Math.floor(Date.now() / 10) % 10]}`, phone: uniquePhone(), province_code: '370000', city_code: '370100', source: 'phone', agent_id: ag.id, estimated_kwp: 10 });
  await admin.post('customer/convert', { id: c.id, version: c.version, business_mode: 'purchase' });
  await admin.post('settlement/generate', { month });
  let s = ((await admin.get(`settlement/index?party_kind=agent&party_id=${ag.id}&month=${month}`)).list as Array<{ id: number; version: number; settlement_no: string; total_amount: string }>)[0]!;
  s = await admin.post('settlement/submit', { id: s.id, version: s.version });
  s = await admin.post('settlement/confirm', { id: s.id, version: s.version });

  // a batch holds it: 付款中, and the manual pay is not offered (the bank may be paying it)
  const kefu = await signedIn(browser, 'kefu');
  const kefuApi = apiAs(request, await tokenOf(kefu));
  const batch = await kefuApi.post('payment_batch/add', { selection: { settlement_ids: [s.id] } });
  await kefu.goto(`/#/finance/settlementDetail?id=${s.id}`);
  await expect(visible(kefu.getByTestId('settlement-payment-state'))).toHaveText('付款中');
  await expect(visible(kefu.getByTestId('settlement-batch-link'))).toBeVisible();
  await expect(kefu.getByRole('button', { name: '确认付款' })).toHaveCount(0);
  // the batch is cancelled: the settlement is free again
  await kefuApi.post('payment_batch/cancel', { id: batch.id, version: batch.version, reason: '改为网银单笔转账' });
  await kefu.reload();
  await expect(visible(kefu.getByTestId('settlement-payment-state'))).toHaveText('待付款');

  // ── paid by hand with the bank's serial
  await visible(kefu.getByRole('button', { name: '确认付款' })).click();
  const pay = kefu.getByRole('dialog');
  await pay.getByLabel(/银行流水号/).fill('E2E-BANK-0001');
  await shot(kefu, 'settlement-pay-dialog-zh');
  await pay.getByRole('button', { name: '确认付款' }).click();
  await expect(visible(kefu.getByTestId('settlement-status'))).toHaveText('已付款');
  await expect(visible(kefu.getByTestId('settlement-payment-state'))).toHaveText('已付款');
  await expect(visible(kefu.getByTestId('settlement-basic'))).toContainText('E2E-BANK-0001');
  await expect(visible(kefu.getByTestId('status-timeline'))).toContainText('确认付款');
  await shot(kefu, 'settlement-paid-by-hand-zh', { fullPage: true });
  await kefu.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await kefu.reload();
  await expect(visible(kefu.getByTestId('settlement-payment-state'))).toHaveText('Paid');
  await shot(kefu, 'settlement-paid-by-hand-en', { fullPage: true });
  await kefu.context().close();
});
