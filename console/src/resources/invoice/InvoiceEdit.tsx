import { SaveButton, SimpleForm, Toolbar, useDataProvider, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, LinearProgress } from '@mui/material';
import { INVOICE_EDITABLE, InvoiceStatus, invoiceEditSchema, type Invoice, type InvoiceLine } from '@pv/contract';
import { editableOnly, useEditResolver } from '../../forms/contractForms.ts';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { useConflictEdit } from '../common/ConflictDialog.tsx';
import { useLang } from '../common/format.tsx';
import { invoiceField } from './common.tsx';
import { InvoiceSections, invoiceEditBody } from './form.tsx';
import { INVOICE_API, INVOICE_RESOURCE, formLine, invoiceDetailPath } from './logic.ts';
import { Edit, ReportUnsavedInput } from '../../forms/Edit.tsx';

/**
 * The draft's form with its stored lines. A registered (or later) invoice is not a form: its amounts are
 * final — the page says so and points at the detail (void or red-letter corrects it); the server refuses
 * an edit of anything but a draft alike (error.invoice_not_draft).
 */
const EditBody = () => {
  const record = useRecordContext<Invoice>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const lang = useLang();
  const redirect = useRedirect();
  const resolver = useEditResolver(invoiceEditSchema, INVOICE_EDITABLE, invoiceEditBody);
  const draft = record?.status === 'draft';
  // the same query (key and shape) as the detail page's lines: one cache entry
  const { data } = useQuery({
    queryKey: [INVOICE_API, 'lines', record?.id, record?.version],
    queryFn: () => dataProvider.read<{ list: InvoiceLine[] }>(INVOICE_API, 'lines', { id: record!.id }).then((r) => r.data),
    enabled: !!record && draft,
  });
  const lines = data?.list;
  if (!record) return null;
  if (!draft)
    return (
      <Alert
        severity="warning"
        sx={{ m: 2 }}
        data-testid="invoice-not-editable"
        action={
          <Button color="inherit" size="small" onClick={() => redirect(invoiceDetailPath(record.id))}>
            {translate('pv.invoice.back_to_detail')}
          </Button>
        }
      >
        {translate('pv.invoice.not_editable', { no: record.invoice_no, state: InvoiceStatus.label(record.status, lang) })}
      </Alert>
    );
  if (!lines) return <LinearProgress sx={{ m: 2 }} />;
  return (
    <SimpleForm record={{ ...record, invoice_code: record.invoice_code ?? '', lines: lines.map(formLine) }} noValidate warnWhenUnsavedChanges resolver={resolver} toolbar={<Toolbar><SaveButton /></Toolbar>} sx={{ maxWidth: 1200 }}>
      <ReportUnsavedInput />
      <InvoiceSections />
    </SimpleForm>
  );
};

/** 修改发票 (#/finance/invoice/N): a draft only, lines with rates and the totals checked by the server as on entry; versioned, logged (history on the detail page). */
const InvoiceEdit = () => {
  const redirect = useRedirect();
  const { mutationOptions, dialog } = useConflictEdit(INVOICE_RESOURCE, INVOICE_EDITABLE, { fieldLabel: invoiceField, onSaved: (r) => redirect(invoiceDetailPath(r.id)) });
  return (
    <Edit title="pv.invoice.edit_title" mutationMode="pessimistic" transform={(v: Record<string, unknown>) => editableOnly(INVOICE_EDITABLE)(invoiceEditBody(v))} redirect={(_r, id) => invoiceDetailPath(id ?? '')} mutationOptions={mutationOptions}>
      <EditBody />
      {dialog}
    </Edit>
  );
};
export default InvoiceEdit;
