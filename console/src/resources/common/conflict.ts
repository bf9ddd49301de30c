/**
 * Optimistic locking in the forms: an edit carries the version the user opened; when someone else
 * saved the record meanwhile the server answers 409 (error.version_conflict). The console then
 * shows what changed (ConflictDialog) instead of only the message.
 */
export interface ConflictChange {
  field: string;
  /** the value when the user opened the form */
  seen: unknown;
  /** the value now (after the other save) */
  now: unknown;
  /** what the user has in the form */
  mine: unknown;
}

export const isVersionConflict = (error: unknown) => (error as { status?: unknown } | null)?.status === 409;

/** null, undefined and '' are "empty"; numbers and numeric strings compare by value. */
const norm = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return String(Number(v));
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
};
export const sameValue = (a: unknown, b: unknown) => norm(a) === norm(b);

/** The editable fields someone else changed between `seen` and `now`, with the user's own value. */
export function conflictChanges(seen: Record<string, unknown>, now: Record<string, unknown>, mine: Record<string, unknown>, fields: readonly string[]): ConflictChange[] {
  return fields.filter((f) => !sameValue(seen[f], now[f])).map((field) => ({ field, seen: seen[field], now: now[field], mine: field in mine ? mine[field] : seen[field] }));
}
