import { useState } from 'react';
import { Button, FilterButton, FunctionField, List, Pagination, SearchInput, SelectArrayInput, SelectInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { useSearchParams } from 'react-router-dom';
import AddIcon from '@mui/icons-material/Add';
import SlaIcon from '@mui/icons-material/TimerOutlined';
import { FaultCategory, MaintenanceSource, regionName, type MaintenanceOrder } from '@pv/contract';
import { CityInput, DistrictInput, ProvinceInput } from '../../forms/RegionInput.tsx';
import { AgentInput } from '../customer/common.tsx';
import { ExportButton, ImportButton } from '../customer/excel/index.ts';
import { useHasPermission } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { StationCell, idParam } from '../common/lists.tsx';
import { TeamInput } from '../workOrder/common.tsx';
import { MaintenanceStatusChip, PriorityChip, maintenanceField, useMaintenanceChoices } from './common.tsx';
import { CreateMaintenanceDialog, SlaDialog } from './dialogs.tsx';
import { MAINTENANCE_API, maintenanceDetailPath } from './logic.ts';
import { RecordInput } from '../common/RecordInput.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = useMaintenanceChoices();
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(maintenanceField('q'))} />,
    <SelectArrayInput key="status" source="status" label={maintenanceField('status')} choices={choices.status} alwaysOn sx={{ minWidth: 160 }} />,
    <SelectArrayInput key="priority" source="priority" label={maintenanceField('priority')} choices={choices.priority} alwaysOn sx={{ minWidth: 120 }} />,
    <SelectInput key="breached" source="breached" label={maintenanceField('breached')} choices={choices.yesNo} alwaysOn />,
    <ProvinceInput key="province_code" source="province_code" label={maintenanceField('province_code')} alwaysOn />,
    <CityInput key="city_code" source="city_code" label={maintenanceField('city_code')} />,
    <DistrictInput key="district_code" source="district_code" label={maintenanceField('district_code')} />,
    <SelectArrayInput key="source" source="source" label={maintenanceField('source')} choices={choices.source} />,
    <SelectArrayInput key="fault_category" source="fault_category" label={maintenanceField('fault_category')} choices={choices.category} />,
    <AgentInput key="agent_id" source="agent_id" label={maintenanceField('agent_id')} />,
    <TeamInput key="team_id" api={MAINTENANCE_API} source="team_id" label={maintenanceField('team_id')} />,
    <DateInput key="created_at_gte" source="created_at_gte" label={maintenanceField('created_at_gte')} />,
    <DateInput key="created_at_lte" source="created_at_lte" label={maintenanceField('created_at_lte')} />,
    <DateInput key="deadline_gte" source="deadline_gte" label={maintenanceField('deadline_gte')} />,
    <DateInput key="deadline_lte" source="deadline_lte" label={maintenanceField('deadline_lte')} />,
    <RecordInput key="station_id" kind="station" source="station_id" label={maintenanceField('station_id')} />,
  ];
};

const Actions = () => {
  const canAdd = useHasPermission('maintenance:add');
  const canSla = useHasPermission('maintenance:sla');
  const exportable = useHasPermission('maintenance:export');
  const [open, setOpen] = useState<'add' | 'sla' | null>(null);
  return (
    <TopToolbar>
      <FilterButton />
      {canAdd && <Button label="pv.maintenance.add" onClick={() => setOpen('add')} startIcon={<AddIcon />} data-testid="maintenance-add" />}
      <ImportButton subject="maintenance" access="import" />
      {exportable && <ExportButton />}
      {canSla && <Button label="pv.maintenance.sla" onClick={() => setOpen('sla')} startIcon={<SlaIcon />} data-testid="maintenance-sla" />}
      {open === 'add' && <CreateMaintenanceDialog onClose={() => setOpen(null)} />}
      {open === 'sla' && <SlaDialog onClose={() => setOpen(null)} />}
    </TopToolbar>
  );
};

/**
 * 运维工单: #/operation/maintenanceList (maintenance API); a row opens the order's detail tab.
 * `?station_id=N`, `?source=inspection&source_id=N` open it filtered (links from other pages).
 */
const MaintenanceList = () => {
  const lang = useLang();
  const [params] = useSearchParams();
  const defaults: Record<string, unknown> = Object.fromEntries((['station_id', 'source_id'] as const).map((k) => [k, idParam(params.get(k))]).filter(([, v]) => v !== undefined));
  if (params.get('source')) defaults.source = [params.get('source')];
  return (
    <List key={JSON.stringify(defaults)} storeKey={`maintenance-list${params.toString() ? `?${params.toString()}` : ''}`} disableSyncWithLocation filterDefaultValues={defaults} filters={useFilters()} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={20} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <ListDatagrid rowClick={(id) => maintenanceDetailPath(id)} bulkActionButtons={false} cellMaxWidth={200} data-testid="maintenance-list">
        <TextField source="order_no" label={maintenanceField('order_no')} {...MUST_SHOW} />
        <FunctionField<MaintenanceOrder> source="priority" label={maintenanceField('priority')} render={(r) => <PriorityChip priority={r.priority} />} {...MUST_SHOW} />
        <FunctionField<MaintenanceOrder> source="status" label={maintenanceField('status')} render={(r) => <MaintenanceStatusChip status={r.status} responseBreached={r.response_breached} repairBreached={r.repair_breached} />} {...MUST_SHOW} />
        <FunctionField<MaintenanceOrder> source="station_code" label={maintenanceField('station_code')} render={(r) => <StationCell record={r} />} {...MUST_SHOW} />
        <FunctionField<MaintenanceOrder> source="province_code" label={maintenanceField('province_code')} sortable={false} render={(r) => [regionName(r.province_code, lang), r.city_code ? regionName(r.city_code, lang) : ''].filter(Boolean).join(' ')} {...HIDE_FIRST} />
        <FunctionField<MaintenanceOrder> source="fault_category" label={maintenanceField('fault_category')} sortable={false} render={(r) => `${FaultCategory.label(r.fault_category, lang)}${r.fault_code ? ` · ${r.fault_code}` : ''}`} />
        <FunctionField<MaintenanceOrder> source="source" label={maintenanceField('source')} sortable={false} render={(r) => MaintenanceSource.label(r.source, lang)} />
        <TextField source="description" label={maintenanceField('description')} sortable={false} />
        <TextField source="team_name" label={maintenanceField('team_name')} emptyText="-" />
        <TextField source="agent_name" label={maintenanceField('agent_name')} emptyText="-" {...HIDE_FIRST} />
        <LocalDateField source="repair_due" label={maintenanceField('repair_due')} showTime {...MUST_SHOW} />
        <LocalDateField source="created_at" label={maintenanceField('created_at')} showTime {...HIDE_FIRST} />
      </ListDatagrid>
    </List>
  );
};
export default MaintenanceList;
