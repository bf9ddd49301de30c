import { FunctionField, List, Pagination, SearchInput, SelectArrayInput, SelectInput, TextField, useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import { WorkflowInstanceState, WorkflowResult } from '@pv/contract';
import { LocalDateField, useLang } from '../common/format.tsx';
import { recordLinkOf, recordTypeLabel, useWorkflowChoices, useWorkflowRegistry } from './common.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

interface InstanceRow {
  id: number;
  name: string;
  record_type: string;
  record_id: number;
  record_label: string | null;
  state: string;
  result: string | null;
  current_node_name: string | null;
  version_no: number;
}

const STATE_COLOR = { running: 'info', completed: 'success', cancelled: 'default', failed: 'error' } as const;
const f = (name: string) => `pv.workflow.list.${name}`;

const useFilters = () => {
  const lang = useLang();
  const translate = useTranslate();
  const choices = useWorkflowChoices();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(f('q'))} />,
    <SelectArrayInput key="state" source="state" label={f('state')} choices={WorkflowInstanceState.choices(lang)} alwaysOn sx={{ minWidth: 160 }} />,
    <SelectInput key="record_type" source="record_type" label={f('record_type')} choices={choices.recordType} alwaysOn sx={{ minWidth: 160 }} />,
  ];
};

/** 流程实例: #/other/workflowInstance — every process run the user may see; a row opens its record (diagram and history there). */
const InstanceList = () => {
  const lang = useLang();
  const reg = useWorkflowRegistry();
  return (
    <List storeKey="workflow-instance-list" disableSyncWithLocation filters={useFilters()} sort={{ field: 'created_at', order: 'DESC' }} perPage={20} exporter={false} empty={false} actions={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <ListDatagrid
        rowClick={(_id, _resource, record) => recordLinkOf(reg, record.record_type as string, record.record_id as number)}
        bulkActionButtons={false}
        data-testid="workflow-instance-list"
      >
        <TextField source="id" label="ID" {...HIDE_FIRST} />
        <FunctionField<InstanceRow> source="name" label={f('name')} sortable={false} render={(r) => `${r.name} · v${r.version_no}`} {...MUST_SHOW} />
        <FunctionField<InstanceRow> source="record_type" label={f('record_type')} sortable={false} render={(r) => recordTypeLabel(reg, r.record_type, lang)} />
        <TextField source="record_label" label={f('record')} sortable={false} {...MUST_SHOW} />
        <FunctionField<InstanceRow> source="state" label={f('state')} render={(r) => <Chip size="small" color={STATE_COLOR[r.state as keyof typeof STATE_COLOR] ?? 'default'} label={WorkflowInstanceState.label(r.state, lang)} />} {...MUST_SHOW} />
        <FunctionField<InstanceRow> source="result" label={f('result')} sortable={false} render={(r) => (r.result ? WorkflowResult.label(r.result, lang) : '-')} />
        <TextField source="current_node_name" label={f('current')} sortable={false} emptyText="-" />
        <TextField source="started_by_name" label={f('started_by')} sortable={false} emptyText="-" {...HIDE_FIRST} />
        <LocalDateField source="started_at" label={f('started_at')} showTime />
        <LocalDateField source="ended_at" label={f('ended_at')} showTime />
      </ListDatagrid>
    </List>
  );
};
export default InstanceList;
