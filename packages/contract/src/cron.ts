import { Cron, CronPattern } from 'croner';

/**
 * 5-field cron expressions (minute hour day-of-month month day-of-week) for scheduled tasks, computed
 * by croner (docs/DECISIONS.md, "Cron"). The accepted language is Vixie cron's: `*`, lists `1,5,9`,
 * ranges `1-5`, steps `*\/15`, `1-30/5` and `5/15` (5 to the end), month names JAN-DEC, weekday names
 * SUN-SAT, day of week 0 or 7 for Sunday. croner's own extensions (seconds, `L`, `#`, `?`, `@daily`)
 * are refused, so the console, the server and the help text agree on one syntax. As in Vixie cron,
 * when day of month and day of week are both restricted a day matches if either does; when either
 * field starts with `*` a day must match both. Times are China time (CRON_TIME_ZONE) wherever the code
 * runs: the server in a UTC container and the console in any browser compute the same runs. Errors
 * carry an i18n key (cron.*) and its parameters so both sides say the same thing.
 */

/** The time zone every cron expression is read in (China has no daylight saving time). */
export const CRON_TIME_ZONE = 'Asia/Shanghai';

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

/** How many values a field has (7 weekdays: 0 and 7 are one day); croner refuses a larger step. */
const valueCount = (spec: FieldSpec) => (spec.name === 'weekday' ? 7 : spec.max - spec.min + 1);

export interface CronSchedule {
  /** the expression as croner reads it: the five fields joined by single spaces */
  readonly expression: string;
  readonly minute: ReadonlySet<number>;
  readonly hour: ReadonlySet<number>;
  readonly day: ReadonlySet<number>;
  readonly month: ReadonlySet<number>;
  /** 0 = Sunday (7 is folded into 0) */
  readonly weekday: ReadonlySet<number>;
  /** `either`: day of month and day of week both restricted, a day matches if either does (Vixie) */
  readonly days: 'either' | 'both';
  /** The first minute strictly after `after` that the schedule matches, or null when there is none. */
  next(after: Date): Date | null;
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
  const named = spec.names?.indexOf(raw.toUpperCase()) ?? -1;
  if (named >= 0) return spec.name === 'month' ? named + 1 : named;
  if (!/^\d+$/.test(raw)) throw new CronError('cron.syntax', { field: spec.name, part });
  const n = Number(raw);
  if (n < spec.min || n > spec.max) throw new CronError('cron.range', { field: spec.name, value: n, min: spec.min, max: spec.max });
  return n;
}

/**
 * Checks one field against the Vixie grammar so a mistake is reported with its field and part (croner's
 * own messages are English sentences without them); returns the field as croner should read it.
 */
function checkField(spec: FieldSpec, text: string): string {
  const out: string[] = [];
  for (const part of text.split(',')) {
    if (part === '') throw new CronError('cron.syntax', { field: spec.name, part: text });
    const [range = '', stepText, extra] = part.split('/');
    if (extra !== undefined) throw new CronError('cron.syntax', { field: spec.name, part });
    if (stepText !== undefined && (!/^\d+$/.test(stepText) || Number(stepText) < 1)) throw new CronError('cron.step', { field: spec.name, part });
    let lo: number | undefined;
    if (range !== '*') {
      const ends = range.split('-');
      if (ends.length > 2 || ends.some((e) => e === '')) throw new CronError('cron.syntax', { field: spec.name, part });
      const values = ends.map((e) => value(spec, e, part));
      if (values.length === 2 && values[0]! > values[1]!) throw new CronError('cron.reversed', { field: spec.name, part });
      if (values.length === 1) lo = values[0];
    }
    // croner refuses a step longer than the field (Vixie would read `*/61` as minute 0): most likely a typo
    if (Number(stepText) > valueCount(spec)) throw new CronError('cron.step_max', { field: spec.name, part, max: valueCount(spec) });
    // `5/2` on the weekday runs to 7 (Sunday), as the old parser and cronie read it; croner 9 stops at 6
    // and expands `7/2` to no day at all
    out.push(spec.name === 'weekday' && lo !== undefined && stepText !== undefined ? `${lo}-7/${stepText}` : part);
  }
  return out.join(',');
}

const setOf = (flags: readonly number[], offset: number) => new Set(flags.flatMap((on, i) => (on ? [i + offset] : [])));

/** days in each month, February with its 29th */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Parses an expression or throws a CronError. */
export function parseCron(expr: string): CronSchedule {
  if (typeof expr !== 'string' || expr.trim() === '') throw new CronError('cron.empty');
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 5) throw new CronError('cron.fields', { count: parts.length });
  const fields = FIELDS.map((spec, i) => checkField(spec, parts[i]!));
  const expression = fields.join(' ');
  let pattern: CronPattern;
  try {
    pattern = new CronPattern(expression);
  } catch {
    // not expected: checkField lets through only what croner reads (test/cron.test.ts)
    throw new CronError('cron.syntax', { field: '', part: expression });
  }
  const [minute, hour, day, month, weekday] = [setOf(pattern.minute, 0), setOf(pattern.hour, 0), setOf(pattern.day, 1), setOf(pattern.month, 1), setOf(pattern.dayOfWeek, 0)];
  // Vixie cron: a day-of-month or day-of-week field that starts with `*` makes a day match both fields
  const starred = fields[2]!.startsWith('*') || fields[4]!.startsWith('*');
  // Never firing is decided here, not by asking croner: croner 9 searches to the year 3000 by
  // recursion and overflows the stack on e.g. `0 0 31 2,4,6,9,11 *`. A day of month that no chosen
  // month has can only be rescued by a day of week in "either" mode.
  const someDate = [...month].some((m) => [...day].some((d) => d <= MONTH_DAYS[m - 1]!));
  if ([minute, hour, day, month, weekday].some((s) => s.size === 0) || (!someDate && starred)) throw new CronError('cron.never');
  const cron = new Cron(expression, { timezone: CRON_TIME_ZONE, legacyMode: !starred, paused: true });
  return { expression, minute, hour, day, month, weekday, days: starred ? 'both' : 'either', next: (after) => cron.nextRun(after) };
}

/**
 * The first minute strictly after `after` that the schedule matches (China time), or null when none
 * comes (e.g. 30 February).
 */
export function nextCronTime(schedule: CronSchedule | string, after: Date): Date | null {
  const s = typeof schedule === 'string' ? parseCron(schedule) : schedule;
  return s.next(after);
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
    t = s.next(t);
    if (t) out.push(t);
  }
  return out;
}
