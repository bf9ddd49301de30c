import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { Chip, Tooltip } from '@mui/material';
import { RevenueActualSource } from '@pv/contract';
import { useLang } from '../common/format.tsx';
import { REVENUE_RESOURCE, TARIFF_RESOURCE, ratioText } from './logic.ts';

export const revenueField = (name: string) => `resources.${REVENUE_RESOURCE}.fields.${name}`;
export const tariffField = (name: string) => `resources.${TARIFF_RESOURCE}.fields.${name}`;

export function useRevenueChoices() {
  const lang = useLang();
  const translate = useTranslate();
  return useMemo(
    () => ({
      source: RevenueActualSource.choices(lang),
      yesNo: [
        { id: 'true', name: translate('ra.boolean.true') },
        { id: 'false', name: translate('ra.boolean.false') },
      ],
    }),
    [lang, translate],
  );
}

/** actual ÷ estimate as a percentage; red with 偏低 when the row is flagged. */
export const RatioChip = ({ ratio, under }: { ratio: string | null; under: boolean }) => {
  const translate = useTranslate();
  if (ratio == null) return <span>-</span>;
  return (
    <Tooltip title={translate('pv.revenue.ratio_hint')}>
      <Chip size="small" variant={under ? 'filled' : 'outlined'} color={under ? 'error' : 'success'} label={`${ratioText(ratio)}${under ? ` · ${translate('pv.revenue.under')}` : ''}`} data-testid="revenue-ratio" />
    </Tooltip>
  );
};

/** 估算 label beside an estimated figure (as on the statistics pages: never metered data). */
export const EstimateTag = () => {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" label={translate('pv.revenue.estimate_tag')} sx={{ ml: 0.5, height: 18, fontSize: 11 }} />;
};
