import type { Lang } from '@pv/contract';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import { issueMessage } from '../http/validate.ts';
import { fieldLabel } from '../http/labels.ts';
import type { ResourceDef } from '../resources/define.ts';
import { insertRecord } from '../resources/service.ts';
import type { AuthContext } from '../modules/auth/context.ts';
import type { Actor } from '../modules/system/syslog.ts';
import { columnLabel, excelError, type ImportColumn } from './columns.ts';
import { buildXlsx, inflatedLimitFor, looksLikeZip, readXlsxAsync, XlsxFormatError, type XlsxLimits } from './xlsx.ts';

type Row = Record<string, unknown>;

export interface ImportSpec {
  def: ResourceDef;
  columns: ImportColumn[];
  /** rows per import */
  maxRows: number;
  /** template file name stem, zh and en */
  templateTitle: [zh: string, en: string];
  /**
   * Runs on the parsed cells of every row before the create schema checks them (e.g. a customer
   * named by phone becomes its id); changes `raw` in place and reports its problems per row.
   */
  resolve?(db: Db, rows: { row: number; raw: Row }[], auth: AuthContext, lang: Lang): Promise<RowError[]>;
  /** the schema each row must pass; default: the resource's create schema */
  schema?: z.ZodType;
  /**
   * What a valid row does, inside the import's one transaction; default: insert it as a new record
   * (insertRecord). An ApiError thrown here rolls the whole import back and is reported on the row.
   */
  apply?(tx: Queryable, input: Row, auth: AuthContext, actor: Actor): Promise<void>;
  /**
   * Set-based instead of row by row: gets every valid row at once and owns its transaction (a sheet
   * of 100 000 rows is a few statements, not a loop). Returns per-row problems with nothing written,
   * or the result (extra fields, e.g. how many rows were already there, go back to the caller).
   */
  applyAll?(db: Db, rows: { row: number; input: Row }[], auth: AuthContext, actor: Actor, lang: Lang): Promise<ImportResult>;
  /** largest upload in bytes; default IMPORT_MAX_BYTES (excel/routes.ts) */
  maxBytes?: number;
  /**
   * The file's rows of cells; default: the first sheet of an .xlsx (anything else refused). Throw an
   * ApiError for a file it cannot read. An .xlsx is read with readXlsxAsync and `limits` (the rows
   * this import takes, and the inflated bytes they may need): a zip bomb is refused, not inflated.
   */
  read?(file: Uint8Array, limits: XlsxLimits): string[][] | Promise<string[][]>;
  /**
   * Title lines a file may carry above its header (a bank's report heading): the header is the
   * first of this many rows that names every required column; rows are still numbered as in the file.
   */
  headerSearchRows?: number;
}

/** One problem of the uploaded file: the spreadsheet row number (header = 1), the column header, the message. */
export interface RowError {
  row: number;
  column: string;
  message: string;
}

export type ImportResult = ({ imported: number; errors?: undefined } & Record<string, unknown>) | { imported: 0; errors: RowError[] };

/** Errors reported at most (a file of 10 000 bad rows does not need 30 000 lines back). */
export const MAX_REPORTED = 500;

const headerKey = (text: string) => text.replace(/[*＊]/g, '').trim().toLowerCase();

/** The template: the headers (required ones marked *) and one example row. */
export function importTemplate(spec: ImportSpec, lang: Lang): Buffer {
  const header = spec.columns.map((c) => columnLabel(c, lang) + (c.required ? '*' : ''));
  return buildXlsx([header, spec.columns.map((c) => c.example ?? null)], {
    sheetName: spec.templateTitle[lang === 'zh' ? 0 : 1],
    widths: spec.columns.map((c) => Math.max(12, columnLabel(c, lang).length * 2 + 2)),
    headerRow: true,
  });
}

/**
 * What reading an import's file may cost: twice the rows it takes (with the header and title lines;
 * a file a little over the limit is still read, so the refusal can say how many rows it has) and
 * the inflated bytes they may need. Past that the reader stops: a zip bomb is never read on.
 */
export const importLimits = (spec: Pick<ImportSpec, 'maxRows' | 'headerSearchRows'>): XlsxLimits => {
  const maxRows = spec.maxRows * 2 + (spec.headerSearchRows ?? 1);
  return { maxRows, maxInflatedBytes: inflatedLimitFor(maxRows) };
};

/** The file's rows as validated create inputs, or every problem found (nothing is written here). */
export async function parseImport(
  spec: ImportSpec,
  file: Uint8Array,
  lang: Lang,
  resolve?: (rows: { row: number; raw: Row }[]) => Promise<RowError[]>,
): Promise<{ inputs: { row: number; input: Row }[]; errors: RowError[] }> {
  let rows: string[][];
  // every row the import takes, plus the header and the title lines above it
  const limits = importLimits(spec);
  if (spec.read) rows = await spec.read(file, limits);
  else {
    if (!looksLikeZip(file)) throw excelError(400, 'type');
    try {
      rows = await readXlsxAsync(file, limits);
    } catch (err) {
      if (err instanceof XlsxFormatError) throw excelError(400, 'malformed');
      throw err;
    }
  }
  // headers in zh or en, in any order; unknown columns are ignored
  const byHeader = new Map<string, ImportColumn>();
  for (const c of spec.columns) for (const l of ['zh', 'en'] as const) byHeader.set(headerKey(columnLabel(c, l)), c);
  const mappingOf = (header: string[]) => header.map((h) => byHeader.get(headerKey(h)));
  const complete = (mapping: Array<ImportColumn | undefined>) => spec.columns.every((c) => !c.required || mapping.includes(c));
  let at = 0;
  for (let i = 1; i < Math.min(spec.headerSearchRows ?? 1, rows.length); i++) {
    if (complete(mappingOf(rows[at] ?? []))) break;
    if (complete(mappingOf(rows[i]!))) at = i;
  }
  const mapping = mappingOf(rows[at] ?? []);
  const body = rows.slice(at + 1);
  const missing = spec.columns.filter((c) => c.required && !mapping.includes(c));
  if (missing.length) {
    // the console names them and offers the template beside the message
    const columns = missing.map((c) => columnLabel(c, lang));
    throw excelError(400, 'missing_columns', { columns: columns.join(lang === 'zh' ? '、' : ', ') }).withData({ missing_columns: columns });
  }
  const data = body.map((cells, i) => ({ row: i + at + 2, cells })).filter((r) => r.cells.some((c) => c !== ''));
  if (!data.length) throw excelError(400, 'empty');
  if (data.length > spec.maxRows) throw excelError(400, 'too_many_rows', { max: spec.maxRows, n: data.length });
  const schema = spec.schema ?? spec.def.createSchema;
  if (!schema) throw new Error(`${spec.def.name}: no create schema`);
  const inputs: { row: number; input: Row }[] = [];
  const parsed = data.map(({ row, cells }) => {
    const raw: Row = {};
    mapping.forEach((c, i) => {
      const text = cells[i] ?? '';
      if (c && text !== '') raw[c.key] = c.parse ? c.parse(text) : text;
    });
    return { row, raw };
  });
  const errors: RowError[] = resolve ? await resolve(parsed) : [];
  const resolveFailed = new Set(errors.map((e) => e.row));
  for (const { row, raw } of parsed) {
    if (resolveFailed.has(row)) continue;
    const result = schema.safeParse(raw);
    if (result.success) {
      inputs.push({ row, input: result.data as Row });
      continue;
    }
    for (const issue of result.error.issues) {
      const key = issue.path.find((p) => typeof p === 'string');
      const c = spec.columns.find((x) => x.key === key);
      // a field is named as its column says (an import's own heading, e.g. 结算金额(元), before the generic label)
      const columnOf = (field: string | undefined, l: Lang) => {
        const col = spec.columns.find((x) => x.key === field);
        return col ? columnLabel(col, l) : fieldLabel(field, l);
      };
      errors.push({ row, column: c ? columnLabel(c, lang) : '', message: issueMessage(issue, raw, lang, columnOf) });
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { inputs, errors };
}

class Rollback extends Error {
  constructor(readonly rowError: RowError) {
    super('rollback');
  }
}

/**
 * All or nothing: every row is validated first; with no problems, all rows are inserted in ONE
 * transaction (each through the resource's insert: prepareCreate, scope check, version, sys_log);
 * a row refused while inserting rolls everything back and is reported.
 */
export async function importRows(db: Db, spec: ImportSpec, file: Uint8Array, auth: AuthContext, actor: Actor, lang: Lang): Promise<ImportResult> {
  const { inputs, errors } = await parseImport(spec, file, lang, spec.resolve ? (rows) => spec.resolve!(db, rows, auth, lang) : undefined);
  if (errors.length) return { imported: 0, errors: errors.slice(0, MAX_REPORTED) };
  if (spec.applyAll) {
    const result = await spec.applyAll(db, inputs, auth, actor, lang);
    return result.errors ? { imported: 0, errors: result.errors.slice(0, MAX_REPORTED) } : result;
  }
  try {
    await db.transaction(async (tx) => {
      for (const { row, input } of inputs) {
        try {
          if (spec.apply) await spec.apply(tx, input, auth, actor);
          else await insertRecord(tx, spec.def, input, auth, actor);
        } catch (err) {
          if (err instanceof ApiError) throw new Rollback({ row, column: '', message: err.message_(lang) });
          throw err;
        }
      }
    });
  } catch (err) {
    if (err instanceof Rollback) return { imported: 0, errors: [err.rowError] };
    throw err;
  }
  return { imported: inputs.length };
}
