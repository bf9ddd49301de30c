import { type ChangeEvent, useRef, useState } from 'react';
import { Button, useCanAccess, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button as MuiButton,
  Typography,
} from '@mui/material';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { paths } from '@pv/contract';
import { ApiError } from '@pv/client';
import { client } from '../../../providers/client.ts';
import { bindingOf } from '../../../providers/resources.ts';
import { downloadFile, XLSX_MIME } from './download.ts';
import { ImportRowErrors } from '../../common/ImportRowErrors.tsx';
import { missingColumnsOf, TemplateButton } from '../../common/SheetImportDialog.tsx';

interface RowError {
  row: number;
  column: string;
  message: string;
}

type Outcome = { kind: 'ok'; imported: number; message?: string } | { kind: 'rows'; msg: string; errors: RowError[] } | { kind: 'error'; msg: string; missing: boolean };

/** 导入 Excel: template download, file picker, upload; then "imported N" or the table of row errors. */
/** What an import adds: picks the dialog title and the success message. */
export type ImportSubject = 'customer' | 'station' | 'stock' | 'maintenance' | 'revenue' | 'renewal';

/**
 * `access`: the react-admin action the button needs — `create` (customer:add) for customers,
 * `import` (station:import) for stations, matching the server's import route.
 */
export const ImportButton = ({ subject = 'customer', access = 'create' }: { subject?: ImportSubject; access?: string }) => {
  const resource = useResourceContext() ?? '';
  const api = bindingOf(resource).api;
  const translate = useTranslate();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const input = useRef<HTMLInputElement>(null);
    const { canAccess } = useCanAccess({ resource, action: access });

  const close = () => {
    if (busy) return;
    setOpen(false);
    setFile(null);
    setOutcome(null);
  };
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    setFile(e.target.files?.[0] ?? null);
    setOutcome(null);
    e.target.value = '';
  };
  const template = () => downloadFile(api, 'import_template', {}, `${api}_template.xlsx`);
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    try {
      const reply = await client.post<{ imported: number; message?: string }>(`${paths.resource(api)}/import`, file, {
        silent: true,
        headers: { 'Content-Type': XLSX_MIME },
      });
      // an import that says more than a count (settlement sheets: rows already there, unchanged) sends its own message
      setOutcome({ kind: 'ok', imported: reply.data.imported, message: reply.data.message });
      setFile(null);
      refresh();
    } catch (error) {
      const data = error instanceof ApiError ? (error.data as { errors?: RowError[] } | null) : null;
      const msg = (error as Error).message;
      setOutcome(data?.errors?.length ? { kind: 'rows', msg, errors: data.errors } : { kind: 'error', msg, missing: missingColumnsOf(data) !== null });
    } finally {
      setBusy(false);
    }
  };

  if (!canAccess) return null;
  return (
    <>
      <Button label="pv.excel.import" onClick={() => setOpen(true)} data-testid="excel-import">
        <FileUploadIcon />
      </Button>
      <Dialog open={open} onClose={close} maxWidth="md" fullWidth aria-labelledby="excel-import-title">
        <DialogTitle id="excel-import-title">{translate(`pv.excel.import_title.${subject}`)}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {translate('pv.excel.hint')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <TemplateButton download={template} testId="excel-template" />
            <MuiButton variant="outlined" onClick={() => input.current?.click()} disabled={busy}>
              {translate('pv.excel.choose')}
            </MuiButton>
            <input ref={input} type="file" hidden accept={subject === 'renewal' ? `.xlsx,.csv,${XLSX_MIME}` : `.xlsx,${XLSX_MIME}`} onChange={pick} data-testid="excel-file" />
            <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} sx={{ wordBreak: 'break-all' }}>
              {file ? file.name : translate('pv.excel.no_file')}
            </Typography>
          </Box>
          {outcome?.kind === 'ok' && (
            <Alert severity="success" data-testid="excel-result">
              {outcome.message ?? translate(`pv.excel.imported.${subject}`, { smart_count: outcome.imported, n: outcome.imported })}
            </Alert>
          )}
          {outcome?.kind === 'error' && (
            <Alert severity="error" data-testid="excel-result" action={outcome.missing ? <TemplateButton download={template} testId="excel-result-template" /> : undefined}>
              {outcome.msg}
            </Alert>
          )}
          {outcome?.kind === 'rows' && (
            <>
              <Alert severity="error" sx={{ mb: 1 }} data-testid="excel-result">
                {outcome.msg}
              </Alert>
              <ImportRowErrors errors={outcome.errors} testId="excel-errors" />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close} disabled={busy}>
            {translate('pv.excel.close')}
          </MuiButton>
          <MuiButton variant="contained" onClick={upload} disabled={!file || busy} startIcon={busy ? <CircularProgress size={16} /> : <FileUploadIcon />} data-testid="excel-upload">
            {translate(busy ? 'pv.excel.uploading' : 'pv.excel.upload')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
};
