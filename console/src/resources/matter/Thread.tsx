import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Box, Button, Chip, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import MicIcon from '@mui/icons-material/MicNoneOutlined';
import StopIcon from '@mui/icons-material/StopCircleOutlined';
import AudioFileIcon from '@mui/icons-material/AudioFileOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import { MATTER_MACHINE, UPLOAD_LIMITS, canTransition, matterReplySchema, paths, type FileView, type Matter, type MatterReply } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { translateIssue } from '../../forms/zodResolver.ts';
import { useRecordSideList } from '../common/History.tsx';
import { EmptyNote, Panel } from '../common/layout.tsx';
import { useAction, useCan } from '../common/actions.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { AttachmentPicker, FileList, useUpload } from './Attachments.tsx';
import { MATTER_API } from './common.tsx';

/** One message of the thread: staff on the right, the owner on the left, like a chat. */
const Bubble = ({ reply }: { reply: MatterReply }) => {
  const translate = useTranslate();
  const lang = useLang();
  const staff = reply.author_type === 'staff';
  return (
    <Stack alignItems={staff ? 'flex-end' : 'flex-start'} data-testid="matter-reply">
      <Typography variant="caption" color="text.secondary" sx={{ mb: 0.5 }}>
        <Chip size="small" label={translate(staff ? 'pv.matter.thread.staff' : 'pv.matter.thread.owner')} color={staff ? 'primary' : 'default'} variant="outlined" sx={{ mr: 1, height: 18 }} />
        {reply.author_name ?? ''} · {formatDateTime(reply.created_at, lang)}
      </Typography>
      <Box
        sx={{
          maxWidth: '80%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: staff ? 'primary.main' : 'action.hover',
          color: staff ? 'primary.contrastText' : 'text.primary',
          borderTopRightRadius: staff ? 2 : 8,
          borderTopLeftRadius: staff ? 8 : 2,
        }}
      >
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {reply.content}
        </Typography>
      </Box>
      {reply.audio && (
        <Box component="audio" controls src={reply.audio.url} preload="metadata" sx={{ mt: 0.5, height: 36, maxWidth: '80%' }} aria-label={translate('pv.matter.thread.voice')} data-testid="matter-reply-audio" />
      )}
      {reply.files.length > 0 && (
        <Box sx={{ mt: 0.5 }}>
          <FileList files={reply.files} />
        </Box>
      )}
    </Stack>
  );
};

const canRecord = () => typeof window !== 'undefined' && typeof window.MediaRecorder !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

/**
 * 语音: record with MediaRecorder when the browser allows it, or pick an audio file; either way the
 * audio goes to POST /upload at once and plays back before it is sent.
 */
const VoiceNote = ({ voice, onChange }: { voice: FileView | null; onChange: (file: FileView | null) => void }) => {
  const translate = useTranslate();
  const { upload, busy } = useUpload();
  const input = useRef<HTMLInputElement>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const [seconds, setSeconds] = useState<number | null>(null);
  const [recordable] = useState(canRecord);

  useEffect(() => {
    if (seconds === null) return;
    const timer = setTimeout(() => setSeconds((s) => (s === null ? s : s + 1)), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  useEffect(() => () => recorder.current?.stream.getTracks().forEach((t) => t.stop()), []);

  const send = async (blob: Blob, name: string) => {
    const stored = await upload(paths.upload, blob, name);
    if (stored) onChange(stored);
  };
  const start = async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const rec = new MediaRecorder(stream);
      const chunks: Blob[] = [];
      rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
      rec.onstop = () => {
        stream.getTracks().forEach((t) => t.stop());
        const type = (rec.mimeType || 'audio/webm').split(';')[0]!;
        void send(new Blob(chunks, { type }), `voice-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '')}.${type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm'}`);
      };
      recorder.current = rec;
      rec.start();
      setSeconds(0);
    } catch {
      // no microphone or permission refused: the file picker still works
      input.current?.click();
    }
  };
  const stop = () => {
    recorder.current?.stop();
    recorder.current = null;
    setSeconds(null);
  };
  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) await send(file, file.name);
  };

  if (voice) {
    return (
      <Stack direction="row" spacing={1} alignItems="center">
        <Box component="audio" controls src={voice.url} sx={{ height: 36 }} aria-label={translate('pv.matter.thread.voice')} data-testid="voice-preview" />
        <Button size="small" onClick={() => onChange(null)}>
          {translate('pv.matter.thread.remove')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
      <input ref={input} type="file" accept={UPLOAD_LIMITS.audio.types.join(',')} hidden onChange={picked} data-testid="voice-file" />
      {recordable &&
        (seconds === null ? (
          <Button size="small" startIcon={<MicIcon />} onClick={start} disabled={busy}>
            {translate('pv.matter.thread.record')}
          </Button>
        ) : (
          <Button size="small" color="error" startIcon={<StopIcon />} onClick={stop}>
            {translate('pv.matter.thread.stop')} · {translate('pv.matter.thread.recording', { seconds })}
          </Button>
        ))}
      <Button size="small" startIcon={busy ? <CircularProgress size={14} /> : <AudioFileIcon />} onClick={() => input.current?.click()} disabled={busy || seconds !== null}>
        {translate(busy ? 'pv.matter.thread.uploading' : 'pv.matter.thread.pick_audio')}
      </Button>
      {!recordable && (
        <Typography variant="caption" color="text.secondary">
          {translate('pv.matter.thread.no_recorder')}
        </Typography>
      )}
    </Stack>
  );
};

/** The reply box: text, photos / PDFs and a voice note; validated with the contract's reply schema. */
const ReplyBox = ({ matter }: { matter: Matter }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { run, busy } = useAction();
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<FileView[]>([]);
  const [voice, setVoice] = useState<FileView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sendReply = async () => {
    const body = { id: matter.id, content, audio_file_id: voice?.id ?? null, file_ids: files.map((f) => f.id) };
    const parsed = matterReplySchema.safeParse(body);
    if (!parsed.success) {
      setError(translateIssue(translate, parsed.error.issues[0]!.message));
      return;
    }
    setError(null);
    const ok = await run(() => dataProvider.act(MATTER_API, 'reply', parsed.data as unknown as Record<string, unknown>), 'pv.matter.notify.replied');
    if (ok) {
      setContent('');
      setFiles([]);
      setVoice(null);
    }
  };
  return (
    <Stack spacing={1} sx={{ mt: 2, pt: 2, borderTop: '1px solid', borderColor: 'divider' }} data-testid="reply-box">
      <TextField
        value={content}
        onChange={(e) => setContent(e.target.value)}
        label={translate('pv.matter.thread.placeholder')}
        multiline
        minRows={2}
        fullWidth
        error={!!error}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { 'data-testid': 'reply-content', maxLength: 2000 } }}
      />
      <VoiceNote voice={voice} onChange={setVoice} />
      <Stack direction="row" justifyContent="space-between" alignItems="flex-start">
        <AttachmentPicker files={files} onChange={setFiles} testId="reply-attach" />
        <Button variant="contained" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SendIcon />} disabled={busy} onClick={sendReply} data-testid="reply-send">
          {translate('pv.matter.thread.send')}
        </Button>
      </Stack>
    </Stack>
  );
};

/** 沟通记录: the reply thread (GET matter/replies), oldest first, and the reply box while the matter is open. */
export const Thread = () => {
  const record = useRecordContext<Matter>();
  const permitted = useCan('reply');
  const { data, isPending } = useRecordSideList<MatterReply>(MATTER_API, 'replies', (dp, id) => dp.read<{ list: MatterReply[] }>(MATTER_API, 'replies', { id }).then((r) => r.data.list));
  if (!record) return null;
  const open = canTransition(MATTER_MACHINE, record.status, 'reply');
  return (
    <Panel title="pv.matter.thread.title" testId="matter-thread">
      {!isPending && data.length === 0 && <EmptyNote text="pv.matter.thread.empty" />}
      <Stack spacing={1.5}>
        {data.map((r) => (
          <Bubble key={r.id} reply={r} />
        ))}
      </Stack>
      {open && permitted && <ReplyBox matter={record} />}
      {!open && (
        <Box sx={{ mt: 2 }}>
          <EmptyNote text="pv.matter.thread.closed_note" />
        </Box>
      )}
    </Panel>
  );
};
