/**
 * Pure logic of the big screen (no DOM, no React): session hand-over from the URL, polling interval,
 * ranking and totals of the province statistic, number and time formatting. Unit-tested in daping/test.
 */
import type { UserAreaRow, UserAreaStat } from '@pv/contract';

/** localStorage keys shared with the console (same origin). */
export const TOKEN_KEY = 'admin-plus-token';
/** the refresh token the console stores beside the access token */
export const REFRESH_KEY = 'admin-plus-refresh-token';
export const IDENTITY_KEY = 'identity';
export const LANG_KEY = 'daping-lang';

export const DEFAULT_REFRESH_SECONDS = 30;
export const MIN_REFRESH_SECONDS = 5;
export const MAX_REFRESH_SECONDS = 3600;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The console may store the token as plain text or JSON-encoded: accept both. */
export function readToken(store: KeyValueStore): string | null {
  const raw = store.getItem(TOKEN_KEY);
  if (!raw) return null;
  let value = raw.trim();
  if (value.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(value);
      value = typeof parsed === 'string' ? parsed.trim() : '';
    } catch {
      /* keep the raw text */
    }
  }
  if (value.toLowerCase().startsWith('bearer ')) value = value.slice(7).trim();
  return value === '' || value === 'null' || value === 'undefined' ? null : value;
}

/**
 * A `token` query parameter (before or inside the hash, e.g. `/daping/?token=x` or `/daping/#/?token=x`)
 * is taken as the token, as the console's guard does (SPEC.md §2): store it and the identity 'system',
 * and return the url without it (for history.replaceState). Returns null when there is no token in the url.
 */
export function takeTokenFromUrl(href: string, store: KeyValueStore): { token: string; cleanUrl: string } | null {
  const url = new URL(href);
  let token = url.searchParams.get('token');
  if (token !== null) {
    url.searchParams.delete('token');
  }
  let hash = url.hash;
  const q = hash.indexOf('?');
  if (q >= 0) {
    const hashParams = new URLSearchParams(hash.slice(q + 1));
    const fromHash = hashParams.get('token');
    if (fromHash !== null) {
      token = token ?? fromHash;
      hashParams.delete('token');
      const rest = hashParams.toString();
      hash = hash.slice(0, q) + (rest ? `?${rest}` : '');
    }
  }
  if (token === null) return null;
  url.hash = hash === '#' ? '' : hash;
  const cleanUrl = url.pathname + url.search + url.hash;
  token = token.trim();
  if (!token) return { token: '', cleanUrl };
  store.setItem(TOKEN_KEY, token);
  store.setItem(IDENTITY_KEY, 'system');
  return { token, cleanUrl };
}

/** `?refresh=<seconds>`, clamped to [5, 3600]; 30 when missing or not a number. */
export function parseRefreshSeconds(search: string): number {
  const raw = new URLSearchParams(search).get('refresh');
  if (raw === null || raw.trim() === '') return DEFAULT_REFRESH_SECONDS;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) return DEFAULT_REFRESH_SECONDS;
  return Math.min(MAX_REFRESH_SECONDS, Math.max(MIN_REFRESH_SECONDS, Math.round(n)));
}

export type Lang = 'zh' | 'en';

/** `?lang=en|zh`, then the stored choice, then zh. */
export function initialLang(search: string, stored: string | null): Lang {
  const fromUrl = new URLSearchParams(search).get('lang');
  if (fromUrl === 'en' || fromUrl === 'zh') return fromUrl;
  return stored === 'en' ? 'en' : 'zh';
}

export type RankKey = 'customers' | 'stations' | 'capacity_kwp';

/** The top `n` provinces by `key`, largest first (ties by code, so the order is stable); zero rows left out. */
export function topN(rows: readonly UserAreaRow[], key: RankKey, n: number): UserAreaRow[] {
  return rows
    .filter((r) => Number.isFinite(r[key]) && r[key] > 0)
    .slice()
    .sort((a, b) => b[key] - a[key] || a.code.localeCompare(b.code))
    .slice(0, Math.max(0, n));
}

export interface Totals {
  customers: number;
  stations: number;
  capacity_kwp: number;
  /** provinces with at least one customer or station */
  provinces: number;
}

export function totals(stat: UserAreaStat | null | undefined): Totals {
  const sum: Totals = { customers: 0, stations: 0, capacity_kwp: 0, provinces: 0 };
  for (const r of stat?.provinces ?? []) {
    sum.customers += finite(r.customers);
    sum.stations += finite(r.stations);
    sum.capacity_kwp += finite(r.capacity_kwp);
    if (finite(r.customers) > 0 || finite(r.stations) > 0) sum.provinces += 1;
  }
  sum.capacity_kwp = Math.round(sum.capacity_kwp * 100) / 100;
  return sum;
}

const finite = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : 0);

/** 1234567 → "1,234,567"; decimals fixed when given. */
export function formatNumber(n: number, decimals = 0): string {
  if (!Number.isFinite(n)) return '--';
  const fixed = n.toFixed(decimals);
  const [int = '0', frac] = fixed.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return sign + grouped + (frac ? `.${frac}` : '');
}

/** Capacity in kWp, shown as kWp below 1 MWp, MWp below 1 GWp, GWp above. */
export function formatCapacity(kwp: number): { value: string; unit: string } {
  if (!Number.isFinite(kwp)) return { value: '--', unit: 'kWp' };
  const abs = Math.abs(kwp);
  if (abs >= 1_000_000) return { value: formatNumber(kwp / 1_000_000, 2), unit: 'GWp' };
  if (abs >= 1_000) return { value: formatNumber(kwp / 1_000, 2), unit: 'MWp' };
  return { value: formatNumber(kwp, abs % 1 === 0 ? 0 : 1), unit: 'kWp' };
}

/** One unit for a whole ranking (chosen by its largest value), so bars' labels compare at a glance. */
export function capacityScale(maxKwp: number): { unit: 'kWp' | 'MWp' | 'GWp'; divisor: number; decimals: number } {
  const abs = Number.isFinite(maxKwp) ? Math.abs(maxKwp) : 0;
  if (abs >= 1_000_000) return { unit: 'GWp', divisor: 1_000_000, decimals: 2 };
  if (abs >= 1_000) return { unit: 'MWp', divisor: 1_000, decimals: 2 };
  return { unit: 'kWp', divisor: 1, decimals: 1 };
}

export function formatInScale(kwp: number, scale: ReturnType<typeof capacityScale>): string {
  return `${formatNumber(kwp / scale.divisor, scale.decimals)} ${scale.unit}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** hh:mm:ss (24 h, local time) */
export function formatTime(d: Date): string {
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** YYYY-MM-DD (local) */
export function formatDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const WEEKDAYS: Record<Lang, readonly string[]> = {
  zh: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};
export const weekday = (d: Date, lang: Lang): string => WEEKDAYS[lang][d.getDay()]!;

/** An ISO time from the server as "YYYY-MM-DD hh:mm:ss" local, or the raw text when unparsable. */
export function formatAsOf(iso: string | null | undefined): string {
  if (!iso) return '--';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${formatDate(d)} ${formatTime(d)}`;
}

/**
 * The data on screen is stale when the last call failed, or when the last success is older than two
 * polling intervals (a stuck timer, a sleeping machine).
 */
export function isStale(lastSuccess: Date | null, lastCallFailed: boolean, now: Date, refreshSeconds: number): boolean {
  if (!lastSuccess) return lastCallFailed;
  return lastCallFailed || now.getTime() - lastSuccess.getTime() > 2 * refreshSeconds * 1000;
}

/** Scale of the 1920×1080 stage fitted into the viewport (letterboxed), and the offsets that centre it. */
export function fitStage(viewportWidth: number, viewportHeight: number, width = 1920, height = 1080) {
  const scale = Math.max(0.05, Math.min(viewportWidth / width, viewportHeight / height));
  return {
    scale,
    left: Math.round((viewportWidth - width * scale) / 2),
    top: Math.round((viewportHeight - height * scale) / 2),
  };
}

/** Check the shape of `user_area` data before drawing it (a wrong shape is an error, not a blank chart). */
export function isUserAreaStat(value: unknown): value is UserAreaStat {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<UserAreaStat>;
  return (
    Array.isArray(v.provinces) &&
    v.provinces.every(
      (r) => typeof r === 'object' && r !== null && typeof r.code === 'string' && typeof r.customers === 'number',
    )
  );
}

/** Short province names for axis labels: 山东省 → 山东, 内蒙古自治区 → 内蒙古, 香港特别行政区 → 香港. */
export function shortProvinceName(name: string): string {
  return name.replace(/(壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区|省|市)$/, '') || name;
}
