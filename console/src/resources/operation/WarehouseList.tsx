import { CreateButton, FilterButton, FunctionField, List, Pagination, SearchInput, SelectArrayInput, SelectInput, TextField, TopToolbar } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { WarehouseKind, type Warehouse, formatYuan } from '@pv/contract';
import { CityInput, ProvinceInput, useRegionLabel } from '../../forms/RegionInput.tsx';
import { ExportButton } from '../customer/excel/index.ts';
import { useCan, useHasPermission } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { StatusChip, useStockChoices, warehouseField } from './common.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = useStockChoices();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectArrayInput key="kind" source="kind" label={warehouseField('kind')} choices={choices.kind} alwaysOn sx={{ minWidth: 180 }} />,
    <ProvinceInput key="province_code" source="province_code" label={warehouseField('province_code')} alwaysOn />,
    <CityInput key="city_code" source="city_code" label={warehouseField('city_code')} />,
    <SelectInput key="status" source="status" label={warehouseField('status')} choices={choices.status} />,
    <DateInput key="created_at_gte" source="created_at_gte" label={warehouseField('created_at_gte')} />,
    <DateInput key="created_at_lte" source="created_at_lte" label={warehouseField('created_at_lte')} />,
  ];
};

const Actions = () => {
  const creatable = useCan('create');
  const exportable = useHasPermission('warehouse:export');
  return (
    <TopToolbar>
      <FilterButton />
      {creatable && <CreateButton label="pv.stock.warehouse.create" />}
      {exportable && <ExportButton />}
    </TopToolbar>
  );
};

/** 仓库: #/operation/warehouseList (warehouse API; the agent data scope applies); a row opens its detail. */
const WarehouseList = () => {
  const lang = useLang();
  const regionLabel = useRegionLabel();
  return (
    <List filters={useFilters()} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={20} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <ListDatagrid rowClick="show" bulkActionButtons={false} data-testid="warehouse-list">
        <TextField source="code" label={warehouseField('code')} {...MUST_SHOW} />
        <TextField source="name" label={warehouseField('name')} {...MUST_SHOW} />
        <FunctionField<Warehouse> source="kind" label={warehouseField('kind')} render={(r) => WarehouseKind.label(r.kind, lang)} />
        <FunctionField<Warehouse> label={warehouseField('region')} sortBy="province_code" render={(r) => regionLabel(r) || '-'} />
        <TextField source="keeper_name" label={warehouseField('keeper_id')} emptyText="-" />
        <TextField source="team_name" label={warehouseField('team_id')} emptyText="-" {...HIDE_FIRST} />
        <FunctionField<Warehouse & { stock_value?: string }> source="stock_value" label={warehouseField('stock_value')} textAlign="right" render={(r) => formatYuan(r.stock_value ?? '0')} {...MUST_SHOW} />
        <FunctionField<Warehouse> source="status" label={warehouseField('status')} render={(r) => <StatusChip status={r.status} />} {...MUST_SHOW} />
        <LocalDateField source="created_at" label={warehouseField('created_at')} showTime {...HIDE_FIRST} />
      </ListDatagrid>
    </List>
  );
};
export default WarehouseList;
