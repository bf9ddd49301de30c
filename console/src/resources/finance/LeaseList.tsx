import { useState } from 'react';
import { Button, FilterButton, FunctionField, List, Pagination, SearchInput, SelectArrayInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { useSearchParams } from 'react-router-dom';
import AddIcon from '@mui/icons-material/Add';
import { PayCycle, RentRule, regionName, type LeaseContract } from '@pv/contract';
import { CityInput, DistrictInput, ProvinceInput } from '../../forms/RegionInput.tsx';
import { AgentInput } from '../customer/common.tsx';
import { ExportButton } from '../customer/excel/index.ts';
import { useHasPermission } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { StationCell, idParam } from '../common/lists.tsx';
import { LeaseStatusChip, Yuan, leaseField, useFinanceChoices } from './common.tsx';
import { AddLeaseDialog } from './dialogs.tsx';
import { leaseDetailPath } from './logic.ts';
import { RecordInput } from '../common/RecordInput.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = useFinanceChoices();
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(leaseField('q'))} />,
    <SelectArrayInput key="status" source="status" label={leaseField('status')} choices={choices.leaseStatus} alwaysOn sx={{ minWidth: 160 }} />,
    <SelectArrayInput key="pay_cycle" source="pay_cycle" label={leaseField('pay_cycle')} choices={choices.cycle} alwaysOn sx={{ minWidth: 120 }} />,
    <ProvinceInput key="province_code" source="province_code" label={leaseField('province_code')} alwaysOn />,
    <CityInput key="city_code" source="city_code" label={leaseField('city_code')} />,
    <DistrictInput key="district_code" source="district_code" label={leaseField('district_code')} />,
    <SelectArrayInput key="rent_rule" source="rent_rule" label={leaseField('rent_rule')} choices={choices.rule} />,
    <SelectArrayInput key="sign_method" source="sign_method" label={leaseField('sign_method')} choices={choices.signMethod} />,
    <AgentInput key="agent_id" source="agent_id" label={leaseField('agent_id')} />,
    <DateInput key="start_date_gte" source="start_date_gte" label={leaseField('start_date_gte')} />,
    <DateInput key="start_date_lte" source="start_date_lte" label={leaseField('start_date_lte')} />,
    <DateInput key="end_date_gte" source="end_date_gte" label={leaseField('end_date_gte')} />,
    <DateInput key="end_date_lte" source="end_date_lte" label={leaseField('end_date_lte')} />,
    <DateInput key="created_at_gte" source="created_at_gte" label={leaseField('created_at_gte')} />,
    <DateInput key="created_at_lte" source="created_at_lte" label={leaseField('created_at_lte')} />,
    <RecordInput key="station_id" kind="station" source="station_id" label={leaseField('station_id')} />,
    <RecordInput key="customer_id" kind="customer" source="customer_id" label={leaseField('customer_id')} />,
  ];
};

const Actions = () => {
  const canAdd = useHasPermission('lease_contract:add');
  const exportable = useHasPermission('lease_contract:export');
  const [open, setOpen] = useState(false);
  return (
    <TopToolbar>
      <FilterButton />
      {canAdd && <Button label="pv.lease.add" onClick={() => setOpen(true)} startIcon={<AddIcon />} data-testid="lease-add" />}
      {exportable && <ExportButton />}
      {open && <AddLeaseDialog onClose={() => setOpen(false)} />}
    </TopToolbar>
  );
};

/** 租赁合同: #/finance/leaseContract; a row opens the contract's tab. `?station_id=N` / `?customer_id=N` open it filtered. */
const LeaseList = () => {
  const lang = useLang();
  const [params] = useSearchParams();
  const defaults = Object.fromEntries((['station_id', 'customer_id'] as const).map((k) => [k, idParam(params.get(k))]).filter(([, v]) => v !== undefined));
  return (
    <List key={JSON.stringify(defaults)} storeKey={`lease-list${params.toString() ? `?${params.toString()}` : ''}`} disableSyncWithLocation filterDefaultValues={defaults} filters={useFilters()} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={20} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <ListDatagrid rowClick={(id) => leaseDetailPath(id)} bulkActionButtons={false} cellMaxWidth={200} data-testid="lease-list">
        <TextField source="contract_no" label={leaseField('contract_no')} {...MUST_SHOW} />
        <FunctionField<LeaseContract> source="status" label={leaseField('status')} render={(r) => <LeaseStatusChip status={r.status} />} {...MUST_SHOW} />
        <FunctionField<LeaseContract> source="station_code" label={leaseField('station_code')} render={(r) => <StationCell record={r} />} {...MUST_SHOW} />
        <TextField source="customer_name" label={leaseField('customer_name')} emptyText="-" />
        <FunctionField<LeaseContract> source="province_code" label={leaseField('province_code')} sortable={false} render={(r) => [regionName(r.province_code, lang), r.city_code ? regionName(r.city_code, lang) : ''].filter(Boolean).join(' ')} {...HIDE_FIRST} />
        <FunctionField<LeaseContract> source="rent_rule" label={leaseField('rent_rule')} sortable={false} render={(r) => RentRule.label(r.rent_rule, lang)} />
        <FunctionField<LeaseContract> source="annual_rent" label={leaseField('annual_rent')} sortable={false} textAlign="right" render={(r) => <Yuan value={r.annual_rent} />} {...MUST_SHOW} />
        <FunctionField<LeaseContract> source="pay_cycle" label={leaseField('pay_cycle')} sortable={false} render={(r) => PayCycle.label(r.pay_cycle, lang)} />
        <TextField source="start_date" label={leaseField('start_date')} />
        <TextField source="end_date" label={leaseField('end_date')} />
        <TextField source="payee_name" label={leaseField('payee_name')} emptyText="-" sortable={false} {...MUST_SHOW} />
        <TextField source="bank_card" label={leaseField('bank_card')} emptyText="-" sortable={false} {...MUST_SHOW} />
        <TextField source="agent_name" label={leaseField('agent_name')} emptyText="-" {...HIDE_FIRST} />
        <LocalDateField source="created_at" label={leaseField('created_at')} showTime {...HIDE_FIRST} />
      </ListDatagrid>
    </List>
  );
};
export default LeaseList;
