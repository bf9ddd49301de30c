import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, apiAs, login, shot, tokenOf, visible } from './helpers.ts';

/**
 * Needs-approval and segregation of duties in the browser (issues 25 and 26), on the seeded
 * 发票登记审批（超过 ¥20,000）: 客服 registers a large invoice — the console says it went for approval,
 * the invoice stays a draft and its 流程 panel shows the request pending —; the finance approver (the
 * 财务审批 role's member, else the administrator: the fallback) approves it in the workbench and the
 * invoice is registered. A large invoice the administrator entered and registers himself never goes
 * to him: to the finance approver, or, with nobody else, it is refused naming the rule. The designer
 * shows the binding and who may not act. Then English.
 */

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, username, ADMIN_PASSWORD);
  return page;
}

/** A draft incoming invoice of ¥33,900 (30,000 + 13 % tax) entered through the API by `api`'s user. */
async function largeDraft(api: ReturnType<typeof apiAs>, no: string) {
  return api.post('invoice/add', {
    direction: 'in', kind: 'normal', invoice_code: '3700261201', invoice_no: no, issue_date: '2026-11-28',
    seller_name: '青岛晶光组件供应有限公司', seller_tax_id: '91370200MA3C7E2E1U', buyer_name: '光E宝新能源科技（山东）有限公司',
    amount_total: '30000.00', tax_total: '3900.00', total: '33900.00',
    lines: [{ item: '*太阳能电池*单晶光伏组件', quantity: '60', unit_price: '500', amount: '30000.00', tax_rate: '13' }],
  }) as Promise<{ id: number; invoice_no: string }>;
}

test('a large invoice registered by 客服 waits for approval, the finance approver approves it in the workbench; the administrator’s own never goes to him; zh then en', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await signedIn(browser, 'admin');
  const adminApi = apiAs(request, await tokenOf(admin));
  // who approves money: the 财务审批 role's members (the demo's finance approver), else the administrators (the process's fallback)
  const role = ((await adminApi.get('role/index?limit=100')).list as Array<{ id: number; code: string }>).find((r) => r.code === 'finance_approver');
  const members = role ? ((await adminApi.get(`user/index?role_id=${role.id}&status=enabled`)).list as Array<{ username: string; full_name: string }>) : [];
  const approverName = members[0]?.full_name ?? '系统管理员';

  const kefu = await signedIn(browser, 'kefu');
  const kefuApi = apiAs(request, await tokenOf(kefu));
  const stamp = String(Date.now()).slice(-7);
  const inv = await largeDraft(kefuApi, `8${stamp}`);

  // ── 客服 registers it: sent for approval, still a draft, the request on the page
  await kefu.goto(`/#/finance/invoiceDetail?id=${inv.id}`);
  await expect(visible(kefu.getByTestId('invoice-status'))).toHaveText('草稿');
  await visible(kefu.getByRole('button', { name: '登记' })).click();
  await kefu.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(kefu.getByText('已提交审批：发票登记审批（超过 ¥20,000）。审批通过后生效。')).toBeVisible();
  await expect(visible(kefu.getByTestId('invoice-status'))).toHaveText('草稿');
  const panel = visible(kefu.getByTestId('workflow-instance'));
  await expect(panel.getByTestId('wf-request')).toContainText('待审批的申请：登记');
  await expect(panel.getByTestId('wf-instance-state')).toHaveText('运行中');
  await expect(panel.getByTestId('wf-waiting')).toContainText(approverName);
  await panel.scrollIntoViewIfNeeded();
  await shot(kefu, 'approval-invoice-pending-zh');

  // ── the approver approves it in the workbench
  const approver = members[0] ? await signedIn(browser, members[0].username) : admin;
  await approver.goto('/#/workbench');
  const row = visible(approver.getByTestId('workflow-tasks')).locator('tr', { hasText: inv.invoice_no });
  await expect(row).toContainText('财务审批');
  await shot(approver, 'approval-invoice-workbench-zh');
  await row.getByRole('button', { name: '同意' }).click();
  await approver.getByTestId('task-comment').fill('票面与明细一致');
  await approver.getByTestId('task-confirm').click();
  await expect(visible(approver.getByTestId('workflow-tasks')).locator('tr', { hasText: inv.invoice_no })).toHaveCount(0);
  await kefu.reload();
  await expect(visible(kefu.getByTestId('invoice-status'))).toHaveText('已登记');
  await expect(visible(kefu.getByTestId('workflow-instance')).getByTestId('wf-instance-state')).toHaveText('已完成');
  await expect(visible(kefu.getByTestId('status-timeline'))).toContainText('登记');

  // ── the administrator's own large invoice never goes to him: to the finance approver, or (nobody else) refused naming the rule
  const own = await largeDraft(adminApi, `9${stamp}`);
  await admin.goto(`/#/finance/invoiceDetail?id=${own.id}`);
  await visible(admin.getByRole('button', { name: '登记' })).click();
  await admin.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  if (members.length) {
    await expect(visible(admin.getByTestId('workflow-instance')).getByTestId('wf-waiting')).toContainText(approverName);
    await expect(visible(admin.getByTestId('workflow-instance')).getByTestId('wf-waiting')).not.toContainText('系统管理员');
  } else {
    await expect(admin.getByText(/登记需要审批.*系统管理员是发票.*的(录入人|申请人)/)).toBeVisible();
  }
  await expect(visible(admin.getByTestId('invoice-status'))).toHaveText('草稿');
  await shot(admin, 'approval-invoice-own-zh');

  // ── the designer: bound to 登记 above ¥20,000, the fallback set, who never gets a task
  await admin.goto('/#/other/workflow');
  await visible(admin.getByTestId('workflow-list')).locator('tr', { hasText: 'invoice_register_approval' }).click();
  const designer = visible(admin.getByTestId('wf-designer'));
  await expect(designer.getByTestId('wf-binding')).toContainText('需要审批：登记（价税合计 大于 20000）');
  await designer.locator('.react-flow__node[data-id="approve"]').click();
  await expect(designer.getByTestId('wf-prop-sod')).toContainText('录入人');
  await shot(admin, 'approval-invoice-designer-zh');

  // ── English: the request reads in English
  await kefu.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await kefu.reload();
  await expect(visible(kefu.getByTestId('workflow-instance')).getByTestId('wf-request')).toContainText('Request: register');
  await shot(kefu, 'approval-invoice-done-en');
  await admin.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await admin.goto(`/#/finance/invoiceDetail?id=${own.id}`);
  await admin.reload();
  if (members.length) await expect(visible(admin.getByTestId('workflow-instance')).getByTestId('wf-request')).toContainText('Request awaiting approval: register');
  else {
    await visible(admin.getByRole('button', { name: 'Register' })).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(admin.getByText(/needs approval.*segregation of duties/i)).toBeVisible();
  }
});
