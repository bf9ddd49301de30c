import { useMemo } from 'react';
import { Chip } from '@mui/material';
import { ClaimCause, ClaimStatus, InsuranceKind, PolicyState, PremiumRule } from '@pv/contract';
import { useLang } from '../common/format.tsx';
import { CLAIM_RESOURCE, POLICY_RESOURCE } from './logic.ts';

export const policyField = (name: string) => `resources.${POLICY_RESOURCE}.fields.${name}`;
export const claimField = (name: string) => `resources.${CLAIM_RESOURCE}.fields.${name}`;

export function useInsuranceChoices() {
  const lang = useLang();
  return useMemo(
    () => ({
      kind: InsuranceKind.choices(lang),
      state: PolicyState.choices(lang),
      cause: ClaimCause.choices(lang),
      status: ClaimStatus.choices(lang),
      premiumRule: PremiumRule.choices(lang),
    }),
    [lang],
  );
}

const STATE_COLOR = { pending: 'info', active: 'success', expiring: 'warning', expired: 'error', renewed: 'default', surrendered: 'default' } as const;
const CLAIM_COLOR = { reported: 'info', submitted: 'warning', assessed: 'primary', paid: 'success', rejected: 'error' } as const;

export const PolicyStateChip = ({ state }: { state: string }) => {
  const lang = useLang();
  return <Chip size="small" variant="outlined" color={STATE_COLOR[state as keyof typeof STATE_COLOR] ?? 'default'} label={PolicyState.label(state, lang)} data-testid="policy-state" />;
};

export const ClaimStatusChip = ({ status }: { status: string }) => {
  const lang = useLang();
  return <Chip size="small" variant="outlined" color={CLAIM_COLOR[status as keyof typeof CLAIM_COLOR] ?? 'default'} label={ClaimStatus.label(status, lang)} data-testid="claim-status" />;
};
