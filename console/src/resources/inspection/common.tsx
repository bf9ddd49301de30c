import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import { ChecklistItemKind, InspectionStatus, OperationPlanKind, OperationPlanStatus } from '@pv/contract';
import { useLang } from '../common/format.tsx';
import { INSPECTION_RESOURCE, PLAN_RESOURCE } from './logic.ts';

export const planField = (name: string) => `resources.${PLAN_RESOURCE}.fields.${name}`;
export const inspectionField = (name: string) => `resources.${INSPECTION_RESOURCE}.fields.${name}`;

export function useInspectionChoices() {
  const lang = useLang();
  const translate = useTranslate();
  return useMemo(
    () => ({
      kind: OperationPlanKind.choices(lang),
      planStatus: OperationPlanStatus.choices(lang),
      status: InspectionStatus.choices(lang),
      itemKind: ChecklistItemKind.choices(lang),
      yesNo: [
        { id: 'true', name: translate('ra.boolean.true') },
        { id: 'false', name: translate('ra.boolean.false') },
      ],
    }),
    [lang, translate],
  );
}

const PLAN_COLOR = { draft: 'default', enabled: 'success', disabled: 'warning' } as const;
export const PlanStatusChip = ({ status }: { status: string }) => {
  const lang = useLang();
  return <Chip size="small" variant="outlined" color={PLAN_COLOR[status as keyof typeof PLAN_COLOR] ?? 'default'} label={OperationPlanStatus.label(status, lang)} />;
};

const INSPECTION_COLOR = { pending: 'default', in_progress: 'info', audit_pending: 'warning', completed: 'success', rejected: 'error', cancelled: 'default' } as const;
export const InspectionStatusChip = ({ status, overdue }: { status: string; overdue?: boolean }) => {
  const lang = useLang();
  const translate = useTranslate();
  return (
    <>
      <Chip size="small" variant="outlined" color={INSPECTION_COLOR[status as keyof typeof INSPECTION_COLOR] ?? 'default'} label={InspectionStatus.label(status, lang)} data-testid="inspection-status" />
      {overdue && <Chip size="small" color="error" label={translate(inspectionField('overdue'))} sx={{ ml: 0.5 }} />}
    </>
  );
};
