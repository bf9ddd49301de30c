import { useMemo, useState } from 'react';
import { Button, FilterButton, FunctionField, List, Pagination, SearchInput, SelectArrayInput, SelectInput, TextField, TextInput, TopToolbar, useListContext, useTranslate } from 'react-admin';
import GenerateIcon from '@mui/icons-material/PlaylistAddOutlined';
import BatchIcon from '@mui/icons-material/PaymentsOutlined';
import { SettlementParty, SettlementPaymentState, type Settlement } from '@pv/contract';
import { filterParams } from '../../providers/dataProvider.ts';
import { NewBatchDialog } from '../payment/dialogs.tsx';
import { selectionOf } from '../payment/logic.ts';
import { ExportButton } from '../customer/excel/index.ts';
import { AgentInput } from '../customer/common.tsx';
import { useHasPermission } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { Yuan } from '../finance/common.tsx';
import { SettlementStatusChip, settlementField, useSettlementChoices } from './common.tsx';
import { GenerateDialog } from './dialogs.tsx';
import { settlementDetailPath } from './logic.ts';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = useSettlementChoices();
  const translate = useTranslate();
  return useMemo(
    () => [
      <SearchInput key="q" source="q" alwaysOn placeholder={translate(settlementField('q'))} />,
      <SelectInput key="party_kind" source="party_kind" label={settlementField('party_kind')} choices={choices.party} alwaysOn sx={{ minWidth: 160 }} />,
      <AgentInput key="agent_id" source="agent_id" label={settlementField('agent_id')} />,
      <TextInput key="month_gte" source="month_gte" label={settlementField('month_gte')} placeholder="2026-01" alwaysOn sx={{ width: 130 }} />,
      <TextInput key="month_lte" source="month_lte" label={settlementField('month_lte')} placeholder="2026-12" alwaysOn sx={{ width: 130 }} />,
      <SelectArrayInput key="status" source="status" label={settlementField('status')} choices={choices.status} alwaysOn sx={{ minWidth: 160 }} />,
    ],
    [choices, translate],
  );
};

const Actions = () => {
  const generate = useHasPermission('settlement:generate');
  const exportable = useHasPermission('settlement:export');
  const canBatch = useHasPermission('payment_batch:add');
  const { filterValues } = useListContext();
  const [open, setOpen] = useState<'generate' | 'batch' | null>(null);
  return (
    <TopToolbar>
      <FilterButton />
      {generate && <Button label="pv.settlement.generate" onClick={() => setOpen('generate')} startIcon={<GenerateIcon />} data-testid="settlement-generate" />}
      {canBatch && <Button label="pv.settlement.add_batch_filter" onClick={() => setOpen('batch')} startIcon={<BatchIcon />} data-testid="settlement-new-batch" />}
      {exportable && <ExportButton />}
      {open === 'generate' && <GenerateDialog onClose={() => setOpen(null)} />}
      {open === 'batch' && <NewBatchDialog selection={{ settlement_filter: selectionOf(filterParams(filterValues)) }} onClose={() => setOpen(null)} />}
    </TopToolbar>
  );
};

/** 新建付款批次 of the ticked settlements (every one must be payable, else the server names the ones that are not). */
const NewBatchBulkButton = () => {
  const { selectedIds } = useListContext();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="pv.settlement.add_batch_ticked" onClick={() => setOpen(true)} startIcon={<BatchIcon />} data-testid="settlement-batch-ticked" />
      {open && <NewBatchDialog selection={{ settlement_ids: selectedIds.map(Number) }} onClose={() => setOpen(false)} />}
    </>
  );
};

/**
 * 结算单: #/finance/settlement — one per agent or team and month, with its total (the exact sum of
 * its lines); an agent user sees only its own. A row opens its tab.
 */
const SettlementList = () => {
  const lang = useLang();
  const canBatch = useHasPermission('payment_batch:add');
  return (
    <List storeKey="settlement-list" disableSyncWithLocation filters={useFilters()} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={20} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <ListDatagrid rowClick={(id) => settlementDetailPath(id)} bulkActionButtons={canBatch ? <NewBatchBulkButton /> : false} data-testid="settlement-list">
        <TextField source="settlement_no" label={settlementField('settlement_no')} {...MUST_SHOW} />
        <TextField source="month" label={settlementField('month')} />
        <FunctionField<Settlement> source="party_kind" label={settlementField('party_kind')} sortable={false} render={(r) => SettlementParty.label(r.party_kind, lang)} {...HIDE_FIRST} />
        <TextField source="party_name" label={settlementField('party_name')} emptyText="-" {...MUST_SHOW} />
        <FunctionField<Settlement> source="status" label={settlementField('status')} render={(r) => <SettlementStatusChip status={r.status} />} {...MUST_SHOW} />
        <TextField source="line_count" label={settlementField('line_count')} textAlign="right" sortable={false} />
        <FunctionField<Settlement> source="total_amount" label={settlementField('total_amount')} textAlign="right" render={(r) => <Yuan value={r.total_amount} strong />} {...MUST_SHOW} />
        <TextField source="disputed_lines" label={settlementField('disputed_lines')} textAlign="right" sortable={false} />
        <LocalDateField source="confirmed_at" label={settlementField('confirmed_at')} showTime sortable={false} />
        <FunctionField<Settlement> source="payment_state" label={settlementField('payment_state')} sortable={false} render={(r) => (r.payment_state ? SettlementPaymentState.label(r.payment_state, lang) : '-')} {...MUST_SHOW} />
        <TextField source="batch_no" label={settlementField('batch_no')} emptyText="-" sortable={false} {...HIDE_FIRST} />
        <LocalDateField source="paid_at" label={settlementField('paid_at')} showTime sortable={false} />
        <LocalDateField source="created_at" label={settlementField('created_at')} showTime {...HIDE_FIRST} />
      </ListDatagrid>
    </List>
  );
};
export default SettlementList;
