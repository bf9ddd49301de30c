/** JSON-ready row: Dates as ISO strings, everything else as is. */
export function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in row) {
    const v = row[k];
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}
