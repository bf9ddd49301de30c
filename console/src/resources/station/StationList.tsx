import {
  CreateButton,
  FilterButton,
  FunctionField,
  List,
  NumberInput,
  Pagination,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
} from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { useMediaQuery, type Theme } from '@mui/material';
import { StationStatus, type Station } from '@pv/contract';
import { CityInput, DistrictInput, ProvinceInput, useRegionLabel } from '../../forms/RegionInput.tsx';
import { AgentInput } from '../customer/common.tsx';
import { ExportButton, ImportButton } from '../customer/excel/index.ts';
import { useCan } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { FrozenMarker, StationStatusChip, fieldLabel, stationDetailPath, useStationChoices, useStationPermission } from './common.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = useStationChoices();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectArrayInput key="status" source="status" choices={choices.status} alwaysOn sx={{ minWidth: 180 }} />,
    <ProvinceInput key="province_code" source="province_code" label={fieldLabel('province_code')} alwaysOn />,
    <CityInput key="city_code" source="city_code" label={fieldLabel('city_code')} alwaysOn />,
    <DistrictInput key="district_code" source="district_code" label={fieldLabel('district_code')} alwaysOn />,
    <SelectInput key="frozen" source="frozen" choices={choices.frozen} />,
    // the filter menu (添加筛选) names a filter by the element's own label prop
    <AgentInput key="agent_id" source="agent_id" label={fieldLabel('agent_id')} />,
    <NumberInput key="capacity_kwp_gte" source="capacity_kwp_gte" min={0} step="any" sx={{ width: 150 }} />,
    <NumberInput key="capacity_kwp_lte" source="capacity_kwp_lte" min={0} step="any" sx={{ width: 150 }} />,
    <SelectInput key="grid_mode" source="grid_mode" choices={choices.gridMode} />,
    <SelectInput key="grid_voltage" source="grid_voltage" choices={choices.gridVoltage} />,
    <DateInput key="created_at_gte" source="created_at_gte" />,
    <DateInput key="created_at_lte" source="created_at_lte" />,
    <DateInput key="grid_at_gte" source="grid_at_gte" />,
    <DateInput key="grid_at_lte" source="grid_at_lte" />,
  ];
};

const ListActions = () => {
  const creatable = useCan('create');
  const exportable = useStationPermission('export');
  return (
    <TopToolbar>
      <FilterButton />
      {creatable && <CreateButton label="pv.station.action.create" />}
      <ImportButton subject="station" access="import" />
      {exportable && <ExportButton />}
    </TopToolbar>
  );
};

const ellipsis = (maxWidth: number) => ({ display: 'inline-block', maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'middle' }) as const;
const Clipped = ({ text, width }: { text: string | null | undefined; width: number }) => (text ? <span title={text} style={ellipsis(width)}>{text}</span> : <>-</>);

/** 电站列表: #/stationManagement/stationList (the station API). A row opens #/stationManagement/stationDetail?id=N in a new tab. */
const StationList = () => {
  const filters = useFilters();
  const lang = useLang();
  const regionLabel = useRegionLabel();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={20}
      exporter={false}
      empty={false}
     
      pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
    >
      {isPhone ? (
        <SimpleList<Station>
          linkType={(r) => stationDetailPath(r.id)}
          primaryText={(r) => `${r.code} ${r.name}`}
          secondaryText={(r) => `${r.customer_name ?? '-'} · ${r.capacity_kwp} kWp · ${regionLabel(r)}`}
          tertiaryText={(r) => StationStatus.label(r.status, lang)}
        />
      ) : (
        <ListDatagrid rowClick={(id) => stationDetailPath(id)} bulkActionButtons={false}>
          <TextField source="code" {...MUST_SHOW} />
          <FunctionField<Station> source="name" render={(r) => <Clipped text={r.name} width={180} />} {...MUST_SHOW} />
          <FunctionField<Station> source="customer_name" render={(r) => <Clipped text={r.customer_name} width={100} />} />
          <FunctionField<Station> label={fieldLabel('region')} sortBy="province_code" render={(r) => <Clipped text={regionLabel(r)} width={200} />} />
          <FunctionField<Station> source="capacity_kwp" textAlign="right" render={(r) => r.capacity_kwp.toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN', { maximumFractionDigits: 2 })} {...MUST_SHOW} />
          <StationStatusChip label={fieldLabel('status')} sortBy="status" {...MUST_SHOW} />
          <FrozenMarker label={fieldLabel('frozen')} sortable={false} />
          <FunctionField<Station> source="agent_name" render={(r) => <Clipped text={r.agent_name} width={140} />} {...HIDE_FIRST} />
          <LocalDateField source="created_at" showTime {...HIDE_FIRST} />
        </ListDatagrid>
      )}
    </List>
  );
};
export default StationList;
