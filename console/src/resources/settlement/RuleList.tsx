import { CreateButton, FunctionField, List, Pagination, SelectArrayInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { AgentLevel, SettlementRuleKind, type SettlementRule } from '@pv/contract';
import { ExportButton } from '../customer/excel/index.ts';
import { useCan, useHasPermission } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { ruleField, useSettlementChoices } from './common.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const Actions = () => {
  const creatable = useCan('create');
  const exportable = useHasPermission('settlement_rule:export');
  return (
    <TopToolbar>
      {creatable && <CreateButton label="pv.settlement.rule.create" />}
      {exportable && <ExportButton />}
    </TopToolbar>
  );
};

/** 结算规则: #/finance/settlementRule — each rate with its period and version; a row opens its form. */
const RuleList = () => {
  const lang = useLang();
  const translate = useTranslate();
  const editable = useCan('edit');
  const choices = useSettlementChoices();
  const filters = [
    <SelectArrayInput key="kind" source="kind" label={ruleField('kind')} choices={choices.ruleKind} alwaysOn sx={{ minWidth: 200 }} />,
    <DateInput key="active_on" source="active_on" label={ruleField('active_on')} alwaysOn />,
  ];
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'kind', order: 'ASC' }} perPage={50} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />}>
      <ListDatagrid rowClick={editable ? 'edit' : false} bulkActionButtons={false} data-testid="rule-list">
        <FunctionField<SettlementRule> source="kind" label={ruleField('kind')} render={(r) => SettlementRuleKind.label(r.kind, lang)} {...MUST_SHOW} />
        <FunctionField<SettlementRule> source="agent_level" label={ruleField('agent_level')} sortable={false} render={(r) => AgentLevel.label(String(r.agent_level), lang)} {...MUST_SHOW} />
        <TextField source="rate" label={ruleField('rate')} textAlign="right" {...MUST_SHOW} />
        <TextField source="effective_from" label={ruleField('effective_from')} {...MUST_SHOW} />
        <FunctionField<SettlementRule> source="effective_until" label={ruleField('effective_until')} sortable={false} render={(r) => r.effective_until ?? translate('pv.settlement.rule.open_end')} />
        <TextField source="version" label={ruleField('version')} sortable={false} {...HIDE_FIRST} />
        <TextField source="used" label={ruleField('used')} sortable={false} textAlign="right" />
        <TextField source="remark" label={ruleField('remark')} sortable={false} emptyText="-" {...HIDE_FIRST} />
        <LocalDateField source="updated_at" label={ruleField('updated_at')} showTime />
      </ListDatagrid>
    </List>
  );
};
export default RuleList;
