import { paths } from '@pv/contract';
import { postSheet } from '../common/fileCalls.ts';
import { STATEMENT_API } from './logic.ts';

export interface SheetOutcome {
  imported: number;
  unchanged?: number;
  message: string;
}

/** 导入对方账单: the file as the body (?id=&version=&file_name=) → the summary, or FileCallError with data.errors. */
export const uploadSheet = (statement: { id: number; version: number }, file: File) =>
  postSheet<SheetOutcome>(`${paths.resource(STATEMENT_API)}/import`, { id: statement.id, version: statement.version, file_name: file.name }, file);
