import { useMemo } from 'react';
import { Chip } from '@mui/material';
import { PaymentBatchStatus, PaymentLineStatus } from '@pv/contract';
import { useLang } from '../common/format.tsx';
import { PAYMENT_RESOURCE } from './logic.ts';

export const batchField = (name: string) => `resources.${PAYMENT_RESOURCE}.fields.${name}`;
export const lineField = (name: string) => `pv.payment.line.${name}`;

export function usePaymentChoices() {
  const lang = useLang();
  return useMemo(() => ({ batchStatus: PaymentBatchStatus.choices(lang), lineStatus: PaymentLineStatus.choices(lang) }), [lang]);
}

const BATCH_COLOR = { draft: 'default', pending_approval: 'warning', approved: 'info', exported: 'primary', completed: 'success', cancelled: 'default' } as const;
const LINE_COLOR = { pending: 'warning', paid: 'success', failed: 'error', removed: 'default' } as const;

export const BatchStatusChip = ({ status }: { status: string }) => {
  const lang = useLang();
  return <Chip size="small" variant="outlined" color={BATCH_COLOR[status as keyof typeof BATCH_COLOR] ?? 'default'} label={PaymentBatchStatus.label(status, lang)} data-testid="batch-status" />;
};

export const LineStatusChip = ({ status }: { status: string }) => {
  const lang = useLang();
  return <Chip size="small" variant="outlined" color={LINE_COLOR[status as keyof typeof LINE_COLOR] ?? 'default'} label={PaymentLineStatus.label(status, lang)} data-testid="line-status" />;
};
