import { useMemo } from 'react';
import { Chip } from '@mui/material';
import { InvoiceDirection, InvoiceKind, InvoiceMatchState, InvoiceStatus, TaxRateLabel } from '@pv/contract';
import { useLang } from '../common/format.tsx';
import { INVOICE_RESOURCE } from './logic.ts';

export const invoiceField = (name: string) => `resources.${INVOICE_RESOURCE}.fields.${name}`;

export function useInvoiceChoices() {
  const lang = useLang();
  return useMemo(
    () => ({
      direction: InvoiceDirection.choices(lang),
      kind: InvoiceKind.choices(lang),
      status: InvoiceStatus.choices(lang),
      matchState: InvoiceMatchState.choices(lang),
      rate: TaxRateLabel.choices(lang),
    }),
    [lang],
  );
}

const STATUS_COLOR = { draft: 'default', registered: 'info', matched: 'success', credited: 'warning', voided: 'error' } as const;
const MATCH_COLOR = { none: 'default', partial: 'warning', full: 'success' } as const;

export const InvoiceStatusChip = ({ status }: { status: string }) => {
  const lang = useLang();
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[status as keyof typeof STATUS_COLOR] ?? 'default'} label={InvoiceStatus.label(status, lang)} data-testid="invoice-status" />;
};

export const MatchStateChip = ({ state }: { state: string }) => {
  const lang = useLang();
  return <Chip size="small" color={MATCH_COLOR[state as keyof typeof MATCH_COLOR] ?? 'default'} label={InvoiceMatchState.label(state, lang)} data-testid="invoice-match-state" />;
};
