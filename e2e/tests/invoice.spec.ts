import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, apiAs, login, shot, tokenOf, visible } from './helpers.ts';

/**
 * 财务 › 发票 (issue 15) end to end, as 运营客服 kefu (finance): enter an incoming 专票 with lines at
 * 13 % and 6 % in the console — a total one fen off is refused with the difference named — see the
 * tax-rate summary, edit the draft (totals checked again; a registered one refuses the edit page),
 * register it, match part of it to a confirmed settlement (settled / invoiced / paid on both pages),
 * red-letter part of it from the dialog prefilled with the whole original (the credit shows on the
 * original). Then English. The whole chain settlement → invoice → payment is settlement.spec's first test.
 * E2E_SHOTS=<dir> writes screenshots.
 */

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, username, ADMIN_PASSWORD);
  return page;
}
const SELLER_TAX_ID = '91370200MA3C7E2E1U';

test('enter an invoice with two rates → rate summary → register → match to a settlement → red-letter part of it; zh then en', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const kefu = await signedIn(browser, 'kefu');
  const api = apiAs(request, await tokenOf(kefu));
  const no = String(Date.now()).slice(-8);
  const redNo = String((Number(no) + 1) % 100_000_000).padStart(8, '0');

  // a confirmed settlement with room to invoice: a draft one of the demo month, submitted and confirmed through the API
  const drafts = (await api.get('settlement/index?status=draft&limit=50')).list as Array<{ id: number; version: number; settlement_no: string; total_amount: string }>;
  const target = drafts.find((s) => Number(s.total_amount) >= 100)!;
  expect(target, 'a draft settlement of at least 100 yuan in the demo data').toBeTruthy();
  const submitted = await api.post('settlement/submit', { id: target.id, version: target.version });
  await api.post('settlement/confirm', { id: target.id, version: submitted.version });

  // ── enter the invoice in the console
  await kefu.goto('/#/finance/invoice');
  await visible(kefu.getByTestId('invoice-create')).click();
  const form = kefu.locator('form').filter({ visible: true }).first();
  await form.locator('input[name="issue_date"]').fill('2026-11-20');
  await form.locator('input[name="invoice_code"]').fill('3700261130');
  await form.locator('input[name="invoice_no"]').fill(no);
  await form.locator('input[name="seller_name"]').fill('青岛晶光组件供应有限公司');
  await form.locator('input[name="seller_tax_id"]').fill(SELLER_TAX_ID);
  await form.locator('input[name="buyer_name"]').fill('光E宝新能源科技（山东）有限公司');
  await form.locator('input[name="buyer_tax_id"]').fill('91370100MA3CK8W0QL');
  await form.locator('input[name="lines.0.item"]').fill('*太阳能电池*单晶光伏组件');
  await form.locator('input[name="lines.0.quantity"]').fill('2');
  await form.locator('input[name="lines.0.unit_price"]').fill('500');
  await form.locator('input[name="lines.0.amount"]').fill('1000.00');
  await form.locator('.button-add').first().click();
  await form.locator('input[name="lines.1.item"]').fill('*运输服务*组件运输');
  await form.locator('input[name="lines.1.amount"]').fill('200.00');
  const rows = form.locator('.RaSimpleFormIterator-line');
  await rows.nth(1).getByRole('combobox').click();
  await kefu.getByRole('option', { name: '6%' }).click();
  await form.locator('input[name="amount_total"]').fill('1200.00');
  await form.locator('input[name="tax_total"]').fill('142.00');
  await form.locator('input[name="total"]').fill('1342.01');
  await shot(kefu, 'invoice-create-zh', { fullPage: true });
  await kefu.getByRole('button', { name: '保存' }).click();
  await expect(kefu.getByText('价税合计与明细不符：录入 1342.01，按明细计算为 1342.00，相差 0.01')).toBeVisible();
  await form.locator('input[name="total"]').fill('1342.00');
  await kefu.getByRole('button', { name: '保存' }).click();

  // ── the detail: the rate summary adds up
  await expect(visible(kefu.getByTestId('invoice-heading'))).toContainText(no);
  await expect(visible(kefu.getByTestId('invoice-status'))).toHaveText('草稿');
  const summary = visible(kefu.getByTestId('invoice-summary'));
  await expect(summary.locator('[data-rate="13"]')).toContainText('¥130.00');
  await expect(summary.locator('[data-rate="13"]')).toContainText('¥1,130.00');
  await expect(summary.locator('[data-rate="6"]')).toContainText('¥12.00');
  await expect(summary.getByTestId('summary-total')).toContainText('¥1,342.00');
  await shot(kefu, 'invoice-detail-draft-zh', { fullPage: true });

  // ── the draft is edited: the transport line was 300.00 — the totals left as they were are refused as on entry, then corrected
  await visible(kefu.getByRole('button', { name: '修改' })).click();
  const edit = kefu.locator('form').filter({ visible: true }).first();
  await expect(edit.locator('input[name="lines.1.item"]')).toHaveValue('*运输服务*组件运输');
  await expect(edit.locator('input[name="total"]')).toHaveValue('1342.00');
  await edit.locator('input[name="lines.1.amount"]').fill('300.00');
  await kefu.getByRole('button', { name: '保存' }).click();
  await expect(kefu.getByText(/与明细不符：录入 1200.00，按明细计算为 1300.00/)).toBeVisible();
  await edit.locator('input[name="amount_total"]').fill('1300.00');
  await edit.locator('input[name="tax_total"]').fill('148.00');
  await edit.locator('input[name="total"]').fill('1448.00');
  await shot(kefu, 'invoice-edit-zh', { fullPage: true });
  await kefu.getByRole('button', { name: '保存' }).click();
  await expect(visible(kefu.getByTestId('invoice-heading'))).toContainText(no);
  await expect(visible(kefu.getByTestId('invoice-status'))).toHaveText('草稿');
  const edited = visible(kefu.getByTestId('invoice-summary'));
  await expect(edited.locator('[data-rate="6"]')).toContainText('¥18.00');
  await expect(edited.getByTestId('summary-total')).toContainText('¥1,448.00');

  await visible(kefu.getByRole('button', { name: '登记' })).click();
  await kefu.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(kefu.getByTestId('invoice-status'))).toHaveText('已登记');
  // registered: no edit button, and the edit page refuses with the reason
  await expect(kefu.getByRole('button', { name: '修改' })).toHaveCount(0);
  const detailUrl = kefu.url();
  const invoiceId = Number(new URL(detailUrl.replace('#/', '')).searchParams.get('id'));
  await kefu.goto(`/#/finance/invoice/${invoiceId}`);
  await expect(visible(kefu.getByTestId('invoice-not-editable'))).toContainText(`发票 ${no} 状态为“已登记”`);
  await expect(kefu.locator('input[name="total"]')).toHaveCount(0);
  await shot(kefu, 'invoice-edit-refused-zh');
  await kefu.goto('/' + detailUrl.slice(detailUrl.indexOf('#')));

  // ── match 100.00 of it to the settlement
  await visible(kefu.getByRole('button', { name: '匹配', exact: true })).click();
  const match = kefu.getByRole('dialog');
  await match.getByTestId('match-settlement').getByRole('combobox').fill(target.settlement_no);
  await kefu.getByRole('option', { name: new RegExp(target.settlement_no) }).click();
  await match.getByLabel(/匹配金额/).fill('100.00');
  await shot(kefu, 'invoice-match-dialog-zh');
  await match.getByRole('button', { name: '匹配', exact: true }).click();
  const matches = visible(kefu.getByTestId('invoice-matches'));
  await expect(matches.getByTestId('match-row')).toContainText(target.settlement_no);
  await expect(matches.getByTestId('match-row')).toContainText('¥100.00');
  await expect(matches.getByTestId('invoice-match-state')).toHaveText('部分匹配（不一致）');

  // ── red-letter 200.00 excluding tax of it (the returned modules): the dialog comes prefilled to credit
  // the whole original (both lines negated with their rates, the totals negated); the partial credit edits it
  await visible(kefu.getByRole('button', { name: '开具红字发票' })).click();
  const red = kefu.getByRole('dialog');
  await expect(red.getByTestId('red-left')).toContainText('¥1,448.00');
  await expect(red.getByTestId('red-parties')).toContainText(SELLER_TAX_ID);
  await expect(red.locator('input[name="invoice_code"]')).toHaveValue('3700261130');
  await expect(red.locator('input[name="lines.0.item"]')).toHaveValue('*太阳能电池*单晶光伏组件');
  await expect(red.locator('input[name="lines.0.amount"]')).toHaveValue('-1000.00');
  await expect(red.locator('input[name="lines.1.amount"]')).toHaveValue('-300.00');
  await expect(red.locator('.RaSimpleFormIterator-line').nth(1)).toContainText('6%');
  await expect(red.locator('input[name="total"]')).toHaveValue('-1448.00');
  await shot(kefu, 'invoice-red-dialog-full-zh');
  await red.locator('input[name="invoice_no"]').fill(redNo);
  await red.locator('input[name="issue_date"]').fill('2026-11-25');
  await red.locator('input[name="reason"]').fill('2 块组件破损退货');
  // 200.00 of the modules; the transport line goes (a line's remove button shows while the pointer is on it)
  await red.locator('input[name="lines.0.amount"]').fill('-200.00');
  const transport = red.locator('.RaSimpleFormIterator-line').nth(1);
  await transport.hover();
  await transport.locator('.button-remove').click();
  await expect(red.locator('input[name="lines.1.amount"]')).toHaveCount(0);
  await expect(red.locator('input[name="lines.0.amount"]')).toHaveValue('-200.00');
  await red.locator('input[name="amount_total"]').fill('-200.00');
  await red.locator('input[name="tax_total"]').fill('-26.00');
  await red.locator('input[name="total"]').fill('-226.00');
  await shot(kefu, 'invoice-red-dialog-zh');
  await red.getByRole('button', { name: '开具红字发票' }).click();
  await expect(visible(kefu.getByTestId('invoice-credited'))).toContainText('¥226.00');
  await expect(visible(kefu.getByTestId('invoice-reds')).getByTestId('red-row')).toContainText(redNo);
  const timeline = visible(kefu.getByTestId('status-timeline'));
  for (const step of ['登记', '匹配', '被冲红']) await expect(timeline).toContainText(step);
  await shot(kefu, 'invoice-detail-zh', { fullPage: true });

  // ── the settlement shows what is invoiced against it
  await kefu.goto(`/#/finance/settlementDetail?id=${target.id}`);
  const three = visible(kefu.getByTestId('three-way'));
  await expect(three.getByTestId('three-way-row').filter({ hasText: no })).toContainText('¥100.00');
  await shot(kefu, 'settlement-three-way-zh', { fullPage: true });

  // ── the list finds it by the last digits of its number
  await kefu.goto('/#/finance/invoice');
  await visible(kefu.getByPlaceholder('发票号码/代码（开头或结尾）')).fill(no.slice(-5));
  await expect(visible(kefu.getByTestId('invoice-list'))).toContainText(no);
  await shot(kefu, 'invoice-list-zh');

  // ── English
  await kefu.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await kefu.reload();
  await expect(visible(kefu.getByTestId('invoice-list'))).toContainText('Incoming');
  await shot(kefu, 'invoice-list-en');
  const id = ((await api.get(`invoice/index?q=${no}`)).list as Array<{ id: number; invoice_no: string }>).find((r) => r.invoice_no === no)!.id;
  await kefu.goto(`/#/finance/invoiceDetail?id=${id}`);
  await expect(visible(kefu.getByTestId('invoice-status'))).toHaveText('Registered');
  await expect(visible(kefu.getByTestId('invoice-summary'))).toContainText('Tax-rate summary');
  await expect(visible(kefu.getByTestId('invoice-matches'))).toContainText('Partly matched (mismatch)');
  await shot(kefu, 'invoice-detail-en', { fullPage: true });
  await kefu.goto(`/#/finance/invoice/${id}`);
  await expect(visible(kefu.getByTestId('invoice-not-editable'))).toContainText(`Invoice ${no} is Registered`);
  await shot(kefu, 'invoice-edit-refused-en');
  await kefu.context().close();
});
