import { expect, test } from '@playwright/test';
import { login, shot, visible } from './helpers.ts';

/**
 * 运维 › 运维计划 / 巡检 (issue 13), as an O&M manager and a field team would: a plan is drawn up in
 * its form (station set previewed), enabled and generated; one of its inspections is started, its
 * results submitted with a failed item, reviewed and done; the detail page shows the results and the
 * timeline, the station's 运维 tab and the dashboard's O&M card count it — in Chinese, then the same
 * screens in English. (Readings, photos and the checklist rules: packages/server/test/inspection.test.ts.)
 * E2E_SHOTS=<dir> also writes screenshots of every screen in both languages.
 */

test('plan drawn up, previewed, enabled and generated; an inspection started, submitted with a failure, reviewed; zh then en', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page);
  const name = `季度巡检${String(Date.now()).slice(-5)}`;

  // the plan form: basics, a station set with its preview, recurrence, one checklist item, a default team member
  await page.goto('/#/operation/operationPlan/create');
  await visible(page.getByRole('textbox', { name: '计划名称' })).fill(name);
  await visible(page.getByRole('combobox', { name: '区域' })).fill('山东');
  await page.getByRole('option', { name: '山东省' }).click();
  await visible(page.getByTestId('plan-preview')).click();
  await expect(visible(page.getByTestId('plan-preview-result'))).toContainText(/当前覆盖 \d+ 个电站/);
  await visible(page.getByRole('spinbutton', { name: '每 N 个月' })).fill('3');
  await visible(page.getByRole('textbox', { name: '开始日期' })).fill('2026-01-01');
  await visible(page.getByRole('textbox', { name: '检查内容' })).fill('组件外观');
  await visible(page.getByRole('combobox', { name: '默认执行人' })).fill('孙');
  await page.getByRole('option', { name: /孙师傅/ }).click();
  await shot(page, 'inspection-plan-form-zh', { fullPage: true });
  await visible(page.getByRole('button', { name: /保存/ })).click();
  await expect(visible(page.getByTestId('plan-heading'))).toHaveText(name);
  await expect(visible(page.getByTestId('change-history'))).toContainText('新建');

  // enable (the confirmation tells how many stations), then generate the current quarter now
  await visible(page.getByRole('button', { name: '启用' })).click();
  await expect(page.getByRole('dialog')).toContainText(/当前覆盖 \d+ 个电站/);
  await page.getByRole('dialog').getByRole('button', { name: /确认/ }).click();
  await expect(page.getByText('计划已启用')).toBeVisible();
  await visible(page.getByRole('button', { name: '立即生成' })).click();
  await expect(page.getByText(/已生成 \d+ 条巡检/)).toBeVisible();
  await shot(page, 'inspection-plan-detail-zh', { fullPage: true });

  // the plan's inspections (the count refreshed after generating): open the first
  await expect(visible(page.getByTestId('plan-inspections-link'))).toHaveText(/^[1-9]\d*$/);
  await visible(page.getByTestId('plan-inspections-link')).click();
  await expect(visible(page.getByTestId('inspection-list'))).toContainText(name);
  await shot(page, 'inspection-list-zh', { fullPage: true });
  await visible(page.getByTestId('inspection-list')).locator('tbody tr').first().click();
  await expect(visible(page.getByTestId('inspection-heading'))).toHaveText(/^XJ\d+/);
  await expect(visible(page.getByTestId('inspection-status'))).toHaveText('待执行');

  // start, then submit: the item fails, with a photo
  await visible(page.getByRole('button', { name: '开始执行' })).click();
  await expect(visible(page.getByTestId('inspection-status'))).toHaveText('执行中');
  await visible(page.getByRole('button', { name: '提交结果' })).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: '不合格' }).check();
  await dialog.getByRole('textbox', { name: '备注' }).fill('东侧两块组件有裂纹');
  await dialog.getByRole('button', { name: '提交结果' }).click();
  await expect(visible(page.getByTestId('inspection-status'))).toHaveText('待审核');
  await expect(visible(page.getByTestId('inspection-results'))).toContainText('不合格');

  // review: approved; the timeline has every step
  await visible(page.getByRole('button', { name: '审核通过' })).click();
  await page.getByRole('dialog').getByRole('button', { name: /确认/ }).click();
  await expect(visible(page.getByTestId('inspection-status'))).toHaveText('已完成');
  const timeline = visible(page.getByTestId('status-timeline'));
  for (const step of ['计划生成', '开始执行', '提交结果', '审核通过']) await expect(timeline).toContainText(step);
  await shot(page, 'inspection-detail-zh', { fullPage: true });

  // the station page's 运维 tab lists the inspection
  const inspectionNo = (await visible(page.getByTestId('inspection-heading')).textContent())!;
  await visible(page.getByTestId('inspection-basic')).getByTestId('station-link').click();
  await visible(page.getByTestId('station-tab-operation')).click();
  await expect(visible(page.getByTestId('station-inspections'))).toContainText(inspectionNo);
  await expect(visible(page.getByTestId('station-inspections'))).toContainText('已完成');
  await shot(page, 'inspection-station-tab-zh', { fullPage: true });

  // the dashboard's O&M card counts the period's inspections
  await page.goto('/#/dashboard');
  await expect(visible(page.getByTestId('om-planned'))).toHaveText(/^[1-9][\d,]*$/);
  await expect(visible(page.getByTestId('om-coverage'))).toContainText('%');
  await shot(page, 'inspection-dashboard-zh', { fullPage: true });

  // English: the same screens
  await page.getByRole('button', { name: '简体中文' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByText('O&M', { exact: true }).first()).toBeVisible();
  await page.goto('/#/operation/operationPlan');
  await expect(visible(page.getByTestId('plan-list'))).toContainText(name);
  await expect(page.getByText('Operation plans').first()).toBeVisible();
  await shot(page, 'inspection-plan-list-en', { fullPage: true });
  await page.goto('/#/operation/inspectionList');
  await expect(page.getByRole('columnheader', { name: 'Inspection no.' }).first()).toBeVisible();
  await shot(page, 'inspection-list-en', { fullPage: true });
  await visible(page.getByTestId('inspection-list')).locator('tbody tr').first().click();
  await expect(visible(page.getByTestId('inspection-basic'))).toContainText('Planned date');
  await shot(page, 'inspection-detail-en', { fullPage: true });
});
