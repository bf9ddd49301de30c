import { useMemo, useState } from 'react';
import { Confirm, RadioButtonGroupInput, TextInput, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { Box, FormControl, FormHelperText, FormLabel } from '@mui/material';
import StartIcon from '@mui/icons-material/PlayArrowOutlined';
import SubmitIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import ApproveIcon from '@mui/icons-material/TaskAltOutlined';
import RejectIcon from '@mui/icons-material/UndoOutlined';
import CancelIcon from '@mui/icons-material/BlockOutlined';
import AssignIcon from '@mui/icons-material/AssignmentIndOutlined';
import { inspectionAssignSchema, inspectionReasonSchema, inspectionSubmitSchema, type FileView, type Inspection, type InspectionAction } from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { ActionButton, FormDialog, present, useAction, useHasPermission } from '../common/actions.tsx';
import { PhotosInput } from '../common/FilesInput.tsx';
import { TeamInput } from '../workOrder/common.tsx';
import { inspectionField } from './common.tsx';
import { INSPECTION_API, allowedActions, rangeText, resultsOf } from './logic.ts';

type Row = Record<string, unknown>;
const ICONS = { start: <StartIcon />, submit: <SubmitIcon />, approve: <ApproveIcon />, reject: <RejectIcon />, cancel: <CancelIcon /> } as const;
const COLORS = { approve: 'success', reject: 'error', cancel: 'error' } as const;

/** 提交结果: one input per checklist item (pass/fail, a reading with its range, text, photos), then inspection/submit. */
const SubmitDialog = ({ record, onClose }: { record: Inspection; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const body = (values: Row) => {
    const answers = (values.answers ?? {}) as Record<string, { pass?: string; value?: string; text?: string; files?: FileView[] }>;
    const shaped = Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, { ...v, photos: (v?.files ?? []).map((f) => f.id) }]));
    return present({ id: record.id, version: record.version, results: resultsOf(record.checklist, shaped), remark: values.remark });
  };
  const resolver = useMemo(() => contractResolver(inspectionSubmitSchema, translate, body), [translate, record.id, record.version]); // eslint-disable-line react-hooks/exhaustive-deps
  const passFail = [
    { id: 'pass', name: translate('pv.inspection.dialog.pass') },
    { id: 'fail', name: translate('pv.inspection.dialog.fail') },
  ];
  const submit = async (values: Row) => {
    const ok = await run(() => dataProvider.act(INSPECTION_API, 'submit', body(values)), 'pv.inspection.notify.submit');
    if (ok) onClose();
  };
  return (
    <FormDialog open title="pv.inspection.dialog.submit_title" hint="pv.inspection.dialog.submit_hint" onClose={onClose} onSubmit={submit} resolver={resolver} submitLabel="pv.inspection.action.submit" busy={busy}>
      <Box data-testid="inspection-submit-form">
        {record.checklist.map((item) => (
          <FormControl key={item.key} fullWidth sx={{ mb: 1.5 }} data-testid={`inspection-item-${item.key}`}>
            <FormLabel required={item.required !== false} sx={{ fontSize: 14, mb: 0.5 }}>
              {item.label}
              {item.unit ? `（${item.unit}）` : ''}
            </FormLabel>
            {item.kind === 'pass_fail' && <RadioButtonGroupInput source={`answers.${item.key}.pass`} label={false} choices={passFail} row helperText={false} />}
            {item.kind === 'number' && <TextInput source={`answers.${item.key}.value`} label={false} inputMode="decimal" helperText={rangeText(item) ? translate('pv.inspection.dialog.value_hint', { range: rangeText(item) }) : false} />}
            {item.kind === 'text' && <TextInput source={`answers.${item.key}.text`} label={false} multiline helperText={false} />}
            {(item.kind === 'photo' || item.photo_required) && <PhotosInput name={`answers.${item.key}.files`} ownerType="inspection" testId={`inspection-upload-${item.key}`} />}
            {item.photo_required && <FormHelperText>{translate('resources.operation/operationPlan.fields.photo_required')}</FormHelperText>}
          </FormControl>
        ))}
        <TextInput source="remark" label={inspectionField('remark')} multiline minRows={2} fullWidth />
      </Box>
    </FormDialog>
  );
};

/** A dialog asking for a reason (驳回, 取消). */
const ReasonDialog = ({ record, action, onClose }: { record: Inspection; action: 'reject' | 'cancel'; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const body = (v: Row) => present({ ...v, id: record.id, version: record.version });
  const resolver = useMemo(() => contractResolver(inspectionReasonSchema, translate, body), [translate, record.id, record.version]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = async (values: Row) => {
    const ok = await run(() => dataProvider.act(INSPECTION_API, action, body(values)), `pv.inspection.notify.${action}`);
    if (ok) onClose();
  };
  return (
    <FormDialog open title={`pv.inspection.dialog.${action}_title`} hint={`pv.inspection.dialog.${action}_hint`} onClose={onClose} onSubmit={submit} resolver={resolver} submitLabel="ra.action.confirm" busy={busy}>
      <TextInput source="reason" label="pv.inspection.dialog.reason" multiline minRows={2} fullWidth isRequired />
    </FormDialog>
  );
};

/** 改派: another team member and optionally a new deadline. */
const AssignDialog = ({ record, onClose }: { record: Inspection; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const body = (v: Row) => present({ ...v, id: record.id, version: record.version });
  const resolver = useMemo(() => contractResolver(inspectionAssignSchema, translate, body), [translate, record.id, record.version]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = async (values: Row) => {
    const ok = await run(() => dataProvider.act(INSPECTION_API, 'assign', body(values)), 'pv.inspection.notify.assign');
    if (ok) onClose();
  };
  return (
    <FormDialog open title="pv.inspection.dialog.assign_title" hint="pv.inspection.dialog.assign_hint" onClose={onClose} onSubmit={submit} resolver={resolver} submitLabel="ra.action.confirm" busy={busy}>
      <TeamInput api={INSPECTION_API} source="team_id" label={inspectionField('team_id')} showLoad fullWidth isRequired />
      <DateInput source="deadline" label={inspectionField('deadline')} fullWidth />
    </FormDialog>
  );
};

/** The buttons of the actions the inspection's state allows and the user holds (detail page header). */
export const InspectionActions = () => {
  const record = useRecordContext<Inspection>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { run, busy } = useAction();
  const [open, setOpen] = useState<InspectionAction | 'assign' | null>(null);
  const may = {
    start: useHasPermission('inspection:start'),
    submit: useHasPermission('inspection:submit'),
    approve: useHasPermission('inspection:approve'),
    reject: useHasPermission('inspection:reject'),
    cancel: useHasPermission('inspection:cancel'),
  };
  const canAssign = useHasPermission('inspection:assign');
  if (!record) return null;
  const actions = allowedActions(record.status).filter((a) => may[a]);
  const direct = async (action: 'start' | 'approve') => {
    const ok = await run(() => dataProvider.act(INSPECTION_API, action, { id: record.id, version: record.version }), `pv.inspection.notify.${action}`);
    if (ok) setOpen(null);
  };
  return (
    <>
      {actions.map((a) => (
        <ActionButton key={a} label={`pv.inspection.action.${a}`} icon={ICONS[a]} color={COLORS[a as keyof typeof COLORS]} onClick={() => (a === 'start' ? void direct('start') : setOpen(a))} />
      ))}
      {canAssign && ['pending', 'in_progress', 'rejected'].includes(record.status) && <ActionButton label="pv.inspection.action.assign" icon={<AssignIcon />} onClick={() => setOpen('assign')} />}
      {open === 'submit' && <SubmitDialog record={record} onClose={() => setOpen(null)} />}
      {(open === 'reject' || open === 'cancel') && <ReasonDialog record={record} action={open} onClose={() => setOpen(null)} />}
      {open === 'assign' && <AssignDialog record={record} onClose={() => setOpen(null)} />}
      {open === 'approve' && (
        <Confirm isOpen loading={busy} title="pv.inspection.dialog.approve_title" content="pv.inspection.dialog.approve_hint" onClose={() => setOpen(null)} onConfirm={() => void direct('approve')} />
      )}
    </>
  );
};
