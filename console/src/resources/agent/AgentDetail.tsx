import { useMemo, useState } from 'react';
import {
  CreateBase,
  RecordContextProvider,
  ResourceContextProvider,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, Dialog, DialogContent, DialogTitle, IconButton, Link, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import { AgentStatus, CustomerStage, CustomerStatus, StationStatus, customerCreateSchema, formatYuan, type Agent, type AgentCounters, type Customer, type ListResult } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { INTENTIONAL } from '../../providers/resources.ts';
import { contractResolver } from '../../forms/zodResolver.ts';
import { useRegionLabel } from '../../forms/RegionInput.tsx';
import { DetailHeader, LoadRecord, QueryIdPage, Value } from '../common/DetailPage.tsx';
import { HistoryPanel } from '../common/History.tsx';
import { DetailColumns, EmptyNote, FieldGrid, Panel } from '../common/layout.tsx';
import { present, useHasPermission } from '../common/actions.tsx';
import { partnerDetailPath } from '../partner/logic.ts';
import { formatDateTime, useLang } from '../common/format.tsx';
import { CustomerForm } from '../customer/CustomerForm.tsx';
import { customerDetailPath } from '../customer/common.tsx';
import { AgentStatusButtons } from './actions.tsx';
import { AGENT_API, AGENT_RESOURCE, AgentStatusChip, agentDetailPath, fieldLabel } from './common.tsx';
import { NewStationButton } from './NewStation.tsx';
import { Permission } from '../../shell/Permission.tsx';
import { RecordWorkflowPanel } from '../workflow/InstancePanel.tsx';
import { DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

/** One side list of the shown agent through the data provider (refetched with the page's refresh). */
function useAgentData<T>(name: string, load: (dp: PvDataProvider, id: number) => Promise<T>) {
  const record = useRecordContext<Agent>();
  const dataProvider = useDataProvider<PvDataProvider>();
  return useQuery({ queryKey: [AGENT_API, name, record?.id], queryFn: () => load(dataProvider, record!.id), enabled: !!record, retry: false });
}

const Profile = () => {
  const record = useRecordContext<Agent>()!;
  const lang = useLang();
  const regionLabel = useRegionLabel();
  const canSeePartner = useHasPermission('partner:get_info');
  return (
    <Panel title="pv.agent.basic">
      <FieldGrid>
        <Value label={fieldLabel('code')}>{record.code}</Value>
        <Value label={fieldLabel('name')}>{record.name}</Value>
        <Value label={fieldLabel('status')}>
          <AgentStatusChip />
        </Value>
        <Value label={fieldLabel('parent_name')}>
          {record.parent_id ? (
            <Link component={RouterLink} to={agentDetailPath(record.parent_id)}>
              {record.parent_name ?? `#${record.parent_id}`}
            </Link>
          ) : (
            '-'
          )}
        </Value>
        <Value label={fieldLabel('contact')}>{record.contact || '-'}</Value>
        <Value label={fieldLabel('phone')}>{record.phone || '-'}</Value>
        <Value label={fieldLabel('region')}>{regionLabel(record) || '-'}</Value>
        <Value label={fieldLabel('deposit')}>{record.deposit != null ? formatYuan(record.deposit) : '-'}</Value>
        <Value label={fieldLabel('bank_name')}>{record.bank_name || '-'}</Value>
        <Value label={fieldLabel('bank_account')}>{record.bank_account || '-'}</Value>
        <Value label={fieldLabel('partner_name')}>
          {record.partner_id && canSeePartner ? (
            <Link component={RouterLink} to={partnerDetailPath(record.partner_id)} data-testid="agent-partner">
              {record.partner_name ?? `#${record.partner_id}`}
            </Link>
          ) : (
            record.partner_name || '-'
          )}
        </Value>
        <Value label={fieldLabel('created_by_name')}>{record.created_by_name || '-'}</Value>
        <Value label={fieldLabel('created_at')}>{formatDateTime(record.created_at, lang)}</Value>
      </FieldGrid>
    </Panel>
  );
};

const Counters = () => {
  const translate = useTranslate();
  const { data } = useAgentData('counters', (dp, id) => dp.read<AgentCounters>(AGENT_API, 'counters', { id }).then((r) => r.data));
  const items: Array<[string, number | undefined]> = [
    ['pv.agent.counter_customers', data?.customers],
    ['pv.agent.counter_formal', data?.formal_customers],
    ['pv.agent.counter_stations', data?.stations],
    ['pv.agent.counter_users', data?.users],
    ['pv.agent.counter_children', data?.children],
  ];
  return (
    <Panel title="pv.agent.counters" testId="agent-counters">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' }, gap: 2 }}>
        {items.map(([label, n]) => (
          <Box key={label} sx={{ textAlign: 'center', p: 1, borderRadius: 1, bgcolor: 'action.hover' }}>
            <Typography variant="h5" component="div" sx={{ fontWeight: 600 }}>
              {n ?? '–'}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {translate(label)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Panel>
  );
};

interface StaffUser {
  id: number;
  username: string;
  full_name: string;
  phone: string | null;
  status: string;
  last_login_at: string | null;
}

const Staff = () => {
  const translate = useTranslate();
  const lang = useLang();
  const { data, isPending } = useAgentData('users', (dp, id) => dp.read<ListResult<StaffUser>>(AGENT_API, 'users', { id }).then((r) => r.data.list));
  return (
    <Panel title="pv.agent.staff" testId="agent-staff">
      {!isPending && !data?.length ? (
        <EmptyNote text="pv.agent.no_staff" />
      ) : (
        <Table size="small">
          <TableBody>
            {(data ?? []).map((u) => (
              <TableRow key={u.id}>
                <TableCell>{u.full_name}</TableCell>
                <TableCell>{u.username}</TableCell>
                <TableCell>{u.phone ?? '-'}</TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" color={u.status === 'enabled' ? 'success' : 'default'} label={translate(`pv.agent.user_status_${u.status === 'enabled' ? 'enabled' : 'disabled'}`)} />
                </TableCell>
                <TableCell>
                  {translate('pv.agent.last_login')}: {u.last_login_at ? formatDateTime(u.last_login_at, lang) : translate('pv.agent.never')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Panel>
  );
};

/** 录入客户: the customer form (CustomerForm) in a dialog, the agent preset; the new customer belongs to this agent. */
const NewCustomerButton = () => {
  const record = useRecordContext<Agent>()!;
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const resolver = useMemo(() => contractResolver(customerCreateSchema, translate, present), [translate]);
  return (
    <>
      <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)} disabled={record.status === 'disabled'} data-testid="agent-new-customer">
        {translate('pv.agent.new_customer')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="lg" aria-labelledby="agent-new-customer-title">
        <DialogTitle id="agent-new-customer-title" sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          {translate('pv.agent.new_customer')} · {record.name}
          <IconButton onClick={() => setOpen(false)} aria-label={translate('ra.action.close')}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          <CreateBase
            resource={INTENTIONAL}
            redirect={false}
            mutationOptions={{
              onSuccess: () => {
                setOpen(false);
                notify('pv.agent.customer_created', { type: 'success' });
                refresh();
              },
              onError: (error: unknown) => notify((error as Error).message, { type: 'error', messageArgs: { _: (error as Error).message } }),
            }}
          >
            <CustomerForm resolver={resolver} defaultValues={{ source: 'agent', agent_id: record.id, province_code: record.province_code ?? undefined, city_code: record.city_code ?? undefined, has_property_deed: false }} />
          </CreateBase>
        </DialogContent>
      </Dialog>
    </>
  );
};

const Customers = () => {
  const translate = useTranslate();
  const lang = useLang();
  const { data, isPending } = useAgentData('customers', (dp, id) =>
    dp.read<ListResult<Customer>>('customer', 'index', { agent_id: id, limit: 20, sort: 'created_at', order: 'DESC' }).then((r) => r.data),
  );
  return (
    <Panel title="pv.agent.customers" testId="agent-customers" actions={<NewCustomerButton />}>
      {!isPending && !data?.list.length ? (
        <EmptyNote text="pv.agent.no_customers" />
      ) : (
        <DataTable
          rows={data?.list ?? []}
          rowKey={(c) => c.id}
          columns={[
            {
              key: 'name',
              label: translate('resources.customer/intentionalCustomer.fields.name'),
              nowrap: true,
              ...MUST_SHOW,
              render: (c) => (
                <Link component={RouterLink} to={customerDetailPath(c.id)} title={translate('pv.agent.open_customer')} data-testid={`agent-customer-${c.id}`}>
                  {c.name}
                </Link>
              ),
            },
            { key: 'phone', label: translate('resources.customer/intentionalCustomer.fields.phone'), nowrap: true, render: (c) => c.phone, ...MUST_SHOW },
            { key: 'stage', label: translate('pv.agent.stage'), nowrap: true, render: (c) => CustomerStage.label(c.stage, lang) },
            { key: 'status', label: translate('resources.customer/intentionalCustomer.fields.status'), nowrap: true, render: (c) => CustomerStatus.label(c.status, lang), ...MUST_SHOW },
            { key: 'created_at', label: translate('resources.customer/intentionalCustomer.fields.created_at'), nowrap: true, render: (c) => formatDateTime(c.created_at, lang), ...HIDE_FIRST },
          ]}
        />
      )}
      {data && data.total > data.list.length && (
        <Typography variant="caption" color="text.secondary">
          {data.list.length} / {data.total}
        </Typography>
      )}
    </Panel>
  );
};

interface StationRow {
  id: number;
  code: string;
  name: string;
  customer_name?: string | null;
  capacity_kwp: number;
  status: string;
  created_at: string;
}

const Stations = () => {
  const translate = useTranslate();
  const lang = useLang();
  const { data, isPending, error } = useAgentData('stations', (dp, id) =>
    dp.read<ListResult<StationRow>>('station', 'index', { agent_id: id, limit: 50 }).then((r) => r.data),
  );
  return (
    <Panel
      title="pv.agent.stations"
      testId="agent-stations"
      actions={
        <Permission rule="station:add">
          <NewStationButton />
        </Permission>
      }
    >
      {error ? (
        <Alert severity="info">{translate('pv.agent.stations_unavailable', { msg: (error as Error).message })}</Alert>
      ) : !isPending && !data?.list.length ? (
        <EmptyNote text="pv.agent.no_stations" />
      ) : (
        <Table size="small">
          <TableBody>
            {(data?.list ?? []).map((s) => (
              <TableRow key={s.id} hover>
                <TableCell>
                  <Link component={RouterLink} to={`/stationManagement/stationDetail?id=${s.id}`}>
                    {s.code}
                  </Link>
                </TableCell>
                <TableCell>{s.name}</TableCell>
                <TableCell>{s.customer_name ?? '-'}</TableCell>
                <TableCell>{s.capacity_kwp} kWp</TableCell>
                <TableCell>{StationStatus.label(s.status, lang)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Panel>
  );
};

const SubAgents = () => {
  const record = useRecordContext<Agent>()!;
  const { data } = useAgentData('children', (dp, id) => dp.read<ListResult<Agent>>(AGENT_API, 'index', { parent_id: id, limit: 100 }).then((r) => r.data.list));
  const lang = useLang();
  if (record.parent_id || !data?.length) return null;
  return (
    <Panel title="pv.agent.sub_agents">
      <Stack spacing={1}>
        {data.map((a) => (
          <Stack key={a.id} direction="row" justifyContent="space-between" alignItems="center">
            <Link component={RouterLink} to={agentDetailPath(a.id)}>
              {a.name}
            </Link>
            <Typography variant="caption" color="text.secondary">
              {a.code} · {AgentStatus.label(a.status, lang)}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Panel>
  );
};

const Side = () => {
  const translate = useTranslate();
  return (
    <>
      <SubAgents />
      <HistoryPanel api={AGENT_API} fieldLabel={fieldLabel} hidden={['parent_name', 'created_by_name', 'children_count']} actionLabel={(a) => translate(`pv.agent.history_action.${a}`, { _: a })} />
    </>
  );
};

const Detail = ({ data }: { data: Agent }) => {
  const translate = useTranslate();
  return (
    <RecordContextProvider value={data}>
      <DetailHeader
        testId="agent-heading"
        title={data.name}
        subtitle={data.code}
        chip={<AgentStatusChip />}
        actions={
          <>
            <AgentStatusButtons />
            <Button component={RouterLink} to={`/${AGENT_RESOURCE}/${data.id}`} startIcon={<EditIcon />}>
              {translate('ra.action.edit')}
            </Button>
          </>
        }
      />
      {data.status === 'disabled' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('pv.agent.disabled_banner')}
        </Alert>
      )}
      <DetailColumns
        main={
          <>
            <Profile />
            <RecordWorkflowPanel recordType="agent" />
            <Counters />
            <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}>
              {translate('pv.agent.entry')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('pv.agent.entry_hint')}
            </Typography>
            <Customers />
            <Stations />
            <Staff />
          </>
        }
        side={<Side />}
      />
    </RecordContextProvider>
  );
};

/** 代理商数据录入: #/stationManagement/inputagentDetail?id=N (a dynamicNewTab page: one tab per agent). */
const AgentDetail = () => (
  <ResourceContextProvider value={AGENT_RESOURCE}>
    <QueryIdPage missing="pv.agent.missing_id">{(id) => <LoadRecord<Agent> key={id} resource={AGENT_RESOURCE} id={id}>{(data) => <Detail data={data} />}</LoadRecord>}</QueryIdPage>
  </ResourceContextProvider>
);
export default AgentDetail;
