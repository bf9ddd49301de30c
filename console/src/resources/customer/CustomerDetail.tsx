import { Suspense, useState, type ReactNode } from 'react';
import { RecordContextProvider, ResourceContextProvider, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Link, Tab, Tabs } from '@mui/material';
import { MatterStatus, MatterType, StationStatus, WorkOrderStatus, type Customer, type ListResult } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { FORMAL, INTENTIONAL } from '../../providers/resources.ts';
import { DetailHeader, LoadRecord, QueryIdPage } from '../common/DetailPage.tsx';
import { DetailColumns, EmptyNote, Panel } from '../common/layout.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { AppAccount } from './AppAccount.tsx';
import { Details, ShowActions, Side } from './CustomerShow.tsx';
import { StatusChip } from './common.tsx';
import { fieldLabel as stationField } from '../station/common.tsx';
import { fieldLabel as matterField } from '../matter/common.tsx';
import { MoneyTab } from '../finance/index.ts';
import { RecordWorkflowPanel } from '../workflow/InstancePanel.tsx';
import { DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

interface StationRow {
  id: number;
  code: string;
  name: string;
  capacity_kwp: number;
  status: string;
  agent_name?: string | null;
}
interface OrderRow {
  id: number;
  order_no: string;
  kind: string;
  status: string;
  station_code?: string;
  team_name?: string | null;
  deadline?: string | null;
}
interface MatterRow {
  id: number;
  matter_no: string;
  type: string;
  title: string;
  status: string;
  created_at: string;
}

/** A related list of the shown customer; an endpoint not there yet (or refused) shows its message instead. */
function useRelated<T>(name: string, load: (dp: PvDataProvider, id: number) => Promise<T>) {
  const record = useRecordContext<Customer>();
  const dataProvider = useDataProvider<PvDataProvider>();
  return useQuery({ queryKey: ['customer', name, record?.id], queryFn: () => load(dataProvider, record!.id), enabled: !!record, retry: false });
}

const Related = ({ title, testId, error, empty, isEmpty, children }: { title: string; testId: string; error: unknown; empty: string; isEmpty: boolean; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Panel title={title} testId={testId}>
      {error ? <Alert severity="info">{translate('pv.customerDetail.unavailable', { msg: (error as Error).message })}</Alert> : isEmpty ? <EmptyNote text={empty} /> : children}
    </Panel>
  );
};

const listOf = <T,>(p: Promise<{ data: ListResult<T> }>) => p.then((r) => r.data.list);

const Stations = ({ stations, error, pending }: { stations: StationRow[]; error: unknown; pending: boolean }) => {
  const lang = useLang();
  const translate = useTranslate();
  return (
    <Related title="pv.customerDetail.stations" testId="customer-stations" error={error} empty="pv.customerDetail.no_stations" isEmpty={!pending && stations.length === 0}>
      <DataTable
        rows={stations}
        rowKey={(s) => s.id}
        columns={[
          {
            key: 'code',
            label: translate(stationField('code')),
            nowrap: true,
            ...MUST_SHOW,
            render: (s) => (
              <Link component={RouterLink} to={`/stationManagement/stationDetail?id=${s.id}`}>
                {s.code}
              </Link>
            ),
          },
          { key: 'name', label: translate(stationField('name')), render: (s) => s.name, ...MUST_SHOW },
          { key: 'capacity_kwp', label: translate(stationField('capacity_kwp')), align: 'right', nowrap: true, render: (s) => `${s.capacity_kwp} kWp` },
          { key: 'status', label: translate(stationField('status')), nowrap: true, testId: 'customer-station-status', render: (s) => <span data-testid={`customer-station-status-${s.id}`}>{StationStatus.label(s.status, lang)}</span>, ...MUST_SHOW },
          { key: 'agent_name', label: translate(stationField('agent_name')), render: (s) => s.agent_name ?? '', ...HIDE_FIRST },
        ]}
      />
    </Related>
  );
};

/** Work orders (construction and grid) of the customer's stations: work_order/index per station and kind. */
const WorkOrders = ({ stations }: { stations: StationRow[] }) => {
  const translate = useTranslate();
  const lang = useLang();
  const ids = stations.map((s) => s.id);
  const { data = [], error, isPending } = useRelated(`work_orders:${ids.join(',')}`, (dp) =>
    Promise.all(ids.flatMap((station_id) => ['build', 'grid'].map((kind) => listOf(dp.read<ListResult<OrderRow>>('work_order', 'index', { station_id, kind, limit: 50 }))))).then((lists) => lists.flat()),
  );
  return (
    <Related title="pv.customerDetail.work_orders" testId="customer-work-orders" error={error} empty="pv.customerDetail.no_work_orders" isEmpty={!ids.length || (!isPending && data.length === 0)}>
      <DataTable
        rows={data}
        rowKey={(o) => o.id}
        columns={[
          { key: 'order_no', label: translate('pv.station.wo.order_no'), nowrap: true, render: (o) => o.order_no, ...MUST_SHOW },
          { key: 'kind', label: translate('pv.station.wo.kind'), nowrap: true, render: (o) => translate(o.kind === 'grid' ? 'pv.customerDetail.kind_grid' : 'pv.customerDetail.kind_build') },
          { key: 'station', label: translate(stationField('code')), nowrap: true, render: (o) => o.station_code ?? '' },
          { key: 'status', label: translate('pv.station.wo.status'), nowrap: true, render: (o) => WorkOrderStatus.label(o.status, lang), ...MUST_SHOW },
          { key: 'team', label: translate('pv.station.wo.team'), render: (o) => o.team_name ?? '-', ...HIDE_FIRST },
          { key: 'deadline', label: translate('pv.station.wo.deadline'), nowrap: true, render: (o) => (o.deadline ? formatDateTime(o.deadline, lang) : '') },
        ]}
      />
    </Related>
  );
};

const Matters = () => {
  const lang = useLang();
  const translate = useTranslate();
  const { data = [], error, isPending } = useRelated('matters', (dp, id) => listOf(dp.read<ListResult<MatterRow>>('matter', 'index', { customer_id: id, limit: 50 })));
  return (
    <Related title="pv.customerDetail.matters" testId="customer-matters" error={error} empty="pv.customerDetail.no_matters" isEmpty={!isPending && data.length === 0}>
      <DataTable
        rows={data}
        rowKey={(m) => m.id}
        columns={[
          {
            key: 'matter_no',
            label: translate(matterField('matter_no')),
            nowrap: true,
            ...MUST_SHOW,
            render: (m) => (
              <Link component={RouterLink} to={`/stationManagement/matterDetails?id=${m.id}`}>
                {m.matter_no}
              </Link>
            ),
          },
          { key: 'type', label: translate(matterField('type')), nowrap: true, render: (m) => MatterType.label(m.type, lang) },
          { key: 'title', label: translate(matterField('title')), render: (m) => m.title, ...MUST_SHOW },
          { key: 'status', label: translate(matterField('status')), nowrap: true, render: (m) => MatterStatus.label(m.status, lang), ...MUST_SHOW },
          { key: 'created_at', label: translate(matterField('created_at')), nowrap: true, render: (m) => formatDateTime(m.created_at, lang), ...HIDE_FIRST },
        ]}
      />
    </Related>
  );
};

const Operations = () => {
  const { data = [], error, isPending } = useRelated('stations', (dp, id) => listOf(dp.read<ListResult<StationRow>>('station', 'index', { customer_id: id, limit: 50 })));
  return (
    <>
      <Stations stations={data} error={error} pending={isPending} />
      {!error && <WorkOrders stations={data} />}
      <Matters />
    </>
  );
};

const Detail = ({ data }: { data: Customer }) => {
  const translate = useTranslate();
  const [tab, setTab] = useState('overview');
  // the stage decides which screen's resource the actions work on (edit, convert, ...)
  return (
    <ResourceContextProvider value={data.stage === 'formal' ? FORMAL : INTENTIONAL}>
      <RecordContextProvider value={data}>
        <DetailHeader testId="customer-heading" title={data.name} subtitle={data.phone} chip={<StatusChip />} actions={<ShowActions stay />} />
        <DetailColumns
          main={
            <>
              {data.stage === 'formal' && (
                <Tabs value={tab} onChange={(_e, v: string) => setTab(v)} sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}>
                  <Tab value="overview" label={translate('pv.station.tab.overview')} data-testid="customer-tab-overview" />
                  <Tab value="money" label={translate('pv.money.tab')} data-testid="customer-tab-money" />
                </Tabs>
              )}
              {tab === 'money' && data.stage === 'formal' ? (
                <Suspense fallback={null}>
                  <MoneyTab owner={{ customer_id: data.id }} />
                </Suspense>
              ) : (
                <>
                  <Details />
                  <RecordWorkflowPanel recordType="customer" />
                  <AppAccount />
                  <Operations />
                </>
              )}
            </>
          }
          side={<Side />}
        />
      </RecordContextProvider>
    </ResourceContextProvider>
  );
};

/** 客户详情: #/customer/customerDetail?id=N — the customer, their stations, work orders, matters, 光E宝 account, timeline and history. */
const CustomerDetail = () => (
  <QueryIdPage missing="pv.customerDetail.missing_id">
    {(id) => (
      <LoadRecord<Customer> key={id} resource={INTENTIONAL} id={id}>
        {(data) => <Detail data={data} />}
      </LoadRecord>
    )}
  </QueryIdPage>
);
export default CustomerDetail;
