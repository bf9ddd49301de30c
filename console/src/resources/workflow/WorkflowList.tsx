import { useState } from 'react';
import { Button, FilterButton, FunctionField, List, Pagination, SearchInput, SelectArrayInput, TextField, TopToolbar, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { emptyWorkflowGraph } from '@pv/contract';
import { Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField as MuiTextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { useHasPermission } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { ExportButton } from '../customer/excel/index.ts';
import { type Binding, BindingFields, DefinitionStatusChip, bindingBody, bindingOf, bindingText, recordTypeLabel, useWorkflowChoices, useWorkflowRegistry, workflowField } from './common.tsx';
import type { WorkflowGateCondition } from '@pv/contract';
import { WORKFLOW_API, designerPath } from './logic.ts';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

interface Definition {
  id: number;
  key: string;
  name: string;
  record_type: string;
  event: string | null;
  gate_action: string | null;
  gate_condition: WorkflowGateCondition | null;
  published_version: number;
  status: string;
}

const useFilters = () => {
  const choices = useWorkflowChoices();
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(workflowField('q'))} />,
    <SelectArrayInput key="status" source="status" label={workflowField('status')} choices={choices.status} alwaysOn sx={{ minWidth: 160 }} />,
    <SelectArrayInput key="record_type" source="record_type" label={workflowField('record_type')} choices={choices.recordType} alwaysOn sx={{ minWidth: 160 }} />,
  ];
};

/** 新建流程: key, name, record type and (optionally) the event that starts it; then the designer opens. */
const CreateDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const choices = useWorkflowChoices();
  const dataProvider = useDataProvider<PvDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const lang = useLang();
  const [form, setForm] = useState({ key: '', name: '', record_type: 'matter' });
  const [binding, setBinding] = useState<Binding>(bindingOf({}));
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    // another record type has other events and actions
    if (k === 'record_type') setBinding(bindingOf({}));
  };
  const submit = async () => {
    setBusy(true);
    try {
      const { data } = await dataProvider.act<Definition>(WORKFLOW_API, 'add', { key: form.key, name: form.name, record_type: form.record_type, ...bindingBody(binding), graph: emptyWorkflowGraph(lang) });
      notify('pv.workflow.created', { type: 'success' });
      onClose();
      navigate(designerPath(data.id));
    } catch (error) {
      const message = (error as Error).message;
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('pv.workflow.create_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <MuiTextField size="small" label={translate(workflowField('key'))} value={form.key} onChange={set('key')} inputProps={{ 'data-testid': 'wf-key' }} required />
          <MuiTextField size="small" label={translate(workflowField('name'))} value={form.name} onChange={set('name')} inputProps={{ 'data-testid': 'wf-name' }} required />
          <MuiTextField size="small" select label={translate(workflowField('record_type'))} value={form.record_type} onChange={set('record_type')} SelectProps={{ inputProps: { 'data-testid': 'wf-record-type' } }}>
            {choices.recordType.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </MuiTextField>
          <BindingFields recordType={form.record_type} value={binding} onChange={setBinding} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} />
        <Button label="ra.action.save" onClick={() => void submit()} disabled={busy || !form.key || !form.name} variant="contained" data-testid="wf-create-save" />
      </DialogActions>
    </Dialog>
  );
};

const Actions = () => {
  const [open, setOpen] = useState(false);
  const mayAdd = useHasPermission('workflow:add');
  const mayExport = useHasPermission('workflow:export');
  return (
    <TopToolbar>
      <FilterButton />
      {mayAdd && <Button label="pv.workflow.create" onClick={() => setOpen(true)} data-testid="wf-create">
        <AddIcon />
      </Button>}
      {mayExport && <ExportButton />}
      {open && <CreateDialog onClose={() => setOpen(false)} />}
    </TopToolbar>
  );
};

/**
 * 工作流: #/other/workflow — the process definitions (key, name, bound event, latest version,
 * status, updated by/at); a row opens the designer.
 */
const WorkflowList = () => {
  const lang = useLang();
  const translate = useTranslate();
  const reg = useWorkflowRegistry();
  return (
    <List storeKey="workflow-list" disableSyncWithLocation filters={useFilters()} actions={<Actions />} sort={{ field: 'updated_at', order: 'DESC' }} perPage={20} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <ListDatagrid rowClick={(id) => designerPath(id)} bulkActionButtons={false} data-testid="workflow-list">
        <TextField source="key" label={workflowField('key')} {...HIDE_FIRST} />
        <TextField source="name" label={workflowField('name')} {...MUST_SHOW} />
        <FunctionField<Definition> source="record_type" label={workflowField('record_type')} render={(r) => recordTypeLabel(reg, r.record_type, lang)} />
        <FunctionField<Definition> source="event" label={workflowField('event')} sortable={false} render={(r) => bindingText(reg, r.record_type, bindingOf(r), lang, translate)} />
        <FunctionField<Definition> source="published_version" label={workflowField('published_version')} textAlign="right" render={(r) => (r.published_version ? `v${r.published_version}` : translate('pv.workflow.never'))} {...MUST_SHOW} />
        <FunctionField<Definition> source="status" label={workflowField('status')} render={(r) => <DefinitionStatusChip status={r.status} />} {...MUST_SHOW} />
        <TextField source="updated_by_name" label={workflowField('updated_by_name')} emptyText="-" sortable={false} {...HIDE_FIRST} />
        <LocalDateField source="updated_at" label={workflowField('updated_at')} showTime />
      </ListDatagrid>
    </List>
  );
};
export default WorkflowList;
