import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { login, tokenOf, uniquePhone } from './helpers.ts';

/**
 * 光E宝 matters as staff work them: enter a phoned-in matter with a photo, assign a handler, reply
 * with a voice note, close it with a result — in Chinese, then the same screens in English.
 */

const SHOTS = process.env.SHOT_DIR ?? 'test-results';

/** A short valid WAV (8 kHz mono, a quarter second of a tone). */
function wav(): Buffer {
  const samples = 2000;
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write('WAVE', 8);
  buf.write('fmt ', 12);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(8000, 24);
  buf.writeUInt32LE(16000, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) buf.writeInt16LE(Math.round(Math.sin(i / 4) * 8000), 44 + i * 2);
  return buf;
}

/** A real PNG (64×48, a blue-green gradient) for the photo attachment. */
function png(width = 64, height = 48): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set([20, 100 + x, 150 + y], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

async function api(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  const token = await tokenOf(page);
  const res = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, data: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json();
  expect(res.status(), json.msg).toBe(200);
  return json.data;
}

/** The station screens are switched on by the stations work; until then, switch the group on here. */
async function enableStationMenu(page: Page) {
  const tree = (await api(page, 'GET', '/api/system/menu/index?all=1')) as Array<{ id: number; path: string; status: string }>;
  const group = tree.find((m) => m.path === '/stationManagement');
  if (group && group.status !== 'enabled') await api(page, 'POST', '/api/system/menu/update_field', { id: group.id, field: 'status', value: 'enabled' });
}

test('enter, assign, reply with a voice note and close a matter (zh, then en)', async ({ page }) => {
  await login(page);
  await enableStationMenu(page);
  const name = '赵光明';
  const phone = uniquePhone();
  const customer = await api(page, 'POST', '/api/system/customer/add', { name, phone, province_code: '370000', city_code: '370100', source: 'phone' });

  // the list, then the create form for a phoned-in matter
  await page.goto('/#/stationManagement/gebMatter');
  await page.reload();
  await expect(page.getByRole('link', { name: '录入事项' })).toBeVisible();
  await page.getByRole('link', { name: '录入事项' }).click();
  // no customer and no station: the contract's message, nothing sent
  await page.getByLabel('标题').fill('逆变器不发电');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('此项不能为空')).toBeVisible();
  await page.getByLabel('内容').fill('业主来电：逆变器屏幕显示 E21，今天一直没有发电。');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('请选择客户或电站')).toBeVisible();
  await page.getByRole('combobox', { name: '客户' }).fill(phone);
  await page.getByRole('option', { name: new RegExp(phone) }).click();
  await page.getByLabel('联系电话').fill(phone);
  await page.getByTestId('matter-attach').setInputFiles({ name: '现场照片.png', mimeType: 'image/png', buffer: png() });
  await expect(page.locator('img[alt="现场照片.png"]')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/matters-create-zh.png` });
  await page.getByRole('button', { name: '保存' }).click();

  // the detail page (one tab per matter)
  await expect(page).toHaveURL(/#\/stationManagement\/matterDetails\?id=\d+/);
  const id = Number(new URL(page.url().replace('#/', '')).searchParams.get('id'));
  await expect(page.getByTestId('matter-heading')).toContainText('逆变器不发电');
  await expect(page.getByTestId('matter-status')).toHaveText('待处理');
  await expect(page.getByTestId('customer-link')).toHaveAttribute('href', `#/customer/customerDetail?id=${customer.id}`);
  await expect(page.getByTestId('matter-attachments').locator('img')).toBeVisible();

  // assign a handler
  await page.getByRole('button', { name: '指派' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: '处理人' }).fill('admin');
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(page.getByTestId('matter-status')).toHaveText('处理中');

  // reply: an empty reply is refused with the contract's message; then text + a voice file
  await page.getByTestId('reply-send').click();
  await expect(page.getByText('此项不能为空')).toBeVisible();
  await page.getByTestId('reply-content').fill('您好，已安排师傅明天上午上门检查，请保持电话畅通。');
  await page.getByTestId('voice-file').setInputFiles({ name: '语音说明.wav', mimeType: 'audio/wav', buffer: wav() });
  await expect(page.getByTestId('voice-preview')).toBeVisible();
  await page.getByTestId('reply-send').click();
  await expect(page.getByTestId('matter-reply')).toHaveCount(1);
  await expect(page.getByTestId('matter-reply-audio')).toBeVisible();
  const audioSrc = await page.getByTestId('matter-reply-audio').getAttribute('src');
  expect((await page.request.get(audioSrc!)).status()).toBe(200);

  // close with a result and a satisfaction
  await page.getByRole('button', { name: '办结' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('请填写办结结果')).toBeVisible();
  await page.getByRole('dialog').getByLabel('处理结果').fill('更换逆变器通讯板，已恢复发电。');
  await page.getByRole('dialog').getByLabel('满意度').click();
  await page.getByRole('option', { name: '★★★★★' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(page.getByTestId('matter-status')).toHaveText('已办结');
  await expect(page.getByTestId('matter-result')).toHaveText('更换逆变器通讯板，已恢复发电。');
  await expect(page.getByTestId('reply-box')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '办结' })).toHaveCount(0);
  await expect(page.getByTestId('status-timeline').locator('li')).toHaveCount(4);
  await page.screenshot({ path: `${SHOTS}/matters-detail-zh.png`, fullPage: true });

  // the server agrees
  const matter = await api(page, 'GET', `/api/system/matter/get_info?id=${id}`);
  expect(matter).toMatchObject({ status: 'closed', satisfaction: 5, reply_count: 1, customer_id: customer.id });

  // the list shows it; filter by status
  await page.goto('/#/stationManagement/gebMatter');
  await expect(page.locator('table').getByText(matter.matter_no)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/matters-list-zh.png` });

  // English
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await page.goto(`/#/stationManagement/matterDetails?id=${id}`);
  await page.reload();
  await expect(page.getByTestId('matter-status')).toHaveText('Closed');
  await expect(page.getByText('Conversation')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/matters-detail-en.png`, fullPage: true });
  await page.goto('/#/stationManagement/gebMatter');
  await expect(page.getByRole('link', { name: 'Enter a matter' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/matters-list-en.png` });
});
