import { strFromU8, strToU8, zipSync, type Zippable } from 'fflate';
import { unzipLimited, ZipFormatError, ZipLimitError } from './unzip.ts';
import { escapeXml, sharedStringsOf, textOf } from './xlsx.ts';

/**
 * An uploaded .xlsx filled from a record (a workflow download node's template, docs/DECISIONS.md
 * "Workflow documents"). Rules:
 * - every cell of every worksheet whose text contains `{{field}}` is filled with the record's value
 *   (a field the record does not have stays as written); the cell keeps its reference and style (s=);
 * - a cell that is exactly one placeholder of a numeric value (a number, or a decimal such as
 *   "1234.50") becomes a number cell; other filled cells become inline strings;
 * - the text of a shared string is read whole, rich-text runs joined, so a placeholder Excel split
 *   across runs (`{{bat` in one run, `ch_no}}` in the next) is still found; the filled cell is plain
 *   text in the cell's style (its in-cell run formatting is not kept);
 * - shared strings are not rewritten (a string several cells share stays as it is for the others),
 *   formula cells are left alone;
 * - everything else — styles, merged cells, column widths, other sheets, drawings, the parts of
 *   sheets around the filled cells — is written back unchanged (each part's bytes identical after
 *   unzipping; only the changed worksheets are new).
 */

export class XlsxTemplateError extends Error {
  constructor(
    readonly key: 'error.xlsx_template_zip' | 'error.xlsx_template_parts',
    readonly params: Record<string, string> = {},
  ) {
    super(key);
  }
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
const WHOLE = /^\s*\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}\s*$/;
/** A value written as a number cell: a JS number, or a decimal string (numeric(14,2) comes as "1234.50"); digits without a point (a phone, a card) stay text. */
const numericValue = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,15}\.\d{1,6}$/.test(v)) return Number(v);
  return null;
};
const asText = (v: unknown) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The most a template may unzip to (all parts together). */
const MAX_UNZIPPED = 64 * 1024 * 1024;

/** The zip's parts, or the reason it is not an xlsx. */
function openXlsx(data: Uint8Array): Record<string, Uint8Array> {
  let files: Record<string, Uint8Array>;
  try {
    // the one zip reader of uploads: a workbook of a few MB unzips to tens of MB at most; past
    // MAX_UNZIPPED of inflated bytes (counted as they come, not as declared) it stops — a zip bomb
    files = unzipLimited(data, MAX_UNZIPPED);
  } catch (err) {
    if (err instanceof ZipFormatError || err instanceof ZipLimitError) throw new XlsxTemplateError('error.xlsx_template_zip');
    throw err;
  }
  for (const part of ['[Content_Types].xml', 'xl/workbook.xml']) if (!files[part]) throw new XlsxTemplateError('error.xlsx_template_parts', { part });
  if (!Object.keys(files).some((n) => SHEET.test(n))) throw new XlsxTemplateError('error.xlsx_template_parts', { part: 'xl/worksheets/*.xml' });
  return files;
}

/** Throws XlsxTemplateError unless `data` is a workbook this filler can use. */
export function checkXlsxTemplate(data: Uint8Array): void {
  openXlsx(data);
}

const SHEET = /^xl\/worksheets\/[^/]+\.xml$/;

/** The text of a string cell (shared or inline); null for numbers, booleans, formulas and empty cells. */
function cellText(attrs: string, body: string | undefined, shared: string[]): string | null {
  if (!body || /<f\b/.test(body)) return null;
  const type = /\bt="([^"]+)"/.exec(attrs)?.[1] ?? 'n';
  if (type === 's') {
    const v = /<v\b[^>]*>([\s\S]*?)<\/v>/.exec(body)?.[1];
    return v !== undefined ? (shared[Number(v)] ?? '') : '';
  }
  return type === 'inlineStr' ? textOf(body) : null;
}
const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;

/** The placeholders the template's cells use (every worksheet; shared strings no cell uses do not count), in order of first use. */
export function xlsxTemplateFields(data: Uint8Array): string[] {
  const files = openXlsx(data);
  const shared = sharedStringsOf(files);
  const out: string[] = [];
  for (const [name, bytes] of Object.entries(files)) {
    if (!SHEET.test(name)) continue;
    for (const c of strFromU8(bytes).matchAll(CELL)) {
      const text = cellText(c[1] ?? '', c[2], shared);
      if (text) for (const m of text.matchAll(PLACEHOLDER)) if (!out.includes(m[1]!)) out.push(m[1]!);
    }
  }
  return out;
}

/** Fills one worksheet's cells; null when nothing in it changed (the part is then kept as it was). */
function fillSheet(xml: string, shared: string[], values: Record<string, unknown>): string | null {
  let changed = false;
  const out = xml.replace(CELL, (whole, attrs: string, body: string | undefined) => {
    const text = cellText(attrs, body, shared);
    if (text === null) return whole;
    if (!text.includes('{{')) return whole;
    let any = false;
    const filled = text.replace(PLACEHOLDER, (p, key: string) => {
      if (!(key in values)) return p;
      any = true;
      return asText(values[key]);
    });
    if (!any) return whole;
    changed = true;
    const keep = attrs.replace(/\s+t="[^"]*"/, '');
    const only = WHOLE.exec(text);
    const n = only && only[1]! in values ? numericValue(values[only[1]!]) : null;
    if (n !== null) return `<c${keep}><v>${n}</v></c>`;
    return `<c${keep} t="inlineStr"><is><t xml:space="preserve">${escapeXml(filled)}</t></is></c>`;
  });
  return changed ? out : null;
}

/**
 * Fills a template with a record's values (see the rules above). Throws XlsxTemplateError for a
 * file that is not an xlsx.
 */
export function fillXlsxTemplate(data: Uint8Array, values: Record<string, unknown>): Buffer {
  const files = openXlsx(data);
  const shared = sharedStringsOf(files);
  const zippable: Zippable = {};
  for (const [name, bytes] of Object.entries(files)) {
    if (SHEET.test(name)) {
      const filled = fillSheet(strFromU8(bytes), shared, values);
      zippable[name] = filled === null ? bytes : strToU8(filled);
    } else {
      zippable[name] = bytes;
    }
  }
  return Buffer.from(zipSync(zippable, { level: 6 }));
}
