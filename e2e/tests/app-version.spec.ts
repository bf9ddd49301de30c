import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { login, shot, visible } from './helpers.ts';

/**
 * 其他 › 版本管理 (issue 16): a release of the 光E宝 app made in the console — an Android draft with its
 * package (a small fake .apk) uploaded from the new-release dialog, its SHA-256 shown, published —
 * then read by the app through the public endpoint (no sign-in), whose link downloads the very
 * bytes; the rollout changed on the page; then a look in English. E2E_SHOTS=<dir> writes screenshots.
 */

/** Enough of an .apk for the server's check: a ZIP local header and an AndroidManifest.xml entry. */
const fakeApk = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('AndroidManifest.xml'), Buffer.from(`<manifest package="com.pv.guangebao"/> e2e ${'光E宝'.repeat(200)}`)]);
const sha256 = createHash('sha256').update(fakeApk).digest('hex');

test('an Android release uploaded and published in the console is what the app is offered; rollout changed; English', async ({ page, request }) => {
  test.setTimeout(120_000);
  await login(page);
  // the app asks before anything is published: nothing to offer
  const before = await (await request.get('/api/public/app_version/latest?platform=android&current=1.0.0&device_id=e2e-phone')).json();
  expect(before).toMatchObject({ code: 200, data: null });

  // the menu entry under 其他
  await page.goto('/#/other/appVersion');
  await expect(visible(page.getByTestId('app-version-add'))).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('button', { name: '版本管理' })).toBeVisible();
  await expect(page.getByText('没有找到版本管理')).toBeVisible();

  await visible(page.getByTestId('app-version-add')).click();
  const form = page.getByTestId('app-version-add-form');
  await form.getByLabel('版本名').fill('1.2.0');
  await form.getByLabel('版本号').fill('120');
  await form.getByLabel('最低支持版本').fill('1.1.0');
  await form.getByLabel(/^更新说明/).fill('新增电站收益日报；修复消息推送');
  await form.getByLabel('英文更新说明').fill('Daily station revenue; push message fix');
  await form.getByTestId('app-package-input').setInputFiles({ name: 'guangebao-1.2.0.apk', mimeType: 'application/vnd.android.package-archive', buffer: fakeApk });
  await expect(form).toContainText('guangebao-1.2.0.apk');
  await shot(page, 'app-version-add-zh');
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();

  // the release's page: a draft with its package and checksum
  await expect(visible(page.getByTestId('app-version-heading'))).toContainText('Android 1.2.0');
  await expect(visible(page.getByTestId('app-version-status'))).toHaveText('草稿');
  await expect(visible(page.getByTestId('app-package-sha256'))).toHaveText(sha256);
  await visible(page.getByRole('button', { name: '发布' })).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(visible(page.getByTestId('app-version-status'))).toHaveText('已发布');
  await expect(visible(page.getByTestId('app-version-heading'))).toContainText('1.2.0');
  await shot(page, 'app-version-detail-zh', { fullPage: true });

  // the app's question, without a token: the new version, not forced from 1.1.0, forced from 1.0.0
  const res = await request.get('/api/public/app_version/latest?platform=android&current=1.1.0&device_id=e2e-phone', { headers: { 'accept-language': 'en' } });
  expect(res.headers()['cache-control']).toBe('public, max-age=60');
  const offered = (await res.json()).data;
  expect(offered).toMatchObject({ version_name: '1.2.0', version_code: 120, sha256, size: fakeApk.length, force: false, notes: 'Daily station revenue; push message fix' });
  const forced = (await (await request.get('/api/public/app_version/latest?platform=android&current=1.0.0')).json()).data;
  expect(forced).toMatchObject({ version_name: '1.2.0', force: true });
  const download = await request.get(offered.url);
  expect(download.status()).toBe(200);
  expect(createHash('sha256').update(await download.body()).digest('hex')).toBe(sha256);
  const bad = await (await request.get('/api/public/app_version/latest?platform=windows&current=1.0')).json();
  expect(bad.code).toBe(400);

  // the rollout changed on the page, on the timeline
  await visible(page.getByRole('button', { name: '调整灰度' })).click();
  await page.getByRole('dialog').getByLabel('灰度比例(%)').fill('30');
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await expect(visible(page.getByTestId('app-version-rollout'))).toHaveText('30%');
  await expect(visible(page.getByText('调整灰度比例')).first()).toBeVisible();

  await page.goto('/#/other/appVersion');
  await expect(visible(page.getByTestId('app-version-list'))).toContainText('1.2.0');
  await expect(visible(page.getByTestId('app-version-list'))).toContainText('已发布');
  await shot(page, 'app-version-list-zh');

  // ── English
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await page.reload();
  await expect(visible(page.getByTestId('app-version-list'))).toContainText('Published');
  await expect(page.getByRole('columnheader', { name: 'Rollout (%)' }).first()).toBeVisible();
  await shot(page, 'app-version-list-en');
  await visible(page.getByTestId('app-version-list')).getByText('1.2.0').click();
  await expect(visible(page.getByTestId('app-version-package'))).toContainText('SHA-256 checksum');
  await expect(visible(page.getByRole('button', { name: 'Withdraw' }))).toBeVisible();
  await shot(page, 'app-version-detail-en', { fullPage: true });
});
