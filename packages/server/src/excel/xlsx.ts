import { Zip, ZipDeflate, strFromU8 } from 'fflate';
import { excelError } from './columns.ts';
import { inflateBudget, inflateEntry, inflateWhole, type InflateBudget, type ZipEntry, zipEntries, ZipFormatError, ZipLimitError } from './unzip.ts';

/**
 * A minimal SpreadsheetML (.xlsx) writer and reader (docs/DECISIONS.md "Excel export/import"):
 * the writer emits one sheet's XML row by row into a streamed zip (flat memory however many rows);
 * the reader takes the first sheet of an uploaded file into string cells, streamed and limited
 * (excel/unzip.ts: a zip bomb is refused before the memory grows).
 */
export type CellValue = string | number | null | undefined;

/** Cell styles of styles.xml: 0 plain, 1 bold header, 2 money (#,##0.00), 3 two decimals (0.00). */
export type CellStyle = 'plain' | 'header' | 'money' | 'decimal';
const STYLE_INDEX: Record<CellStyle, number> = { plain: 0, header: 1, money: 2, decimal: 3 };

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const STATIC_PARTS: Record<string, string> = {
  '[Content_Types].xml':
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    '</Types>',
  '_rels/.rels': `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/_rels/workbook.xml.rels':
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
    `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
    `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
  'xl/styles.xml':
    `${XML_HEAD}<styleSheet xmlns="${NS}">` +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
    '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
    '<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
    '</styleSheet>',
};

// characters XML 1.0 cannot carry at all (a stray control character would make Excel refuse the file)
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
export const escapeXml = (s: string) =>
  s.replace(INVALID_XML, '').replace(/[<>&"]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : '&quot;'));

/** Column letters of a 0-based index: 0 → A, 26 → AA. */
export function columnName(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** A cell with its reference (A2), so empty cells can simply be left out. */
function cellXml(ref: string, value: CellValue, style: CellStyle): string {
  if (value === null || value === undefined || value === '') return '';
  const s = STYLE_INDEX[style] ? ` s="${STYLE_INDEX[style]}"` : '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : '';
  return `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

export interface SheetOptions {
  sheetName: string;
  /** column widths in characters */
  widths?: number[];
}

/**
 * Streams one worksheet. `write` gets zip bytes as they are produced; rows are buffered only up to
 * `flushBytes` of XML before they are deflated and handed on.
 */
export class XlsxWriter {
  private readonly zip: Zip;
  private readonly sheet: ZipDeflate;
  private readonly enc = new TextEncoder();
  private pending = '';
  private rowIndex = 0;
  private readonly letters: string[] = [];

  constructor(
    write: (chunk: Uint8Array, final: boolean) => void,
    opts: SheetOptions,
    private readonly flushBytes = 64 * 1024,
  ) {
    this.zip = new Zip((err, chunk, final) => {
      if (err) throw err;
      write(chunk, final);
    });
    for (const [name, body] of Object.entries(STATIC_PARTS)) this.addPart(name, body);
    this.addPart(
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${escapeXml(opts.sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    );
    this.sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
    this.zip.add(this.sheet);
    const cols = opts.widths?.length
      ? '<cols>' + opts.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('') + '</cols>'
      : '';
    // the header row stays in view while scrolling
    this.pending =
      `${XML_HEAD}<worksheet xmlns="${NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
      `${cols}<sheetData>`;
  }

  private addPart(name: string, body: string) {
    const part = new ZipDeflate(name, { level: 6 });
    this.zip.add(part);
    part.push(this.enc.encode(body), true);
  }

  /** Appends a row; `styles[i]` styles cell i (default plain). */
  addRow(values: CellValue[], styles?: CellStyle[]) {
    this.rowIndex++;
    let xml = `<row r="${this.rowIndex}">`;
    for (let i = 0; i < values.length; i++) xml += cellXml((this.letters[i] ??= columnName(i)) + this.rowIndex, values[i], styles?.[i] ?? 'plain');
    this.pending += xml + '</row>';
    if (this.pending.length >= this.flushBytes) this.flush();
  }

  private flush() {
    if (!this.pending) return;
    this.sheet.push(this.enc.encode(this.pending));
    this.pending = '';
  }

  end() {
    this.sheet.push(this.enc.encode(this.pending + '</sheetData></worksheet>'), true);
    this.pending = '';
    this.zip.end();
  }
}

/** Builds a whole (small) workbook in memory, e.g. an import template or a test fixture. */
export function buildXlsx(rows: CellValue[][], opts: SheetOptions & { headerRow?: boolean } = { sheetName: 'Sheet1' }): Buffer {
  const chunks: Uint8Array[] = [];
  const writer = new XlsxWriter((c) => chunks.push(c), opts);
  rows.forEach((r, i) => writer.addRow(r, i === 0 && opts.headerRow ? r.map(() => 'header') : undefined));
  writer.end();
  return Buffer.concat(chunks);
}

export class XlsxFormatError extends Error {
  constructor(readonly reason: 'not_xlsx' | 'no_sheet') {
    super(reason);
  }
}

export const decodeXml = (s: string) =>
  s.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_, e: string) =>
    e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'amp' ? '&' : e === 'quot' ? '"' : e === 'apos' ? "'" : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)),
  );

/** The text of every <t> inside a fragment (rich text runs are concatenated; phonetic runs skipped). */
export const textOf = (xml: string) =>
  [...xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>|<t\b[^>]*\/>/g)].map((m) => decodeXml(m[1] ?? '')).join('');

const SHARED_ITEM = /<si\b[^>]*>([\s\S]*?)<\/si>|<si\s*\/>/g;

/** The shared-string table of an unzipped workbook (empty when it has none), each entry's text with its runs joined. */
export const sharedStringsOf = (files: Record<string, Uint8Array>): string[] => {
  const sst = files['xl/sharedStrings.xml'];
  return sst ? [...strFromU8(sst).matchAll(SHARED_ITEM)].map((m) => textOf(m[1] ?? '')) : [];
};

function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

/** What one upload may cost (docs/DECISIONS.md "Uploaded workbooks"). */
export interface XlsxLimits {
  /** non-empty rows (the header and title lines included); more is refused without reading on */
  maxRows?: number;
  /** bytes inflated over all parts read (sheet, shared strings, workbook); more is refused at once */
  maxInflatedBytes?: number;
}
/** Excel's own row limit: a sheet cannot have more. */
export const EXCEL_MAX_ROWS = 1_048_576;
export const XLSX_MAX_INFLATED = 256 * 1024 * 1024;
/** One row's XML, all its cells (Excel's cell limit is 32,767 characters; a row of 100 such cells is ~6.5 MiB of UTF-8). */
const MAX_ROW_XML = 8 * 1024 * 1024;
/** Inflated bytes a workbook of `rows` rows is allowed: 4 KiB of sheet XML per row in whole MiB, at least 32 MiB, at most XLSX_MAX_INFLATED. */
export const inflatedLimitFor = (rows: number) => Math.min(XLSX_MAX_INFLATED, Math.max(32, Math.ceil((rows * 4096) / 1024 / 1024)) * 1024 * 1024);

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const tooLarge = (limit: number) => excelError(400, 'inflated_too_large', { limit: mib(limit) });

/**
 * Elements named `tag` (`<tag ...>...</tag>` or `<tag .../>`) out of XML text that arrives in pieces:
 * `push` returns the complete ones; text between elements is dropped at once, and an element still
 * open past `maxElement` characters is refused, so the text kept never grows past that.
 */
class ElementStream {
  private buf = '';
  /** where the search for the open element's end tag goes on */
  private resume = 0;
  private readonly open: string;
  private readonly close: string;
  constructor(
    tag: string,
    private readonly maxElement: number,
    private readonly onTooLarge: () => Error,
  ) {
    this.open = `<${tag}`;
    this.close = `</${tag}>`;
  }

  push(text: string): string[] {
    this.buf += text;
    const out: string[] = [];
    let pos = 0;
    for (;;) {
      let start = this.buf.indexOf(this.open, pos);
      // <row but not <rowBreaks
      while (start >= 0 && !/[\s>/]/.test(this.buf[start + this.open.length] ?? ' ')) start = this.buf.indexOf(this.open, start + 1);
      if (start < 0) {
        // keep a tail that may be the start of a tag cut in two
        pos = Math.max(pos, this.buf.length - this.open.length);
        break;
      }
      const tagEnd = this.buf.indexOf('>', start);
      if (tagEnd < 0) {
        pos = start;
        break;
      }
      if (this.buf[tagEnd - 1] === '/') {
        out.push(this.buf.slice(start, tagEnd + 1));
        pos = tagEnd + 1;
        this.resume = 0;
        continue;
      }
      const end = this.buf.indexOf(this.close, Math.max(tagEnd, this.resume));
      if (end < 0) {
        pos = start;
        this.resume = Math.max(tagEnd, this.buf.length - this.close.length) - start;
        break;
      }
      out.push(this.buf.slice(start, end + this.close.length));
      pos = end + this.close.length;
      this.resume = 0;
    }
    this.buf = this.buf.slice(pos);
    if (this.resume > this.buf.length) this.resume = 0;
    if (this.buf.length > this.maxElement) throw this.onTooLarge();
    return out;
  }
}

/** A part's text, piece by piece, as it inflates. */
function* textOfPart(data: Uint8Array, entry: ZipEntry, budget: InflateBudget): Generator<string> {
  const decoder = new TextDecoder('utf-8');
  for (const chunk of inflateEntry(data, entry, budget)) yield decoder.decode(chunk, { stream: true });
  yield decoder.decode();
}

/** The cells of one <row> element (strings; shared strings looked up). */
function rowCells(rowXml: string, shared: string[]): string[] {
  const cells: string[] = [];
  let next = 0;
  for (const c of rowXml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const attrs = c[1] ?? '';
    const ref = /\br="([A-Z]+)\d*"/.exec(attrs);
    const col = ref ? columnIndex(ref[1]!) : next;
    // Excel's last column is XFD (16,384): a reference past it is not a cell of any sheet
    if (col >= 16_384) throw new XlsxFormatError('not_xlsx');
    next = col + 1;
    const type = /\bt="([^"]+)"/.exec(attrs)?.[1] ?? 'n';
    const cellBody = c[2] ?? '';
    const v = /<v\b[^>]*>([\s\S]*?)<\/v>/.exec(cellBody)?.[1];
    let value: string;
    if (type === 'inlineStr') value = textOf(cellBody);
    else if (type === 's') value = v !== undefined ? (shared[Number(v)] ?? '') : '';
    else if (type === 'b') value = v === '1' ? 'TRUE' : v === '0' ? 'FALSE' : '';
    else value = v !== undefined ? decodeXml(v) : '';
    cells[col] = value.trim();
  }
  return Array.from(cells, (c) => c ?? '');
}

const NO_CELLS: readonly string[] = Object.freeze([]);

/**
 * The reader behind readXlsx / readXlsxAsync: the first worksheet, streamed. Yields after each slice
 * of inflated text (the async driver lets other requests run there); returns the rows.
 */
function* sheetRows(data: Uint8Array, limits: XlsxLimits): Generator<void, string[][]> {
  const maxRows = limits.maxRows ?? EXCEL_MAX_ROWS;
  const budget = inflateBudget(limits.maxInflatedBytes ?? XLSX_MAX_INFLATED);
  let entries: Map<string, ZipEntry>;
  try {
    entries = zipEntries(data);
  } catch (err) {
    if (err instanceof ZipFormatError) throw new XlsxFormatError('not_xlsx');
    throw err;
  }
  const part = (name: string) => entries.get(name) ?? [...entries.values()].find((e) => e.name.toLowerCase() === name.toLowerCase());
  const small = (name: string) => {
    const e = part(name);
    return e ? strFromU8(inflateWhole(data, e, budget)) : '';
  };
  try {
    const workbook = small('xl/workbook.xml');
    if (!workbook) throw new XlsxFormatError('not_xlsx');
    // the first sheet of the workbook, through its relationship (not necessarily sheet1.xml)
    const first = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook) ?? /<sheet\b[^>]*\bid="([^"]+)"/.exec(workbook);
    const rels = small('xl/_rels/workbook.xml.rels');
    let target = 'worksheets/sheet1.xml';
    if (first) {
      const rel = new RegExp(`<Relationship\\b[^>]*\\bId="${first[1]!.replace(/[^\w-]/g, '')}"[^>]*>`).exec(rels)?.[0];
      const t = rel && /\bTarget="([^"]+)"/.exec(rel)?.[1];
      if (t) target = t.replace(/^\/?xl\//, '').replace(/^\//, '');
    }
    const sheet = part(`xl/${target}`);
    if (!sheet) throw new XlsxFormatError('no_sheet');

    // shared strings first (random access: wherever they are in the zip), then the sheet row by row
    const shared: string[] = [];
    const sst = part('xl/sharedStrings.xml');
    if (sst) {
      const items = new ElementStream('si', MAX_ROW_XML, () => tooLarge(budget.limit));
      for (const text of textOfPart(data, sst, budget)) {
        for (const si of items.push(text)) shared.push(textOf(si));
        yield;
      }
    }
    const rows: (readonly string[])[] = [];
    let filled = 0;
    let rowNo = 0;
    const stream = new ElementStream('row', MAX_ROW_XML, () => excelError(400, 'row_too_large', { row: rowNo + 1, limit: mib(MAX_ROW_XML) }));
    for (const text of textOfPart(data, sheet, budget)) {
      for (const rowXml of stream.push(text)) {
        const rAttr = /^<row\b[^>]*?\br="(\d+)"/.exec(rowXml);
        const index = rAttr ? Number(rAttr[1]) - 1 : rowNo;
        if (!Number.isSafeInteger(index) || index < 0 || index >= EXCEL_MAX_ROWS) throw new XlsxFormatError('not_xlsx');
        rowNo = index + 1;
        const cells = rowCells(rowXml, shared);
        // empty rows take no room: only rows with a value are kept (and counted)
        if (!cells.some((c) => c !== '')) continue;
        if (++filled > maxRows) throw excelError(400, 'too_many_rows_over', { max: maxRows });
        rows[index] = cells;
      }
      yield;
    }
    return Array.from(rows, (r) => (r ?? NO_CELLS) as string[]);
  } catch (err) {
    if (err instanceof ZipLimitError) throw tooLarge(err.limit);
    if (err instanceof ZipFormatError) throw new XlsxFormatError('not_xlsx');
    throw err;
  }
}

/**
 * Reads the first worksheet into rows of trimmed strings (numbers as written, booleans as
 * TRUE/FALSE); rows without a value are empty arrays, trailing ones dropped. Throws XlsxFormatError
 * for anything not an xlsx, and a 400 ApiError (excel.inflated_too_large, excel.too_many_rows_over,
 * excel.row_too_large) past `limits` — checked while inflating, before the memory grows.
 * Synchronous: for files the server wrote itself and tests; an upload goes through readXlsxAsync.
 */
export function readXlsx(data: Uint8Array, limits: XlsxLimits = {}): string[][] {
  const reader = sheetRows(data, limits);
  for (;;) {
    const step = reader.next();
    if (step.done) return step.value;
  }
}

/** readXlsx for an upload: the same reader, giving other requests their turn between slices of the file. */
export async function readXlsxAsync(data: Uint8Array, limits: XlsxLimits = {}): Promise<string[][]> {
  const reader = sheetRows(data, limits);
  for (;;) {
    const step = reader.next();
    if (step.done) return step.value;
    // one slice (≤ 8 KiB compressed) at a time: a big upload never holds the event loop for long
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A zip file starts with a local file header "PK\x03\x04". */
export const looksLikeZip = (buf: Uint8Array) => buf.length > 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / RFC 5987 filename*). */
export function contentDisposition(filename: string, fallback: string): string {
  return `attachment; filename="${fallback.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())}`;
}
