import { Suspense, useState } from 'react';
import { RecordContextProvider, ResourceContextProvider, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Chip, Link, Stack, Tab, Table, TableBody, TableCell, TableRow, Tabs, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import FrozenIcon from '@mui/icons-material/AcUnit';
import {
  GridMode,
  GridVoltage,
  MatterStatus,
  MatterType,
  SelfAuditResult,
  StationStatus,
  WorkOrderKind,
  WorkOrderStatus,
  type ListResult,
  type Matter,
  type SelfAudit,
  type Station,
  type WorkOrder,
} from '@pv/contract';
import { useRegionLabel } from '../../forms/RegionInput.tsx';
import { DetailHeader, LoadRecord, QueryIdPage, Value } from '../common/DetailPage.tsx';
import { HistoryPanel, TimelinePanel } from '../common/History.tsx';
import { DetailColumns, FieldGrid, Panel } from '../common/layout.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { customerDetailPath } from '../customer/common.tsx';
import { matterDetailPath } from '../matter/common.tsx';
import { StationActionButtons } from './actions.tsx';
import { FrozenMarker, STATION_API, STATION_RESOURCE, StationStatusChip, fieldLabel, stationDocsPath, useStationActionLabels } from './common.tsx';
import { matterListPath, selfAuditDetailPath, workOrderListPath } from './logic.ts';
import { PositionSketch } from './Position.tsx';
import { Related, useRelated } from './related.tsx';
import { StationOperation } from './StationOperation.tsx';
import { MoneyTab } from '../finance/index.ts';
import { StationInsurance } from '../insurance/index.ts';
import { useHasPermission } from '../common/actions.tsx';
import { RecordWorkflowPanel } from '../workflow/InstancePanel.tsx';
import { DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const time = (v: string | null | undefined, lang: 'zh' | 'en') => (v ? formatDateTime(v, lang) : '-');
const num = (v: number | null | undefined, unit = '') => (v === null || v === undefined ? '-' : `${v}${unit}`);

const Info = () => {
  const record = useRecordContext<Station>()!;
  const lang = useLang();
  const translate = useTranslate();
  const regionLabel = useRegionLabel();
  return (
    <>
      <Panel title="pv.station.basic" testId="station-basic">
        <FieldGrid>
          <Value label={fieldLabel('code')}>{record.code}</Value>
          <Value label={fieldLabel('name')}>{record.name}</Value>
          <Value label={fieldLabel('status')}>
            <Stack direction="row" spacing={1} alignItems="center">
              <StationStatusChip />
              <FrozenMarker />
            </Stack>
          </Value>
          <Value label={fieldLabel('capacity_kwp')}>{num(record.capacity_kwp, ' kWp')}</Value>
          <Value label={fieldLabel('product_id')}>{record.product_name || '-'}</Value>
          <Value label={fieldLabel('status_at')}>{time(record.status_at, lang)}</Value>
          <Value label={fieldLabel('created_at')}>{time(record.created_at, lang)}</Value>
          <Value label={fieldLabel('updated_at')}>{time(record.updated_at, lang)}</Value>
          <Value label={fieldLabel('built_at')}>{time(record.built_at, lang)}</Value>
        </FieldGrid>
      </Panel>
      <Panel title="pv.station.parties">
        <FieldGrid>
          <Value label={fieldLabel('customer_id')}>
            {record.customer_id ? (
              <Link component={RouterLink} to={customerDetailPath(record.customer_id)} title={translate('pv.station.open_customer')} data-testid="station-customer-link">
                {record.customer_name ?? `#${record.customer_id}`}
              </Link>
            ) : (
              '-'
            )}
          </Value>
          <Value label={fieldLabel('customer_phone')}>{record.customer_phone || '-'}</Value>
          <Value label={fieldLabel('agent_id')}>{record.agent_name || '-'}</Value>
          <Value label={fieldLabel('region')}>{regionLabel(record) || '-'}</Value>
          <Value label={fieldLabel('address')}>{record.address || '-'}</Value>
        </FieldGrid>
      </Panel>
      <Panel title="pv.station.equipment">
        <FieldGrid>
          <Value label={fieldLabel('module_model')}>{record.module_model || '-'}</Value>
          <Value label={fieldLabel('module_power_w')}>{num(record.module_power_w, ' W')}</Value>
          <Value label={fieldLabel('module_count')}>{num(record.module_count)}</Value>
          <Value label={fieldLabel('inverter_model')}>{record.inverter_model || '-'}</Value>
          <Value label={fieldLabel('inverter_sn')}>{record.inverter_sn || '-'}</Value>
          <Value label={fieldLabel('tilt_deg')}>{num(record.tilt_deg, '°')}</Value>
          <Value label={fieldLabel('azimuth')}>{num(record.azimuth, '°')}</Value>
        </FieldGrid>
      </Panel>
      <Panel title="pv.station.grid">
        <FieldGrid>
          <Value label={fieldLabel('grid_mode')}>{record.grid_mode ? GridMode.label(record.grid_mode, lang) : '-'}</Value>
          <Value label={fieldLabel('grid_voltage')}>{record.grid_voltage ? GridVoltage.label(record.grid_voltage, lang) : '-'}</Value>
          <Value label={fieldLabel('grid_at')}>{time(record.grid_at, lang)}</Value>
        </FieldGrid>
      </Panel>
    </>
  );
};

/** Both kinds of work order of the station (work_order/index?station_id=), each kind linking to its list filtered to the station. */
const WorkOrders = () => {
  const record = useRecordContext<Station>()!;
  const translate = useTranslate();
  const lang = useLang();
  const { data, error, isPending } = useRelated('work_orders', (dp, id) =>
    dp.read<ListResult<WorkOrder>>('work_order', 'index', { station_id: id, limit: 50, sort: 'created_at', order: 'DESC' }).then((r) => r.data.list),
  );
  const links = (
    <Stack direction="row" spacing={1}>
      {(['build', 'grid'] as const).map((kind) => (
        <Button key={kind} size="small" component={RouterLink} to={workOrderListPath(kind, record.id)} data-testid={`station-wo-list-${kind}`}>
          {translate(`pv.station.open_${kind}_orders`)}
        </Button>
      ))}
    </Stack>
  );
  return (
    <Related title="pv.station.work_orders" testId="station-work-orders" error={error} empty="pv.station.no_work_orders" isEmpty={!isPending && !data?.length} actions={links}>
      <DataTable
        rows={data ?? []}
        rowKey={(o) => o.id}
        columns={[
          {
            key: 'order_no',
            label: translate('pv.station.wo.order_no'),
            nowrap: true,
            ...MUST_SHOW,
            render: (o) => (
              <Link component={RouterLink} to={workOrderListPath(o.kind, record.id)}>
                {o.order_no}
              </Link>
            ),
          },
          { key: 'kind', label: translate('pv.station.wo.kind'), nowrap: true, render: (o) => <span title={WorkOrderKind.label(o.kind, lang)}>{translate(`pv.station.wo.kind_${o.kind === 'grid' ? 'grid' : 'build'}`)}</span> },
          {
            key: 'status',
            label: translate('pv.station.wo.status'),
            nowrap: true,
            ...MUST_SHOW,
            render: (o) => (
              <Stack direction="row" spacing={0.5} alignItems="center">
                <span>{WorkOrderStatus.label(o.status, lang)}</span>
                {o.overdue && <Chip size="small" color="error" variant="outlined" label={translate('pv.station.wo.overdue')} />}
              </Stack>
            ),
          },
          { key: 'team', label: translate('pv.station.wo.team'), render: (o) => o.team_name || '-' },
          { key: 'deadline', label: translate('pv.station.wo.deadline'), nowrap: true, render: (o) => (o.deadline ? o.deadline.slice(0, 10) : '-') },
          { key: 'created_at', label: translate('pv.station.wo.created_at'), nowrap: true, render: (o) => time(o.created_at, lang), ...HIDE_FIRST },
        ]}
      />
    </Related>
  );
};

/** The station's self-audits, every submission (self_audit/index?station_id=), each opening its detail page by kind. */
const SelfAudits = () => {
  const translate = useTranslate();
  const lang = useLang();
  const { data, error, isPending } = useRelated('self_audits', (dp, id) =>
    dp.read<ListResult<SelfAudit>>('self_audit', 'index', { station_id: id, limit: 50, sort: 'submitted_at', order: 'DESC' }).then((r) => r.data.list),
  );
  return (
    <Related title="pv.station.self_audits" testId="station-self-audits" error={error} empty="pv.station.no_self_audits" isEmpty={!isPending && !data?.length}>
      <DataTable
        rows={data ?? []}
        rowKey={(a) => a.id}
        columns={[
          {
            key: 'kind',
            label: translate('pv.station.sa.kind'),
            nowrap: true,
            ...MUST_SHOW,
            render: (a) => (
              <Link component={RouterLink} to={selfAuditDetailPath(a.kind, a.id)} data-testid={`station-self-audit-${a.id}`}>
                {translate(`pv.station.sa.kind_${a.kind === 'grid' ? 'grid' : 'build'}`)}
              </Link>
            ),
          },
          { key: 'order_no', label: translate('pv.station.sa.order_no'), nowrap: true, render: (a) => a.order_no || '-' },
          { key: 'attempt', label: translate('pv.station.sa.attempt'), nowrap: true, render: (a) => translate('pv.station.sa.attempt_n', { n: a.attempt }) },
          {
            key: 'result',
            label: translate('pv.station.sa.result'),
            nowrap: true,
            ...MUST_SHOW,
            render: (a) => <Chip size="small" variant="outlined" color={a.result === 'approved' ? 'success' : a.result === 'rejected' ? 'error' : 'warning'} label={SelfAuditResult.label(a.result, lang)} />,
          },
          { key: 'submitter', label: translate('pv.station.sa.submitter'), render: (a) => a.submitter_name || '-', ...HIDE_FIRST },
          { key: 'submitted_at', label: translate('pv.station.sa.submitted_at'), nowrap: true, render: (a) => time(a.submitted_at, lang) },
        ]}
      />
    </Related>
  );
};

/** The station's 光E宝 matters (matter/index?station_id=). */
const Matters = () => {
  const record = useRecordContext<Station>()!;
  const translate = useTranslate();
  const lang = useLang();
  const { data, error, isPending } = useRelated('matters', (dp, id) =>
    dp.read<ListResult<Matter>>('matter', 'index', { station_id: id, limit: 20, sort: 'created_at', order: 'DESC' }).then((r) => r.data),
  );
  const more = (
    <Button size="small" component={RouterLink} to={matterListPath(record.id)}>
      {translate('pv.station.open_matters')}
    </Button>
  );
  return (
    <Related title="pv.station.matters" testId="station-matters" error={error} empty="pv.station.no_matters" isEmpty={!isPending && !data?.list.length} actions={more}>
      <Table size="small">
        <TableBody>
          {(data?.list ?? []).map((m) => (
            <TableRow key={m.id} hover>
              <TableCell>
                <Link component={RouterLink} to={matterDetailPath(m.id)}>
                  {m.matter_no}
                </Link>
              </TableCell>
              <TableCell>{MatterType.label(m.type, lang)}</TableCell>
              <TableCell sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={m.title}>
                {m.title}
              </TableCell>
              <TableCell>{MatterStatus.label(m.status, lang)}</TableCell>
              <TableCell>{time(m.created_at, lang)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {data && data.total > data.list.length && (
        <Typography variant="caption" color="text.secondary">
          {data.list.length} / {data.total}
        </Typography>
      )}
    </Related>
  );
};

/** 电站文档: how many PDFs, and the way to the pdfs page. */
const Documents = () => {
  const record = useRecordContext<Station>()!;
  const translate = useTranslate();
  return (
    <Panel title="pv.station.documents" testId="station-documents">
      <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1}>
        <Typography variant="body2">{translate('pv.station.doc_count', { smart_count: record.doc_count ?? 0 })}</Typography>
        <Button size="small" variant="outlined" startIcon={<PdfIcon />} component={RouterLink} to={stationDocsPath(record.id)} data-testid="station-docs-link">
          {translate('pv.station.open_docs')}
        </Button>
      </Stack>
    </Panel>
  );
};

const HISTORY_HIDDEN = ['file_id', 'code', 'customer_name', 'customer_phone', 'agent_name', 'product_name', 'doc_count', 'status_at', 'frozen_reason', 'terminated_reason'];

const Side = () => {
  const translate = useTranslate();
  const actions = useStationActionLabels();
  // a document's log entry names the file and its type, not the station
  const historyField = (name: string, action?: string) => (action === 'upload_doc' || action === 'del_doc' ? `pv.station.docs.${name}` : fieldLabel(name));
  return (
    <>
      <TimelinePanel api={STATION_API} states={StationStatus} actions={actions} />
      <HistoryPanel api={STATION_API} fieldLabel={historyField} hidden={HISTORY_HIDDEN} actionLabel={(a) => translate(`pv.station.history_action.${a}`, { _: a })} />
    </>
  );
};

const Detail = ({ data }: { data: Station }) => {
  const translate = useTranslate();
  const [tab, setTab] = useState('overview');
  const { canAccess: editable } = useCanAccess({ resource: STATION_RESOURCE, action: 'edit' });
  const insurance = useHasPermission('insurance_policy:index');
  return (
    <RecordContextProvider value={data}>
      <DetailHeader
        testId="station-heading"
        title={data.name}
        subtitle={data.code}
        chip={<StationStatusChip />}
        actions={
          <>
            <StationActionButtons />
            {editable && data.status !== 'terminated' && (
              <Button size="small" component={RouterLink} to={`/${STATION_RESOURCE}/${data.id}`} startIcon={<EditIcon />} data-testid="station-edit">
                {translate('ra.action.edit')}
              </Button>
            )}
          </>
        }
      />
      {data.frozen && (
        <Alert severity="info" icon={<FrozenIcon />} sx={{ mb: 1 }} data-testid="station-frozen-banner">
          {translate('pv.station.frozen_banner', { reason: data.frozen_reason || '-' })}
        </Alert>
      )}
      {data.status === 'terminated' && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="station-terminated-banner">
          {translate('pv.station.terminated_banner', { reason: data.terminated_reason || '-' })}
        </Alert>
      )}
      <DetailColumns
        main={
          <>
            <Tabs value={tab} onChange={(_e, v: string) => setTab(v)} sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Tab value="overview" label={translate('pv.station.tab.overview')} data-testid="station-tab-overview" />
              <Tab value="operation" label={translate('pv.station.tab.operation')} data-testid="station-tab-operation" />
              <Tab value="money" label={translate('pv.money.tab')} data-testid="station-tab-money" />
            </Tabs>
            {tab === 'overview' ? (
              <>
                <Info />
                <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2, alignItems: 'start' }}>
                  <Documents />
                  <PositionSketch />
                </Box>
                <RecordWorkflowPanel recordType="station" />
                <WorkOrders />
                <SelfAudits />
                <Matters />
              </>
            ) : tab === 'operation' ? (
              <StationOperation />
            ) : (
              <Suspense fallback={null}>
                <MoneyTab owner={{ station_id: data.id }} />
                {insurance && <StationInsurance stationId={data.id} />}
              </Suspense>
            )}
          </>
        }
        side={<Side />}
      />
    </RecordContextProvider>
  );
};

/** 电站详情: #/stationManagement/stationDetail?id=N (a dynamicNewTab page: one tab per station). */
const StationDetail = () => (
  <ResourceContextProvider value={STATION_RESOURCE}>
    <QueryIdPage missing="pv.station.missing_id">{(id) => <LoadRecord<Station> key={id} resource={STATION_RESOURCE} id={id}>{(data) => <Detail data={data} />}</LoadRecord>}</QueryIdPage>
  </ResourceContextProvider>
);
export default StationDetail;
