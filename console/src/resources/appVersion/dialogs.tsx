import { useMemo, useState } from 'react';
import { NumberInput, SelectInput, TextInput, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import {
  APP_PACKAGE_DEFAULT_MAX_MB,
  appVersionAddSchema,
  appVersionEditSchema,
  appVersionRolloutSchema,
  appVersionWithdrawSchema,
  needsPackage,
  type AppVersion,
} from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { FormDialog, useAction } from '../common/actions.tsx';
import { useAppVersionChoices } from './common.tsx';
import { APP_VERSION_API, appVersionDetailPath, appVersionField, formatBytes } from './logic.ts';
import { uploadPackage } from './upload.ts';

type Row = Record<string, unknown>;
type Schema = Parameters<typeof contractResolver>[0];

/** Empty optional inputs are left out (the contract's defaults apply), numbers typed as text become numbers. */
const shapeRelease = (v: Row): Row => {
  const out: Row = {};
  for (const [k, value] of Object.entries(v)) {
    if (value === '' || value === null || value === undefined) continue;
    out[k] = value;
  }
  return out;
};

/** An edit sends a cleared optional field as null (the minimum version removed, the English notes emptied). */
const NULLABLE = new Set(['notes_en', 'store_url', 'min_supported_version']);
const shapeEdit = (v: Row): Row => {
  const out: Row = {};
  for (const [k, value] of Object.entries(v)) {
    if (value === '' || value === null || value === undefined) {
      if (NULLABLE.has(k)) out[k] = null;
      continue;
    }
    out[k] = value;
  }
  return out;
};

/** One action's dialog: the contract's schema validates the form; `shape` turns its values into the API body. */
function useActForm(op: string, schema: Schema, shape: (v: Row) => Row, success: string, onClose: () => void) {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  // `shape` decides what is sent (an edit sends cleared optional fields as null, which present() would drop)
  const resolver = useMemo(() => contractResolver(schema, translate, (v: Row) => shape(v)), [translate]); // eslint-disable-line react-hooks/exhaustive-deps
  const onSubmit = async (values: Row) => {
    const ok = await run(() => dataProvider.act(APP_VERSION_API, op, shape(values)), success);
    if (ok) onClose();
  };
  return { resolver, busy, onSubmit: (v: Row) => void onSubmit(v), onClose };
}

/** The .apk picker with its upload progress (Android releases). */
export const PackagePicker = ({ file, onFile, progress }: { file: File | null; onFile: (f: File | null) => void; progress: number | null }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ my: 1 }} data-testid="app-package-picker">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button component="label" size="small" variant="outlined" startIcon={<UploadIcon />}>
          {translate('pv.appVersion.choose_package')}
          <input hidden type="file" accept=".apk,application/vnd.android.package-archive" data-testid="app-package-input" onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
        </Button>
        <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
          {file ? `${file.name} · ${formatBytes(file.size)}` : translate('pv.appVersion.package_hint', { mb: APP_PACKAGE_DEFAULT_MAX_MB })}
        </Typography>
      </Stack>
      {progress !== null && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} sx={{ flex: 1 }} data-testid="app-package-progress" />
          <Typography variant="caption">{Math.round(progress * 100)}%</Typography>
        </Stack>
      )}
    </Box>
  );
};

/** The fields of a release; the store link only for store platforms, the package picker only for Android. */
const ReleaseInputs = ({ record, file, onFile, progress }: { record?: AppVersion; file?: File | null; onFile?: (f: File | null) => void; progress?: number | null }) => {
  const choices = useAppVersionChoices();
  const platform = (useWatch({ name: 'platform' }) as string | undefined) ?? record?.platform ?? 'android';
  return (
    <>
      {!record && <SelectInput source="platform" label={appVersionField('platform')} choices={choices.platform} defaultValue="android" isRequired fullWidth />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextInput source="version_name" label={appVersionField('version_name')} defaultValue={record?.version_name} helperText="pv.appVersion.version_name_hint" isRequired fullWidth />
        <NumberInput source="version_code" label={appVersionField('version_code')} defaultValue={record?.version_code} helperText="pv.appVersion.version_code_hint" isRequired fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextInput source="min_supported_version" label={appVersionField('min_supported_version')} defaultValue={record?.min_supported_version ?? undefined} helperText="pv.appVersion.min_hint" fullWidth />
        <NumberInput source="rollout" label={appVersionField('rollout')} defaultValue={record?.rollout ?? 100} min={0} max={100} helperText="pv.appVersion.rollout_hint" fullWidth />
      </Stack>
      <TextInput source="notes_zh" label={appVersionField('notes_zh')} defaultValue={record?.notes_zh} multiline minRows={3} isRequired fullWidth />
      <TextInput source="notes_en" label={appVersionField('notes_en')} defaultValue={record?.notes_en ?? undefined} multiline minRows={2} fullWidth />
      {needsPackage(platform) ? (
        onFile && <PackagePicker file={file ?? null} onFile={onFile} progress={progress ?? null} />
      ) : (
        <TextInput source="store_url" label={appVersionField('store_url')} defaultValue={record?.store_url ?? undefined} helperText="pv.appVersion.store_url_hint" fullWidth />
      )}
    </>
  );
};

/** 新建版本: a draft; an Android package chosen here is uploaded right after (with progress); opens the release's page. */
export const AddAppVersionDialog = ({ onClose }: { onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const resolver = useMemo(() => contractResolver(appVersionAddSchema, translate, (v: Row) => shapeRelease(v)), [translate]);
  const onSubmit = async (values: Row) => {
    setBusy(true);
    let created: AppVersion | null = null;
    try {
      const body = shapeRelease(values);
      created = (await dataProvider.act<AppVersion>(APP_VERSION_API, 'add', body)).data;
      if (file && needsPackage(String(body.platform))) {
        setProgress(0);
        created = await uploadPackage(created, file, setProgress);
      }
      notify('pv.appVersion.notify.add', { type: 'success' });
      refresh();
      onClose();
      navigate(appVersionDetailPath(created.id));
    } catch (error) {
      const message = (error as Error).message;
      notify(message, { type: 'error', messageArgs: { _: message } });
      // the draft exists though its package failed: open it, the upload can be repeated there
      if (created) {
        refresh();
        onClose();
        navigate(appVersionDetailPath(created.id));
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog open title="pv.appVersion.dialog.add_title" hint="pv.appVersion.dialog.add_hint" submitLabel="ra.action.save" busy={busy} resolver={resolver} onClose={onClose} onSubmit={(v) => void onSubmit(v)}>
      <div data-testid="app-version-add-form">
        <ReleaseInputs file={file} onFile={setFile} progress={progress} />
      </div>
    </FormDialog>
  );
};

/** 编辑 (draft): every field but the platform; the package is replaced from the page's package panel. */
export const EditAppVersionDialog = ({ record, onClose }: { record: AppVersion; onClose: () => void }) => {
  const form = useActForm('edit', appVersionEditSchema, (v) => ({ ...shapeEdit(v), id: record.id, version: record.version }), 'pv.appVersion.notify.edit', onClose);
  return (
    <FormDialog open title="pv.appVersion.dialog.edit_title" submitLabel="ra.action.save" {...form}>
      <div data-testid="app-version-edit-form">
        <ReleaseInputs record={record} />
      </div>
    </FormDialog>
  );
};

export const RolloutDialog = ({ record, onClose }: { record: AppVersion; onClose: () => void }) => {
  const form = useActForm('rollout', appVersionRolloutSchema, (v) => ({ rollout: v.rollout, id: record.id, version: record.version }), 'pv.appVersion.notify.rollout', onClose);
  return (
    <FormDialog open title="pv.appVersion.dialog.rollout_title" hint="pv.appVersion.dialog.rollout_hint" submitLabel="ra.action.save" {...form}>
      <NumberInput source="rollout" label={appVersionField('rollout')} defaultValue={record.rollout} min={0} max={100} fullWidth isRequired />
    </FormDialog>
  );
};

export const WithdrawDialog = ({ record, onClose }: { record: AppVersion; onClose: () => void }) => {
  const form = useActForm('withdraw', appVersionWithdrawSchema, (v) => ({ reason: v.reason, id: record.id, version: record.version }), 'pv.appVersion.notify.withdraw', onClose);
  return (
    <FormDialog open title="pv.appVersion.dialog.withdraw_title" hint="pv.appVersion.dialog.withdraw_hint" submitLabel="pv.appVersion.action.withdraw" {...form}>
      <TextInput source="reason" label="pv.appVersion.dialog.reason" multiline minRows={2} fullWidth isRequired />
    </FormDialog>
  );
};
