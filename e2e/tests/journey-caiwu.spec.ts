import { expect, test } from '@playwright/test';
import { PaymentBatchStatus } from '../../packages/contract/src/index.ts';
import { readXlsx } from '../../packages/server/src/excel/xlsx.ts';
import { readFileSync } from 'node:fs';
import { shot, visible } from './helpers.ts';
import { apiOf, closeSignedIn, chinaDay, inEnglish, signedIn } from './journey.ts';

/**
 * A day of the finance maker 周敏 (caiwu, role 财务制单), clicking only: the rent due by today in the
 * bill list becomes a payment batch (count and total shown first), submitted for approval; approving
 * it is not hers (no button, 403 — someone else, 财务审批 caiwu_sp, approves); once approved she sends
 * it to the bank: the bank file downloads and the batch is with the bank. Then the batch in English.
 */

test.afterEach(closeSignedIn);

test('周敏: due rent → a payment batch submitted → (approved by another) → the bank file; approving is refused; zh then en', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const page = await signedIn(browser, 'caiwu');
  const me = apiOf(page, request);
  const approver = apiOf(await signedIn(browser, 'caiwu_sp'), request);

  // ── the rent due by today (待支付): a batch from the list's filters — the preview leaves out bills another batch holds
  const today = chinaDay();
  const due = await me.post('payment_batch/preview', { selection: { filter: { status: 'pending', due_date_lte: today } } });
  expect(due.count, 'rent due that no batch holds').toBeGreaterThan(0);
  await page.goto(`/#/finance/rentBill?status=pending&due_date_lte=${today}`);
  await expect(visible(page.getByTestId('bill-list'))).toContainText('待支付');
  await shot(page, 'journey-caiwu-bills-zh');
  await visible(page.getByTestId('bill-new-batch')).click();
  const make = page.getByRole('dialog');
  await expect(make.getByTestId('batch-preview')).toContainText(`将付款 ${due.count} 笔`);
  await make.getByLabel('名称（可选）').fill('11 月到期租金');
  await make.getByRole('button', { name: '建立批次' }).click();
  await expect(visible(page.getByTestId('batch-heading'))).toHaveText(/^FK\d{14}$/);
  const batchId = Number(new URL(page.url().replace('#', '')).searchParams.get('id'));
  const status = () => visible(page.getByTestId('batch-status'));
  await expect(status()).toHaveText('草稿');
  await visible(page.getByRole('button', { name: '提交审批' })).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(status()).toHaveText('待审批');
  await shot(page, 'journey-caiwu-batch-submitted-zh');

  // ── not hers: approving her own batch (no button; 403)
  await expect(visible(page.getByRole('button', { name: '审批通过' }))).toHaveCount(0);
  const submitted = await me.get(`payment_batch/get_info?id=${batchId}`);
  expect(await me.refused('POST', 'payment_batch/approve', { id: batchId, version: submitted.version })).toEqual({ status: 403, msg: '没有权限执行此操作（需要 payment_batch:approve）' });

  // ── 财务审批 approves it; she sends it to the bank
  await approver.post('payment_batch/approve', { id: batchId, version: submitted.version });
  await page.reload();
  await expect(status()).toHaveText('已审批');
  await visible(page.getByRole('button', { name: '导出银行文件' })).click();
  await expect(page.getByRole('dialog')).toContainText('完整卡号');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-export-xlsx').click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^银行代发文件_${submitted.batch_no}_\\d{8}\\.xlsx$`));
  const rows = readXlsx(readFileSync((await download.path())!));
  expect(rows[0]).toEqual(['序号', '收款人户名', '收款账号', '收款银行', '开户网点', '金额', '用途', '业务参考号']);
  expect(rows.length - 1).toBe(submitted.line_count);
  await expect(status()).toHaveText('已提交银行');
  await shot(page, 'journey-caiwu-batch-exported-zh');

  // ── English
  await inEnglish(page);
  await page.reload();
  await expect(status()).toHaveText(PaymentBatchStatus.label('exported', 'en'));
  await shot(page, 'journey-caiwu-batch-en');
});
