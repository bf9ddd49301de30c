import { type ChangeEvent, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Checkbox, Chip, CircularProgress, FormControlLabel, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { UPLOAD_LIMITS, WORKFLOW_PROCESS_FIELDS, WorkflowDocFormat, WorkflowDocTemplate } from '@pv/contract';
import { useLang } from '../common/format.tsx';
import { MATTER_UPLOAD_URL, useUpload } from '../matter/Attachments.tsx';
import { csv } from './logic.ts';
import { recordTypeOf, useWorkflowRegistry } from './common.tsx';

const ACCEPT = [...UPLOAD_LIMITS.xlsx.types, '.xlsx'].join(',');

/**
 * The properties of a download node (issue 16, docs/DECISIONS.md "Workflow documents"): the format
 * (xlsx / PDF), the template kind (field table / text template / uploaded xlsx template), the text
 * template with the record type's fields to insert as {{field}}, the file name, and the upload,
 * replacement or removal of an xlsx template (files owner type workflow_tpl; the version copies it
 * when it is published).
 */
export const DocumentProperties = ({ data, setData, recordType }: { data: Record<string, unknown>; setData: (patch: Record<string, unknown>) => void; recordType: string }) => {
  const translate = useTranslate();
  const lang = useLang();
  const f = (k: string, args?: Record<string, unknown>) => translate(`pv.workflow.node.${k}`, args);
  const body = useRef<HTMLTextAreaElement>(null);
  const title = useRef<HTMLInputElement>(null);
  const lastFocus = useRef<'title' | 'body'>('body');
  const file = useRef<HTMLInputElement>(null);
  const { upload, busy } = useUpload();
  const kind = (data.template as string | undefined) ?? 'table';
  const format = (data.format as string | undefined) ?? 'xlsx';
  // the record's fields with their labels (the server's registry), then the process's own values (starter, approvers)
  const known = recordTypeOf(useWorkflowRegistry(), recordType)?.fields ?? [];
  const fields = [...known.map((x) => x.name), ...Object.keys(WORKFLOW_PROCESS_FIELDS)];
  const label = (field: string) => known.find((x) => x.name === field)?.label[lang] ?? WORKFLOW_PROCESS_FIELDS[field as keyof typeof WORKFLOW_PROCESS_FIELDS]?.[lang] ?? field;

  /** Inserts {{field}} where the cursor is in the title or the body (the one last focused). */
  const insert = (field: string) => {
    const key = lastFocus.current;
    const el = key === 'title' ? title.current : body.current;
    const value = (data[key] as string | undefined) ?? '';
    const token = `{{${field}}}`;
    const at = el && el.selectionStart != null ? el.selectionStart : value.length;
    const end = el && el.selectionEnd != null ? el.selectionEnd : at;
    setData({ [key]: value.slice(0, at) + token + value.slice(end) });
    requestAnimationFrame(() => {
      if (!el) return;
      el.focus();
      el.setSelectionRange(at + token.length, at + token.length);
    });
  };
  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const stored = await upload(MATTER_UPLOAD_URL, chosen, chosen.name, { owner_type: 'workflow_tpl' });
    if (stored) setData({ template_file_id: stored.id, template_file_name: stored.name, format: 'xlsx' });
  };

  return (
    <Stack spacing={1.5} data-testid="wf-doc-props">
      <TextField size="small" select label={f('format')} value={format} onChange={(e) => setData({ format: e.target.value })} SelectProps={{ inputProps: { 'data-testid': 'wf-prop-format' } }}>
        {WorkflowDocFormat.choices(lang).map((c) => (
          <MenuItem key={c.id} value={c.id} disabled={kind === 'xlsx' && c.id === 'pdf'}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField size="small" select label={f('template')} value={kind} onChange={(e) => setData({ template: e.target.value, ...(e.target.value === 'xlsx' ? { format: 'xlsx' } : {}) })} SelectProps={{ inputProps: { 'data-testid': 'wf-prop-template' } }}>
        {WorkflowDocTemplate.choices(lang).map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField size="small" label={f('file_name')} value={(data.file_name as string | undefined) ?? ''} onChange={(e) => setData({ file_name: e.target.value || null })} inputProps={{ 'data-testid': 'wf-prop-file_name' }} />
      {kind === 'text' && (
        <>
          <TextField
            size="small"
            label={f('doc_title')}
            value={(data.title as string | undefined) ?? ''}
            onChange={(e) => setData({ title: e.target.value || null })}
            onFocus={() => (lastFocus.current = 'title')}
            inputRef={title}
            inputProps={{ 'data-testid': 'wf-prop-doc-title' }}
          />
          <TextField
            size="small"
            label={f('doc_body')}
            value={(data.body as string | undefined) ?? ''}
            onChange={(e) => setData({ body: e.target.value || null })}
            onFocus={() => (lastFocus.current = 'body')}
            inputRef={body}
            multiline
            minRows={5}
            maxRows={14}
            inputProps={{ 'data-testid': 'wf-prop-doc-body' }}
          />
          <FormControlLabel control={<Checkbox size="small" checked={data.with_table === true} onChange={(e) => setData({ with_table: e.target.checked })} />} label={f('with_table')} />
        </>
      )}
      {kind === 'xlsx' && (
        <Box>
          <input ref={file} type="file" accept={ACCEPT} hidden onChange={(e) => void picked(e)} data-testid="wf-template-file" />
          {data.template_file_id ? (
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <Chip size="small" label={(data.template_file_name as string | undefined) ?? `#${String(data.template_file_id)}`} onDelete={() => setData({ template_file_id: null, template_file_name: null })} data-testid="wf-template-chip" />
              <Button size="small" startIcon={busy ? <CircularProgress size={14} /> : <UploadIcon />} disabled={busy} onClick={() => file.current?.click()}>
                {f('template_replace')}
              </Button>
            </Stack>
          ) : (
            <Button size="small" variant="outlined" startIcon={busy ? <CircularProgress size={14} /> : <UploadIcon />} disabled={busy} onClick={() => file.current?.click()} data-testid="wf-template-upload">
              {f('template_upload')}
            </Button>
          )}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {f('template_hint')}
          </Typography>
        </Box>
      )}
      {(kind === 'table' || data.with_table === true) && (
        <TextField size="small" label={f('fields')} value={((data.fields as string[] | undefined) ?? []).join(',')} onChange={(e) => setData({ fields: csv(e.target.value) })} inputProps={{ 'data-testid': 'wf-prop-fields' }} />
      )}
      {kind !== 'table' && (
        <Box>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
            {kind === 'text' ? f('insert_field') : f('template_fields')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, maxHeight: 180, overflowY: 'auto' }} data-testid="wf-doc-fields">
            {fields.map((field) => (
              <Tooltip key={field} title={`{{${field}}}`} placement="top">
                <Chip size="small" variant="outlined" label={label(field)} onClick={kind === 'text' ? () => insert(field) : undefined} data-field={field} />
              </Tooltip>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
};
