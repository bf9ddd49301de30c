import { useMemo } from 'react';
import { RecordContextProvider, ResourceContextProvider, useDataProvider, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Link, Stack, alpha, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  SelfAuditResult,
  WorkOrderStatus,
  auditItemsFor,
  type AuditItem,
  type AuditItemDef,
  type Lang,
  type ListResult,
  type SelfAudit,
  type WorkOrder,
} from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { useRegionLabel } from '../../forms/RegionInput.tsx';
import { DetailHeader, LoadRecord, QueryIdPage, Value } from '../common/DetailPage.tsx';
import { LifecycleSide } from '../common/History.tsx';
import { DetailColumns, EmptyNote, FieldGrid, Panel } from '../common/layout.tsx';
import { formatDateTime, useLang, type Labels } from '../common/format.tsx';
import { customerDetailPath } from '../customer/common.tsx';
import { FileList } from '../matter/Attachments.tsx';
import { WorkOrderStatusChip, fieldLabel as orderField } from '../workOrder/common.tsx';
import { BUILD_AUDITS, SELF_AUDIT_API, auditResourceOf, orderListPath, orderResourceOf, selfAuditDetailPath, stationDetailPath } from '../workOrder/logic.ts';
import { ApproveButton, RejectButton } from './actions.tsx';
import { AttemptText, ItemResultChip, ResultChip, fieldLabel } from './common.tsx';
import { RecordWorkflowPanel } from '../workflow/InstancePanel.tsx';
import { DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const time = (v: string | null | undefined, lang: Lang) => (v ? formatDateTime(v, lang) : '-');

/** 自检信息: the order, station and customer (links), the submission and its review. */
const Info = ({ order }: { order: WorkOrder | undefined }) => {
  const record = useRecordContext<SelfAudit>()!;
  const lang = useLang();
  const translate = useTranslate();
  const regionLabel = useRegionLabel();
  const customerId = order?.customer_id;
  return (
    <Panel title="pv.selfAudit.basic">
      <FieldGrid>
        <Value label={fieldLabel('order_no')}>
          <Link component={RouterLink} to={orderListPath(record.kind, { id: record.work_order_id })} title={translate('pv.selfAudit.open_order')} data-testid="order-link">
            {record.order_no ?? `#${record.work_order_id}`}
          </Link>
        </Value>
        <Value label={fieldLabel('station_code')}>
          <Link component={RouterLink} to={stationDetailPath(record.station_id)} title={translate('pv.selfAudit.open_station')} data-testid="station-link">
            {record.station_code ?? `#${record.station_id}`}
          </Link>
          {record.station_name && (
            <Typography variant="caption" color="text.secondary" component="div">
              {record.station_name}
            </Typography>
          )}
        </Value>
        <Value label={fieldLabel('customer_name')}>
          {customerId ? (
            <Link component={RouterLink} to={customerDetailPath(customerId)} title={translate('pv.selfAudit.open_customer')} data-testid="customer-link">
              {record.customer_name ?? order?.customer_name ?? `#${customerId}`}
            </Link>
          ) : (
            (record.customer_name ?? '-')
          )}
        </Value>
        <Value label={fieldLabel('attempt')}>
          <AttemptText attempt={record.attempt} />
        </Value>
        <Value label={fieldLabel('submitter_name')}>{record.submitter_name ?? '-'}</Value>
        <Value label={fieldLabel('submitted_at')}>{time(record.submitted_at, lang)}</Value>
        <Value label={fieldLabel('result')}>
          <ResultChip />
        </Value>
        <Value label={fieldLabel('reviewer_name')}>{record.reviewer_name ?? '-'}</Value>
        <Value label={fieldLabel('reviewed_at')}>{time(record.reviewed_at, lang)}</Value>
        <Value label={fieldLabel('agent_name')}>{record.agent_name ?? '-'}</Value>
        <Value label={fieldLabel('region')}>{regionLabel(record) || '-'}</Value>
      </FieldGrid>
      {record.note && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="caption" color="text.secondary">
            {translate(fieldLabel('note'))}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="audit-note">
            {record.note}
          </Typography>
        </Box>
      )}
      {record.result === 'approved' && record.review_opinion && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="caption" color="text.secondary">
            {translate(fieldLabel('review_opinion'))}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="audit-review-opinion">
            {record.review_opinion}
          </Typography>
        </Box>
      )}
      {record.result === 'rejected' && record.reject_reason && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="caption" color="text.secondary">
            {translate(fieldLabel('reject_reason'))}
          </Typography>
          <Typography variant="body2" color="error.main" sx={{ whiteSpace: 'pre-wrap' }} data-testid="audit-reject-reason">
            {record.reject_reason}
          </Typography>
        </Box>
      )}
    </Panel>
  );
};

/** 派单信息: the order this audit belongs to, as it is now (team, deadline, status). */
const OrderPanel = ({ order }: { order: WorkOrder | undefined }) => {
  const lang = useLang();
  if (!order) return null;
  return (
    <Panel title="pv.selfAudit.order">
      <RecordContextProvider value={order}>
        <FieldGrid>
          <Value label={orderField('status')}>
            <WorkOrderStatusChip />
          </Value>
          <Value label={orderField('team_name')}>{order.team_name ?? '-'}</Value>
          <Value label={orderField('capacity_kwp')}>{order.capacity_kwp ?? '-'}</Value>
          <Value label={orderField('planned_date')}>{order.planned_date?.slice(0, 10) ?? '-'}</Value>
          <Value label={orderField('deadline')}>{order.deadline?.slice(0, 10) ?? '-'}</Value>
          <Value label={orderField('dispatched_at')}>{time(order.dispatched_at, lang)}</Value>
        </FieldGrid>
      </RecordContextProvider>
    </Panel>
  );
};

/** What a check item holds: its typed value, or its photos (thumbnails open the full image) and documents. */
const ItemContent = ({ def, item }: { def: AuditItemDef; item: AuditItem | undefined }) => {
  if (!item) return <EmptyNote text="pv.selfAudit.item_missing" />;
  if (def.input === 'value') {
    return (
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', fontWeight: 500 }}>
        {item.value || '-'}
      </Typography>
    );
  }
  const files = item.files ?? [];
  return files.length ? <FileList files={files} /> : <EmptyNote text="pv.selfAudit.no_files" />;
};

/** 检查项: every item of the kind, with what was submitted and, after the review, its result and reason. */
const Items = () => {
  const record = useRecordContext<SelfAudit>()!;
  const lang = useLang();
  const translate = useTranslate();
  const byKey = useMemo(() => new Map((record.items ?? []).map((i) => [i.key, i])), [record.items]);
  const reviewed = record.result !== 'pending';
  return (
    <Panel title="pv.selfAudit.items" testId="audit-items">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 170 }}>{translate('pv.selfAudit.item')}</TableCell>
            <TableCell>{translate('pv.selfAudit.item_content')}</TableCell>
            {reviewed && <TableCell sx={{ width: 220 }}>{translate('pv.selfAudit.item_review')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {auditItemsFor(record.kind).map((def) => {
            const item = byKey.get(def.key);
            return (
              <TableRow key={def.key} data-testid={`audit-item-${def.key}`} sx={item?.result === 'fail' ? { bgcolor: (t) => alpha(t.palette.error.main, 0.05) } : undefined}>
                <TableCell sx={{ verticalAlign: 'top', fontWeight: 600 }}>{def.label[lang]}</TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  <ItemContent def={def} item={item} />
                  {item?.note && (
                    <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
                      {item.note}
                    </Typography>
                  )}
                </TableCell>
                {reviewed && (
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <Stack spacing={0.5}>
                      {item?.result ? <ItemResultChip result={item.result} /> : <span>-</span>}
                      {item?.reject_reason && (
                        <Typography variant="body2" color="error.main" sx={{ whiteSpace: 'pre-wrap' }}>
                          {item.reject_reason}
                        </Typography>
                      )}
                    </Stack>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Panel>
  );
};

/** 历次提交: every submission of the same order (self_audit/index?work_order_id=), so a rework shows what was rejected before. */
const Submissions = () => {
  const record = useRecordContext<SelfAudit>()!;
  const dataProvider = useDataProvider<PvDataProvider>();
  const lang = useLang();
  const translate = useTranslate();
  const { data = [], isPending } = useQuery({
    queryKey: [SELF_AUDIT_API, 'attempts', record.work_order_id],
    queryFn: () =>
      dataProvider
        .read<ListResult<SelfAudit>>(SELF_AUDIT_API, 'index', { work_order_id: record.work_order_id, kind: record.kind, sort: 'attempt', order: 'ASC', page: 1, limit: 100 })
        .then((r) => r.data.list ?? []),
  });
  return (
    <Panel title="pv.selfAudit.submissions" testId="audit-submissions">
      {!isPending && data.length === 0 && <EmptyNote text="pv.selfAudit.no_submissions" />}
      {data.length > 0 && (
        <DataTable
          rows={data}
          rowKey={(a) => a.id}
          rowTestId="audit-submission"
          rowSx={(a) => (a.id === record.id ? { bgcolor: 'action.selected' } : undefined)}
          columns={[
            {
              key: 'attempt',
              label: translate(fieldLabel('attempt')),
              nowrap: true,
              ...MUST_SHOW,
              render: (a) =>
                a.id === record.id ? (
                  <strong>
                    <AttemptText attempt={a.attempt} />
                  </strong>
                ) : (
                  <Link component={RouterLink} to={selfAuditDetailPath(a.kind ?? record.kind, a.id)}>
                    <AttemptText attempt={a.attempt} />
                  </Link>
                ),
            },
            { key: 'result', label: translate(fieldLabel('result')), nowrap: true, render: (a) => <ResultChip result={a.result} />, ...MUST_SHOW },
            { key: 'submitter_name', label: translate(fieldLabel('submitter_name')), nowrap: true, render: (a) => a.submitter_name ?? '-' },
            { key: 'submitted_at', label: translate(fieldLabel('submitted_at')), nowrap: true, render: (a) => time(a.submitted_at, lang) },
            { key: 'reviewer_name', label: translate(fieldLabel('reviewer_name')), nowrap: true, render: (a) => a.reviewer_name ?? '-', ...HIDE_FIRST },
            {
              key: 'review_note',
              label: translate(fieldLabel('review_note')),
              sx: { minWidth: 200, whiteSpace: 'pre-wrap' },
              ...MUST_SHOW,
              render: (a) => (
                <Box component="span" sx={{ color: a.reject_reason ? 'error.main' : undefined }}>
                  {a.reject_reason ?? a.review_opinion ?? '-'}
                </Box>
              ),
            },
          ]}
        />
      )}
    </Panel>
  );
};

/** Timeline states: an audit's own results, or the order statuses its actions moved. */
const AUDIT_STATES: Labels = {
  label: (v, lang) => (v && (SelfAuditResult.values as readonly string[]).includes(v) ? SelfAuditResult.label(v, lang) : WorkOrderStatus.label(v, lang)),
};

const Side = () => (
  <LifecycleSide
    api={SELF_AUDIT_API}
    area="selfAudit"
    states={AUDIT_STATES}
    fieldLabel={fieldLabel}
    hidden={['items', 'kind', 'work_order_id', 'station_id', 'agent_id', 'province_code', 'city_code', 'district_code', 'submitted_by', 'reviewer_id', 'attempt']}
  />
);

const Detail = ({ record }: { record: SelfAudit }) => {
  const translate = useTranslate();
  const { data: order } = useGetOne<WorkOrder>(orderResourceOf(record.kind), { id: record.work_order_id }, { retry: false });
  return (
    <ResourceContextProvider value={auditResourceOf(record.kind)}>
      <RecordContextProvider value={record}>
        <DetailHeader
          testId="self-audit-heading"
          title={`${record.order_no ?? `#${record.work_order_id}`} · ${translate(record.kind === 'grid' ? 'pv.selfAudit.title_grid' : 'pv.selfAudit.title_build')}`}
          subtitle={translate('pv.workOrder.attempt', { n: record.attempt })}
          chip={<ResultChip />}
          actions={
            <>
              <ApproveButton />
              <RejectButton />
            </>
          }
        />
        <DetailColumns
          main={
            <>
              <Info order={order} />
              <RecordWorkflowPanel recordType="self_audit" />
              <Items />
              <OrderPanel order={order} />
              <Submissions />
            </>
          }
          side={<Side />}
        />
      </RecordContextProvider>
    </ResourceContextProvider>
  );
};

/**
 * 自检详情: #/stationManagement/buildSelfAuditDetail?id=N (施工) and #/stationManagement/ongridselfauditdetails?id=N
 * (并网), one tab per audit. A pending audit offers 审核通过 / 审核驳回 to a reviewer.
 */
const SelfAuditDetail = () => (
  <QueryIdPage missing="pv.selfAudit.missing_id">
    {(id) => (
      <LoadRecord<SelfAudit> key={id} resource={BUILD_AUDITS} id={id}>
        {(record) => <Detail record={record} />}
      </LoadRecord>
    )}
  </QueryIdPage>
);
export default SelfAuditDetail;
