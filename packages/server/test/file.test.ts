import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files, users } from '../src/db/schema/index.ts';
import { fixtures, login, startApp, testImage, testPdf, type TestApp, uploadFile, USER_PASSWORD } from './helpers.ts';
import { hashPassword } from '../src/modules/auth/password.ts';

/** Uploads: type by content, size limits, thumbnails, signed expiring links, the SPEC.md §7 audio upload. */
let t: TestApp;
let admin: string;
const url = (owner: string) => `/api/system/file/upload?owner_type=${owner}`;

beforeAll(async () => {
  t = await startApp();
  admin = await login(t.app);
});
afterAll(async () => t.close());

describe('file upload', () => {
  it('stores a photo with a thumbnail and serves both by signed link', async () => {
    const jpeg = await testImage(1600, 1200);
    const res = await uploadFile(t.app, admin, url('self_audit'), jpeg, 'image/jpeg', '组件铭牌.jpg');
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ name: '组件铭牌.jpg', content_type: 'image/jpeg', size: jpeg.length, width: 1600, height: 1200, owner_id: null });
    const raw = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(raw.statusCode).toBe(200);
    expect(raw.rawPayload.equals(jpeg)).toBe(true);
    expect(raw.headers['content-disposition']).toBe(`inline; filename*=UTF-8''${encodeURIComponent('组件铭牌.jpg')}`);
    const thumb = await t.app.inject({ method: 'GET', url: res.data.thumb_url });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const { default: sharp } = await import('sharp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([320, 240]);
    const dl = await t.app.inject({ method: 'GET', url: res.data.download_url });
    expect(dl.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses a tampered, swapped or expired link', async () => {
    const res = await uploadFile(t.app, admin, url('self_audit'), testPdf(), 'application/pdf', 'deed.pdf');
    expect(res.data.thumb_url).toBeNull();
    const good: string = res.data.url;
    expect((await t.app.inject({ method: 'GET', url: good })).statusCode).toBe(200);
    const tampered = good.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    // the signature of one file does not open another
    const other = good.replace(`/file/${res.data.id}/`, `/file/${res.data.id + 1000}/`);
    expect((await t.app.inject({ method: 'GET', url: other })).statusCode).toBe(404);
    const expired = good.replace(/exp=\d+/, 'exp=1000');
    const r = await t.app.inject({ method: 'GET', url: expired, headers: { 'accept-language': 'en' } });
    expect(r.statusCode).toBe(404);
    expect(r.json().msg).toBe('The file link is invalid or expired; reload the page');
  });

  it('judges the type by content and enforces the limits, storing nothing on refusal', async () => {
    const before = (await t.handle.db.select().from(files)).length;
    const text = await uploadFile(t.app, admin, url('self_audit'), Buffer.from('MZ not really a jpeg'), 'image/jpeg', 'a.jpg');
    expect(text.status).toBe(400);
    expect(text.msg).toContain('文件类型不支持');
    // a PDF declared as an image is refused too
    const lie = await uploadFile(t.app, admin, url('self_audit'), testPdf(), 'image/png', 'a.png');
    expect(lie.status).toBe(400);
    // self-audits take no audio
    const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(100)]);
    expect((await uploadFile(t.app, admin, url('self_audit'), mp3, 'audio/mpeg', 'a.mp3')).status).toBe(400);
    // a damaged image: JPEG magic bytes, no pixels
    const broken = await uploadFile(t.app, admin, url('self_audit'), Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2, 3]), 'image/jpeg', 'x.jpg');
    expect(broken.msg).toBe('图片已损坏，无法读取');
    const big = await uploadFile(t.app, admin, url('self_audit'), Buffer.concat([testPdf(), Buffer.alloc(21 * 1024 * 1024)]), 'application/pdf', 'big.pdf');
    expect(big.status).toBe(413);
    expect(big.msg).toBe('文件不能超过20 MiB');
    const station = await uploadFile(t.app, admin, url('station_doc'), testPdf(), 'application/pdf', 'c.pdf');
    expect(station.status).toBe(400);
    expect((await t.handle.db.select().from(files)).length).toBe(before);
  });

  it('POST /upload takes a voice note (Bearer required, audio only)', async () => {
    const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(2000, 7)]);
    const res = await uploadFile(t.app, admin, '/upload', mp3, 'audio/mpeg', '语音.mp3');
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ owner_type: 'audio', content_type: 'audio/mpeg', name: '语音.mp3' });
    const [row] = await t.handle.db.select().from(files).where(eq(files.id, res.data.id));
    expect(row!.created_by).toBeGreaterThan(0);
    const anon = await t.app.inject({ method: 'POST', url: '/upload', headers: { 'content-type': 'audio/mpeg' }, payload: mp3 });
    expect(anon.statusCode).toBe(401);
    expect((await uploadFile(t.app, admin, '/upload', await testImage(10, 10), 'image/jpeg', 'x.jpg')).status).toBe(400);
  });

  it('needs the permission that attaches the file, checked before the body is read', async () => {
    await fixtures(t); // op (operator) and sd (agent)
    await t.handle.db.insert(users).values({ username: 'noroles', password_hash: await hashPassword(USER_PASSWORD), full_name: '无角色' });
    const nobody = await login(t.app, 'noroles', USER_PASSWORD);
    const agent = await login(t.app, 'sd', USER_PASSWORD); // work_order:submit_audit and matter:reply
    const operator = await login(t.app, 'op', USER_PASSWORD); // matter:*, no work_order:submit_audit
    const before = (await t.handle.db.select().from(files)).length;
    const jpeg = await testImage(40, 30);
    const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(500, 7)]);
    const cases: Array<[string, string, string, Buffer, string, number, string]> = [
      ['no roles', nobody, url('matter'), jpeg, 'image/jpeg', 403, 'matter:add / matter:reply'],
      ['no roles', nobody, url('self_audit'), jpeg, 'image/jpeg', 403, 'work_order:submit_audit'],
      ['no roles, unknown owner type', nobody, url('nope'), jpeg, 'image/jpeg', 403, 'work_order:submit_audit / matter:add / matter:reply / inspection:submit / maintenance:submit / partner:add / partner:edit / insurance_claim:add / insurance_claim:submit / invoice:add / invoice:edit / invoice:red_letter / workflow:edit'],
      ['no roles, voice note', nobody, '/upload', mp3, 'audio/mpeg', 403, 'matter:reply'],
      ['operator, self-audit photo', operator, url('self_audit'), jpeg, 'image/jpeg', 403, 'work_order:submit_audit'],
      ['agent, partner certificate', agent, url('partner_cert'), jpeg, 'image/jpeg', 403, 'partner:add / partner:edit'],
      ['agent, claim document', agent, url('insurance_claim'), testPdf(), 'application/pdf', 403, 'insurance_claim:add / insurance_claim:submit'],
    ];
    for (const [who, token, to, body, type, status, needs] of cases) {
      const res = await uploadFile(t.app, token, to, body, type);
      expect({ who, to, status: res.status, msg: res.msg }).toEqual({ who, to, status, msg: `没有权限执行此操作（需要 ${needs}）` });
    }
    expect((await t.handle.db.select().from(files)).length).toBe(before);
    // an oversize body from someone who may not upload is refused without reading it: 403, not 413
    expect((await uploadFile(t.app, nobody, url('matter'), Buffer.alloc(25 * 1024 * 1024), 'image/jpeg')).status).toBe(403);
    // those who attach files still upload them
    expect((await uploadFile(t.app, agent, url('self_audit'), jpeg, 'image/jpeg', 'a.jpg')).status).toBe(200);
    expect((await uploadFile(t.app, agent, '/upload', mp3, 'audio/mpeg', 'v.mp3')).status).toBe(200);
    expect((await uploadFile(t.app, operator, url('matter'), jpeg, 'image/jpeg', 'b.jpg')).status).toBe(200);
    expect((await uploadFile(t.app, operator, url('partner_doc'), testPdf(), 'application/pdf', 'c.pdf')).status).toBe(200);
    expect((await uploadFile(t.app, operator, url('insurance_claim'), testPdf(), 'application/pdf', 'd.pdf')).status).toBe(200);
    expect((await uploadFile(t.app, operator, url('nope'), jpeg, 'image/jpeg')).status).toBe(400);
  });
});
