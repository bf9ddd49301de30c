import { zlibSync } from 'fflate';

/**
 * A small PDF writer for generated documents (a workflow download node's 审批单, docs/DECISIONS.md
 * "Workflow documents"): A4 pages with a title, body lines and a two-column field table, wrapped by
 * character width and broken into pages, numbered at the foot.
 *
 * No font file is shipped or embedded: the text is set in `STSong-Light`, the predefined Simplified
 * Chinese font readers supply themselves (Adobe-GB1 character collection), through the CMap
 * `UniGB-UCS2-H` that ISO 32000-1 predefines (§9.7.5.2) — a Type0 font whose descendant is a
 * CIDFontType0, the text written as UTF-16BE (UCS-2) hex strings. The reader supplies the glyphs (Acrobat its Asian font pack,
 * pdf.js / PDFium / poppler a substitute Song or sans font). Only the Basic Multilingual Plane can
 * be written; any other character (an emoji, a rare ideograph of plane 2) becomes □. A /ToUnicode
 * map is included, so copying and text extraction give back the characters.
 */

export interface PdfTableRow {
  label: string;
  value: string;
}

export interface PdfDocument {
  title: string;
  /** body lines (each wrapped; an empty string is an empty line) */
  lines?: string[];
  /** a field | value table after the body */
  table?: PdfTableRow[];
  /** the table's heading row, e.g. ['字段', '值'] */
  tableHeader?: [string, string];
  /** the document information dictionary's /Title (default: title) and /Producer */
  info?: { title?: string; producer?: string };
}

/** A4 in points, margins, sizes. */
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 56;
const CONTENT_W = PAGE_W - 2 * MARGIN;
const TITLE_SIZE = 16;
const BODY_SIZE = 11;
const TABLE_SIZE = 10;
const FOOT_SIZE = 8;
const LEADING = 1.5;
const CELL_PAD = 4;
const LABEL_W = Math.round(CONTENT_W * 0.3);

/** The character written for anything outside the BMP (U+25A1 WHITE SQUARE, in GB 2312). */
export const PDF_REPLACEMENT = '\u25a1';

/**
 * Text as the font can take it: characters outside the BMP replaced by □ (one per code point, not
 * per surrogate), control characters dropped, tabs as a space.
 */
export function pdfSafeText(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp > 0xffff) out += PDF_REPLACEMENT;
    else if (cp === 9) out += ' ';
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || (cp >= 0xd800 && cp <= 0xdfff)) continue;
    else out += ch;
  }
  return out;
}

/**
 * A character's advance in ems, as the font dictionary declares it (/W [1 95 500], /DW 1000):
 * printable ASCII is half width, everything else (CJK, full-width punctuation) full width. The
 * layout and the reader use the same numbers, so wrapping matches what is drawn.
 */
export const charWidth = (ch: string): number => {
  const c = ch.charCodeAt(0);
  return c >= 0x20 && c <= 0x7e ? 0.5 : 1;
};

export const textWidth = (s: string, size: number): number => {
  let w = 0;
  for (const ch of s) w += charWidth(ch);
  return w * size;
};

/**
 * Splits a line into pieces no wider than `width` points at `size`: a run of Latin letters and
 * digits breaks at a space when it can, CJK anywhere between characters; a word longer than the
 * line breaks inside. Spaces at a break are dropped.
 */
export function wrapText(text: string, width: number, size: number): string[] {
  const max = width / size;
  const tokens = pdfSafeText(text).match(/[\x21-\x7e]+| +|[^\x20-\x7e]/g) ?? [];
  const lines: string[] = [];
  let line = '';
  let used = 0;
  const push = () => {
    lines.push(line.replace(/ +$/, ''));
    line = '';
    used = 0;
  };
  for (const tok of tokens) {
    let w = 0;
    for (const ch of tok) w += charWidth(ch);
    if (used + w <= max + 1e-9) {
      line += tok;
      used += w;
      continue;
    }
    if (tok.startsWith(' ')) {
      push();
      continue;
    }
    if (line !== '' && w <= max) {
      push();
      line = tok;
      used = w;
      continue;
    }
    // longer than what is left (and the line is empty, or the word is longer than a whole line): break inside
    for (const ch of tok) {
      const cw = charWidth(ch);
      if (used + cw > max + 1e-9 && line !== '') push();
      line += ch;
      used += cw;
    }
  }
  if (line !== '' || lines.length === 0) push();
  return lines;
}

/** UTF-16BE hex of BMP text (the codes UniGB-UCS2-H maps to CIDs). */
const hex = (s: string) => {
  let out = '';
  for (let i = 0; i < s.length; i++) out += s.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${out}>`;
};
/** A text string of the information dictionary: UTF-16BE with its byte-order mark. */
const infoString = (s: string) => `<FEFF${hex(pdfSafeText(s)).slice(1, -1)}>`;
const num = (n: number) => (Math.round(n * 100) / 100).toString();

type Op = string;

/** Lays the document out into pages of content-stream operators. */
function layout(doc: PdfDocument): Op[][] {
  const pages: Op[][] = [];
  let ops: Op[] = [];
  let y = PAGE_H - MARGIN;
  const newPage = () => {
    ops = [];
    pages.push(ops);
    y = PAGE_H - MARGIN;
  };
  newPage();
  const text = (s: string, x: number, baseline: number, size: number) => {
    if (s) ops.push(`BT /F1 ${size} Tf ${num(x)} ${num(baseline)} Td ${hex(s)} Tj ET`);
  };
  const room = (h: number) => {
    if (y - h < MARGIN + FOOT_SIZE * 2) newPage();
  };

  // the title, centred, wrapped
  for (const l of wrapText(doc.title, CONTENT_W, TITLE_SIZE)) {
    const lh = TITLE_SIZE * LEADING;
    room(lh);
    text(l, MARGIN + (CONTENT_W - textWidth(l, TITLE_SIZE)) / 2, y - TITLE_SIZE, TITLE_SIZE);
    y -= lh;
  }
  y -= BODY_SIZE * 0.5;

  for (const para of doc.lines ?? []) {
    for (const l of wrapText(para, CONTENT_W, BODY_SIZE)) {
      const lh = BODY_SIZE * LEADING;
      room(lh);
      text(l, MARGIN, y - BODY_SIZE, BODY_SIZE);
      y -= lh;
    }
  }

  const rows = doc.table ?? [];
  if (rows.length) {
    y -= BODY_SIZE * 0.5;
    const lh = TABLE_SIZE * LEADING;
    const all = doc.tableHeader ? [{ label: doc.tableHeader[0], value: doc.tableHeader[1], head: true }, ...rows] : rows;
    for (const row of all) {
      const left = wrapText(row.label, LABEL_W - 2 * CELL_PAD, TABLE_SIZE);
      const right = wrapText(row.value, CONTENT_W - LABEL_W - 2 * CELL_PAD, TABLE_SIZE);
      const n = Math.max(left.length, right.length);
      // a row that does not fit starts a new page; one taller than a whole page is split across pages
      const bottom = MARGIN + FOOT_SIZE * 2;
      const perPage = Math.floor((PAGE_H - MARGIN - bottom - 2 * CELL_PAD) / lh);
      if (y - (n * lh + 2 * CELL_PAD) < bottom && n <= perPage) newPage();
      let from = 0;
      while (from < n) {
        const fits = Math.floor((y - bottom - 2 * CELL_PAD) / lh);
        if (fits < 1) {
          newPage();
          continue;
        }
        const take = Math.min(n - from, fits);
        const h = take * lh + 2 * CELL_PAD;
        if ('head' in row) ops.push(`0.93 g ${num(MARGIN)} ${num(y - h)} ${num(CONTENT_W)} ${num(h)} re f 0 g`);
        ops.push(`0.5 w ${num(MARGIN)} ${num(y - h)} ${num(LABEL_W)} ${num(h)} re S ${num(MARGIN + LABEL_W)} ${num(y - h)} ${num(CONTENT_W - LABEL_W)} ${num(h)} re S`);
        for (let i = 0; i < take; i++) {
          const baseline = y - CELL_PAD - i * lh - TABLE_SIZE * 1.1;
          text(left[from + i] ?? '', MARGIN + CELL_PAD, baseline, TABLE_SIZE);
          text(right[from + i] ?? '', MARGIN + LABEL_W + CELL_PAD, baseline, TABLE_SIZE);
        }
        y -= h;
        from += take;
        if (from < n) newPage();
      }
    }
  }
  return pages;
}

/** The /ToUnicode map: every 2-byte code is its own UTF-16 code unit (ranges within one high byte, surrogates left out). */
function toUnicodeCMap(): string {
  const ranges: string[] = [];
  for (let hi = 0; hi < 256; hi++) {
    if (hi >= 0xd8 && hi <= 0xdf) continue;
    const h = hi.toString(16).padStart(2, '0').toUpperCase();
    ranges.push(`<${h}00> <${h}FF> <${h}00>`);
  }
  const chunks: string[] = [];
  // at most 100 entries per beginbfrange block
  for (let i = 0; i < ranges.length; i += 100) {
    const part = ranges.slice(i, i + 100);
    chunks.push(`${part.length} beginbfrange\n${part.join('\n')}\nendbfrange`);
  }
  return (
    '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n' +
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n' +
    '1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n' +
    chunks.join('\n') +
    '\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend'
  );
}

/** Builds the PDF: objects written in order, their byte offsets recorded for the cross-reference table. */
export function buildPdf(doc: PdfDocument): Buffer {
  const pages = layout(doc);
  const total = pages.length;
  // object numbers: 1 catalog, 2 pages, 3 Type0 font, 4 CIDFont, 5 descriptor, 6 ToUnicode, 7 info, then page + content pairs
  const pageObj = (i: number) => 8 + i * 2;
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (b: Buffer | string) => {
    const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    parts.push(buf);
    length += buf.length;
  };
  const object = (n: number, body: string | Buffer[]) => {
    offsets[n] = length;
    write(`${n} 0 obj\n`);
    if (typeof body === 'string') write(body);
    else for (const b of body) write(b);
    write('\nendobj\n');
  };
  const stream = (n: number, dict: string, data: Uint8Array) => {
    const z = zlibSync(data, { level: 6 });
    object(n, [Buffer.from(`<< ${dict} /Length ${z.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'), Buffer.from(z), Buffer.from('\nendstream', 'latin1')]);
  };

  write('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Count ${total} /Kids [${pages.map((_, i) => `${pageObj(i)} 0 R`).join(' ')}] >>`);
  object(3, '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light-UniGB-UCS2-H /Encoding /UniGB-UCS2-H /DescendantFonts [4 0 R] /ToUnicode 6 0 R >>');
  object(4, '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 5 0 R /DW 1000 /W [1 95 500] >>');
  object(5, '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>');
  stream(6, '', Buffer.from(toUnicodeCMap(), 'latin1'));
  object(7, `<< /Title ${infoString(doc.info?.title ?? doc.title)} /Producer ${infoString(doc.info?.producer ?? 'PV back office')} >>`);
  pages.forEach((ops, i) => {
    const foot = `${i + 1} / ${total}`;
    const footOp = `BT /F1 ${FOOT_SIZE} Tf ${num((PAGE_W - textWidth(foot, FOOT_SIZE)) / 2)} ${num(MARGIN / 2)} Td ${hex(foot)} Tj ET`;
    object(pageObj(i), `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(PAGE_W)} ${num(PAGE_H)}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageObj(i) + 1} 0 R >>`);
    stream(pageObj(i) + 1, '', Buffer.from([...ops, footOp].join('\n'), 'latin1'));
  });

  const count = pageObj(total);
  const xref = length;
  let table = `xref\n0 ${count}\n0000000000 65535 f \n`;
  for (let n = 1; n < count; n++) table += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  write(table);
  write(`trailer\n<< /Size ${count} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

export const PDF_MIME = 'application/pdf';
