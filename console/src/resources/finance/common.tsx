import { useMemo } from 'react';
import { Chip } from '@mui/material';
import { LeaseStatus, PauseSource, PayCycle, RentBillStatus, RentRule, SignMethod, formatYuan } from '@pv/contract';
import { useLang } from '../common/format.tsx';
import { BILL_RESOURCE, LEASE_RESOURCE } from './logic.ts';

export const leaseField = (name: string) => `resources.${LEASE_RESOURCE}.fields.${name}`;
export const billField = (name: string) => `resources.${BILL_RESOURCE}.fields.${name}`;

export function useFinanceChoices() {
  const lang = useLang();
  return useMemo(
    () => ({
      leaseStatus: LeaseStatus.choices(lang),
      billStatus: RentBillStatus.choices(lang),
      cycle: PayCycle.choices(lang),
      rule: RentRule.choices(lang),
      signMethod: SignMethod.choices(lang),
      pausedBy: PauseSource.choices(lang),
    }),
    [lang],
  );
}

const LEASE_COLOR = { draft: 'default', signed: 'info', active: 'success', expired: 'secondary', terminated: 'error' } as const;
const BILL_COLOR = { pending: 'warning', paid: 'success', failed: 'error', paused: 'secondary', cancelled: 'default' } as const;

export const LeaseStatusChip = ({ status }: { status: string }) => {
  const lang = useLang();
  return <Chip size="small" variant="outlined" color={LEASE_COLOR[status as keyof typeof LEASE_COLOR] ?? 'default'} label={LeaseStatus.label(status, lang)} data-testid="lease-status" />;
};

export const BillStatusChip = ({ status, pausedBy }: { status: string; pausedBy?: string | null }) => {
  const lang = useLang();
  const label = RentBillStatus.label(status, lang) + (status === 'paused' && pausedBy ? ` · ${PauseSource.label(pausedBy, lang)}` : '');
  return <Chip size="small" variant="outlined" color={BILL_COLOR[status as keyof typeof BILL_COLOR] ?? 'default'} label={label} data-testid="bill-status" />;
};

/** An amount as the server computed it (a decimal string), grouped by string: never parsed to a number. */
export const Yuan = ({ value, strong }: { value: string | null | undefined; strong?: boolean }) => (
  <span style={{ fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 600 : undefined, whiteSpace: 'nowrap' }}>{formatYuan(value)}</span>
);
