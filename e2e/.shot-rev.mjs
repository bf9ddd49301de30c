import { chromium } from '@playwright/test';
const [port, lang, ...routes] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'] });
const page = await browser.newPage({ viewport: { width: 1600, height: 900 }, locale: 'zh-CN' });
const base = `http://127.0.0.1:${port}`;
await page.goto(`${base}/#/login`);
await page.evaluate((l) => localStorage.setItem('RaStore.locale', JSON.stringify(l === 'en' ? 'en' : 'zh-CN')), lang);
await page.reload();
await page.getByLabel(/用户名|Username/).fill(process.env.PV_USER ?? 'admin');
await page.getByLabel(/密码|Password/).first().fill('admin-pass-1');
await page.getByRole('button', { name: /登录|Sign in/ }).click();
await page.waitForURL(/#\/(?!login)[^?]+/);
let n = 0;
for (const r of routes) {
  const [path, testid, file] = r.split('!');
  await page.goto(`${base}/#${path}`);
  await page.waitForTimeout(3000);
  if (testid) {
    await page.getByTestId(testid).first().click();
    await page.waitForTimeout(1500);
  }
  if (file) {
    await page.getByTestId('excel-file').setInputFiles(file);
    await page.getByTestId('excel-upload').click();
    await page.waitForTimeout(2500);
  }
  await page.screenshot({ path: `/tmp/shots-rev/${lang}-${++n}.png` });
}
await browser.close();
