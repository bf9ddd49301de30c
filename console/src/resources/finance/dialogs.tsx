import { useMemo, useState } from 'react';
import { AutocompleteInput, NumberInput, ReferenceInput, SelectInput, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import {
  leaseAddSchema,
  leaseChangeCardSchema,
  leaseEditSchema,
  leaseSignSchema,
  leaseTerminateSchema,
  rentBillDeductSchema,
  rentBillGenerateSchema,
  rentBillPaySchema,
  rentBillReasonSchema,
  type LeaseContract,
  type RentBill,
} from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { FormDialog, present, useAction } from '../common/actions.tsx';
import { RecordInput } from '../common/RecordInput.tsx';
import { billField, leaseField, useFinanceChoices } from './common.tsx';
import { BILL_API, LEASE_API, chinaToday, leaseDetailPath } from './logic.ts';

type Row = Record<string, unknown>;
type Schema = Parameters<typeof contractResolver>[0];

/** One action's dialog: the contract's schema validates the form; `shape` turns its values into the API body. */
function useActForm(api: string, op: string, schema: Schema, shape: (v: Row) => Row, success: string, onClose: () => void, after?: (data: Row) => void) {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const resolver = useMemo(() => contractResolver(schema, translate, (v: Row) => present(shape(v))), [translate]); // eslint-disable-line react-hooks/exhaustive-deps
  const onSubmit = async (values: Row) => {
    let data: Row = {};
    const ok = await run(async () => {
      const result = await dataProvider.act<Row>(api, op, present(shape(values)));
      data = result.data;
      return result;
    }, success);
    if (ok) {
      onClose();
      after?.(data);
    }
  };
  return { resolver, busy, onSubmit: (v: Row) => void onSubmit(v), onClose };
}

const TermsInputs = ({ record }: { record?: Partial<LeaseContract> }) => {
  const choices = useFinanceChoices();
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <DateInput source="start_date" label={leaseField('start_date')} defaultValue={record?.start_date} isRequired fullWidth />
        <NumberInput source="term_years" label={leaseField('term_years')} defaultValue={record?.term_years ?? 25} min={1} max={30} fullWidth />
        <SelectInput source="pay_cycle" label={leaseField('pay_cycle')} choices={choices.cycle} defaultValue={record?.pay_cycle ?? 'annual'} isRequired fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <SelectInput source="rent_rule" label={leaseField('rent_rule')} choices={choices.rule} defaultValue={record?.rent_rule ?? 'per_panel'} isRequired fullWidth />
        <TextInput source="rent_rate" label={leaseField('rent_rate')} defaultValue={record?.rent_rate} inputMode="decimal" isRequired fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <NumberInput source="panel_count" label={leaseField('panel_count')} defaultValue={record?.panel_count ?? undefined} fullWidth />
        <TextInput source="capacity_kwp" label={leaseField('capacity_kwp')} defaultValue={record?.capacity_kwp ?? undefined} inputMode="decimal" fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextInput source="escalation_pct" label={leaseField('escalation_pct')} defaultValue={record?.escalation_pct && Number(record.escalation_pct) > 0 ? record.escalation_pct : undefined} inputMode="decimal" fullWidth />
        <NumberInput source="escalation_years" label={leaseField('escalation_years')} defaultValue={record?.escalation_years ?? undefined} fullWidth />
      </Stack>
    </>
  );
};

/** Payee, bank, branch and card; a change starts from the account's current names (never its full number). */
const PayeeInputs = ({ record }: { record?: Partial<LeaseContract> }) => (
  <>
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <TextInput source="payee_name" label={leaseField('payee_name')} defaultValue={record?.payee_name ?? undefined} isRequired fullWidth />
      <TextInput source="bank_name" label={leaseField('bank_name')} defaultValue={record?.bank_name ?? undefined} isRequired fullWidth />
    </Stack>
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <TextInput source="bank_branch" label={leaseField('bank_branch')} defaultValue={record?.bank_branch ?? undefined} fullWidth />
      <TextInput source="bank_card" label={leaseField('bank_card')} inputMode="numeric" isRequired fullWidth />
    </Stack>
  </>
);

/** 新建租赁合同: a station (by code or name), the terms and the payee account; opens the new contract's page. */
export const AddLeaseDialog = ({ onClose, station }: { onClose: () => void; station?: { id: number; label: string } }) => {
  const navigate = useNavigate();
  const translate = useTranslate();
  const choices = useFinanceChoices();
  const form = useActForm(LEASE_API, 'add', leaseAddSchema, (v) => ({ ...v, ...(station ? { station_id: station.id } : {}) }), 'pv.lease.notify.add', onClose, (d) => navigate(leaseDetailPath(d.id as number)));
  return (
    <FormDialog open title="pv.lease.dialog.add_title" hint="pv.lease.dialog.add_hint" submitLabel="ra.action.save" wide {...form}>
      <div data-testid="lease-add-form">
        {station ? (
          <Typography sx={{ mb: 2 }}>
            {translate('pv.lease.dialog.station')}：{station.label}
          </Typography>
        ) : (
          <ReferenceInput source="station_id" reference="stationManagement/stationList" sort={{ field: 'created_at', order: 'DESC' }} perPage={20}>
            <AutocompleteInput label="pv.lease.dialog.station" optionText={(s: { code: string; name: string }) => `${s.code} · ${s.name}`} filterToQuery={(q: string) => ({ q })} fullWidth isRequired />
          </ReferenceInput>
        )}
        <SelectInput source="sign_method" label={leaseField('sign_method')} choices={choices.signMethod} defaultValue="electronic" fullWidth />
        <TermsInputs />
        <PayeeInputs />
        <TextInput source="remark" label={leaseField('remark')} fullWidth />
      </div>
    </FormDialog>
  );
};

/** 修改合同 (draft): the terms; the account through change_card. */
export const EditLeaseDialog = ({ record, onClose }: { record: LeaseContract; onClose: () => void }) => {
  const choices = useFinanceChoices();
  const form = useActForm(LEASE_API, 'edit', leaseEditSchema, (v) => ({ ...v, id: record.id, version: record.version }), 'pv.lease.notify.edit', onClose);
  return (
    <FormDialog open title="pv.lease.dialog.edit_title" hint="pv.lease.dialog.edit_hint" submitLabel="ra.action.save" wide {...form}>
      <div data-testid="lease-edit-form">
        <SelectInput source="sign_method" label={leaseField('sign_method')} choices={choices.signMethod} defaultValue={record.sign_method} fullWidth />
        <TermsInputs record={record} />
        <TextInput source="remark" label={leaseField('remark')} defaultValue={record.remark ?? undefined} fullWidth />
      </div>
    </FormDialog>
  );
};

export const SignDialog = ({ record, onClose }: { record: LeaseContract; onClose: () => void }) => {
  const choices = useFinanceChoices();
  const form = useActForm(LEASE_API, 'sign', leaseSignSchema, (v) => ({ ...v, id: record.id, version: record.version }), 'pv.lease.notify.sign', onClose);
  return (
    <FormDialog open title="pv.lease.dialog.sign_title" hint="pv.lease.dialog.sign_hint" submitLabel="pv.lease.action.sign" {...form}>
      <SelectInput source="sign_method" label={leaseField('sign_method')} choices={choices.signMethod} defaultValue={record.sign_method} fullWidth isRequired />
      <DateInput source="signed_date" label={leaseField('signed_date')} defaultValue={chinaToday()} fullWidth isRequired />
    </FormDialog>
  );
};

export const TerminateDialog = ({ record, onClose }: { record: LeaseContract; onClose: () => void }) => {
  const form = useActForm(LEASE_API, 'terminate', leaseTerminateSchema, (v) => ({ ...v, id: record.id, version: record.version }), 'pv.lease.notify.terminate', onClose);
  return (
    <FormDialog open title="pv.lease.dialog.terminate_title" hint="pv.lease.dialog.terminate_hint" submitLabel="pv.lease.action.terminate" {...form}>
      <DateInput source="terminate_date" label={leaseField('terminate_date')} defaultValue={chinaToday()} fullWidth isRequired />
      <TextInput source="reason" label="pv.lease.dialog.reason" multiline minRows={2} fullWidth isRequired />
    </FormDialog>
  );
};

export const ChangeCardDialog = ({ record, onClose, matterId }: { record: LeaseContract; onClose: () => void; matterId?: number }) => {
  const form = useActForm(LEASE_API, 'change_card', leaseChangeCardSchema, (v) => ({ ...v, id: record.id, version: record.version }), 'pv.lease.notify.change_card', onClose);
  return (
    <FormDialog open title="pv.lease.dialog.change_card_title" hint="pv.lease.dialog.change_card_hint" submitLabel="ra.action.save" {...form}>
      <div data-testid="lease-card-form">
        <PayeeInputs record={record} />
        <RecordInput kind="matter" source="matter_id" label="pv.lease.dialog.matter_id" defaultValue={matterId} filter={{ type: 'bank_card', ...(record.customer_id ? { customer_id: record.customer_id } : {}) }} />
        <TextInput source="reason" label="pv.lease.dialog.reason" fullWidth />
      </div>
    </FormDialog>
  );
};

/** 查看完整卡号: asks view_card (logged on the server) and shows the number until closed. */
export const ViewCardButton = ({ record }: { record: LeaseContract }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const [card, setCard] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    try {
      setError(null);
      setCard((await dataProvider.read<{ bank_card: string | null }>(LEASE_API, 'view_card', { id: record.id })).data.bank_card ?? '-');
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <>
      <Button size="small" onClick={() => void open()} data-testid="lease-view-card">
        {translate('pv.lease.view_card')}
      </Button>
      {error && <Alert severity="error">{error}</Alert>}
      <Dialog open={card !== null} onClose={() => setCard(null)}>
        <DialogTitle>{translate('pv.lease.card_shown')}</DialogTitle>
        <DialogContent>
          <Typography variant="h6" sx={{ fontFamily: 'monospace', letterSpacing: 1 }} data-testid="lease-full-card">
            {card}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCard(null)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

/** The bill's action dialogs: 扣款, 确认已支付, 支付失败, 暂停. */
export const BillActionDialog = ({ record, action, onClose }: { record: RentBill; action: 'deduct' | 'pay' | 'fail' | 'pause'; onClose: () => void }) => {
  const schema = action === 'deduct' ? rentBillDeductSchema : action === 'pay' ? rentBillPaySchema : rentBillReasonSchema;
  const form = useActForm(BILL_API, action, schema, (v) => ({ ...v, id: record.id, version: record.version }), `pv.bill.notify.${action}`, onClose);
  return (
    <FormDialog open title={`pv.bill.dialog.${action}_title`} hint={`pv.bill.dialog.${action}_hint`} submitLabel="ra.action.confirm" {...form}>
      <div data-testid={`bill-${action}-form`}>
        {action === 'deduct' && <TextInput source="amount" label="pv.bill.dialog.amount" inputMode="decimal" fullWidth isRequired />}
        {action === 'pay' && (
          <>
            <TextInput source="bank_serial" label={billField('bank_serial')} fullWidth isRequired />
            <TextInput source="channel" label={billField('channel')} defaultValue="bank" fullWidth />
          </>
        )}
        {action !== 'pay' && <TextInput source="reason" label="pv.bill.dialog.reason" multiline minRows={2} fullWidth isRequired />}
      </div>
    </FormDialog>
  );
};

/** 生成账单: one period's run now. */
export const GenerateDialog = ({ onClose }: { onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const resolver = useMemo(() => contractResolver(rentBillGenerateSchema, translate), [translate]);
  const [result, setResult] = useState<{ period: string; bills: number } | null>(null);
  const onSubmit = async (v: Row) => {
    await run(async () => setResult((await dataProvider.act<{ period: string; bills: number }>(BILL_API, 'generate', present(v))).data), 'ra.notification.updated');
  };
  return (
    <FormDialog open title="pv.bill.dialog.generate_title" hint="pv.bill.dialog.generate_hint" submitLabel="pv.bill.generate" busy={busy} resolver={resolver} onClose={onClose} onSubmit={(v) => void onSubmit(v)}>
      <TextInput source="period" label="pv.bill.dialog.period" fullWidth isRequired />
      {result && <Alert severity="success">{translate('pv.bill.notify.generate', { period: result.period, bills: result.bills })}</Alert>}
    </FormDialog>
  );
};
