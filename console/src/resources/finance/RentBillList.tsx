import { useState } from 'react';
import { Button, FilterButton, FunctionField, List, Pagination, SearchInput, SelectArrayInput, SelectInput, TextField, TextInput, TopToolbar, useDataProvider, useListContext, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import GenerateIcon from '@mui/icons-material/PlaylistAddOutlined';
import BatchIcon from '@mui/icons-material/PaymentsOutlined';
import { Typography } from '@mui/material';
import { formatMoney, regionName, type RentBill } from '@pv/contract';
import { CityInput, DistrictInput, ProvinceInput } from '../../forms/RegionInput.tsx';
import { filterParams, type PvDataProvider } from '../../providers/dataProvider.ts';
import { NewBatchDialog } from '../payment/dialogs.tsx';
import { selectionOf } from '../payment/logic.ts';
import { AgentInput } from '../customer/common.tsx';
import { ExportButton } from '../customer/excel/index.ts';
import { useHasPermission } from '../common/actions.tsx';
import { useLang } from '../common/format.tsx';
import { StationCell, idParam } from '../common/lists.tsx';
import { BillDrawer } from './bills.tsx';
import { BillStatusChip, Yuan, billField, useFinanceChoices } from './common.tsx';
import { GenerateDialog } from './dialogs.tsx';
import { BILL_API } from './logic.ts';
import { listFiltersOf } from './reportLogic.ts';
import { RecordInput, useCanPick } from '../common/RecordInput.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = useFinanceChoices();
  const translate = useTranslate();
  const canPick = useCanPick();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(billField('q'))} />,
    <SelectArrayInput key="status" source="status" label={billField('status')} choices={choices.billStatus} alwaysOn sx={{ minWidth: 160 }} />,
    <TextInput key="period" source="period" label={billField('period')} alwaysOn sx={{ maxWidth: 120 }} />,
    <ProvinceInput key="province_code" source="province_code" label={billField('province_code')} alwaysOn />,
    <CityInput key="city_code" source="city_code" label={billField('city_code')} />,
    <DistrictInput key="district_code" source="district_code" label={billField('district_code')} />,
    <AgentInput key="agent_id" source="agent_id" label={billField('agent_id')} />,
    <SelectInput key="paused_by" source="paused_by" label={billField('paused_by')} choices={choices.pausedBy} />,
    <DateInput key="due_date_gte" source="due_date_gte" label={billField('due_date_gte')} />,
    <DateInput key="due_date_lte" source="due_date_lte" label={billField('due_date_lte')} />,
    <DateInput key="paid_at_gte" source="paid_at_gte" label={billField('paid_at_gte')} />,
    <DateInput key="paid_at_lte" source="paid_at_lte" label={billField('paid_at_lte')} />,
    <DateInput key="created_at_gte" source="created_at_gte" label={billField('created_at_gte')} />,
    <DateInput key="created_at_lte" source="created_at_lte" label={billField('created_at_lte')} />,
    <RecordInput key="contract_id" kind="lease_contract" source="contract_id" label={billField('contract_id')} />,
    <RecordInput key="station_id" kind="station" source="station_id" label={billField('station_id')} />,
    <RecordInput key="customer_id" kind="customer" source="customer_id" label={billField('customer_id')} />,
    ...(canPick('payment_batch') ? [<RecordInput key="batch_id" kind="payment_batch" source="batch_id" label={billField('batch_id')} />] : []),
  ];
};

/** The filtered list's count and sums, from the server (exact decimal strings, shown by string). */
const Summary = () => {
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const query = Object.fromEntries(Object.entries(filterValues).filter(([, v]) => v !== '' && v != null && !(Array.isArray(v) && !v.length)).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]));
  const { data } = useQuery({
    queryKey: [BILL_API, 'summary', query],
    queryFn: () => dataProvider.read<{ total: number; amount_due: string; deduction: string; amount_payable: string }>(BILL_API, 'summary', query).then((r) => r.data),
  });
  if (!data) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }} data-testid="bill-summary">
      {translate('pv.bill.summary', { total: data.total, due: formatMoney(data.amount_due), deduction: formatMoney(data.deduction), payable: formatMoney(data.amount_payable) })}
    </Typography>
  );
};

const Actions = () => {
  const exportable = useHasPermission('rent_bill:export');
  const canGenerate = useHasPermission('rent_bill:generate');
  const canBatch = useHasPermission('payment_batch:add');
  const { filterValues } = useListContext();
  const [open, setOpen] = useState<'generate' | 'batch' | null>(null);
  return (
    <TopToolbar>
      <FilterButton />
      {exportable && <ExportButton />}
      {canBatch && <Button label="pv.payment.add_by_filter" onClick={() => setOpen('batch')} startIcon={<BatchIcon />} data-testid="bill-new-batch" />}
      {canGenerate && <Button label="pv.bill.generate" onClick={() => setOpen('generate')} startIcon={<GenerateIcon />} data-testid="bill-generate" />}
      {open === 'generate' && <GenerateDialog onClose={() => setOpen(null)} />}
      {open === 'batch' && <NewBatchDialog selection={{ filter: selectionOf(filterParams(filterValues)) }} onClose={() => setOpen(null)} />}
    </TopToolbar>
  );
};

/** 新建付款批次 of the ticked bills (every one must be payable, else the server names the ones that are not). */
const NewBatchBulkButton = () => {
  const { selectedIds } = useListContext();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="pv.payment.add_ticked" onClick={() => setOpen(true)} startIcon={<BatchIcon />} data-testid="bill-batch-ticked" />
      {open && <NewBatchDialog selection={{ bill_ids: selectedIds.map(Number) }} onClose={() => setOpen(false)} />}
    </>
  );
};

/** 租金账单: #/finance/rentBill; a row opens the bill in a drawer (actions, deductions, timeline). `?contract_id=` etc. open it filtered, `?id=` opens one bill's drawer. */
const RentBillList = () => {
  const lang = useLang();
  const [params] = useSearchParams();
  // ?id= (a process's link to the bill) opens its drawer
  const [open, setOpen] = useState<number | null>(() => idParam(params.get('id')) ?? null);
  const canBatch = useHasPermission('payment_batch:add');
  const defaults = {
    // links from the dashboard and the rent report: states, a due-date range, a province
    ...listFiltersOf(params, ['status', 'due_date_gte', 'due_date_lte', 'province_code']),
    ...Object.fromEntries((['contract_id', 'station_id', 'customer_id', 'batch_id'] as const).map((k) => [k, idParam(params.get(k))]).filter(([, v]) => v !== undefined)),
  };
  return (
    <>
      <List key={JSON.stringify(defaults)} storeKey={`bill-list${params.toString() ? `?${params.toString()}` : ''}`} disableSyncWithLocation filterDefaultValues={defaults} filters={useFilters()} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={20} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />} aside={undefined}>
        <Summary />
        <ListDatagrid rowClick={(id) => { setOpen(Number(id)); return false; }} bulkActionButtons={canBatch ? <NewBatchBulkButton /> : false} cellMaxWidth={200} data-testid="bill-list">
          <TextField source="bill_no" label={billField('bill_no')} {...MUST_SHOW} />
          <TextField source="period" label={billField('period')} {...MUST_SHOW} />
          <FunctionField<RentBill> source="status" label={billField('status')} render={(r) => <BillStatusChip status={r.status} pausedBy={r.paused_by} />} {...MUST_SHOW} />
          <TextField source="contract_no" label={billField('contract_no')} {...HIDE_FIRST} />
          <FunctionField<RentBill> source="station_code" label={billField('station_code')} render={(r) => <StationCell record={r} />} />
          <TextField source="customer_name" label={billField('customer_name')} emptyText="-" />
          <FunctionField<RentBill> source="province_code" label={billField('province_code')} sortable={false} render={(r) => [regionName(r.province_code, lang), r.city_code ? regionName(r.city_code, lang) : ''].filter(Boolean).join(' ')} {...HIDE_FIRST} />
          <FunctionField<RentBill> source="cover_start" label={billField('coverage')} sortable={false} render={(r) => `${r.cover_start} ~ ${r.cover_end}`} />
          <FunctionField<RentBill> source="amount_due" label={billField('amount_due')} textAlign="right" render={(r) => <Yuan value={r.amount_due} />} {...MUST_SHOW} />
          <FunctionField<RentBill> source="deduction" label={billField('deduction')} sortable={false} textAlign="right" render={(r) => <Yuan value={r.deduction} />} {...MUST_SHOW} />
          <FunctionField<RentBill> source="amount_payable" label={billField('amount_payable')} textAlign="right" render={(r) => <Yuan value={r.amount_payable} strong />} {...MUST_SHOW} />
          <TextField source="due_date" label={billField('due_date')} />
          <FunctionField<RentBill> source="paid_at" label={billField('paid_at')} render={(r) => (r.paid_at ? r.paid_at.slice(0, 10) : '-')} {...MUST_SHOW} />
          <TextField source="agent_name" label={billField('agent_name')} emptyText="-" sortable={false} {...HIDE_FIRST} />
        </ListDatagrid>
      </List>
      <BillDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
};
export default RentBillList;
