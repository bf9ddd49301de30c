import { useMemo, useState } from 'react';
import { CheckboxGroupInput, TextInput, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Box } from '@mui/material';
import ApproveIcon from '@mui/icons-material/TaskAltOutlined';
import RejectIcon from '@mui/icons-material/BlockOutlined';
import { auditItemsFor, selfAuditApproveSchema, selfAuditRejectSchema, type SelfAudit, type WorkOrderKindValue } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { contractResolver } from '../../forms/zodResolver.ts';
import { ActionButton, FormDialog, present, useAction, useCan } from '../common/actions.tsx';
import { useLang } from '../common/format.tsx';
import { SELF_AUDIT_API, auditRejectBody, nestErrors, rejectFieldOf, type AuditRejectForm } from '../workOrder/logic.ts';
import { fieldLabel } from './common.tsx';

/** Review buttons show on a pending audit for a user holding self_audit:<action>; the server refuses the submitter. */
function useReviewable(action: 'approve' | 'reject') {
  const record = useRecordContext<SelfAudit>();
  const permitted = useCan(action);
  return !!record && permitted && record.result === 'pending';
}

/** 审核通过: an optional opinion; the order completes and the station moves on. */
export const ApproveButton = () => {
  const record = useRecordContext<SelfAudit>();
  const allowed = useReviewable('approve');
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { run, busy } = useAction();
  const resolver = useMemo(
    () => contractResolver(selfAuditApproveSchema, translate, (v: Record<string, unknown>) => present({ ...v, id: record?.id, version: record?.version })),
    [translate, record?.id, record?.version],
  );
  if (!allowed || !record) return null;
  const submit = async (values: Record<string, unknown>) => {
    const ok = await run(() => dataProvider.act(SELF_AUDIT_API, 'approve', present({ ...values, id: record.id, version: record.version })), 'pv.selfAudit.notify.approved');
    if (ok) setOpen(false);
  };
  return (
    <>
      <ActionButton label="pv.selfAudit.action.approve" icon={<ApproveIcon />} onClick={() => setOpen(true)} color="success" />
      {open && (
        <FormDialog
          open
          title="pv.selfAudit.dialog.approve_title"
          hint={record.kind === 'grid' ? 'pv.selfAudit.dialog.approve_hint_grid' : 'pv.selfAudit.dialog.approve_hint_build'}
          onClose={() => setOpen(false)}
          onSubmit={submit}
          resolver={resolver}
          submitLabel="pv.selfAudit.action.approve"
          busy={busy}
        >
          <TextInput source="opinion" label={fieldLabel('opinion')} multiline minRows={2} fullWidth />
        </FormDialog>
      )}
    </>
  );
};

/** One reason field per item marked failed (in the items' order). */
const ItemReasons = ({ kind }: { kind: WorkOrderKindValue }) => {
  const lang = useLang();
  const translate = useTranslate();
  const failed = (useWatch({ name: 'failed' }) ?? []) as string[];
  return (
    <Box data-testid="reject-item-reasons">
      {auditItemsFor(kind)
        .filter((d) => failed.includes(d.key))
        .map((d) => (
          <TextInput key={d.key} source={`reasons.${d.key}`} label={translate('pv.selfAudit.dialog.item_reason', { item: d.label[lang] })} fullWidth isRequired />
        ))}
    </Box>
  );
};

/**
 * 审核驳回: an overall reason and the failed items, each with its reason — validated with the
 * contract's selfAuditRejectSchema (its errors shown on the matching fields). The order goes to 已驳回.
 */
export const RejectButton = () => {
  const record = useRecordContext<SelfAudit>();
  const allowed = useReviewable('reject');
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const { run, busy } = useAction();
  const resolver = useMemo<Resolver<AuditRejectForm & Record<string, unknown>>>(() => {
    return async (values, context, options) => {
      if (!record) return { values: {}, errors: {} };
      const body = auditRejectBody(record, values);
      const result = await contractResolver(selfAuditRejectSchema, translate, () => body)(values, context, options as never);
      const errors = result.errors as Record<string, { type: string; message: string }>;
      const keys = Object.keys(errors);
      if (keys.length === 0) return result;
      const mapped: Record<string, { type: string; message: string }> = {};
      for (const path of keys) {
        const field = rejectFieldOf(path, body);
        if (!(field in mapped)) mapped[field] = errors[path]!;
      }
      return { values: {}, errors: nestErrors(mapped) as unknown as FieldErrors<AuditRejectForm & Record<string, unknown>> };
    };
  }, [record, translate]);
  const choices = useMemo(() => (record ? auditItemsFor(record.kind).map((d) => ({ id: d.key, name: d.label[lang] })) : []), [record, lang]);
  if (!allowed || !record) return null;
  const submit = async (values: Record<string, unknown>) => {
    const ok = await run(() => dataProvider.act(SELF_AUDIT_API, 'reject', auditRejectBody(record, values as AuditRejectForm)), 'pv.selfAudit.notify.rejected');
    if (ok) setOpen(false);
  };
  return (
    <>
      <ActionButton label="pv.selfAudit.action.reject" icon={<RejectIcon />} onClick={() => setOpen(true)} color="error" />
      {open && (
        <FormDialog
          open
          title="pv.selfAudit.dialog.reject_title"
          hint="pv.selfAudit.dialog.reject_hint"
          onClose={() => setOpen(false)}
          onSubmit={submit}
          resolver={resolver as never}
          submitLabel="pv.selfAudit.action.reject"
          busy={busy}
        >
          <TextInput source="reason" label={fieldLabel('reject_reason')} multiline minRows={2} fullWidth isRequired />
          <CheckboxGroupInput source="failed" label="pv.selfAudit.dialog.failed_items" choices={choices} row={false} isRequired />
          <ItemReasons kind={record.kind} />
        </FormDialog>
      )}
    </>
  );
};
