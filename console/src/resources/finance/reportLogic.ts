import type { RentMarginQuery } from '@pv/contract';
import { monthsBack } from '../revenue/logic.ts';
import { BILL_RESOURCE } from './logic.ts';

/** The 租金报表 screen and the dashboard's finance card (issue 14; docs/DECISIONS.md "Finance reports"). */
export const RENT_REPORT_PATH = '/finance/rentReport';

const CHINA_MS = 8 * 3600_000;
/** Today in China, 'YYYY-MM-DD'. */
export const chinaDay = (now = new Date()) => new Date(now.getTime() + CHINA_MS).toISOString().slice(0, 10);
/** This month in China, 'YYYY-MM'. */
export const thisMonth = (now = new Date()) => chinaDay(now).slice(0, 7);
/** The last day of a month, 'YYYY-MM-DD' (February of a leap year: the 29th). */
export function monthLastDay(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}
/** The day before a 'YYYY-MM-DD'. */
export const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The report's month range for "this month" and "this year" (January to December, China calendar). */
export const monthRangeOf = (what: 'month' | 'year', now = new Date()) => {
  const m = thisMonth(now);
  return what === 'month' ? { month_gte: m, month_lte: m } : { month_gte: `${m.slice(0, 4)}-01`, month_lte: `${m.slice(0, 4)}-12` };
};
/** The report screen's default: the twelve months up to this one. */
export const defaultReportRange = (now = new Date()) => ({ month_gte: monthsBack(thisMonth(now), 11), month_lte: thisMonth(now) });
/** The station list's default: the twelve months up to last month (revenue of the month running now is not estimated yet). */
export const defaultMarginRange = (now = new Date()) => ({ month_gte: monthsBack(thisMonth(now), 12), month_lte: monthsBack(thisMonth(now), 1) });

/**
 * The bill list behind a figure of the report: the bills falling due in the months (every state but
 * void — the list shows void ones only when asked, so the states are named), the paid ones, or the
 * overdue ones (待支付 / 支付失败 due before today). Optionally within a province.
 */
export function billListLink(kind: 'payable' | 'paid' | 'overdue', range: { month_gte: string; month_lte: string }, opts: { province_code?: string; now?: Date } = {}): string {
  const today = chinaDay(opts.now);
  const from = `${range.month_gte}-01`;
  let to = monthLastDay(range.month_lte);
  const params = new URLSearchParams();
  if (kind === 'paid') params.set('status', 'paid');
  else if (kind === 'overdue') {
    params.set('status', 'pending,failed');
    if (to >= today) to = dayBefore(today);
  } else params.set('status', 'pending,failed,paused,paid');
  params.set('due_date_gte', from);
  params.set('due_date_lte', to);
  if (opts.province_code) params.set('province_code', opts.province_code);
  return `/${BILL_RESOURCE}?${params.toString()}`;
}

/** The revenue list of a month, optionally only its 偏低 rows. */
export const revenueListLink = (period: string, underPerforming = false) =>
  `/finance/revenueList?${new URLSearchParams({ period_gte: period, period_lte: period, ...(underPerforming ? { under_performing: 'true' } : {}) }).toString()}`;

/** The station list of the report screen (its second tab) opened with a filter. */
export const marginLink = (q: RentMarginQuery) =>
  `${RENT_REPORT_PATH}?${new URLSearchParams(Object.entries({ tab: 'stations', ...q }).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString()}`;

/** Filters of the list pages a link may set (status is a comma list), read from the location. */
export function listFiltersOf(params: URLSearchParams, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = params.get(k);
    if (v === null || v === '') continue;
    out[k] = k === 'status' ? v.split(',').filter(Boolean) : v;
  }
  return out;
}

/** A negative margin gets the error colour. */
export const isLoss = (margin: string | null | undefined) => !!margin && margin.trim().startsWith('-') && !/^-0(\.0+)?$/.test(margin.trim());
