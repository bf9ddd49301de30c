import { useMemo } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import { SelfAuditResult, type SelfAudit } from '@pv/contract';
import { useLang } from '../common/format.tsx';

/** Labels of the self-audit fields (both self-audit lists and the detail page share them). */
export const fieldLabel = (name: string) => `pv.selfAudit.fields.${name}`;

export const RESULT_COLORS: Record<string, 'default' | 'warning' | 'success' | 'error'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
};

export function useSelfAuditChoices() {
  const lang = useLang();
  return useMemo(() => ({ result: SelfAuditResult.choices(lang) }), [lang]);
}

/** 审核结果: 待审核 / 通过 / 驳回. */
export const ResultChip = ({ result }: { result?: string; label?: string; sortBy?: string; sortable?: boolean }) => {
  const record = useRecordContext<SelfAudit>();
  const lang = useLang();
  const value = result ?? record?.result;
  if (!value) return null;
  return <Chip size="small" color={RESULT_COLORS[value] ?? 'default'} label={SelfAuditResult.label(value, lang)} sx={{ width: 'fit-content' }} data-testid="self-audit-result" />;
};

/** 第N次: which submission of its order an audit is. */
export const AttemptText = ({ attempt }: { attempt: number }) => {
  const translate = useTranslate();
  return <>{translate('pv.workOrder.attempt', { n: attempt })}</>;
};

/** A check item's review result: 合格 / 不合格 (nothing before the review). */
export const ItemResultChip = ({ result }: { result?: 'pass' | 'fail' | null }) => {
  const translate = useTranslate();
  if (!result) return null;
  return <Chip size="small" variant="outlined" color={result === 'pass' ? 'success' : 'error'} label={translate(`pv.selfAudit.item_result.${result}`)} sx={{ width: 'fit-content' }} data-testid="audit-item-result" />;
};
