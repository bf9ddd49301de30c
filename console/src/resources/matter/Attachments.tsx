import { useRef, useState, type ChangeEvent } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Box, Button, Chip, CircularProgress, Link, Stack } from '@mui/material';
import AttachIcon from '@mui/icons-material/AttachFileOutlined';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { UPLOAD_LIMITS, paths, type FileView } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';

/** The generic upload of the server (owner type matter: photos, PDFs, audio). */
export const MATTER_UPLOAD_URL = `${paths.resource('file')}/upload`;
const ACCEPT = [...UPLOAD_LIMITS.image.types, ...UPLOAD_LIMITS.pdf.types].join(',');

/** One attachment: an image thumbnail (opens the full image), or a PDF / other file by name. */
export const FileThumb = ({ file, onRemove }: { file: FileView; onRemove?: () => void }) => {
  const translate = useTranslate();
  if (file.thumb_url) {
    return (
      <Box sx={{ position: 'relative', display: 'inline-block' }}>
        <Link href={file.url} target="_blank" rel="noopener" title={file.name}>
          <Box component="img" src={file.thumb_url} alt={file.name} sx={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 1, border: '1px solid', borderColor: 'divider', display: 'block' }} />
        </Link>
        {onRemove && (
          <Chip size="small" label={translate('pv.matter.thread.remove')} onDelete={onRemove} onClick={onRemove} sx={{ position: 'absolute', top: 2, right: 2, height: 20, fontSize: 11 }} />
        )}
      </Box>
    );
  }
  return (
    <Chip
      icon={file.content_type === 'application/pdf' ? <PdfIcon /> : <AttachIcon />}
      label={file.name}
      component="a"
      href={file.url}
      target="_blank"
      rel="noopener"
      clickable
      onDelete={onRemove}
      variant="outlined"
    />
  );
};

export const FileList = ({ files, onRemove }: { files: readonly FileView[]; onRemove?: (id: number) => void }) => (
  <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
    {files.map((f) => (
      <FileThumb key={f.id} file={f} onRemove={onRemove ? () => onRemove(f.id) : undefined} />
    ))}
  </Stack>
);

/** Uploads a file to `url` (the raw body) and reports errors in the user's language. */
export function useUpload() {
  const dataProvider = useDataProvider<PvDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const upload = async (url: string, file: Blob, name: string, query?: Record<string, unknown>): Promise<FileView | null> => {
    setBusy(true);
    try {
      return (await dataProvider.upload(url, file, name, query)).data;
    } catch (error) {
      const message = (error as Error).message;
      notify(message, { type: 'error', messageArgs: { _: message } });
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { upload, busy };
}

/** 添加图片/PDF: picks files, uploads each at once (owner type matter), lists them with thumbnails. */
export const AttachmentPicker = ({ files, onChange, testId = 'matter-attach' }: { files: FileView[]; onChange: (files: FileView[]) => void; testId?: string }) => {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const { upload, busy } = useUpload();
  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const added: FileView[] = [];
    for (const file of chosen) {
      const stored = await upload(MATTER_UPLOAD_URL, file, file.name, { owner_type: 'matter' });
      if (stored) added.push(stored);
    }
    if (added.length) onChange([...files, ...added]);
  };
  return (
    <Stack spacing={1}>
      <Box>
        <input ref={input} type="file" accept={ACCEPT} multiple hidden onChange={picked} data-testid={testId} />
        <Button size="small" startIcon={busy ? <CircularProgress size={14} /> : <AttachIcon />} disabled={busy} onClick={() => input.current?.click()}>
          {translate(busy ? 'pv.matter.thread.uploading' : 'pv.matter.thread.attach')}
        </Button>
      </Box>
      {files.length > 0 && <FileList files={files} onRemove={(id) => onChange(files.filter((f) => f.id !== id))} />}
    </Stack>
  );
};
