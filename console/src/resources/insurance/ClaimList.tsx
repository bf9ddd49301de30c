import { useMemo } from 'react';
import { CreateButton, FilterButton, FunctionField, List, Pagination, SearchInput, SelectArrayInput, SelectInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { ClaimCause, InsuranceKind, type InsuranceClaim } from '@pv/contract';
import { CityInput, ProvinceInput } from '../../forms/RegionInput.tsx';
import { ExportButton } from '../customer/excel/index.ts';
import { useCan, useHasPermission } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { Yuan } from '../finance/common.tsx';
import { ClaimStatusChip, claimField, useInsuranceChoices } from './common.tsx';
import { InsurerInput } from './inputs.tsx';
import { claimDetailPath } from './logic.ts';
import { RecordInput } from '../common/RecordInput.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = useInsuranceChoices();
  const translate = useTranslate();
  return useMemo(
    () => [
      <SearchInput key="q" source="q" alwaysOn placeholder={translate(claimField('q'))} />,
      <SelectArrayInput key="status" source="status" label={claimField('status')} choices={choices.status} alwaysOn sx={{ minWidth: 150 }} />,
      <SelectArrayInput key="cause" source="cause" label={claimField('cause')} choices={choices.cause} alwaysOn sx={{ minWidth: 140 }} />,
      <SelectInput key="kind" source="kind" label={claimField('kind')} choices={choices.kind} alwaysOn sx={{ minWidth: 140 }} />,
      <InsurerInput key="insurer_id" source="insurer_id" label={claimField('insurer_id')} />,
      <ProvinceInput key="province_code" source="province_code" label={claimField('province_code')} />,
      <CityInput key="city_code" source="city_code" label={claimField('city_code')} />,
      <RecordInput key="station_id" kind="station" source="station_id" label={claimField('station_id')} />,
      <RecordInput key="maintenance_id" kind="maintenance" source="maintenance_id" label={claimField('maintenance_id')} />,
      <DateInput key="incident_date_gte" source="incident_date_gte" label={claimField('incident_date_gte')} />,
      <DateInput key="incident_date_lte" source="incident_date_lte" label={claimField('incident_date_lte')} />,
    ],
    [choices, translate],
  );
};

const Actions = () => {
  const creatable = useCan('create');
  const exportable = useHasPermission('insurance_claim:export');
  return (
    <TopToolbar>
      <FilterButton />
      {creatable && <CreateButton label="pv.insurance.create_claim" data-testid="claim-create" />}
      {exportable && <ExportButton />}
    </TopToolbar>
  );
};

/** 理赔: #/partner/insuranceClaim — station, policy, cause, the three amounts, state; a row opens its tab. */
const ClaimList = () => {
  const lang = useLang();
  return (
    <List storeKey="insurance-claim-list" disableSyncWithLocation filters={useFilters()} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={20} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <ListDatagrid rowClick={(id) => claimDetailPath(id)} bulkActionButtons={false} cellMaxWidth={200} data-testid="claim-list">
        <TextField source="claim_no" label={claimField('claim_no')} {...MUST_SHOW} />
        <FunctionField<InsuranceClaim> source="station_code" label={claimField('station_id')} sortable={false} render={(r) => `${r.station_code ?? ''} ${r.station_name ?? ''}`} {...MUST_SHOW} />
        <TextField source="policy_no" label={claimField('policy_no')} sortable={false} />
        <FunctionField<InsuranceClaim> source="kind" label={claimField('kind')} sortable={false} render={(r) => InsuranceKind.label(r.kind, lang)} {...HIDE_FIRST} />
        <FunctionField<InsuranceClaim> source="cause" label={claimField('cause')} sortable={false} render={(r) => ClaimCause.label(r.cause, lang)} />
        <TextField source="incident_date" label={claimField('incident_date')} />
        <FunctionField<InsuranceClaim> source="status" label={claimField('status')} render={(r) => <ClaimStatusChip status={r.status} />} {...MUST_SHOW} />
        <FunctionField<InsuranceClaim> source="amount_claimed" label={claimField('amount_claimed')} textAlign="right" render={(r) => <Yuan value={r.amount_claimed} />} {...MUST_SHOW} />
        <FunctionField<InsuranceClaim> source="amount_approved" label={claimField('amount_approved')} textAlign="right" render={(r) => <Yuan value={r.amount_approved} />} {...MUST_SHOW} />
        <FunctionField<InsuranceClaim> source="amount_received" label={claimField('amount_received')} textAlign="right" render={(r) => <Yuan value={r.amount_received} strong />} {...MUST_SHOW} />
        <TextField source="maintenance_no" label={claimField('maintenance_no')} emptyText="-" sortable={false} {...HIDE_FIRST} />
        <LocalDateField source="created_at" label={claimField('created_at')} showTime {...HIDE_FIRST} />
      </ListDatagrid>
    </List>
  );
};
export default ClaimList;
