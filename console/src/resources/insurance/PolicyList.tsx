import { useMemo, useState } from 'react';
import {
  BooleanInput,
  Button,
  CreateButton,
  FilterButton,
  FunctionField,
  List,
  Pagination,
  SearchInput,
  SelectArrayInput,
  TextField,
  TopToolbar,
  useListContext,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import RenewIcon from '@mui/icons-material/AutorenewOutlined';
import { InsuranceKind, type InsurancePolicy } from '@pv/contract';
import { CityInput, ProvinceInput } from '../../forms/RegionInput.tsx';
import { ExportButton, ImportButton } from '../customer/excel/index.ts';
import { useCan, useHasPermission } from '../common/actions.tsx';
import { useLang } from '../common/format.tsx';
import { Yuan } from '../finance/common.tsx';
import { PolicyStateChip, policyField, useInsuranceChoices } from './common.tsx';
import { RenewDialog } from './dialogs.tsx';
import { InsurerInput } from './inputs.tsx';
import { POLICY_RESOURCE, policyDetailPath } from './logic.ts';
import { RecordInput } from '../common/RecordInput.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = useInsuranceChoices();
  const translate = useTranslate();
  return useMemo(
    () => [
      <SearchInput key="q" source="q" alwaysOn placeholder={translate(policyField('q'))} />,
      <SelectArrayInput key="kind" source="kind" label={policyField('kind')} choices={choices.kind} alwaysOn sx={{ minWidth: 150 }} />,
      <SelectArrayInput key="state" source="state" label={policyField('state')} choices={choices.state} alwaysOn sx={{ minWidth: 150 }} />,
      <BooleanInput key="expiring" source="expiring" label={policyField('expiring')} alwaysOn sx={{ mt: 1.5 }} />,
      <InsurerInput key="insurer_id" source="insurer_id" label={policyField('insurer_id')} />,
      <ProvinceInput key="province_code" source="province_code" label={policyField('province_code')} />,
      <CityInput key="city_code" source="city_code" label={policyField('city_code')} />,
      <RecordInput key="station_id" kind="station" source="station_id" label={policyField('station_id')} />,
      <DateInput key="end_date_gte" source="end_date_gte" label={policyField('end_date_gte')} />,
      <DateInput key="end_date_lte" source="end_date_lte" label={policyField('end_date_lte')} />,
      <DateInput key="start_date_gte" source="start_date_gte" label={policyField('start_date_gte')} />,
      <DateInput key="start_date_lte" source="start_date_lte" label={policyField('start_date_lte')} />,
    ],
    [choices, translate],
  );
};

const Actions = () => {
  const creatable = useCan('create');
  const exportable = useHasPermission('insurance_policy:export');
  const renewable = useHasPermission('insurance_policy:renew');
  return (
    <TopToolbar>
      <FilterButton />
      {creatable && <CreateButton label="pv.insurance.create_policy" data-testid="policy-create" />}
      {renewable && <ImportButton subject="renewal" access="renew" />}
      {exportable && <ExportButton />}
    </TopToolbar>
  );
};

/** 批量续保 of the ticked rows. */
const RenewSelected = () => {
  const { selectedIds, data } = useListContext<InsurancePolicy>();
  const unselect = useUnselectAll(POLICY_RESOURCE, 'insurance-policy-list');
  const [open, setOpen] = useState(false);
  const picked = (data ?? []).filter((r) => selectedIds.includes(r.id));
  return (
    <>
      <Button label="pv.insurance.renew_selected" onClick={() => setOpen(true)} startIcon={<RenewIcon />} data-testid="policy-renew-selected" />
      {open && (
        <RenewDialog
          policies={picked.map((p) => ({ id: p.id, policy_no: p.policy_no }))}
          onClose={() => {
            setOpen(false);
            unselect();
          }}
        />
      )}
    </>
  );
};

/**
 * 保单: #/partner/insurancePolicy — kind, insurer, term, premium, stations and their sum insured, the
 * state by its dates (即将到期 within 30 days); tick rows to renew them; a row opens its tab.
 */
const PolicyList = () => {
  const lang = useLang();
  const renew = useHasPermission('insurance_policy:renew');
  return (
    <List storeKey="insurance-policy-list" disableSyncWithLocation filters={useFilters()} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={20} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <ListDatagrid rowClick={(id) => policyDetailPath(id)} bulkActionButtons={renew ? <RenewSelected /> : false} cellMaxWidth={200} data-testid="policy-list">
        <TextField source="policy_no" label={policyField('policy_no')} {...MUST_SHOW} />
        <FunctionField<InsurancePolicy> source="kind" label={policyField('kind')} render={(r) => InsuranceKind.label(r.kind, lang)} />
        <TextField source="insurer_name" label={policyField('insurer_name')} emptyText="-" />
        <TextField source="start_date" label={policyField('start_date')} />
        <TextField source="end_date" label={policyField('end_date')} {...MUST_SHOW} />
        <FunctionField<InsurancePolicy> source="state" label={policyField('state')} sortable={false} render={(r) => <PolicyStateChip state={r.state} />} {...MUST_SHOW} />
        <FunctionField<InsurancePolicy> source="premium" label={policyField('premium')} textAlign="right" render={(r) => <Yuan value={r.premium} />} {...MUST_SHOW} />
        <TextField source="station_count" label={policyField('station_count')} textAlign="right" />
        <FunctionField<InsurancePolicy> source="sum_insured_total" label={policyField('sum_insured_total')} textAlign="right" render={(r) => <Yuan value={r.sum_insured_total} strong />} {...MUST_SHOW} />
        <TextField source="renewed_to_no" label={policyField('renewed_to_no')} emptyText="-" sortable={false} {...HIDE_FIRST} />
        <TextField source="owner_name" label={policyField('owner_name')} emptyText="-" sortable={false} {...HIDE_FIRST} />
      </ListDatagrid>
    </List>
  );
};
export default PolicyList;
