import { paths } from '@pv/contract';
import { withQuery } from '@pv/client';
import { currentLang } from '../../../providers/i18nProvider.ts';
import { session } from '../../../providers/session.ts';

const baseURL = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file name of a Content-Disposition header: filename* (RFC 5987, UTF-8) first, else filename. */
export function filenameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
}

/** An error of a file download, with the server's message when it sent an envelope. */
export class DownloadError extends Error {}

/**
 * GETs a file of the API with the session's token and language (the API client speaks only JSON
 * envelopes) and saves it under the server's file name. `accept`: content types taken as the file
 * (default: an xlsx workbook); anything else is read as the server's error envelope.
 */
export async function downloadFile(api: string, op: string, params: Record<string, unknown>, fallback: string, signal?: AbortSignal, accept: readonly string[] = ['spreadsheetml']): Promise<string> {
  const token = session.getToken();
  const res = await fetch(baseURL + withQuery(`${paths.resource(api)}/${op}`, params), {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Accept-Language': currentLang() === 'en' ? 'en' : 'zh-CN' },
    signal,
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !accept.some((a) => type.includes(a))) {
    let msg = `HTTP ${res.status}`;
    try {
      msg = ((await res.json()) as { msg?: string }).msg ?? msg;
    } catch {
      /* not an envelope */
    }
    throw new DownloadError(msg);
  }
  const name = filenameOf(res.headers.get('content-disposition'), fallback);
  saveBlob(await res.blob(), name);
  return name;
}

export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
