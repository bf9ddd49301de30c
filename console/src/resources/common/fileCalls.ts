import { withQuery } from '@pv/client';
import { currentLang } from '../../providers/i18nProvider.ts';
import { session } from '../../providers/session.ts';

/**
 * Calls that carry a file as their body or answer with one (a bank file out, a bank result or a partner's sheet
 * in), made with fetch beside the API client, which speaks JSON envelopes with a 30 s timeout: a large file may
 * take longer.
 */
const baseURL = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

/** The session's token and the user's language, as the API client sends them. */
export const fileCallHeaders = (extra: Record<string, string> = {}) => {
  const token = session.getToken();
  return { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Accept-Language': currentLang() === 'en' ? 'en' : 'zh-CN', ...extra };
};

/** An error reply of these calls: the server's message and its data (the row problems of an import). */
export class FileCallError extends Error {
  constructor(
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

/** Throws the reply as a FileCallError (its envelope's message and data when it has one). */
export async function fileCallFailure(res: Response): Promise<never> {
  let msg = `HTTP ${res.status}`;
  let data: unknown = null;
  try {
    const env = (await res.json()) as { msg?: string; data?: unknown };
    msg = env.msg ?? msg;
    data = env.data ?? null;
  } catch {
    /* not an envelope */
  }
  throw new FileCallError(msg, data);
}

export const fileCallUrl = (path: string, query: Record<string, string | number> = {}) => baseURL + withQuery(path, query);

/** POSTs a spreadsheet (.xlsx, or .csv as text/csv) as the body to `path?query`; the envelope's data, or FileCallError. */
export async function postSheet<T>(path: string, query: Record<string, string | number>, file: File): Promise<T> {
  const type = file.name.toLowerCase().endsWith('.csv') ? 'text/csv' : file.type || 'application/octet-stream';
  const res = await fetch(fileCallUrl(path, query), { method: 'POST', headers: fileCallHeaders({ 'Content-Type': type }), body: file });
  if (!res.ok) return fileCallFailure(res);
  return ((await res.json()) as { data: T }).data;
}
