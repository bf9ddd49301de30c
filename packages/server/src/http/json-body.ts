import { Money } from '@pv/contract';

/**
 * JSON request bodies, parsed so that no number changes silently: a literal a double cannot hold
 * exactly as written (`12.3400000000000000001`, `9007199254740993`, `1e400`) is handed on as its own
 * text, a string, instead of the nearest double (12.34). The field's schema then judges the text
 * as written: an amount refuses more than two decimals with its own label, a number field refuses
 * text. Literals a double holds exactly (`12.34`, `1e308`, `0.1`) are numbers as usual.
 */

/** A body that may hold such a literal: a long run of digits, or an exponent. Anything else parses directly. */
const SUSPECT = /\d{16}|\.\d{15}|\d[eE][+-]?\d/;
/** Strings (skipped whole, so digits inside them are never touched) and number literals. */
const TOKEN = /"(?:[^"\\]|\\.)*"|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/** Whether a number literal is exactly the double JSON.parse makes of it. */
function exact(literal: string): boolean {
  const n = Number(literal);
  return Number.isFinite(n) && new Money(literal).eq(new Money(n));
}

/** JSON.parse, with literals a double cannot hold exactly turned into strings of their text. */
export function parseJsonBody(text: string): unknown {
  if (!SUSPECT.test(text)) return JSON.parse(text);
  return JSON.parse(text.replace(TOKEN, (token) => (token.startsWith('"') || exact(token) ? token : `"${token}"`)));
}
