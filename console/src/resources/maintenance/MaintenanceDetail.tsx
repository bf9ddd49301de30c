import { useMemo } from 'react';
import { useGetMany, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Link, Stack, Typography } from '@mui/material';
import { FaultCategory, MaintenancePriority, MaintenanceSource, MaintenanceStatus, regionName, type FileView, type MaintenanceOrder, type Material, type Warehouse } from '@pv/contract';
import { DetailHeader, RecordDetailPage, Value } from '../common/DetailPage.tsx';
import { LifecycleSide, useRecordSideList } from '../common/History.tsx';
import { EmptyNote, FieldGrid, Panel } from '../common/layout.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { inspectionDetailPath } from '../inspection/logic.ts';
import { FileList } from '../matter/Attachments.tsx';
import { matterDetailPath } from '../matter/common.tsx';
import { MATERIAL_RESOURCE, WAREHOUSE_RESOURCE } from '../operation/logic.ts';
import { stationDetailPath } from '../station/logic.ts';
import { MaintenanceActions } from './actions.tsx';
import { MaintenanceStatusChip, PriorityChip, maintenanceField } from './common.tsx';
import { MAINTENANCE_API, durationText } from './logic.ts';
import { RecordWorkflowPanel } from '../workflow/InstancePanel.tsx';
import { useHasPermission } from '../common/actions.tsx';
import { claimCreatePath } from '../insurance/logic.ts';
import { Button } from '@mui/material';
import ClaimIcon from '@mui/icons-material/ReportProblemOutlined';
import { DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

/** 发起理赔: the claim form with this order's station and number filled in (holders of insurance_claim:add). */
const FileClaim = () => {
  const record = useRecordContext<MaintenanceOrder>();
  const translate = useTranslate();
  const may = useHasPermission('insurance_claim:add');
  if (!record || !may) return null;
  return (
    <Button size="small" component={RouterLink} to={claimCreatePath({ station_id: record.station_id, maintenance_id: record.id })} startIcon={<ClaimIcon />} data-testid="maintenance-file-claim">
      {translate('pv.insurance.from_maintenance')}
    </Button>
  );
};

/** Where the order came from: the 光E宝 matter or the inspection by its number (and the failed item by its label), as links. */
const SourceValue = ({ record }: { record: MaintenanceOrder }) => {
  const lang = useLang();
  const label = MaintenanceSource.label(record.source, lang);
  const no = record.source_no ?? `#${record.source_id}`;
  if (record.source === 'matter' && record.source_id)
    return (
      <Link component={RouterLink} to={matterDetailPath(record.source_id)} data-testid="maintenance-source-link">
        {label} {no}
      </Link>
    );
  if (record.source === 'inspection' && record.source_id)
    return (
      <Link component={RouterLink} to={inspectionDetailPath(record.source_id)} data-testid="maintenance-source-link">
        {label} {no}
        {record.source_item ? ` · ${record.source_item_label ?? record.source_item}` : ''}
      </Link>
    );
  return <>{label}</>;
};

const Info = () => {
  const record = useRecordContext<MaintenanceOrder>()!;
  const lang = useLang();
  const time = (v: string | null) => (v ? formatDateTime(v, lang) : '-');
  return (
    <Panel title="pv.maintenance.basic" testId="maintenance-basic">
      <FieldGrid>
        <Value label={maintenanceField('station_code')}>
          <Link component={RouterLink} to={stationDetailPath(record.station_id)} data-testid="station-link">
            {record.station_code ?? `#${record.station_id}`}
          </Link>{' '}
          {record.station_name}
        </Value>
        <Value label={maintenanceField('province_code')}>{[record.province_code, record.city_code, record.district_code].filter(Boolean).map((c) => regionName(c!, lang)).join(' ')}</Value>
        <Value label={maintenanceField('source')}>
          <SourceValue record={record} />
        </Value>
        <Value label={maintenanceField('priority')}>{MaintenancePriority.label(record.priority, lang)}</Value>
        <Value label={maintenanceField('fault_category')}>{FaultCategory.label(record.fault_category, lang)}</Value>
        <Value label={maintenanceField('fault_code')}>{record.fault_code || '-'}</Value>
        <Value label={maintenanceField('team_name')}>{record.team_name ?? '-'}</Value>
        <Value label={maintenanceField('agent_name')}>{record.agent_name ?? '-'}</Value>
        <Value label={maintenanceField('deadline')}>{time(record.deadline)}</Value>
        <Value label={maintenanceField('created_at')}>{time(record.created_at)}</Value>
        <Value label={maintenanceField('response_due')}>{time(record.response_due)}</Value>
        <Value label={maintenanceField('responded_at')}>
          {time(record.responded_at)}
          {record.responded_at ? `（${durationText(record.created_at, record.responded_at, lang)}）` : ''}
        </Value>
        <Value label={maintenanceField('repair_due')}>{time(record.repair_due)}</Value>
        <Value label={maintenanceField('finished_at')}>
          {time(record.finished_at)}
          {record.finished_at ? `（${durationText(record.created_at, record.finished_at, lang)}）` : ''}
        </Value>
        <Value label={maintenanceField('description')}>{record.description}</Value>
        {record.reject_reason && <Value label={maintenanceField('reject_reason')}>{record.reject_reason}</Value>}
        {record.cancel_reason && <Value label={maintenanceField('cancel_reason')}>{record.cancel_reason}</Value>}
      </FieldGrid>
    </Panel>
  );
};

const named = (r: { code: string; name: string } | undefined, id: number) => (r ? `${r.code} · ${r.name}` : `#${id}`);

/** The parts of the handling record: material, warehouse, quantity, serials in and out, the issue document. */
const Parts = ({ record }: { record: MaintenanceOrder }) => {
  const translate = useTranslate();
  const parts = record.parts ?? [];
  const { data: materials } = useGetMany<Material>(MATERIAL_RESOURCE, { ids: [...new Set(parts.map((p) => p.material_id))] }, { enabled: parts.length > 0 });
  const { data: warehouses } = useGetMany<Warehouse>(WAREHOUSE_RESOURCE, { ids: [...new Set(parts.map((p) => p.warehouse_id))] }, { enabled: parts.length > 0 });
  const material = new Map((materials ?? []).map((m) => [m.id, m]));
  const warehouse = new Map((warehouses ?? []).map((w) => [w.id, w]));
  if (!parts.length) return <Typography variant="body2" color="text.secondary">{translate('pv.maintenance.no_parts')}</Typography>;
  return (
    <DataTable
      testId="maintenance-parts-table"
      rows={parts}
      rowKey={(_p, i) => i}
      columns={[
        { key: 'material_id', label: translate('pv.stock.field.material_id'), render: (p) => named(material.get(p.material_id), p.material_id), ...MUST_SHOW },
        { key: 'warehouse_id', label: translate('pv.stock.field.warehouse_id'), render: (p) => named(warehouse.get(p.warehouse_id), p.warehouse_id) },
        { key: 'qty', label: translate('pv.stock.field.qty'), align: 'right', nowrap: true, render: (p) => [p.qty, material.get(p.material_id)?.unit].filter(Boolean).join(' '), ...MUST_SHOW },
        { key: 'serials', label: translate('pv.stock.field.serials'), render: (p) => p.serials?.join(', ') || '-' },
        { key: 'old_serials', label: translate(maintenanceField('old_serials')), render: (p) => p.old_serials?.join(', ') || '-' },
        { key: 'doc_no', label: translate('pv.stock.field.doc_no'), nowrap: true, render: (p) => p.doc_no ?? '-', ...HIDE_FIRST },
      ]}
    />
  );
};

/** 处理记录: cause, measures, labour hours, photos before / after, the parts used. */
const Handling = () => {
  const record = useRecordContext<MaintenanceOrder>()!;
  const { data: photos } = useRecordSideList<FileView>(MAINTENANCE_API, 'photos', (dp, id) => dp.read<{ list: FileView[] }>(MAINTENANCE_API, 'photos', { id }).then((r) => r.data.list));
  const byId = useMemo(() => new Map(photos.map((f) => [f.id, f])), [photos]);
  const pick = (ids: number[] | null) => (ids ?? []).flatMap((id) => (byId.get(id) ? [byId.get(id)!] : []));
  const lang = useLang();
  return (
    <Panel title="pv.maintenance.handling" testId="maintenance-handling">
      {!record.submitted_at ? (
        <EmptyNote text="pv.maintenance.no_handling" />
      ) : (
        <Stack spacing={2}>
          <FieldGrid>
            <Value label={maintenanceField('cause')}>{record.cause}</Value>
            <Value label={maintenanceField('measures')}>{record.measures}</Value>
            <Value label={maintenanceField('labour_hours')}>{record.labour_hours ?? '-'}</Value>
            <Value label={maintenanceField('submitted_at')}>{formatDateTime(record.submitted_at, lang)}</Value>
            <Value label={maintenanceField('photos_before')}>{pick(record.photos_before).length ? <FileList files={pick(record.photos_before)} /> : '-'}</Value>
            <Value label={maintenanceField('photos_after')}>{pick(record.photos_after).length ? <FileList files={pick(record.photos_after)} /> : '-'}</Value>
          </FieldGrid>
          <Parts record={record} />
        </Stack>
      )}
    </Panel>
  );
};

const Side = () => (
  <LifecycleSide
    api={MAINTENANCE_API}
    area="maintenance"
    states={MaintenanceStatus}
    fieldLabel={maintenanceField}
    hidden={['parts', 'photos_before', 'photos_after', 'agent_id', 'station_id', 'province_code', 'city_code', 'district_code', 'dispatched_by', 'created_by', 'source_id', 'submit_count']}
  />
);

/** 运维工单详情: #/operation/maintenanceDetail?id=N (one tab per order): the fault, its handling record, the actions, timeline and history. */
const MaintenanceDetail = () => (
  <RecordDetailPage<MaintenanceOrder>
    resource="operation/maintenanceList"
    missing="pv.maintenance.missing_id"
    header={(record) => (
      <DetailHeader
        testId="maintenance-heading"
        title={record.order_no}
        subtitle={record.station_name ?? undefined}
        chip={
          <>
            <PriorityChip priority={record.priority} /> <MaintenanceStatusChip status={record.status} responseBreached={record.response_breached} repairBreached={record.repair_breached} />
          </>
        }
        actions={
          <>
            <MaintenanceActions />
            <FileClaim />
          </>
        }
      />
    )}
    main={
      <Stack>
        <Info />
        <RecordWorkflowPanel recordType="maintenance" />
        <Handling />
      </Stack>
    }
    side={<Side />}
  />
);
export default MaintenanceDetail;
