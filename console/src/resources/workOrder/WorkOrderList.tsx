import { useMemo, useState, type MouseEvent } from 'react';
import {
  FilterButton,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  Pagination,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useDataProvider,
  useListContext,
  useTranslate,
} from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { Link as RouterLink } from 'react-router-dom';
import { Box, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import DispatchIcon from '@mui/icons-material/SendOutlined';
import AuditIcon from '@mui/icons-material/ArticleOutlined';
import { workOrderBatchDispatchSchema, type WorkOrder, type WorkOrderKindValue } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { CityInput, DistrictInput, ProvinceInput, useRegionLabel } from '../../forms/RegionInput.tsx';
import { contractResolver } from '../../forms/zodResolver.ts';
import { AgentInput, customerDetailPath } from '../customer/common.tsx';
import { ExportButton } from '../customer/excel/index.ts';
import { ActionButton, FormDialog, present, useAction } from '../common/actions.tsx';
import { LocalDateField, formatDateTime } from '../common/format.tsx';
import { useWorkOrderCan, WorkOrderRowActions } from './actions.tsx';
import { TeamInput, WorkOrderStatusChip, fieldLabel, useKind, useWorkOrderChoices } from './common.tsx';
import { WORK_ORDER_API, notDispatchable, selfAuditDetailPath, stationDetailPath } from './logic.ts';
import { RecordInput } from '../common/RecordInput.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = (kind: WorkOrderKindValue) => {
  const choices = useWorkOrderChoices();
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(fieldLabel('q'))} />,
    <SelectArrayInput key="status" source="status" label={fieldLabel('status')} choices={choices.status} alwaysOn sx={{ minWidth: 180 }} />,
    <SelectInput key="overdue" source="overdue" label={fieldLabel('overdue')} choices={choices.overdue} alwaysOn />,
    <ProvinceInput key="province_code" source="province_code" label={fieldLabel('province_code')} alwaysOn />,
    <CityInput key="city_code" source="city_code" label={fieldLabel('city_code')} />,
    <DistrictInput key="district_code" source="district_code" label={fieldLabel('district_code')} />,
    <AgentInput key="agent_id" source="agent_id" label={fieldLabel('agent_id')} />,
    <TeamInput key="team_id" source="team_id" kind={kind} label={fieldLabel('team_id')} />,
    <DateInput key="deadline_gte" source="deadline_gte" label={fieldLabel('deadline_gte')} />,
    <DateInput key="deadline_lte" source="deadline_lte" label={fieldLabel('deadline_lte')} />,
    <DateInput key="created_at_gte" source="created_at_gte" label={fieldLabel('created_at_gte')} />,
    <DateInput key="created_at_lte" source="created_at_lte" label={fieldLabel('created_at_lte')} />,
    <RecordInput key="station_id" kind="station" source="station_id" label={fieldLabel('station_id')} />,
    <NumberInput key="id" source="id" label={fieldLabel('id')} />,
  ];
};

/** 批量派单: the selected orders to one team with one deadline, all or nothing (work_order/batch_dispatch). */
const BatchDispatchButton = () => {
  const { selectedIds, data, onUnselectItems } = useListContext<WorkOrder>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const kind = useKind();
  const choices = useWorkOrderChoices();
  const [open, setOpen] = useState(false);
  const { run, busy } = useAction();
  const resolver = useMemo(
    () => contractResolver(workOrderBatchDispatchSchema, translate, (v: Record<string, unknown>) => present({ ...v, ids: selectedIds })),
    [translate, selectedIds],
  );
  const selected = (data ?? []).filter((r) => selectedIds.includes(r.id));
  const blocked = notDispatchable(selected);
  const submit = async (values: Record<string, unknown>) => {
    const ok = await run(
      () => dataProvider.act(WORK_ORDER_API, 'batch_dispatch', present({ ...values, ids: selectedIds })),
      translate('pv.workOrder.notify.batch_dispatch', { count: selectedIds.length }),
    );
    if (ok) {
      setOpen(false);
      onUnselectItems();
    }
  };
  return (
    <>
      <ActionButton label="pv.workOrder.action.batch_dispatch" icon={<DispatchIcon />} onClick={() => setOpen(true)} />
      {open && (
        <FormDialog
          open
          title="pv.workOrder.dialog.batch_dispatch_title"
          hint={
            translate('pv.workOrder.dialog.batch_dispatch_hint', { count: selectedIds.length }) +
            (blocked ? ' ' + translate('pv.workOrder.dialog.batch_dispatch_blocked', { count: blocked }) : '')
          }
          onClose={() => setOpen(false)}
          onSubmit={submit}
          resolver={resolver}
          submitLabel="pv.workOrder.action.dispatch"
          busy={busy}
        >
          <TeamInput kind={kind} showLoad fullWidth isRequired />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <DateInput source="deadline" label={fieldLabel('deadline')} isRequired fullWidth />
            <DateInput source="planned_date" label={fieldLabel('planned_date')} fullWidth />
          </Stack>
          <SelectInput source="dispatch_type" label={fieldLabel('dispatch_type')} choices={choices.dispatchType} defaultValue="manual" fullWidth />
          <TextInput source="remark" label={fieldLabel('remark')} multiline minRows={2} fullWidth />
        </FormDialog>
      )}
    </>
  );
};

const ListActions = () => {
  const can = useWorkOrderCan();
  return (
    <TopToolbar>
      <FilterButton />
      {can('export') && <ExportButton />}
    </TopToolbar>
  );
};

const ellipsis = (maxWidth: number) => ({ display: 'block', maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }) as const;
const stop = (e: MouseEvent) => e.stopPropagation();

/** A time without the year, `MM-DD HH:mm` China time (the full time on hover): the list stays within a 1440 px screen. */
const ShortTime = ({ value }: { value: string | null | undefined }) => {
  if (!value) return <>-</>;
  const full = formatDateTime(value);
  return <span title={full}>{/^\d{4}-/.test(full) ? full.slice(5) : full}</span>;
};

/** 电站: the code (opens the station page) over its name. */
const StationCell = ({ record }: { record: WorkOrder }) => (
  <Box>
    <Link component={RouterLink} to={stationDetailPath(record.station_id)} onClick={stop} underline="hover" data-testid="station-link">
      {record.station_code ?? `#${record.station_id}`}
    </Link>
    {record.station_name && (
      <Typography variant="caption" color="text.secondary" title={record.station_name} sx={ellipsis(160)}>
        {record.station_name}
      </Typography>
    )}
  </Box>
);

/** The latest self-audit of the order (opens its detail page), first of the row's actions. */
const LastAuditLink = ({ record }: { record: WorkOrder }) => {
  const translate = useTranslate();
  if (!record.last_audit_id) return null;
  return (
    <Tooltip title={translate('pv.workOrder.open_audit', { count: record.audit_count || 1 })}>
      <IconButton size="small" color="primary" sx={{ p: 0.5 }} component={RouterLink} to={selfAuditDetailPath(record.kind, record.last_audit_id)} onClick={stop} data-testid="last-audit-link">
        <AuditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};

/**
 * 施工派单 #/stationManagement/buildWorkOrderList and 并网派单 #/stationManagement/ongridWorkOrderList:
 * the work_order API with a fixed kind (providers/resources.ts). Rows carry the actions allowed now;
 * the selected rows can be dispatched together.
 */
const WorkOrderList = () => {
  const kind = useKind();
  const filters = useFilters(kind);
  const can = useWorkOrderCan();
  const regionLabel = useRegionLabel();
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={20}
      exporter={false}
      empty={false}
     
      pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
    >
      <ListDatagrid rowClick={false} bulkActionButtons={can('dispatch') ? <BatchDispatchButton /> : false}>
        <TextField source="order_no" label={fieldLabel('order_no')} {...MUST_SHOW} />
        <FunctionField<WorkOrder> source="station_code" label={fieldLabel('station_code')} render={(r) => <StationCell record={r} />} {...MUST_SHOW} />
        <FunctionField<WorkOrder>
          source="customer_name"
          label={fieldLabel('customer_name')}
          render={(r) =>
            r.customer_id ? (
              <Link component={RouterLink} to={customerDetailPath(r.customer_id)} onClick={stop} underline="hover" title={r.customer_name ?? ''} sx={ellipsis(100)}>
                {r.customer_name ?? `#${r.customer_id}`}
              </Link>
            ) : (
              (r.customer_name ?? '-')
            )
          }
        />
        <FunctionField<WorkOrder> source="province_code" label={fieldLabel('region')} render={(r) => <span title={regionLabel(r)} style={ellipsis(130)}>{regionLabel(r) || '-'}</span>} />
        <NumberField source="capacity_kwp" label={fieldLabel('capacity_kwp')} options={{ maximumFractionDigits: 2 }} emptyText="-" />
        <FunctionField<WorkOrder> source="team_name" label={fieldLabel(kind === 'grid' ? 'team_grid' : 'team_build')} render={(r) => (r.team_name ? <span title={r.team_name} style={ellipsis(110)}>{r.team_name}</span> : '-')} />
        <WorkOrderStatusChip label={fieldLabel('status')} sortBy="status" {...MUST_SHOW} />
        <LocalDateField source="deadline" label={fieldLabel('deadline')} emptyText="-" {...MUST_SHOW} />
        <FunctionField<WorkOrder> source="dispatched_at" label={fieldLabel('dispatched_at')} render={(r) => <ShortTime value={r.dispatched_at} />} {...HIDE_FIRST} />
        <FunctionField<WorkOrder> source="created_at" label={fieldLabel('created_at')} render={(r) => <ShortTime value={r.created_at} />} {...HIDE_FIRST} />
        <FunctionField<WorkOrder>
          label={fieldLabel('actions')}
          sortable={false}
          render={(r) => (
            <Stack direction="row" alignItems="center">
              <LastAuditLink record={r} />
              <WorkOrderRowActions />
            </Stack>
          )}
          {...MUST_SHOW}
        />
      </ListDatagrid>
    </List>
  );
};
export default WorkOrderList;
