#!/usr/bin/env node
// The README tour's screenshots: one page per area at 1440×900 in Chinese, signed in as admin, saved as
// docs/screenshots/<area>.png (.jpg when the PNG would pass 250 KB). Not part of `pnpm test`; run it by hand when a page changes a lot.
//
//   pnpm build
//   PORT=3430 DATA_DIR=/tmp/readme-data PV_ADMIN_PASSWORD=<password> node packages/server/dist/main.js &
//   README_SHOTS_URL=http://127.0.0.1:3430 PV_ADMIN_PASSWORD=<password> node scripts/readme-screenshots.mjs [area …]
//
// The server should run on a fresh data folder with demo data (the default). The password comes from
// PV_ADMIN_PASSWORD, else from DATA_DIR/admin-password.txt. A page that reports an error, or shows no
// data, fails the run: no data times out, a page error is listed at the end and the exit code is 1.
import { readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// Playwright is a dependency of the e2e package, not of the workspace root
const { chromium } = createRequire(join(ROOT, 'e2e', 'package.json'))('@playwright/test');

const BASE = (process.env.README_SHOTS_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`).replace(/\/$/, '');
const PASSWORD =
  process.env.PV_ADMIN_PASSWORD ?? readFileSync(join(process.env.DATA_DIR ?? join(ROOT, '.data'), 'admin-password.txt'), 'utf8').trim();
const OUT = join(ROOT, 'docs', 'screenshots');

/** The API with the console's stored token (inside the page): `data` of the answer, or the message thrown. */
async function api(page, path, body) {
  return page.evaluate(
    async ([path, body]) => {
      const token = localStorage.getItem('admin-plus-token');
      const init = body ? { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {};
      const res = await fetch(`/api/system/${path}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } });
      const answer = await res.json();
      if (answer.code !== 200) throw new Error(`${path}: ${answer.msg}`);
      return answer.data;
    },
    [path, body],
  );
}

/** The demo data has no app releases: a few for the picture (published store releases and a draft), once. */
async function appReleases(page) {
  if ((await api(page, 'app_version/index?limit=1')).total > 0) return;
  const notes = (zh, en) => ({ notes_zh: zh, notes_en: en });
  const releases = [
    { platform: 'ios', version_name: '2.2.0', version_code: 220, store_url: 'https://apps.apple.com/cn/app/id1000000001', ...notes('电站收益日报；消息推送修复', 'Daily station revenue; push fix'), publish: true },
    { platform: 'harmonyos', version_name: '2.2.0', version_code: 220, store_url: 'https://appgallery.huawei.com/app/C100000001', ...notes('电站收益日报；消息推送修复', 'Daily station revenue; push fix'), publish: true },
    { platform: 'ios', version_name: '2.3.0', version_code: 230, store_url: 'https://apps.apple.com/cn/app/id1000000001', min_supported_version: '2.0.0', rollout: 30, ...notes('故障报修可上传视频；租金账单明细', 'Videos in fault reports; rent bill details'), publish: true },
    { platform: 'android', version_name: '2.3.0', version_code: 230, min_supported_version: '2.0.0', ...notes('故障报修可上传视频；租金账单明细', 'Videos in fault reports; rent bill details'), publish: false },
  ];
  for (const { publish, ...release } of releases) {
    const made = await api(page, 'app_version/add', release);
    if (publish) await api(page, 'app_version/publish', { id: made.id, version: made.version ?? 0 });
  }
}

/** A list page is ready when its table has rows. */
const rows = (page) => page.locator('table tbody tr').filter({ visible: true }).first().waitFor();

/** Each area of the README tour: the page that shows it best and what says it has loaded. */
const AREAS = {
  console: { path: '/#/dashboard', ready: (page) => page.locator('canvas').filter({ visible: true }).first().waitFor() },
  customers: { path: '/#/customer/customerList', ready: rows },
  stations: { path: '/#/stationManagement/stationList', ready: rows },
  om: { path: '/#/operation/maintenanceList', ready: rows },
  'owner-money': { path: '/#/finance/rentBill', ready: rows },
  partners: { path: '/#/finance/settlement', ready: rows },
  invoices: { path: '/#/finance/invoice', ready: rows },
  insurance: { path: '/#/partner/insurancePolicy', ready: rows },
  workflow: {
    // the designer showing the demo's payment batch approval process
    path: async (page) => {
      const { list } = await api(page, 'workflow/index?status=published&limit=100');
      const id = (list.find((d) => d.record_type === 'payment_batch') ?? list[0])?.id;
      if (!id) throw new Error('no workflow definition in the demo data');
      return `/#/other/workflowDesigner?id=${id}`;
    },
    ready: (page) => page.locator('.react-flow__node').filter({ visible: true }).first().waitFor(),
  },
  'app-versions': { prepare: appReleases, path: '/#/other/appVersion', ready: rows },
  system: { path: '/#/setting/userManagement', ready: rows },
  'big-screen': { path: '/daping/', ready: (page) => page.locator('canvas').first().waitFor() },
};

const failures = [];
const only = process.argv.slice(2);
for (const name of only) if (!AREAS[name]) throw new Error(`unknown area ${name}; known: ${Object.keys(AREAS).join(', ')}`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
try {
  const options = { baseURL: BASE, locale: 'zh-CN', viewport: { width: 1440, height: 900 } };
  const signIn = await browser.newContext(options);
  const login = await signIn.newPage();
  await login.goto('/#/login');
  await login.getByLabel(/用户名|Username/).fill('admin');
  await login.getByLabel(/密码|Password/).first().fill(PASSWORD);
  await login.getByRole('button', { name: /登录|Sign in/ }).click();
  await login.waitForURL(/#\/(?!login)[^?]+/);
  const storageState = await signIn.storageState();
  await signIn.close();

  for (const [name, area] of Object.entries(AREAS)) {
    if (only.length && !only.includes(name)) continue;
    // a browser context of its own per area (signed in), so the tab bar shows the home page and this one
    const context = await browser.newContext({ ...options, storageState });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/#/index');
    await area.prepare?.(page);
    await page.goto(typeof area.path === 'function' ? await area.path(page) : area.path);
    await area.ready(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(name === 'big-screen' ? 4000 : 1500); // counters and chart animations settle
    if (errors.length) failures.push(`${name}: the page reported errors (its picture is saved; look at it):\n  ${errors.join('\n  ')}`);
    // the viewport as PNG; a picture that compresses badly as PNG (the big screen's gradients) as JPEG instead
    let file = join(OUT, `${name}.png`);
    await page.screenshot({ path: file });
    if (statSync(file).size > 250 * 1024) {
      rmSync(file);
      file = join(OUT, `${name}.jpg`);
      await page.screenshot({ path: file, type: 'jpeg', quality: 80 });
    } else rmSync(join(OUT, `${name}.jpg`), { force: true });
    console.log(`${file.slice(ROOT.length + 1)}  ${Math.round(statSync(file).size / 1024)} KB`);
    await context.close();
  }
} finally {
  await browser.close();
}
if (failures.length) {
  console.error(failures.join('\n'));
  process.exitCode = 1;
}
