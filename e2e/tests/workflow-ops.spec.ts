import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, apiAs, login, shot, tokenOf, visible } from './helpers.ts';

/**
 * The workflow engine's operations as users meet them (issue 16): 转办 from the record's 流程 panel
 * (with a reason) — the new assignee has it in 工作台's to-do list and the old one no longer does —;
 * a task past its 1-minute due time escalated by the scheduler into the bell, with a link to the
 * record; 取消 with a reason; a timer node waiting on the panel until 系统 › 定时任务's 立即运行
 * wakes it; the step after it failing (its role has nobody) with the reason in zh and en; 重试 once
 * somebody holds the role, and the instance ending; a user without the permissions sees no
 * 重试 / 取消 / 转办 and the API refuses them (403). Then 自动布局 on the seeded processes and on a
 * process with return loops and a long default edge: no edge drawn through a node.
 * The processes, records and users are prepared through the API; what is tested is clicked.
 * E2E_SHOTS=<dir> writes screenshots.
 */

type Json = Record<string, any>;
const suffix = () => String(Date.now()).slice(-6);

/** Signs the browser out (the stored token and language) and in as another user. */
async function switchUser(page: Page, username: string, password = ADMIN_PASSWORD) {
  await page.evaluate(() => localStorage.clear());
  // a fresh page: nothing of the previous user's session (permissions, cached lists) stays in memory
  await page.goto('/#/login');
  await page.reload();
  await login(page, username, password);
}

/** A POST with a user's token, answering the envelope whatever its code (for the refusals). */
async function rawPost(request: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await request.post(`/api/system/${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  return (await res.json()) as { code: number; msg: string };
}

async function publishProcess(call: ReturnType<typeof apiAs>, key: string, name: string, graph: Json) {
  const def = await call.post('workflow/add', { key, name, record_type: 'matter', graph });
  await call.post('workflow/publish', { id: def.id, version: def.version });
}

async function newMatter(call: ReturnType<typeof apiAs>, title: string) {
  const customer = (await call.get('customer/index?limit=1')).list[0] as { id: number };
  return (await call.post('matter/add', { type: 'other', customer_id: customer.id, title, content: '流程操作测试' })) as { id: number; matter_no: string };
}

async function userNamed(call: ReturnType<typeof apiAs>, username: string) {
  const list = (await call.get(`user/index?q=${username}&limit=20`)).list as Array<{ id: number; username: string; version: number }>;
  return list.find((u) => u.username === username)!;
}

async function timerTask(call: ReturnType<typeof apiAs>) {
  return ((await call.get('task/index?limit=100')).list as Array<{ id: number; code: string }>).find((x) => x.code === 'workflow_timers')!;
}

const matterPage = (id: number) => `/#/stationManagement/matterDetails?id=${id}`;

test('reassign a task from the record, its due time escalates into the new assignee’s bell, they approve it; cancel another; who may do what', async ({ page, request }) => {
  test.setTimeout(360_000);
  await login(page);
  const adminToken = await tokenOf(page);
  const call = apiAs(request, adminToken);
  // the scheduler runs workflow_timers (the other test switches it off for a while)
  await call.post('task/update_field', { id: (await timerTask(call)).id, field: 'enabled', value: true });
  const kefu = await userNamed(call, 'kefu');
  const key = `e2e_ops_${suffix()}`;
  await publishProcess(call, key, '值班复核流程', {
    nodes: [
      { id: 'start', kind: 'start', name: '开始', position: { x: 0, y: 0 } },
      { id: 'review', kind: 'user', name: '值班复核', position: { x: 0, y: 130 }, data: { assignee: { type: 'user', users: [kefu.id] }, due_minutes: 1, escalation: '值班复核已超过 1 分钟，请尽快处理' } },
      { id: 'end', kind: 'end', name: '办结', position: { x: 0, y: 260 }, data: { result: 'approved', action: 'close' } },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'review' },
      { id: 'e2', source: 'review', target: 'end' },
    ],
  });
  const m1 = await newMatter(call, 'e2e 转办事项');
  const m2 = await newMatter(call, 'e2e 取消事项');
  // started now: the 1-minute due time runs while the rest is done
  const inst2 = await call.post('workflow_instance/start', { key, record_id: m2.id });
  const inst1 = await call.post('workflow_instance/start', { key, record_id: m1.id });

  // ── 转办 with a reason, from the record's panel
  await page.goto(matterPage(m1.id));
  const panel = visible(page.getByTestId('workflow-instance'));
  await expect(panel.getByTestId('wf-waiting')).toContainText('等待「值班复核」：李晓梅');
  await expect(panel.getByTestId('wf-due')).toContainText('期限');
  await panel.getByTestId('wf-reassign').click();
  await page.getByTestId('wf-reassign-user').fill('paidan');
  await page.getByRole('option', { name: '赵工 (paidan)' }).click();
  await page.getByTestId('wf-reassign-reason').fill('李晓梅今日休假');
  await shot(page, 'workflow-ops-reassign-zh');
  await page.getByTestId('wf-reassign-confirm').click();
  await expect(panel.getByTestId('wf-waiting')).toContainText('等待「值班复核」：赵工');
  const history = panel.getByTestId('wf-history');
  await expect(history).toContainText('转办 · 值班复核 · 系统管理员');
  await expect(history).toContainText('转给 赵工，李晓梅今日休假');
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'workflow-ops-reassigned-zh');

  // ── 取消 with a reason: the record's page shows it cancelled
  await page.goto(matterPage(m2.id));
  const panel2 = visible(page.getByTestId('workflow-instance'));
  await expect(panel2.getByTestId('wf-instance-state')).toHaveText('运行中');
  await panel2.getByTestId('wf-cancel').click();
  await expect(page.getByTestId('wf-cancel-confirm')).toBeDisabled();
  await page.getByTestId('wf-cancel-reason').fill('业主撤回了申请');
  await page.getByTestId('wf-cancel-confirm').click();
  await expect(panel2.getByTestId('wf-instance-state')).toHaveText('已取消');
  await expect(panel2.getByTestId('wf-history')).toContainText('取消 · 值班复核 · 系统管理员');
  await expect(panel2.getByTestId('wf-history')).toContainText('业主撤回了申请');
  await expect(panel2.getByTestId('wf-cancel')).toHaveCount(0);
  await expect(panel2.getByTestId('wf-waiting')).toHaveCount(0);
  await panel2.scrollIntoViewIfNeeded();
  await shot(page, 'workflow-ops-cancelled-zh');

  // ── the old assignee (运营客服: no cancel / retry / reassign): not in her list, no buttons, the API refuses
  await switchUser(page, 'kefu');
  const kefuToken = await tokenOf(page);
  await page.goto('/#/workbench');
  const kefuTasks = visible(page.getByTestId('workflow-tasks'));
  await expect(kefuTasks.getByRole('heading')).toContainText(/\(\d+\)/);
  await expect(kefuTasks.locator('tr', { hasText: m1.matter_no })).toHaveCount(0);
  await page.goto(matterPage(m1.id));
  const seen = visible(page.getByTestId('workflow-instance'));
  await expect(seen.getByTestId('wf-waiting')).toContainText('赵工');
  await expect(seen.getByTestId('wf-reassign')).toHaveCount(0);
  await expect(seen.getByTestId('wf-cancel')).toHaveCount(0);
  await expect(seen.getByRole('button', { name: '同意' })).toHaveCount(0);
  const detail = await apiAs(request, kefuToken).get(`workflow_instance/get_info?id=${inst1.id}`);
  const task = (detail.tasks as Json[]).find((x) => x.state === 'open')!;
  expect((await rawPost(request, kefuToken, 'workflow_instance/reassign', { task_id: task.id, user_id: kefu.id })).code).toBe(403);
  expect((await rawPost(request, kefuToken, 'workflow_instance/cancel', { id: inst1.id, version: detail.version, reason: 'x' })).code).toBe(403);
  expect((await rawPost(request, kefuToken, 'workflow_instance/retry', { id: inst2.id, version: 1 })).code).toBe(403);
  expect((await rawPost(request, kefuToken, 'workflow_instance/complete', { task_id: task.id, outcome: 'approve' })).code).toBe(403);

  // ── the new assignee: the task in 工作台, and once its minute has passed the scheduler's escalation in the bell
  await switchUser(page, 'paidan');
  await page.goto('/#/workbench');
  const row = visible(page.getByTestId('workflow-tasks')).locator('tr', { hasText: m1.matter_no });
  await expect(row).toContainText('值班复核');
  await expect(async () => {
    await page.reload();
    await visible(page.getByTestId('notice-bell')).click();
    await expect(page.getByTestId('notice-item').filter({ hasText: `待办已超时：值班复核（${m1.matter_no}）` })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 240_000, intervals: [5_000] });
  // the title names the step and the record; its link opens the record
  const escalation = page.getByTestId('notice-item').filter({ hasText: `待办已超时：值班复核（${m1.matter_no}）` });
  await shot(page, 'workflow-ops-escalation-zh');
  await escalation.click();
  await expect(page).toHaveURL(new RegExp(`matterDetails\\?id=${m1.id}$`));
  const mine = visible(page.getByTestId('workflow-instance'));
  await expect(mine.getByTestId('wf-due')).toContainText('已超时');
  await expect(mine.getByTestId('wf-history')).toContainText('超时催办');
  await mine.scrollIntoViewIfNeeded();
  await shot(page, 'workflow-ops-overdue-zh');

  await page.goto('/#/workbench');
  const overdue = visible(page.getByTestId('workflow-tasks')).locator('tr', { hasText: m1.matter_no });
  await overdue.getByRole('button', { name: '同意' }).click();
  await page.getByTestId('task-comment').fill('已电话核实');
  await page.getByTestId('task-confirm').click();
  await expect(visible(page.getByTestId('workflow-tasks')).locator('tr', { hasText: m1.matter_no })).toHaveCount(0);
  await page.goto(matterPage(m1.id));
  const ended = visible(page.getByTestId('workflow-instance'));
  await expect(ended.getByTestId('wf-instance-state')).toHaveText('已完成');
  await expect(ended.getByTestId('wf-history')).toContainText('同意 · 值班复核 · 赵工');

  // ── English
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await page.reload();
  const en = visible(page.getByTestId('workflow-instance'));
  await expect(en.getByTestId('wf-instance-state')).toHaveText('Completed');
  await expect(en.getByTestId('wf-history')).toContainText('Reassigned · 值班复核 · 系统管理员');
  await expect(en.getByTestId('wf-history')).toContainText('to 赵工, 李晓梅今日休假');
  await expect(en.getByTestId('wf-history')).toContainText('Escalated');
  await en.scrollIntoViewIfNeeded();
  await shot(page, 'workflow-ops-done-en');
});

test('a timer waits until 定时任务 runs; the next step finds nobody and fails, read in zh and en; retried once fixed, it ends', async ({ page, request }) => {
  test.setTimeout(240_000);
  await login(page);
  const call = apiAs(request, await tokenOf(page));
  const timers = await timerTask(call);
  // only 立即运行 moves the timer here: the scheduler's own run is switched off meanwhile
  await call.post('task/update_field', { id: timers.id, field: 'enabled', value: false });
  try {
    const n = suffix();
    const role = await call.post('role/add', { code: `e2e_night_${n}`, name: `夜班复核${n}`, permissions: [], data_scope: 'self' });
    const operator = ((await call.get('role/index?limit=100')).list as Array<{ id: number; code: string }>).find((r) => r.code === 'operator')!;
    const password = 'Wfops-pass-1';
    const username = `wfops${n}`;
    const person = await call.post('user/add', { username, password, full_name: '夜班复核员', role_ids: [operator.id] });
    const key = `e2e_timer_${n}`;
    await publishProcess(call, key, '夜班复核流程', {
      nodes: [
        { id: 'start', kind: 'start', name: '开始', position: { x: 0, y: 0 } },
        // until the matter's creation time: already passed, so the next run of the task continues
        { id: 'wait', kind: 'time', name: '等到受理时间', position: { x: 0, y: 130 }, data: { date_field: 'created_at', offset_minutes: 0 } },
        { id: 'review', kind: 'user', name: '夜班复核', position: { x: 0, y: 260 }, data: { assignee: { type: 'role', roles: [role.code] } } },
        { id: 'end', kind: 'end', name: '办结', position: { x: 0, y: 390 }, data: { result: 'approved', action: 'close' } },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'wait' },
        { id: 'e2', source: 'wait', target: 'review' },
        { id: 'e3', source: 'review', target: 'end' },
      ],
    });
    const m = await newMatter(call, 'e2e 定时事项');

    // ── started by hand: it waits at the timer, the panel says until when
    await page.goto(matterPage(m.id));
    const panel = visible(page.getByTestId('workflow-instance'));
    await panel.getByTestId('wf-start-key').click({ force: true });
    await page.getByRole('option', { name: '夜班复核流程' }).click();
    await panel.getByTestId('wf-start').click();
    await expect(panel.getByTestId('wf-instance-state')).toHaveText('运行中');
    await expect(panel.getByTestId('wf-timer')).toContainText('定时等待「等到受理时间」：');
    await expect(panel.getByTestId('wf-timer')).toContainText('已到时间，等待定时任务唤醒');
    await expect(panel.locator('[data-testid="wf-diagram-wait"]')).toHaveAttribute('data-state', 'current');
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'workflow-ops-timer-zh');

    // ── 系统 › 定时任务: run now
    await page.goto('/#/setting/taskManagement');
    const taskRow = page.getByTestId('task-row-workflow_timers');
    await taskRow.getByRole('button', { name: '立即运行 workflow_timers' }).click();
    await expect(page.getByText('“流程定时唤醒”已运行：成功')).toBeVisible();
    await expect(taskRow.getByTestId('task-result')).toContainText('流程失败: 1');
    await shot(page, 'workflow-ops-task-run-zh');

    // ── woken, and the next step failed: the reason, on the record
    await page.goto(matterPage(m.id));
    const failed = visible(page.getByTestId('workflow-instance'));
    await expect(failed.getByTestId('wf-instance-state')).toHaveText('失败');
    await expect(failed.getByTestId('wf-instance-error')).toContainText('失败于「夜班复核」：节点“夜班复核”的处理人规则没有找到任何可用的用户');
    await expect(failed.getByTestId('wf-history')).toContainText('定时到达 · 等到受理时间');
    await expect(failed.getByTestId('wf-timer')).toHaveCount(0);
    await expect(failed.locator('[data-testid="wf-diagram-review"]')).toHaveAttribute('data-state', 'failed');
    await expect(failed.getByTestId('wf-retry')).toBeVisible();
    await failed.scrollIntoViewIfNeeded();
    await shot(page, 'workflow-ops-failed-zh');

    // ── a user without the permissions: the reason in their language, no buttons, the API refuses
    await switchUser(page, username, password);
    const theirs = await tokenOf(page);
    await page.goto(matterPage(m.id));
    const seen = visible(page.getByTestId('workflow-instance'));
    await expect(seen.getByTestId('wf-instance-error')).toContainText('节点“夜班复核”的处理人规则没有找到任何可用的用户');
    await expect(seen.getByTestId('wf-retry')).toHaveCount(0);
    await expect(seen.getByTestId('wf-cancel')).toHaveCount(0);
    const inst = (await apiAs(request, theirs).get(`workflow_instance/index?record_type=matter&record_id=${m.id}`)).list[0] as { id: number; version: number };
    expect((await rawPost(request, theirs, 'workflow_instance/retry', { id: inst.id, version: inst.version })).code).toBe(403);
    expect((await rawPost(request, theirs, 'workflow_instance/cancel', { id: inst.id, version: inst.version, reason: 'x' })).code).toBe(403);
    await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
    await page.reload();
    const en = visible(page.getByTestId('workflow-instance'));
    await expect(en.getByTestId('wf-instance-state')).toHaveText('Failed');
    await expect(en.getByTestId('wf-instance-error')).toContainText('Failed at “夜班复核”: The assignee rule of “夜班复核” found no active user');
    await expect(en.getByTestId('wf-history')).toContainText('Timer due · 等到受理时间');
    await en.scrollIntoViewIfNeeded();
    await shot(page, 'workflow-ops-failed-en');

    // ── the cause fixed (the user gets the role), 重试 by the administrator
    await call.post('user/edit', { id: person.id, version: person.version, role_ids: [operator.id, role.id] });
    await switchUser(page, 'admin');
    await page.goto(matterPage(m.id));
    const retried = visible(page.getByTestId('workflow-instance'));
    await retried.getByTestId('wf-retry').click();
    await expect(retried.getByTestId('wf-instance-state')).toHaveText('运行中');
    await expect(retried.getByTestId('wf-instance-error')).toHaveCount(0);
    await expect(retried.getByTestId('wf-waiting')).toContainText('等待「夜班复核」：夜班复核员');
    await expect(retried.getByTestId('wf-history')).toContainText('重试 · 夜班复核 · 系统管理员');

    // ── the user approves it in 工作台; the instance ends and closes the matter
    await switchUser(page, username, password);
    await page.goto('/#/workbench');
    const row = visible(page.getByTestId('workflow-tasks')).locator('tr', { hasText: m.matter_no });
    await row.getByRole('button', { name: '同意' }).click();
    await page.getByTestId('task-confirm').click();
    await expect(visible(page.getByTestId('workflow-tasks')).locator('tr', { hasText: m.matter_no })).toHaveCount(0);
    await page.goto(matterPage(m.id));
    const done = visible(page.getByTestId('workflow-instance'));
    await expect(done.getByTestId('wf-instance-state')).toHaveText('已完成');
    await expect(done.getByTestId('wf-instance-result')).toHaveText('通过');
    expect((await call.get(`matter/get_info?id=${m.id}`)).status).toBe('closed');
    await done.scrollIntoViewIfNeeded();
    await shot(page, 'workflow-ops-retried-done-zh');
  } finally {
    await call.post('task/update_field', { id: timers.id, field: 'enabled', value: true });
  }
});

/**
 * The nodes' boxes and every edge's drawn path, sampled along its length, on screen: the samples
 * strictly inside a node's box (a few pixels in from its border, where the handles sit).
 */
async function edgesThroughNodes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="wf-canvas"]')).find((el) => el.offsetParent !== null)!;
    const boxes = Array.from(canvas.querySelectorAll<HTMLElement>('.react-flow__node')).map((n) => ({ id: n.getAttribute('data-id'), r: n.getBoundingClientRect() }));
    const hits: string[] = [];
    for (const edge of Array.from(canvas.querySelectorAll<SVGGElement>('.react-flow__edge'))) {
      const path = edge.querySelector('path.react-flow__edge-path') as SVGPathElement | null;
      if (!path) continue;
      const m = path.getScreenCTM()!;
      const len = path.getTotalLength();
      for (let d = 0; d <= len; d += 2) {
        const p = new DOMPoint(path.getPointAtLength(d).x, path.getPointAtLength(d).y).matrixTransform(m);
        const inside = boxes.find((b) => p.x > b.r.left + 4 && p.x < b.r.right - 4 && p.y > b.r.top + 4 && p.y < b.r.bottom - 4);
        if (inside) {
          hits.push(`${edge.getAttribute('data-id') ?? edge.getAttribute('data-testid')} → ${inside.id}`);
          break;
        }
      }
    }
    return hits;
  });
}

test('自动布局 routes every edge around the nodes: the seeded processes and one with return loops and a long default edge', async ({ page, request }) => {
  test.setTimeout(120_000);
  await login(page);
  const call = apiAs(request, await tokenOf(page));
  // a draft whose return loops and a default edge skipping two steps would cross the steps between them
  const key = `e2e_loops_${suffix()}`;
  const user = (id: string, name: string, x: number, y: number) => ({ id, kind: 'user', name, position: { x, y }, data: { assignee: { type: 'dept_head' } } });
  const draft = await call.post('workflow/add', {
    key,
    name: '三级审核',
    record_type: 'matter',
    graph: {
      nodes: [
        { id: 'start', kind: 'start', name: '开始', position: { x: 0, y: 0 } },
        user('a', '初审', 0, 100),
        user('b', '复审', 0, 200),
        user('c', '终审', 0, 300),
        { id: 'end', kind: 'end', name: '通过', position: { x: 0, y: 400 }, data: { result: 'approved' } },
        { id: 'no', kind: 'end', name: '驳回', position: { x: 200, y: 300 }, data: { result: 'rejected' } },
      ],
      edges: [
        { id: 'e-start-a', source: 'start', target: 'a' },
        { id: 'e-a-b', source: 'a', target: 'b', label: '金额大', condition: { type: 'field', field: 'title', operator: 'contains', value: '大额' } },
        { id: 'e-a-end', source: 'a', target: 'end', default: true },
        { id: 'e-b-c', source: 'b', target: 'c', condition: { type: 'outcome', outcome: 'approve' } },
        { id: 'e-b-no', source: 'b', target: 'no', condition: { type: 'outcome', outcome: 'reject' } },
        { id: 'e-b-a', source: 'b', target: 'a', label: '退回初审', default: true },
        { id: 'e-c-end', source: 'c', target: 'end', condition: { type: 'outcome', outcome: 'approve' } },
        { id: 'e-c-a', source: 'c', target: 'a', label: '退回初审', default: true },
      ],
    },
  });

  for (const [name, shotName] of [
    ['geb_bank_card_change', 'bank-card'],
    ['maintenance_review', 'maintenance'],
    ['payment_batch_approval', 'payment-batch'],
    [key, 'loops'],
  ] as const) {
    await page.goto('/#/other/workflow');
    await visible(page.getByTestId('workflow-list')).locator('tr', { hasText: name }).click();
    const designer = visible(page.getByTestId('wf-designer'));
    await expect(designer.locator('.react-flow__node').first()).toBeVisible();
    await expect(designer.locator('.react-flow__edge-path')).not.toHaveCount(0);
    // drawn where the draft put them, the long default edge and the loops run through the steps between: the check sees it
    if (name === key) await expect.poll(async () => (await edgesThroughNodes(page)).length).toBeGreaterThan(0);
    await designer.getByTestId('wf-layout').click();
    await expect(designer.getByTestId('wf-save')).toBeEnabled();
    // the routes are drawn once the nodes are measured at their new places: poll until the drawing is clean
    await expect.poll(() => edgesThroughNodes(page)).toEqual([]);
    await shot(page, `workflow-layout-${shotName}-zh`);
    if (name === key) {
      // the drawn route is kept with the draft
      await designer.getByTestId('wf-save').click();
      await expect(designer.getByTestId('wf-save')).toBeDisabled();
      const saved = await call.get(`workflow/get_info?id=${draft.id}`);
      expect((saved.graph.edges as Json[]).every((e) => Array.isArray(e.points) && e.points.length >= 2)).toBe(true);
    }
  }
  // the same in English
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await page.reload();
  const designer = visible(page.getByTestId('wf-designer'));
  await expect(designer.getByTestId('wf-title')).toHaveText('三级审核');
  await expect.poll(() => edgesThroughNodes(page)).toEqual([]);
  await shot(page, 'workflow-layout-loops-en');
});
