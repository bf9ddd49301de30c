import { useMemo } from 'react';
import { Chip } from '@mui/material';
import { AgentLevel, SettlementLineKind, SettlementLineStatus, SettlementParty, SettlementRuleKind, SettlementStatus } from '@pv/contract';
import { useLang } from '../common/format.tsx';
import { RULE_RESOURCE, SETTLEMENT_RESOURCE } from './logic.ts';

export const settlementField = (name: string) => `resources.${SETTLEMENT_RESOURCE}.fields.${name}`;
export const ruleField = (name: string) => `resources.${RULE_RESOURCE}.fields.${name}`;
export const lineField = (name: string) => `pv.settlement.line.${name}`;

export function useSettlementChoices() {
  const lang = useLang();
  return useMemo(
    () => ({
      status: SettlementStatus.choices(lang),
      party: SettlementParty.choices(lang),
      ruleKind: SettlementRuleKind.choices(lang),
      level: AgentLevel.choices(lang).map((c) => ({ id: Number(c.id), name: c.name })),
    }),
    [lang],
  );
}

const STATUS_COLOR = { draft: 'default', pending: 'warning', disputed: 'error', confirmed: 'info', paid: 'success' } as const;
const LINE_COLOR = { normal: 'default', disputed: 'error', accepted: 'success', rejected: 'warning' } as const;

export const SettlementStatusChip = ({ status }: { status: string }) => {
  const lang = useLang();
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[status as keyof typeof STATUS_COLOR] ?? 'default'} label={SettlementStatus.label(status, lang)} data-testid="settlement-status" />;
};

export const LineStatusChip = ({ status }: { status: string }) => {
  const lang = useLang();
  return <Chip size="small" variant="outlined" color={LINE_COLOR[status as keyof typeof LINE_COLOR] ?? 'default'} label={SettlementLineStatus.label(status, lang)} data-testid="line-status" />;
};

export const LineKindLabel = ({ kind }: { kind: string }) => {
  const lang = useLang();
  return <>{SettlementLineKind.label(kind, lang)}</>;
};
