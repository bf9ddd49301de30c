import { type Lang, regionName } from '@pv/contract';
import { ApiError } from '../http/errors.ts';
import { fieldLabel } from '../http/labels.ts';
import type { CellStyle, CellValue } from './xlsx.ts';

type Row = Record<string, unknown>;

/** One exported column: a header in zh/en and how a row's value becomes a cell. */
export interface ExportColumn {
  key: string;
  /** header; default: the field label (http/labels.ts) */
  label?: [zh: string, en: string];
  width?: number;
  style?: CellStyle;
  value(row: Row, lang: Lang): CellValue;
}

/** One imported column: headers are matched in zh or en; `parse` turns the cell text into the input value. */
export interface ImportColumn {
  key: string;
  label?: [zh: string, en: string];
  required?: boolean;
  /** cell text → input value; give the text back when it cannot be converted, so the schema names the problem */
  parse?(text: string): unknown;
  /** an example cell for the template */
  example?: CellValue;
}

export const columnLabel = (c: { key: string; label?: [string, string] }, lang: Lang) => (c.label ? c.label[lang === 'zh' ? 0 : 1] : (fieldLabel(c.key, lang) ?? c.key));

/** The excel module's own messages (zh, en), as ApiErrors with a ready message. */
const MESSAGES = {
  type: ['请上传 .xlsx 格式的 Excel 文件', 'Please upload an Excel file in .xlsx format'],
  malformed: ['无法读取该文件：它不是有效的 .xlsx 文件或已损坏', 'The file cannot be read: it is not a valid .xlsx file or it is damaged'],
  too_large: ['文件过大（上限 %{limit}）', 'The file is too large (limit %{limit})'],
  empty: ['文件中没有数据行（第 1 行为表头，数据从第 2 行开始）', 'The file has no data rows (row 1 is the header; data starts on row 2)'],
  too_many_rows: ['单次最多导入 %{max} 行，该文件有 %{n} 行，请拆分后再导入', 'At most %{max} rows per import; this file has %{n}. Please split it'],
  too_many_rows_over: ['单次最多读取 %{max} 行，该文件超过了，未导入任何数据，请拆分后再导入', 'At most %{max} rows can be read at once; this file has more and nothing was imported. Please split it'],
  inflated_too_large: ['该文件解压后超过 %{limit}，不是正常的 Excel 文件（可能是“压缩炸弹”），已拒绝', 'This file unpacks to more than %{limit}; it is not an ordinary Excel file (possibly a zip bomb) and was refused'],
  row_too_large: ['第 %{row} 行内容过大（超过 %{limit}），无法读取', 'Row %{row} is too large to read (over %{limit})'],
  missing_columns: ['缺少必填列：%{columns}（请使用导入模板）', 'Required columns are missing: %{columns} (please use the import template)'],
  rows_invalid: ['%{n} 行有错误，未导入任何数据，请修改后重新导入', '%{n} row(s) have errors; nothing was imported. Please fix them and import again'],
} as const;

export type ExcelMessage = keyof typeof MESSAGES;

export function excelMessage(key: ExcelMessage, lang: Lang, params: Record<string, unknown> = {}): string {
  return MESSAGES[key][lang === 'zh' ? 0 : 1].replace(/%\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}

export const excelError = (status: number, key: ExcelMessage, params: Record<string, unknown> = {}) =>
  new ApiError(status, `excel.${key}`, params, (lang) => excelMessage(key, lang, params));

// ---- column helpers -------------------------------------------------------------------------

const SHANGHAI = 'Asia/Shanghai';
const dateTimeFmt = new Intl.DateTimeFormat('sv-SE', { timeZone: SHANGHAI, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A timestamp as `YYYY-MM-DD HH:mm` (China time). */
export function formatDateTime(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? String(v) : dateTimeFmt.format(d);
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

export const col = {
  text: (key: string, width = 14, label?: [string, string]): ExportColumn => ({ key, label, width, value: (r) => (r[key] === null || r[key] === undefined ? null : String(r[key])) }),
  number: (key: string, width = 12, label?: [string, string]): ExportColumn => ({ key, label, width, value: (r) => num(r[key]) }),
  decimal: (key: string, width = 12, label?: [string, string]): ExportColumn => ({ key, label, width, style: 'decimal', value: (r) => num(r[key]) }),
  money: (key: string, width = 14, label?: [string, string]): ExportColumn => ({ key, label, width, style: 'money', value: (r) => num(r[key]) }),
  dateTime: (key: string, width = 18, label?: [string, string]): ExportColumn => ({ key, label, width, value: (r) => formatDateTime(r[key]) }),
  region: (key: string, width = 12, label?: [string, string]): ExportColumn => ({ key, label, width, value: (r, lang) => (r[key] ? regionName(r[key] as string, lang) : null) }),
  enumOf: (key: string, e: { label(v: string | null | undefined, lang: Lang): string }, width = 10, label?: [string, string]): ExportColumn => ({
    key,
    label,
    width,
    value: (r, lang) => (r[key] === null || r[key] === undefined ? null : e.label(r[key] as string, lang)),
  }),
  bool: (key: string, width = 8, label?: [string, string]): ExportColumn => ({
    key,
    label,
    width,
    value: (r, lang) => (r[key] === null || r[key] === undefined ? null : r[key] ? (lang === 'zh' ? '是' : 'Yes') : lang === 'zh' ? '否' : 'No'),
  }),
};

const norm = (s: string) => s.trim().toLowerCase();

/** Import parsers: each returns the text unchanged when it does not recognise it (the schema then reports it). */
export const parseCell = {
  number: (text: string): unknown => (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text.replace(/,/g, '')) ? Number(text.replace(/,/g, '')) : text),
  bool: (text: string): unknown => {
    const v = norm(text);
    if (['是', 'yes', 'y', 'true', '1', '有'].includes(v)) return true;
    if (['否', 'no', 'n', 'false', '0', '无'].includes(v)) return false;
    return text;
  },
  /** a labelled enum given as its zh/en label or its stored value */
  enumOf:
    (e: { values: readonly string[]; labels: Record<string, Record<Lang, string>> }) =>
    (text: string): unknown => {
      const v = norm(text);
      return e.values.find((value) => norm(value) === v || norm(e.labels[value]!.zh) === v || norm(e.labels[value]!.en) === v) ?? text;
    },
  /** a region given as its code or its zh/en name */
  region:
    (list: readonly { code: string; zh: string; en: string }[]) =>
    (text: string): unknown => {
      const v = norm(text);
      return list.find((r) => r.code === text.trim() || norm(r.zh) === v || norm(r.en) === v)?.code ?? text;
    },
};
