import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, login, tokenOf, shot, visible, apiAs } from './helpers.ts';

/**
 * 财务 › 付款批次 (issue 14) from the start: a roof-lease owner's station passes its grid-connection review in
 * the console, which drafts its lease contract; the office completes, signs and activates it (its bills
 * so far are made). Then as the finance office runs it, with two people (four eyes): 运营客服 kefu
 * makes a batch from the bill list's filters (count and total shown first) and submits it; the
 * administrator approves it, exports the bank file (its rows checked: full card, amounts, references)
 * and imports the bank's result with one failure; kefu puts the failed bill into a new batch from
 * the ticked bills, the administrator approves, exports and imports it as paid; the owner's money
 * tab shows the bills paid and the failed-then-paid bill's payments. Then a look in English.
 * E2E_SHOTS=<dir> writes screenshots.
 */


/** A card number passing the Luhn check digit, from a 18-digit prefix. */
function luhnCard(prefix: string): string {
  for (let d = 0; d < 10; d++) {
    const n = prefix + d;
    let sum = 0;
    for (let i = 0; i < n.length; i++) {
      let x = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) x = x * 2 > 9 ? x * 2 - 9 : x * 2;
      sum += x;
    }
    if (sum % 10 === 0) return n;
  }
  throw new Error('unreachable');
}

/** Money from the server's decimal text, in fen (the test's own arithmetic; the console never parses money). */
const fen = (s: string) => Math.round(Number(s.replace(/,/g, '')) * 100);
const yuan = (f: number) => `¥${(f / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, username, ADMIN_PASSWORD);
  return page;
}

test('a lease station connected, its drafted contract signed; a payment batch from the bill list: submitted, approved by someone else, the bank file, the result with a failure, the failed bill paid by a later batch; the money tab; zh then en', async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  await login(page);
  const call = apiAs(request, await tokenOf(page));
  // a roof-lease owner's station awaiting its grid-connection review, with no contract yet
  const waiting = (await call.get('station/index?status=grid_review&frozen=false&limit=200&sort=id&order=DESC')).list as Array<{ id: number; code: string; customer_id: number | null; module_count: number | null }>;
  let station: (typeof waiting)[number] | undefined;
  let audit: { id: number } | undefined;
  for (const s of waiting) {
    if (!s.customer_id || !s.module_count) continue;
    if ((await call.get(`customer/get_info?id=${s.customer_id}`)).business_mode !== 'lease') continue;
    if ((await call.get(`lease_contract/index?station_id=${s.id}`)).total !== 0) continue;
    audit = ((await call.get(`self_audit/index?station_id=${s.id}&kind=grid`)).list as Array<{ id: number; result: string }>).find((a) => a.result === 'pending');
    if (audit) {
      station = s;
      break;
    }
  }
  expect(station, 'a lease-mode station awaiting its grid review').toBeTruthy();
  // the grid-connection self-audit approved in the console: the station is connected and its contract drafted
  await page.goto(`/#/stationManagement/ongridselfauditdetails?id=${audit!.id}`);
  await visible(page.getByRole('button', { name: '审核通过' })).click();
  await page.getByRole('dialog').getByRole('button', { name: '审核通过' }).click();
  await expect(visible(page.getByTestId('self-audit-result'))).toHaveText('通过');
  expect((await call.get(`station/get_info?id=${station!.id}`)).status).toBe('grid_connected');
  let contract = (await call.get(`lease_contract/index?station_id=${station!.id}`)).list[0];
  expect(contract).toMatchObject({ status: 'draft', source: 'grid' });
  // the office completes the draft — active from January (four quarterly bills), the owner's card — and signs it
  const CARD = luhnCard(`62170000${String(station!.id).padStart(10, '0')}`);
  contract = await call.post('lease_contract/edit', { id: contract.id, version: contract.version, start_date: '2026-01-01', rent_rule: 'per_panel', rent_rate: '33.33', pay_cycle: 'quarterly' });
  contract = await call.post('lease_contract/change_card', { id: contract.id, version: contract.version, payee_name: '付款业主', bank_name: '中国建设银行', bank_branch: '济南分行', bank_card: CARD });
  contract = await call.post('lease_contract/sign', { id: contract.id, version: contract.version, sign_method: 'paper', signed_date: '2026-11-20' });
  contract = await call.post('lease_contract/activate', { id: contract.id, version: contract.version });
  const bills = (await call.get(`rent_bill/index?contract_id=${contract.id}&limit=20&sort=period&order=ASC`)).list as Array<{ id: number; bill_no: string; amount_payable: string; status: string }>;
  expect(bills.map((b) => b.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
  const total = bills.reduce((s, b) => s + fen(b.amount_payable), 0);

  // ── kefu (运营客服) makes the batch from the bill list's filters and submits it
  const kefu = await signedIn(browser, 'kefu');
  await kefu.goto(`/#/finance/rentBill?contract_id=${contract.id}`);
  await expect(visible(kefu.getByTestId('bill-list'))).toContainText(bills[0]!.bill_no);
  await visible(kefu.getByTestId('bill-new-batch')).click();
  const make = kefu.getByRole('dialog');
  await expect(make.getByTestId('batch-preview')).toHaveText(`将付款 4 笔，合计 ${yuan(total)}`);
  await make.getByLabel('名称（可选）').fill('E2E 第一批');
  await shot(kefu, 'payment-new-zh');
  await make.getByRole('button', { name: '建立批次' }).click();
  await expect(visible(kefu.getByTestId('batch-heading'))).toHaveText(/^FK\d{14}$/);
  const batchNo = (await visible(kefu.getByTestId('batch-heading')).textContent())!;
  const batchId = Number(new URL(kefu.url().replace('#', '')).searchParams.get('id'));
  await expect(visible(kefu.getByTestId('batch-status'))).toHaveText('草稿');
  await expect(visible(kefu.getByTestId('reconcile-total'))).toContainText(yuan(total));
  await expect(visible(kefu.getByTestId('reconcile-pending'))).toContainText('4 笔');
  await expect(visible(kefu.getByTestId('lines-table'))).toContainText('621700*********');
  await expect(visible(kefu.getByTestId('lines-table'))).not.toContainText(CARD);
  await visible(kefu.getByRole('button', { name: '提交审批' })).click();
  await kefu.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(kefu.getByTestId('batch-status'))).toHaveText('待审批');
  // the maker cannot approve (no permission; four eyes besides)
  await expect(visible(kefu.getByRole('button', { name: '审批通过' }))).toHaveCount(0);

  // ── the administrator approves, exports the bank file and imports the bank's result
  await page.goto(`/#/finance/paymentBatchDetail?id=${batchId}`);
  await expect(visible(page.getByTestId('batch-heading'))).toHaveText(batchNo);
  await expect(visible(page.getByTestId('batch-basic'))).toContainText('四眼原则');
  await visible(page.getByRole('button', { name: '审批通过' })).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(page.getByTestId('batch-status'))).toHaveText('已审批');
  await visible(page.getByRole('button', { name: '导出银行文件' })).click();
  await expect(page.getByRole('dialog')).toContainText('完整卡号');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^银行代发文件_${batchNo}_\\d{8}\\.csv$`));
  const csv = readFileSync((await download.path())!, 'utf8');
  const rows = csv.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(','));
  expect(rows[0]).toEqual(['序号', '收款人户名', '收款账号', '收款银行', '开户网点', '金额', '用途', '业务参考号']);
  expect(rows.length).toBe(5);
  for (const [i, r] of rows.slice(1).entries()) expect(r.slice(0, 5)).toEqual([String(i + 1), '付款业主', CARD, '中国建设银行', '济南分行']);
  expect(rows.slice(1).reduce((s, r) => s + fen(r[5]!), 0)).toBe(total);
  await expect(visible(page.getByTestId('batch-status'))).toHaveText('已提交银行');
  // the bank's answer: the first transfer failed
  const result = [
    ['业务参考号', '收款账号', '金额', '处理结果', '失败原因', '银行流水号', '交易时间'],
    ...rows.slice(1).map((r, i) => [r[7]!, `${CARD.slice(0, 6)}****${CARD.slice(-4)}`, r[5]!, i === 0 ? '失败' : '成功', i === 0 ? '户名与账号不符' : '', i === 0 ? '' : `E2EBANK${i}`, `2026-11-25 10:0${i}:00`]),
  ];
  await visible(page.getByRole('button', { name: '导入银行结果' })).click();
  const importDialog = page.getByRole('dialog');
  // a file with an unknown reference: every problem named, nothing imported
  const bad = [result[0]!, ['P999999999999', ...result[1]!.slice(1)]];
  await importDialog.getByTestId('batch-import-file').setInputFiles({ name: '结果-错误.csv', mimeType: 'text/csv', buffer: Buffer.from('\uFEFF' + bad.map((r) => r.join(',')).join('\r\n')) });
  await importDialog.getByTestId('batch-import-upload').click();
  await expect(importDialog.getByTestId('batch-import-result')).toContainText('1 行有错误，未导入任何数据');
  await expect(importDialog.getByTestId('batch-import-errors')).toContainText(`业务参考号 P999999999999 不是本批次（${batchNo}）的明细`);
  await shot(page, 'payment-import-errors-zh');
  await importDialog.getByTestId('batch-import-file').setInputFiles({ name: '结果.csv', mimeType: 'text/csv', buffer: Buffer.from('\uFEFF' + result.map((r) => r.join(',')).join('\r\n')) });
  await importDialog.getByTestId('batch-import-upload').click();
  const failedFen = fen(rows[1]![5]!);
  await expect(importDialog.getByTestId('batch-import-result')).toContainText(`导入 4 行：3 笔成功（${yuan(total - failedFen)}），1 笔失败（${yuan(failedFen)}）`);
  await importDialog.getByRole('button', { name: '关闭' }).click();
  await expect(visible(page.getByTestId('batch-status'))).toHaveText('已完成');
  await expect(visible(page.getByTestId('reconcile-paid'))).toContainText(yuan(total - failedFen));
  await expect(visible(page.getByTestId('reconcile-failed'))).toContainText(yuan(failedFen));
  await expect(visible(page.getByTestId('reconcile-balanced'))).toContainText('合计 = 已支付 + 支付失败 + 待银行结果');
  await expect(visible(page.getByTestId('lines-table'))).toContainText('户名与账号不符');
  await shot(page, 'payment-detail-zh');

  // ── kefu: the failed bill, ticked in the bill list, into a new batch
  await kefu.goto(`/#/finance/rentBill?contract_id=${contract.id}`);
  await kefu.reload();
  const failedRow = visible(kefu.getByTestId('bill-list')).getByRole('row').filter({ hasText: '支付失败' });
  await expect(failedRow).toHaveCount(1);
  await failedRow.getByRole('checkbox').check();
  await visible(kefu.getByTestId('bill-batch-ticked')).click();
  const retry = kefu.getByRole('dialog');
  await expect(retry.getByTestId('batch-preview')).toHaveText(`将付款 1 笔，合计 ${yuan(failedFen)}`);
  await retry.getByLabel('名称（可选）').fill('E2E 失败重付');
  await retry.getByRole('button', { name: '建立批次' }).click();
  await expect(visible(kefu.getByTestId('batch-status'))).toHaveText('草稿');
  const retryId = Number(new URL(kefu.url().replace('#', '')).searchParams.get('id'));
  await visible(kefu.getByRole('button', { name: '提交审批' })).click();
  await kefu.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(kefu.getByTestId('batch-status'))).toHaveText('待审批');

  // ── the administrator: approve, the bank file (xlsx this time), the bank says paid
  await page.goto(`/#/finance/paymentBatchDetail?id=${retryId}`);
  await visible(page.getByRole('button', { name: '审批通过' })).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(page.getByTestId('batch-status'))).toHaveText('已审批');
  await visible(page.getByRole('button', { name: '导出银行文件' })).click();
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-export-xlsx').click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(readFileSync((await xlsx.path())!).subarray(0, 2).toString()).toBe('PK');
  const retryLines = (await call.get(`payment_batch/lines?id=${retryId}`)).list as Array<{ reference: string; amount: string }>;
  const paid = [result[0]!, [retryLines[0]!.reference, '', retryLines[0]!.amount, '成功', '', 'E2EBANK-RETRY', '2026-11-25 15:00:00']];
  await visible(page.getByRole('button', { name: '导入银行结果' })).click();
  await page.getByRole('dialog').getByTestId('batch-import-file').setInputFiles({ name: 'retry.csv', mimeType: 'text/csv', buffer: Buffer.from(paid.map((r) => r.join(',')).join('\n')) });
  await page.getByRole('dialog').getByTestId('batch-import-upload').click();
  await expect(page.getByRole('dialog').getByTestId('batch-import-result')).toContainText('1 笔成功');
  await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
  await expect(visible(page.getByTestId('batch-status'))).toHaveText('已完成');

  // ── the owner's money tab: every bill paid; the failed-then-paid bill's payments
  await page.goto(`/#/customer/customerDetail?id=${station!.customer_id}`);
  await visible(page.getByTestId('customer-tab-money')).click();
  const table = visible(page.getByTestId('money-bills-table'));
  await expect(table.getByRole('row').filter({ hasText: '已支付' })).toHaveCount(4);
  // (the first line, the Q1 bill, was the one the bank failed)
  await table.getByRole('row').filter({ hasText: '2026-Q1' }).click();
  const payments = page.getByTestId('bill-payments');
  await expect(payments).toContainText(batchNo);
  await expect(payments).toContainText('户名与账号不符');
  await expect(payments).toContainText('E2EBANK-RETRY');
  await shot(page, 'payment-money-tab-zh');
  await page.getByTestId('bill-drawer').getByRole('button', { name: '关闭' }).click();

  // ── English
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await page.goto('/#/finance/paymentBatch');
  await page.reload();
  await expect(visible(page.getByTestId('batch-list'))).toContainText(batchNo);
  // (our own batches' state; the demo's batch awaiting approval may have been approved by another test)
  await expect(visible(page.getByTestId('batch-list'))).toContainText('Completed');
  await shot(page, 'payment-list-en');
  await page.goto(`/#/finance/paymentBatchDetail?id=${batchId}`);
  await expect(visible(page.getByTestId('batch-reconcile'))).toContainText('Reconciliation');
  await expect(visible(page.getByTestId('reconcile-balanced'))).toContainText('Total = paid + failed + awaiting');
  await expect(visible(page.getByTestId('lines-table'))).toContainText('Failed');
  await shot(page, 'payment-detail-en');
  await kefu.context().close();
});
