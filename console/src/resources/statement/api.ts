import { paths } from '@pv/contract';
import { postSheet } from '../common/fileCalls.ts';
import { downloadFile } from '../customer/excel/download.ts';
import { STATEMENT_API } from './logic.ts';

export interface SheetOutcome {
  imported: number;
  unchanged?: number;
  message: string;
}

/** 导入对方账单: the file as the body (?id=&version=&file_name=) → the summary, or FileCallError with data.errors. */
export const uploadSheet = (statement: { id: number; version: number }, file: File) =>
  postSheet<SheetOutcome>(`${paths.resource(STATEMENT_API)}/import`, { id: statement.id, version: statement.version, file_name: file.name }, file);

/** 下载模板: the partner sheet's headers for the statement's kind and an example row. */
export const downloadSheetTemplate = (statement: { id: number; statement_no: string }) => downloadFile(STATEMENT_API, 'import_template', { id: statement.id }, `partner_sheet_template_${statement.statement_no}.xlsx`);
