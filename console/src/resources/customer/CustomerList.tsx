import type { MouseEvent } from 'react';
import {
  BulkDeleteButton,
  CreateButton,
  FilterButton,
  FunctionField,
  List,
  Pagination,
  NumberField,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { Box, Switch, useMediaQuery, type Theme } from '@mui/material';
import { BusinessMode, CustomerSource, CustomerStatus, type Customer, type NewUserStat } from '@pv/contract';
import { useQuery } from '@tanstack/react-query';
import { Permission } from '../../shell/Permission.tsx';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { CityInput, DistrictInput, ProvinceInput, useRegionLabel } from '../../forms/RegionInput.tsx';
import { AgentInput, EnumField, MaskedField, RegionField, StatusChip, customerDetailPath, useChoices } from './common.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { ExportButton, ImportButton } from './excel/index.ts';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = useChoices();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={choices.status} alwaysOn />,
    <SelectInput key="source" source="source" choices={choices.source} />,
    <ProvinceInput key="province_code" source="province_code" alwaysOn />,
    <CityInput key="city_code" source="city_code" alwaysOn />,
    <DistrictInput key="district_code" source="district_code" alwaysOn />,
    // the filter menu (添加筛选) names a filter by the element's own label prop
    <AgentInput key="agent_id" source="agent_id" label="resources.customer/intentionalCustomer.fields.agent_name" />,
    <DateInput key="created_at_gte" source="created_at_gte" />,
    <DateInput key="created_at_lte" source="created_at_lte" />,
  ];
};

/** 光E宝账号: the update_field toggle of the list (app_enabled). */
export const AppEnabledSwitch = (_props: { label?: string; sortable?: boolean }) => {
  const record = useRecordContext<Customer>();
  const resource = useResourceContext() ?? '';
  const dataProvider = useDataProvider<PvDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource, action: 'update_field' });
  if (!record) return null;
  const toggle = async () => {
    const value = !record.app_enabled;
    try {
      await dataProvider.updateField(resource, { id: record.id, field: 'app_enabled', value });
      notify(value ? 'pv.customer.notify.app_enabled_on' : 'pv.customer.notify.app_enabled_off', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error', messageArgs: { _: (error as Error).message } });
    }
  };
  // the row opens the detail view on click: keep the switch's clicks to itself
  return (
    <Box component="span" onClick={(event: MouseEvent) => event.stopPropagation()}>
      <Switch
        size="small"
        checked={!!record.app_enabled}
        disabled={!canAccess}
        onChange={toggle}
        slotProps={{ input: { 'aria-label': `${translate(`resources.${resource}.fields.app_enabled`)} ${record.name}` } }}
        data-testid={`app-enabled-${record.id}`}
      />
    </Box>
  );
};

/** 新增客户: today / this week / this month for the list's stage (GET customer/new_user_stat, the caller's scope); asked only with the permission. */
const NewCustomerStat = ({ stage }: { stage: 'intentional' | 'formal' }) => (
  <Permission rule="customer:new_user_stat">
    <NewCustomerStatLine stage={stage} />
  </Permission>
);

const NewCustomerStatLine = ({ stage }: { stage: 'intentional' | 'formal' }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { data } = useQuery({
    queryKey: ['customer', 'new_user_stat'],
    queryFn: () => dataProvider.read<NewUserStat>('customer', 'new_user_stat').then((r) => r.data),
    staleTime: 60_000,
  });
  if (!data) return null;
  return (
    <Box component="span" sx={{ mr: 'auto', color: 'text.secondary', fontSize: 13, alignSelf: 'center' }} data-testid="new-customer-stat">
      {translate('pv.customerDetail.new_stat', { today: data.today[stage], week: data.week[stage], month: data.month[stage] })}
    </Box>
  );
};

const ListActions = ({ creatable, stage }: { creatable: boolean; stage: 'intentional' | 'formal' }) => (
  <TopToolbar>
    <NewCustomerStat stage={stage} />
    <FilterButton />
    {creatable && <CreateButton />}
    {creatable && <ImportButton />}
    <ExportButton />
  </TopToolbar>
);

const BulkActions = () => <BulkDeleteButton mutationMode="pessimistic" />;

/** Minutes are enough in a list (the detail view shows seconds). */

export const CustomerList = ({ stage }: { stage: 'intentional' | 'formal' }) => {
  const filters = useFilters();
  const formal = stage === 'formal';
  const lang = useLang();
  const regionLabel = useRegionLabel();
  // a phone gets one line per customer instead of a twelve-column table
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      actions={<ListActions creatable={!formal} stage={stage} />}
      sort={{ field: formal ? 'signed_at' : 'created_at', order: 'DESC' }}
      perPage={20}
      exporter={false}
     
      pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
    >
      {isPhone ? (
        <SimpleList<Customer>
          linkType={(r) => customerDetailPath(r.id)}
          primaryText={(r) => r.name}
          secondaryText={(r) => `${r.phone} · ${regionLabel(r)}`}
          tertiaryText={(r) => CustomerStatus.label(r.status, lang)}
        />
      ) : (
        <ListDatagrid rowClick={(id) => customerDetailPath(id)} bulkActionButtons={<BulkActions />}>
          <TextField source="id" {...HIDE_FIRST} />
          <TextField source="name" {...MUST_SHOW} />
          <TextField source="phone" sortable={false} {...MUST_SHOW} />
          <RegionField label="resources.customer/intentionalCustomer.fields.region" sortable={false} />
          {!formal && <EnumField source="source" labelled={CustomerSource} label="resources.customer/intentionalCustomer.fields.source" sortable={false} />}
          <StatusChip label="resources.customer/intentionalCustomer.fields.status" sortBy="status" {...MUST_SHOW} />
          {formal && <EnumField source="business_mode" labelled={BusinessMode} label="resources.customer/intentionalCustomer.fields.business_mode" sortable={false} />}
          {formal && <LocalDateField source="signed_at" />}
          {formal && <MaskedField source="bank_card" label="resources.customer/intentionalCustomer.fields.bank_card" sortable={false} {...HIDE_FIRST} />}
          <NumberField source="estimated_kwp" />
          <FunctionField<Customer> label="resources.customer/intentionalCustomer.fields.owner_name" sortable={false} render={(r) => r.owner_name ?? ''} {...HIDE_FIRST} />
          <FunctionField<Customer>
            label="resources.customer/intentionalCustomer.fields.agent_name"
            sortable={false}
            render={(r) => (r.agent_name ? <span title={r.agent_name}>{r.agent_name}</span> : '')}
            sx={{ display: 'inline-block', maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'middle' }}
            {...HIDE_FIRST}
          />
          <AppEnabledSwitch label="resources.customer/intentionalCustomer.fields.app_enabled" sortable={false} {...HIDE_FIRST} />
          {!formal && <LocalDateField source="created_at" showTime />}
        </ListDatagrid>
      )}
    </List>
  );
};
