import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import { FaultCategory, MaintenancePriority, MaintenanceSource, MaintenanceStatus } from '@pv/contract';
import { useLang } from '../common/format.tsx';
import { MAINTENANCE_RESOURCE } from './logic.ts';

export const maintenanceField = (name: string) => `resources.${MAINTENANCE_RESOURCE}.fields.${name}`;

export function useMaintenanceChoices() {
  const lang = useLang();
  const translate = useTranslate();
  return useMemo(
    () => ({
      status: MaintenanceStatus.choices(lang),
      priority: MaintenancePriority.choices(lang),
      source: MaintenanceSource.choices(lang),
      category: FaultCategory.choices(lang),
      yesNo: [
        { id: 'true', name: translate('ra.boolean.true') },
        { id: 'false', name: translate('ra.boolean.false') },
      ],
    }),
    [lang, translate],
  );
}

const STATUS_COLOR = { pending_dispatch: 'warning', dispatched: 'info', accepted: 'info', in_progress: 'primary', review_pending: 'secondary', completed: 'success', cancelled: 'default' } as const;
const PRIORITY_COLOR = { urgent: 'error', high: 'warning', medium: 'info', low: 'default' } as const;

/** The order's state, with 响应超时 / 修复超时 chips when its SLA was breached. */
export const MaintenanceStatusChip = ({ status, responseBreached, repairBreached }: { status: string; responseBreached?: boolean; repairBreached?: boolean }) => {
  const lang = useLang();
  const translate = useTranslate();
  return (
    <>
      <Chip size="small" variant="outlined" color={STATUS_COLOR[status as keyof typeof STATUS_COLOR] ?? 'default'} label={MaintenanceStatus.label(status, lang)} data-testid="maintenance-status" />
      {responseBreached && <Chip size="small" color="error" label={translate(maintenanceField('response_breached'))} sx={{ ml: 0.5 }} />}
      {repairBreached && <Chip size="small" color="error" label={translate(maintenanceField('repair_breached'))} sx={{ ml: 0.5 }} />}
    </>
  );
};

export const PriorityChip = ({ priority }: { priority: string }) => {
  const lang = useLang();
  return <Chip size="small" color={PRIORITY_COLOR[priority as keyof typeof PRIORITY_COLOR] ?? 'default'} variant={priority === 'urgent' ? 'filled' : 'outlined'} label={MaintenancePriority.label(priority, lang)} />;
};
