import { useMemo, useState } from 'react';
import { AutocompleteInput, Button, FilterButton, FunctionField, List, Pagination, ReferenceInput, SearchInput, SelectArrayInput, SelectInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import AddIcon from '@mui/icons-material/AddOutlined';
import { StatementKind, type Statement } from '@pv/contract';
import { ExportButton } from '../customer/excel/index.ts';
import { useHasPermission } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { Yuan } from '../finance/common.tsx';
import { StatementStatusChip, statementField, useStatementChoices } from './common.tsx';
import { CreateDialog, RatesDialog } from './dialogs.tsx';
import { statementDetailPath } from './logic.ts';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const PARTNER_FILTER = { kind: ['financier', 'supplier'] };

const useFilters = () => {
  const choices = useStatementChoices();
  const translate = useTranslate();
  const yesNo = useMemo(() => [{ id: 'true', name: translate('pv.statement.has_differences_yes') }, { id: 'false', name: translate('pv.statement.has_differences_no') }], [translate]);
  return useMemo(
    () => [
      <SearchInput key="q" source="q" alwaysOn placeholder={translate(statementField('q'))} />,
      <SelectInput key="kind" source="kind" label={statementField('kind')} choices={choices.kind} alwaysOn sx={{ minWidth: 130 }} />,
      <ReferenceInput key="partner_id" source="partner_id" reference="partner/partnerList" filter={PARTNER_FILTER} alwaysOn>
        <AutocompleteInput label={statementField('partner_name')} optionText="name" sx={{ minWidth: 220 }} filterToQuery={(q: string) => ({ q })} />
      </ReferenceInput>,
      <DateInput key="period_gte" source="period_gte" label={statementField('period_gte')} />,
      <DateInput key="period_lte" source="period_lte" label={statementField('period_lte')} />,
      <SelectArrayInput key="status" source="status" label={statementField('status')} choices={choices.status} alwaysOn sx={{ minWidth: 150 }} />,
      <SelectInput key="has_differences" source="has_differences" label={statementField('has_differences')} choices={yesNo} sx={{ minWidth: 130 }} />,
    ],
    [choices, translate, yesNo],
  );
};

const Actions = () => {
  const add = useHasPermission('statement:add');
  const rate = useHasPermission('statement:rate');
  const exportable = useHasPermission('statement:export');
  const [open, setOpen] = useState<'add' | 'rates' | null>(null);
  return (
    <TopToolbar>
      <FilterButton />
      {add && <Button label="pv.statement.add" onClick={() => setOpen('add')} startIcon={<AddIcon />} data-testid="statement-add" />}
      {rate && <Button label="pv.statement.rates" onClick={() => setOpen('rates')} data-testid="statement-rates" />}
      {exportable && <ExportButton />}
      {open === 'add' && <CreateDialog onClose={() => setOpen(null)} />}
      {open === 'rates' && <RatesDialog onClose={() => setOpen(null)} />}
    </TopToolbar>
  );
};

/**
 * 对账单: #/finance/statement — one per partner (financier or supplier) and period: our amount,
 * theirs, the differences and the agreed amount once confirmed. A row opens its tab.
 */
const StatementList = () => {
  const lang = useLang();
  return (
    <List storeKey="statement-list" disableSyncWithLocation filters={useFilters()} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={20} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <ListDatagrid rowClick={(id) => statementDetailPath(id)} bulkActionButtons={false} data-testid="statement-list">
        <TextField source="statement_no" label={statementField('statement_no')} {...MUST_SHOW} />
        <FunctionField<Statement> source="kind" label={statementField('kind')} sortable={false} render={(r) => StatementKind.label(r.kind, lang)} {...HIDE_FIRST} />
        <TextField source="partner_name" label={statementField('partner_name')} emptyText="-" {...MUST_SHOW} />
        <FunctionField<Statement> source="period_from" label={statementField('period')} render={(r) => `${r.period_from} ~ ${r.period_to}`} />
        <FunctionField<Statement> source="status" label={statementField('status')} render={(r) => <StatementStatusChip status={r.status} />} {...MUST_SHOW} />
        <FunctionField<Statement> source="our_amount" label={statementField('our_amount')} textAlign="right" render={(r) => <Yuan value={r.our_amount} />} {...MUST_SHOW} />
        <FunctionField<Statement> source="their_amount" label={statementField('their_amount')} textAlign="right" render={(r) => (r.their_count || r.status === 'imported' || r.status === 'confirmed' ? <Yuan value={r.their_amount} /> : '-')} {...MUST_SHOW} />
        <TextField source="diff_count" label={statementField('differences')} textAlign="right" />
        <TextField source="unexplained_count" label={statementField('unexplained_count')} textAlign="right" sortable={false} />
        <FunctionField<Statement> source="agreed_amount" label={statementField('agreed_amount')} textAlign="right" sortable={false} render={(r) => (r.agreed_amount ? <Yuan value={r.agreed_amount} strong /> : '-')} {...MUST_SHOW} />
        <LocalDateField source="created_at" label={statementField('created_at')} showTime {...HIDE_FIRST} />
      </ListDatagrid>
    </List>
  );
};
export default StatementList;
