import { expect, test, type Page } from '@playwright/test';
import { login, tokenOf } from './helpers.ts';

// the parts of the contract's statistics replies (packages/contract/src/stats.ts) the spec reads
type Todo = { to_dispatch: number; to_review: number; overdue: number; matters_open: number };
type WelcomeStat = { todo: Todo; totals: { customers: number; stations: number }; today: { customers: number } };
type HomepageStat = { customers: { total: number } };
type TargetConfigView = { targets: { value: number }[]; factors: Record<string, number>; version: number };

/** A statistics call beside the UI, as the signed-in admin. */
async function api<T>(page: Page, path: string, body: Record<string, unknown> = {}): Promise<T> {
  const res = await page.request.post(`/api/system/${path}`, { headers: { authorization: `Bearer ${await tokenOf(page)}` }, data: body });
  const json = await res.json();
  expect(json.code, `${path}: ${json.msg}`).toBe(200);
  return json.data as T;
}

const zh = (n: number) => n.toLocaleString('zh-CN');

/** This China month as a target period key (the dashboard's default period is the month). */
const chinaMonth = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);

test('the home page shows the welcome figures of statistic/welcome', async ({ page }) => {
  await login(page);
  await page.goto('/#/index');
  const w = await api<WelcomeStat>(page, 'statistic/welcome');
  expect(w.totals.customers).toBeGreaterThan(0);
  await expect(page.getByTestId('welcome-customers')).toHaveText(zh(w.totals.customers));
  await expect(page.getByTestId('welcome-stations')).toHaveText(zh(w.totals.stations));
  await expect(page.getByTestId('welcome-today-customers')).toHaveText(zh(w.today.customers));
  await expect(page.getByTestId('welcome-todo')).toHaveText(zh(w.todo.to_dispatch + w.todo.to_review + w.todo.overdue + w.todo.matters_open));
});

test('dashboard: every chart draws the demo data, follows the side menu, the period filter and targets', async ({ page }) => {
  await login(page);
  // a month target, so target completion has something to draw
  const config = await api<TargetConfigView>(page, 'target/get_config');
  await api(page, 'target/save_config', {
    targets: [{ period_key: chinaMonth(), province_code: null, kind: 'grid_kwp', value: 500 }],
    factors: config.factors,
    version: config.version,
  });

  await page.goto('/#/dashboard');
  const home = await api<HomepageStat>(page, 'statistic/homepage', { period: 'month' });
  await expect(page.getByTestId('kpi-customers')).toHaveText(zh(home.customers.total));
  await expect(page.getByTestId('dash-kpis').getByTestId('estimate-chip')).toBeVisible();

  for (const id of ['chart-growth', 'chart-funnel', 'chart-capacity', 'chart-region', 'chart-first-pass', 'chart-backlog', 'chart-team', 'chart-target', 'chart-inspection-first-pass']) {
    await expect(page.getByTestId(id).locator('canvas'), id).toHaveCount(1);
  }
  // demo data everywhere: no card shows its empty state or an error
  await expect(page.getByTestId('dashboard').getByTestId('chart-empty')).toHaveCount(0);
  await expect(page.getByTestId('dashboard').getByTestId('chart-error')).toHaveCount(0);

  // folding the side menu widens the charts; opening it again narrows them
  const width = async () => (await page.getByTestId('chart-growth').locator('canvas').boundingBox())!.width;
  const before = await width();
  await page.getByTestId('fold-toggle').click();
  await expect.poll(width).toBeGreaterThan(before + 50);
  await page.getByTestId('fold-toggle').click();
  await expect.poll(width).toBeLessThan(before + 5);

  // the period filter asks the server for the year, and the charts draw it
  const year = page.waitForRequest((r) => r.url().endsWith('/statistic/user_line') && r.postDataJSON()?.period === 'year');
  await page.getByTestId('period-year').click();
  await year;
  await expect(page.getByTestId('card-growth')).toContainText(`${new Date().getFullYear()}-01-01`);
  await expect(page.getByTestId('chart-growth').locator('canvas')).toHaveCount(1);

  // a custom range starts as the last 30 days; an impossible one is named, not sent
  await page.getByTestId('period-custom').click();
  const start = page.getByLabel('开始日期');
  await expect(start).toBeVisible();
  await start.fill('2030-01-01');
  await expect(page.getByTestId('dash-filter-error')).toHaveText('请选择开始和结束日期，开始不能晚于结束');
  await page.getByTestId('period-month').click();
  await expect(page.getByTestId('dash-filter-error')).toHaveCount(0);
});

test('target editor: a stale version is refused with a clear message and reload shows the other save', async ({ page }) => {
  await login(page);
  await page.goto('/#/dashboard');
  await page.getByTestId('open-target-editor').click();
  const editor = page.getByTestId('target-editor');
  await expect(editor.getByTestId('target-row').first()).toBeVisible();
  // someone else saves meanwhile
  const config = await api<TargetConfigView>(page, 'target/get_config');
  await api(page, 'target/save_config', { targets: [{ period_key: chinaMonth(), province_code: null, kind: 'grid_kwp', value: 777 }], factors: config.factors, version: config.version });
  await editor.getByTestId('target-value').first().fill('800');
  await editor.getByTestId('target-save').click();
  await expect(editor.getByTestId('target-conflict')).toContainText('其他人已修改了目标设置');
  await editor.getByRole('button', { name: '重新加载' }).click();
  await expect(editor.getByTestId('target-conflict')).toHaveCount(0);
  await expect(editor.getByTestId('target-value').first()).toHaveValue('777');
  // now it saves, and the completion chart shows it
  await editor.getByTestId('target-value').first().fill('900');
  await editor.getByTestId('target-save').click();
  await expect(editor).toBeHidden();
  expect((await api<TargetConfigView>(page, 'target/get_config')).targets[0]!.value).toBe(900);
});

test('workbench: a to-do count leads to the list filtered to exactly those rows', async ({ page }) => {
  await login(page);
  await page.goto('/#/workbench');
  const w = await api<WelcomeStat>(page, 'statistic/welcome');
  const card = page.getByTestId('todo-to_dispatch');
  await expect(page.getByTestId('todo-to_dispatch-value')).toHaveText(String(w.todo.to_dispatch));
  const build = card.getByTestId('todo-link-build');
  const grid = card.getByTestId('todo-link-grid');
  await expect(build).toHaveAttribute('data-count', /^\d+$/);
  await expect(grid).toHaveAttribute('data-count', /^\d+$/);
  const nBuild = Number(await build.getAttribute('data-count'));
  const nGrid = Number(await grid.getAttribute('data-count'));
  // the two lists together are the welcome count
  expect(nBuild + nGrid).toBe(w.todo.to_dispatch);
  expect(nBuild).toBeGreaterThan(0);

  await build.click();
  await expect(page).toHaveURL(/#\/stationManagement\/buildWorkOrderList\?/);
  // the list shows its status filter set to 待派单 and has as many rows as the link said
  await expect(page.locator('form').filter({ hasText: '待派单' }).first()).toBeVisible();
  await expect(page.getByText(new RegExp(`共 ${nBuild} 条`))).toBeVisible();
  // (rows on screen: the workbench stays in the DOM, hidden, with its own tables — its 流程待办)
  const statuses = await page.locator('tbody tr').filter({ visible: true }).evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
  expect(statuses.length).toBe(Math.min(nBuild, 20));
  for (const s of statuses) expect(s).toContain('待派单');

  // self-audits to review: the audit list filtered to 待审核
  await page.goto('/#/workbench');
  const review = page.getByTestId('todo-to_review').getByTestId('todo-link-build');
  await expect(review).toHaveAttribute('data-count', /^\d+$/);
  const nReview = Number(await review.getAttribute('data-count'));
  await review.click();
  await expect(page).toHaveURL(/#\/stationManagement\/buildSelfAuditList\?/);
  if (nReview > 0) await expect(page.getByText(new RegExp(`共 ${nReview} 条`))).toBeVisible();
});
