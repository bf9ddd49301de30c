import { useRef, useState, type ChangeEvent } from 'react';
import { ArrayInput, AutocompleteInput, ReferenceInput, SelectInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { useController } from 'react-hook-form';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { UPLOAD_LIMITS, type FileView } from '@pv/contract';
import { MATTER_UPLOAD_URL, useUpload } from '../matter/Attachments.tsx';
import { Section } from '../customer/CustomerForm.tsx';
import { invoiceField, useInvoiceChoices } from './common.tsx';
import { lineBody } from './logic.ts';

const ACCEPT = [...UPLOAD_LIMITS.pdf.types, ...UPLOAD_LIMITS.ofd.types, '.ofd'].join(',');

/** The invoice's PDF or OFD: uploaded at once (owner type invoice; the server checks the bytes), bound on save by `file_id`. */
export const InvoiceFileInput = () => {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const { field } = useController({ name: 'file_id' });
  const [stored, setStored] = useState<FileView | null>(null);
  const { upload, busy } = useUpload();
  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const f = await upload(MATTER_UPLOAD_URL, file, file.name, { owner_type: 'invoice' });
    if (f) {
      setStored(f);
      field.onChange(f.id);
    }
  };
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ minHeight: 48 }}>
      <input ref={input} type="file" accept={ACCEPT} hidden onChange={(e) => void picked(e)} data-testid="invoice-file" />
      <Button size="small" variant="outlined" startIcon={busy ? <CircularProgress size={14} /> : <UploadIcon />} disabled={busy} onClick={() => input.current?.click()}>
        {translate(busy ? 'pv.upload.uploading' : 'pv.invoice.upload')}
      </Button>
      <Typography variant="caption" color="text.secondary" data-testid="invoice-file-name">
        {stored ? stored.name : translate('pv.invoice.upload_hint')}
      </Typography>
    </Stack>
  );
};

/** 明细: item, spec, unit, quantity, unit price, amount excluding tax, rate (negative amounts on a red-letter invoice). */
export const LinesInput = ({ red }: { red?: boolean }) => {
  const choices = useInvoiceChoices();
  return (
    <ArrayInput source="lines" label={false} sx={{ gridColumn: '1 / -1' }}>
      <SimpleFormIterator inline disableReordering data-testid="invoice-lines">
        <TextInput source="item" label={invoiceField('item')} helperText={false} fullWidth={false} sx={{ width: 240 }} />
        {!red && <TextInput source="spec" label={invoiceField('spec')} helperText={false} fullWidth={false} sx={{ width: 140 }} />}
        {!red && <TextInput source="unit" label={invoiceField('unit')} helperText={false} fullWidth={false} sx={{ width: 70 }} />}
        {!red && <TextInput source="quantity" label={invoiceField('quantity')} helperText={false} fullWidth={false} inputMode="decimal" sx={{ width: 90 }} />}
        {!red && <TextInput source="unit_price" label={invoiceField('unit_price')} helperText={false} fullWidth={false} inputMode="decimal" sx={{ width: 110 }} />}
        <TextInput source="amount" label={invoiceField(red ? 'red_amount' : 'amount')} helperText={false} fullWidth={false} inputMode="decimal" sx={{ width: 140 }} />
        <SelectInput source="tax_rate" label={invoiceField('tax_rate')} choices={choices.rate} helperText={false} fullWidth={false} sx={{ width: 170 }} />
      </SimpleFormIterator>
    </ArrayInput>
  );
};

/** The totals printed on the invoice (the server checks them against the lines). */
export const TotalsInput = () => (
  <>
    <TextInput source="amount_total" label={invoiceField('amount_total')} inputMode="decimal" helperText="pv.invoice.totals_hint" isRequired />
    <TextInput source="tax_total" label={invoiceField('tax_total')} inputMode="decimal" isRequired />
    <TextInput source="total" label={invoiceField('total')} inputMode="decimal" isRequired />
  </>
);

/** The draft's form, for entering (录入) and for editing a draft (修改): the same fields, the server checks both alike. */
export const InvoiceSections = () => {
  const choices = useInvoiceChoices();
  return (
    <>
      <Section title="pv.invoice.basic">
        <SelectInput source="direction" label={invoiceField('direction')} choices={choices.direction} isRequired />
        <SelectInput source="kind" label={invoiceField('kind')} choices={choices.kind} isRequired />
        <DateInput source="issue_date" label={invoiceField('issue_date')} isRequired />
        <TextInput source="invoice_code" label={invoiceField('invoice_code')} helperText="pv.invoice.code_hint" autoComplete="off" />
        <TextInput source="invoice_no" label={invoiceField('invoice_no')} autoComplete="off" isRequired />
        <ReferenceInput source="partner_id" reference="partner/partnerList" sort={{ field: 'name', order: 'ASC' }} perPage={20}>
          <AutocompleteInput label={invoiceField('partner_id')} optionText="name" filterToQuery={(q: string) => ({ q })} helperText="pv.invoice.partner_hint" />
        </ReferenceInput>
      </Section>
      <Section title="pv.invoice.parties">
        <TextInput source="seller_name" label={invoiceField('seller_name')} isRequired />
        <TextInput source="seller_tax_id" label={invoiceField('seller_tax_id')} autoComplete="off" isRequired />
        <span />
        <TextInput source="buyer_name" label={invoiceField('buyer_name')} isRequired />
        <TextInput source="buyer_tax_id" label={invoiceField('buyer_tax_id')} autoComplete="off" helperText="pv.invoice.buyer_tax_hint" />
      </Section>
      <Section title="pv.invoice.lines_title">
        <LinesInput />
      </Section>
      <Section title="pv.invoice.totals">
        <TotalsInput />
      </Section>
      <Section title="pv.invoice.file">
        <InvoiceFileInput />
        <TextInput source="remark" label={invoiceField('remark')} multiline />
      </Section>
    </>
  );
};

/** What goes to the server: lines without blank cells, empty optional fields dropped. */
export function invoiceBody(values: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) if (v !== '' && v !== null && v !== undefined) out[k] = v;
  out.lines = ((values.lines as Record<string, unknown>[] | undefined) ?? []).map(lineBody);
  if (values.kind && String(values.kind).startsWith('digital')) out.invoice_code = '';
  return out;
}

/**
 * A draft's edit: the form's values with the lines cleaned as on entry; a field emptied stays (the data
 * provider sends it as null), the lines go complete, a 数电票 has no code.
 */
export function invoiceEditBody(values: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...values, lines: ((values.lines as Record<string, unknown>[] | undefined) ?? []).map(lineBody) };
  if (values.kind && String(values.kind).startsWith('digital')) out.invoice_code = '';
  return out;
}
