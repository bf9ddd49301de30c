import { paths } from '@pv/contract';
import { fileCallFailure, fileCallHeaders, fileCallUrl, postSheet } from '../common/fileCalls.ts';
import { downloadFile, filenameOf, saveBlob } from '../customer/excel/download.ts';
import { PAYMENT_API } from './logic.ts';

/** 导出银行文件: POST export_bank → saves the file under the server's name; returns that name. */
export async function downloadBankFile(body: { id: number; version: number; format: 'xlsx' | 'csv' }): Promise<string> {
  const res = await fetch(fileCallUrl(`${paths.resource(PAYMENT_API)}/export_bank`), { method: 'POST', headers: fileCallHeaders({ 'Content-Type': 'application/json' }), body: JSON.stringify(body) });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) return fileCallFailure(res);
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
export const uploadResult = (batch: { id: number; version: number }, file: File) => postSheet<ImportOutcome>(`${paths.resource(PAYMENT_API)}/import_result`, { id: batch.id, version: batch.version }, file);

/** 下载银行结果模板: the batch's lines awaiting the bank, prefilled, the result columns empty. */
export const downloadResultTemplate = (batch: { id: number; batch_no: string }) => downloadFile(PAYMENT_API, 'result_template', { id: batch.id }, `bank_result_template_${batch.batch_no}.xlsx`);
