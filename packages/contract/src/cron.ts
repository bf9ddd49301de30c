/**
 * 5-field cron expressions (minute hour day-of-month month day-of-week) for scheduled tasks.
 * Supports `*`, lists `1,5,9`, ranges `1-5`, steps `*\/15` and `1-30/5`, month names JAN-DEC,
 * weekday names SUN-SAT, and day of week 0 or 7 for Sunday. As in Vixie cron, when both day of
 * month and day of week are restricted a day matches if either does. Times are the server's local
 * time. Errors carry an i18n key (cron.*) and its parameters so both sides say the same thing.
 */

export type CronFieldName = 'minute' | 'hour' | 'day' | 'month' | 'weekday';

interface FieldSpec {
  name: CronFieldName;
  min: number;
  max: number;
  names?: readonly string[];
}

const FIELDS: readonly FieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] },
  { name: 'weekday', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
];

export interface CronSchedule {
  minute: ReadonlySet<number>;
  hour: ReadonlySet<number>;
  day: ReadonlySet<number>;
  month: ReadonlySet<number>;
  /** 0 = Sunday (7 is folded into 0) */
  weekday: ReadonlySet<number>;
  dayRestricted: boolean;
  weekdayRestricted: boolean;
}

/** A bad expression: `key` is an i18n key of the contract catalogue (cron.*), `params` its values. */
export class CronError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${key} ${JSON.stringify(params)}`);
    this.name = 'CronError';
  }
}

function value(spec: FieldSpec, raw: string, part: string): number {
  const upper = raw.toUpperCase();
  const named = spec.names?.indexOf(upper) ?? -1;
  if (named >= 0) return spec.name === 'month' ? named + 1 : named;
  if (!/^\d+$/.test(raw)) throw new CronError('cron.syntax', { field: spec.name, part });
  const n = Number(raw);
  if (n < spec.min || n > spec.max) throw new CronError('cron.range', { field: spec.name, value: n, min: spec.min, max: spec.max });
  return n;
}

function parseField(spec: FieldSpec, text: string): Set<number> {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    if (part === '') throw new CronError('cron.syntax', { field: spec.name, part: text });
    const [range = '', stepText, extra] = part.split('/');
    if (extra !== undefined) throw new CronError('cron.syntax', { field: spec.name, part });
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d+$/.test(stepText) || Number(stepText) < 1) throw new CronError('cron.step', { field: spec.name, part });
      step = Number(stepText);
    }
    let lo: number;
    let hi: number;
    if (range === '*') {
      lo = spec.min;
      hi = spec.name === 'weekday' ? 6 : spec.max;
    } else if (range.includes('-')) {
      const [a = '', b = '', more] = range.split('-');
      if (more !== undefined || a === '' || b === '') throw new CronError('cron.syntax', { field: spec.name, part });
      lo = value(spec, a, part);
      hi = value(spec, b, part);
      if (lo > hi) throw new CronError('cron.reversed', { field: spec.name, part });
    } else {
      lo = value(spec, range, part);
      // `5/15` means from 5 to the end in steps of 15
      hi = stepText !== undefined ? spec.max : lo;
    }
    for (let v = lo; v <= hi; v += step) out.add(spec.name === 'weekday' && v === 7 ? 0 : v);
  }
  return out;
}

/** Parses an expression or throws a CronError. */
export function parseCron(expr: string): CronSchedule {
  if (typeof expr !== 'string' || expr.trim() === '') throw new CronError('cron.empty');
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 5) throw new CronError('cron.fields', { count: parts.length });
  const [minute, hour, day, month, weekday] = FIELDS.map((spec, i) => parseField(spec, parts[i]!)) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  const schedule: CronSchedule = {
    minute,
    hour,
    day,
    month,
    weekday,
    dayRestricted: parts[2] !== '*' && !parts[2]!.startsWith('*/'),
    weekdayRestricted: parts[4] !== '*' && !parts[4]!.startsWith('*/'),
  };
  if (nextCronTime(schedule, new Date(2000, 0, 1)) === null) throw new CronError('cron.never');
  return schedule;
}

function dayMatches(s: CronSchedule, d: Date): boolean {
  const dom = s.day.has(d.getDate());
  const dow = s.weekday.has(d.getDay());
  if (s.dayRestricted && s.weekdayRestricted) return dom || dow;
  if (s.dayRestricted) return dom;
  if (s.weekdayRestricted) return dow;
  return dom && dow;
}

/**
 * The first minute strictly after `after` that the schedule matches, or null when none comes within
 * eight years (e.g. 30 February). Skips whole months, days and hours that cannot match.
 */
export function nextCronTime(schedule: CronSchedule | string, after: Date): Date | null {
  const s = typeof schedule === 'string' ? parseCron(schedule) : schedule;
  const t = new Date(after.getTime());
  t.setSeconds(0, 0);
  t.setMinutes(t.getMinutes() + 1);
  const limit = after.getTime() + 8 * 366 * 24 * 3600 * 1000;
  while (t.getTime() <= limit) {
    if (!s.month.has(t.getMonth() + 1)) {
      t.setMonth(t.getMonth() + 1, 1);
      t.setHours(0, 0, 0, 0);
      continue;
    }
    if (!dayMatches(s, t)) {
      t.setDate(t.getDate() + 1);
      t.setHours(0, 0, 0, 0);
      continue;
    }
    if (!s.hour.has(t.getHours())) {
      t.setHours(t.getHours() + 1, 0, 0, 0);
      continue;
    }
    if (!s.minute.has(t.getMinutes())) {
      t.setMinutes(t.getMinutes() + 1, 0, 0);
      continue;
    }
    return t;
  }
  return null;
}

/** null when valid, else the error's key and params (for form validation). */
export function cronProblem(expr: string): { key: string; params: Record<string, string | number> } | null {
  try {
    parseCron(expr);
    return null;
  } catch (err) {
    if (err instanceof CronError) return { key: err.key, params: err.params };
    throw err;
  }
}

/** The next `count` run times after `from` (cron help in the task form). */
export function upcomingCronTimes(expr: string, count: number, from = new Date()): Date[] {
  const s = parseCron(expr);
  const out: Date[] = [];
  let t: Date | null = from;
  while (out.length < count && t) {
    t = nextCronTime(s, t);
    if (t) out.push(t);
  }
  return out;
}
