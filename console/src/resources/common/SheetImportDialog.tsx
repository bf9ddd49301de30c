import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/FileUpload';
import { FileCallError } from './fileCalls.ts';
import { ImportRowErrors } from './ImportRowErrors.tsx';

interface RowError {
  row: number;
  column: string;
  message: string;
}
type Outcome = { kind: 'ok'; imported: boolean; message: string } | { kind: 'rows'; msg: string; errors: RowError[] } | { kind: 'error'; msg: string; missing: boolean };

/** The columns a refused import misses (the server's data.missing_columns), when that was the refusal. */
export const missingColumnsOf = (data: unknown): string[] | null => {
  const missing = (data as { missing_columns?: unknown } | null)?.missing_columns;
  return Array.isArray(missing) && missing.length ? (missing as string[]) : null;
};

/** 下载导入模板: a text button that saves the template; a failure is a notification. */
export const TemplateButton = ({ download, testId }: { download: () => Promise<unknown>; testId: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Button variant="text" size="small" onClick={() => void download().catch((e: unknown) => notify((e as Error).message, { type: 'error' }))} data-testid={testId}>
      {translate('pv.excel.template')}
    </Button>
  );
};

/**
 * Imports one spreadsheet into a record (a bank's result into a payment batch, a partner's sheet into a
 * statement): the template to fill in, pick an .xlsx or .csv, upload → the server's summary, or every
 * problem by row with nothing changed; a file missing columns is refused with their names and the
 * template beside them. `testId` prefixes the template button, the file input, the upload button, the
 * result and the row errors.
 */
export const SheetImportDialog = ({
  title,
  hint,
  upload,
  template,
  testId,
  onClose,
}: {
  title: string;
  hint: ReactNode;
  upload: (file: File) => Promise<{ imported: number; message: string }>;
  template: () => Promise<unknown>;
  testId: string;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    setFile(e.target.files?.[0] ?? null);
    setOutcome(null);
    e.target.value = '';
  };
  const send = async () => {
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await upload(file);
      setOutcome({ kind: 'ok', imported: result.imported > 0, message: result.message });
      setFile(null);
      refresh();
    } catch (e) {
      const errors = e instanceof FileCallError ? (e.data as { errors?: RowError[] } | null)?.errors : undefined;
      setOutcome(errors?.length ? { kind: 'rows', msg: (e as Error).message, errors } : { kind: 'error', msg: (e as Error).message, missing: e instanceof FileCallError && missingColumnsOf(e.data) !== null });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby={`${testId}-title`}>
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
        <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 2 }}>
          <TemplateButton download={template} testId={`${testId}-template`} />
          <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy}>
            {translate('pv.excel.choose')}
          </Button>
          <input ref={input} type="file" hidden accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={pick} data-testid={`${testId}-file`} />
          <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} sx={{ wordBreak: 'break-all' }}>
            {file ? file.name : translate('pv.excel.no_sheet')}
          </Typography>
        </Stack>
        {outcome?.kind === 'ok' && (
          <Alert severity={outcome.imported ? 'success' : 'info'} data-testid={`${testId}-result`}>
            {outcome.message}
          </Alert>
        )}
        {outcome?.kind === 'error' && (
          <Alert severity="error" data-testid={`${testId}-result`} action={outcome.missing ? <TemplateButton download={template} testId={`${testId}-result-template`} /> : undefined}>
            {outcome.msg}
          </Alert>
        )}
        {outcome?.kind === 'rows' && (
          <>
            <Alert severity="error" sx={{ mb: 1 }} data-testid={`${testId}-result`}>
              {outcome.msg}
            </Alert>
            <ImportRowErrors errors={outcome.errors} testId={`${testId}-errors`} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.close')}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={!file || busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <UploadIcon />} data-testid={`${testId}-upload`}>
          {translate(busy ? 'pv.excel.uploading' : 'pv.excel.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
