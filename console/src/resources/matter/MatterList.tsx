import { useMemo, useState } from 'react';
import {
  CreateButton,
  FilterButton,
  FunctionField,
  List,
  NumberField,
  Pagination,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextField,
  TopToolbar,
  useDataProvider,
  useListContext,
  useTranslate,
} from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import AssignIcon from '@mui/icons-material/AssignmentIndOutlined';
import { MatterChannel, MatterType, matterBatchAssignSchema, type Matter } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { ProvinceInput } from '../../forms/RegionInput.tsx';
import { contractResolver } from '../../forms/zodResolver.ts';
import { AgentInput } from '../customer/common.tsx';
import { ExportButton } from '../customer/excel/index.ts';
import { ActionButton, FormDialog, useAction, useCan } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { HandlerInput, MATTER_API, MatterStatusChip, fieldLabel, matterDetailPath, useMatterChoices } from './common.tsx';
import { Permission } from '../../shell/Permission.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = useMatterChoices();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectArrayInput key="status" source="status" choices={choices.status} alwaysOn sx={{ minWidth: 180 }} />,
    <SelectInput key="type" source="type" choices={choices.type} alwaysOn />,
    <SelectInput key="channel" source="channel" choices={choices.channel} />,
    <HandlerInput key="handler_id" source="handler_id" label={fieldLabel('handler_id')} />,
    <AgentInput key="agent_id" source="agent_id" label={fieldLabel('agent_id')} />,
    <ProvinceInput key="province_code" source="province_code" label={fieldLabel('province_code')} />,
    <DateInput key="created_at_gte" source="created_at_gte" />,
    <DateInput key="created_at_lte" source="created_at_lte" />,
  ];
};

/** 批量指派: the selected matters to one handler in one transaction (all or nothing). */
const BatchAssignButton = () => {
  const { selectedIds, onUnselectItems } = useListContext();
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { run, busy } = useAction();
  const allowed = useCan('assign');
  const resolver = useMemo(
    () => contractResolver(matterBatchAssignSchema, translate, (v: Record<string, unknown>) => ({ ids: selectedIds, handler_id: v.handler_id ?? undefined })),
    [translate, selectedIds],
  );
  if (!allowed) return null;
  const submit = async (values: Record<string, unknown>) => {
    const ok = await run(
      () => dataProvider.act(MATTER_API, 'batch_assign', { ids: selectedIds, handler_id: Number(values.handler_id) }),
      translate('pv.matter.notify.batch_assigned', { count: selectedIds.length }),
    );
    if (ok) {
      setOpen(false);
      onUnselectItems();
    }
  };
  return (
    <>
      <ActionButton label="pv.matter.action.batch_assign" icon={<AssignIcon />} onClick={() => setOpen(true)} />
      <FormDialog
        open={open}
        title="pv.matter.dialog.batch_assign_title"
        hint={translate('pv.matter.dialog.batch_assign_hint', { count: selectedIds.length })}
        onClose={() => setOpen(false)}
        onSubmit={submit}
        resolver={resolver}
        submitLabel="ra.action.confirm"
        busy={busy}
      >
        <HandlerInput source="handler_id" fullWidth isRequired />
      </FormDialog>
    </>
  );
};

export const MatterListActions = () => {
  const creatable = useCan('create');
  return (
    <TopToolbar>
      <FilterButton />
      {creatable && <CreateButton label="pv.matter.action.create" />}
      {/* matter:export is not react-admin's export (which maps to index): the permission code itself */}
      <Permission rule={`${MATTER_API}:export`}>
        <ExportButton />
      </Permission>
    </TopToolbar>
  );
};

const ellipsis = { display: 'inline-block', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'middle' } as const;

/** 光E宝事项: #/stationManagement/gebMatter. A row opens #/stationManagement/matterDetails?id=N in a new tab. */
const MatterList = () => {
  const filters = useFilters();
  // the only bulk action is assigning: no row checkboxes for those who cannot assign
  const assignable = useCan('assign');
  const lang = useLang();
  return (
    <List
      filters={filters}
      actions={<MatterListActions />}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={20}
      exporter={false}
      empty={false}
     
      pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
    >
      <ListDatagrid rowClick={(id) => matterDetailPath(id)} bulkActionButtons={assignable ? <BatchAssignButton /> : false}>
        <TextField source="matter_no" {...MUST_SHOW} />
        <FunctionField<Matter> source="type" render={(r) => MatterType.label(r.type, lang)} {...MUST_SHOW} />
        <MatterStatusChip label={fieldLabel('status')} sortBy="status" {...MUST_SHOW} />
        <FunctionField<Matter> source="title" sortable={false} render={(r) => <span title={r.title} style={ellipsis}>{r.title}</span>} {...MUST_SHOW} />
        <TextField source="customer_name" sortable={false} emptyText="-" />
        <TextField source="station_code" sortable={false} emptyText="-" />
        <FunctionField<Matter> source="channel" render={(r) => MatterChannel.label(r.channel, lang)} />
        <TextField source="handler_name" sortable={false} emptyText="-" />
        <FunctionField<Matter> source="agent_name" sortable={false} render={(r) => (r.agent_name ? <span title={r.agent_name} style={{ ...ellipsis, maxWidth: 140 }}>{r.agent_name}</span> : '-')} {...HIDE_FIRST} />
        <NumberField source="reply_count" sortable={false} {...HIDE_FIRST} />
        <LocalDateField source="last_reply_at" sortable={false} showTime emptyText="-" {...HIDE_FIRST} />
        <LocalDateField source="created_at" showTime />
      </ListDatagrid>
    </List>
  );
};
export default MatterList;
