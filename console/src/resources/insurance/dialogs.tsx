import { useMemo } from 'react';
import { NumberInput, RadioButtonGroupInput, SelectInput, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { useWatch } from 'react-hook-form';
import { Typography } from '@mui/material';
import {
  claimAssessSchema,
  claimPaySchema,
  claimRejectSchema,
  claimSubmitSchema,
  formatMoney,
  policyEditSchema,
  policyRemoveStationSchema,
  policyRenewSchema,
  policySurrenderSchema,
  type PolicyStation,
  type InsuranceClaim,
  type InsurancePolicy,
} from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { FormDialog, present, useAction } from '../common/actions.tsx';
import { useInsuranceChoices } from './common.tsx';
import { DocumentsInput, InsurerInput } from './inputs.tsx';
import { policyField } from './common.tsx';
import { CLAIM_API, POLICY_API, numberPreview } from './logic.ts';

type Row = Record<string, unknown>;
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

const NumbersPreview = ({ n }: { n: number }) => {
  const translate = useTranslate();
  const [prefix, start, width, mode] = useWatch({ name: ['prefix', 'seq_start', 'seq_width', 'mode'] }) as [string, number, number, string];
  if (mode !== 'seq' || !prefix || start == null) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="renew-numbers-preview">
      {translate('pv.insurance.dialog.numbers_preview', { list: [...numberPreview(prefix, Number(start), Number(width || 4), n), n > 3 ? '…' : ''].filter(Boolean).join(', ') })}
    </Typography>
  );
};

const PercentInput = () => {
  const rule = useWatch({ name: 'premium_rule' }) as string;
  return rule === 'percent' ? <TextInput source="percent" label="pv.insurance.dialog.percent" fullWidth data-testid="renew-percent" /> : null;
};

const EachNumber = ({ policies }: { policies: Pick<InsurancePolicy, 'id' | 'policy_no'>[] }) => {
  const translate = useTranslate();
  const mode = useWatch({ name: 'mode' }) as string;
  if (mode !== 'each') return null;
  return (
    <>
      {policies.map((p) => (
        <TextInput key={p.id} source={`numbers.${p.id}`} label={translate('pv.insurance.dialog.number_for', { no: p.policy_no })} fullWidth />
      ))}
    </>
  );
};
const SeqInputs = () => {
  const mode = useWatch({ name: 'mode' }) as string;
  if (mode !== 'seq') return null;
  return (
    <>
      <TextInput source="prefix" label="pv.insurance.dialog.prefix" fullWidth data-testid="renew-prefix" />
      <NumberInput source="seq_start" label="pv.insurance.dialog.seq_start" fullWidth data-testid="renew-seq-start" />
      <NumberInput source="seq_width" label="pv.insurance.dialog.seq_width" fullWidth />
    </>
  );
};

/**
 * 续保 of the ticked policies: the new term in years, the premium rule (same or ± %), the new numbers
 * (prefix + sequence, or one per policy) → policy/renew (one transaction; already renewed ones skipped).
 */
export const RenewDialog = ({ policies, onClose, onDone }: { policies: Pick<InsurancePolicy, 'id' | 'policy_no'>[]; onClose: () => void; onDone?: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const choices = useInsuranceChoices();
  const { run, busy } = useAction();
  const notify = useNotify();
  const body = (v: Row) => {
    const { mode, numbers, prefix, seq_start, seq_width, ...rest } = v;
    return present({ ...rest, ids: policies.map((p) => p.id), ...(mode === 'each' ? { numbers } : { prefix, seq_start, seq_width }) });
  };
  const resolver = useMemo(() => contractResolver(policyRenewSchema, translate, body), [translate, policies]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = async (v: Row) => {
    let counts = { created: 0, skipped: 0 };
    const ok = await run(async () => {
      const r = (await dataProvider.act(POLICY_API, 'renew', body(v))).data as unknown as { created: unknown[]; skipped: unknown[] };
      counts = { created: r.created.length, skipped: r.skipped.length };
    }, 'pv.insurance.notify.renew');
    if (ok) {
      // the counts stay on screen after the dialog (and the ticked rows) are gone
      notify('pv.insurance.dialog.renew_done', { type: 'success', messageArgs: counts });
      onClose();
      onDone?.();
    }
  };
  return (
    <FormDialog open title="pv.insurance.dialog.renew_title" hint={translate('pv.insurance.dialog.renew_hint', { n: policies.length })} onClose={onClose} onSubmit={(v) => void submit(v)} resolver={resolver} submitLabel="pv.insurance.renew" busy={busy}>
      <div data-testid="renew-form">
        <NumberInput source="term_years" label="pv.insurance.dialog.term_years" defaultValue={1} min={1} max={5} fullWidth />
        <SelectInput source="premium_rule" label="pv.insurance.dialog.premium_rule" choices={choices.premiumRule} defaultValue="same" fullWidth data-testid="renew-premium-rule" />
        <PercentInput />
        <RadioButtonGroupInput
          source="mode"
          label="pv.insurance.dialog.numbering"
          defaultValue="seq"
          choices={[
            { id: 'seq', name: 'pv.insurance.dialog.numbering_seq' },
            { id: 'each', name: 'pv.insurance.dialog.numbering_each' },
          ]}
        />
        <SeqInputs />
        <EachNumber policies={policies} />
        <NumbersPreview n={policies.length} />
      </div>
    </FormDialog>
  );
};

/** 退保 on a day within the term, with the reason. */
export const SurrenderDialog = ({ record, onClose }: { record: InsurancePolicy; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const body = (v: Row) => present({ ...v, id: record.id, version: record.version });
  const resolver = useMemo(() => contractResolver(policySurrenderSchema, translate, body), [translate, record.id, record.version]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = async (v: Row) => {
    if (await run(() => dataProvider.act(POLICY_API, 'surrender', body(v)), 'pv.insurance.notify.surrender')) onClose();
  };
  return (
    <FormDialog open title="pv.insurance.dialog.surrender_title" hint="pv.insurance.dialog.surrender_hint" onClose={onClose} onSubmit={(v) => void submit(v)} resolver={resolver} submitLabel="pv.insurance.action.surrender" busy={busy}>
      <DateInput source="surrender_date" label="pv.insurance.dialog.surrender_date" defaultValue={today()} fullWidth isRequired />
      <TextInput source="reason" label="pv.insurance.dialog.reason" multiline minRows={2} fullWidth isRequired />
    </FormDialog>
  );
};

/** The claim's steps after 报案: submit (documents), assess (approved), pay (received), reject (reason). */
export const ClaimStepDialog = ({ step, record, onClose }: { step: 'submit' | 'assess' | 'pay' | 'reject'; record: InsuranceClaim; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const schema = { submit: claimSubmitSchema, assess: claimAssessSchema, pay: claimPaySchema, reject: claimRejectSchema }[step];
  const body = (v: Row) => present({ ...v, id: record.id, version: record.version });
  const resolver = useMemo(() => contractResolver(schema, translate, body), [translate, step, record.id, record.version]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = async (v: Row) => {
    if (await run(() => dataProvider.act(CLAIM_API, step, body(v)), `pv.insurance.notify.${step}`)) onClose();
  };
  const hint =
    step === 'assess'
      ? translate('pv.insurance.dialog.assess_hint', { amount: formatMoney(record.amount_claimed) })
      : step === 'pay'
        ? translate('pv.insurance.dialog.pay_hint', { amount: formatMoney(record.amount_approved ?? '0') })
        : `pv.insurance.dialog.${step}_hint`;
  return (
    <FormDialog open title={`pv.insurance.dialog.${step}_title`} hint={hint} onClose={onClose} onSubmit={(v) => void submit(v)} resolver={resolver} submitLabel={`pv.insurance.action.${step}`} busy={busy}>
      <div data-testid={`claim-${step}-form`}>
        {step === 'submit' && <DocumentsInput testId="claim-submit-documents" />}
        {step === 'assess' && (
          <>
            <TextInput source="amount_approved" label="resources.partner/insuranceClaim.fields.amount_approved" defaultValue={record.amount_claimed} fullWidth isRequired data-testid="claim-amount-approved" />
            <TextInput source="note" label="pv.insurance.dialog.note" fullWidth />
          </>
        )}
        {step === 'pay' && (
          <>
            <TextInput source="amount_received" label="resources.partner/insuranceClaim.fields.amount_received" defaultValue={record.amount_approved ?? ''} fullWidth isRequired data-testid="claim-amount-received" />
            <DateInput source="paid_on" label="resources.partner/insuranceClaim.fields.paid_on" defaultValue={today()} fullWidth isRequired />
          </>
        )}
        {step === 'reject' && <TextInput source="reason" label="pv.insurance.dialog.reason" multiline minRows={2} fullWidth isRequired />}
      </div>
    </FormDialog>
  );
};

/**
 * 修改保单 while in force or not yet started: the number as printed, the insurer, the remark
 * (only the fields changed are sent; the server checks the state, the number's uniqueness and the insurer).
 */
export const EditPolicyDialog = ({ record, onClose }: { record: InsurancePolicy; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const start = { policy_no: record.policy_no, insurer_id: record.insurer_id, remark: record.remark ?? '' };
  const body = (v: Row) => {
    const out: Row = { id: record.id, version: record.version };
    for (const k of Object.keys(start) as (keyof typeof start)[]) {
      const next = v[k] === '' || v[k] === undefined ? null : v[k];
      if (next !== (start[k] === '' ? null : start[k])) out[k] = next;
    }
    return out;
  };
  const resolver = useMemo(() => contractResolver(policyEditSchema, translate, body), [translate, record.id, record.version]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = async (v: Row) => {
    if (await run(() => dataProvider.act(POLICY_API, 'edit', body(v)), 'pv.insurance.notify.edit')) onClose();
  };
  return (
    <FormDialog open record={start} title="pv.insurance.dialog.edit_title" hint="pv.insurance.dialog.edit_hint" onClose={onClose} onSubmit={(v) => void submit(v)} resolver={resolver} submitLabel="ra.action.save" busy={busy}>
      <TextInput source="policy_no" label={policyField('policy_no')} fullWidth isRequired />
      <InsurerInput label={policyField('insurer_name')} />
      <TextInput source="remark" label={policyField('remark')} multiline minRows={2} fullWidth />
    </FormDialog>
  );
};

/**
 * 移除承保电站: the station's cover ends on the day given (its last covered day), with a reason and the
 * premium the insurer refunds (0 when none); the policy's count, sum insured total and premium follow.
 */
export const RemoveStationDialog = ({ record, station, onClose }: { record: InsurancePolicy; station: PolicyStation; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const body = (v: Row) => present({ ...v, id: record.id, version: record.version, station_id: station.station_id });
  const resolver = useMemo(() => contractResolver(policyRemoveStationSchema, translate, body), [translate, record.id, record.version, station.station_id]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = async (v: Row) => {
    if (await run(() => dataProvider.act(POLICY_API, 'remove_station', body(v)), 'pv.insurance.notify.remove_station')) onClose();
  };
  const day = today();
  const first = day < station.start_date ? station.start_date : day > station.end_date ? station.end_date : day;
  return (
    <FormDialog open title="pv.insurance.dialog.remove_title" onClose={onClose} onSubmit={(v) => void submit(v)} resolver={resolver} submitLabel="pv.insurance.action.remove_station" busy={busy}>
      <Typography variant="body2" sx={{ mb: 2 }} data-testid="remove-station-hint">
        {translate('pv.insurance.dialog.remove_hint', { station: `${station.station_code} · ${station.station_name}`, sum: formatMoney(station.sum_insured), from: station.start_date, to: station.end_date })}
      </Typography>
      <DateInput source="effective_date" label="pv.insurance.dialog.remove_date" defaultValue={first} fullWidth isRequired />
      <TextInput source="reason" label="pv.insurance.dialog.reason" multiline minRows={2} fullWidth isRequired />
      <TextInput source="premium_refund" label="pv.insurance.dialog.premium_refund" helperText="pv.insurance.dialog.premium_refund_hint" inputMode="decimal" fullWidth />
    </FormDialog>
  );
};
