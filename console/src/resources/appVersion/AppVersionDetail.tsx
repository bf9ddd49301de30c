import { useRef, useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, LinearProgress, Link, Stack, Typography } from '@mui/material';
import PublishIcon from '@mui/icons-material/PublishOutlined';
import RolloutIcon from '@mui/icons-material/TuneOutlined';
import WithdrawIcon from '@mui/icons-material/UndoOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { AppPlatform, AppVersionStatus, needsPackage, type AppVersion, type AppVersionAction } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { ActionButton, useAction, useHasPermission } from '../common/actions.tsx';
import { DetailHeader, RecordDetailPage, Value } from '../common/DetailPage.tsx';
import { LifecycleSide } from '../common/History.tsx';
import { FieldGrid, Panel } from '../common/layout.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { AppVersionStatusChip, RolloutText } from './common.tsx';
import { EditAppVersionDialog, RolloutDialog, WithdrawDialog } from './dialogs.tsx';
import { APP_VERSION_API, APP_VERSION_RESOURCE, allowedAppVersionActions, appVersionField, formatBytes, publishBlocker } from './logic.ts';
import { uploadPackage } from './upload.ts';
import { RecordWorkflowPanel } from '../workflow/InstancePanel.tsx';

const ICONS = { publish: <PublishIcon />, rollout: <RolloutIcon />, withdraw: <WithdrawIcon /> } as const;

/** The buttons of the actions the release's state allows and the user holds. */
const Actions = () => {
  const record = useRecordContext<AppVersion>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const navigate = useNavigate();
  const { run, busy } = useAction();
  const [open, setOpen] = useState<AppVersionAction | 'edit' | 'del' | null>(null);
  const may = {
    publish: useHasPermission('app_version:publish'),
    rollout: useHasPermission('app_version:rollout'),
    withdraw: useHasPermission('app_version:withdraw'),
    edit: useHasPermission('app_version:edit'),
    del: useHasPermission('app_version:del'),
  };
  if (!record) return null;
  const close = () => setOpen(null);
  const draft = record.status === 'draft';
  return (
    <>
      {draft && may.edit && <ActionButton label="pv.appVersion.action.edit" icon={<EditIcon />} onClick={() => setOpen('edit')} />}
      {allowedAppVersionActions(record.status)
        .filter((a) => may[a])
        .map((a) => (
          <ActionButton key={a} label={`pv.appVersion.action.${a}`} icon={ICONS[a]} color={a === 'withdraw' ? 'error' : undefined} onClick={() => setOpen(a)} />
        ))}
      {draft && may.del && <ActionButton label="pv.appVersion.action.del" icon={<DeleteIcon />} color="error" onClick={() => setOpen('del')} />}
      {open === 'edit' && <EditAppVersionDialog record={record} onClose={close} />}
      {open === 'rollout' && <RolloutDialog record={record} onClose={close} />}
      {open === 'withdraw' && <WithdrawDialog record={record} onClose={close} />}
      {open === 'publish' && (
        <Confirm
          isOpen
          loading={busy}
          title="pv.appVersion.dialog.publish_title"
          content="pv.appVersion.dialog.publish_hint"
          translateOptions={{ name: record.version_name, rollout: record.rollout }}
          onClose={close}
          onConfirm={() => void run(() => dataProvider.act(APP_VERSION_API, 'publish', { id: record.id, version: record.version }), 'pv.appVersion.notify.publish').then(close)}
        />
      )}
      {open === 'del' && (
        <Confirm
          isOpen
          loading={busy}
          title="pv.appVersion.dialog.del_title"
          content="pv.appVersion.dialog.del_hint"
          onClose={close}
          onConfirm={() =>
            void run(() => dataProvider.act(APP_VERSION_API, 'del', { id: record.id }), 'pv.appVersion.notify.del').then((ok) => {
              close();
              if (ok) navigate(`/${APP_VERSION_RESOURCE}`);
            })
          }
        />
      )}
    </>
  );
};

const Info = () => {
  const record = useRecordContext<AppVersion>()!;
  const lang = useLang();
  const translate = useTranslate();
  const blocker = record.status === 'draft' ? publishBlocker(record) : null;
  return (
    <Panel title="pv.appVersion.basic" testId="app-version-basic">
      {blocker && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate(`pv.appVersion.blocker.${blocker}`, { platform: AppPlatform.label(record.platform, lang) })}
        </Alert>
      )}
      <FieldGrid>
        <Value label={appVersionField('platform')}>{AppPlatform.label(record.platform, lang)}</Value>
        <Value label={appVersionField('version_name')}>{record.version_name}</Value>
        <Value label={appVersionField('version_code')}>{record.version_code}</Value>
        <Value label={appVersionField('status')}>{AppVersionStatus.label(record.status, lang)}</Value>
        <Value label={appVersionField('rollout')}>
          <span data-testid="app-version-rollout">
            <RolloutText value={record.rollout} />
          </span>
        </Value>
        <Value label={appVersionField('min_supported_version')}>{record.min_supported_version ?? translate('pv.appVersion.no_minimum')}</Value>
        {record.published_at && <Value label={appVersionField('published_at')}>{`${formatDateTime(record.published_at, lang)} · ${record.published_by_name ?? ''}`}</Value>}
        {record.withdrawn_at && <Value label={appVersionField('withdrawn_at')}>{formatDateTime(record.withdrawn_at, lang)}</Value>}
        {record.withdraw_reason && <Value label={appVersionField('withdraw_reason')}>{record.withdraw_reason}</Value>}
        <Value label={appVersionField('created_by_name')}>{`${record.created_by_name ?? '-'} · ${formatDateTime(record.created_at, lang)}`}</Value>
      </FieldGrid>
    </Panel>
  );
};

const Notes = () => {
  const record = useRecordContext<AppVersion>()!;
  return (
    <Panel title="pv.appVersion.notes" testId="app-version-notes">
      <FieldGrid>
        <Value label={appVersionField('notes_zh')}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {record.notes_zh}
          </Typography>
        </Value>
        <Value label={appVersionField('notes_en')}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {record.notes_en ?? '-'}
          </Typography>
        </Value>
      </FieldGrid>
    </Panel>
  );
};

/** The Android package (name, size, SHA-256, a signed download link; upload or replace on a draft) or the store link. */
const Package = () => {
  const record = useRecordContext<AppVersion>()!;
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const canUpload = useHasPermission('app_version:upload_package');
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  if (!needsPackage(record.platform)) {
    return (
      <Panel title="pv.appVersion.store" testId="app-version-package">
        {record.store_url ? (
          <Link href={record.store_url} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
            {record.store_url}
          </Link>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('pv.appVersion.no_store_url')}
          </Typography>
        )}
      </Panel>
    );
  }
  const upload = async (file: File) => {
    setProgress(0);
    try {
      await uploadPackage(record, file, setProgress);
      notify('pv.appVersion.notify.upload', { type: 'success' });
      refresh();
    } catch (error) {
      const message = (error as Error).message;
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Panel
      title="pv.appVersion.package"
      testId="app-version-package"
      actions={
        record.status === 'draft' && canUpload ? (
          <>
            <input ref={input} type="file" accept=".apk,application/vnd.android.package-archive" hidden data-testid="app-package-replace" onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
            <Button size="small" startIcon={<UploadIcon />} disabled={progress !== null} onClick={() => input.current?.click()}>
              {translate(record.package_file_id ? 'pv.appVersion.replace_package' : 'pv.appVersion.upload_package')}
            </Button>
          </>
        ) : undefined
      }
    >
      {progress !== null && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} sx={{ flex: 1 }} />
          <Typography variant="caption">{Math.round(progress * 100)}%</Typography>
        </Stack>
      )}
      {record.package_file_id ? (
        <FieldGrid>
          <Value label={appVersionField('package_name')}>
            {record.package_url ? (
              <Link href={record.package_url} data-testid="app-package-link">
                {record.package_name}
              </Link>
            ) : (
              record.package_name
            )}
          </Value>
          <Value label={appVersionField('package_size')}>{`${formatBytes(record.package_size)} (${record.package_size ?? 0} B)`}</Value>
          <Value label={appVersionField('package_sha256')}>
            <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="app-package-sha256">
              {record.package_sha256}
            </Typography>
          </Value>
        </FieldGrid>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('pv.appVersion.no_package')}
        </Typography>
      )}
    </Panel>
  );
};

const Side = () => (
  <LifecycleSide
    api={APP_VERSION_API}
    area="appVersion"
    states={AppVersionStatus}
    fieldLabel={(name) => appVersionField(name)}
    hidden={['package_file_id', 'created_by', 'published_by', 'withdrawn_by']}
  />
);

/** 版本详情: #/other/appVersionDetail?id=N (one tab per release): fields, notes, package, actions, timeline, history. */
const AppVersionDetail = () => {
  const lang = useLang();
  return (
    <RecordDetailPage<AppVersion>
      resource={APP_VERSION_RESOURCE}
      missing="pv.appVersion.missing_id"
      header={(record) => (
        <DetailHeader testId="app-version-heading" title={`${AppPlatform.label(record.platform, lang)} ${record.version_name}`} subtitle={`#${record.version_code}`} chip={<AppVersionStatusChip status={record.status} />} actions={<Actions />} />
      )}
      main={
        <Stack>
          <Info />
          <RecordWorkflowPanel recordType="app_version" />
          <Notes />
          <Package />
        </Stack>
      }
      side={<Side />}
    />
  );
};
export default AppVersionDetail;
