import { describe, expect, it, vi } from 'vitest';
import { CRON_TIME_ZONE, CronError, cronProblem, nextCronTime, parseCron, upcomingCronTimes } from '../src/cron.ts';

/** A China wall-clock time (UTC+8, no daylight saving): cron expressions are read in CRON_TIME_ZONE. */
const at = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(Date.UTC(y, mo - 1, d, h - 8, mi));
const next = (expr: string, from: Date) => nextCronTime(expr, from);

describe('parseCron', () => {
  it('expands *, lists, ranges and steps', () => {
    const s = parseCron('*/15 1,3,5 1-3 */4 *');
    expect([...s.minute]).toEqual([0, 15, 30, 45]);
    expect([...s.hour]).toEqual([1, 3, 5]);
    expect([...s.day]).toEqual([1, 2, 3]);
    expect([...s.month]).toEqual([1, 5, 9]);
    expect(s.weekday.size).toBe(7);
    expect([...parseCron('10-30/10 * * * *').minute]).toEqual([10, 20, 30]);
    expect([...parseCron('50/5 * * * *').minute]).toEqual([50, 55]);
  });

  it('runs a weekday step to 7 (Sunday), as cronie does', () => {
    expect([...parseCron('0 0 * * 5/2').weekday].sort()).toEqual([0, 5]);
    expect([...parseCron('0 0 * * 1/2').weekday].sort()).toEqual([0, 1, 3, 5]);
    expect([...parseCron('0 0 * * 7/2').weekday]).toEqual([0]);
    expect([...parseCron('0 0 * * */2').weekday].sort()).toEqual([0, 2, 4, 6]);
  });

  it('folds day of week 7 into 0 (Sunday) and accepts names', () => {
    expect([...parseCron('0 0 * * 7').weekday]).toEqual([0]);
    expect([...parseCron('0 0 * * 0').weekday]).toEqual([0]);
    expect([...parseCron('0 0 * * 5-7').weekday].sort()).toEqual([0, 5, 6]);
    expect([...parseCron('0 0 * jan,DEC mon-wed').month]).toEqual([1, 12]);
    expect([...parseCron('0 0 * jan,DEC mon-wed').weekday]).toEqual([1, 2, 3]);
  });

  it.each([
    ['', 'cron.empty', {}],
    ['* * * *', 'cron.fields', { count: 4 }],
    ['* * * * * *', 'cron.fields', { count: 6 }],
    ['60 * * * *', 'cron.range', { field: 'minute', value: 60, min: 0, max: 59 }],
    ['* 24 * * *', 'cron.range', { field: 'hour', value: 24, min: 0, max: 23 }],
    ['* * 0 * *', 'cron.range', { field: 'day', value: 0, min: 1, max: 31 }],
    ['* * * 13 *', 'cron.range', { field: 'month', value: 13, min: 1, max: 12 }],
    ['* * * * 8', 'cron.range', { field: 'weekday', value: 8, min: 0, max: 7 }],
    ['a * * * *', 'cron.syntax', { field: 'minute', part: 'a' }],
    ['1,,2 * * * *', 'cron.syntax', { field: 'minute', part: '1,,2' }],
    ['*/0 * * * *', 'cron.step', { field: 'minute', part: '*/0' }],
    ['*/x * * * *', 'cron.step', { field: 'minute', part: '*/x' }],
    ['30-10 * * * *', 'cron.reversed', { field: 'minute', part: '30-10' }],
    ['0 0 30 2 *', 'cron.never', {}],
    // croner 9 would recurse to the year 3000 and overflow the stack on this one
    ['0 0 31 2,4,6,9,11 *', 'cron.never', {}],
    ['0 0 31 2 */2', 'cron.never', {}],
    // croner reads these, Vixie cron does not: one syntax for the form, the server and the help text
    ['0 0 * * * *', 'cron.fields', { count: 6 }],
    ['@daily', 'cron.fields', { count: 1 }],
    ['0 0 L * *', 'cron.syntax', { field: 'day', part: 'L' }],
    ['0 0 ? * *', 'cron.syntax', { field: 'day', part: '?' }],
    ['0 0 * * 5#2', 'cron.syntax', { field: 'weekday', part: '5#2' }],
    ['0 0 * * 5L', 'cron.syntax', { field: 'weekday', part: '5L' }],
    ['/5 * * * *', 'cron.syntax', { field: 'minute', part: '/5' }],
    ['1-2-3 * * * *', 'cron.syntax', { field: 'minute', part: '1-2-3' }],
    // croner refuses a step longer than the field
    ['*/61 * * * *', 'cron.step_max', { field: 'minute', part: '*/61', max: 60 }],
    ['0 0 * * 1-5/8', 'cron.step_max', { field: 'weekday', part: '1-5/8', max: 7 }],
  ])('rejects %j with %s', (expr, key, params) => {
    expect(cronProblem(expr)).toEqual({ key, params });
    expect(() => parseCron(expr)).toThrow(CronError);
  });
});

describe('nextCronTime', () => {
  it('finds the next minute strictly after the given time', () => {
    expect(next('* * * * *', at(2026, 1, 1, 10, 0))).toEqual(at(2026, 1, 1, 10, 1));
    expect(next('*/15 * * * *', at(2026, 1, 1, 10, 15))).toEqual(at(2026, 1, 1, 10, 30));
    expect(next('0 3 * * *', at(2026, 1, 1, 3, 0))).toEqual(at(2026, 1, 2, 3, 0));
    expect(next('0 3 * * *', at(2026, 1, 1, 2, 59))).toEqual(at(2026, 1, 1, 3, 0));
  });

  it('ignores seconds of the start time', () => {
    expect(next('5 * * * *', new Date(at(2026, 1, 1, 10, 4).getTime() + 59_999))).toEqual(at(2026, 1, 1, 10, 5));
  });

  it('rolls over month and year ends', () => {
    expect(next('0 0 1 * *', at(2026, 12, 15))).toEqual(at(2027, 1, 1));
    expect(next('0 0 31 * *', at(2026, 4, 1))).toEqual(at(2026, 5, 31));
    expect(next('0 0 29 2 *', at(2026, 3, 1))).toEqual(at(2028, 2, 29));
  });

  it('matches day of week, with 0 and 7 both Sunday', () => {
    // 2026-11-22 is a Sunday
    expect(next('0 9 * * 0', at(2026, 11, 20))).toEqual(at(2026, 11, 22, 9));
    expect(next('0 9 * * 7', at(2026, 11, 20))).toEqual(at(2026, 11, 22, 9));
    expect(next('0 9 * * 1-5', at(2026, 11, 21))).toEqual(at(2026, 11, 23, 9));
  });

  it('matches either day of month or day of week when both are restricted', () => {
    // the 1st of the month or any Monday
    expect(next('0 0 1 * 1', at(2026, 11, 22))).toEqual(at(2026, 11, 23));
    expect(next('0 0 1 * 1', at(2026, 11, 30, 1))).toEqual(at(2026, 12, 1));
  });

  it('when day of month or day of week starts with *, matches both (Vixie cron)', () => {
    // odd days that are Mondays, not odd days or Mondays
    expect(parseCron('0 0 */2 * 1').days).toBe('both');
    expect(upcomingCronTimes('0 0 */2 * 1', 2, at(2026, 11, 1))).toEqual([at(2026, 11, 9), at(2026, 11, 23)]);
    // the 1st when it is a Sunday, Tuesday, Thursday or Saturday
    expect(upcomingCronTimes('0 0 1 * */2', 2, at(2026, 11, 1, 1))).toEqual([at(2026, 12, 1), at(2027, 4, 1)]);
    // 29 February on a Sunday
    expect(next('0 0 29 2 */7', at(2026, 1, 1))).toEqual(at(2032, 2, 29));
    expect(parseCron('0 0 1 * 1').days).toBe('either');
    // either: a day of month no month has still fires on the day of week
    expect(next('0 0 31 2 1', at(2026, 1, 1))).toEqual(at(2026, 2, 2));
  });

  it('reads times in China time whatever the process time zone', () => {
    expect(CRON_TIME_ZONE).toBe('Asia/Shanghai');
    try {
      // Los Angeles moves its clocks on 8 March 2026; China does not
      vi.stubEnv('TZ', 'America/Los_Angeles');
      expect(new Date(Date.UTC(2026, 2, 9)).getTimezoneOffset()).toBe(420); // the switch took effect: PDT
      expect(next('0 3 * * *', at(2026, 3, 7, 12))).toEqual(at(2026, 3, 8, 3));
      expect(upcomingCronTimes('30 2 * * *', 2, at(2026, 3, 8))).toEqual([at(2026, 3, 8, 2, 30), at(2026, 3, 9, 2, 30)]);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('lists upcoming times', () => {
    expect(upcomingCronTimes('0 */6 * * *', 3, at(2026, 1, 1, 5))).toEqual([at(2026, 1, 1, 6), at(2026, 1, 1, 12), at(2026, 1, 1, 18)]);
  });
});
