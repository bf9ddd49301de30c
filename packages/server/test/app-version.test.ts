import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inRollout } from '@pv/contract';
import { count, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appVersions, files, sysLog } from '../src/db/schema/index.ts';
import { readXlsx } from '../src/excel/xlsx.ts';
import { call, fixtures, login, startApp, type TestApp, uploadFile, USER_PASSWORD } from './helpers.ts';

/** 版本管理 of the 光E宝 app (issue 16): the console's actions and the app's public question. */
let t: TestApp;
let admin: string;
let op: string;
const S = '/api/system/app_version';
const LATEST = '/api/public/app_version/latest';
const LIMIT = 256 * 1024;

/** A small but real .apk: a ZIP archive with AndroidManifest.xml and a dex. */
function testApk(fill = 'pv'): Buffer {
  return Buffer.from(zipSync({ 'AndroidManifest.xml': new TextEncoder().encode(`<manifest package="com.pv.guangebao">${fill}</manifest>`), 'classes.dex': new TextEncoder().encode(`dex\n035\0${fill}`) }, { level: 0 }));
}
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const post = (path: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${path}`, { token, body, lang });
const get = (path: string, query: Record<string, string | number>, token = admin) => call(t.app, 'GET', `${S}/${path}`, { token, query });
const latest = (query: Record<string, string | number>, lang: 'zh' | 'en' = 'zh') => call(t.app, 'GET', LATEST, { query, lang });
const rows = async () => (await t.handle.db.select({ n: count() }).from(appVersions))[0]!.n;
const release = (extra: Record<string, unknown> = {}) => ({ platform: 'android', version_name: '1.0.0', version_code: 100, notes_zh: '首个版本', notes_en: 'First release', ...extra });
const upload = (id: number, version: number, body: Buffer, token = admin) => uploadFile(t.app, token, `${S}/upload_package?id=${id}&version=${version}`, body, 'application/vnd.android.package-archive', 'guangebao.apk');

async function published(extra: Record<string, unknown>): Promise<Record<string, any>> {
  const made = await post('add', release(extra));
  expect(made.status, made.msg).toBe(200);
  let r = made.data;
  if (r.platform === 'android') {
    const up = await upload(r.id, r.version, testApk(String(r.version_code)));
    expect(up.status, up.msg).toBe(200);
    r = up.data;
  }
  const pub = await post('publish', { id: r.id, version: r.version });
  expect(pub.status, pub.msg).toBe(200);
  return pub.data;
}

beforeAll(async () => {
  // a data folder, so packages are stored on disk and downloads are streamed as in production
  t = await startApp({ taskTickSeconds: 0, appPackageMaxBytes: LIMIT, dataDir: mkdtempSync(join(tmpdir(), 'pv-appver-')) });
  await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
});
afterAll(async () => t.close());

describe('app versions in the console', () => {
  let draft: Record<string, any>;

  it('adds a draft, refuses bad input with a message and writes nothing', async () => {
    const res = await post('add', release());
    expect(res.status, res.msg).toBe(200);
    draft = res.data;
    expect(draft).toMatchObject({ platform: 'android', version_name: '1.0.0', version_code: 100, status: 'draft', rollout: 100, version: 1, package_file_id: null, created_by_name: expect.any(String) });
    const before = await rows();
    const bad: Array<[Record<string, unknown>, string, 'zh' | 'en']> = [
      [release({ version_name: '1.2', version_code: 1 }), '版本名：版本名须为 x.y.z 格式', 'zh'],
      [release({ version_name: 'v1.2.3', version_code: 1 }), 'Version name: The version name must be x.y.z', 'en'],
      [release({ version_name: '1.0.1', version_code: 0 }), '版本号：版本号须为 1 至 2000000000 的整数', 'zh'],
      [release({ version_name: '1.0.1', version_code: 101, rollout: 101 }), '灰度比例：灰度比例须为 0 至 100 的整数', 'zh'],
      [release({ platform: 'web', version_name: '1.0.1', version_code: 101 }), '平台：请选择有效的选项', 'zh'],
      [release({ platform: 'ios', version_name: '1.0.1', version_code: 101, store_url: 'http://apps.apple.com/app/id1' }), '应用商店地址：请输入 https:// 开头的应用商店地址', 'zh'],
      [release({ version_name: '1.0.1', version_code: 101, min_supported_version: '1.1.0' }), '最低支持版本：最低支持版本不能高于本版本', 'zh'],
      [release({ version_name: '1.0.1', version_code: 101, notes_zh: '' }), '更新说明：此项不能为空', 'zh'],
      [release({ version_name: '1.0.1', version_code: 101, extra: 1 }), 'extra', 'zh'],
      [release({ version_code: 101 }), 'Android already has a release with version name 1.0.0', 'en'],
      [release({ version_name: '1.0.1' }), 'Android 已有版本号为 100 的版本', 'zh'],
      [release({ version_name: '1.0.1', version_code: 101, store_url: 'https://example.com/app' }), 'Android 版本须上传安装包', 'zh'],
    ];
    for (const [body, msg, lang] of bad) {
      const r = await post('add', body, admin, lang);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.msg).toContain(msg);
    }
    expect(await rows()).toBe(before);
  });

  it('edits a draft with the version read; a stale version is 409', async () => {
    const res = await post('edit', { id: draft.id, version: draft.version, notes_zh: '首个版本：电站收益查看', rollout: 50 });
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({ notes_zh: '首个版本：电站收益查看', rollout: 50, version: 2 });
    const stale = await post('edit', { id: draft.id, version: 1, notes_zh: 'x' });
    expect(stale.status).toBe(409);
    const above = await post('edit', { id: draft.id, version: 2, min_supported_version: '2.0.0' });
    expect(above.status).toBe(400);
    expect(above.msg).toContain('最低支持版本不能高于本版本');
    // an optional field is cleared with null
    const min = await post('edit', { id: draft.id, version: 2, min_supported_version: '0.9.0', notes_en: 'First' });
    expect(min.data).toMatchObject({ min_supported_version: '0.9.0', notes_en: 'First', version: 3 });
    const cleared = await post('edit', { id: draft.id, version: 3, min_supported_version: null, notes_en: '' });
    expect(cleared.status, cleared.msg).toBe(200);
    expect(cleared.data).toMatchObject({ min_supported_version: null, notes_en: null, version: 4 });
    draft = cleared.data;
  });

  it('publish needs the package; the upload takes an .apk only, within the limit, and keeps its SHA-256', async () => {
    const noPackage = await post('publish', { id: draft.id, version: draft.version });
    expect(noPackage.status).toBe(400);
    expect(noPackage.msg).toBe('请先上传 Android 安装包再发布');
    const notApk = await upload(draft.id, draft.version, Buffer.from('%PDF-1.4 not an app'));
    expect(notApk.status).toBe(400);
    expect(notApk.msg).toBe('这不是 Android 安装包（.apk）');
    const zipNoManifest = Buffer.from(zipSync({ 'readme.txt': new TextEncoder().encode('hello') }));
    expect((await upload(draft.id, draft.version, zipNoManifest)).status).toBe(400);
    const tooLarge = await upload(draft.id, draft.version, testApk('x'.repeat(LIMIT)));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.msg).toContain('文件不能超过');
    expect((await upload(draft.id, draft.version - 1, testApk())).status).toBe(409);
    expect((await get('get_info', { id: draft.id })).data.version).toBe(draft.version);

    const apk = testApk('first');
    const up = await upload(draft.id, draft.version, apk);
    expect(up.status, up.msg).toBe(200);
    expect(up.data).toMatchObject({ package_size: apk.length, package_sha256: sha(apk), package_name: 'guangebao.apk', version: draft.version + 1 });
    // the signed link serves the very bytes
    const file = await t.app.inject({ method: 'GET', url: up.data.package_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(Number(file.headers['content-length'])).toBe(apk.length);
    expect(sha(file.rawPayload)).toBe(sha(apk));
    // a second upload replaces the first (one package file left)
    const apk2 = testApk('second');
    const up2 = await upload(draft.id, up.data.version, apk2);
    expect(up2.data.package_sha256).toBe(sha(apk2));
    const owned = await t.handle.db.select().from(files).where(eq(files.owner_type, 'app_version'));
    expect(owned.map((f) => f.id)).toEqual([up2.data.package_file_id]);
    draft = up2.data;
  });

  it('publishes, then refuses edits, uploads, deletion and an older release; rollout and withdraw are named actions', async () => {
    const pub = await post('publish', { id: draft.id, version: draft.version });
    expect(pub.status, pub.msg).toBe(200);
    expect(pub.data).toMatchObject({ status: 'published', published_by_name: expect.any(String) });
    expect(pub.data.published_at).toBeTruthy();
    const v = pub.data.version;
    const edit = await post('edit', { id: draft.id, version: v, notes_zh: '改' });
    expect(edit.status).toBe(400);
    expect(edit.msg).toBe('当前状态为“已发布”，不能编辑');
    expect((await upload(draft.id, v, testApk())).status).toBe(400);
    const del = await post('del', { id: draft.id });
    expect(del.status).toBe(400);
    expect(del.msg).toBe('当前状态为“已发布”，不能删除');
    expect((await post('publish', { id: draft.id, version: v })).msg).toBe('当前状态为“已发布”，不能发布');

    // an older release (code or name) cannot be published after it
    const older = await post('add', release({ version_name: '0.9.0', version_code: 90 }));
    const olderUp = await upload(older.data.id, older.data.version, testApk('old'));
    const refused = await post('publish', { id: older.data.id, version: olderUp.data.version });
    expect(refused.status).toBe(400);
    expect(refused.msg).toContain('Android 已发布的版本 1.0.0（版本号 100）不低于本版本 0.9.0（版本号 90）');
    expect((await get('get_info', { id: older.data.id })).data.status).toBe('draft');
    const mixed = await post('add', release({ version_name: '0.9.9', version_code: 200 }));
    const mixedUp = await upload(mixed.data.id, mixed.data.version, testApk('mixed'));
    expect((await post('publish', { id: mixed.data.id, version: mixedUp.data.version })).status).toBe(400);
    // drafts are deleted with their package
    const gone = await post('del', { ids: [older.data.id, mixed.data.id] });
    expect(gone.status, gone.msg).toBe(200);
    expect(await t.handle.db.select().from(files).where(eq(files.owner_id, older.data.id))).toEqual([]);

    const roll = await post('rollout', { id: draft.id, version: v, rollout: 30 });
    expect(roll.status, roll.msg).toBe(200);
    expect(roll.data).toMatchObject({ rollout: 30, status: 'published', version: v + 1 });
    expect((await post('rollout', { id: draft.id, version: v + 1, rollout: -1 })).status).toBe(400);
    const noReason = await post('withdraw', { id: draft.id, version: v + 1, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.msg).toContain('请填写原因');
    const wd = await post('withdraw', { id: draft.id, version: v + 1, reason: '安装后闪退' });
    expect(wd.status, wd.msg).toBe(200);
    expect(wd.data).toMatchObject({ status: 'withdrawn', withdraw_reason: '安装后闪退' });
    const rollWithdrawn = await post('rollout', { id: draft.id, version: wd.data.version, rollout: 100 }, admin, 'en');
    expect(rollWithdrawn.status).toBe(400);
    expect(rollWithdrawn.msg).toBe('The current state is "Withdrawn"; cannot change the rollout');

    const timeline = (await get('timeline', { id: draft.id })).data.list.map((e: { action: string }) => e.action);
    expect(timeline).toEqual(['add', 'upload_package', 'upload_package', 'publish', 'rollout', 'withdraw']);
    const history = (await get('history', { id: draft.id })).data.list.map((e: { action: string }) => e.action);
    expect(history).toEqual(['add', 'edit', 'edit', 'edit', 'upload_package', 'upload_package', 'publish', 'rollout', 'withdraw']);
    const logged = await t.handle.db.select().from(sysLog).where(eq(sysLog.resource, 'app_version'));
    expect(logged.find((l) => l.action === 'rollout')).toMatchObject({ record_id: draft.id });
  });

  it('lists with filters and paging, and exports the list', async () => {
    const list = await get('index', { platform: 'android', status: 'withdrawn', page: 1, limit: 10 });
    expect(list.status).toBe(200);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0].version_name).toBe('1.0.0');
    expect((await get('index', { platform: 'web' })).status).toBe(400);
    expect((await get('index', { q: '1.0.0' })).data.total).toBe(1);
    const xlsx = await t.app.inject({ method: 'GET', url: `${S}/export?platform=android`, headers: { authorization: `Bearer ${admin}` } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const sheet = readXlsx(xlsx.rawPayload);
    const header = sheet.find((r) => r.includes('版本名'))!;
    const row = sheet[sheet.indexOf(header) + 1]!;
    const cell = (name: string) => row[header.indexOf(name)];
    expect([cell('平台'), cell('版本名'), cell('状态'), cell('SHA-256')]).toEqual(['Android', '1.0.0', '已撤回', expect.stringMatching(/^[0-9a-f]{64}$/)]);
  });

  it('refuses users without the permissions, before anything is read or written', async () => {
    const before = await rows();
    expect((await get('index', {}, op)).status).toBe(403);
    const add = await post('add', release({ version_name: '5.0.0', version_code: 500 }), op);
    expect(add.status).toBe(403);
    expect(add.msg).toContain('app_version:add');
    expect((await post('publish', { id: draft.id, version: 1 }, op)).status).toBe(403);
    expect((await upload(draft.id, 1, testApk(), op)).status).toBe(403);
    expect(await rows()).toBe(before);
  });
});

describe('the app asks GET /api/public/app_version/latest', () => {
  it('answers null when nothing is published, 400 for a bad platform or version, without a token', async () => {
    const none = await latest({ platform: 'harmonyos', current: '1.0.0' });
    expect(none.status).toBe(200);
    expect(none.data).toBeNull();
    expect(none.headers['cache-control']).toBe('public, max-age=60');
    const bad = await latest({ platform: 'windows', current: '1.0.0' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('平台：请选择有效的选项');
    const badVersion = await latest({ platform: 'android', current: '1.0' }, 'en');
    expect(badVersion.status).toBe(400);
    expect(badVersion.msg).toBe('Current version: The version name must be x.y.z numbers (e.g. 1.2.3, no leading zeros)');
    expect((await latest({ platform: 'android' })).status).toBe(400);
  });

  it('offers the newest release above the current one, store link or signed package link, notes in the asked language', async () => {
    const ios1 = await published({ platform: 'ios', version_name: '2.0.0', version_code: 2000, store_url: 'https://apps.apple.com/cn/app/id1234567890' });
    expect(ios1.status).toBe('published');
    const res = await latest({ platform: 'ios', current: '1.9.9' }, 'en');
    expect(res.data).toMatchObject({ version_name: '2.0.0', version_code: 2000, url: 'https://apps.apple.com/cn/app/id1234567890', notes: 'First release', force: false, size: null, sha256: null });
    expect((await latest({ platform: 'ios', current: '1.9.9', lang: 'zh' }, 'en')).data.notes).toBe('首个版本');
    expect((await latest({ platform: 'ios', current: '2.0.0' })).data).toBeNull();
    expect((await latest({ platform: 'ios', current: '10.0.0' })).data).toBeNull();

    const android = await published({ version_name: '3.0.0', version_code: 3000 });
    const a = await latest({ platform: 'android', current: '1.0.0', device_id: 'abc' });
    expect(a.data).toMatchObject({ version_name: '3.0.0', size: android.package_size, sha256: android.package_sha256, force: false });
    const file = await t.app.inject({ method: 'GET', url: a.data.url });
    expect(file.statusCode).toBe(200);
    expect(sha(file.rawPayload)).toBe(android.package_sha256);
  });

  it('rolls out by a stable hash of the device: the same device always gets the same answer, about p % of devices get it', async () => {
    const staged = await published({ version_name: '3.1.0', version_code: 3100, rollout: 20 });
    const answers = new Map<string, string>();
    let offered = 0;
    for (let i = 0; i < 400; i++) {
      const device = `device-${i}`;
      const r = await latest({ platform: 'android', current: '3.0.0', device_id: device });
      const got = r.data?.version_name ?? 'none';
      answers.set(device, got);
      // exactly the devices whose bucket is below the rollout
      expect(got === '3.1.0', device).toBe(inRollout('android', 3100, 20, device));
      if (got === '3.1.0') offered++;
    }
    expect(offered / 400).toBeGreaterThan(0.14);
    expect(offered / 400).toBeLessThan(0.26);
    for (const device of ['device-1', 'device-7', 'device-42']) expect((await latest({ platform: 'android', current: '3.0.0', device_id: device })).data?.version_name ?? 'none').toBe(answers.get(device));
    // a device left out of 3.1.0 still gets 3.0.0 when it is older; without a device id only 100 % releases
    const out = [...answers].find(([, v]) => v === 'none')![0];
    expect((await latest({ platform: 'android', current: '2.0.0', device_id: out })).data.version_name).toBe('3.0.0');
    expect((await latest({ platform: 'android', current: '2.0.0' })).data.version_name).toBe('3.0.0');
    // to everyone once it is at 100 %
    const full = await post('rollout', { id: staged.id, version: staged.version, rollout: 100 });
    expect(full.status).toBe(200);
    expect((await latest({ platform: 'android', current: '3.0.0', device_id: out })).data.version_name).toBe('3.1.0');
  });

  it('forces the update below the highest minimum supported version, also for a device outside the rollout', async () => {
    // 4.0.0 reaches nobody yet, but says apps below 3.1.0 must update: they get 3.1.0, forced
    await published({ version_name: '4.0.0', version_code: 4000, min_supported_version: '3.1.0', rollout: 0 });
    expect((await latest({ platform: 'android', current: '3.0.0', device_id: 'x' })).data).toMatchObject({ version_name: '3.1.0', force: true, min_supported_version: '3.1.0' });
    expect((await latest({ platform: 'android', current: '3.1.0', device_id: 'x' })).data).toBeNull();
    // 5.0.0 needs itself: every older app gets it although its rollout is 0 %
    const five = await published({ version_name: '5.0.0', version_code: 5000, min_supported_version: '5.0.0', rollout: 0 });
    expect((await latest({ platform: 'android', current: '3.1.0', device_id: 'x' })).data).toMatchObject({ version_name: '5.0.0', force: true });
    expect((await latest({ platform: 'android', current: '4.9.9' })).data).toMatchObject({ version_name: '5.0.0', force: true });
    // withdrawn releases neither offer nor force
    expect((await post('withdraw', { id: five.id, version: five.version, reason: '回滚' })).status).toBe(200);
    expect((await latest({ platform: 'android', current: '3.1.0', device_id: 'x' })).data).toBeNull();
    expect((await latest({ platform: 'android', current: '3.0.0', device_id: 'x' })).data).toMatchObject({ version_name: '3.1.0', force: true });
  });
});
