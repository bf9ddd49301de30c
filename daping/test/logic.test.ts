import { describe, expect, it } from 'vitest';
import type { UserAreaRow } from '@pv/contract';
import {
  mapShading,
  niceCeil,
  labelWidth,
  placeLabels,
  DEFAULT_REFRESH_SECONDS,
  capacityScale,
  formatInScale,
  IDENTITY_KEY,
  TOKEN_KEY,
  fitStage,
  formatAsOf,
  formatCapacity,
  formatDate,
  formatNumber,
  formatTime,
  initialLang,
  isStale,
  isUserAreaStat,
  parsePush,
  parseRefreshSeconds,
  readToken,
  shortProvinceName,
  takeTokenFromUrl,
  topN,
  totals,
  weekday,
  type KeyValueStore,
} from '../src/logic.ts';

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => (k in data ? data[k]! : null),
    setItem: (k, v) => {
      data[k] = v;
    },
  };
}

describe('takeTokenFromUrl', () => {
  it('takes ?token=, stores it with identity system and strips it from the url', () => {
    const store = memoryStore();
    const taken = takeTokenFromUrl('https://pv.example.cn/daping/?token=abc.def&refresh=10', store);
    expect(taken).toEqual({ token: 'abc.def', cleanUrl: '/daping/?refresh=10' });
    expect(store.data).toEqual({ [TOKEN_KEY]: 'abc.def', [IDENTITY_KEY]: 'system' });
  });

  it('leaves a clean path when the token was the only parameter', () => {
    const store = memoryStore();
    expect(takeTokenFromUrl('http://localhost:8080/daping/?token=t1', store)?.cleanUrl).toBe('/daping/');
  });

  it('also finds a token inside the hash route', () => {
    const store = memoryStore();
    const taken = takeTokenFromUrl('http://h/daping/#/screen?token=t2&x=1', store);
    expect(taken).toEqual({ token: 't2', cleanUrl: '/daping/#/screen?x=1' });
    expect(store.data[TOKEN_KEY]).toBe('t2');
    expect(takeTokenFromUrl('http://h/daping/#/?token=t3', memoryStore())?.cleanUrl).toBe('/daping/#/');
  });

  it('returns null and stores nothing without a token', () => {
    const store = memoryStore({ [TOKEN_KEY]: 'old' });
    expect(takeTokenFromUrl('http://h/daping/?refresh=5', store)).toBeNull();
    expect(store.data).toEqual({ [TOKEN_KEY]: 'old' });
  });

  it('strips an empty token without storing it', () => {
    const store = memoryStore({ [TOKEN_KEY]: 'old' });
    expect(takeTokenFromUrl('http://h/daping/?token=', store)).toEqual({ token: '', cleanUrl: '/daping/' });
    expect(store.data[TOKEN_KEY]).toBe('old');
    expect(store.data[IDENTITY_KEY]).toBeUndefined();
  });

  it('decodes an encoded token', () => {
    const store = memoryStore();
    expect(takeTokenFromUrl('http://h/daping/?token=a%2Bb%3D', store)?.token).toBe('a+b=');
  });
});

describe('readToken', () => {
  it.each([
    ['plain', 'plain'],
    ['"quoted"', 'quoted'],
    ['Bearer xyz', 'xyz'],
    ['  spaced  ', 'spaced'],
    ['', null],
    ['null', null],
    ['undefined', null],
    ['""', null],
  ])('%j → %j', (raw, token) => {
    expect(readToken(memoryStore({ [TOKEN_KEY]: raw }))).toBe(token);
  });
  it('null when nothing is stored', () => expect(readToken(memoryStore())).toBeNull());
});

describe('parseRefreshSeconds', () => {
  it.each([
    ['', DEFAULT_REFRESH_SECONDS],
    ['?refresh=', 30],
    ['?refresh=10', 10],
    ['?refresh=7.6', 8],
    ['?refresh=1', 5],
    ['?refresh=0', 30],
    ['?refresh=-4', 30],
    ['?refresh=abc', 30],
    ['?refresh=99999', 3600],
    ['?lang=en&refresh=60', 60],
  ])('%j → %i', (search, seconds) => expect(parseRefreshSeconds(search)).toBe(seconds));
});

describe('initialLang', () => {
  it('url first, then storage, then zh', () => {
    expect(initialLang('?lang=en', 'zh')).toBe('en');
    expect(initialLang('?lang=zh', 'en')).toBe('zh');
    expect(initialLang('', 'en')).toBe('en');
    expect(initialLang('?lang=fr', null)).toBe('zh');
  });
});

const row = (code: string, name: string, customers: number, stations: number, capacity_kwp: number): UserAreaRow => ({
  code,
  name,
  customers,
  stations,
  capacity_kwp,
});
const rows: UserAreaRow[] = [
  row('370000', '山东省', 120, 80, 1600.5),
  row('410000', '河南省', 300, 150, 2900),
  row('130000', '河北省', 120, 60, 1200),
  row('110000', '北京市', 0, 0, 0),
  row('440000', '广东省', 45, 50, 980.25),
];

describe('topN', () => {
  it('ranks by customers, ties by code, drops zero rows', () => {
    expect(topN(rows, 'customers', 10).map((r) => r.code)).toEqual(['410000', '130000', '370000', '440000']);
  });
  it('cuts at n', () => {
    expect(topN(rows, 'capacity_kwp', 2).map((r) => r.name)).toEqual(['河南省', '山东省']);
    expect(topN(rows, 'stations', 0)).toEqual([]);
  });
  it('does not reorder the input', () => {
    const copy = rows.slice();
    topN(rows, 'stations', 3);
    expect(rows).toEqual(copy);
  });
});

describe('totals', () => {
  it('sums the provinces', () => {
    expect(totals({ as_of: '2025-01-01T00:00:00Z', provinces: rows })).toEqual({
      customers: 585,
      stations: 340,
      capacity_kwp: 6680.75,
      provinces: 4,
    });
  });
  it('is zero without data', () => {
    expect(totals(null)).toEqual({ customers: 0, stations: 0, capacity_kwp: 0, provinces: 0 });
  });
});

describe('formatting', () => {
  it('formatNumber groups thousands', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-1234.5, 1)).toBe('-1,234.5');
    expect(formatNumber(1234.567, 2)).toBe('1,234.57');
    expect(formatNumber(Number.NaN)).toBe('--');
  });
  it('formatCapacity picks kWp, MWp or GWp', () => {
    expect(formatCapacity(850)).toEqual({ value: '850', unit: 'kWp' });
    expect(formatCapacity(12.5)).toEqual({ value: '12.5', unit: 'kWp' });
    expect(formatCapacity(6680.75)).toEqual({ value: '6.68', unit: 'MWp' });
    expect(formatCapacity(1234567)).toEqual({ value: '1.23', unit: 'GWp' });
  });
  it('a ranking shows every bar in the unit of its largest value', () => {
    const scale = capacityScale(2910.4);
    expect(scale.unit).toBe('MWp');
    expect(formatInScale(2910.4, scale)).toBe('2.91 MWp');
    expect(formatInScale(873.7, scale)).toBe('0.87 MWp');
    expect(formatInScale(873.7, capacityScale(873.7))).toBe('873.7 kWp');
    expect(capacityScale(2_500_000).unit).toBe('GWp');
    expect(capacityScale(Number.NaN).unit).toBe('kWp');
  });
  it('formats times and dates with zero padding', () => {
    const d = new Date(2025, 0, 5, 7, 3, 9);
    expect(formatTime(d)).toBe('07:03:09');
    expect(formatDate(d)).toBe('2025-01-05');
    expect(weekday(d, 'zh')).toBe('星期日');
    expect(weekday(d, 'en')).toBe('Sunday');
    expect(formatAsOf(d.toISOString())).toBe('2025-01-05 07:03:09');
    expect(formatAsOf('not a date')).toBe('not a date');
    expect(formatAsOf(undefined)).toBe('--');
  });
  it('shortens province names for axis labels', () => {
    expect(shortProvinceName('山东省')).toBe('山东');
    expect(shortProvinceName('北京市')).toBe('北京');
    expect(shortProvinceName('内蒙古自治区')).toBe('内蒙古');
    expect(shortProvinceName('广西壮族自治区')).toBe('广西');
    expect(shortProvinceName('新疆维吾尔自治区')).toBe('新疆');
    expect(shortProvinceName('香港特别行政区')).toBe('香港');
  });
});

describe('isStale', () => {
  const now = new Date('2025-01-01T12:00:00Z');
  it('fresh data is not stale', () => expect(isStale(new Date('2025-01-01T11:59:40Z'), false, now, 30)).toBe(false));
  it('a failed last call makes it stale', () => expect(isStale(new Date('2025-01-01T11:59:40Z'), true, now, 30)).toBe(true));
  it('older than two intervals is stale', () => expect(isStale(new Date('2025-01-01T11:58:59Z'), false, now, 30)).toBe(true));
  it('nothing loaded yet is stale only after a failure', () => {
    expect(isStale(null, false, now, 30)).toBe(false);
    expect(isStale(null, true, now, 30)).toBe(true);
  });
});

describe('fitStage', () => {
  it('fits 1920×1080 exactly', () => expect(fitStage(1920, 1080)).toEqual({ scale: 1, left: 0, top: 0 }));
  it('letterboxes a taller window', () => expect(fitStage(1280, 1024)).toEqual({ scale: 1280 / 1920, left: 0, top: 152 }));
  it('pillarboxes a wider window', () => expect(fitStage(2560, 1080)).toEqual({ scale: 1, left: 320, top: 0 }));
});

describe('isUserAreaStat', () => {
  it('accepts the contract shape', () => expect(isUserAreaStat({ as_of: 'x', provinces: rows })).toBe(true));
  it.each([null, [], { provinces: null }, { provinces: [{ code: 1 }] }, 'text'])('refuses %j', (v) => expect(isUserAreaStat(v)).toBe(false));
});

describe('mapShading', () => {
  const row = (code: string, capacity_kwp: number) => ({ code, name: code, customers: 1, stations: 1, capacity_kwp });
  it('rounds up to a round number', () => {
    expect([niceCeil(0), niceCeil(1), niceCeil(1.2), niceCeil(3), niceCeil(7), niceCeil(9), niceCeil(10), niceCeil(8_642)]).toEqual([1, 1, 1.5, 3, 8, 10, 10, 10_000]);
  });
  it('fills the top band: the largest province is never below two thirds of the top', () => {
    for (const max of [2_900, 4_100, 10_001, 57_000, 99_999]) {
      const s = mapShading([row('370000', max), row('410000', max / 3)]);
      expect(s.top).toBeGreaterThanOrEqual(max);
      expect(max / s.top).toBeGreaterThan(2 / 3 - 1e-9);
      expect(s.classOf.get('370000')).toBeGreaterThanOrEqual(3);
    }
  });
  it('puts each province in an equal band of capacity, the largest in the top band', () => {
    const s = mapShading([row('110000', 0), row('310000', 9_999), row('370000', 10_000), row('440000', 43_210)]);
    expect(s.top).toBe(50_000);
    expect(s.step).toBe(10_000);
    expect([...s.classOf.values()]).toEqual([0, 0, 1, 4]);
  });
  it('keeps its key while growth stays within the bands, changes it when a province crosses one', () => {
    const before = mapShading([row('310000', 12_000), row('440000', 43_000)]);
    expect(mapShading([row('310000', 12_500), row('440000', 43_900)]).key).toBe(before.key);
    expect(mapShading([row('310000', 20_100), row('440000', 43_900)]).key).not.toBe(before.key);
    expect(mapShading([row('310000', 12_000), row('440000', 50_100)]).key).not.toBe(before.key);
  });
});

describe('placeLabels', () => {
  const bounds = { width: 760, height: 500 };
  const box = (m: { width: number }, p: { x: number; y: number }, h: number) => ({ left: p.x, top: p.y - h / 2, right: p.x + m.width, bottom: p.y + h / 2 });
  const hit = (a: ReturnType<typeof box>, b: ReturnType<typeof box>) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

  it('puts a lone label just right of its dot', () => {
    expect(placeLabels([{ x: 100, y: 100, radius: 8, width: 60 }], 19, bounds)).toEqual([{ x: 113, y: 100, leader: false }]);
  });
  it('keeps the labels of a cluster (河北, 山西, 山东, 河南) off each other and off every dot', () => {
    // the map's pixel points of the four provinces at the screen's size: two dots 19 px apart
    const markers = [
      { x: 510, y: 298, radius: 9, width: 66 },
      { x: 465, y: 277, radius: 8, width: 66 },
      { x: 484, y: 275, radius: 8, width: 66 },
      { x: 476, y: 320, radius: 8, width: 66 },
    ];
    const placed = placeLabels(markers, 19, bounds);
    const boxes = placed.map((p, i) => box(markers[i]!, p, 19));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = 0; j < boxes.length; j++) if (i !== j) expect(hit(boxes[i]!, boxes[j]!), `labels ${i} and ${j}`).toBe(false);
      for (const m of markers) expect(hit(boxes[i]!, { left: m.x - m.radius, top: m.y - m.radius, right: m.x + m.radius, bottom: m.y + m.radius }), `label ${i} on a dot`).toBe(false);
    }
  });
  it('stays inside the map: a dot at the right edge gets its label on the left', () => {
    const [p] = placeLabels([{ x: 740, y: 200, radius: 8, width: 60 }], 19, bounds);
    expect(p!.x + 60).toBeLessThanOrEqual(740 - 8);
  });
  it('stands a label off with a leader line only when every spot next to its dot is taken', () => {
    // a dot ringed by eight others: no spot beside it is free of a dot
    const ring = [-1, 0, 1].flatMap((dx) => [-1, 0, 1].filter((dy) => dx || dy).map((dy) => ({ x: 300 + dx * 40, y: 300 + dy * 22, radius: 8, width: 40 })));
    const [centre] = placeLabels([{ x: 300, y: 300, radius: 8, width: 40 }, ...ring], 19, bounds);
    expect(centre!.leader).toBe(true);
    expect(placeLabels([{ x: 300, y: 300, radius: 8, width: 40 }], 19, bounds)[0]!.leader).toBe(false);
  });
  it('sizes CJK characters at a full em and digits at about half', () => {
    expect(labelWidth('江苏', 15)).toBe(30);
    expect(labelWidth('江苏 12', 15)).toBeCloseTo(30 + 3 * 8.4);
  });
});

describe('parsePush', () => {
  it.each([
    ['', true],
    ['?push=1', true],
    ['?refresh=60', true],
    ['?push=0', false],
    ['?refresh=60&push=0', false],
  ])('%j → %s', (search, on) => expect(parsePush(search)).toBe(on));
});
