import { FilterButton, FunctionField, List, Pagination, SearchInput, SelectArrayInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { PaymentPayableType, type PaymentBatch } from '@pv/contract';
import { ExportButton } from '../customer/excel/index.ts';
import { LocalDateField, useLang } from '../common/format.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';
import { Yuan } from '../finance/common.tsx';
import { BatchStatusChip, batchField, usePaymentChoices } from './common.tsx';
import { paymentDetailPath } from './logic.ts';

const PayableLabel = ({ value }: { value: string }) => <>{PaymentPayableType.label(value, useLang())}</>;

const useFilters = () => {
  const choices = usePaymentChoices();
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(batchField('q'))} />,
    <SelectArrayInput key="status" source="status" label={batchField('status')} choices={choices.batchStatus} alwaysOn sx={{ minWidth: 180 }} />,
    <DateInput key="created_at_gte" source="created_at_gte" label={batchField('created_at_gte')} alwaysOn />,
    <DateInput key="created_at_lte" source="created_at_lte" label={batchField('created_at_lte')} alwaysOn />,
  ];
};

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportButton />
  </TopToolbar>
);

/**
 * 付款批次: #/finance/paymentBatch — each batch with its count and amounts per line state (kept by
 * the server from its lines); a row opens its tab. New batches are made from the bill list.
 */
const PaymentBatchList = () => {
  return (
    <List storeKey="payment-batch-list" disableSyncWithLocation filters={useFilters()} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={20} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <ListDatagrid rowClick={(id) => paymentDetailPath(id)} bulkActionButtons={false} data-testid="batch-list">
        <TextField source="batch_no" label={batchField('batch_no')} {...MUST_SHOW} />
        <TextField source="name" label={batchField('name')} emptyText="-" />
        <FunctionField<PaymentBatch> source="payable_type" label={batchField('payable_type')} sortable={false} render={(r) => <PayableLabel value={r.payable_type} />} />
        <FunctionField<PaymentBatch> source="status" label={batchField('status')} render={(r) => <BatchStatusChip status={r.status} />} {...MUST_SHOW} />
        <TextField source="line_count" label={batchField('line_count')} textAlign="right" />
        <FunctionField<PaymentBatch> source="total" label={batchField('total')} textAlign="right" render={(r) => <Yuan value={r.total} strong />} {...MUST_SHOW} />
        <FunctionField<PaymentBatch> source="paid_amount" label={batchField('paid_amount')} sortable={false} textAlign="right" render={(r) => <Yuan value={r.paid_amount} />} />
        <FunctionField<PaymentBatch> source="failed_amount" label={batchField('failed_amount')} sortable={false} textAlign="right" render={(r) => <Yuan value={r.failed_amount} />} />
        <FunctionField<PaymentBatch> source="pending_amount" label={batchField('pending_amount')} sortable={false} textAlign="right" render={(r) => <Yuan value={r.pending_amount} />} />
        <TextField source="created_by_name" label={batchField('created_by_name')} emptyText="-" sortable={false} {...HIDE_FIRST} />
        <LocalDateField source="created_at" label={batchField('created_at')} showTime />
        <TextField source="approved_by_name" label={batchField('approved_by_name')} emptyText="-" sortable={false} {...HIDE_FIRST} />
        <LocalDateField source="completed_at" label={batchField('completed_at')} showTime />
      </ListDatagrid>
    </List>
  );
};
export default PaymentBatchList;
