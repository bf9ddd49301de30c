import { useMemo } from 'react';
import { Chip } from '@mui/material';
import { CertificateState, PartnerAccountType, PartnerKind, PartnerStatus } from '@pv/contract';
import { useLang } from '../common/format.tsx';
import { PARTNER_RESOURCE } from './logic.ts';

export const partnerField = (name: string) => `resources.${PARTNER_RESOURCE}.fields.${name}`;

export function usePartnerChoices() {
  const lang = useLang();
  return useMemo(
    () => ({
      kind: PartnerKind.choices(lang),
      status: PartnerStatus.choices(lang),
      accountType: PartnerAccountType.choices(lang),
      yesNo: [
        { id: 'true', name: lang === 'zh' ? '是' : 'Yes' },
        { id: 'false', name: lang === 'zh' ? '否' : 'No' },
      ],
    }),
    [lang],
  );
}

export const PartnerStatusChip = ({ status }: { status: string }) => {
  const lang = useLang();
  return <Chip size="small" variant="outlined" color={status === 'enabled' ? 'success' : 'default'} label={PartnerStatus.label(status, lang)} data-testid="partner-status" />;
};

const CERT_COLOR = { valid: 'success', expiring: 'warning', expired: 'error' } as const;
export const CertStateChip = ({ state }: { state: string }) => {
  const lang = useLang();
  return <Chip size="small" variant="outlined" color={CERT_COLOR[state as keyof typeof CERT_COLOR] ?? 'default'} label={CertificateState.label(state, lang)} data-testid="cert-state" />;
};
