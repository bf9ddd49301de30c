import { useRef, useState, type ChangeEvent } from 'react';
import { Confirm, RecordContextProvider, ResourceContextProvider, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import ViewIcon from '@mui/icons-material/VisibilityOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import BackIcon from '@mui/icons-material/ArrowBack';
import { StationDocType, UPLOAD_LIMITS, paths, type FileView, type Station } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { DetailHeader, LoadRecord, QueryIdPage } from '../common/DetailPage.tsx';
import { EmptyNote, Panel } from '../common/layout.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { useAction } from '../common/actions.tsx';
import { useUpload } from '../matter/Attachments.tsx';
import { STATION_API, STATION_RESOURCE, StationStatusChip, stationDetailPath, useStationPermission } from './common.tsx';
import { formatBytes } from './logic.ts';

/** A station document: a FileView, with the uploader's name when the server joins it. */
type StationDoc = FileView & { created_by_name?: string | null };

const UPLOAD_URL = `${paths.resource(STATION_API)}/upload_doc`;

function useDocs() {
  const record = useRecordContext<Station>()!;
  const dataProvider = useDataProvider<PvDataProvider>();
  return useQuery({
    queryKey: [STATION_API, 'docs', record.id],
    queryFn: () => dataProvider.read<{ list: StationDoc[]; total: number }>(STATION_API, 'docs', { id: record.id }).then((r) => r.data.list),
    retry: false,
  });
}

/** 上传: a document type, then a PDF (the raw body of station/upload_doc); a wrong type or size gets the server's message. */
const Upload = ({ onUploaded }: { onUploaded: (doc: FileView) => void }) => {
  const record = useRecordContext<Station>()!;
  const translate = useTranslate();
  const lang = useLang();
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [docType, setDocType] = useState<string>('contract');
  const { upload, busy } = useUpload();
  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const stored = await upload(UPLOAD_URL, file, file.name, { id: record.id, doc_type: docType, name: file.name });
    if (stored) {
      notify('pv.station.docs.uploaded', { type: 'success', messageArgs: { name: stored.name } });
      onUploaded(stored);
      refresh();
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
      <TextField select size="small" label={translate('pv.station.docs.doc_type')} value={docType} onChange={(e) => setDocType(e.target.value)} fullWidth={false} sx={{ width: 220, flexShrink: 0 }} data-testid="station-doc-type">
        {StationDocType.choices(lang).map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <input ref={input} type="file" accept={UPLOAD_LIMITS.pdf.types.join(',')} hidden onChange={picked} data-testid="station-doc-file" />
      <Button variant="contained" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <UploadIcon />} disabled={busy} onClick={() => input.current?.click()} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} data-testid="station-doc-upload">
        {translate(busy ? 'pv.station.docs.uploading' : 'pv.station.docs.upload')}
      </Button>
      <Typography variant="caption" color="text.secondary">
        {translate('pv.station.docs.upload_hint', { max: formatBytes(UPLOAD_LIMITS.pdf.maxBytes, lang) })}
      </Typography>
    </Stack>
  );
};

/** 删除 with a confirmation (station:del_doc). */
const DeleteDoc = ({ doc, onDeleted }: { doc: StationDoc; onDeleted: () => void }) => {
  const record = useRecordContext<Station>()!;
  const translate = useTranslate();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { run, busy } = useAction();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={translate('pv.station.docs.delete')}>
        <IconButton size="small" color="error" onClick={() => setOpen(true)} aria-label={`${translate('pv.station.docs.delete')} ${doc.name}`} data-testid={`station-doc-delete-${doc.id}`}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={busy}
        title="pv.station.docs.delete_title"
        content="pv.station.docs.delete_confirm"
        translateOptions={{ name: doc.name }}
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={async () => {
          if (await run(() => dataProvider.act(STATION_API, 'del_doc', { id: record.id, file_id: doc.id }), 'pv.station.docs.deleted')) {
            setOpen(false);
            onDeleted();
          }
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

const Docs = () => {
  const record = useRecordContext<Station>()!;
  const translate = useTranslate();
  const lang = useLang();
  const canUpload = useStationPermission('upload_doc');
  const canDelete = useStationPermission('del_doc');
  const { data, isPending, error } = useDocs();
  const [shown, setShown] = useState<number | null>(null);
  const docs = data ?? [];
  // the document shown inline: the chosen one, else the newest
  const current = docs.find((d) => d.id === shown) ?? docs[0];
  return (
    <>
      <DetailHeader
        testId="station-docs-heading"
        title={translate('pv.station.docs.title')}
        subtitle={`${record.code} · ${record.name}`}
        chip={<StationStatusChip />}
        actions={
          <Button size="small" component={RouterLink} to={stationDetailPath(record.id)} startIcon={<BackIcon />}>
            {translate('pv.station.docs.back')}
          </Button>
        }
      />
      {canUpload && (
        <Panel title="pv.station.docs.upload_title">
          <Upload onUploaded={(doc) => setShown(doc.id)} />
        </Panel>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start', gap: 2 }}>
        <Panel title="pv.station.docs.list" testId="station-docs">
          {error ? (
            <Alert severity="error">{(error as Error).message}</Alert>
          ) : !isPending && docs.length === 0 ? (
            <EmptyNote text="pv.station.docs.empty" />
          ) : (
            <Box sx={{ overflowX: 'auto', '& th, & td': { whiteSpace: 'nowrap' } }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('pv.station.docs.name')}</TableCell>
                  <TableCell>{translate('pv.station.docs.doc_type')}</TableCell>
                  <TableCell align="right">{translate('pv.station.docs.size')}</TableCell>
                  <TableCell>{translate('pv.station.docs.uploaded_at')}</TableCell>
                  <TableCell align="right" />
                </TableRow>
              </TableHead>
              <TableBody>
                {docs.map((d) => (
                  <TableRow key={d.id} hover selected={current?.id === d.id} data-testid={`station-doc-${d.id}`}>
                    <TableCell sx={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={d.name}>
                      <Link component="button" type="button" onClick={() => setShown(d.id)} sx={{ textAlign: 'left' }}>
                        {d.name}
                      </Link>
                    </TableCell>
                    <TableCell>{StationDocType.label(d.doc_type, lang) || '-'}</TableCell>
                    <TableCell align="right">{formatBytes(d.size, lang)}</TableCell>
                    <TableCell>
                      <Typography variant="body2">{formatDateTime(d.created_at, lang)}</Typography>
                      {d.created_by_name && (
                        <Typography variant="caption" color="text.secondary">
                          {translate('pv.station.docs.by', { name: d.created_by_name })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={translate('pv.station.docs.view')}>
                        <IconButton size="small" onClick={() => setShown(d.id)} aria-label={`${translate('pv.station.docs.view')} ${d.name}`}>
                          <ViewIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={translate('pv.station.docs.download')}>
                        <IconButton size="small" component="a" href={d.download_url} download={d.name} aria-label={`${translate('pv.station.docs.download')} ${d.name}`} data-testid={`station-doc-download-${d.id}`}>
                          <DownloadIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      {canDelete && <DeleteDoc doc={d} onDeleted={() => setShown(null)} />}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            </Box>
          )}
        </Panel>
        <Panel
          title="pv.station.docs.preview"
          testId="station-doc-preview"
          actions={
            current && (
              <Link href={current.url} target="_blank" rel="noopener" variant="body2">
                {translate('pv.station.docs.open_new')}
              </Link>
            )
          }
        >
          {current ? (
            <Box component="iframe" src={current.url} title={current.name} sx={{ width: '100%', height: 'calc(100vh - 330px)', minHeight: 420, border: '1px solid', borderColor: 'divider', borderRadius: 1 }} />
          ) : (
            <EmptyNote text="pv.station.docs.preview_empty" />
          )}
        </Panel>
      </Box>
    </>
  );
};

/** 电站文档: #/stationManagement/pdfs?id=N — the station's PDFs: upload, view inline, download, delete. */
const StationDocs = () => (
  <ResourceContextProvider value={STATION_RESOURCE}>
    <QueryIdPage missing="pv.station.missing_id">
      {(id) => (
        <LoadRecord<Station> key={id} resource={STATION_RESOURCE} id={id}>
          {(data) => (
            <RecordContextProvider value={data}>
              <Docs />
            </RecordContextProvider>
          )}
        </LoadRecord>
      )}
    </QueryIdPage>
  </ResourceContextProvider>
);
export default StationDocs;
