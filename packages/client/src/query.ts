/**
 * Query-string serialization used for `params` (and for the body of GET/DELETE requests).
 *
 * - `undefined` and `null` values are left out;
 * - arrays become repeated keys: `{ ids: [1, 2] }` → `ids=1&ids=2` (the server reads a repeated key as
 *   an array and also accepts `ids` as a comma-separated string, so a one-element array is fine too);
 *   `null`/`undefined` items inside an array are skipped;
 * - `Date` values become ISO strings; booleans `true` / `false`; numbers as `String(n)`;
 * - plain objects are sent as JSON text (e.g. a react-admin `filter` object in one parameter).
 */
export function serializeParams(params: Record<string, unknown> | undefined | null): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item === undefined || item === null) continue;
        search.append(key, scalar(item));
      }
    } else {
      search.append(key, scalar(value));
    }
  }
  return search.toString();
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Append a serialized query to a url that may already carry one. */
export function withQuery(url: string, params: Record<string, unknown> | undefined | null): string {
  const query = serializeParams(params);
  if (!query) return url;
  return url + (url.includes('?') ? '&' : '?') + query;
}
