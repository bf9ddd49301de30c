import { useMemo, useState } from 'react';
import {
  AutocompleteInput,
  FunctionField,
  ReferenceInput,
  useDataProvider,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { Chip } from '@mui/material';
import {
  BusinessMode,
  CustomerSource,
  CustomerStatus,
  FollowUpWay,
  RoofType,
  maskMiddle,
  type Customer,
  type Lang,
} from '@pv/contract';
import { useRegionLabel } from '../../forms/RegionInput.tsx';
import { useLang } from '../common/format.tsx';

export function useChoices() {
  const lang = useLang();
  return useMemo(
    () => ({
      status: CustomerStatus.choices(lang),
      source: CustomerSource.choices(lang),
      roofType: RoofType.choices(lang),
      businessMode: BusinessMode.choices(lang),
      followUpWay: FollowUpWay.choices(lang),
    }),
    [lang],
  );
}

export const STATUS_COLORS: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  new: 'info',
  following: 'warning',
  surveyed: 'default',
  signed: 'success',
  lost: 'error',
};

export const StatusChip = ({ label: _label }: { label?: string; sortBy?: string; sortable?: boolean }) => {
  const record = useRecordContext<Customer>();
  const lang = useLang();
  if (!record) return null;
  return (
    <Chip
      size="small"
      variant={record.status === 'surveyed' ? 'outlined' : 'filled'}
      color={STATUS_COLORS[record.status] ?? 'default'}
      label={CustomerStatus.label(record.status, lang)}
      sx={{ width: 'fit-content' }}
      data-testid="status-chip"
    />
  );
};

/** Province / city / district names of the record in the UI language. */
export const RegionField = (_props: { label?: string; sortable?: boolean }) => {
  const label = useRegionLabel();
  return <FunctionField<Customer> render={(r) => label(r)} />;
};

export const EnumField = ({ source, labelled }: { source: keyof Customer; labelled: { label: (v: string | null | undefined, lang: Lang) => string }; label?: string; sortable?: boolean }) => {
  const lang = useLang();
  return <FunctionField<Customer> render={(r) => (r[source] ? labelled.label(r[source] as string, lang) : '-')} />;
};

/** ID and bank cards: the API sends them masked already; mask again in case a raw value slips through. */
export const MaskedField = ({ source }: { source: 'id_card' | 'bank_card'; label?: string; sortable?: boolean }) => (
  <FunctionField<Customer> render={(r) => (r[source] ? maskMiddle(String(r[source])) : '-')} />
);

/** 代理商: an agent picked by name (the agent index's `q` search), stored as agent_id. */
export const AgentInput = ({ source = 'agent_id', label = 'resources.customer/intentionalCustomer.fields.agent_name', alwaysOn: _alwaysOn }: { source?: string; label?: string; alwaysOn?: boolean }) => (
  <ReferenceInput source={source} reference="agent" sort={{ field: 'name', order: 'ASC' }} perPage={20}>
    <AutocompleteInput label={label} optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 220 }} />
  </ReferenceInput>
);


/** #/customer/customerDetail?id=N: the customer detail page (dynamicNewTab: one tab per customer). */
export const customerDetailPath = (id: string | number) => `/customer/customerDetail?id=${id}`;

interface OwnerChoice {
  id: number;
  username: string;
  full_name: string;
}

/**
 * 跟进人: a staff user picked by name, user name or phone (GET customer/owners — operators need no
 * user:index for it), stored as owner_id. The record's current owner is always among the choices.
 */
export const OwnerInput = ({ source = 'owner_id', label = 'resources.customer/intentionalCustomer.fields.owner_name' }: { source?: string; label?: string }) => {
  const record = useRecordContext<Customer>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const current = record?.owner_id ?? undefined;
  const { data } = useQuery({
    queryKey: ['customer', 'owners', q, current],
    queryFn: () => dataProvider.read<{ list: OwnerChoice[] }>('customer', 'owners', { q: q || undefined, id: current }).then((r) => r.data.list),
    staleTime: 30_000,
  });
  const choices = useMemo(() => (data ?? []).map((u) => ({ id: u.id, name: u.full_name === u.username ? u.full_name : `${u.full_name}（${u.username}）` })), [data]);
  return (
    <AutocompleteInput
      source={source}
      label={label}
      choices={choices}
      onInputChange={(_e, value, reason) => reason === 'input' && setQ(value)}
      helperText={translate('pv.customerDetail.owner_hint')}
      sx={{ minWidth: 220 }}
      data-testid="owner-input"
    />
  );
};
