import type { Lang } from './i18n.ts';
import { formatYuan } from './money.ts';
import { regionName } from './regions.ts';
import { maskMiddle } from './validators.ts';
import { fieldKind, type FieldDisplay, type RefNames } from './field-kinds.ts';

/**
 * One formatter per kind of field (field-kinds.ts), used alike by the console's pages and change
 * history, the server's exports and its generated documents: users and records by name and number,
 * enums by label, money as ¥1,234.56, dates and times in China time without fractions, regions by
 * name, cards masked.
 */

type Row = Record<string, unknown>;

const SHANGHAI = 'Asia/Shanghai';
const dateTimeFmt = new Intl.DateTimeFormat('sv-SE', { timeZone: SHANGHAI, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dateTimeSecondsFmt = new Intl.DateTimeFormat('sv-SE', { timeZone: SHANGHAI, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const dateFmt = new Intl.DateTimeFormat('sv-SE', { timeZone: SHANGHAI, year: 'numeric', month: '2-digit', day: '2-digit' });

const asDate = (v: unknown): Date | null => {
  if (v === null || v === undefined || v === '') return null;
  // PostgreSQL's own text ("2026-11-28 07:07:29.669+00") is ISO enough once the space is a T
  const d = v instanceof Date ? v : new Date(typeof v === 'string' ? v.replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, '$1T$2').replace(/([+-]\d{2})$/, '$1:00') : Number(v));
  return Number.isNaN(d.getTime()) ? null : d;
};

/**
 * A moment as `YYYY-MM-DD HH:mm` (with `seconds`, `HH:mm:ss`: a task's runs), China time whatever the
 * machine's zone, never fractions; text that is no time is given back as it is.
 */
export function formatDateTime(v: unknown, opts: { seconds?: boolean } = {}): string | null {
  if (v === null || v === undefined || v === '') return null;
  const d = asDate(v);
  return d ? (opts.seconds ? dateTimeSecondsFmt : dateTimeFmt).format(d) : String(v);
}

/** A calendar day as `YYYY-MM-DD`: a date column's text as it is, a moment as its China day. */
export function formatDay(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  const d = asDate(v);
  return d ? dateFmt.format(d) : String(v);
}

export const formatBool = (v: boolean, lang: Lang) => (v ? (lang === 'zh' ? '是' : 'Yes') : lang === 'zh' ? '否' : 'No');

/**
 * A field's value as a person reads it, or null when there is none. `refs` names referenced records
 * (a reference the server could not name shows as #id); `row` is the record (a reference may depend on it).
 */
export function displayValue(name: string, value: unknown, lang: Lang, ctx: { display?: FieldDisplay; refs?: RefNames; row?: Row } = {}): string | null {
  if (value === null || value === undefined || value === '') return null;
  const k = fieldKind(name, ctx.display);
  if (typeof value === 'boolean') return formatBool(value, lang);
  switch (k.kind) {
    case 'money':
      return formatYuan(value as string | number);
    case 'datetime':
      return /^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? String(value) : formatDateTime(value);
    case 'date':
      return formatDay(value);
    case 'enum':
      return k.labels.label(String(value), lang);
    case 'region':
      return regionName(String(value), lang);
    case 'masked':
      return maskMiddle(String(value));
    case 'ref': {
      const to = typeof k.to === 'function' ? k.to(ctx.row ?? {}) : k.to;
      const named = to ? ctx.refs?.[to]?.[String(value)] : undefined;
      return named ?? `#${String(value)}`;
    }
    default:
      break;
  }
  // a moment in a field whose name does not say so: still China time, no fractions
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value)) return formatDateTime(value);
  // a list of names (the agents linked to a partner): as a person writes it
  if (Array.isArray(value) && value.every((x) => typeof x === 'string')) return value.length ? value.join(lang === 'zh' ? '、' : ', ') : null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
