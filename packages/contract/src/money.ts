import Decimal from 'decimal.js';
import { z } from 'zod';

/**
 * Money (docs/DECISIONS.md "Money"). Amounts are yuan in PostgreSQL `numeric(14,2)` and travel as
 * decimal strings with two places ("1280.50"); no amount is ever a JavaScript number. Arithmetic
 * runs in SQL or with `Money` below, and every amount is rounded ONCE, where it comes into being
 * (a bill, a deduction, a tax line), half away from zero to the fen; a sum is the sum of rounded
 * amounts and is never rounded again, so the parts always add up to the whole.
 */

/** decimal.js with enough digits for any product of rates and factors, rounding half away from zero. */
export const Money = /* @__PURE__ */ Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Money = InstanceType<typeof Money>;

/** Up to 12 integer digits and 2 decimals, not negative (numeric(14,2)). */
export const MONEY_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
/** The same with an optional minus sign (adjustments, differences). */
export const SIGNED_MONEY_PATTERN = /^-?\d{1,12}(\.\d{1,2})?$/;

/** The amount rounded to the fen (half away from zero), as "123.45". */
export function toFen(value: Decimal.Value): string {
  const fen = new Money(value).toDecimalPlaces(2, Money.ROUND_HALF_UP);
  return (fen.isZero() ? new Money(0) : fen).toFixed(2);
}

/** Exact sum of decimal strings (already rounded amounts stay exact; the result is not rounded again). */
export function sumMoney(values: Iterable<Decimal.Value>): string {
  let total = new Money(0);
  for (const v of values) total = total.plus(v);
  return total.toFixed(2);
}

/** Compares two amounts exactly: -1, 0 or 1. */
export const compareMoney = (a: Decimal.Value, b: Decimal.Value): number => new Money(a).comparedTo(b);

/**
 * "1234567.5" → "1,234,567.50" (or with the sign), by string, so a display never goes through a float.
 * `null`/empty → '-'.
 */
export function formatMoney(value: string | number | null | undefined): string {
  if (value == null || value === '') return '-';
  const text = typeof value === 'number' ? String(value) : value;
  if (!SIGNED_MONEY_PATTERN.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) return text;
  const fixed = new Money(text).toFixed(2);
  const negative = fixed.startsWith('-');
  const [int, frac] = (negative ? fixed.slice(1) : fixed).split('.');
  return `${negative ? '-' : ''}${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** An amount in yuan for people: ¥1,234.50, a negative one -¥5,999.99 (the sign before the currency, as bank statements and invoices write it). */
export function formatYuan(value: string | number | null | undefined): string {
  const text = formatMoney(value);
  if (text === '-' || !/^-?[\d,]+\.\d{2}$/.test(text)) return text;
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}

/**
 * A decimal as text: a string is trimmed, a number is taken by its text (0.1 + 0.2 is refused: too
 * many decimals; a JSON literal with more digits than a double keeps reaches here as its own text,
 * see the server's JSON parser). A value that is not such a decimal is refused with an aborting
 * issue: no later check — a refinement of the field, or a whole-object check such as an invoice's
 * totals — ever runs on it (Money('abc') would throw: a 500 instead of the field's message).
 */
export const decimalText = (pattern: RegExp, key: string) =>
  z
    .union([z.string(), z.number()], { error: key })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => pattern.test(v), { error: key, abort: true });

/** An amount in yuan ≥ 0 with up to two decimals, normalised to "123.40". */
export const moneyText = () => decimalText(MONEY_PATTERN, 'validation.money').transform((v) => toFen(v));
/** An amount > 0. */
export const positiveMoneyText = () => moneyText().refine((v) => new Money(v).gt(0), { error: 'validation.money_positive' });
/** An amount that may be negative (an adjustment). */
export const signedMoneyText = () => decimalText(SIGNED_MONEY_PATTERN, 'validation.money').transform((v) => toFen(v));
