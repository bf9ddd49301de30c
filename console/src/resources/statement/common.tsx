import { useMemo } from 'react';
import { Chip } from '@mui/material';
import { StatementAgreed, StatementGroup, StatementKind, StatementStatus } from '@pv/contract';
import { useLang } from '../common/format.tsx';
import { STATEMENT_RESOURCE } from './logic.ts';

export const statementField = (name: string) => `resources.${STATEMENT_RESOURCE}.fields.${name}`;
export const lineField = (name: string) => `pv.statement.line.${name}`;

export function useStatementChoices() {
  const lang = useLang();
  return useMemo(
    () => ({
      status: StatementStatus.choices(lang),
      kind: StatementKind.choices(lang),
      group: StatementGroup.choices(lang),
      agreed: StatementAgreed.choices(lang),
    }),
    [lang],
  );
}

const STATUS_COLOR = { draft: 'default', sent: 'warning', imported: 'info', confirmed: 'success' } as const;

export const StatementStatusChip = ({ status }: { status: string }) => {
  const lang = useLang();
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[status as keyof typeof STATUS_COLOR] ?? 'default'} label={StatementStatus.label(status, lang)} data-testid="statement-status" />;
};
