import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs, login, shot, tokenOf, visible } from './helpers.ts';

/**
 * 其他 › 工作流 (issue 16): a small process drawn on the canvas (a user task between start and end,
 * connected by dragging handles), validated and published; started from a 光E宝 matter's page;
 * the user task approved from the workbench's to-do list; the matter's page shows the process
 * ended; a draft after version 1 (users and roles picked by name) compared with it, the differences
 * listed and marked. Then the list, the designer, the comparison and the record in English. E2E_SHOTS=<dir> writes screenshots.
 */

/** Drags from one node's handle to another's (React Flow connects on mouse up over a handle). */
/**
 * Picks an option of an MUI select (`select`: its hidden native input, where the test id sits) and waits until
 * its menu has gone. The click goes to the visible combobox beside the input: a forced click on the hidden input
 * only opens the menu when its point happens to land on the combobox.
 */
async function choose(page: Page, select: Locator, option: string) {
  await select.locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** Drags an edge from one node's handle to another's; again if no edge came of it (a node still settling on a loaded machine). */
async function connect(page: Page, from: string, to: string) {
  const source = visible(page.locator(`.react-flow__node[data-id="${from}"] .react-flow__handle.source`));
  const target = visible(page.locator(`.react-flow__node[data-id="${to}"] .react-flow__handle.target`));
  const edges = visible(page.getByTestId('wf-designer')).locator('.react-flow__edge');
  const before = await edges.count();
  await expect(async () => {
    const a = (await source.boundingBox())!;
    const b = (await target.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2 + 20, (a.y + b.y) / 2, { steps: 5 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(edges).toHaveCount(before + 1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test('draw a process, publish it, start it from a matter, approve the task from the workbench, see it end; zh then en', async ({ page, request }) => {
  test.setTimeout(180_000);
  await login(page);
  const call = apiAs(request, await tokenOf(page));
  const key = `e2e_review_${String(Date.now()).slice(-6)}`;

  // ── the list and a new process
  await page.goto('/#/other/workflow');
  const list = visible(page.getByTestId('workflow-list'));
  await expect(list).toContainText('payment_batch_approval');
  await shot(page, 'workflow-list-zh');
  await visible(page.getByTestId('wf-create')).click();
  await page.getByTestId('wf-key').fill(key);
  await page.getByTestId('wf-name').fill('事项主管审核');
  await page.getByTestId('wf-create-save').click();
  await expect(page).toHaveURL(/#\/other\/workflowDesigner\?id=\d+/);
  const designer = visible(page.getByTestId('wf-designer'));
  await expect(designer.getByTestId('wf-title')).toHaveText('事项主管审核');

  // ── draw: a user task, its assignee, two edges
  await expect(designer.getByTestId('wf-errors')).toBeVisible();
  await designer.getByTestId('wf-palette-user').click();
  await expect(designer.locator('.react-flow__node[data-id="user1"]')).toBeVisible();
  // a second click on the palette steps aside instead of hiding the first node; it goes again with 删除 (it is the selected one), and undo / redo bring it back and take it away
  await designer.getByTestId('wf-palette-user').click();
  const second = designer.locator('.react-flow__node[data-id="user2"]');
  const [box1, box2] = [(await designer.locator('.react-flow__node[data-id="user1"]').boundingBox())!, (await second.boundingBox())!];
  expect(Math.abs(box1.x - box2.x) >= box1.width / 4 || Math.abs(box1.y - box2.y) >= box1.height / 2).toBe(true);
  await designer.getByTestId('wf-delete').click();
  await expect(second).toHaveCount(0);
  await designer.getByTestId('wf-undo').click();
  await expect(second).toHaveCount(1);
  await designer.getByTestId('wf-redo').click();
  await expect(second).toHaveCount(0);
  await designer.locator('.react-flow__node[data-id="user1"]').click();
  // not runnable yet: the errors are pinned on the canvas (the new node: no assignee, unreachable)
  await expect(designer.getByTestId('wf-node-user1')).toHaveAttribute('data-error', 'true');
  await expect(designer.getByTestId('wf-errors')).toContainText('人工审批“人工审批”没有设置处理人');
  await shot(page, 'workflow-designer-errors-zh');
  const props = designer.getByTestId('wf-properties');
  await props.getByTestId('wf-prop-name').fill('主管审核');
  await props.getByTestId('wf-prop-assignee-type').click({ force: true });
  await page.getByRole('option', { name: '角色' }).click();
  // the role picked by its name (the graph keeps the code)
  await props.getByTestId('wf-prop-roles').fill('admin');
  await page.getByRole('option', { name: '超级管理员 (admin)' }).click();
  await expect(props).toContainText('超级管理员 (admin)');
  await connect(page, 'start', 'user1');
  await connect(page, 'user1', 'end');
  await expect(designer.locator('.react-flow__edge')).toHaveCount(2);
  await designer.getByTestId('wf-layout').click();
  await expect(designer.getByTestId('wf-valid')).toBeVisible();
  await shot(page, 'workflow-designer-zh');
  await designer.getByTestId('wf-publish').click();
  await expect(designer).toContainText('已发布');
  await expect(designer).toContainText('第 1 版');

  // ── a draft after version 1: another name, the assignee a user picked by name; compared with version 1
  await designer.locator('.react-flow__node[data-id="user1"]').click();
  await props.getByTestId('wf-prop-name').fill('主管审批');
  await props.getByTestId('wf-prop-assignee-type').click({ force: true });
  await page.getByRole('option', { name: '指定用户' }).click();
  await props.getByTestId('wf-prop-users').fill('admin');
  await page.getByRole('option', { name: /\(admin\)$/ }).click();
  await expect(props).toContainText('系统管理员 (admin)');
  await shot(page, 'workflow-designer-pickers-zh');
  await designer.getByTestId('wf-save').click();
  await expect(designer.getByTestId('wf-save')).toBeDisabled();
  await designer.getByTestId('wf-versions').click();
  const compare = visible(page.getByTestId('wf-compare-diff'));
  await expect(compare).toContainText('修改节点 人工审批“主管审批”：名称、处理人');
  await expect(compare).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('wf-compare-left').locator('[data-testid="wf-node-user1"]')).toHaveAttribute('data-diff', 'changed');
  await expect(page.getByTestId('wf-compare-right').locator('[data-testid="wf-node-user1"]')).toHaveAttribute('data-diff', 'changed');
  await expect(page.getByTestId('wf-compare-right').locator('[data-testid="wf-node-start"]')).not.toHaveAttribute('data-diff', /./);
  await shot(page, 'workflow-versions-zh');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('wf-compare')).toHaveCount(0);

  // ── start it from a matter's page
  const customer = (await call.get('customer/index?limit=1')).list[0] as { id: number };
  const matter = (await call.post('matter/add', { type: 'other', customer_id: customer.id, title: 'e2e 流程事项', content: '请主管审核' })) as { id: number; matter_no: string };
  await page.goto(`/#/stationManagement/matterDetails?id=${matter.id}`);
  const panel = visible(page.getByTestId('workflow-instance'));
  await expect(panel).toContainText('该记录还没有流程');
  await panel.getByTestId('wf-start-key').click({ force: true });
  await page.getByRole('option', { name: '事项主管审核' }).click();
  await panel.getByTestId('wf-start').click();
  await expect(panel.getByTestId('wf-instance-state')).toHaveText('运行中');
  await expect(panel.getByTestId('wf-cancel')).toBeVisible();
  await expect(panel.getByTestId('wf-reassign')).toBeVisible();
  await expect(panel.locator('[data-testid="wf-diagram-user1"]')).toHaveAttribute('data-state', 'current');
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'workflow-record-running-zh');

  // ── the workbench: approve in place
  await page.goto('/#/workbench');
  const tasks = visible(page.getByTestId('workflow-tasks'));
  const row = tasks.locator('tr', { hasText: matter.matter_no });
  await expect(row).toContainText('主管审核');
  await shot(page, 'workflow-workbench-zh');
  await row.getByRole('button', { name: '同意' }).click();
  await page.getByTestId('task-comment').fill('同意，按流程办理');
  await page.getByTestId('task-confirm').click();
  await expect(tasks.locator('tr', { hasText: matter.matter_no })).toHaveCount(0);

  // ── ended, on the record
  await page.goto(`/#/stationManagement/matterDetails?id=${matter.id}`);
  await page.reload();
  const ended = visible(page.getByTestId('workflow-instance'));
  await expect(ended.getByTestId('wf-instance-state')).toHaveText('已完成');
  await expect(ended.getByTestId('wf-history')).toContainText('同意，按流程办理');
  await expect(ended.locator('[data-testid="wf-diagram-end"]')).toHaveAttribute('data-state', 'done');
  await ended.scrollIntoViewIfNeeded();
  await shot(page, 'workflow-record-done-zh');
  // ── the instances list
  await page.goto('/#/other/workflowInstance');
  const instances = visible(page.getByTestId('workflow-instance-list'));
  await expect(instances.locator('tr', { hasText: matter.matter_no })).toContainText('已完成');
  await shot(page, 'workflow-instances-zh');
  // ── 自动布局 on a seeded process with branches (approve / reject), not saved
  await page.goto('/#/other/workflow');
  await visible(page.getByTestId('workflow-list')).locator('tr', { hasText: 'payment_batch_approval' }).click();
  const seeded = visible(page.getByTestId('wf-designer'));
  await expect(seeded.getByTestId('wf-title')).toHaveText('付款批次审批');
  await seeded.getByTestId('wf-layout').click();
  await expect(seeded.getByTestId('wf-valid')).toBeVisible();
  await expect(seeded.getByTestId('wf-save')).toBeEnabled();
  await page.waitForTimeout(300); // the fit after the layout
  await shot(page, 'workflow-designer-layout-zh');

  // ── English
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await page.goto('/#/other/workflow');
  await page.reload();
  await expect(visible(page.getByTestId('workflow-list'))).toContainText('Published');
  await shot(page, 'workflow-list-en');
  // (in English the key column folds into the row's details: the process by its name)
  await visible(page.getByTestId('workflow-list')).locator('tr', { hasText: '事项主管审核' }).first().click();
  await expect(visible(page.getByTestId('wf-designer'))).toContainText('Valid: ready to publish');
  await shot(page, 'workflow-designer-en');
  await visible(page.getByTestId('wf-designer')).getByTestId('wf-versions').click();
  await expect(visible(page.getByTestId('wf-compare-diff'))).toContainText('Changed step User task "主管审批": Name, Assignee');
  await shot(page, 'workflow-versions-en');
  await page.keyboard.press('Escape');
  await page.goto(`/#/stationManagement/matterDetails?id=${matter.id}`);
  await expect(visible(page.getByTestId('workflow-instance')).getByTestId('wf-instance-state')).toHaveText('Completed');
  await visible(page.getByTestId('workflow-instance')).scrollIntoViewIfNeeded();
  await shot(page, 'workflow-record-done-en');
});

/**
 * A download node that makes a PDF from a text template (issue 16, "Workflow documents"): its
 * properties panel (format, template kind, the template text with the record's fields to insert)
 * in zh and en; published from the designer; run on a matter, whose 流程 panel downloads the PDF.
 */
test('a download node’s PDF: the properties panel in zh and en, the document downloaded from the instance panel', async ({ page, request }) => {
  test.setTimeout(120_000);
  await login(page);
  const call = apiAs(request, await tokenOf(page));
  const key = `e2e_pdf_${String(Date.now()).slice(-6)}`;
  const graph = {
    nodes: [
      { id: 'start', kind: 'start', name: '开始', position: { x: 0, y: 0 } },
      { id: 'doc', kind: 'download', name: '生成受理单', position: { x: 0, y: 120 }, data: { file_name: '事项受理单', format: 'pdf', template: 'text', title: '事项受理单 {{matter_no}}', body: '事项：' } },
      { id: 'sign', kind: 'click', name: '线下签字', position: { x: 0, y: 240 }, data: { button: '已线下签字', assignee: { type: 'role', roles: ['admin'] } } },
      { id: 'end', kind: 'end', name: '结束', position: { x: 0, y: 360 }, data: { result: 'done' } },
    ],
    edges: [
      { id: 'a', source: 'start', target: 'doc' },
      { id: 'b', source: 'doc', target: 'sign' },
      { id: 'c', source: 'sign', target: 'end' },
    ],
  };
  const def = (await call.post('workflow/add', { key, name: '事项受理单', record_type: 'matter', graph })) as { id: number };

  // ── the properties panel: PDF, text template; a field inserted at the end of the body
  await page.goto(`/#/other/workflowDesigner?id=${def.id}`);
  const designer = visible(page.getByTestId('wf-designer'));
  await designer.locator('.react-flow__node[data-id="doc"]').click();
  const props = designer.getByTestId('wf-properties');
  await expect(props.getByTestId('wf-prop-format')).toHaveValue('pdf');
  await expect(props.getByTestId('wf-prop-template')).toHaveValue('text');
  await expect(props).toContainText('文档格式');
  await props.getByTestId('wf-prop-doc-body').click();
  await page.keyboard.press('End');
  await props.getByTestId('wf-doc-fields').locator('[data-field="title"]').click();
  await expect(props.getByTestId('wf-prop-doc-body')).toHaveValue('事项：{{title}}');
  // an unknown field is an error pinned to the node
  await props.getByTestId('wf-prop-doc-title').fill('事项受理单 {{no_such_field}}');
  await expect(designer.getByTestId('wf-node-doc')).toHaveAttribute('data-error', 'true');
  await expect(designer.getByTestId('wf-errors')).toContainText('生成文档“生成受理单”引用的字段 no_such_field 不是该业务记录的字段');
  await props.getByTestId('wf-prop-doc-title').fill('事项受理单 {{matter_no}}');
  await expect(designer.getByTestId('wf-valid')).toBeVisible();
  await shot(page, 'workflow-doc-props-zh');
  await designer.getByTestId('wf-publish').click();
  await expect(designer).toContainText('第 1 版');

  // ── run on a matter: the 流程 panel offers the PDF
  const customer = (await call.get('customer/index?limit=1')).list[0] as { id: number };
  const matter = (await call.post('matter/add', { type: 'other', customer_id: customer.id, title: 'e2e 受理单事项', content: '打印受理单' })) as { id: number; matter_no: string };
  await call.post('workflow_instance/start', { key, record_id: matter.id });
  await page.goto(`/#/stationManagement/matterDetails?id=${matter.id}`);
  const panel = visible(page.getByTestId('workflow-instance'));
  const link = panel.locator('[data-testid^="wf-doc-"][data-type="pdf"]');
  await expect(link).toContainText(`事项受理单_${matter.matter_no}.pdf`);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`事项受理单_${matter.matter_no}.pdf`);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  const bytes = Buffer.concat(chunks);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain('/BaseFont /STSong-Light');
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'workflow-doc-instance-zh');

  // ── an uploaded xlsx template instead (any workbook: the list's export), then removed again
  const token = await tokenOf(page);
  const workbook = await (await request.get('/api/system/workflow/export', { headers: { authorization: `Bearer ${token}` } })).body();
  await page.goto(`/#/other/workflowDesigner?id=${def.id}`);
  const again = visible(page.getByTestId('wf-designer'));
  await again.locator('.react-flow__node[data-id="doc"]').click();
  const tprops = again.getByTestId('wf-properties');
  await choose(page, tprops.getByTestId('wf-prop-template'), '上传的 xlsx 模板');
  await expect(tprops.getByTestId('wf-prop-format')).toHaveValue('xlsx');
  await expect(again.getByTestId('wf-errors')).toContainText('还没有上传模板文件');
  await tprops.getByTestId('wf-template-file').setInputFiles({ name: '受理单模板.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook });
  await expect(tprops.getByTestId('wf-template-chip')).toContainText('受理单模板.xlsx');
  await expect(again.getByTestId('wf-valid')).toBeVisible();
  await shot(page, 'workflow-doc-xlsx-zh');
  await tprops.getByTestId('wf-template-chip').locator('.MuiChip-deleteIcon').click();
  await expect(tprops.getByTestId('wf-template-upload')).toBeVisible();
  // a file that is no workbook (the export cut short: a zip without its directory) passes the upload's sniffing; publishing refuses it, pinned to the node
  await tprops.getByTestId('wf-template-file').setInputFiles({ name: '坏模板.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook.subarray(0, workbook.length - 22) });
  await expect(tprops.getByTestId('wf-template-chip')).toContainText('坏模板.xlsx');
  await again.getByTestId('wf-publish').click();
  await expect(again.getByTestId('wf-node-doc')).toHaveAttribute('data-error', 'true');
  await expect(again.getByTestId('wf-errors')).toContainText('生成文档“生成受理单”的模板文件 坏模板.xlsx 不是有效的 xlsx 文件');
  await shot(page, 'workflow-doc-bad-template-zh');
  // back to the PDF text template, saved
  await choose(page, tprops.getByTestId('wf-prop-template'), '文本模板');
  await choose(page, tprops.getByTestId('wf-prop-format'), 'PDF');
  await expect(again.getByTestId('wf-valid')).toBeVisible();
  await again.getByTestId('wf-save').click();
  await expect(again.getByTestId('wf-save')).toBeDisabled();

  // ── English
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await page.goto(`/#/other/workflowDesigner?id=${def.id}`);
  await page.reload();
  const en = visible(page.getByTestId('wf-designer'));
  await en.locator('.react-flow__node[data-id="doc"]').click();
  await expect(en.getByTestId('wf-properties')).toContainText('Document format');
  await expect(en.getByTestId('wf-properties')).toContainText('Click a field to insert it');
  await shot(page, 'workflow-doc-props-en');
});
