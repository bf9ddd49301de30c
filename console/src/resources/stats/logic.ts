import { STAT_MAX_RANGE_DAYS, type Lang, type StatPeriodValue, type StatQuery, type TodoCounts } from '@pv/contract';
import { BUILD_AUDITS, BUILD_ORDERS, GRID_AUDITS, GRID_ORDERS } from '../workOrder/logic.ts';

/**
 * The pure rules of the dashboard, workbench and home page (no React): the request a filter makes,
 * China dates, number formats, and the links from a to-do count to the list it counts.
 * console/test/stats.test.ts covers them.
 */

// ---------------------------------------------------------------- period filter

/** What the dashboard's filter bar holds: a period, a custom range (China dates, inclusive), a province. */
export interface StatFilter {
  period: StatPeriodValue;
  start?: string | null;
  end?: string | null;
  province_code?: string | null;
}

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The China (Asia/Shanghai, UTC+8 all year) calendar date of an instant, `YYYY-MM-DD`. */
export function chinaDate(now: Date = new Date()): string {
  return new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** A `YYYY-MM-DD` date moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The range a custom period starts with: the last 30 China days up to today. */
export function defaultCustomRange(now: Date = new Date()): { start: string; end: string } {
  const end = chinaDate(now);
  return { start: addDays(end, -29), end };
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Why a filter cannot be sent (an i18n key of the contract's messages, as statQuerySchema says it),
 * or null: a custom range needs both dates, start ≤ end, and at most STAT_MAX_RANGE_DAYS.
 */
export function filterError(f: StatFilter): { key: string; params?: Record<string, unknown> } | null {
  if (f.period !== 'custom') return null;
  if (!f.start || !f.end || !DATE_RE.test(f.start) || !DATE_RE.test(f.end) || f.start > f.end) return { key: 'pv.msg.validation.stat_range' };
  if ((Date.parse(f.end) - Date.parse(f.start)) / DAY_MS > STAT_MAX_RANGE_DAYS) return { key: 'pv.msg.validation.stat_range_long', params: { max: STAT_MAX_RANGE_DAYS } };
  return null;
}

/** The request body of a filter (statQuerySchema): dates only for a custom period, no empty province. */
export function statQuery(f: StatFilter): StatQuery {
  const q: StatQuery = { period: f.period };
  if (f.period === 'custom') {
    if (f.start) q.start = f.start;
    if (f.end) q.end = f.end;
  }
  if (f.province_code) q.province_code = f.province_code;
  return q;
}

/** The same filter (the query cache key): equal filters make equal keys whatever their key order. */
export const filterKey = (f: StatFilter) => JSON.stringify(statQuery(f));

// ---------------------------------------------------------------- numbers

const locale = (lang: Lang) => (lang === 'en' ? 'en-GB' : 'zh-CN');

export function formatNumber(n: number | null | undefined, lang: Lang, digits = 0): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '-';
  return n.toLocaleString(locale(lang), { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

/** Capacity: kWp below 10 000 kWp, MWp from there (one decimal). */
export function formatCapacity(kwp: number | null | undefined, lang: Lang): string {
  if (kwp === null || kwp === undefined || !Number.isFinite(kwp)) return '-';
  if (Math.abs(kwp) >= 10_000) return `${formatNumber(kwp / 1000, lang, 1)} MWp`;
  return `${formatNumber(kwp, lang, 1)} kWp`;
}

/** "8,123.4 kWp" as the number and its unit (drawn smaller beside it). */
export function capacityParts(kwp: number | null | undefined, lang: Lang): { value: string; unit?: string } {
  const text = formatCapacity(kwp, lang);
  const i = text.lastIndexOf(' ');
  return i < 0 ? { value: text } : { value: text.slice(0, i), unit: text.slice(i + 1) };
}

/** A 0..1 ratio as a percentage with one decimal; '-' when there is nothing to divide. */
export function formatRate(r: number | null | undefined, lang: Lang): string {
  if (r === null || r === undefined || !Number.isFinite(r)) return '-';
  return `${formatNumber(r * 100, lang, 1)}%`;
}

/** Days with one decimal; '-' when no record reached the step. */
export function formatDays(d: number | null | undefined, lang: Lang): string {
  return d === null || d === undefined || !Number.isFinite(d) ? '-' : formatNumber(d, lang, 1);
}

/** Large estimates (kWh, tonnes): 万 / 亿 in Chinese, k / M / bn in English. */
export function formatLarge(n: number | null | undefined, lang: Lang): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '-';
  const abs = Math.abs(n);
  if (lang === 'zh') {
    if (abs >= 1e8) return `${formatNumber(n / 1e8, lang, 2)}亿`;
    if (abs >= 1e4) return `${formatNumber(n / 1e4, lang, 1)}万`;
    return formatNumber(n, lang, 1);
  }
  if (abs >= 1e9) return `${formatNumber(n / 1e9, lang, 2)} bn`;
  if (abs >= 1e6) return `${formatNumber(n / 1e6, lang, 2)} M`;
  if (abs >= 1e4) return `${formatNumber(n / 1e3, lang, 1)} k`;
  return formatNumber(n, lang, 1);
}

/** A series bucket (`YYYY-MM-DD` or `YYYY-MM`) as an axis label: `MM-DD` / `YYYY-MM`. */
export function bucketLabel(bucket: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(bucket) ? bucket.slice(5) : bucket;
}

// ---------------------------------------------------------------- to-do links

/** A list route with a filter in its URL (react-admin reads `filter`, and shows the inputs of `displayedFilters`). */
export function listLink(resource: string, filter: Record<string, unknown>, displayed: readonly string[] = []): string {
  const params = new URLSearchParams();
  params.set('filter', JSON.stringify(filter));
  if (displayed.length) params.set('displayedFilters', JSON.stringify(Object.fromEntries(displayed.map((k) => [k, true]))));
  return `/${resource}?${params.toString()}`;
}

export const MATTERS = 'stationManagement/gebMatter';

/** The matter states that still need someone (not 已办结 / 已驳回). */
export const OPEN_MATTER_STATES = ['pending', 'processing'] as const;
/** The states of an order the team itself must move on (dispatched to it, up to its self-audit, or sent back). */
export const TEAM_ACTIVE_STATES = ['dispatched', 'accepted', 'in_progress', 'rejected', 'rectifying'] as const;

export type TodoKey = keyof TodoCounts;

export interface TodoLink {
  /** which list, for the label: 施工 / 并网 / 光E宝 */
  list: 'build' | 'grid' | 'matter';
  resource: string;
  /** the list's filter, as the list's own inputs name it */
  filter: Record<string, unknown>;
  to: string;
}

const link = (list: TodoLink['list'], resource: string, filter: Record<string, unknown>, displayed: readonly string[] = []): TodoLink => ({
  list,
  resource,
  filter,
  to: listLink(resource, filter, displayed),
});

/**
 * Each to-do of statistic/welcome → the filtered lists that show those rows (the filter names are
 * the lists' own inputs: work-order `status` and `overdue`, self-audit `result`, matter `status`).
 * The order and audit counts cover both kinds, so they lead to the 施工 and the 并网 list.
 */
export function todoLinks(): Record<TodoKey, TodoLink[]> {
  return {
    to_dispatch: [link('build', BUILD_ORDERS, { status: ['pending_dispatch'] }), link('grid', GRID_ORDERS, { status: ['pending_dispatch'] })],
    to_review: [link('build', BUILD_AUDITS, { result: ['pending'] }), link('grid', GRID_AUDITS, { result: ['pending'] })],
    overdue: [link('build', BUILD_ORDERS, { overdue: 'true' }), link('grid', GRID_ORDERS, { overdue: 'true' })],
    matters_open: [link('matter', MATTERS, { status: [...OPEN_MATTER_STATES] })],
  };
}

/** The signed-in user's own work: orders dispatched to them still in their hands, matters assigned to them still open. */
export function mineLinks(userId: number | string): { orders: TodoLink[]; matters: TodoLink[] } {
  const id = Number(userId);
  return {
    orders: [
      link('build', BUILD_ORDERS, { team_id: id, status: [...TEAM_ACTIVE_STATES] }, ['team_id']),
      link('grid', GRID_ORDERS, { team_id: id, status: [...TEAM_ACTIVE_STATES] }, ['team_id']),
    ],
    matters: [link('matter', MATTERS, { handler_id: id, status: [...OPEN_MATTER_STATES] }, ['handler_id'])],
  };
}
