import { useMemo, useState } from 'react';
import { Confirm, SelectInput, TextInput, useDataProvider, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import FollowUpIcon from '@mui/icons-material/AddCommentOutlined';
import SurveyIcon from '@mui/icons-material/FactCheckOutlined';
import ConvertIcon from '@mui/icons-material/HowToRegOutlined';
import LoseIcon from '@mui/icons-material/PersonOffOutlined';
import { customerConvertSchema, customerLoseSchema, followUpCreateSchema, type Customer } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { FORMAL } from '../../providers/resources.ts';
import { contractResolver } from '../../forms/zodResolver.ts';
import { useChoices } from './common.tsx';
import { ActionButton, FormDialog, present, useAction, useCan } from '../common/actions.tsx';

/** 添加跟进 */
export const FollowUpButton = () => {
  const record = useRecordContext<Customer>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const choices = useChoices();
  const [open, setOpen] = useState(false);
  const { run, busy } = useAction();
  const allowed = useCan('follow_up');
  const resolver = useMemo(
    () => contractResolver(followUpCreateSchema, translate, (v: Record<string, unknown>) => present({ ...v, customer_id: record?.id })),
    [translate, record?.id],
  );
  if (!record || !allowed || record.status === 'lost') return null;
  const submit = async (values: Record<string, unknown>) => {
    const ok = await run(
      () => dataProvider.followUp({ customer_id: record.id, way: String(values.way), content: String(values.content ?? ''), next_date: (values.next_date as string) || null }),
      'pv.customer.notify.follow_up_added',
    );
    if (ok) setOpen(false);
  };
  return (
    <>
      <ActionButton label="pv.customer.action.follow_up" icon={<FollowUpIcon />} onClick={() => setOpen(true)} />
      <FormDialog
        open={open}
        title="pv.customer.dialog.follow_up_title"
        onClose={() => setOpen(false)}
        onSubmit={submit}
        resolver={resolver}
        submitLabel="ra.action.save"
        busy={busy}
      >
        <SelectInput source="way" label="pv.customer.follow_up.way" choices={choices.followUpWay} defaultValue="phone" fullWidth isRequired />
        <TextInput source="content" label="pv.customer.follow_up.content" multiline minRows={3} fullWidth isRequired />
        <DateInput source="next_date" label="pv.customer.follow_up.next_date" fullWidth />
      </FormDialog>
    </>
  );
};

/** 标记已踏勘 (新建 / 跟进中 → 已踏勘) */
export const SurveyButton = () => {
  const record = useRecordContext<Customer>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const [open, setOpen] = useState(false);
  const { run, busy } = useAction();
  const allowed = useCan('survey');
  if (!record || !allowed || record.stage !== 'intentional' || !['new', 'following'].includes(record.status)) return null;
  return (
    <>
      <ActionButton label="pv.customer.action.survey" icon={<SurveyIcon />} onClick={() => setOpen(true)} />
      <Confirm
        isOpen={open}
        loading={busy}
        title="pv.customer.dialog.survey_confirm_title"
        content="pv.customer.dialog.survey_confirm"
        translateOptions={{ name: record.name }}
        onConfirm={async () => {
          await run(() => dataProvider.survey({ id: record.id, version: record.version }), 'pv.customer.notify.surveyed');
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** 转为正式客户 (dialog: business mode, signed date, financier, bank); then the formal customer's page, unless `stay` (customerDetail refreshes in place). */
export const ConvertButton = ({ stay = false }: { stay?: boolean }) => {
  const record = useRecordContext<Customer>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const redirect = useRedirect();
  const choices = useChoices();
  const [open, setOpen] = useState(false);
  const { run, busy } = useAction();
  const allowed = useCan('convert');
  const resolver = useMemo(
    () =>
      contractResolver(customerConvertSchema, translate, (v: Record<string, unknown>) =>
        present({ ...v, id: record?.id, version: record?.version }),
      ),
    [translate, record?.id, record?.version],
  );
  if (!record || !allowed || record.stage !== 'intentional' || record.status === 'lost') return null;
  const submit = async (values: Record<string, unknown>) => {
    const body = present({ ...values, id: record.id, version: record.version }) as Parameters<PvDataProvider['convert']>[0];
    const ok = await run(() => dataProvider.convert(body), 'pv.customer.notify.converted');
    if (ok) {
      setOpen(false);
      if (!stay) redirect('show', FORMAL, record.id);
    }
  };
  return (
    <>
      <ActionButton label="pv.customer.action.convert" icon={<ConvertIcon />} onClick={() => setOpen(true)} color="success" />
      <FormDialog
        open={open}
        title="pv.customer.dialog.convert_title"
        hint="pv.customer.dialog.convert_hint"
        onClose={() => setOpen(false)}
        onSubmit={submit}
        resolver={resolver}
        submitLabel="ra.action.confirm"
        busy={busy}
      >
        <SelectInput source="business_mode" label="resources.customer/customerList.fields.business_mode" choices={choices.businessMode} fullWidth isRequired />
        <DateInput source="signed_at" label="resources.customer/customerList.fields.signed_at" defaultValue={new Date().toISOString().slice(0, 10)} fullWidth />
        <TextInput source="financier" label="resources.customer/customerList.fields.financier" fullWidth />
        <TextInput source="bank_name" label="resources.customer/customerList.fields.bank_name" fullWidth />
        <TextInput source="bank_card" label="resources.customer/customerList.fields.bank_card" fullWidth />
      </FormDialog>
    </>
  );
};

/** 标记流失 (dialog, reason required) */
export const LoseButton = () => {
  const record = useRecordContext<Customer>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { run, busy } = useAction();
  const allowed = useCan('lose');
  const resolver = useMemo(
    () => contractResolver(customerLoseSchema, translate, (v: Record<string, unknown>) => ({ ...v, id: record?.id, version: record?.version })),
    [translate, record?.id, record?.version],
  );
  if (!record || !allowed || record.status === 'lost') return null;
  const submit = async (values: Record<string, unknown>) => {
    const ok = await run(
      () => dataProvider.lose({ id: record.id, version: record.version, reason: String(values.reason ?? '') }),
      'pv.customer.notify.lost',
    );
    if (ok) setOpen(false);
  };
  return (
    <>
      <ActionButton label="pv.customer.action.lose" icon={<LoseIcon />} onClick={() => setOpen(true)} color="error" />
      <FormDialog
        open={open}
        title="pv.customer.dialog.lose_title"
        hint="pv.customer.dialog.lose_hint"
        onClose={() => setOpen(false)}
        onSubmit={submit}
        resolver={resolver}
        submitLabel="ra.action.confirm"
        busy={busy}
      >
        <TextInput source="reason" label="pv.customer.lose.reason" multiline minRows={2} fullWidth isRequired />
      </FormDialog>
    </>
  );
};
