import { paths } from '@pv/contract';
import { withQuery } from '@pv/client';
import { currentLang } from '../../providers/i18nProvider.ts';
import { session } from '../../providers/session.ts';
import { filenameOf, saveBlob } from '../customer/excel/download.ts';
import { PAYMENT_API } from './logic.ts';

const baseURL = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

/**
 * The two calls of a batch that carry files, made with fetch beside the API client (which speaks
 * JSON envelopes with a 30 s timeout): a large bank file or result file may take longer.
 */
const headers = (extra: Record<string, string> = {}) => {
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

async function failure(res: Response): Promise<never> {
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

/** 导出银行文件: POST export_bank → saves the file under the server's name; returns that name. */
export async function downloadBankFile(body: { id: number; version: number; format: 'xlsx' | 'csv' }): Promise<string> {
  const res = await fetch(`${baseURL}${paths.resource(PAYMENT_API)}/export_bank`, { method: 'POST', headers: headers({ 'Content-Type': 'application/json' }), body: JSON.stringify(body) });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) return failure(res);
  const name = filenameOf(res.headers.get('content-disposition'), `bank_${body.id}.${body.format}`);
  saveBlob(await res.blob(), name);
  return name;
}

export interface ImportOutcome {
  imported: number;
  rows: number;
  paid: number;
  failed: number;
  unchanged: number;
  paid_amount: string;
  failed_amount: string;
  completed: boolean;
  message: string;
}

/** 导入银行结果: the file as the body (?id=&version=) → the summary, or FileCallError with data.errors. */
export async function uploadResult(batch: { id: number; version: number }, file: File): Promise<ImportOutcome> {
  const type = file.name.toLowerCase().endsWith('.csv') ? 'text/csv' : file.type || 'application/octet-stream';
  const res = await fetch(baseURL + withQuery(`${paths.resource(PAYMENT_API)}/import_result`, { id: batch.id, version: batch.version }), { method: 'POST', headers: headers({ 'Content-Type': type }), body: file });
  if (!res.ok) return failure(res);
  return ((await res.json()) as { data: ImportOutcome }).data;
}
