import { useMemo } from 'react';
import {
  BooleanField,
  DeleteButton,
  EditButton,
  Labeled,
  NumberField,
  Show,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import { BusinessMode, CustomerSource, CustomerStage, CustomerStatus, FollowUpWay, RoofType, type Customer } from '@pv/contract';
import { HistoryPanel, TimelinePanel, useRecordSideList } from '../common/History.tsx';
import { FieldGrid as Grid, Panel } from '../common/layout.tsx';
import { EnumField, MaskedField, RegionField, StatusChip } from './common.tsx';
import { LocalDateField, formatDateTime, useLang } from '../common/format.tsx';
import { ConvertButton, FollowUpButton, LoseButton, SurveyButton } from './actions.tsx';

export const ShowActions = ({ stay = false }: { stay?: boolean }) => (
  <TopToolbar sx={{ flexWrap: 'wrap', gap: 0.5 }}>
    <FollowUpButton />
    <SurveyButton />
    <ConvertButton stay={stay} />
    <LoseButton />
    <EditButton />
    <DeleteButton mutationMode="pessimistic" />
  </TopToolbar>
);

const f = (name: string) => `resources.customer/intentionalCustomer.fields.${name}`;

export const Details = () => {
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

const FollowUps = () => {
  const translate = useTranslate();
  const lang = useLang();
  const { data, isPending } = useRecordSideList('customer', 'followUps', (dp, id) => dp.followUps(id).then((r) => r.data));
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

/** Timeline actions of a customer: the history's action names (follow_up, survey, convert, lose). */
const useCustomerActionLabels = () => {
  const translate = useTranslate();
  return useMemo(() => ({ label: (a: string | null | undefined) => translate(`pv.customer.history_action.${a}`, { _: a ?? '' }) }), [translate]);
};

export const Side = () => {
  const translate = useTranslate();
  const actions = useCustomerActionLabels();
  return (
    <>
      <FollowUps />
      <TimelinePanel api="customer" states={CustomerStatus} actions={actions} />
      <HistoryPanel
        api="customer"
        fieldLabel={f}
        hidden={['agent_name', 'owner_name']}
        actionLabel={(a) => translate(`pv.customer.history_action.${a}`, { _: a })}
      />
    </>
  );
};

const CustomerShow = () => (
  <Show actions={<ShowActions />} sx={{ '& .RaShow-card': { background: 'transparent', boxShadow: 'none' } }}>
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, gap: 2, pt: 1 }}>
      <Box>
        <Details />
      </Box>
      <Box>
        <Side />
      </Box>
    </Box>
  </Show>
);
export default CustomerShow;
