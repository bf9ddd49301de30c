import { useMemo, useState } from 'react';
import { AutocompleteInput, useDataProvider, useRecordContext, type AutocompleteInputProps } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Chip } from '@mui/material';
import { MatterChannel, MatterStatus, MatterType, type Matter } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { useLang } from '../common/format.tsx';

/** The list's RA resource (route path) and its API resource. */
export const MATTER_RESOURCE = 'stationManagement/gebMatter';
export const MATTER_API = 'matter';
export const matterDetailPath = (id: number | string) => `/stationManagement/matterDetails?id=${id}`;
export const fieldLabel = (name: string) => `resources.${MATTER_RESOURCE}.fields.${name}`;

export function useMatterChoices() {
  const lang = useLang();
  return useMemo(
    () => ({
      type: MatterType.choices(lang),
      status: MatterStatus.choices(lang),
      channel: MatterChannel.choices(lang),
      // what staff enter by hand: calls and walk-ins (the app and WeChat create their own)
      staffChannel: MatterChannel.choices(lang).filter((c) => c.id === 'phone' || c.id === 'staff' || c.id === 'wechat'),
    }),
    [lang],
  );
}

export const STATUS_COLORS: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  pending: 'warning',
  processing: 'info',
  closed: 'success',
  rejected: 'error',
};

export const MatterStatusChip = ({ status }: { status?: string; label?: string; sortBy?: string; sortable?: boolean }) => {
  const record = useRecordContext<Matter>();
  const lang = useLang();
  const value = status ?? record?.status;
  if (!value) return null;
  return <Chip size="small" color={STATUS_COLORS[value] ?? 'default'} label={MatterStatus.label(value, lang)} sx={{ width: 'fit-content' }} data-testid="matter-status" />;
};

export interface Handler {
  id: number;
  username: string;
  full_name: string;
  name: string;
}

/** The handlers (GET matter/handlers?q=), cached per query. */
function useHandlers(q = '') {
  const dataProvider = useDataProvider<PvDataProvider>();
  return useQuery({
    queryKey: [MATTER_API, 'handlers', q],
    queryFn: () => dataProvider.read<{ list: Handler[] }>(MATTER_API, 'handlers', q ? { q } : {}).then((r) => r.data.list),
  });
}

/** 处理人: enabled users who can work matters (GET matter/handlers?q=), picked by name. */
export const HandlerInput = ({ source = 'handler_id', label = fieldLabel('handler_id'), ...props }: Partial<AutocompleteInputProps> & { source?: string; alwaysOn?: boolean }) => {
  const [q, setQ] = useState('');
  const { data } = useHandlers(q);
  const choices = useMemo(() => (data ?? []).map((h) => ({ id: h.id, name: h.name === h.username ? h.name : `${h.name} (${h.username})` })), [data]);
  const { alwaysOn: _alwaysOn, ...rest } = props;
  return (
    <AutocompleteInput
      source={source}
      label={label}
      choices={choices}
      onInputChange={(_e, value, reason) => reason === 'input' && setQ(value)}
      sx={{ minWidth: 220 }}
      {...rest}
    />
  );
};

