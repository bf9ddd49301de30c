/** One row of a before/after comparison. */
export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of a system-log entry side by side: changed ones first (in the record's field order),
 * then the unchanged ones. An add has only `after`, a delete only `before`: every field counts as changed.
 */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const rows = keys.map((field) => ({ field, before: b[field], after: a[field], changed: !same(b[field], a[field]) }));
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
}
