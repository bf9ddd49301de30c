import { describe, expect, it } from 'vitest';
import { greetingKey } from '../src/shell/greeting.ts';
import zh from '../src/i18n/zh.ts';

const at = (h: number, m = 0) => new Date(2026, 0, 1, h, m);

describe('greetingKey (SPEC.md §4)', () => {
  it('follows the time of day', () => {
    expect(greetingKey(at(0))).toBe('pv.greeting.early_morning');
    expect(greetingKey(at(7, 59))).toBe('pv.greeting.early_morning');
    expect(greetingKey(at(8))).toBe('pv.greeting.morning');
    expect(greetingKey(at(11, 59))).toBe('pv.greeting.morning');
    expect(greetingKey(at(12))).toBe('pv.greeting.noon');
    expect(greetingKey(at(13, 59))).toBe('pv.greeting.noon');
    expect(greetingKey(at(14))).toBe('pv.greeting.afternoon');
    expect(greetingKey(at(17, 59))).toBe('pv.greeting.afternoon');
    expect(greetingKey(at(18))).toBe('pv.greeting.evening');
    expect(greetingKey(at(23, 59))).toBe('pv.greeting.evening');
  });
  it('says 早上好 / 上午好 / 中午好 / 下午好 / 晚上好 in Chinese', () => {
    expect(Object.values(zh.pv.greeting)).toEqual(['早上好', '上午好', '中午好', '下午好', '晚上好']);
  });
});
