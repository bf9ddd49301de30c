import { useMemo, useState } from 'react';
import { SelectInput, TextInput, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import AssignIcon from '@mui/icons-material/AssignmentIndOutlined';
import CloseIcon from '@mui/icons-material/TaskAltOutlined';
import RejectIcon from '@mui/icons-material/BlockOutlined';
import { MATTER_MACHINE, canTransition, matterAssignSchema, matterCloseSchema, matterRejectSchema, type Matter, type MatterAction } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { contractResolver } from '../../forms/zodResolver.ts';
import { ActionButton, FormDialog, present, useAction, useCan } from '../common/actions.tsx';
import { HandlerInput, MATTER_API, fieldLabel } from './common.tsx';

/** Shown only when the matter's state allows the action now and the user holds its permission. */
function useAllowed(action: MatterAction) {
  const record = useRecordContext<Matter>();
  const permitted = useCan(action);
  return !!record && permitted && canTransition(MATTER_MACHINE, record.status, action);
}

/** One action dialog: validates with the contract schema (id and version of the shown record added). */
function useActionDialog(schema: Parameters<typeof contractResolver>[0], op: MatterAction, success: string) {
  const record = useRecordContext<Matter>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { run, busy } = useAction();
  const resolver = useMemo(
    () => contractResolver(schema, translate, (v: Record<string, unknown>) => present({ ...v, id: record?.id, version: record?.version })),
    [schema, translate, record?.id, record?.version],
  );
  const submit = async (values: Record<string, unknown>) => {
    if (!record) return;
    const ok = await run(() => dataProvider.act(MATTER_API, op, present({ ...values, id: record.id, version: record.version })), success);
    if (ok) setOpen(false);
  };
  return { open, setOpen, resolver, submit, busy };
}

/** 指派: choose a handler; the handler gets a message. */
export const AssignButton = () => {
  const allowed = useAllowed('assign');
  const record = useRecordContext<Matter>();
  const d = useActionDialog(matterAssignSchema, 'assign', 'pv.matter.notify.assigned');
  if (!allowed) return null;
  return (
    <>
      <ActionButton label="pv.matter.action.assign" icon={<AssignIcon />} onClick={() => d.setOpen(true)} />
      <FormDialog open={d.open} title="pv.matter.dialog.assign_title" hint="pv.matter.dialog.assign_hint" onClose={() => d.setOpen(false)} onSubmit={d.submit} resolver={d.resolver} submitLabel="ra.action.confirm" busy={d.busy}>
        <HandlerInput source="handler_id" defaultValue={record?.handler_id ?? undefined} fullWidth isRequired />
      </FormDialog>
    </>
  );
};

const STARS = [1, 2, 3, 4, 5].map((n) => ({ id: n, name: '★'.repeat(n) }));

/** 办结: result required, satisfaction optional. */
export const CloseButton = () => {
  const allowed = useAllowed('close');
  const d = useActionDialog(matterCloseSchema, 'close', 'pv.matter.notify.closed');
  if (!allowed) return null;
  return (
    <>
      <ActionButton label="pv.matter.action.close" icon={<CloseIcon />} onClick={() => d.setOpen(true)} color="success" />
      <FormDialog open={d.open} title="pv.matter.dialog.close_title" hint="pv.matter.dialog.close_hint" onClose={() => d.setOpen(false)} onSubmit={d.submit} resolver={d.resolver} submitLabel="ra.action.confirm" busy={d.busy}>
        <TextInput source="result" label={fieldLabel('result')} multiline minRows={3} fullWidth isRequired />
        <SelectInput source="satisfaction" label={fieldLabel('satisfaction')} choices={STARS} fullWidth />
      </FormDialog>
    </>
  );
};

/** 驳回: a reason is required. */
export const RejectButton = () => {
  const allowed = useAllowed('reject');
  const d = useActionDialog(matterRejectSchema, 'reject', 'pv.matter.notify.rejected');
  if (!allowed) return null;
  return (
    <>
      <ActionButton label="pv.matter.action.reject" icon={<RejectIcon />} onClick={() => d.setOpen(true)} color="error" />
      <FormDialog open={d.open} title="pv.matter.dialog.reject_title" hint="pv.matter.dialog.reject_hint" onClose={() => d.setOpen(false)} onSubmit={d.submit} resolver={d.resolver} submitLabel="ra.action.confirm" busy={d.busy}>
        <TextInput source="reason" label="pv.matter.reject_reason" multiline minRows={2} fullWidth isRequired />
      </FormDialog>
    </>
  );
};
