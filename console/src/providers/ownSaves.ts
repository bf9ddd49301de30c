/**
 * The versions this console saved itself, per record. An edit form with unsaved input keeps the
 * record it was opened with when the record is loaded again (forms/Edit.tsx); it must still take
 * the record its own save returned — this tells the two apart.
 */
const saved = new Map<string, unknown>();
const LIMIT = 500;

const keyOf = (resource: string, id: unknown) => `${resource}#${String(id)}`;

export function noteOwnSave(resource: string, record: { id?: unknown; version?: unknown } | null | undefined): void {
  if (!record || record.id === undefined || record.version === undefined) return;
  const key = keyOf(resource, record.id);
  saved.delete(key);
  saved.set(key, record.version);
  // the oldest go first: a long session edits many records, only the latest save of each matters
  if (saved.size > LIMIT) saved.delete(saved.keys().next().value!);
}

export const isOwnSave = (resource: string, record: { id?: unknown; version?: unknown }) => saved.get(keyOf(resource, record.id)) === record.version && record.version !== undefined;
