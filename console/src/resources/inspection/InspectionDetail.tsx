import { useMemo, useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Chip, Link, Stack, Typography } from '@mui/material';
import BuildIcon from '@mui/icons-material/HandymanOutlined';
import { InspectionStatus, OperationPlanKind, regionName, type ChecklistItem, type FileView, type Inspection, type ListResult, type MaintenanceOrder } from '@pv/contract';
import { useHasPermission } from '../common/actions.tsx';
import { FromInspectionDialog } from '../maintenance/dialogs.tsx';
import { MAINTENANCE_API, maintenanceDetailPath } from '../maintenance/logic.ts';
import { DetailHeader, RecordDetailPage, Value } from '../common/DetailPage.tsx';
import { LifecycleSide, useRecordSideList } from '../common/History.tsx';
import { EmptyNote, FieldGrid, Panel } from '../common/layout.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { FileList } from '../matter/Attachments.tsx';
import { InspectionActions } from './actions.tsx';
import { InspectionStatusChip, inspectionField, planField } from './common.tsx';
import { INSPECTION_API, INSPECTION_RESOURCE, judged, planShowPath, rangeText, stationDetailPath } from './logic.ts';
import { RecordWorkflowPanel } from '../workflow/InstancePanel.tsx';
import { DataTable } from '../common/DataTable.tsx';
import { MUST_SHOW } from '../common/columns.ts';

/**
 * A failed item's maintenance order: a link to the order opened for it, or 转运维工单 (maintenance:add)
 * opening the order dialog with the item's category and reading.
 */
const ItemOrder = ({ record, item, found, order }: { record: Inspection; item: ChecklistItem; found: string; order: MaintenanceOrder | undefined }) => {
  const translate = useTranslate();
  const canAdd = useHasPermission('maintenance:add');
  const [open, setOpen] = useState(false);
  if (order)
    return (
      <Link component={RouterLink} to={maintenanceDetailPath(order.id)} data-testid={`item-order-${item.key}`}>
        {translate('pv.maintenance.linked', { order_no: order.order_no })}
      </Link>
    );
  if (!canAdd || record.status === 'cancelled') return <>-</>;
  return (
    <>
      <Button size="small" variant="outlined" color="warning" startIcon={<BuildIcon />} onClick={() => setOpen(true)} data-testid={`item-to-order-${item.key}`}>
        {translate('pv.maintenance.from_item')}
      </Button>
      {open && <FromInspectionDialog inspectionId={record.id} item={item} found={found} onClose={() => setOpen(false)} />}
    </>
  );
};

/** The checklist with each answer: verdict, reading against its range, text, photos; failed items lead to maintenance orders. */
const Results = () => {
  const record = useRecordContext<Inspection>()!;
  const translate = useTranslate();
  const { data: orders } = useRecordSideList<MaintenanceOrder>(MAINTENANCE_API, `inspection-${record.id}`, (dp, id) =>
    dp.read<ListResult<MaintenanceOrder>>(MAINTENANCE_API, 'index', { source: 'inspection', source_id: id, limit: 100 }).then((r) => r.data.list.filter((o) => o.status !== 'cancelled')),
  );
  const orderOf = useMemo(() => new Map(orders.map((o) => [o.source_item, o])), [orders]);
  const { data: photos } = useRecordSideList<FileView>(INSPECTION_API, 'photos', (dp, id) => dp.read<{ list: FileView[] }>(INSPECTION_API, 'photos', { id }).then((r) => r.data.list));
  const byId = useMemo(() => new Map(photos.map((f) => [f.id, f])), [photos]);
  const rows = judged(record.checklist, record.results);
  return (
    <Panel title="pv.inspection.results" testId="inspection-results">
      {!record.submitted_at && <EmptyNote text="pv.inspection.no_results" />}
      <DataTable
        rows={rows}
        rowKey={(r) => r.item.key}
        rowAttrs={(r) => ({ 'data-testid': `result-${r.item.key}` })}
        rowSx={(r) => (r.failed ? { bgcolor: 'error.50', '& td': { color: 'error.main' } } : undefined)}
        columns={[
          { key: 'label', label: translate(planField('label')), render: ({ item }) => item.label, ...MUST_SHOW },
          { key: 'range', label: translate(planField('range')), nowrap: true, render: ({ item }) => rangeText(item) || '-' },
          {
            key: 'result',
            label: translate('pv.inspection.results'),
            ...MUST_SHOW,
            render: ({ item, answer, failed }) => (
              <>
                {answer?.pass === true && <Chip size="small" color="success" variant="outlined" label={translate('pv.inspection.passed')} />}
                {answer?.pass === false && <Chip size="small" color="error" label={translate('pv.inspection.failed')} />}
                {answer?.value != null && (
                  <Typography component="span" variant="body2" sx={{ fontWeight: failed ? 600 : undefined }}>
                    {answer.value}
                    {item.unit ? ` ${item.unit}` : ''}
                    {failed && item.kind === 'number' ? `（${translate('pv.inspection.out_of_range', { range: rangeText(item) })}）` : ''}
                  </Typography>
                )}
                {answer?.text && <Typography variant="body2">{answer.text}</Typography>}
                {!answer && '-'}
              </>
            ),
          },
          { key: 'photos', label: translate('pv.inspection.photos'), render: ({ answer }) => (answer?.photos?.length ? <FileList files={answer.photos.flatMap((id) => (byId.get(id) ? [byId.get(id)!] : []))} /> : '-') },
          !!record.submitted_at && {
            key: 'orders',
            label: translate('pv.maintenance.orders'),
            ...MUST_SHOW,
            render: ({ item, answer, failed }) => (failed ? <ItemOrder record={record} item={item} order={orderOf.get(item.key)} found={answer?.value != null ? `（${answer.value}${item.unit ? ` ${item.unit}` : ''}）` : ''} /> : '-'),
          },
        ]}
      />
    </Panel>
  );
};

const Info = () => {
  const record = useRecordContext<Inspection>()!;
  const lang = useLang();
  const time = (v: string | null) => (v ? formatDateTime(v, lang) : '-');
  return (
    <Panel title="pv.inspection.basic" testId="inspection-basic">
      <FieldGrid>
        <Value label={inspectionField('kind')}>{OperationPlanKind.label(record.kind, lang)}</Value>
        <Value label={inspectionField('station_code')}>
          <Link component={RouterLink} to={stationDetailPath(record.station_id)} data-testid="station-link">
            {record.station_code ?? `#${record.station_id}`}
          </Link>{' '}
          {record.station_name}
        </Value>
        <Value label={inspectionField('province_code')}>{[record.province_code, record.city_code, record.district_code].filter(Boolean).map((c) => regionName(c, lang)).join(' ')}</Value>
        <Value label={inspectionField('plan_name')}>
          {record.plan_id ? (
            <Link component={RouterLink} to={planShowPath(record.plan_id)}>
              {record.plan_name ?? `#${record.plan_id}`}
            </Link>
          ) : (
            '-'
          )}
        </Value>
        <Value label={inspectionField('period')}>{record.period}</Value>
        <Value label={inspectionField('team_name')}>{record.team_name ?? '-'}</Value>
        <Value label={inspectionField('agent_name')}>{record.agent_name ?? '-'}</Value>
        <Value label={inspectionField('planned_date')}>{record.planned_date}</Value>
        <Value label={inspectionField('deadline')}>{time(record.deadline)}</Value>
        <Value label={inspectionField('started_at')}>{time(record.started_at)}</Value>
        <Value label={inspectionField('submitted_at')}>{time(record.submitted_at)}</Value>
        <Value label={inspectionField('finished_at')}>{time(record.finished_at)}</Value>
        <Value label={inspectionField('failed_count')}>{record.submitted_at ? record.failed_count : '-'}</Value>
        <Value label="pv.inspection.position">{record.lat && record.lng ? `${record.lat}, ${record.lng}` : '-'}</Value>
        <Value label={inspectionField('remark')}>{record.remark || '-'}</Value>
        {record.reject_reason && <Value label={inspectionField('reject_reason')}>{record.reject_reason}</Value>}
        {record.cancel_reason && <Value label={inspectionField('cancel_reason')}>{record.cancel_reason}</Value>}
      </FieldGrid>
    </Panel>
  );
};

const Side = () => (
  <LifecycleSide
    api={INSPECTION_API}
    area="inspection"
    states={InspectionStatus}
    fieldLabel={inspectionField}
    hidden={['checklist', 'results', 'agent_id', 'station_id', 'plan_id', 'province_code', 'city_code', 'district_code', 'submitted_by', 'reviewed_by']}
  />
);

/** 巡检详情: #/operation/inspectionDetail?id=N (one tab per inspection): the task, its results and photos, the actions, timeline and history. */
const InspectionDetail = () => (
  <RecordDetailPage<Inspection>
    resource={INSPECTION_RESOURCE}
    missing="pv.inspection.missing_id"
    header={(record) => (
      <DetailHeader testId="inspection-heading" title={record.inspection_no} subtitle={record.station_name ?? undefined} chip={<InspectionStatusChip status={record.status} overdue={record.overdue} />} actions={<InspectionActions />} />
    )}
    main={
      <Stack>
        <Info />
        <RecordWorkflowPanel recordType="inspection" />
        <Results />
      </Stack>
    }
    side={<Side />}
  />
);
export default InspectionDetail;
