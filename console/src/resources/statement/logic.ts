import { STATEMENT_MACHINE, type StatementLine, canTransition } from '@pv/contract';

/** react-admin resource of 对账单 (its route path) and its API. */
export const STATEMENT_RESOURCE = 'finance/statement';
export const STATEMENT_API = 'statement';

export const statementDetailPath = (id: number | string) => `/finance/statementDetail?id=${id}`;

/** The statement's buttons, in the order the detail page shows them. */
export type StatementButton = 'refresh' | 'send' | 'import' | 'confirm';
export const STATEMENT_BUTTONS: StatementButton[] = ['refresh', 'send', 'import', 'confirm'];

/** The buttons a statement's state allows for a user holding `may` (the server checks both again). */
export const allowedStatementButtons = (status: string, may: (code: string) => boolean): StatementButton[] =>
  STATEMENT_BUTTONS.filter((b) => canTransition(STATEMENT_MACHINE, status, b) && may(`statement:${b}`));

/** A line may be explained while the statement is imported and the line has a difference. */
export const lineExplainable = (status: string, line: Pick<StatementLine, 'has_difference'>) => status === 'imported' && line.has_difference;

/** The comparison's three groups, in the order the page shows them. */
export const GROUP_ORDER = ['matched', 'ours_only', 'theirs_only'] as const;
export function groupLines<L extends Pick<StatementLine, 'group'>>(lines: L[]): Array<{ group: (typeof GROUP_ORDER)[number]; lines: L[] }> {
  return GROUP_ORDER.map((group) => ({ group, lines: lines.filter((l) => l.group === group) }));
}
