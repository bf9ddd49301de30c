import dayjs, { type Dayjs } from 'dayjs';

/**
 * What the date fields store, and how a picker's day.js value maps to it. The form values are the
 * ones the server has always taken: a day 'YYYY-MM-DD', a month 'YYYY-MM', a moment as an ISO string
 * (UTC); an empty field is '' (react-admin's inputs parse it to null).
 */
export type DateKind = 'date' | 'month' | 'datetime';

/** The format each kind shows and accepts when typed (the same in both languages, as the rest of the console). */
export const DISPLAY_FORMAT: Record<DateKind, string> = {
  date: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  datetime: 'YYYY-MM-DD HH:mm',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/**
 * A form value as the picker's value; null when empty or unreadable. Day strings are read as that day
 * (no time zone shift); other strings, Dates and timestamps as moments in the browser's time.
 */
export function toPickerValue(kind: DateKind, value: unknown): Dayjs | null {
  if (value == null || value === '') return null;
  let d: Dayjs;
  if (typeof value === 'string' && kind === 'month' && (MONTH.test(value) || DAY.test(value))) d = dayjs(`${value.slice(0, 7)}-01`);
  else if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) d = dayjs(value);
  else return null;
  return d.isValid() ? d : null;
}

/**
 * The picker's value as the form value: '' when cleared or not a whole date yet (a half-typed date
 * is no date, as with the browser's own date input), else the kind's string.
 */
export function fromPickerValue(kind: DateKind, value: Dayjs | null): string {
  if (value == null || !value.isValid()) return '';
  if (kind === 'datetime') return value.toISOString();
  return value.format(kind === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD');
}
