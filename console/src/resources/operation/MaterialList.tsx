import { BooleanField, CreateButton, FilterButton, FunctionField, List, Pagination, SearchInput, SelectArrayInput, SelectInput, TextField, TopToolbar } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { MaterialCategory, type Material, formatYuan } from '@pv/contract';
import { ExportButton } from '../customer/excel/index.ts';
import { useCan, useHasPermission } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { StatusChip, materialField, useStockChoices } from './common.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = useStockChoices();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectArrayInput key="category" source="category" label={materialField('category')} choices={choices.category} alwaysOn sx={{ minWidth: 180 }} />,
    <SelectInput key="status" source="status" label={materialField('status')} choices={choices.status} alwaysOn />,
    <SelectInput key="serial_tracked" source="serial_tracked" label={materialField('serial_tracked')} choices={choices.yesNo} />,
    <DateInput key="created_at_gte" source="created_at_gte" label={materialField('created_at_gte')} />,
    <DateInput key="created_at_lte" source="created_at_lte" label={materialField('created_at_lte')} />,
  ];
};

const Actions = () => {
  const creatable = useCan('create');
  const exportable = useHasPermission('material:export');
  return (
    <TopToolbar>
      <FilterButton />
      {creatable && <CreateButton label="pv.stock.material.create" />}
      {exportable && <ExportButton />}
    </TopToolbar>
  );
};

/** 物料: #/operation/materialList (material API); a row opens its detail (balances, ledger, serials, history). */
const MaterialList = () => {
  const lang = useLang();
  return (
    <List filters={useFilters()} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={20} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <ListDatagrid rowClick="show" bulkActionButtons={false} data-testid="material-list">
        <TextField source="code" label={materialField('code')} {...MUST_SHOW} />
        <TextField source="name" label={materialField('name')} {...MUST_SHOW} />
        <TextField source="spec" label={materialField('spec')} emptyText="-" sortable={false} />
        <TextField source="unit" label={materialField('unit')} sortable={false} />
        <FunctionField<Material> source="category" label={materialField('category')} render={(r) => MaterialCategory.label(r.category, lang)} />
        <BooleanField source="serial_tracked" label={materialField('serial_tracked')} sortable={false} {...HIDE_FIRST} />
        <FunctionField<Material> source="unit_price" label={materialField('unit_price')} textAlign="right" render={(r) => formatYuan(r.unit_price)} {...MUST_SHOW} />
        <FunctionField<Material> source="status" label={materialField('status')} render={(r) => <StatusChip status={r.status} />} {...MUST_SHOW} />
        <LocalDateField source="created_at" label={materialField('created_at')} showTime {...HIDE_FIRST} />
      </ListDatagrid>
    </List>
  );
};
export default MaterialList;
