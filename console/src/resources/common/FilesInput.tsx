import { useRef, type ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import { Button, CircularProgress, Stack } from '@mui/material';
import UploadIcon from '@mui/icons-material/AddAPhotoOutlined';
import { UPLOAD_LIMITS, type FileView } from '@pv/contract';
import { FileList, MATTER_UPLOAD_URL, useUpload } from '../matter/Attachments.tsx';

/**
 * Photos of a form field: each picked image is uploaded at once (the file upload with `ownerType`,
 * bound to the record when the form is submitted) and shown as a thumbnail; the field's value is
 * the list of stored files.
 */
export const PhotosInput = ({ name, ownerType, testId, label = 'pv.upload.photos' }: { name: string; ownerType: string; testId: string; label?: string }) => {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const { upload, busy } = useUpload();
  const { field } = useController({ name, defaultValue: [] as FileView[] });
  const files = (field.value ?? []) as FileView[];
  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const added: FileView[] = [];
    for (const file of chosen) {
      const stored = await upload(MATTER_UPLOAD_URL, file, file.name, { owner_type: ownerType });
      if (stored) added.push(stored);
    }
    if (added.length) field.onChange([...files, ...added]);
  };
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
      <input ref={input} type="file" accept={UPLOAD_LIMITS.image.types.join(',')} multiple hidden onChange={picked} data-testid={testId} />
      <Button size="small" variant="outlined" startIcon={busy ? <CircularProgress size={14} /> : <UploadIcon />} disabled={busy} onClick={() => input.current?.click()}>
        {translate(busy ? 'pv.upload.uploading' : label)}
      </Button>
      {files.length > 0 && <FileList files={files} onRemove={(id) => field.onChange(files.filter((f) => f.id !== id))} />}
    </Stack>
  );
};

/** The ids of a PhotosInput value. */
export const fileIds = (value: unknown) => ((value ?? []) as FileView[]).map((f) => f.id);
