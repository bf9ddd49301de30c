import { useEffect, useMemo, useState } from 'react';
import { AutocompleteInput, FormDataConsumer, ReferenceInput, SelectInput, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatMoney, formatYuan, invoiceMatchSchema, invoiceRedLetterSchema, invoiceVoidSchema, Money, type Invoice, type InvoiceLine } from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { FormDialog, present, useAction } from '../common/actions.tsx';
import { invoiceField, useInvoiceChoices } from './common.tsx';
import { InvoiceFileInput, LinesInput, invoiceBody } from './form.tsx';
import { chinaToday } from '../finance/logic.ts';
import { INVOICE_API, redLetterDraft } from './logic.ts';

type Row = Record<string, unknown>;

/** 作废 with a reason. */
export const VoidDialog = ({ record, onClose }: { record: Invoice; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const base = { id: record.id, version: record.version };
  const resolver = useMemo(() => contractResolver(invoiceVoidSchema, translate, (v: Row) => ({ ...present(v), ...base })), [translate, record]); // eslint-disable-line react-hooks/exhaustive-deps
  const onSubmit = async (v: Row) => {
    if (await run(() => dataProvider.act(INVOICE_API, 'void', { ...present(v), ...base }), 'pv.invoice.notify.void')) onClose();
  };
  return (
    <FormDialog open title="pv.invoice.action.void" hint="pv.invoice.dialog.void_hint" submitLabel="pv.invoice.action.void" busy={busy} resolver={resolver} onClose={onClose} onSubmit={(v) => void onSubmit(v)}>
      <TextInput source="reason" label="pv.invoice.dialog.reason" multiline minRows={2} fullWidth isRequired data-testid="void-reason" />
    </FormDialog>
  );
};

/**
 * 开具红字发票: its own type, code, number, date, reason and negative lines; never more than is left of
 * this invoice. Prefilled from the original — every line negated with its rate, the totals negated,
 * the type and (paper) code — so a full reversal needs only the red-letter invoice's own number and
 * reason; a partial one edits the lines and the totals as printed. The parties are the original's.
 */
export const RedLetterDialog = ({ record, onClose }: { record: Invoice; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const choices = useInvoiceChoices();
  const { run, busy } = useAction();
  const base = { id: record.id, version: record.version };
  const shape = (v: Row) => ({ ...invoiceBody(v), ...base });
  const resolver = useMemo(() => contractResolver(invoiceRedLetterSchema, translate, shape), [translate, record]); // eslint-disable-line react-hooks/exhaustive-deps
  // the same query (key and shape) as the detail page's lines: one cache entry
  const { data } = useQuery({
    queryKey: [INVOICE_API, 'lines', record.id, record.version],
    queryFn: () => dataProvider.read<{ list: InvoiceLine[] }>(INVOICE_API, 'lines', { id: record.id }).then((r) => r.data),
  });
  const lines = data?.list;
  // made once, when the lines arrive: a later refetch of the invoice must not reset what is being typed
  const [draft, setDraft] = useState<Row | null>(null);
  useEffect(() => {
    if (lines && !draft) setDraft({ ...redLetterDraft(record, lines), issue_date: chinaToday() });
  }, [lines, draft, record]);
  const onSubmit = async (v: Row) => {
    if (await run(() => dataProvider.act(INVOICE_API, 'red_letter', shape(v)), 'pv.invoice.notify.red_letter')) onClose();
  };
  const left = new Money(record.total).minus(record.credited_amount).toFixed(2);
  if (!draft) return null;
  return (
    <FormDialog open wide record={draft} title="pv.invoice.action.red_letter" hint="pv.invoice.dialog.red_hint" submitLabel="pv.invoice.action.red_letter" busy={busy} resolver={resolver} onClose={onClose} onSubmit={(v) => void onSubmit(v)}>
      <Alert severity="info" sx={{ mb: 2 }} data-testid="red-left">
        {translate('pv.invoice.dialog.red_left', { left: formatMoney(left), total: formatMoney(record.total) })}
        <br />
        <span data-testid="red-parties">{translate('pv.invoice.dialog.red_parties', { seller: `${record.seller_name} · ${record.seller_tax_id}`, buyer: `${record.buyer_name}${record.buyer_tax_id ? ` · ${record.buyer_tax_id}` : ''}` })}</span>
      </Alert>
      <SelectInput source="kind" label={invoiceField('kind')} choices={choices.kind} isRequired />
      <TextInput source="invoice_code" label={invoiceField('invoice_code')} helperText="pv.invoice.code_hint" sx={{ mr: 1 }} />
      <TextInput source="invoice_no" label={invoiceField('invoice_no')} isRequired sx={{ mr: 1 }} />
      <DateInput source="issue_date" label={invoiceField('issue_date')} isRequired />
      <TextInput source="reason" label="pv.invoice.dialog.red_reason" fullWidth isRequired />
      <LinesInput red />
      <TextInput source="amount_total" label={invoiceField('amount_total')} inputMode="decimal" isRequired sx={{ mr: 1 }} />
      <TextInput source="tax_total" label={invoiceField('tax_total')} inputMode="decimal" isRequired sx={{ mr: 1 }} />
      <TextInput source="total" label={invoiceField('total')} inputMode="decimal" isRequired />
      <InvoiceFileInput />
    </FormDialog>
  );
};

/**
 * 匹配 for an amount: an incoming invoice to a confirmed (or paid) settlement or a confirmed supplier
 * statement; an outgoing one to a confirmed financier statement (the server says the same).
 */
export const MatchDialog = ({ record, onClose }: { record: Invoice; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const base = { id: record.id, version: record.version };
  const shape = (v: Row) => ({ ...present(v), ...base });
  const resolver = useMemo(() => contractResolver(invoiceMatchSchema, translate, shape), [translate, record]); // eslint-disable-line react-hooks/exhaustive-deps
  const onSubmit = async (v: Row) => {
    if (await run(() => dataProvider.act(INVOICE_API, 'match', shape(v)), 'pv.invoice.notify.match')) onClose();
  };
  const left = new Money(record.total).minus(record.credited_amount).minus(record.matched_amount).toFixed(2);
  const incoming = record.direction === 'in';
  const targets = (incoming ? ['settlement', 'statement'] : ['statement']).map((id) => ({ id, name: translate(`pv.invoice.dialog.${id}`) }));
  return (
    <FormDialog open title="pv.invoice.action.match" hint="pv.invoice.dialog.match_hint" submitLabel="pv.invoice.action.match" busy={busy} resolver={resolver} onClose={onClose} onSubmit={(v) => void onSubmit(v)}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('pv.invoice.dialog.match_left', { left: formatMoney(left) })}
      </Alert>
      <SelectInput source="target_type" label="pv.invoice.dialog.target_type" choices={targets} defaultValue={targets[0]!.id} fullWidth isRequired data-testid="match-target-type" />
      <FormDataConsumer>
        {({ formData }) =>
          formData.target_type === 'statement' ? (
            <ReferenceInput key="statement" source="target_id" reference="finance/statement" filter={{ status: ['confirmed'], kind: incoming ? 'supplier' : 'financier' }} sort={{ field: 'created_at', order: 'DESC' }} perPage={20}>
              <AutocompleteInput label="pv.invoice.dialog.statement" optionText={(s: Row) => `${String(s.statement_no)} · ${String(s.partner_name ?? '')} · ${String(s.period_from)} ~ ${String(s.period_to)} · ${formatYuan(String(s.agreed_amount ?? '0'))}`} filterToQuery={(q: string) => ({ q })} fullWidth isRequired data-testid="match-statement" />
            </ReferenceInput>
          ) : (
            <ReferenceInput key="settlement" source="target_id" reference="finance/settlement" filter={{ status: ['confirmed', 'paid'] }} sort={{ field: 'created_at', order: 'DESC' }} perPage={20}>
              <AutocompleteInput label="pv.invoice.dialog.settlement" optionText={(s: Row) => `${String(s.settlement_no)} · ${String(s.party_name ?? '')} · ${String(s.month)} · ${formatYuan(String(s.total_amount))}`} filterToQuery={(q: string) => ({ q })} fullWidth isRequired data-testid="match-settlement" />
            </ReferenceInput>
          )
        }
      </FormDataConsumer>
      <TextInput source="amount" label="pv.invoice.dialog.match_amount" defaultValue={left} inputMode="decimal" fullWidth isRequired data-testid="match-amount" />
    </FormDialog>
  );
};
