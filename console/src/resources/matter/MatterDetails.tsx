import type { ReactNode } from 'react';
import { Labeled, RecordContextProvider, ResourceContextProvider, TopToolbar, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Link, Rating, Stack, Typography } from '@mui/material';
import { MatterChannel, MatterStatus, MatterType, regionName, type FileView, type Matter } from '@pv/contract';
import { LifecycleSide, useRecordSideList } from '../common/History.tsx';
import { DetailColumns, EmptyNote, FieldGrid, Panel } from '../common/layout.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { AssignButton, CloseButton, RejectButton } from './actions.tsx';
import { FileList } from './Attachments.tsx';
import { Thread } from './Thread.tsx';
import { MatterMaintenance } from '../maintenance/related.tsx';
import { MatterCardChange } from '../finance/related.tsx';
import { PageLoading } from '../../shell/PageLoading.tsx';
import { MATTER_API, MATTER_RESOURCE, MatterStatusChip, fieldLabel } from './common.tsx';
import { WorkflowInstancePanel } from '../workflow/InstancePanel.tsx';

const Value = ({ label, children }: { label: string; children: ReactNode }) => (
  <Labeled label={label}>
    <Typography variant="body2" component="div">
      {children ?? '-'}
    </Typography>
  </Labeled>
);

const Attachments = () => {
  const { data, isPending } = useRecordSideList<FileView>(MATTER_API, 'files', (dp, id) => dp.read<{ list: FileView[] }>(MATTER_API, 'files', { id }).then((r) => r.data.list));
  return (
    <Panel title="pv.matter.attachments" testId="matter-attachments">
      {!isPending && data.length === 0 ? <EmptyNote text="pv.matter.no_attachments" /> : <FileList files={data} />}
    </Panel>
  );
};

const Info = () => {
  const record = useRecordContext<Matter>()!;
  const lang = useLang();
  const translate = useTranslate();
  const time = (v: string | null) => (v ? formatDateTime(v, lang) : '-');
  return (
    <>
      <Panel title="pv.matter.basic">
        <FieldGrid>
          <Value label={fieldLabel('matter_no')}>{record.matter_no}</Value>
          <Value label={fieldLabel('type')}>{MatterType.label(record.type, lang)}</Value>
          <Value label={fieldLabel('status')}>
            <MatterStatusChip />
          </Value>
          <Value label={fieldLabel('channel')}>{MatterChannel.label(record.channel, lang)}</Value>
          <Value label={fieldLabel('contact_phone')}>{record.contact_phone || '-'}</Value>
          <Value label={fieldLabel('created_at')}>{time(record.created_at)}</Value>
        </FieldGrid>
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2">{record.title}</Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }} data-testid="matter-content">
            {record.content}
          </Typography>
        </Box>
      </Panel>
      <Panel title="pv.matter.parties">
        <FieldGrid>
          <Value label={fieldLabel('customer_id')}>
            {record.customer_id ? (
              <Link component={RouterLink} to={`/customer/customerDetail?id=${record.customer_id}`} title={translate('pv.matter.open_customer')} data-testid="customer-link">
                {record.customer_name ?? `#${record.customer_id}`}
              </Link>
            ) : (
              '-'
            )}
          </Value>
          <Value label={fieldLabel('station_id')}>
            {record.station_id ? (
              <Link component={RouterLink} to={`/stationManagement/stationDetail?id=${record.station_id}`} title={translate('pv.matter.open_station')} data-testid="station-link">
                {record.station_code ?? `#${record.station_id}`}
              </Link>
            ) : (
              '-'
            )}
          </Value>
          <Value label={fieldLabel('agent_id')}>{record.agent_name ?? '-'}</Value>
          <Value label={fieldLabel('province_code')}>{record.province_code ? regionName(record.province_code, lang) : '-'}</Value>
        </FieldGrid>
      </Panel>
      <Panel title="pv.matter.handling">
        <FieldGrid>
          <Value label={fieldLabel('handler_id')}>{record.handler_name ?? '-'}</Value>
          <Value label={fieldLabel('assigned_at')}>{time(record.assigned_at)}</Value>
          <Value label={fieldLabel('handled_at')}>{time(record.handled_at)}</Value>
          <Value label={record.status === 'rejected' ? 'pv.matter.reject_reason' : fieldLabel('result')}>
            <Box component="span" sx={{ whiteSpace: 'pre-wrap' }} data-testid="matter-result">
              {record.result ?? '-'}
            </Box>
          </Value>
          <Value label={fieldLabel('satisfaction')}>
            {record.satisfaction ? (
              <Stack direction="row" spacing={1} alignItems="center">
                <Rating value={record.satisfaction} readOnly size="small" />
                <span>{translate('pv.matter.stars', { n: record.satisfaction })}</span>
              </Stack>
            ) : (
              '-'
            )}
          </Value>
        </FieldGrid>
      </Panel>
      <Attachments />
    </>
  );
};


const Side = () => {
  return <LifecycleSide api={MATTER_API} area="matter" states={MatterStatus} fieldLabel={fieldLabel} hidden={['matter_no', 'agent_id', 'customer_id', 'station_id', 'province_code']} />;
};

const Detail = ({ id }: { id: number }) => {
  const { data, isPending, error } = useGetOne<Matter>(MATTER_RESOURCE, { id }, { retry: false });
  if (isPending) return <PageLoading />;
  if (error || !data) return <Alert severity="error" sx={{ mt: 2 }} data-testid="matter-error">{(error as Error | null)?.message ?? ''}</Alert>;
  return (
    <RecordContextProvider value={data}>
      <Stack direction={{ xs: 'column', md: 'row' }} justifyContent="space-between" alignItems={{ md: 'center' }} sx={{ pt: 1 }}>
        <Typography variant="h6" component="h1" data-testid="matter-heading">
          {data.matter_no} · {data.title}
        </Typography>
        <TopToolbar sx={{ flexWrap: 'wrap', gap: 0.5, minHeight: 0 }}>
          <AssignButton />
          <CloseButton />
          <RejectButton />
          <MatterMaintenance />
          <MatterCardChange />
        </TopToolbar>
      </Stack>
      <DetailColumns
        main={
          <>
            <Info />
            <WorkflowInstancePanel recordType="matter" recordId={data.id} />
            <Thread />
          </>
        }
        side={<Side />}
      />
    </RecordContextProvider>
  );
};

/** 事项详情: #/stationManagement/matterDetails?id=N (a dynamicNewTab page: one tab per matter). */
const MatterDetails = () => {
  const [params] = useSearchParams();
  const translate = useTranslate();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) return <Alert severity="warning" sx={{ m: 2 }}>{translate('pv.matter.missing_id')}</Alert>;
  return (
    <ResourceContextProvider value={MATTER_RESOURCE}>
      <Box sx={{ px: { xs: 1, md: 2 }, pb: 2 }}>
        <Detail key={id} id={id} />
      </Box>
    </ResourceContextProvider>
  );
};
export default MatterDetails;
