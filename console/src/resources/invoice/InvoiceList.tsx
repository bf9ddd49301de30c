import { useMemo } from 'react';
import { AutocompleteInput, CreateButton, FilterButton, FunctionField, List, Pagination, ReferenceInput, SearchInput, SelectArrayInput, SelectInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { InvoiceDirection, InvoiceKind, type Invoice } from '@pv/contract';
import { ExportButton } from '../customer/excel/index.ts';
import { useHasPermission } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { Yuan } from '../finance/common.tsx';
import { InvoiceStatusChip, MatchStateChip, invoiceField, useInvoiceChoices } from './common.tsx';
import { invoiceDetailPath } from './logic.ts';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = useInvoiceChoices();
  const translate = useTranslate();
  return useMemo(
    () => [
      <SearchInput key="q" source="q" alwaysOn placeholder={translate(invoiceField('q'))} />,
      <SelectInput key="direction" source="direction" label={invoiceField('direction')} choices={choices.direction} alwaysOn sx={{ minWidth: 120 }} />,
      <SelectArrayInput key="kind" source="kind" label={invoiceField('kind')} choices={choices.kind} sx={{ minWidth: 180 }} />,
      <SelectArrayInput key="status" source="status" label={invoiceField('status')} choices={choices.status} alwaysOn sx={{ minWidth: 150 }} />,
      <SelectArrayInput key="match_state" source="match_state" label={invoiceField('match_state')} choices={choices.matchState} alwaysOn sx={{ minWidth: 150 }} />,
      <ReferenceInput key="partner_id" source="partner_id" reference="partner/partnerList" sort={{ field: 'name', order: 'ASC' }} perPage={20}>
        <AutocompleteInput label={invoiceField('partner_id')} optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 220 }} />
      </ReferenceInput>,
      <DateInput key="issue_date_gte" source="issue_date_gte" label={invoiceField('issue_date_gte')} />,
      <DateInput key="issue_date_lte" source="issue_date_lte" label={invoiceField('issue_date_lte')} />,
    ],
    [choices, translate],
  );
};

const Actions = () => {
  const add = useHasPermission('invoice:add');
  const exportable = useHasPermission('invoice:export');
  return (
    <TopToolbar>
      <FilterButton />
      {add && <CreateButton data-testid="invoice-create" />}
      {exportable && <ExportButton />}
    </TopToolbar>
  );
};

/**
 * 发票: #/finance/invoice — incoming and outgoing, newest issue date first; filters by direction, type,
 * status, matching, partner, issue-date range; the keyword finds a number or code by its start or end.
 */
const InvoiceList = () => {
  const lang = useLang();
  const translate = useTranslate();
  return (
    <List storeKey="invoice-list" disableSyncWithLocation filters={useFilters()} actions={<Actions />} sort={{ field: 'issue_date', order: 'DESC' }} perPage={20} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <ListDatagrid rowClick={(id) => invoiceDetailPath(id)} bulkActionButtons={false} data-testid="invoice-list">
        <FunctionField<Invoice> source="invoice_no" label={invoiceField('invoice_no')} render={(r) => `${r.invoice_code ? `${r.invoice_code} · ` : ''}${r.invoice_no}${r.is_red ? ` ${translate('pv.invoice.red_mark')}` : ''}`} {...MUST_SHOW} />
        <FunctionField<Invoice> source="direction" label={invoiceField('direction')} sortable={false} render={(r) => InvoiceDirection.label(r.direction, lang)} />
        <FunctionField<Invoice> source="kind" label={invoiceField('kind')} sortable={false} render={(r) => InvoiceKind.label(r.kind, lang)} {...HIDE_FIRST} />
        <TextField source="issue_date" label={invoiceField('issue_date')} />
        <FunctionField<Invoice> source="partner_name" label={invoiceField('counterpart')} render={(r) => r.partner_name ?? (r.direction === 'in' ? r.seller_name : r.buyer_name)} />
        <FunctionField<Invoice> source="total" label={invoiceField('total')} textAlign="right" render={(r) => <Yuan value={r.total} strong />} {...MUST_SHOW} />
        <FunctionField<Invoice> source="matched_amount" label={invoiceField('matched_amount')} textAlign="right" sortable={false} render={(r) => <Yuan value={r.matched_amount} />} />
        <FunctionField<Invoice> source="match_state" label={invoiceField('match_state')} sortable={false} render={(r) => (r.is_red || r.status === 'draft' || r.status === 'voided' ? '-' : <MatchStateChip state={r.match_state} />)} {...MUST_SHOW} />
        <FunctionField<Invoice> source="status" label={invoiceField('status')} render={(r) => <InvoiceStatusChip status={r.status} />} {...MUST_SHOW} />
        <LocalDateField source="created_at" label={invoiceField('created_at')} showTime {...HIDE_FIRST} />
      </ListDatagrid>
    </List>
  );
};
export default InvoiceList;
