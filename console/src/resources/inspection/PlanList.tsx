import { CreateButton, FilterButton, FunctionField, List, NumberField, Pagination, SearchInput, SelectArrayInput, TextField, TopToolbar } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { OperationPlanKind, type OperationPlan } from '@pv/contract';
import { ExportButton } from '../customer/excel/index.ts';
import { useCan, useHasPermission } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { PlanStatusChip, planField, useInspectionChoices } from './common.tsx';
import { Recurrence } from './PlanShow.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = useInspectionChoices();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectArrayInput key="status" source="status" label={planField('status')} choices={choices.planStatus} alwaysOn sx={{ minWidth: 160 }} />,
    <SelectArrayInput key="kind" source="kind" label={planField('kind')} choices={choices.kind} alwaysOn sx={{ minWidth: 160 }} />,
    <DateInput key="created_at_gte" source="created_at_gte" label={planField('created_at_gte')} />,
    <DateInput key="created_at_lte" source="created_at_lte" label={planField('created_at_lte')} />,
  ];
};

const Actions = () => {
  const creatable = useCan('create');
  const exportable = useHasPermission('operation_plan:export');
  return (
    <TopToolbar>
      <FilterButton />
      {creatable && <CreateButton label="pv.plan.create" />}
      {exportable && <ExportButton />}
    </TopToolbar>
  );
};

/** 运维计划: #/operation/operationPlan (operation_plan API); a row opens the plan (actions, its inspections, history). */
const PlanList = () => {
  const lang = useLang();
  return (
    <List filters={useFilters()} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={20} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <ListDatagrid rowClick="show" bulkActionButtons={false} data-testid="plan-list">
        <TextField source="plan_no" label={planField('plan_no')} {...MUST_SHOW} />
        <TextField source="name" label={planField('name')} {...MUST_SHOW} />
        <FunctionField<OperationPlan> source="kind" label={planField('kind')} render={(r) => OperationPlanKind.label(r.kind, lang)} />
        <FunctionField<OperationPlan> source="status" label={planField('status')} render={(r) => <PlanStatusChip status={r.status} />} {...MUST_SHOW} />
        <FunctionField<OperationPlan> label={planField('recurrence')} render={(r) => <Recurrence plan={r} />} />
        <TextField source="default_team_name" label={planField('default_team_name')} emptyText="-" sortable={false} />
        <TextField source="last_period" label={planField('last_period')} emptyText="-" sortable={false} />
        <LocalDateField source="next_period_at" label={planField('next_period_at')} showTime />
        <NumberField source="generated_count" label={planField('generated_count')} {...HIDE_FIRST} />
        <NumberField source="open_inspections" label={planField('open_inspections')} sortable={false} />
        <LocalDateField source="created_at" label={planField('created_at')} showTime {...HIDE_FIRST} />
      </ListDatagrid>
    </List>
  );
};
export default PlanList;
