import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, unzlibSync, zipSync } from 'fflate';
import { MatterStatus, formatDateTime, type WorkflowGraph, type WorkflowNode } from '@pv/contract';
import { files, workflowVersionTemplates } from '../src/db/schema/index.ts';
import { PDF_REPLACEMENT, buildPdf, pdfSafeText, textWidth, wrapText } from '../src/excel/pdf.ts';
import { readXlsx } from '../src/excel/xlsx.ts';
import { XlsxTemplateError, checkXlsxTemplate, fillXlsxTemplate, xlsxTemplateFields } from '../src/excel/xlsx-template.ts';
import { t as translate } from '../src/http/messages.ts';
import { call, customerBody, fixtures, login, ok, startApp, type TestApp, uploadFile, USER_PASSWORD } from './helpers.ts';

/**
 * Workflow documents (issue 16, docs/DECISIONS.md "Workflow documents"): the PDF writer (predefined
 * STSong-Light, xref offsets, wrapping, page breaks, characters outside the BMP), the xlsx template
 * filler (cells filled, numbers as numbers, placeholders split across runs, untouched parts kept,
 * bad files refused with a message), and a download node of each format and template kind run on a
 * matter and downloaded through the instance's document link; publishing refuses unknown
 * {{field}}s and templates that are not workbooks, each error pinned to its node.
 */

type Json = Record<string, any>;

/* ------------------------------------------------------------------------------------------------
 * PDF helpers of the tests: the xref table, the objects, the inflated content streams.
 * ---------------------------------------------------------------------------------------------- */

function xrefOf(pdf: Buffer): number[] {
  const tail = pdf.subarray(pdf.length - 64).toString('latin1');
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(tail)?.[1]);
  expect(pdf.subarray(start, start + 5).toString('latin1')).toBe('xref\n');
  const head = /^xref\n0 (\d+)\n/.exec(pdf.subarray(start, start + 40).toString('latin1'))!;
  const count = Number(head[1]);
  const body = pdf.subarray(start + head[0].length, start + head[0].length + count * 20).toString('latin1');
  const offsets: number[] = [];
  for (let i = 0; i < count; i++) {
    const entry = body.slice(i * 20, i * 20 + 20);
    // each entry is exactly 20 bytes: 10 digits, space, 5 digits, space, n|f, space, LF
    expect(entry).toMatch(/^\d{10} \d{5} [nf] \n$/);
    offsets.push(Number(entry.slice(0, 10)));
  }
  return offsets;
}

/** The decoded content of every FlateDecode stream, in file order. */
function streamsOf(pdf: Buffer): string[] {
  const out: string[] = [];
  const text = pdf.toString('latin1');
  const re = /\/FlateDecode >>\nstream\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const from = m.index + m[0].length;
    const len = Number(/\/Length (\d+)/.exec(text.slice(text.lastIndexOf('<<', m.index), m.index))![1]);
    out.push(strFromU8(unzlibSync(pdf.subarray(from, from + len)), true));
  }
  return out;
}
/** The objects whose xref offset does not point at their "N 0 obj". */
const misplaced = (pdf: Buffer) => {
  const tail = pdf.subarray(pdf.length - 64).toString('latin1');
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(tail)?.[1]);
  const body = pdf.subarray(start).toString('latin1');
  const entries = [...body.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
  return entries.map((off, i) => [i + 1, off] as const).filter(([n, off]) => pdf.subarray(off, off + `${n} 0 obj\n`.length).toString('latin1') !== `${n} 0 obj\n`).map(([n]) => n);
};
const hexOf = (s: string) => [...s].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()).join('');
const hasPdftotext = !spawnSync('pdftotext', ['-v']).error;

describe('PDF writer', () => {
  const doc = () =>
    buildPdf({
      title: '付款批次审批单 PB20261127001',
      lines: ['批次号：PB20261127001', 'Total: 1234.50 yuan', '表情 😀 和 𠀀 不在基本平面', ''],
      table: [
        { label: '批次号', value: 'PB20261127001' },
        { label: '用途', value: '2026年11月租金' },
      ],
      tableHeader: ['字段', '值'],
    });

  it('writes a PDF whose xref offsets each point at their "N 0 obj"', () => {
    const pdf = doc();
    expect(pdf.subarray(0, 9).toString('latin1')).toBe('%PDF-1.4\n');
    expect(pdf.subarray(pdf.length - 6).toString('latin1')).toBe('%%EOF\n');
    const offsets = xrefOf(pdf);
    expect(offsets.length).toBeGreaterThan(8);
    expect(offsets[0]).toBe(0);
    offsets.forEach((off, n) => {
      if (n === 0) return;
      expect(pdf.subarray(off, off + `${n} 0 obj\n`.length).toString('latin1'), `object ${n}`).toBe(`${n} 0 obj\n`);
    });
    expect(misplaced(pdf)).toEqual([]);
    // the check can fail: one byte more after the header moves every object past its recorded offset
    const shifted = Buffer.concat([pdf.subarray(0, 9), Buffer.from(' '), pdf.subarray(9)]);
    expect(misplaced(shifted)).toHaveLength(offsets.length - 1);
  });

  it('uses the predefined STSong-Light through UniGB-UCS2-H, no font file, text as UTF-16BE hex', () => {
    const pdf = doc();
    const text = pdf.toString('latin1');
    expect(text).toContain('/Subtype /Type0 /BaseFont /STSong-Light-UniGB-UCS2-H /Encoding /UniGB-UCS2-H');
    expect(text).toContain('/Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1)');
    expect(text).not.toMatch(/FontFile/);
    const content = streamsOf(pdf).join('\n');
    expect(content).toContain(`<${hexOf('付款批次审批单 PB20261127001')}> Tj`);
    expect(content).toContain(hexOf('2026年11月租金'));
    // outside the BMP: one □ per character, no surrogate written
    expect(content).toContain(hexOf(`表情 ${PDF_REPLACEMENT} 和 ${PDF_REPLACEMENT} 不在基本平面`));
    expect(content).not.toMatch(/D83D|D840/);
  });

  it('wraps by character width (CJK full, Latin half), at spaces for words, and breaks pages', () => {
    expect(textWidth('中文', 10)).toBe(20);
    expect(textWidth('ab', 10)).toBe(10);
    expect(wrapText('一二三四五六七八九十一二', 100, 10)).toEqual(['一二三四五六七八九十', '一二']);
    expect(wrapText('alpha beta gamma', 60, 10)).toEqual(['alpha beta', 'gamma']);
    expect(wrapText('abcdefghijklmnop', 50, 10)).toEqual(['abcdefghij', 'klmnop']);
    expect(wrapText('', 50, 10)).toEqual(['']);
    expect(pdfSafeText('a\tb\u0001c😀')).toBe(`a bc${PDF_REPLACEMENT}`);
    const long = buildPdf({ title: '长文档', lines: Array.from({ length: 120 }, (_, i) => `第 ${i + 1} 行：${'光伏电站运维'.repeat(12)}`) });
    const count = Number(/\/Type \/Pages \/Count (\d+)/.exec(long.toString('latin1'))![1]);
    expect(count).toBeGreaterThanOrEqual(4);
    const pages = streamsOf(long).slice(1); // the first stream is the ToUnicode map
    expect(pages).toHaveLength(count);
    expect(pages[0]).toContain(hexOf(`1 / ${count}`));
    expect(pages.at(-1)).toContain(hexOf(`${count} / ${count}`));
    xrefOf(long).forEach((off, n) => n && expect(long.subarray(off, off + 8).toString('latin1')).toMatch(new RegExp(`^${n} 0 obj`)));
  });

  it.skipIf(!hasPdftotext)(`pdftotext reads the Chinese text back${hasPdftotext ? '' : ' (skipped: pdftotext of poppler-utils is not installed)'}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'pv-pdf-'));
    const file = join(dir, 'a.pdf');
    writeFileSync(file, doc());
    const res = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain('付款批次审批单 PB20261127001');
    expect(res.stdout).toContain('2026年11月租金');
    expect(res.stdout).toContain('Total: 1234.50 yuan');
  });
});

/* ------------------------------------------------------------------------------------------------
 * xlsx templates.
 * ---------------------------------------------------------------------------------------------- */

const X = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
/** A workbook as Excel writes one: shared strings (one split across rich-text runs), styles, a merged title, widths, a second sheet. */
function template(cells?: string): Buffer {
  const sheet1 =
    `${X}<worksheet xmlns="${NS}"><cols><col min="1" max="1" width="36" customWidth="1"/></cols><sheetData>` +
    (cells ??
      '<row r="1"><c r="A1" s="1" t="s"><v>0</v></c><c r="B1" s="1"/></row>' +
        '<row r="2"><c r="A2" s="2" t="inlineStr"><is><t>{{total}}</t></is></c><c r="B2" t="s"><v>1</v></c></row>' +
        '<row r="3"><c r="A3" t="s"><v>2</v></c><c r="B3"><v>42</v></c></row>' +
        '<row r="4"><c r="A4"><f>SUM(B3:B3)</f><v>42</v></c><c r="B4" t="inlineStr"><is><t>{{line_count}}</t></is></c></row>' +
        '<row r="5"><c r="A5" t="inlineStr"><is><t>共 {{line_count}} 笔 &amp; {{purpose}}</t></is></c><c r="B5" t="inlineStr"><is><t>{{remark}}</t></is></c></row>' +
        '<row r="6"><c r="A6" t="s"><v>0</v></c><c r="B6" t="inlineStr"><is><t>{{ phone }}</t></is></c></row>') +
    '</sheetData><mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells></worksheet>';
  const parts: Record<string, string> = {
    '[Content_Types].xml': `${X}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
    '_rels/.rels': `${X}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${X}<workbook xmlns="${NS}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="审批单" sheetId="1" r:id="rId1"/><sheet name="说明" sheetId="2" r:id="rId2"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${X}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`,
    'xl/styles.xml': `${X}<styleSheet xmlns="${NS}"><fonts count="2"><font><sz val="11"/></font><font><b/><sz val="14"/></font></fonts><cellXfs count="3"><xf fontId="0"/><xf fontId="1"/><xf numFmtId="4" fontId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    'xl/sharedStrings.xml': `${X}<sst xmlns="${NS}" count="3" uniqueCount="3"><si><t>付款批次审批单 {{batch_no}}</t></si><si><r><rPr><b/></rPr><t>{{bat</t></r><r><t>ch_no}}</t></r></si><si><t>{{not_a_field}} 保持原样</t></si></sst>`,
    'xl/worksheets/sheet1.xml': sheet1,
    'xl/worksheets/sheet2.xml': `${X}<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>填写说明：本页不含占位符</t></is></c></row></sheetData></worksheet>`,
  };
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, strToU8(v)]))));
}

const VALUES = { batch_no: 'PB20261127001', total: '1234.50', line_count: 3, purpose: '租金 <11月>', remark: null, phone: '13800138000' };

describe('xlsx template', () => {
  it('fills every {{field}} cell, keeps cell styles, numbers as numbers, and leaves the rest of the workbook as it was', () => {
    const tpl = template();
    const out = fillXlsxTemplate(tpl, VALUES);
    const rows = readXlsx(out);
    expect(rows[0]![0]).toBe('付款批次审批单 PB20261127001');
    // split across two rich-text runs: still found
    expect(rows[1]).toEqual(['1234.5', 'PB20261127001']);
    // a name the record does not have stays as written
    expect(rows[2]).toEqual(['{{not_a_field}} 保持原样', '42']);
    expect(rows[3]).toEqual(['42', '3']);
    expect(rows[4]).toEqual(['共 3 笔 & 租金 <11月>', '']);
    // digits without a decimal point (a phone) stay text
    expect(rows[5]).toEqual(['付款批次审批单 PB20261127001', '13800138000']);

    const before = unzipSync(tpl);
    const after = unzipSync(out);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const part of Object.keys(before).filter((p) => p !== 'xl/worksheets/sheet1.xml')) expect(Buffer.from(after[part]!).equals(Buffer.from(before[part]!)), part).toBe(true);
    const sheet = strFromU8(after['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('<cols><col min="1" max="1" width="36" customWidth="1"/></cols>');
    expect(sheet).toContain('<mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells>');
    // the filled number keeps its money style; the title keeps its bold style; untouched cells are byte-for-byte
    expect(sheet).toContain('<c r="A2" s="2"><v>1234.5</v></c>');
    expect(sheet).toContain('<c r="B4"><v>3</v></c>');
    expect(sheet).toMatch(/<c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve">付款批次审批单 PB20261127001<\/t><\/is><\/c>/);
    expect(sheet).toContain('<c r="B1" s="1"/>');
    expect(sheet).toContain('<c r="A3" t="s"><v>2</v></c>');
    expect(sheet).toContain('<c r="A4"><f>SUM(B3:B3)</f><v>42</v></c>');
    expect(sheet).toContain('&amp; 租金 &lt;11月&gt;');
  });

  it('a sheet without placeholders is not rewritten; the fields a template names are listed', () => {
    const plain = template('<row r="1"><c r="A1" t="inlineStr"><is><t>无占位符</t></is></c></row>');
    const out = fillXlsxTemplate(plain, VALUES);
    const a = unzipSync(plain);
    const b = unzipSync(out);
    for (const part of Object.keys(a)) expect(Buffer.from(b[part]!).equals(Buffer.from(a[part]!)), part).toBe(true);
    expect(xlsxTemplateFields(template())).toEqual(['batch_no', 'total', 'not_a_field', 'line_count', 'purpose', 'remark', 'phone']);
  });

  it('refuses what is not an xlsx, with a message in zh and en', () => {
    const refused = (bytes: Uint8Array) => {
      try {
        fillXlsxTemplate(bytes, VALUES);
      } catch (err) {
        expect(err).toBeInstanceOf(XlsxTemplateError);
        return err as XlsxTemplateError;
      }
      throw new Error('accepted');
    };
    const notZip = refused(Buffer.from('PK\x03\x04 but not really a zip'));
    expect(notZip.key).toBe('error.xlsx_template_zip');
    expect(translate(notZip.key, 'zh', notZip.params)).toBe('模板文件不是有效的 xlsx（无法解压）');
    expect(translate(notZip.key, 'en', notZip.params)).toBe('The template file is not a valid xlsx (it cannot be unzipped)');
    const noWorkbook = refused(zipSync({ '[Content_Types].xml': strToU8('<Types/>') }));
    expect(noWorkbook.key).toBe('error.xlsx_template_parts');
    expect(translate(noWorkbook.key, 'zh', noWorkbook.params)).toBe('模板文件不是有效的 xlsx（缺少 xl/workbook.xml）');
    // a zip bomb: 65 MiB of zeros in a few hundred KiB is refused before it is inflated
    const bomb = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'xl/workbook.xml': strToU8('<workbook/>'), 'xl/worksheets/sheet1.xml': new Uint8Array(65 * 1024 * 1024) }, { level: 1 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(refused(bomb).key).toBe('error.xlsx_template_zip');
    expect(() => checkXlsxTemplate(template())).not.toThrow();
  });
});

/* ------------------------------------------------------------------------------------------------
 * Download nodes run on a matter; documents downloaded; publishing refuses bad templates.
 * ---------------------------------------------------------------------------------------------- */

let t: TestApp;
let admin: string;
let op: string;
let customerId: number;
const S = '/api/system';
const post = (url: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') => call(t.app, 'POST', `${S}/${url}`, { token, body, lang });
const node = (n: WorkflowNode) => n;
const chain = (doc: WorkflowNode): WorkflowGraph => ({
  nodes: [node({ id: 'start', kind: 'start' }), doc, node({ id: 'end', kind: 'end', data: { result: 'done' } })],
  edges: [
    { id: 'a', source: 'start', target: doc.id },
    { id: 'b', source: doc.id, target: 'end' },
  ],
});
let seq = 0;
const chinaMinute = (iso: string) => formatDateTime(iso)!;
async function runOnMatter(key: string, doc: WorkflowNode) {
  const d = await ok(post('workflow/add', { key, name: key, record_type: 'matter', graph: chain(doc) }));
  await ok(post('workflow/publish', { id: d.id, version: d.version }));
  seq++;
  const m = await ok(post('matter/add', { type: 'other', customer_id: customerId, title: `文档测试 ${seq}`, content: '生成文档' }));
  const inst = await ok(post('workflow_instance/start', { key, record_id: m.id }));
  expect(inst).toMatchObject({ state: 'completed', result: 'done' });
  expect(inst.documents).toHaveLength(1);
  const res = await t.app.inject({ method: 'GET', url: `${S}/workflow_instance/document?id=${inst.documents[0].id}`, headers: { authorization: `Bearer ${admin}` } });
  expect(res.statusCode).toBe(200);
  return { m, inst, def: d, res, name: decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(String(res.headers['content-disposition']))![1]!) };
}

beforeAll(async () => {
  t = await startApp({ taskTickSeconds: 0 });
  await fixtures(t);
  admin = await login(t.app);
  op = await login(t.app, 'op', USER_PASSWORD);
  customerId = (await ok(post('customer/add', customerBody({ phone: '13900000077' })))).id;
});
afterAll(async () => t.close());

describe('download node', () => {
  it('PDF from a text template: the instance’s document is application/pdf, named .pdf, with the record’s values', async () => {
    const { m, res, name, inst } = await runOnMatter(
      'doc_pdf_text',
      node({ id: 'doc', kind: 'download', name: '受理单', data: { file_name: '事项受理单', format: 'pdf', template: 'text', title: '事项受理单 {{matter_no}}', body: '事项：{{title}}\n内容：{{content}}\n受理时间：{{created_at}}', with_table: true, fields: ['matter_no', 'status'] } }),
    );
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(name).toBe(`事项受理单_${m.matter_no}.pdf`);
    expect(inst.documents[0]).toMatchObject({ name, content_type: 'application/pdf' });
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    xrefOf(pdf).forEach((off, n) => n && expect(pdf.subarray(off, off + 8).toString('latin1')).toMatch(new RegExp(`^${n} 0 obj`)));
    const content = streamsOf(pdf).join('\n');
    expect(content).toContain(hexOf(`事项受理单 ${m.matter_no}`));
    expect(content).toContain(hexOf(`事项：${m.title}`));
    // timestamps in China time, not ISO
    expect(content).toMatch(new RegExp(hexOf('受理时间：') + '[0-9A-F]*' + hexOf(':')));
    expect(content).not.toContain(hexOf('T0'));
    expect(content).toContain(hexOf(`受理时间：${chinaMinute(m.created_at)}`));
    // the field table after the body: the labels of the chosen fields, the status by its label
    expect(content).toContain(hexOf('字段'));
    expect(content).toContain(hexOf(MatterStatus.label(m.status, 'zh')));
    expect(content).not.toContain(hexOf(m.status));
  });

  it('PDF of the field table, xlsx of a text template, and the field table as xlsx (as before templates existed)', async () => {
    const pdfTable = await runOnMatter('doc_pdf_table', node({ id: 'doc', kind: 'download', name: '记录', data: { format: 'pdf', fields: ['matter_no', 'title'] } }));
    expect(pdfTable.res.headers['content-type']).toBe('application/pdf');
    expect(streamsOf(pdfTable.res.rawPayload).join('\n')).toContain(hexOf(pdfTable.m.title));

    const xlsxText = await runOnMatter('doc_xlsx_text', node({ id: 'doc', kind: 'download', name: '记录', data: { template: 'text', title: '受理 {{matter_no}}', body: '标题：{{title}}\n单括号 {status} 也可' } }));
    expect(xlsxText.res.headers['content-type']).toContain('spreadsheetml');
    expect(xlsxText.name.endsWith('.xlsx')).toBe(true);
    const rows = readXlsx(xlsxText.res.rawPayload);
    // values as a person reads them: the status by its label
    expect(rows.map((r) => r[0])).toEqual([`受理 ${xlsxText.m.matter_no}`, `标题：${xlsxText.m.title}`, `单括号 ${MatterStatus.label(xlsxText.m.status, 'zh')} 也可`]);

    const old = await runOnMatter('doc_old', node({ id: 'doc', kind: 'download', name: '旧表', data: { file_name: '旧表', fields: ['matter_no'] } }));
    expect(old.res.headers['content-type']).toContain('spreadsheetml');
    expect(readXlsx(old.res.rawPayload).slice(1)).toEqual([
      ['字段', '值'],
      [expect.any(String), old.m.matter_no],
    ]);
  });

  it('xlsx from an uploaded template: uploaded by a process editor, copied into the version, filled', async () => {
    const tpl = template(
      '<row r="1"><c r="A1" s="1" t="inlineStr"><is><t>事项 {{matter_no}}</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>{{title}}</t></is></c><c r="B2" t="inlineStr"><is><t>{{customer_id}}</t></is></c><c r="C2" t="inlineStr"><is><t>{{id}}</t></is></c></row>',
    );
    // the operator edits no process: no upload
    expect((await uploadFile(t.app, op, `${S}/file/upload?owner_type=workflow_tpl`, tpl, 'application/octet-stream', '模板.xlsx')).status).toBe(403);
    const up = await uploadFile(t.app, admin, `${S}/file/upload?owner_type=workflow_tpl`, tpl, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', '事项模板.xlsx');
    expect(up.status, up.msg).toBe(200);
    expect(up.data).toMatchObject({ content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', name: '事项模板.xlsx', owner_id: null });
    const { m, res, def } = await runOnMatter('doc_xlsx_tpl', node({ id: 'doc', kind: 'download', name: '模板文档', data: { template: 'xlsx', template_file_id: up.data.id, template_file_name: '事项模板.xlsx' } }));
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = readXlsx(res.rawPayload);
    expect(rows[0]).toEqual([`事项 ${m.matter_no}`]);
    // the customer by name, not its id; a number stays a number cell
    expect(rows[1]).toEqual([m.title, '张三丰', String(m.id)]);
    // the rest of the template came along: the second sheet, the merged title
    const parts = unzipSync(res.rawPayload);
    expect(strFromU8(parts['xl/worksheets/sheet2.xml']!)).toContain('填写说明');
    expect(strFromU8(parts['xl/worksheets/sheet1.xml']!)).toContain('<c r="C2"><v>' + m.id + '</v></c>');
    // the version keeps its own copy; the upload now belongs to the process
    const copies = await t.handle.db.select().from(workflowVersionTemplates).where(eq(workflowVersionTemplates.file_id, up.data.id));
    expect(copies).toHaveLength(1);
    expect(Buffer.from(copies[0]!.content).equals(tpl)).toBe(true);
    // the copy is part of the published version: never changed, never deleted (trigger, migration)
    const refused = (q: Promise<unknown>) => q.then(() => 'done', (err: Error & { cause?: Error }) => String(err.cause?.message ?? err.message));
    expect(await refused(t.handle.db.execute(sql`update workflow_version_templates set name = 'changed.xlsx' where file_id = ${up.data.id}`))).toMatch(/immutable/);
    expect(await refused(t.handle.db.execute(sql`delete from workflow_version_templates where file_id = ${up.data.id}`))).toMatch(/immutable/);
    expect((await t.handle.db.select().from(files).where(eq(files.id, up.data.id)))[0]!.owner_id).toBe(def.id);
  });

  it('publishing refuses unknown {{field}}s, a missing template, a file that is not a workbook, an xlsx template as PDF — each pinned to its node', async () => {
    const draft = async (key: string, doc: WorkflowNode) => ok(post('workflow/add', { key, name: key, record_type: 'matter', graph: chain(doc) }));
    const refused = async (key: string, doc: WorkflowNode, lang: 'zh' | 'en' = 'zh') => {
      const d = await draft(key, doc);
      const r = await post('workflow/publish', { id: d.id, version: d.version }, admin, lang);
      expect(r.status).toBe(400);
      const again = await ok(call(t.app, 'GET', `${S}/workflow/get_info`, { token: admin, query: { id: d.id } }));
      expect(again).toMatchObject({ status: 'draft', published_version: 0 });
      return r.data.errors as Json[];
    };
    expect(await refused('bad_text', node({ id: 'doc', kind: 'download', data: { format: 'pdf', template: 'text', title: '{{matter_no}}', body: '{{no_such_field}} 与 {{title}}' } }), 'en')).toEqual([
      expect.objectContaining({ nodeId: 'doc', code: 'doc_field_unknown', params: { node: 'doc', field: 'no_such_field' }, message: 'The document “doc” names the field no_such_field, which this record type does not have' }),
    ]);
    expect(await refused('empty_text', node({ id: 'doc', kind: 'download', name: '空', data: { template: 'text' } }))).toEqual([expect.objectContaining({ nodeId: 'doc', code: 'doc_no_text', message: '生成文档“空”选择了文本模板，但标题和正文都为空' })]);
    expect(await refused('no_file', node({ id: 'doc', kind: 'download', data: { template: 'xlsx' } }))).toEqual([expect.objectContaining({ nodeId: 'doc', code: 'doc_no_template' })]);
    // a zip naming xl/workbook.xml passes the upload's sniffing but is no workbook
    const fake = Buffer.from(zipSync({ 'xl/workbook.xml.txt': strToU8('no') }));
    const up = await uploadFile(t.app, admin, `${S}/file/upload?owner_type=workflow_tpl`, fake, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', '坏模板.xlsx');
    expect(up.status, up.msg).toBe(200);
    expect(await refused('fake_tpl', node({ id: 'doc', kind: 'download', name: '坏', data: { template: 'xlsx', template_file_id: up.data.id } }))).toEqual([
      expect.objectContaining({ nodeId: 'doc', code: 'doc_template_invalid', message: '生成文档“坏”的模板文件 坏模板.xlsx 不是有效的 xlsx 文件，请重新上传' }),
    ]);
    const good = await uploadFile(t.app, admin, `${S}/file/upload?owner_type=workflow_tpl`, template(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', '批次模板.xlsx');
    const errs = await refused('tpl_fields', node({ id: 'doc', kind: 'download', data: { template: 'xlsx', template_file_id: good.data.id, format: 'pdf' } }));
    expect(errs.map((e) => [e.nodeId, e.code, e.params.field])).toEqual([
      ['doc', 'doc_xlsx_pdf', undefined],
      // a matter has none of the batch template's fields
      ...['batch_no', 'total', 'not_a_field', 'line_count', 'purpose', 'remark', 'phone'].map((f) => ['doc', 'doc_field_unknown', f]),
    ]);
    // a file of another owner type is not a template
    const photo = (await t.handle.db.insert(files).values({ owner_type: 'matter', name: 'x.pdf', content_type: 'application/pdf', size: 1, storage_key: 'nothing-here.pdf' }).returning())[0]!;
    expect(await refused('other_owner', node({ id: 'doc', kind: 'download', data: { template: 'xlsx', template_file_id: photo.id } }))).toEqual([expect.objectContaining({ code: 'doc_no_template' })]);
  });
});
