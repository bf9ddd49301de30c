import { useMemo, useState } from 'react';
import { AutocompleteInput, useDataProvider, useRecordContext, useResourceContext, useTranslate, type AutocompleteInputProps } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Chip, Stack, Tooltip } from '@mui/material';
import { DispatchType, WorkOrderStatus, type WorkOrder, type WorkOrderKindValue } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { useLang } from '../common/format.tsx';
import { WORK_ORDER_API, kindOfResource } from './logic.ts';

/** Labels of the work-order fields (both dispatch lists share them). */
export const fieldLabel = (name: string) => `pv.workOrder.fields.${name}`;

/** The kind of the list or page being shown (施工 / 并网), from its RA resource. */
export const useKind = (): WorkOrderKindValue => kindOfResource(useResourceContext());

export function useWorkOrderChoices() {
  const lang = useLang();
  const translate = useTranslate();
  return useMemo(
    () => ({
      status: WorkOrderStatus.choices(lang),
      dispatchType: DispatchType.choices(lang),
      overdue: [
        { id: 'true', name: translate('pv.workOrder.overdue_yes') },
        { id: 'false', name: translate('pv.workOrder.overdue_no') },
      ],
    }),
    [lang, translate],
  );
}

export const STATUS_COLORS: Record<string, 'default' | 'primary' | 'secondary' | 'info' | 'warning' | 'success' | 'error'> = {
  pending_dispatch: 'warning',
  dispatched: 'info',
  accepted: 'info',
  in_progress: 'primary',
  audit_pending: 'secondary',
  rejected: 'error',
  rectifying: 'warning',
  completed: 'success',
  cancelled: 'default',
};

/** 状态: the order's status, with 超期 when past its deadline and 冻结 when its station is frozen. */
export const WorkOrderStatusChip = (_props: { label?: string; sortBy?: string; sortable?: boolean }) => {
  const record = useRecordContext<WorkOrder>();
  const lang = useLang();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} alignItems="center">
      <Chip
        size="small"
        variant={record.status === 'cancelled' ? 'outlined' : 'filled'}
        color={STATUS_COLORS[record.status] ?? 'default'}
        label={WorkOrderStatus.label(record.status, lang)}
        data-testid="work-order-status"
      />
      {record.overdue && (
        <Tooltip title={translate('pv.workOrder.overdue_hint', { deadline: record.deadline ?? '' })}>
          <Chip size="small" color="error" variant="outlined" label={translate('pv.workOrder.overdue')} data-testid="work-order-overdue" />
        </Tooltip>
      )}
      {record.station_frozen && (
        <Tooltip title={translate('pv.workOrder.frozen_hint')}>
          <Chip size="small" variant="outlined" label={translate('pv.workOrder.frozen')} data-testid="work-order-frozen" />
        </Tooltip>
      )}
    </Stack>
  );
};

export interface Team {
  id: number;
  username: string;
  full_name: string;
  name: string;
  open_orders: number;
}

/** Users who can take orders of a kind (GET work_order/teams?kind=&q=), cached per query. */
function useTeams(api: string, kind: WorkOrderKindValue | undefined, q = '') {
  const dataProvider = useDataProvider<PvDataProvider>();
  return useQuery({
    queryKey: [api, 'teams', kind ?? '', q],
    queryFn: () => dataProvider.read<{ list: Team[] }>(api, 'teams', { kind, q: q || undefined }).then((r) => r.data.list),
    staleTime: 30_000,
  });
}

/**
 * 施工队/并网专员: a user who takes orders, picked by name (GET <api>/teams: work_order by default, inspection for
 * inspections), stored as team_id.
 * With `load`, each choice tells how many open orders the team already has.
 */
export const TeamInput = ({
  kind,
  source = 'team_id',
  label = fieldLabel('team_id'),
  showLoad = false,
  api = WORK_ORDER_API,
  ...props
}: Partial<AutocompleteInputProps> & { kind?: WorkOrderKindValue; source?: string; alwaysOn?: boolean; showLoad?: boolean; api?: string }) => {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const { data } = useTeams(api, kind, q);
  const choices = useMemo(
    () =>
      (data ?? []).map((t) => {
        const name = t.name === t.username ? t.name : `${t.name} (${t.username})`;
        return { id: t.id, name: showLoad ? `${name} · ${translate('pv.workOrder.open_orders', { count: t.open_orders ?? 0 })}` : name };
      }),
    [data, showLoad, translate],
  );
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
