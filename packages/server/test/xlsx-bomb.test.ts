import { constants, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { customers } from '../src/db/schema/index.ts';
import { checkXlsxTemplate, XlsxTemplateError } from '../src/excel/xlsx-template.ts';
import { importLimits } from '../src/excel/import.ts';
import { buildXlsx, readXlsx, readXlsxAsync } from '../src/excel/xlsx.ts';
import { ApiError } from '../src/http/errors.ts';
import { readResultFile } from '../src/modules/payment/result.ts';
import { call, fixtures, login, startApp, type TestApp } from './helpers.ts';

/**
 * Zip bombs against every workbook upload (issue 28, point 1): one reader (excel/unzip.ts + readXlsx)
 * inflates a slice at a time and stops at a budget of inflated bytes and of rows, so a 1 MB file
 * that inflates to 1 GiB is a 400 in the caller's language, the heap stays where it was, and other
 * requests are answered while it is read.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MiB = 1024 * 1024;

/** A zip of the given parts, each [name, deflated bytes or null for stored, inflated size, stored bytes]. */
function zipOf(parts: Array<{ name: string; deflated?: Buffer; stored?: Buffer; size: number }>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const body = p.deflated ?? p.stored!;
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(p.deflated ? 8 : 0, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(p.size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(p.deflated ? 8 : 0, 10);
    dir.writeUInt32LE(body.length, 20);
    dir.writeUInt32LE(p.size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    central.push(dir, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const flushed = (text: string | Buffer) => deflateRawSync(text, { finishFlush: constants.Z_FULL_FLUSH });
/**
 * A raw deflate stream of head + `repeat` × `unit` + tail, built without ever holding the inflated
 * text: `unit` compressed once (full flush: no reference outside it) and its bytes repeated.
 */
function bombStream(head: string, unit: Buffer, repeat: number, tail: string): { deflated: Buffer; size: number } {
  const one = flushed(unit);
  return { deflated: Buffer.concat([flushed(head), ...Array.from({ length: repeat }, () => one), deflateRawSync(tail)]), size: Buffer.byteLength(head) + unit.length * repeat + Buffer.byteLength(tail) };
}

const WORKBOOK = [
  { name: '[Content_Types].xml', text: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
  { name: 'xl/workbook.xml', text: '<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>' },
  { name: 'xl/_rels/workbook.xml.rels', text: '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>' },
].map((p) => ({ name: p.name, stored: Buffer.from(p.text), size: Buffer.byteLength(p.text) }));

const SHEET_HEAD = '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>姓名</t></is></c><c r="B1" t="inlineStr"><is><t>手机号</t></is></c></row>';
/** 1 GiB of whitespace between rows: about 1 MiB on the wire; `declared` is what its directory entry says (default: the truth). */
const spacesBomb = (declared?: number) => {
  const sheet = bombStream(SHEET_HEAD, Buffer.alloc(MiB, ' '), 1024, '</sheetData></worksheet>');
  return zipOf([...WORKBOOK, { name: 'xl/worksheets/sheet1.xml', ...sheet, size: declared ?? sheet.size }]);
};
/** One cell of 16 MiB of text. */
const cellBomb = () => zipOf([...WORKBOOK, { name: 'xl/worksheets/sheet1.xml', ...bombStream('<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>', Buffer.alloc(MiB, 'A'), 16, '</t></is></c></row></sheetData></worksheet>') }]);
/** A quarter of a million small rows (21 MB inflated: within the bytes allowed, past the rows). */
const rowsBomb = () => {
  const row = Buffer.from('<row><c t="inlineStr"><is><t>张三</t></is></c><c><v>13800138000</v></c></row>'.repeat(16 * 1024));
  return zipOf([...WORKBOOK, { name: 'xl/worksheets/sheet1.xml', ...bombStream(SHEET_HEAD, row, 16, '</sheetData></worksheet>') }]);
};

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startApp();
  await fixtures(t);
  token = await login(t.app);
});
afterAll(async () => t?.close());

const upload = (url: string, body: Buffer, lang: 'zh' | 'en' = 'zh') =>
  t.app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${token}`, 'content-type': XLSX, 'accept-language': lang } });

/** The largest rise of heap + array buffers above the start while `run` runs (sampled every few ms). */
async function peakGrowth<T>(run: () => Promise<T>): Promise<{ result: T; grownMiB: number }> {
  globalThis.gc?.();
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const start = used();
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, used())), 2);
  try {
    const result = await run();
    peak = Math.max(peak, used());
    return { result, grownMiB: (peak - start) / MiB };
  } finally {
    clearInterval(timer);
  }
}

describe('zip bombs', () => {
  it('a 1 MB workbook inflating to 1 GiB: 400 in the caller\'s language before the memory grows, nothing imported', async () => {
    const bomb = spacesBomb();
    expect(bomb.length).toBeLessThan(2 * MiB);
    const before = Number((await t.handle.db.select({ n: count() }).from(customers))[0]!.n);
    const { result: res, grownMiB } = await peakGrowth(() => upload('/api/system/customer/import', bomb));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^该文件解压后超过 79 MB，不是正常的 Excel 文件/);
    // the old reader held the whole inflated sheet (and its text): +1 GiB and more
    expect(grownMiB).toBeLessThan(200);
    const en = await upload('/api/system/customer/import', bomb, 'en');
    expect(en.json()).toMatchObject({ code: 400, msg: expect.stringMatching(/^This file unpacks to more than 79 MB; it is not an ordinary Excel file/) });
    expect(Number((await t.handle.db.select({ n: count() }).from(customers))[0]!.n)).toBe(before);
  });

  it('a bomb whose directory understates its size is counted as it inflates: refused past what it declared, the memory flat', async () => {
    // it declares 30 MiB (under the import's 79): the reader inflates, a slice at a time, and stops once past 30
    const { result: res, grownMiB } = await peakGrowth(() => upload('/api/system/customer/import', spacesBomb(30 * MiB)));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('无法读取该文件：它不是有效的 .xlsx 文件或已损坏');
    expect(grownMiB).toBeLessThan(200);
  });

  it('the server answers other requests while it reads an upload (/api/health comes back first)', async () => {
    const order: string[] = [];
    const importing = upload('/api/system/customer/import', spacesBomb(39 * MiB)).then((r) => order.push(`import ${r.statusCode}`));
    // asked after the upload started: with a reader that held the event loop it would come back last
    await new Promise((r) => setImmediate(r));
    const health = call(t.app, 'GET', '/api/health').then((r) => order.push(`health ${r.status}`));
    await Promise.all([importing, health]);
    expect(order).toEqual(['health 200', 'import 400']);
  });

  it('one huge cell and millions of rows are refused as such, each at once', async () => {
    const { result: cell, grownMiB } = await peakGrowth(() => upload('/api/system/customer/import', cellBomb()));
    expect(cell.statusCode).toBe(400);
    expect(cell.json().msg).toBe('第 1 行内容过大（超过 8 MB），无法读取');
    // (a 1 GiB cell declares 1 GiB: refused before a byte is inflated)
    expect(grownMiB).toBeLessThan(200);
    const rows = await upload('/api/system/customer/import', rowsBomb());
    expect(rows.statusCode).toBe(400);
    // the customer import takes 10,000 rows: the reader reads at most twice that (and the header)
    expect(rows.json().msg).toBe('单次最多读取 20001 行，该文件超过了，未导入任何数据，请拆分后再导入');
  });

  it('every workbook upload goes through the same reader: bank results, partner sheets, renewals, stock-takes, revenue actuals, alarm lists', async () => {
    const bomb = spacesBomb();
    const importRoutes = t.app.routeTable.filter((r) => r.method === 'POST' && /\/(import|import_result)$/.test(r.url)).map((r) => r.url);
    expect(importRoutes.length).toBeGreaterThanOrEqual(8);
    // (the bank result and the partner sheet need their batch / statement first: their reader is asked directly below)
    const withRecord = ['/api/system/payment_batch/import_result', '/api/system/statement/import'];
    expect(importRoutes).toEqual(expect.arrayContaining(withRecord));
    for (const url of importRoutes.filter((u) => !withRecord.includes(u))) {
      const res = await upload(url, bomb);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg, url).toMatch(/^该文件解压后超过 \d+ MB/);
    }
    const refusal = await readResultFile(bomb, importLimits({ maxRows: 100_000 })).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).message_('en')).toMatch(/^This file unpacks to more than 256 MB/);
    const sheet = await readResultFile(bomb, importLimits({ maxRows: 5000, headerSearchRows: 10 }), { type: 'error.statement_import_type', malformed: 'error.statement_import_malformed' }).catch((err: unknown) => err);
    expect((sheet as ApiError).message_('zh')).toMatch(/^该文件解压后超过 40 MB/);
  });

  it('the reader itself: a workflow template bomb is not a template; an ordinary workbook reads as before', async () => {
    expect(() => checkXlsxTemplate(spacesBomb())).toThrow(XlsxTemplateError);
    const file = buildXlsx([['名称', '数量'], ['逆变器', 2], [], ['组件', 10]]);
    expect(readXlsx(file)).toEqual([['名称', '数量'], ['逆变器', '2'], [], ['组件', '10']]);
    expect(await readXlsxAsync(file)).toEqual(readXlsx(file));
    expect(() => readXlsx(file, { maxRows: 2 })).toThrow(expect.objectContaining({ key: 'excel.too_many_rows_over', params: { max: 2 } }));
    // a part inflating to more than its directory entry says is damaged, not read on
    const liar = zipOf([...WORKBOOK, { name: 'xl/worksheets/sheet1.xml', ...bombStream(SHEET_HEAD, Buffer.alloc(MiB, ' '), 4, '</sheetData></worksheet>'), size: 1000 }]);
    expect(() => readXlsx(liar)).toThrow(/not_xlsx/);
  });
});
