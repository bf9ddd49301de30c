import { paths } from '@pv/contract';
import { withQuery } from '@pv/client';
import { currentLang } from '../../providers/i18nProvider.ts';
import { session } from '../../providers/session.ts';
import { FileCallError } from '../payment/api.ts';
import { STATEMENT_API } from './logic.ts';

const baseURL = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

export interface SheetOutcome {
  imported: number;
  unchanged?: number;
  message: string;
}

/** 导入对方账单: the file as the body (?id=&version=&file_name=) → the summary, or FileCallError with data.errors. */
export async function uploadSheet(statement: { id: number; version: number }, file: File): Promise<SheetOutcome> {
  const type = file.name.toLowerCase().endsWith('.csv') ? 'text/csv' : file.type || 'application/octet-stream';
  const token = session.getToken();
  const res = await fetch(baseURL + withQuery(`${paths.resource(STATEMENT_API)}/import`, { id: statement.id, version: statement.version, file_name: file.name }), {
    method: 'POST',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Accept-Language': currentLang() === 'en' ? 'en' : 'zh-CN', 'Content-Type': type },
    body: file,
  });
  const env = (await res.json().catch(() => ({}))) as { msg?: string; data?: unknown };
  if (!res.ok) throw new FileCallError(env.msg ?? `HTTP ${res.status}`, env.data ?? null);
  return env.data as SheetOutcome;
}
