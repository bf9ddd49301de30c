import { CreateButton, FunctionField, List, Pagination, TextField, TopToolbar, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { regionName, type Tariff } from '@pv/contract';
import { ProvinceInput } from '../../forms/RegionInput.tsx';
import { ExportButton } from '../customer/excel/index.ts';
import { useCan, useHasPermission } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { tariffField } from './common.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const filters = [
  <ProvinceInput key="province_code" source="province_code" label={tariffField('province_code')} alwaysOn />,
  <DateInput key="active_on" source="active_on" label={tariffField('active_on')} alwaysOn />,
];

const Actions = () => {
  const creatable = useCan('create');
  const exportable = useHasPermission('tariff:export');
  return (
    <TopToolbar>
      {creatable && <CreateButton label="pv.tariff.create" />}
      {exportable && <ExportButton />}
    </TopToolbar>
  );
};

/** 电价: #/finance/tariffList (tariff API) — each province's benchmark price by period; a row opens its form. */
const TariffList = () => {
  const lang = useLang();
  const translate = useTranslate();
  const editable = useCan('edit');
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'province_code', order: 'ASC' }} perPage={50} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />}>
      <ListDatagrid rowClick={editable ? 'edit' : false} bulkActionButtons={false} data-testid="tariff-list">
        <FunctionField<Tariff> source="province_code" label={tariffField('province_code')} render={(r) => regionName(r.province_code, lang)} {...MUST_SHOW} />
        <FunctionField<Tariff> source="price" label={tariffField('price')} textAlign="right" render={(r) => r.price} {...MUST_SHOW} />
        <TextField source="effective_from" label={tariffField('effective_from')} {...MUST_SHOW} />
        <FunctionField<Tariff> source="effective_to" label={tariffField('effective_to')} sortable={false} render={(r) => r.effective_to ?? translate('pv.tariff.open_end')} />
        <FunctionField<Tariff> source="utilisation_hours" label={tariffField('utilisation_hours')} sortable={false} textAlign="right" render={(r) => r.utilisation_hours ?? translate('pv.tariff.national')} />
        <FunctionField<Tariff> source="used" label={tariffField('used')} sortable={false} textAlign="right" render={(r) => r.used} />
        <TextField source="remark" label={tariffField('remark')} sortable={false} emptyText="-" {...HIDE_FIRST} />
        <LocalDateField source="updated_at" label={tariffField('updated_at')} showTime />
      </ListDatagrid>
    </List>
  );
};
export default TariffList;
