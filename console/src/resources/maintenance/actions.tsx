import { useMemo, useState } from 'react';
import { ArrayInput, Confirm, SimpleFormIterator, TextInput, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { Stack, Typography } from '@mui/material';
import DispatchIcon from '@mui/icons-material/AssignmentIndOutlined';
import AcceptIcon from '@mui/icons-material/HowToRegOutlined';
import StartIcon from '@mui/icons-material/PlayArrowOutlined';
import SubmitIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import ApproveIcon from '@mui/icons-material/TaskAltOutlined';
import RejectIcon from '@mui/icons-material/UndoOutlined';
import CancelIcon from '@mui/icons-material/BlockOutlined';
import { maintenanceDispatchSchema, maintenanceReasonSchema, maintenanceSubmitSchema, type MaintenanceAction, type MaintenanceOrder } from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { ActionButton, FormDialog, present, useAction, useHasPermission } from '../common/actions.tsx';
import { PhotosInput, fileIds } from '../common/FilesInput.tsx';
import { IssueMaterialInput, IssueWarehouseInput, stockField } from '../operation/common.tsx';
import { TeamInput } from '../workOrder/common.tsx';
import { maintenanceField } from './common.tsx';
import { MAINTENANCE_API, allowedMaintenanceActions, partOf } from './logic.ts';

type Row = Record<string, unknown>;
const ICONS = { dispatch: <DispatchIcon />, accept: <AcceptIcon />, start: <StartIcon />, submit: <SubmitIcon />, approve: <ApproveIcon />, reject: <RejectIcon />, cancel: <CancelIcon /> } as const;
const COLORS = { approve: 'success', reject: 'error', cancel: 'error' } as const;

/** A dialog of one action validated by the contract's schema; `body` shapes the form's values for the API. */
function useActionForm(record: MaintenanceOrder, action: MaintenanceAction, schema: Parameters<typeof contractResolver>[0], shape: (v: Row) => Row, onClose: () => void) {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const body = (v: Row) => present({ ...shape(v), id: record.id, version: record.version });
  const resolver = useMemo(() => contractResolver(schema, translate, body), [translate, record.id, record.version]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = async (values: Row) => {
    const ok = await run(() => dataProvider.act(MAINTENANCE_API, action, body(values)), `pv.maintenance.notify.${action}`);
    if (ok) onClose();
  };
  return { resolver, busy, onSubmit: (v: Row) => void submit(v), onClose };
}

/** 派单: a team member (with their open orders) and a deadline. */
const DispatchDialog = ({ record, onClose }: { record: MaintenanceOrder; onClose: () => void }) => {
  const form = useActionForm(record, 'dispatch', maintenanceDispatchSchema, (v) => v, onClose);
  return (
    <FormDialog open title="pv.maintenance.dialog.dispatch_title" hint="pv.maintenance.dialog.dispatch_hint" submitLabel="pv.maintenance.action.dispatch" {...form}>
      <div data-testid="maintenance-dispatch-form">
        <TeamInput api={MAINTENANCE_API} source="team_id" label={maintenanceField('team_id')} showLoad fullWidth isRequired />
        <DateInput source="deadline" label={maintenanceField('deadline')} fullWidth isRequired defaultValue={record.repair_due.slice(0, 10)} />
      </div>
    </FormDialog>
  );
};

/** 提交处理记录: cause, measures, labour hours, photos before / after, and the parts used (issued from stock on submit). */
const SubmitDialog = ({ record, onClose }: { record: MaintenanceOrder; onClose: () => void }) => {
  const translate = useTranslate();
  const shape = (v: Row) => ({
    cause: v.cause,
    measures: v.measures,
    labour_hours: v.labour_hours,
    photos_before: fileIds(v.photos_before),
    photos_after: fileIds(v.photos_after),
    parts: ((v.parts ?? []) as Row[]).map(partOf),
  });
  const form = useActionForm(record, 'submit', maintenanceSubmitSchema, shape, onClose);
  return (
    <FormDialog open title="pv.maintenance.dialog.submit_title" hint="pv.maintenance.dialog.submit_hint" submitLabel="pv.maintenance.action.submit" wide {...form}>
      <div data-testid="maintenance-submit-form">
        <TextInput source="cause" label={maintenanceField('cause')} multiline minRows={2} fullWidth isRequired defaultValue={record.cause ?? undefined} />
        <TextInput source="measures" label={maintenanceField('measures')} multiline minRows={2} fullWidth isRequired defaultValue={record.measures ?? undefined} />
        <TextInput source="labour_hours" label={maintenanceField('labour_hours')} inputMode="decimal" fullWidth defaultValue={record.labour_hours ?? undefined} />
        <Stack spacing={1} sx={{ mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {translate(maintenanceField('photos_before'))}
          </Typography>
          <PhotosInput name="photos_before" ownerType="maintenance" testId="maintenance-upload-before" />
          <Typography variant="body2" color="text.secondary">
            {translate(maintenanceField('photos_after'))}
          </Typography>
          <PhotosInput name="photos_after" ownerType="maintenance" testId="maintenance-upload-after" />
        </Stack>
        <ArrayInput source="parts" label={maintenanceField('parts')} helperText="pv.maintenance.dialog.parts_hint">
          <SimpleFormIterator inline disableReordering data-testid="maintenance-parts" sx={{ '& .RaSimpleFormIterator-form': { flexWrap: 'wrap', rowGap: 0.5 } }}>
            <IssueWarehouseInput source="warehouse_id" isRequired />
            <IssueMaterialInput source="material_id" warehouseSource="warehouse_id" isRequired />
            <TextInput source="qty" label={stockField('qty')} inputMode="decimal" isRequired sx={{ flex: '0 0 120px' }} />
            <TextInput source="serials_text" label={stockField('serials')} helperText={false} sx={{ flex: '0 0 260px' }} />
            <TextInput source="old_serials_text" label={maintenanceField('old_serials')} helperText={false} sx={{ flex: '0 0 260px' }} />
          </SimpleFormIterator>
        </ArrayInput>
      </div>
    </FormDialog>
  );
};

/** A dialog asking for a reason (驳回, 取消). */
const ReasonDialog = ({ record, action, onClose }: { record: MaintenanceOrder; action: 'reject' | 'cancel'; onClose: () => void }) => {
  const form = useActionForm(record, action, maintenanceReasonSchema, (v) => v, onClose);
  return (
    <FormDialog open title={`pv.maintenance.dialog.${action}_title`} hint={`pv.maintenance.dialog.${action}_hint`} submitLabel="ra.action.confirm" {...form}>
      <TextInput source="reason" label="pv.maintenance.dialog.reason" multiline minRows={2} fullWidth isRequired />
    </FormDialog>
  );
};

/** The buttons of the actions the order's state allows and the user holds (detail page header). */
export const MaintenanceActions = () => {
  const record = useRecordContext<MaintenanceOrder>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { run, busy } = useAction();
  const [open, setOpen] = useState<MaintenanceAction | null>(null);
  const may: Record<MaintenanceAction, boolean> = {
    dispatch: useHasPermission('maintenance:dispatch'),
    accept: useHasPermission('maintenance:accept'),
    start: useHasPermission('maintenance:start'),
    submit: useHasPermission('maintenance:submit'),
    approve: useHasPermission('maintenance:approve'),
    reject: useHasPermission('maintenance:reject'),
    cancel: useHasPermission('maintenance:cancel'),
  };
  if (!record) return null;
  const actions = allowedMaintenanceActions(record.status).filter((a) => may[a]);
  const direct = async (action: 'accept' | 'start' | 'approve') => {
    const ok = await run(() => dataProvider.act(MAINTENANCE_API, action, { id: record.id, version: record.version }), `pv.maintenance.notify.${action}`);
    if (ok) setOpen(null);
  };
  const click = (a: MaintenanceAction) => (a === 'accept' || a === 'start' ? void direct(a) : setOpen(a));
  return (
    <>
      {actions.map((a) => (
        <ActionButton key={a} label={`pv.maintenance.action.${a}`} icon={ICONS[a]} color={COLORS[a as keyof typeof COLORS]} onClick={() => click(a)} />
      ))}
      {open === 'dispatch' && <DispatchDialog record={record} onClose={() => setOpen(null)} />}
      {open === 'submit' && <SubmitDialog record={record} onClose={() => setOpen(null)} />}
      {(open === 'reject' || open === 'cancel') && <ReasonDialog record={record} action={open} onClose={() => setOpen(null)} />}
      {open === 'approve' && (
        <Confirm isOpen loading={busy} title="pv.maintenance.dialog.approve_title" content={record.source === 'matter' ? 'pv.maintenance.dialog.approve_matter_hint' : 'pv.maintenance.dialog.approve_hint'} onClose={() => setOpen(null)} onConfirm={() => void direct('approve')} />
      )}
    </>
  );
};
