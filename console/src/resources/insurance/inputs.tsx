import { useRef, useState, type ChangeEvent } from 'react';
import { AutocompleteInput, ReferenceInput, useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import { Box, Button, CircularProgress, Stack } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { UPLOAD_LIMITS, type FileView } from '@pv/contract';
import { FileList, MATTER_UPLOAD_URL, useUpload } from '../matter/Attachments.tsx';

const ACCEPT = [...UPLOAD_LIMITS.pdf.types, ...UPLOAD_LIMITS.image.types].join(',');

/** 保险公司: enabled partners of kind insurer, searched by name. */
export const InsurerInput = ({ source = 'insurer_id', label, alwaysOn: _a }: { source?: string; label: string; alwaysOn?: boolean }) => (
  <ReferenceInput source={source} reference="partner/partnerList" filter={{ kind: 'insurer', status: 'enabled' }} sort={{ field: 'created_at', order: 'DESC' }} perPage={20}>
    <AutocompleteInput label={label} optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 240 }} data-testid="insurer-input" />
  </ReferenceInput>
);

/**
 * 理赔资料: picks several files (PDF or image), uploads each at once (owner type insurance_claim, bound
 * to the claim when it is saved or submitted) and keeps their ids in the form field `source`.
 */
export const DocumentsInput = ({ source = 'document_ids', testId = 'claim-documents' }: { source?: string; testId?: string }) => {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const { upload, busy } = useUpload();
  const { field } = useController({ name: source, defaultValue: [] });
  const [files, setFiles] = useState<FileView[]>([]);
  const set = (next: FileView[]) => {
    setFiles(next);
    field.onChange(next.map((f) => f.id));
  };
  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const added: FileView[] = [];
    for (const file of chosen) {
      const stored = await upload(MATTER_UPLOAD_URL, file, file.name, { owner_type: 'insurance_claim' });
      if (stored) added.push(stored);
    }
    if (added.length) set([...files, ...added]);
  };
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Box>
        <input ref={input} type="file" accept={ACCEPT} multiple hidden onChange={(e) => void picked(e)} data-testid={testId} />
        <Button size="small" variant="outlined" startIcon={busy ? <CircularProgress size={14} /> : <UploadIcon />} disabled={busy} onClick={() => input.current?.click()}>
          {translate(busy ? 'pv.upload.uploading' : 'pv.insurance.upload')}
        </Button>
      </Box>
      {files.length > 0 && <FileList files={files} onRemove={(id) => set(files.filter((f) => f.id !== id))} />}
    </Stack>
  );
};
