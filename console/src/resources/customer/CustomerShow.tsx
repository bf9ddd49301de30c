import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  BooleanField,
  DeleteButton,
  EditButton,
  Labeled,
  NumberField,
  Show,
  TextField,
  TopToolbar,
  useDataProvider,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { Alert, Box, Card, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import { BusinessMode, CustomerSource, CustomerStage, CustomerStatus, FollowUpWay, RoofType, regionName, maskMiddle, type Customer, type Lang } from '@pv/contract';
import type { HistoryEntry, PvDataProvider } from '../../providers/dataProvider.ts';
import { EnumField, LocalDateField, MaskedField, RegionField, StatusChip, formatDateTime, useLang } from './common.tsx';
import { ConvertButton, FollowUpButton, LoseButton, SurveyButton } from './actions.tsx';

const ShowActions = () => (
  <TopToolbar sx={{ flexWrap: 'wrap', gap: 0.5 }}>
    <FollowUpButton />
    <SurveyButton />
    <ConvertButton />
    <LoseButton />
    <EditButton />
    <DeleteButton mutationMode="pessimistic" />
  </TopToolbar>
);

const Panel = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5, color: 'primary.dark' }}>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
};

const Grid = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>{children}</Box>
);

const f = (name: string) => `resources.customer/intentionalCustomer.fields.${name}`;

const Details = () => {
  const record = useRecordContext<Customer>();
  const lang = useLang();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <>
      {record.status === 'lost' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('pv.customer.lost_banner', { reason: record.lost_reason ?? '' })}
        </Alert>
      )}
      <Panel title="pv.customer.basic">
        <Grid>
          <Labeled label={f('name')}><TextField source="name" /></Labeled>
          <Labeled label={f('phone')}><TextField source="phone" /></Labeled>
          <Labeled label={f('id_card')}><MaskedField source="id_card" /></Labeled>
          <Labeled label={f('stage')}><Typography variant="body2">{CustomerStage.label(record.stage, lang)}</Typography></Labeled>
          <Labeled label={f('status')}><StatusChip /></Labeled>
          <Labeled label={f('source')}><EnumField source="source" labelled={CustomerSource} /></Labeled>
          <Labeled label={f('agent_name')}><Typography variant="body2">{record.agent_name ?? (record.agent_id ? `#${record.agent_id}` : '-')}</Typography></Labeled>
          <Labeled label={f('owner_name')}><Typography variant="body2">{record.owner_name ?? (record.owner_id ? `#${record.owner_id}` : '-')}</Typography></Labeled>
          <Labeled label={f('app_enabled')}><BooleanField source="app_enabled" /></Labeled>
        </Grid>
      </Panel>
      <Panel title="pv.customer.location">
        <Grid>
          <Labeled label={f('region')}><RegionField /></Labeled>
          <Labeled label={f('address')}><TextField source="address" emptyText="-" /></Labeled>
          <Labeled label={f('coordinates')}><Typography variant="body2">{record.lng != null && record.lat != null ? `${record.lng}, ${record.lat}` : '-'}</Typography></Labeled>
        </Grid>
      </Panel>
      <Panel title="pv.customer.roof">
        <Grid>
          <Labeled label={f('roof_type')}><EnumField source="roof_type" labelled={RoofType} /></Labeled>
          <Labeled label={f('roof_area_m2')}><NumberField source="roof_area_m2" emptyText="-" /></Labeled>
          <Labeled label={f('estimated_kwp')}><NumberField source="estimated_kwp" emptyText="-" /></Labeled>
          <Labeled label={f('has_property_deed')}><BooleanField source="has_property_deed" /></Labeled>
        </Grid>
      </Panel>
      {record.stage === 'formal' && (
        <Panel title="pv.customer.contract">
          <Grid>
            <Labeled label={f('business_mode')}><EnumField source="business_mode" labelled={BusinessMode} /></Labeled>
            <Labeled label={f('signed_at')}><LocalDateField source="signed_at" emptyText="-" /></Labeled>
            <Labeled label={f('financier')}><TextField source="financier" emptyText="-" /></Labeled>
            <Labeled label={f('bank_name')}><TextField source="bank_name" emptyText="-" /></Labeled>
            <Labeled label={f('bank_card')}><MaskedField source="bank_card" /></Labeled>
          </Grid>
        </Panel>
      )}
      <Panel title="pv.customer.ownership">
        <Grid>
          <Labeled label={f('remark')}><TextField source="remark" emptyText="-" /></Labeled>
          <Labeled label={f('created_at')}><LocalDateField source="created_at" showTime /></Labeled>
          <Labeled label={f('updated_at')}><LocalDateField source="updated_at" showTime /></Labeled>
          <Labeled label={f('version')}><NumberField source="version" /></Labeled>
        </Grid>
      </Panel>
    </>
  );
};

/** A list that belongs to the shown customer (follow-ups, history), fetched once the record is there. */
function useCustomerSideList<T>(name: string, fetch: (dataProvider: PvDataProvider, id: Customer['id']) => Promise<T[]>) {
  const record = useRecordContext<Customer>();
  const resource = useResourceContext();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { data = [], isPending } = useQuery({
    queryKey: [resource, name, record?.id],
    queryFn: () => fetch(dataProvider, record!.id),
    enabled: record?.id !== undefined,
  });
  return { data, isPending };
}

const FollowUps = () => {
  const translate = useTranslate();
  const lang = useLang();
  const { data, isPending } = useCustomerSideList('followUps', (dp, id) => dp.followUps(id).then((r) => r.data));
  return (
    <Panel title="pv.customer.follow_ups">
      {!isPending && data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('pv.customer.no_follow_ups')}
        </Typography>
      )}
      <Stack component="ol" spacing={0} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="follow-up-timeline">
        {data.map((item) => (
          <Box component="li" key={item.id} sx={{ position: 'relative', pl: 3, pb: 2, borderLeft: '2px solid', borderColor: 'divider', ml: 1 }}>
            <Box sx={{ position: 'absolute', left: -7, top: 2, width: 12, height: 12, borderRadius: '50%', bgcolor: 'primary.main' }} />
            <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 0.5 }}>
              <Chip size="small" label={FollowUpWay.label(item.way, lang)} />
              <Typography variant="caption" color="text.secondary">
                {translate('pv.customer.by', { name: item.created_by_name ?? '', time: formatDateTime(item.created_at, lang) })}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {item.content}
            </Typography>
            {item.next_date && (
              <Typography variant="caption" color="warning.main">
                {translate('pv.customer.next_follow_up', { date: item.next_date.slice(0, 10) })}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
    </Panel>
  );
};

const HIDDEN = new Set(['id', 'version', 'created_at', 'updated_at', 'created_by', 'agent_name', 'owner_name']);
const LABELLED: Record<string, { label: (v: string, lang: Lang) => string }> = {
  stage: CustomerStage,
  status: CustomerStatus,
  source: CustomerSource,
  roof_type: RoofType,
  business_mode: BusinessMode,
};

/** A logged value as a person reads it: enum labels, region names, 是/否. */
function useFormatValue() {
  const translate = useTranslate();
  const lang = useLang();
  return (key: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '∅';
    if (typeof v === 'boolean') return translate(v ? 'ra.boolean.true' : 'ra.boolean.false');
    if (key in LABELLED) return LABELLED[key]!.label(String(v), lang);
    if (key === 'province_code' || key === 'city_code') return regionName(String(v), lang);
    // cards are masked wherever they are shown, the history included
    if (key === 'bank_card' || key === 'id_card') return maskMiddle(String(v));
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return key.endsWith('_at') && v.endsWith('T00:00:00.000Z') ? v.slice(0, 10) : formatDateTime(v, lang);
    if (typeof v === 'object') return JSON.stringify(v);
    return String(v);
  };
}

const Changes = ({ entry }: { entry: HistoryEntry }) => {
  const translate = useTranslate();
  const format = useFormatValue();
  if (entry.action === 'add') return null;
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = Object.keys(after).filter((k) => !HIDDEN.has(k) && format(k, before[k]) !== format(k, after[k]));
  if (keys.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {keys.slice(0, 12).map((k) => (
        <Typography component="li" variant="caption" key={k} sx={{ display: 'list-item' }}>
          {translate('pv.customer.changed', { field: translate(f(k), { _: k }), before: format(k, before[k]), after: format(k, after[k]) })}
        </Typography>
      ))}
    </Box>
  );
};

const History = () => {
  const translate = useTranslate();
  const lang = useLang();
  const { data, isPending } = useCustomerSideList('history', (dp, id) => dp.history(id).then((r) => [...r.data].reverse()));
  return (
    <Panel title="pv.customer.history">
      {!isPending && data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('pv.customer.no_history')}
        </Typography>
      )}
      <Stack divider={<Divider flexItem />} spacing={1} data-testid="change-history">
        {data.map((entry) => (
          <Box key={entry.id}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {translate(`pv.customer.history_action.${entry.action}`, { _: entry.action })}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {translate('pv.customer.by', { name: entry.full_name || entry.username || '', time: formatDateTime(entry.created_at, lang) })}
            </Typography>
            <Changes entry={entry} />
          </Box>
        ))}
      </Stack>
    </Panel>
  );
};

const CustomerShow = () => (
  <Show actions={<ShowActions />} sx={{ '& .RaShow-card': { background: 'transparent', boxShadow: 'none' } }}>
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, gap: 2, pt: 1 }}>
      <Box>
        <Details />
      </Box>
      <Box>
        <FollowUps />
        <History />
      </Box>
    </Box>
  </Show>
);
export default CustomerShow;
