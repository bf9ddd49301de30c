import { expect, test, type Page } from '@playwright/test';
import { PaymentBatchStatus } from '../../packages/contract/src/index.ts';
import { buildXlsx, readXlsx } from '../../packages/server/src/excel/xlsx.ts';
import { readFileSync } from 'node:fs';
import { shot, visible } from './helpers.ts';
import { apiOf, closeSignedIn, inEnglish, signedIn } from './journey.ts';

/**
 * A day of the finance approver 钱国栋 (caiwu_sp, role 财务审批), clicking only: the payment batch
 * awaiting approval (made and submitted by 财务制单 周敏) is approved — in the workbench when the
 * payment process gave him the task, else on the batch page; once 周敏 has sent it to the bank he
 * imports the bank's answer from the template the batch gives (its lines prefilled): a file without
 * the result column is refused naming it, with the template beside; the filled template completes
 * the batch. Sending the bank file (full card numbers) is the maker's: no button, 403.
 */

async function approve(page: Page, batch: { id: number; batch_no: string }, api: ReturnType<typeof apiOf>) {
  await page.goto('/#/workbench');
  await expect(visible(page.getByTestId('workflow-tasks'))).toBeVisible();
  const rows = page.getByTestId(/^task-row-/).filter({ hasText: batch.batch_no });
  // the process's steps given to him (approve, then 已线下签字 …), each handled in place
  for (let i = 0; i < 5 && (await rows.count()) > 0; i++) {
    await shot(page, `journey-caiwu_sp-workbench-${i}-zh`);
    await rows.first().locator('[data-testid$="-approve"], [data-testid$="-click"]').first().click();
    await page.getByTestId('task-confirm').click();
    await expect(page.getByTestId('task-confirm')).toBeHidden();
  }
  await page.goto(`/#/finance/paymentBatchDetail?id=${batch.id}`);
  await page.reload();
  if ((await api.get(`payment_batch/get_info?id=${batch.id}`)).status === 'pending_approval') {
    await visible(page.getByRole('button', { name: '审批通过' })).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  }
  await expect(visible(page.getByTestId('batch-status'))).toHaveText('已审批');
}

test.afterEach(closeSignedIn);

test('钱国栋: approves the batch awaiting approval, imports the bank’s answer from the batch’s template; the bank file is refused; zh then en', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const page = await signedIn(browser, 'caiwu_sp');
  const me = apiOf(page, request);
  const makerPage = await signedIn(browser, 'caiwu');

  // ── the batch awaiting approval (the demo's, made by 周敏)
  const batches = (await me.get('payment_batch/index?limit=50')).list as Array<{ id: number; batch_no: string; name: string | null; status: string; version: number }>;
  const batch = batches.find((b) => b.name === '演示：待审批批次')!;
  expect(batch, 'the demo batch awaiting approval').toBeTruthy();
  if (batch.status === 'pending_approval') await approve(page, batch, me);

  // ── 周敏 sends it to the bank (her step)
  if ((await me.get(`payment_batch/get_info?id=${batch.id}`)).status === 'approved') {
    const fresh = await me.get(`payment_batch/get_info?id=${batch.id}`);
    const res = await request.post('/api/system/payment_batch/export_bank', { headers: { authorization: `Bearer ${await makerPage.evaluate(() => localStorage.getItem('admin-plus-token'))}` }, data: { id: batch.id, version: fresh.version, format: 'xlsx' } });
    expect(res.status()).toBe(200);
  }
  await page.goto(`/#/finance/paymentBatchDetail?id=${batch.id}`);
  await page.reload();
  await expect(visible(page.getByTestId('batch-status'))).toHaveText('已提交银行');

  // ── not his: the bank file (no button; 403)
  await expect(visible(page.getByRole('button', { name: '导出银行文件' }))).toHaveCount(0);
  const exported = await me.get(`payment_batch/get_info?id=${batch.id}`);
  expect((await me.refused('POST', 'payment_batch/export_bank', { id: batch.id, version: exported.version, format: 'csv' })).status).toBe(403);

  // ── the bank's answer: the template from the batch, a file without the result column refused
  await visible(page.getByRole('button', { name: '导入银行结果' })).click();
  const dialog = page.getByRole('dialog');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('batch-import-template').click()]);
  expect(download.suggestedFilename()).toBe(`银行结果模板_${batch.batch_no}.xlsx`);
  const [header, ...lines] = readXlsx(readFileSync((await download.path())!));
  expect(header).toEqual(['业务参考号*', '收款人户名', '收款账号', '金额*', '处理结果*', '失败原因', '银行流水号', '交易时间']);
  expect(lines.length).toBe(exported.pending_count);
  const partial = buildXlsx([['业务参考号', '金额'], ...lines.map((l) => [l[0]!, l[3]!])], { sheetName: '结果' });
  await dialog.getByTestId('batch-import-file').setInputFiles({ name: '银行结果.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: partial });
  await dialog.getByTestId('batch-import-upload').click();
  await expect(dialog.getByTestId('batch-import-result')).toHaveText(/缺少必填列：处理结果（请使用导入模板）/);
  await expect(dialog.getByTestId('batch-import-result-template')).toBeVisible();
  await shot(page, 'journey-caiwu_sp-import-refused-zh');
  const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const filled = buildXlsx([header!, ...lines.map((l, i) => [l[0]!, l[1] ?? '', l[2] ?? '', l[3]!, '成功', '', `E2EJOURNEY${batch.id}${i}`, `${day} 10:00:00`])], { sheetName: '结果' });
  await dialog.getByTestId('batch-import-file').setInputFiles({ name: '银行结果.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: filled });
  await dialog.getByTestId('batch-import-upload').click();
  await expect(dialog.getByTestId('batch-import-result')).toContainText(`${lines.length} 笔成功`);
  await shot(page, 'journey-caiwu_sp-import-done-zh');
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(visible(page.getByTestId('batch-status'))).toHaveText('已完成');

  // ── English
  await inEnglish(page);
  await page.reload();
  await expect(visible(page.getByTestId('batch-status'))).toHaveText(PaymentBatchStatus.label('completed', 'en'));
  await shot(page, 'journey-caiwu_sp-batch-en');
});
