import { useMemo, useRef, type ChangeEvent } from 'react';
import { TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useController, type FieldErrors, type Resolver } from 'react-hook-form';
import { Box, Button, CircularProgress, FormControl, FormHelperText, FormLabel, Stack } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { UPLOAD_LIMITS, auditItemsFor, type AuditItemDef, type FileView, type WorkOrder } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { FormDialog, useAction } from '../common/actions.tsx';
import { useLang } from '../common/format.tsx';
import { FileList, MATTER_UPLOAD_URL, useUpload } from '../matter/Attachments.tsx';
import { SELF_AUDIT_API, auditFieldOf, nestErrors, auditSubmitBody, auditSubmitErrors, type AuditSubmitForm } from './logic.ts';

/** Photos: jpeg/png/webp; documents: a PDF or a photo of it. */
const ACCEPT = {
  photos: UPLOAD_LIMITS.image.types.join(','),
  document: [...UPLOAD_LIMITS.image.types, ...UPLOAD_LIMITS.pdf.types].join(','),
} as const;

/** The type a file's name or browser type suggests, for a size check before the upload (the server judges the content). */
const tooBig = (file: File) => file.size > (file.type === 'application/pdf' || /\.pdf$/i.test(file.name) ? UPLOAD_LIMITS.pdf.maxBytes : UPLOAD_LIMITS.image.maxBytes);

/**
 * A photo / document check item: picks files, uploads each at once (POST file/upload?owner_type=
 * self_audit, the raw file as the body), shows thumbnails with a remove button. The form value is
 * the uploaded FileView list (files.<key>).
 */
const AuditFilesInput = ({ def }: { def: AuditItemDef }) => {
  const translate = useTranslate();
  const lang = useLang();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const { upload, busy } = useUpload();
  const { field, fieldState } = useController({ name: auditFieldOf(def), defaultValue: [] as FileView[] });
  const files = (field.value ?? []) as FileView[];
  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const added: FileView[] = [];
    const rejected: string[] = [];
    for (const file of chosen) {
      if (tooBig(file)) {
        rejected.push(file.name);
        continue;
      }
      const stored = await upload(MATTER_UPLOAD_URL, file, file.name, { owner_type: 'self_audit' });
      if (stored) added.push(stored);
    }
    if (rejected.length) notify('pv.workOrder.submit.too_big', { type: 'warning', messageArgs: { names: rejected.join('、') } });
    if (added.length) field.onChange([...files, ...added]);
  };
  const hint = translate(def.input === 'photos' ? 'pv.workOrder.submit.photos_hint' : 'pv.workOrder.submit.document_hint', { min: def.minFiles ?? 1 });
  return (
    <FormControl error={!!fieldState.error} fullWidth sx={{ mb: 2 }} data-testid={`audit-item-${def.key}`}>
      <FormLabel sx={{ mb: 0.5, fontSize: 14 }} required>
        {def.label[lang]}
      </FormLabel>
      <Stack spacing={1}>
        <Box>
          <input ref={input} type="file" accept={ACCEPT[def.input === 'photos' ? 'photos' : 'document']} multiple hidden onChange={picked} data-testid={`audit-upload-${def.key}`} />
          <Button size="small" variant="outlined" startIcon={busy ? <CircularProgress size={14} /> : <UploadIcon />} disabled={busy} onClick={() => input.current?.click()}>
            {translate(busy ? 'pv.workOrder.submit.uploading' : def.input === 'photos' ? 'pv.workOrder.submit.add_photos' : 'pv.workOrder.submit.add_document')}
          </Button>
        </Box>
        {files.length > 0 && <FileList files={files} onRemove={(id) => field.onChange(files.filter((f) => f.id !== id))} />}
      </Stack>
      <FormHelperText>
        {fieldState.error?.message ?? hint}
      </FormHelperText>
    </FormControl>
  );
};

/**
 * 提交自检: every check item of the order's kind (auditItemsFor): photos and documents uploaded
 * first, typed values as text; then POST self_audit/submit. The order goes to 待自检审核.
 */
export const SubmitAuditDialog = ({ record, onClose }: { record: WorkOrder; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const lang = useLang();
  const { run, busy } = useAction();
  const items = auditItemsFor(record.kind);
  const resolver = useMemo<Resolver<AuditSubmitForm & Record<string, unknown>>>(
    () => async (values) => {
      const found = auditSubmitErrors(record.kind, values);
      const keys = Object.keys(found);
      if (keys.length === 0) return { values, errors: {} };
      const errors: Record<string, { type: string; message: string }> = {};
      for (const path of keys) errors[path] = { type: 'validation', message: translate(found[path]!.key, found[path]!.params) };
      return { values: {}, errors: nestErrors(errors) as unknown as FieldErrors<AuditSubmitForm & Record<string, unknown>> };
    },
    [record.kind, translate],
  );
  const submit = async (values: Record<string, unknown>) => {
    const body = auditSubmitBody(record.id, record.kind, values as AuditSubmitForm);
    const ok = await run(() => dataProvider.act(SELF_AUDIT_API, 'submit', body), 'pv.workOrder.notify.submit_audit');
    if (ok) onClose();
  };
  const attempt = (record.audit_count ?? 0) + 1;
  return (
    <FormDialog
      open
      title={translate('pv.workOrder.dialog.submit_audit_title', { no: record.order_no, attempt })}
      hint={translate(record.status === 'in_progress' ? 'pv.workOrder.dialog.submit_audit_hint' : 'pv.workOrder.dialog.resubmit_hint', { station: record.station_name ?? record.station_code ?? '' })}
      onClose={onClose}
      onSubmit={submit}
      resolver={resolver as never}
      submitLabel="pv.workOrder.action.submit_audit"
      busy={busy}
    >
      <Box data-testid="submit-audit-form">
        {items.map((def) =>
          def.input === 'value' ? (
            <TextInput key={def.key} source={auditFieldOf(def)} label={def.label[lang]} isRequired fullWidth multiline={def.key === 'acceptance_opinion'} minRows={def.key === 'acceptance_opinion' ? 2 : undefined} />
          ) : (
            <AuditFilesInput key={def.key} def={def} />
          ),
        )}
        <TextInput source="note" label="pv.workOrder.submit.note" multiline minRows={2} fullWidth />
      </Box>
    </FormDialog>
  );
};
