import { useMemo } from 'react';
import { RadioButtonGroupInput, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Alert, Typography } from '@mui/material';
import { ResolveDecision, formatMoney, settlementDisputeSchema, settlementGenerateSchema, settlementPaySchema, settlementResolveSchema, type Settlement, type SettlementLine, formatYuan } from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import { MonthInput } from '../../forms/DateInputs.tsx';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { FormDialog, present, useAction } from '../common/actions.tsx';
import { useLang } from '../common/format.tsx';
import { LineKindLabel } from './common.tsx';
import { SETTLEMENT_API } from './logic.ts';

type Row = Record<string, unknown>;

/** The month before this one (China calendar), as the default of a generation. */
const lastMonth = () => {
  const now = new Date(Date.now() + 8 * 3_600_000);
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return m === 0 ? `${y - 1}-12` : `${y}-${String(m).padStart(2, '0')}`;
};

/** 生成结算单 for a month (idempotent: what exists stays, new events join draft settlements). */
export const GenerateDialog = ({ onClose }: { onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const resolver = useMemo(() => contractResolver(settlementGenerateSchema, translate, (v: Row) => present(v)), [translate]);
  const onSubmit = async (v: Row) => {
    if (await run(() => dataProvider.act(SETTLEMENT_API, 'generate', present(v)), 'pv.settlement.notify.generate')) onClose();
  };
  return (
    <FormDialog open title="pv.settlement.dialog.generate_title" hint="pv.settlement.dialog.generate_hint" submitLabel="pv.settlement.generate" busy={busy} resolver={resolver} onClose={onClose} onSubmit={(v) => void onSubmit(v)}>
      <MonthInput source="month" label="pv.settlement.dialog.month" defaultValue={lastMonth()} fullWidth isRequired data-testid="generate-month" />
    </FormDialog>
  );
};

const LineSummary = ({ line }: { line: SettlementLine }) => (
  <Alert severity="info" sx={{ mb: 2 }}>
    <Typography variant="body2">
      <LineKindLabel kind={line.kind} /> · {line.source_label ?? `#${line.source_id}`} · {formatYuan(line.amount)}
    </Typography>
    {line.dispute_reason && <Typography variant="body2">{line.dispute_reason}</Typography>}
  </Alert>
);

/** 提出异议 on one line: the reason is required. */
export const DisputeDialog = ({ record, line, onClose }: { record: Settlement; line: SettlementLine; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const base = { id: record.id, version: record.version, line_id: line.id };
  const resolver = useMemo(() => contractResolver(settlementDisputeSchema, translate, (v: Row) => ({ ...present(v), ...base })), [translate, record, line]); // eslint-disable-line react-hooks/exhaustive-deps
  const onSubmit = async (v: Row) => {
    if (await run(() => dataProvider.act(SETTLEMENT_API, 'dispute', { ...present(v), ...base }), 'pv.settlement.notify.dispute')) onClose();
  };
  return (
    <FormDialog open title="pv.settlement.dialog.dispute_title" hint="pv.settlement.dialog.dispute_hint" submitLabel="pv.settlement.action.dispute" busy={busy} resolver={resolver} onClose={onClose} onSubmit={(v) => void onSubmit(v)}>
      <LineSummary line={line} />
      <TextInput source="reason" label="pv.settlement.dialog.reason" multiline minRows={2} fullWidth isRequired data-testid="dispute-reason" />
    </FormDialog>
  );
};

const AmountWhenAccepting = () => {
  const decision = useWatch({ name: 'decision' }) as string | undefined;
  return decision === 'accept' ? <TextInput source="amount" label="pv.settlement.dialog.amount" helperText="pv.settlement.dialog.amount_hint" inputMode="decimal" fullWidth isRequired data-testid="resolve-amount" /> : null;
};

/** 处理异议 (finance): accept with the amount the line should have (an adjustment line makes up the difference), or reject with a reply. */
export const ResolveDialog = ({ record, line, onClose }: { record: Settlement; line: SettlementLine; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const lang = useLang();
  const { run, busy } = useAction();
  const base = { id: record.id, version: record.version, line_id: line.id };
  const clean = (v: Row) => {
    const out: Row = { ...present(v), ...base };
    if (out.decision !== 'accept') delete out.amount;
    return out;
  };
  const resolver = useMemo(() => contractResolver(settlementResolveSchema, translate, clean), [translate, record, line]); // eslint-disable-line react-hooks/exhaustive-deps
  const onSubmit = async (v: Row) => {
    if (await run(() => dataProvider.act(SETTLEMENT_API, 'resolve', clean(v)), 'pv.settlement.notify.resolve')) onClose();
  };
  return (
    <FormDialog open title="pv.settlement.dialog.resolve_title" hint="pv.settlement.dialog.resolve_hint" submitLabel="pv.settlement.action.resolve" busy={busy} resolver={resolver} onClose={onClose} onSubmit={(v) => void onSubmit(v)}>
      <LineSummary line={line} />
      <RadioButtonGroupInput source="decision" label="pv.settlement.dialog.decision" choices={ResolveDecision.choices(lang)} defaultValue="accept" isRequired data-testid="resolve-decision" />
      <AmountWhenAccepting />
      <TextInput source="reply" label="pv.settlement.dialog.reply" multiline minRows={2} fullWidth isRequired data-testid="resolve-reply" />
    </FormDialog>
  );
};

/** 确认付款: the bank's serial (and the day paid; today by default). */
export const PayDialog = ({ record, onClose }: { record: Settlement; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const base = { id: record.id, version: record.version };
  const resolver = useMemo(() => contractResolver(settlementPaySchema, translate, (v: Row) => ({ ...present(v), ...base })), [translate, record]); // eslint-disable-line react-hooks/exhaustive-deps
  const onSubmit = async (v: Row) => {
    if (await run(() => dataProvider.act(SETTLEMENT_API, 'pay', { ...present(v), ...base }), 'pv.settlement.notify.pay')) onClose();
  };
  return (
    <FormDialog open title="pv.settlement.dialog.pay_title" hint="pv.settlement.dialog.pay_hint" submitLabel="pv.settlement.action.pay" busy={busy} resolver={resolver} onClose={onClose} onSubmit={(v) => void onSubmit(v)}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('pv.settlement.dialog.pay_amount', { amount: formatMoney(record.total_amount) })}
      </Alert>
      <TextInput source="bank_serial" label="pv.settlement.dialog.bank_serial" fullWidth isRequired data-testid="pay-serial" />
    </FormDialog>
  );
};
