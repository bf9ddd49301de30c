import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, apiAs, login, shot, tokenOf, visible } from './helpers.ts';

/**
 * 合作伙伴 › 保单 and 理赔 (issue 15) end to end, as 运营客服 kefu: a policy over two stations ending in
 * 15 days shows under 30 天内到期 → ticked and renewed in the list's 批量续保 dialog (prefix + sequence)
 * → the old one 已续保 linking to the new one, and the same renewal again creates nothing; then a
 * maintenance order's 发起理赔 opens the claim form with its station → 报案 with a document → 提交资料
 * → 定损 → 确认赔付, each step on the timeline; the station page lists both. Then English.
 * E2E_SHOTS=<dir> writes screenshots.
 */

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, username, ADMIN_PASSWORD);
  return page;
}
const chinaDay = (offset = 0) => new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test('bulk renewal of an expiring policy; a claim filed from a maintenance order walked to 已赔付; zh then en', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  await login(page);
  const admin = apiAs(request, await tokenOf(page));
  const stamp = String(Date.now()).slice(-7);

  // ── two stations no policy covers yet, an insurer
  const insurer = ((await admin.get('partner/index?kind=insurer&limit=5')).list as Array<{ id: number }>)[0]!;
  const candidates = (await admin.get('station/index?status=operating&sort=id&order=DESC&limit=40')).list as Array<{ id: number; code: string; name: string }>;
  const free: typeof candidates = [];
  for (const s of candidates) {
    if (free.length === 2) break;
    if (!((await admin.get(`insurance_policy/of_station?station_id=${s.id}`)).policies as unknown[]).length) free.push(s);
  }
  expect(free).toHaveLength(2);
  const policyNo = `E2E-${stamp}`;
  const old = await admin.post('insurance_policy/add', {
    policy_no: policyNo, kind: 'property', insurer_id: insurer.id, start_date: chinaDay(-350), end_date: chinaDay(15), premium: '2000.00',
    stations: [{ station_id: free[0]!.id, sum_insured: '60000.00' }, { station_id: free[1]!.id, sum_insured: '40000.00' }],
  });

  // ── kefu: the new-policy form counts the stations a filter finds before saving
  const kefu = await signedIn(browser, 'kefu');
  await kefu.goto('/#/partner/insurancePolicy/create');
  const create = visible(kefu.getByTestId('policy-form'));
  await create.getByLabel('起期').fill(chinaDay(1));
  await create.getByLabel('止期').fill(chinaDay(366));
  await create.getByRole('radio', { name: '按条件筛选电站' }).check();
  await create.getByLabel('并网日期起').fill('2000-01-01');
  await visible(kefu.getByTestId('policy-preview')).click();
  await expect(visible(kefu.getByTestId('policy-preview-result'))).toContainText(/符合条件 \d+ 座/);
  await shot(kefu, 'insurance-policy-create-zh', { fullPage: true });

  // ── the expiring filter finds the policy; tick it and renew with +5 %
  await kefu.goto('/#/partner/insurancePolicy');
  const list = visible(kefu.getByTestId('policy-list'));
  await kefu.getByPlaceholder('搜索保单号').fill(policyNo);
  await kefu.getByLabel('30 天内到期').check();
  await expect(list).toContainText(policyNo);
  await expect(list).toContainText('即将到期');
  await shot(kefu, 'insurance-policy-list-zh');
  // both filters applied (the keyword's debounce and the checkbox each refetch): one row left, then tick it
  await expect(list.locator('tbody tr')).toHaveCount(1);
  await expect(async () => list.locator('tbody input[type="checkbox"]').first().check({ timeout: 2_000 })).toPass();
  await visible(kefu.getByTestId('policy-renew-selected')).click();
  const dialog = kefu.getByRole('dialog');
  await dialog.getByTestId('renew-premium-rule').click();
  await kefu.getByRole('option', { name: '按比例调整（±%）' }).click();
  await dialog.getByLabel(/调整比例/).fill('5');
  await dialog.getByRole('textbox', { name: '前缀', exact: true }).fill(`RN${stamp}-`);
  await dialog.getByRole('spinbutton', { name: '起始序号' }).fill('1');
  await dialog.getByRole('spinbutton', { name: '序号位数' }).fill('3');
  await expect(dialog.getByTestId('renew-numbers-preview')).toContainText(`RN${stamp}-001`);
  await shot(kefu, 'insurance-renew-dialog-zh');
  await dialog.getByRole('button', { name: '续保' }).click();
  await expect(kefu.getByText('已生成 1 张新保单，跳过 0 张已续保的保单')).toBeVisible();
  await expect(dialog).toBeHidden();
  const kefuApi = apiAs(request, await tokenOf(kefu));
  const renewed = await kefuApi.get(`insurance_policy/get_info?id=${old.id}`);
  expect(renewed).toMatchObject({ status: 'renewed', renewed_to_no: `RN${stamp}-001` });
  const next = await kefuApi.get(`insurance_policy/get_info?id=${renewed.renewed_to}`);
  expect(next).toMatchObject({ premium: '2100.00', start_date: chinaDay(16), station_count: 2, sum_insured_total: '100000.00' });
  // the same renewal again: nothing new
  const again = await kefuApi.post('insurance_policy/renew', { ids: [old.id], term_years: 1, premium_rule: 'percent', percent: '5', prefix: `RN${stamp}-`, seq_start: 1, seq_width: 3 });
  expect(again.created).toEqual([]);
  await kefu.goto(`/#/partner/insurancePolicyDetail?id=${old.id}`);
  await expect(visible(kefu.getByTestId('policy-state'))).toHaveText('已续保');
  await expect(visible(kefu.getByTestId('policy-renewed-to'))).toHaveText(`RN${stamp}-001`);
  await expect(visible(kefu.getByTestId('policy-cover')).getByTestId('cover-row')).toHaveCount(2);

  // ── a maintenance order on the first station (hail) → 发起理赔
  const order = await kefuApi.post('maintenance/add', { station_id: free[0]!.id, fault_category: 'module', description: '冰雹砸裂组件 6 块' });
  await kefu.goto(`/#/operation/maintenanceDetail?id=${order.id}`);
  await visible(kefu.getByTestId('maintenance-file-claim')).click();
  const form = visible(kefu.getByTestId('claim-form'));
  await expect(form.getByLabel('电站')).toHaveValue(new RegExp(free[0]!.code));
  // the order it came from by its number, not an id box
  await expect(form.getByLabel('运维工单')).toHaveValue(new RegExp(order.order_no));
  await form.getByLabel('出险日期').fill(chinaDay(-2));
  await form.getByLabel('索赔金额').fill('18000');
  await form.getByLabel('事故经过').fill('冰雹砸裂组件 6 块，逆变器停机');
  await form.getByTestId('claim-documents').setInputFiles({ name: '现场照片.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form).toContainText('现场照片.pdf');
  await shot(kefu, 'insurance-claim-create-zh');
  await kefu.getByRole('button', { name: '保存' }).click();
  await expect(visible(kefu.getByTestId('claim-status'))).toHaveText('报案');
  await expect(visible(kefu.getByTestId('claim-maintenance'))).toHaveText(order.order_no);
  await expect(visible(kefu.getByTestId('claim-policy'))).toHaveText(policyNo);

  await visible(kefu.getByRole('button', { name: '提交资料' })).click();
  await kefu.getByRole('dialog').getByTestId('claim-submit-documents').setInputFiles({ name: '定损报告.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(kefu.getByRole('dialog')).toContainText('定损报告.pdf');
  await kefu.getByRole('dialog').getByRole('button', { name: '提交资料' }).click();
  await expect(visible(kefu.getByTestId('claim-status'))).toHaveText('资料提交');

  await visible(kefu.getByRole('button', { name: '定损' })).click();
  await kefu.getByRole('dialog').getByTestId('claim-amount-approved').locator('input').fill('18000.01');
  await kefu.getByRole('dialog').getByRole('button', { name: '定损' }).click();
  await expect(kefu.getByText('核定金额 18000.01 不能超过索赔金额 18000.00')).toBeVisible();
  await kefu.getByRole('dialog').getByTestId('claim-amount-approved').locator('input').fill('16200');
  await kefu.getByRole('dialog').getByRole('button', { name: '定损' }).click();
  await expect(visible(kefu.getByTestId('claim-status'))).toHaveText('定损');

  await visible(kefu.getByRole('button', { name: '确认赔付' })).click();
  await kefu.getByRole('dialog').getByRole('button', { name: '确认赔付' }).click();
  await expect(visible(kefu.getByTestId('claim-status'))).toHaveText('已赔付');
  await expect(visible(kefu.getByTestId('claim-received'))).toHaveText('¥16,200.00');
  const timeline = visible(kefu.getByTestId('status-timeline'));
  for (const step of ['提交资料', '定损', '确认赔付']) await expect(timeline).toContainText(step);
  await shot(kefu, 'insurance-claim-paid-zh', { fullPage: true });

  // ── the station page lists the policies and the claim
  await kefu.goto(`/#/stationManagement/stationDetail?id=${free[0]!.id}`);
  await visible(kefu.getByTestId('station-tab-money')).click();
  const panel = visible(kefu.getByTestId('station-insurance'));
  await expect(panel.getByTestId('station-policy')).toHaveCount(2);
  await expect(panel.getByTestId('station-claim')).toHaveCount(1);

  // ── English
  await kefu.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await kefu.goto('/#/partner/insurancePolicy');
  await kefu.reload();
  await kefu.getByLabel('Ends within 30 days').uncheck();
  await kefu.getByPlaceholder('Search policy no.').fill(`RN${stamp}`);
  await expect(visible(kefu.getByTestId('policy-list'))).toContainText(`RN${stamp}-001`);
  await expect(visible(kefu.getByTestId('policy-list'))).toContainText('Property all-risk');
  await shot(kefu, 'insurance-policy-list-en');
  await kefu.goto('/#/partner/insuranceClaim');
  await expect(visible(kefu.getByTestId('claim-list'))).toContainText('Paid');
  await shot(kefu, 'insurance-claim-list-en');
  const claimId = ((await kefuApi.get(`insurance_claim/index?maintenance_id=${order.id}`)).list as Array<{ id: number }>)[0]!.id;
  await kefu.goto(`/#/partner/insuranceClaimDetail?id=${claimId}`);
  await expect(visible(kefu.getByTestId('claim-status'))).toHaveText('Paid');
  await expect(visible(kefu.getByTestId('claim-basic'))).toContainText('Hail');
  await expect(visible(kefu.getByTestId('claim-documents-panel'))).toContainText('现场照片.pdf');
  await expect(visible(kefu.getByTestId('claim-documents-panel'))).toContainText('定损报告.pdf');
  await shot(kefu, 'insurance-claim-detail-en', { fullPage: true });
  await kefu.context().close();
});

test('a policy edited, a station removed from its cover, policies renewed from a sheet (bad rows reported, the same sheet twice changes nothing); zh then en', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  await login(page);
  const admin = apiAs(request, await tokenOf(page));
  const stamp = String(Date.now()).slice(-7);
  const insurer = ((await admin.get('partner/index?kind=insurer&limit=5')).list as Array<{ id: number }>)[0]!;
  const candidates = (await admin.get('station/index?status=operating&sort=id&order=ASC&limit=60')).list as Array<{ id: number; code: string; name: string }>;
  const free: typeof candidates = [];
  for (const s of candidates) {
    if (free.length === 3) break;
    if (!((await admin.get(`insurance_policy/of_station?station_id=${s.id}`)).policies as unknown[]).length) free.push(s);
  }
  expect(free).toHaveLength(3);
  const p1 = await admin.post('insurance_policy/add', {
    policy_no: `ED-${stamp}`, kind: 'property', insurer_id: insurer.id, start_date: chinaDay(-300), end_date: chinaDay(40), premium: '2000.00',
    stations: [{ station_id: free[0]!.id, sum_insured: '60000.00' }, { station_id: free[1]!.id, sum_insured: '40000.00' }],
  });
  await admin.post('insurance_policy/add', {
    policy_no: `SH-${stamp}`, kind: 'property', insurer_id: insurer.id, start_date: chinaDay(-300), end_date: chinaDay(50), premium: '900.00',
    stations: [{ station_id: free[2]!.id, sum_insured: '30000.00' }],
  });

  // ── kefu corrects the number as printed and adds a remark
  const kefu = await signedIn(browser, 'kefu');
  await kefu.goto(`/#/partner/insurancePolicyDetail?id=${p1.id}`);
  await visible(kefu.getByRole('button', { name: '修改' })).click();
  const edit = kefu.getByRole('dialog');
  await expect(edit.getByLabel('保单号')).toHaveValue(`ED-${stamp}`);
  await edit.getByLabel('保单号').fill(`ED-${stamp}-A`);
  await edit.getByLabel('备注').fill('保单号按纸质保单更正');
  await shot(kefu, 'insurance-policy-edit-zh');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(visible(kefu.getByTestId('policy-heading'))).toContainText(`ED-${stamp}-A`);
  await expect(visible(kefu.getByTestId('policy-basic'))).toContainText('保单号按纸质保单更正');

  // ── the second station leaves the cover today, the insurer refunds 500.00
  const row = visible(kefu.getByTestId('policy-cover')).getByTestId('cover-row').filter({ hasText: free[1]!.code });
  await row.getByTestId('cover-remove').click();
  const remove = kefu.getByRole('dialog');
  await expect(remove.getByTestId('remove-station-hint')).toContainText(free[1]!.code);
  await remove.getByRole('button', { name: '移除' }).click();
  await expect(remove).toContainText('请填写');
  await remove.getByLabel('原因').fill('电站拆除');
  await remove.getByLabel(/退还保费/).fill('500.001');
  await remove.getByRole('button', { name: '移除' }).click();
  await expect(remove).toBeVisible();
  await remove.getByLabel(/退还保费/).fill('500');
  await shot(kefu, 'insurance-remove-station-zh');
  await remove.getByRole('button', { name: '移除' }).click();
  await expect(remove).toBeHidden();
  await expect(visible(kefu.getByTestId('policy-station-count'))).toHaveText('1');
  await expect(visible(kefu.getByTestId('policy-sum-total'))).toHaveText('¥60,000.00');
  await expect(visible(kefu.getByTestId('policy-premium'))).toHaveText('¥1,500.00');
  await expect(row.getByTestId('cover-removed')).toContainText(`已于 ${chinaDay()} 移除：电站拆除`);
  await expect(row.getByTestId('cover-remove')).toHaveCount(0);
  await expect(visible(kefu.getByTestId('status-timeline'))).toContainText('移除承保电站');
  await shot(kefu, 'insurance-policy-removed-zh', { fullPage: true });

  // ── both renewed from the insurer's sheet: a bad row first (nothing written), then the sheet, then the same sheet again
  const csv = (rows: string[][]) => Buffer.from('\uFEFF' + [['原保单号', '新保单号', '新保险起期', '新保险止期', '保费(元)'], ...rows].map((r) => r.join(',')).join('\r\n'));
  const good = [
    [`ED-${stamp}-A`, `XB${stamp}-1`, chinaDay(41), chinaDay(405), '1575.00'],
    [`SH-${stamp}`, `XB${stamp}-2`, chinaDay(51), chinaDay(415), '945.00'],
  ];
  await kefu.goto('/#/partner/insurancePolicy');
  const upload = async (file: Buffer) => {
    await visible(kefu.getByTestId('excel-import')).click();
    const dialog = kefu.getByRole('dialog');
    await dialog.getByTestId('excel-file').setInputFiles({ name: '续保清单.csv', mimeType: 'text/csv', buffer: file });
    await dialog.getByTestId('excel-upload').click();
    return dialog;
  };
  let dialog = await upload(csv([...good, [`NOPE-${stamp}`, `XB${stamp}-3`, chinaDay(41), chinaDay(405), '1.00']]));
  await expect(dialog).toContainText(`保单 NOPE-${stamp} 不存在或不在您的数据范围内`);
  await shot(kefu, 'insurance-renew-sheet-errors-zh');
  await dialog.getByRole('button', { name: '关闭' }).click();
  const kefuApi = apiAs(request, await tokenOf(kefu));
  expect((await kefuApi.get(`insurance_policy/get_info?id=${p1.id}`)).status).toBe('active');
  dialog = await upload(csv(good));
  await expect(dialog.getByTestId('excel-result')).toContainText('已续保 2 张保单，0 张此前已按本表续保（未改动）');
  await shot(kefu, 'insurance-renew-sheet-done-zh');
  await dialog.getByRole('button', { name: '关闭' }).click();
  dialog = await upload(csv(good));
  await expect(dialog.getByTestId('excel-result')).toContainText('已续保 0 张保单，2 张此前已按本表续保（未改动）');
  await dialog.getByRole('button', { name: '关闭' }).click();
  const n1 = await kefuApi.get(`insurance_policy/get_info?id=${(await kefuApi.get(`insurance_policy/get_info?id=${p1.id}`)).renewed_to}`);
  // the removed station is not renewed
  expect(n1).toMatchObject({ policy_no: `XB${stamp}-1`, premium: '1575.00', station_count: 1, sum_insured_total: '60000.00', start_date: chinaDay(41) });

  // ── English
  await kefu.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await kefu.goto(`/#/partner/insurancePolicyDetail?id=${p1.id}`);
  await kefu.reload();
  await expect(visible(kefu.getByTestId('policy-cover')).getByTestId('cover-removed')).toContainText(`Removed on ${chinaDay()}: 电站拆除`);
  await expect(visible(kefu.getByTestId('status-timeline'))).toContainText('Station removed');
  await shot(kefu, 'insurance-policy-removed-en', { fullPage: true });
  await kefu.goto(`/#/partner/insurancePolicyDetail?id=${n1.id}`);
  await visible(kefu.getByRole('button', { name: 'Edit' })).click();
  await expect(kefu.getByRole('dialog')).toContainText('Edit the policy');
  await shot(kefu, 'insurance-policy-edit-en');
  await kefu.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await kefu.goto('/#/partner/insurancePolicy');
  await visible(kefu.getByTestId('excel-import')).click();
  await expect(kefu.getByRole('dialog')).toContainText('Renew policies from an Excel sheet');
  await shot(kefu, 'insurance-renew-sheet-en');
  await kefu.context().close();
});
