import { AutocompleteInput, Create, DateInput, ReferenceInput, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { invoiceCreateSchema } from '@pv/contract';
import { useCreateResolver } from '../../forms/contractForms.ts';
import { Section } from '../customer/CustomerForm.tsx';
import { invoiceField, useInvoiceChoices } from './common.tsx';
import { InvoiceFileInput, LinesInput, TotalsInput, invoiceBody } from './form.tsx';
import { invoiceDetailPath } from './logic.ts';

/** 录入发票: a draft with its lines and the totals printed on it; registered on its page. */
const InvoiceCreate = () => {
  const choices = useInvoiceChoices();
  const resolver = useCreateResolver(invoiceCreateSchema, invoiceBody);
  return (
    <Create title="pv.invoice.create_title" redirect={(_r, id) => invoiceDetailPath(id ?? '')} mutationMode="pessimistic" transform={invoiceBody}>
      <SimpleForm noValidate warnWhenUnsavedChanges resolver={resolver} defaultValues={{ direction: 'in', kind: 'special', lines: [{ tax_rate: '13' }] }} toolbar={<Toolbar><SaveButton /></Toolbar>} sx={{ maxWidth: 1200 }}>
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
      </SimpleForm>
    </Create>
  );
};
export default InvoiceCreate;
