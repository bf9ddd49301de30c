import { FilterButton, FunctionField, List, NumberField, Pagination, SearchInput, SelectArrayInput, SelectInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { useSearchParams } from 'react-router-dom';
import { OperationPlanKind, regionName, type Inspection } from '@pv/contract';
import { CityInput, DistrictInput, ProvinceInput } from '../../forms/RegionInput.tsx';
import { AgentInput } from '../customer/common.tsx';
import { ExportButton } from '../customer/excel/index.ts';
import { useHasPermission } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { StationCell, idParam } from '../common/lists.tsx';
import { TeamInput } from '../workOrder/common.tsx';
import { InspectionStatusChip, inspectionField, useInspectionChoices } from './common.tsx';
import { INSPECTION_API, inspectionDetailPath } from './logic.ts';
import { RecordInput, useCanPick } from '../common/RecordInput.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = useInspectionChoices();
  const translate = useTranslate();
  const canPick = useCanPick();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(inspectionField('q'))} />,
    <SelectArrayInput key="status" source="status" label={inspectionField('status')} choices={choices.status} alwaysOn sx={{ minWidth: 160 }} />,
    <SelectInput key="overdue" source="overdue" label={inspectionField('overdue')} choices={choices.yesNo} alwaysOn />,
    <SelectInput key="kind" source="kind" label={inspectionField('kind')} choices={choices.kind} alwaysOn />,
    <ProvinceInput key="province_code" source="province_code" label={inspectionField('province_code')} alwaysOn />,
    <CityInput key="city_code" source="city_code" label={inspectionField('city_code')} />,
    <DistrictInput key="district_code" source="district_code" label={inspectionField('district_code')} />,
    <AgentInput key="agent_id" source="agent_id" label={inspectionField('agent_id')} />,
    <TeamInput key="team_id" api={INSPECTION_API} source="team_id" label={inspectionField('team_id')} />,
    <DateInput key="planned_date_gte" source="planned_date_gte" label={inspectionField('planned_date_gte')} />,
    <DateInput key="planned_date_lte" source="planned_date_lte" label={inspectionField('planned_date_lte')} />,
    <DateInput key="deadline_gte" source="deadline_gte" label={inspectionField('deadline_gte')} />,
    <DateInput key="deadline_lte" source="deadline_lte" label={inspectionField('deadline_lte')} />,
    ...(canPick('operation_plan') ? [<RecordInput key="plan_id" kind="operation_plan" source="plan_id" label={inspectionField('plan_id')} />] : []),
    <RecordInput key="station_id" kind="station" source="station_id" label={inspectionField('station_id')} />,
  ];
};

const Actions = () => {
  const exportable = useHasPermission('inspection:export');
  return (
    <TopToolbar>
      <FilterButton />
      {exportable && <ExportButton />}
    </TopToolbar>
  );
};

/**
 * 巡检: #/operation/inspectionList (inspection API); a row opens the inspection's detail tab.
 * `?plan_id=N` / `?station_id=N` open it filtered (links from the plan and station pages).
 */
const InspectionList = () => {
  const lang = useLang();
  const [params] = useSearchParams();
  const defaults = Object.fromEntries((['plan_id', 'station_id'] as const).map((k) => [k, idParam(params.get(k))]).filter(([, v]) => v !== undefined));
  return (
    <List key={JSON.stringify(defaults)} storeKey={`inspection-list${params.toString() ? `?${params.toString()}` : ''}`} disableSyncWithLocation filterDefaultValues={defaults} filters={useFilters()} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={20} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <ListDatagrid rowClick={(id) => inspectionDetailPath(id)} bulkActionButtons={false} data-testid="inspection-list">
        <TextField source="inspection_no" label={inspectionField('inspection_no')} {...MUST_SHOW} />
        <FunctionField<Inspection> source="kind" label={inspectionField('kind')} sortable={false} render={(r) => OperationPlanKind.label(r.kind, lang)} />
        <FunctionField<Inspection> source="status" label={inspectionField('status')} render={(r) => <InspectionStatusChip status={r.status} overdue={r.overdue} />} {...MUST_SHOW} />
        <FunctionField<Inspection> source="station_code" label={inspectionField('station_code')} render={(r) => <StationCell record={r} />} {...MUST_SHOW} />
        <FunctionField<Inspection> source="province_code" label={inspectionField('province_code')} render={(r) => [regionName(r.province_code, lang), r.city_code ? regionName(r.city_code, lang) : ''].filter(Boolean).join(' ')} />
        <TextField source="plan_name" label={inspectionField('plan_name')} emptyText="-" sortable={false} {...HIDE_FIRST} />
        <TextField source="period" label={inspectionField('period')} sortable={false} />
        <TextField source="team_name" label={inspectionField('team_name')} emptyText="-" />
        <TextField source="agent_name" label={inspectionField('agent_name')} emptyText="-" {...HIDE_FIRST} />
        <LocalDateField source="planned_date" label={inspectionField('planned_date')} />
        <LocalDateField source="deadline" label={inspectionField('deadline')} showTime {...MUST_SHOW} />
        <NumberField source="failed_count" label={inspectionField('failed_count')} sortable={false} />
        <LocalDateField source="submitted_at" label={inspectionField('submitted_at')} showTime {...HIDE_FIRST} />
      </ListDatagrid>
    </List>
  );
};
export default InspectionList;
