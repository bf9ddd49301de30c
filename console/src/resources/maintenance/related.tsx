import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Link, Stack } from '@mui/material';
import BuildIcon from '@mui/icons-material/HandymanOutlined';
import { FaultCategory, MaintenancePriority, type ListResult, type MaintenanceOrder, type Matter, type Station } from '@pv/contract';
import { useHasPermission } from '../common/actions.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { useRecordSideList } from '../common/History.tsx';
import { Related, useRelated } from '../station/related.tsx';
import { MaintenanceStatusChip, maintenanceField } from './common.tsx';
import { CreateMaintenanceDialog } from './dialogs.tsx';
import { MAINTENANCE_API, maintenanceDetailPath, maintenanceOf } from './logic.ts';
import { DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

/**
 * 转运维工单 on a 光E宝 fault matter (matter detail toolbar): the order opened from it as a link, or
 * the button (maintenance:add, matter still open) opening the new-order dialog filled from the matter.
 */
export const MatterMaintenance = () => {
  const matter = useRecordContext<Matter>();
  const translate = useTranslate();
  const canAdd = useHasPermission('maintenance:add');
  const canSee = useHasPermission('maintenance:index');
  const [open, setOpen] = useState(false);
  const isFault = matter?.type === 'fault';
  const { data: orders } = useRecordSideList<MaintenanceOrder>(MAINTENANCE_API, 'matter', (dp, id) =>
    isFault && canSee ? dp.read<ListResult<MaintenanceOrder>>(MAINTENANCE_API, 'index', { source: 'matter', source_id: id, limit: 10 }).then((r) => r.data.list.filter((o) => o.status !== 'cancelled')) : Promise.resolve([]),
  );
  if (!matter || !isFault) return null;
  const order = orders[0];
  if (order)
    return (
      <Button size="small" component={RouterLink} to={maintenanceDetailPath(order.id)} startIcon={<BuildIcon />} data-testid="matter-maintenance-link">
        {translate('pv.maintenance.linked', { order_no: order.order_no })}
      </Button>
    );
  if (!canAdd || matter.status === 'closed' || matter.status === 'rejected') return null;
  return (
    <>
      <Button size="small" startIcon={<BuildIcon />} onClick={() => setOpen(true)} data-testid="matter-to-maintenance">
        {translate('pv.maintenance.from_matter')}
      </Button>
      {open && <CreateMaintenanceDialog matter={{ id: matter.id, content: matter.content }} station={matter.station_id ? { id: matter.station_id, label: `${matter.station_code ?? `#${matter.station_id}`}` } : undefined} onClose={() => setOpen(false)} />}
    </>
  );
};

/** The station's maintenance orders (运维 tab), newest first, each opening its detail tab; 新建工单 for this station. */
export const StationMaintenance = () => {
  const record = useRecordContext<Station>()!;
  const translate = useTranslate();
  const lang = useLang();
  const canAdd = useHasPermission('maintenance:add');
  const [open, setOpen] = useState(false);
  const { data, error, isPending } = useRelated('maintenance', (dp, id) =>
    dp.read<ListResult<MaintenanceOrder>>(MAINTENANCE_API, 'index', { station_id: id, limit: 50, sort: 'created_at', order: 'DESC' }).then((r) => r.data.list),
  );
  const actions = (
    <Stack direction="row" spacing={1}>
      {canAdd && !record.frozen && (
        <Button size="small" startIcon={<BuildIcon />} onClick={() => setOpen(true)} data-testid="station-maintenance-add">
          {translate('pv.maintenance.add')}
        </Button>
      )}
      <Button size="small" component={RouterLink} to={maintenanceOf({ station_id: record.id })} data-testid="station-maintenance-open">
        {translate('pv.maintenance.open_orders')}
      </Button>
    </Stack>
  );
  return (
    <Related title="pv.maintenance.orders" testId="station-maintenance" error={error} empty="pv.maintenance.no_orders" isEmpty={!isPending && !data?.length} actions={actions}>
      <DataTable
        rows={data ?? []}
        rowKey={(o) => o.id}
        columns={[
          {
            key: 'order_no',
            label: translate(maintenanceField('order_no')),
            nowrap: true,
            ...MUST_SHOW,
            render: (o) => (
              <Link component={RouterLink} to={maintenanceDetailPath(o.id)}>
                {o.order_no}
              </Link>
            ),
          },
          { key: 'priority', label: translate(maintenanceField('priority')), nowrap: true, render: (o) => MaintenancePriority.label(o.priority, lang) },
          { key: 'status', label: translate(maintenanceField('status')), nowrap: true, render: (o) => <MaintenanceStatusChip status={o.status} responseBreached={o.response_breached} repairBreached={o.repair_breached} />, ...MUST_SHOW },
          { key: 'fault_category', label: translate(maintenanceField('fault_category')), nowrap: true, render: (o) => FaultCategory.label(o.fault_category, lang) },
          { key: 'description', label: translate(maintenanceField('description')), sx: { maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }, render: (o) => <span title={o.description}>{o.description}</span>, ...MUST_SHOW },
          { key: 'team_name', label: translate(maintenanceField('team_name')), render: (o) => o.team_name ?? '-', ...HIDE_FIRST },
          { key: 'created_at', label: translate(maintenanceField('created_at')), nowrap: true, render: (o) => formatDateTime(o.created_at, lang), ...HIDE_FIRST },
          { key: 'finished_at', label: translate(maintenanceField('finished_at')), nowrap: true, render: (o) => (o.finished_at ? formatDateTime(o.finished_at, lang) : '-') },
        ]}
      />
      {open && <CreateMaintenanceDialog station={{ id: record.id, label: `${record.code} · ${record.name}` }} onClose={() => setOpen(false)} />}
    </Related>
  );
};
