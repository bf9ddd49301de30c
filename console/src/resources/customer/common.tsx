import { useMemo } from 'react';
import {
  AutocompleteInput,
  FunctionField,
  ReferenceInput,
  useRecordContext,
} from 'react-admin';
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

