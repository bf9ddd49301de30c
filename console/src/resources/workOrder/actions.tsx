import { useMemo, useState, type ReactElement, type MouseEvent } from 'react';
import { Confirm, SelectInput, TextInput, useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { IconButton, Stack, Tooltip } from '@mui/material';
import DispatchIcon from '@mui/icons-material/SendOutlined';
import AcceptIcon from '@mui/icons-material/HandshakeOutlined';
import RefuseIcon from '@mui/icons-material/UndoOutlined';
import StartIcon from '@mui/icons-material/PlayCircleOutline';
import SubmitIcon from '@mui/icons-material/FactCheckOutlined';
import RectifyIcon from '@mui/icons-material/BuildCircleOutlined';
import CancelIcon from '@mui/icons-material/CancelOutlined';
import EditIcon from '@mui/icons-material/EditCalendarOutlined';
import { OPEN_WORK_ORDER_STATES, WORK_ORDER_EDITABLE, workOrderDispatchSchema, workOrderEditSchema, workOrderReasonSchema, type WorkOrder, type WorkOrderAction } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import type { AccessInfo } from '../../providers/authProvider.ts';
import { hasPermission } from '../../providers/permissions.ts';
import { contractResolver } from '../../forms/zodResolver.ts';
import { FormDialog, present, useAction } from '../common/actions.tsx';
import { useConflictEdit } from '../common/ConflictDialog.tsx';
import { sameValue } from '../common/conflict.ts';
import { TeamInput, fieldLabel, useWorkOrderChoices } from './common.tsx';
import { WORK_ORDER_API, orderResourceOf, rowActions } from './logic.ts';
import { SubmitAuditDialog } from './SubmitAudit.tsx';

const ICONS: Record<Exclude<WorkOrderAction, 'approve' | 'reject'>, ReactElement> = {
  dispatch: <DispatchIcon fontSize="small" />,
  accept: <AcceptIcon fontSize="small" />,
  reject_order: <RefuseIcon fontSize="small" />,
  start: <StartIcon fontSize="small" />,
  submit_audit: <SubmitIcon fontSize="small" />,
  rectify: <RectifyIcon fontSize="small" />,
  cancel: <CancelIcon fontSize="small" />,
};
const COLORS: Partial<Record<WorkOrderAction, 'primary' | 'error' | 'success' | 'warning'>> = { reject_order: 'warning', cancel: 'error', submit_audit: 'success' };

/** The user holds work_order:<action> (an admin holds them all). */
export function useWorkOrderCan() {
  const { permissions } = usePermissions<AccessInfo>();
  return (action: string) => hasPermission(permissions, `${WORK_ORDER_API}:${action}`);
}

type DialogProps = { record: WorkOrder; onClose: () => void };

/** 派单: a team of the order's kind, a deadline; planned date, dispatch type and remark optional. */
export const DispatchDialog = ({ record, onClose }: DialogProps) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const choices = useWorkOrderChoices();
  const { run, busy } = useAction();
  const resolver = useMemo(
    () => contractResolver(workOrderDispatchSchema, translate, (v: Record<string, unknown>) => present({ ...v, id: record.id, version: record.version })),
    [translate, record.id, record.version],
  );
  const submit = async (values: Record<string, unknown>) => {
    const ok = await run(() => dataProvider.act(WORK_ORDER_API, 'dispatch', present({ ...values, id: record.id, version: record.version })), 'pv.workOrder.notify.dispatch');
    if (ok) onClose();
  };
  return (
    <FormDialog
      open
      title={translate('pv.workOrder.dialog.dispatch_title', { no: record.order_no })}
      hint={translate('pv.workOrder.dialog.dispatch_hint', { station: record.station_name ?? record.station_code ?? '' })}
      onClose={onClose}
      onSubmit={submit}
      resolver={resolver}
      submitLabel="pv.workOrder.action.dispatch"
      busy={busy}
    >
      <TeamInput kind={record.kind} showLoad fullWidth isRequired defaultValue={record.team_id ?? undefined} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateInput source="deadline" label={fieldLabel('deadline')} isRequired fullWidth defaultValue={record.deadline?.slice(0, 10) ?? undefined} />
        <DateInput source="planned_date" label={fieldLabel('planned_date')} fullWidth defaultValue={record.planned_date?.slice(0, 10) ?? undefined} />
      </Stack>
      <SelectInput source="dispatch_type" label={fieldLabel('dispatch_type')} choices={choices.dispatchType} defaultValue="manual" fullWidth />
      <TextInput source="remark" label={fieldLabel('remark')} multiline minRows={2} fullWidth defaultValue={record.remark ?? undefined} />
    </FormDialog>
  );
};

const day = (v: string | null | undefined) => v?.slice(0, 10) ?? null;

/**
 * 修改派单 (work_order/edit, an open order): planned date, deadline, remark — only what the user
 * changed is sent, with the version shown; someone else's save in between opens the conflict dialog.
 */
export const EditOrderDialog = ({ record, onClose }: DialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const resource = orderResourceOf(record.kind);
  const [update, { isPending }] = useUpdate();
  const { mutationOptions, dialog } = useConflictEdit(resource, WORK_ORDER_EDITABLE, { fieldLabel, onSaved: () => onClose(), onReload: onClose });
  const initial: Record<string, unknown> = { planned_date: day(record.planned_date), deadline: day(record.deadline), remark: record.remark ?? null };
  const changed = (values: Record<string, unknown>) => Object.fromEntries(WORK_ORDER_EDITABLE.filter((f) => !sameValue(values[f], initial[f])).map((f) => [f, values[f] === '' ? null : values[f]]));
  const resolver = useMemo(
    () => contractResolver(workOrderEditSchema, translate, (v: Record<string, unknown>) => ({ ...changed(v), id: record.id, version: record.version })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [translate, record],
  );
  const submit = (values: Record<string, unknown>) =>
    update(
      resource,
      { id: record.id, data: { ...changed(values), version: record.version }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('pv.workOrder.notify.edit', { type: 'success' });
          refresh();
          onClose();
        },
        onError: (error, variables) => void mutationOptions.onError(error, variables as Parameters<typeof mutationOptions.onError>[1]),
      },
    );
  return (
    <>
      <FormDialog
        open
        title={translate('pv.workOrder.dialog.edit_title', { no: record.order_no })}
        hint="pv.workOrder.dialog.edit_hint"
        onClose={onClose}
        onSubmit={submit}
        resolver={resolver}
        submitLabel="ra.action.save"
        busy={isPending}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateInput source="planned_date" label={fieldLabel('planned_date')} fullWidth defaultValue={initial.planned_date ?? undefined} />
          <DateInput source="deadline" label={fieldLabel('deadline')} fullWidth defaultValue={initial.deadline ?? undefined} />
        </Stack>
        <TextInput source="remark" label={fieldLabel('remark')} multiline minRows={2} fullWidth defaultValue={record.remark ?? undefined} />
      </FormDialog>
      {dialog}
    </>
  );
};

/** 拒单 / 取消: a reason is required (it goes on the timeline). */
const ReasonDialog = ({ record, onClose, action }: DialogProps & { action: 'reject_order' | 'cancel' }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const resolver = useMemo(
    () => contractResolver(workOrderReasonSchema, translate, (v: Record<string, unknown>) => ({ ...present(v), id: record.id, version: record.version })),
    [translate, record.id, record.version],
  );
  const submit = async (values: Record<string, unknown>) => {
    const ok = await run(() => dataProvider.act(WORK_ORDER_API, action, { reason: values.reason, id: record.id, version: record.version }), `pv.workOrder.notify.${action}`);
    if (ok) onClose();
  };
  return (
    <FormDialog
      open
      title={translate(`pv.workOrder.dialog.${action}_title`, { no: record.order_no })}
      hint={`pv.workOrder.dialog.${action}_hint`}
      onClose={onClose}
      onSubmit={submit}
      resolver={resolver}
      submitLabel="ra.action.confirm"
      busy={busy}
    >
      <TextInput source="reason" label={`pv.workOrder.reason.${action}`} multiline minRows={2} fullWidth isRequired />
    </FormDialog>
  );
};

/** 接单 / 开工 / 开始整改: no input, one confirmation. */
const MoveDialog = ({ record, onClose, action }: DialogProps & { action: 'accept' | 'start' | 'rectify' }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const confirm = async () => {
    const ok = await run(() => dataProvider.act(WORK_ORDER_API, action, { id: record.id, version: record.version }), `pv.workOrder.notify.${action}`);
    if (ok) onClose();
  };
  return (
    <Confirm
      isOpen
      loading={busy}
      title={translate(`pv.workOrder.dialog.${action}_title`, { no: record.order_no })}
      content={translate(`pv.workOrder.dialog.${action}_hint`, { station: record.station_name ?? record.station_code ?? '', team: record.team_name ?? '' })}
      confirm="ra.action.confirm"
      onConfirm={confirm}
      onClose={onClose}
    />
  );
};

/** The dialog of one action on one order. */
export const ActionDialog = ({ action, record, onClose }: DialogProps & { action: WorkOrderAction }) => {
  switch (action) {
    case 'dispatch':
      return <DispatchDialog record={record} onClose={onClose} />;
    case 'reject_order':
    case 'cancel':
      return <ReasonDialog record={record} onClose={onClose} action={action} />;
    case 'accept':
    case 'start':
    case 'rectify':
      return <MoveDialog record={record} onClose={onClose} action={action} />;
    case 'submit_audit':
      return <SubmitAuditDialog record={record} onClose={onClose} />;
    default:
      return null;
  }
};

/**
 * A row's actions as icon buttons with tooltips: only the transitions its status allows now and the
 * user may run (rowActions); none on a frozen station. Each opens its dialog.
 */
export const WorkOrderRowActions = (_props: { label?: string }) => {
  const record = useRecordContext<WorkOrder>();
  const translate = useTranslate();
  const can = useWorkOrderCan();
  const [open, setOpen] = useState<WorkOrderAction | null>(null);
  const [editing, setEditing] = useState(false);
  if (!record) return null;
  const actions = rowActions(record, can);
  const editable = can('edit') && !record.station_frozen && (OPEN_WORK_ORDER_STATES as readonly string[]).includes(record.status);
  if (actions.length === 0 && !editable) return null;
  return (
    <Stack direction="row" spacing={0} onClick={(e: MouseEvent) => e.stopPropagation()} data-testid="work-order-actions">
      {actions.map((a) => (
        <Tooltip key={a} title={translate(`pv.workOrder.action.${a}`)}>
          <IconButton size="small" sx={{ p: 0.5 }} color={COLORS[a] ?? 'primary'} onClick={() => setOpen(a)} aria-label={`${translate(`pv.workOrder.action.${a}`)} ${record.order_no}`} data-testid={`wo-action-${a}`}>
            {ICONS[a as keyof typeof ICONS]}
          </IconButton>
        </Tooltip>
      ))}
      {editable && (
        <Tooltip title={translate('pv.workOrder.action.edit')}>
          <IconButton size="small" sx={{ p: 0.5 }} color="primary" onClick={() => setEditing(true)} aria-label={`${translate('pv.workOrder.action.edit')} ${record.order_no}`} data-testid="wo-action-edit">
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {open && <ActionDialog action={open} record={record} onClose={() => setOpen(null)} />}
      {editing && <EditOrderDialog record={record} onClose={() => setEditing(false)} />}
    </Stack>
  );
};
